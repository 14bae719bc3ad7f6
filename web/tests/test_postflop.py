"""The postflop view in a real browser: the page's JSON is `postflop --format json`'s for the
same spot and iterations (by running the command the page shows), errors at their field, the
memory estimate, Cancel, browsing lines and a chance card, node locks, a report over many
flops read from the job's CSV and drawn as its SVG, and screenshots at 1400 × 900 of the form,
a solve in progress, a browsed node and the report (in target/web-tests/)."""

import csv
import json
import re
import shlex
import subprocess
from contextlib import contextmanager

from selenium.webdriver.common.by import By

from conftest import OUT, ROOT, TARGET, wait_until
from test_page import element, place_of, text_of, type_into

RIVER = {
    "board": "Qs Jh 2h 8d 3c",
    "oop": "AA, QQ, AQs, 54s, 76s",
    "ip": "KK, AJs, KQs, JTs",
    "pot": "100",
    "stack": "150",
    "bets": "75%",
    "raises": "",
    "donks": "",
    "add-allin-threshold": "0",
}
TURN = {
    "board": "Td9d6hQc",
    "oop": "QQ+, AK, JTs:0.5",
    "ip": "JJ-99, AQs, KQs",
    "pot": "60",
    "stack": "90",
    "bets": "50%, a",
    "raises": "a",
    "donks": "",
    "add-allin-threshold": "",
}
# A flop whose solve runs for minutes unless cancelled: no exploitability is low enough.
LONG_FLOP = {
    "board": "Qs Jh 2h",
    "oop": "QQ+, AK, JTs",
    "ip": "JJ-99, AQs, KQs",
    "pot": "60",
    "stack": "200",
    "bets": "50%",
    "raises": "",
    "donks": "",
    "add-allin-threshold": "",
}
# Where the screenshots are left for a person to look at.
SHOTS = str(OUT / "postflop-{}.png")


def open_view(browser, site):
    browser.get(site + "?view=postflop")
    wait_until(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))


def fill(browser, spot, exploitability="0.3", iterations="1000", locks="", more=""):
    for field, value in spot.items():
        type_into(browser, f"po-{field}", value)
    type_into(browser, "po-exploitability", exploitability)
    type_into(browser, "po-iterations", iterations)
    browser.execute_script("document.getElementById('po-locks').value = arguments[0]", locks)
    browser.execute_script(
        "const more = document.getElementById('po-more'); more.value = arguments[0];"
        "more.dispatchEvent(new Event('input'));",
        more,
    )


def status(browser):
    return element(browser, "po-status").text


def solve(browser, seconds=120):
    """Clicks Solve and waits for the answer or an error; returns the status."""
    element(browser, "po-solve").click()
    wait_until(lambda: element(browser, "po-solve").is_enabled(), seconds)
    if status(browser).startswith("solved"):
        # Then the root is shown.
        wait_until(lambda: node(browser) is not None)
    return status(browser)


def node(browser):
    """The node the page shows, as the engine gave it."""
    return browser.execute_script("return window.equityPage.postflop.node")


def run_postflop(*args, lock_text=None):
    """The release command line's output, error and status."""
    args = list(args)
    if lock_text is not None:
        path = OUT / "locks.txt"
        path.write_text(lock_text)
        args = [str(path) if arg == "locks.txt" else arg for arg in args]
    done = subprocess.run(
        [str(TARGET / "release" / "postflop"), *args], capture_output=True, text=True
    )
    return done.stdout, done.stderr, done.returncode


def shown_command_output(browser, lock_text=None):
    """What the command the page shows prints."""
    words = shlex.split(text_of(browser, "po-command"))
    assert words[0] == "postflop"
    stdout, stderr, code = run_postflop(*words[1:], lock_text=lock_text)
    assert code == 0, stderr
    return stdout


def same_figures(page, cli):
    """Whether the page's JSON is the command line's, byte for byte (`memory_bytes` too: the
    estimate counts a node as a 64-bit build takes it, in the page's WebAssembly as well)."""
    return page == cli


def at_screen_size(browser):
    """A 1400 × 900 viewport, whatever the window's frame takes."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False},
    )


def back_to_test_size(browser):
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@contextmanager
def screen_size(browser):
    """The 1400 × 900 viewport for the block, the test's own size again after it."""
    at_screen_size(browser)
    try:
        yield
    finally:
        back_to_test_size(browser)


def in_view(browser, id_):
    """Whether the element's box lies inside the window, without scrolling."""
    return browser.execute_script(
        "const box = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;",
        id_,
    )


def test_the_json_is_the_command_lines(browser, site):
    open_view(browser, site)
    for spot, iterations in [(RIVER, "50"), (TURN, "30")]:
        fill(browser, spot, exploitability="0", iterations=iterations)
        assert solve(browser).startswith("solved")
        page = text_of(browser, "po-json")
        command = text_of(browser, "po-command")
        assert f"--iterations {iterations} " in command
        assert command.endswith("--threads 1 --format json")
        assert same_figures(page, shown_command_output(browser))
        # The same as the command line given the spot's options by hand.
        args = [item for field, value in spot.items() if value for item in (f"--{field}", value)]
        stdout, _, _ = run_postflop(
            *args, "--exploitability", "0", "--iterations", iterations, "--threads", "1",
            "--format", "json",
        )
        assert same_figures(page, stdout)
        result = json.loads(page)
        # The estimate shown before solving is the game's size in the JSON.
        size = result["memory_bytes"]
        shown = f"{size / 1e3:.1f} kB" if size < 1e6 else f"{size / 1e6:.1f} MB"
        assert element(browser, "po-estimate").text == f"The game takes about {shown} of memory."
        assert result["iterations"] == int(iterations)
        summary = element(browser, "po-summary").text
        assert summary.startswith(f"Exploitability {result['exploitability']:.3f}% of the pot")
    # Narrower fields, as lines of "More fields", are options of the command line too.
    more = "river-bets-ip = 33%, a\n# a comment\nforce-allin-threshold = 30\n"
    fill(browser, TURN, exploitability="0", iterations="20", more=more)
    assert solve(browser).startswith("solved")
    command = text_of(browser, "po-command")
    assert " --river-bets-ip '33%, a' --force-allin-threshold 30 " in command
    assert same_figures(text_of(browser, "po-json"), shown_command_output(browser))
    assert element(browser, "po-more-count").text == "(2)"


def test_the_estimate_and_errors_at_their_field(browser, site):
    open_view(browser, site)
    fill(browser, RIVER)
    estimate = element(browser, "po-estimate").text
    assert re.fullmatch(r"The game takes about \d+\.\d (kB|MB) of memory\.", estimate)
    type_into(browser, "po-board", "Qs Jh 2h 8d Xc")
    assert element(browser, "po-board-error").text == "'Xc' is not a card"
    assert element(browser, "po-board").get_attribute("aria-invalid") == "true"
    assert element(browser, "po-estimate").text == ""
    _, stderr, code = run_postflop(
        "--board", "Qs Jh 2h 8d Xc", "--oop", "AA", "--ip", "KK", "--pot", "1", "--stack", "1"
    )
    assert (code, stderr) == (1, "error: --board: 'Xc' is not a card\n")
    type_into(browser, "po-board", RIVER["board"])
    assert element(browser, "po-board-error").text == ""
    type_into(browser, "po-bets", "75%%")
    assert element(browser, "po-bets-error").text != ""
    type_into(browser, "po-bets", "75%")
    type_into(browser, "po-oop", "QsQh")
    assert element(browser, "po-oop-error").text == "no combo of the range is left by the board"
    type_into(browser, "po-oop", RIVER["oop"])
    # A bad line of "More fields" is shown there.
    fill(browser, RIVER, more="river-bets-ip = 50%%")
    assert element(browser, "po-more-error").text.startswith("--river-bets-ip: ")
    fill(browser, RIVER, more="turn-bets 50%")
    assert element(browser, "po-more-error").text == "expected 'name = value', found 'turn-bets 50%'"
    fill(browser, RIVER, more="turn-sizes = 50%")
    assert element(browser, "po-more-error").text == "unknown field 'turn-sizes'"
    fill(browser, RIVER)
    assert element(browser, "po-more-error").text == ""
    # A bad lock is refused at the locks' field when solving, in the command line's words, and
    # the solution before is let go.
    fill(browser, RIVER, iterations="10")
    assert solve(browser).startswith("solved")
    fill(browser, RIVER, locks="Bet 75 | KK | Jump: 1\n")
    solve(browser)
    error = element(browser, "po-locks-error").text
    assert error != ""
    assert element(browser, "po-results").get_attribute("hidden")
    _, stderr, _ = run_postflop(
        *[item for field, value in RIVER.items() if value for item in (f"--{field}", value)],
        "--lock", "locks.txt", lock_text="Bet 75 | KK | Jump: 1\n",
    )
    assert stderr == f"error: --lock: {error}\n"


def test_cancel_stops_a_long_solve(browser, site):
    open_view(browser, site)
    with screen_size(browser):
        fill(browser, LONG_FLOP, exploitability="0", iterations="1000000")
        browser.save_screenshot(SHOTS.format("form"))
        for id_ in ["po-solve", "po-estimate", "po-iterations"]:
            assert in_view(browser, id_), id_
        element(browser, "po-solve").click()
        wait_until(lambda: status(browser).startswith("iteration "), 120)
        wait_until(lambda: element(browser, "po-progress").get_attribute("value") != "0")
        browser.save_screenshot(SHOTS.format("solving"))
        assert in_view(browser, "po-status") and in_view(browser, "po-cancel")
        element(browser, "po-cancel").click()
        wait_until(lambda: status(browser) == "cancelled", 5)
        assert element(browser, "po-solve").is_enabled()
        assert not element(browser, "po-cancel").is_enabled()
        # The next solve runs in a fresh worker.
        fill(browser, RIVER, exploitability="0", iterations="20")
        assert solve(browser).startswith("solved")
        assert json.loads(text_of(browser, "po-json"))["iterations"] == 20


def click_action(browser, action):
    before = node(browser)
    browser.find_element(By.CSS_SELECTOR, f'.po-action[data-action="{action}"]').click()
    wait_until(lambda: node(browser) != before)


def test_browsing_a_line_and_a_chance_card(browser, site):
    open_view(browser, site)
    with screen_size(browser):
        fill(browser, TURN, exploitability="0", iterations="40")
        assert solve(browser).startswith("solved")
        root = node(browser)
        assert (root["kind"], root["player"]) == ("decision", "OOP")
        assert root["actions"][0] == "Check"
        click_action(browser, "Check")
        assert node(browser)["player"] == "IP"
        click_action(browser, "Check")
        chance = node(browser)
        assert chance["kind"] == "chance"
        assert "Td" not in chance["cards"] and "2c" in chance["cards"]
        assert not browser.find_element(By.CSS_SELECTOR, '#po-cards [data-card="Td"]').is_enabled()
        browser.find_element(By.CSS_SELECTOR, '#po-cards [data-card="2c"]').click()
        wait_until(lambda: node(browser)["kind"] == "decision")
        river = node(browser)
        assert river["line"] == "Check, Check, 2c"
        steps = [button.text for button in browser.find_elements(By.CSS_SELECTOR, "#po-line button")]
        assert steps == ["← Back", "Root", "Check", "Check", "2c"]
        # The node's figures are the command line's at --line.
        args = [item for field, value in TURN.items() if value for item in (f"--{field}", value)]
        stdout, stderr, _ = run_postflop(
            *args, "--exploitability", "0", "--iterations", "40", "--threads", "1",
            "--format", "json", "--line", "Check, Check, 2c",
        )
        assert stdout, stderr
        expected = json.loads(stdout)["node"]
        assert [item["action"] for item in expected] == river["actions"]
        for item, frequency in zip(expected, river["frequencies"]):
            assert abs(item["frequency"] - frequency) < 1e-8
        # A class clicked shows its combos, their strategy, EV and equity.
        place = place_of("AKo")
        browser.find_element(By.CSS_SELECTOR, f'#po-grid [data-place="{place}"]').click()
        rows = browser.find_elements(By.CSS_SELECTOR, "#po-combos tbody tr")
        combos = [index for index, cell in enumerate(river["class"]) if cell == place]
        assert len(rows) == len(combos) > 0
        first = rows[0].find_elements(By.TAG_NAME, "td")
        assert first[0].text == river["hands"][combos[0]]
        assert len(first) == 2 + len(river["actions"]) + 2
        # Every cell's colours are the action mix: the cell's title lists it.
        title = browser.find_element(By.CSS_SELECTOR, f'#po-grid [data-place="{place}"]').get_attribute("title")
        assert title.startswith("AKo: " + river["actions"][0])
        browser.save_screenshot(SHOTS.format("node"))
        for id_ in ["po-summary", "po-line", "po-grid", "po-combos"]:
            assert in_view(browser, id_), id_
        # Back, and back to the root by its button.
        element(browser, "po-back").click()
        wait_until(lambda: node(browser)["kind"] == "chance")
        element(browser, "po-step-0").click()
        wait_until(lambda: node(browser)["line"] == "")


def test_a_lock_set_in_the_page_is_the_command_lines(browser, site):
    open_view(browser, site)
    fill(browser, RIVER, exploitability="0", iterations="60")
    assert solve(browser).startswith("solved")
    unlocked = json.loads(text_of(browser, "po-json"))
    # IP calls a bet with every KK: locked at "Bet 75".
    click_action(browser, "Bet 75")
    browser.find_element(By.CSS_SELECTOR, f'#po-grid [data-place="{place_of("KK")}"]').click()
    for field in browser.find_elements(By.CSS_SELECTOR, ".po-lock input"):
        value = "1" if field.get_attribute("data-action") == "Call" else "0"
        field.clear()
        field.send_keys(value)
    element(browser, "po-lock-add").click()
    locks = element(browser, "po-locks").get_attribute("value")
    assert locks == "Bet 75 | KK | Fold: 0, Call: 1\n"
    element(browser, "po-solve-again").click()
    wait_until(lambda: element(browser, "po-solve").is_enabled() and node(browser) is not None, 60)
    page = text_of(browser, "po-json")
    locked = json.loads(page)
    assert locked["locked_nodes"] == 1
    assert same_figures(page, shown_command_output(browser, lock_text=locks))
    summary = element(browser, "po-summary").text
    assert "1 locked node" in summary
    assert f"without locks: EV OOP {unlocked['ev'][0]:.2f}" in summary
    # At the locked node, KK's combos show their EV with the lock and without.
    click_action(browser, "Bet 75")
    assert "(without locks " in element(browser, "po-node-title").text
    browser.find_element(By.CSS_SELECTOR, f'#po-grid [data-place="{place_of("KK")}"]').click()
    headings = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#po-combos th")]
    assert headings[-1] == "EV without locks"
    first = browser.find_elements(By.CSS_SELECTOR, "#po-combos tbody tr")[0]
    assert first.find_elements(By.TAG_NAME, "td")[2].text == "0.0%"  # Fold, locked away
    with screen_size(browser):
        element(browser, "po-locks-box").click()
        browser.save_screenshot(SHOTS.format("locked"))
        assert in_view(browser, "po-combos") and in_view(browser, "po-locks")


def test_a_range_painted_on_the_grid(browser, site):
    open_view(browser, site)
    fill(browser, RIVER, exploitability="0", iterations="20")
    assert solve(browser).startswith("solved")
    element(browser, "po-ip-edit").click()
    assert element(browser, "po-range-editor").is_displayed()
    assert not element(browser, "po-results").is_displayed()
    held = [
        cell.get_attribute("data-hand")
        for cell in browser.find_elements(By.CSS_SELECTOR, "#po-range-grid .cell.held")
    ]
    assert held == ["AJs", "KK", "KQs", "JTs"]
    with screen_size(browser):
        browser.save_screenshot(SHOTS.format("range"))
        assert in_view(browser, "po-range-grid") and in_view(browser, "po-range-done")
    estimate = element(browser, "po-estimate").text
    browser.find_element(By.CSS_SELECTOR, f'#po-range-grid [data-place="{place_of("99")}"]').click()
    value = element(browser, "po-ip").get_attribute("value")
    assert "99" in value and "KK" in value
    wait_until(lambda: element(browser, "po-estimate").text != estimate)
    # A full cell clicked is cleared.
    browser.find_element(By.CSS_SELECTOR, f'#po-range-grid [data-place="{place_of("99")}"]').click()
    assert "99" not in element(browser, "po-ip").get_attribute("value")
    element(browser, "po-range-done").click()
    assert not element(browser, "po-range-editor").is_displayed()
    assert element(browser, "po-results").is_displayed()


def test_a_game_too_big_for_a_tab_is_refused_with_its_size(browser, site):
    open_view(browser, site)
    big = dict(LONG_FLOP, oop="random", ip="random", stack="1000", bets="33%, 75%, a",
               raises="2.5x, a", pot="100")
    fill(browser, big)
    estimate = element(browser, "po-estimate")
    assert "more than the 1000 MB a browser tab is given here" in estimate.text
    assert "too-big" in estimate.get_attribute("class")
    megabytes = re.match(r"The game takes about ([\d.]+) (MB|GB)", estimate.text)[1]
    solve(browser)
    error = element(browser, "po-error").text
    assert error.startswith(f"the tree needs about {megabytes}"), error
    assert "more than the 1000 MB a browser tab is given here" in error
    assert element(browser, "po-results").get_attribute("hidden")


REPORT = ROOT / "docs" / "data" / "postflop-report" / "every-27th"
WHOLE_REPORT = REPORT.with_name("all-flops")


def report_rows(report=REPORT):
    """A committed report's header and rows, as the CSV has them."""
    with open(report.with_suffix(".csv"), newline="") as file:
        header, *rows = list(csv.reader(file))
    return header, rows


def svg_bars():
    """The job's own picture's bars, in its order: each flop's (action, percent) from the
    bottom up, as its rectangles' titles say."""
    bars = {}
    for flop, action, share in re.findall(r"<title>(\w{6}) (.+?) ([\d.]+)%</title>",
                                          REPORT.with_suffix(".svg").read_text()):
        bars.setdefault(flop, []).append((action, share))
    return bars


def open_report(browser, path):
    element(browser, "po-report-file").send_keys(str(path))


def page_errors(browser):
    """The page's uncaught exceptions and other errors since the last call."""
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def test_the_example_report_is_the_whole_committed_one(browser, site):
    """The site serves docs/data/postflop-report/all-flops.csv behind the example button."""
    open_view(browser, site)
    page_errors(browser)
    element(browser, "po-report-example").click()
    wait_until(lambda: element(browser, "po-report").is_displayed())
    _, rows = report_rows(WHOLE_REPORT)
    flops = browser.execute_script(
        "return [...document.querySelectorAll('#po-report-chart .po-bar')]"
        ".map((bar) => bar.dataset.flop)"
    )
    assert sorted(flops) == sorted(row[0] for row in rows)
    assert element(browser, "po-report-title").text.startswith(
        "all-flops.csv: 1,755 flops standing for 22,100 of the 22,100")
    assert page_errors(browser) == []


def test_a_report_is_drawn_as_the_jobs_picture(browser, site):
    open_view(browser, site)
    page_errors(browser)
    with screen_size(browser):
        open_report(browser, REPORT.with_suffix(".csv"))
        wait_until(lambda: element(browser, "po-report").is_displayed())
        header, rows = report_rows()
        actions = header[2:-6]
        bars = browser.execute_script(
            "return [...document.querySelectorAll('#po-report-chart .po-bar')].map((bar) => ["
            "bar.dataset.flop, [...bar.querySelectorAll('rect')].map((rect) =>"
            "[rect.dataset.action, rect.dataset.frequency])])"
        )
        # A bar per row, in the order of the job's SVG, each the row's frequencies from the
        # bottom up in the SVG's order of actions.
        assert len(bars) == len(rows) == 65
        picture = svg_bars()
        assert [flop for flop, _ in bars] == list(picture)
        by_flop = {row[0]: row for row in rows}
        for flop, rects in bars:
            row = by_flop[flop]
            expected = [[action, cell] for action, cell in zip(actions, row[2:-6]) if cell]
            assert rects == expected, flop
            assert [(action, f"{100 * float(share):.1f}") for action, share in rects] == picture[flop]
        # The tenth bar clicked shows its row; the last row is the weighted mix of all flops.
        flop = bars[9][0]
        browser.find_element(By.CSS_SELECTOR, f'#po-report-chart .po-bar[data-flop="{flop}"]').click()
        shown = [cell.text for cell in element(browser, "po-report-flop").find_elements(By.TAG_NAME, "td")]
        row = by_flop[flop]
        figures = [float(cell) for cell in row[-6:-1]]
        assert shown == [
            flop, row[1],
            *[f"{100 * float(cell):.1f}%" if cell else "–" for cell in row[2:-6]],
            f"{figures[0]:.2f}", f"{figures[1]:.2f}", f"{100 * figures[2]:.1f}%",
            f"{100 * figures[3]:.1f}%", f"{figures[4]:.3f}%", row[-1],
        ]
        total = sum(int(row[1]) for row in rows)
        mix = [sum(int(row[1]) * float(row[2 + index] or 0) for row in rows) / total
               for index in range(len(actions))]
        everything = [cell.text for cell in element(browser, "po-report-all").find_elements(By.TAG_NAME, "td")]
        assert everything[:2 + len(actions)] == ["all 65", str(total),
                                                 *[f"{100 * share:.1f}%" for share in mix]]
        key = element(browser, "po-report-key").text
        for action, share in zip(actions, mix):
            assert f"{action} {100 * share:.1f}%" in key
        browser.save_screenshot(SHOTS.format("report"))
        for id_ in ["po-report-chart", "po-report-row", "po-report-file"]:
            assert in_view(browser, id_), id_
        # Closed, the solution's place comes back; the report can be shown again.
        element(browser, "po-report-close").click()
        assert not element(browser, "po-report").is_displayed()
        element(browser, "po-report-show").click()
        assert element(browser, "po-report").is_displayed()
        assert page_errors(browser) == []


def test_a_malformed_report_is_refused_at_its_field(browser, site):
    open_view(browser, site)
    page_errors(browser)
    lines = REPORT.with_suffix(".csv").read_text().splitlines(keepends=True)
    cells = lines[3].split(",")
    bad = OUT / "bad-frequency.csv"
    bad.write_text("".join(lines[:3] + [",".join(cells[:3] + ["0.4x"] + cells[4:])] + lines[4:]))
    column = len(",".join(cells[:3])) + 2
    open_report(browser, bad)
    error = wait_until(lambda: element(browser, "po-report-file-error").text)
    assert error == (f"bad-frequency.csv: line 4, column {column}: expected a frequency from 0 to "
                     "1, or nothing where the action is not at the root, found '0.4x'")
    assert element(browser, "po-report-file").get_attribute("aria-invalid") == "true"
    assert not element(browser, "po-report").is_displayed()
    with screen_size(browser):
        browser.save_screenshot(SHOTS.format("report-error"))
        assert in_view(browser, "po-report-file-error")
    # A row a field short, and a header that is not the job's.
    short = OUT / "short-row.csv"
    short.write_text("".join(lines[:2] + [lines[2].rsplit(",", 1)[0] + "\n"] + lines[3:]))
    open_report(browser, short)
    end = len(lines[2].rsplit(",", 1)[0]) + 1
    wait_until(lambda: element(browser, "po-report-file-error").text.startswith("short-row.csv"))
    assert element(browser, "po-report-file-error").text == (
        f"short-row.csv: line 3, column {end}: expected 11 fields, found 10")
    header = OUT / "bad-header.csv"
    header.write_text("".join([lines[0].replace("ev_oop", "ev_opp")] + lines[1:]))
    open_report(browser, header)
    wait_until(lambda: element(browser, "po-report-file-error").text.startswith("bad-header.csv"))
    assert element(browser, "po-report-file-error").text == (
        f"bad-header.csv: line 1, column {lines[0].index('ev_oop') + 1}: expected 'ev_oop', "
        "found 'ev_opp'")
    # A flop not written highest card first, and weights adding up to more than every flop.
    flop = lines[2].split(",")[0]
    turned_flop = flop[4:] + flop[2:4] + flop[:2]
    turned = OUT / "turned-flop.csv"
    turned.write_text("".join(lines[:2] + [turned_flop + lines[2][6:]] + lines[3:]))
    open_report(browser, turned)
    wait_until(lambda: element(browser, "po-report-file-error").text.startswith("turned-flop.csv"))
    assert element(browser, "po-report-file-error").text == (
        "turned-flop.csv: line 3, column 1: expected a flop of three different cards, the "
        f"highest first (AsKh7d), found '{turned_flop}'")
    heavy = OUT / "heavy.csv"
    row = lines[3].split(",")
    heavy.write_text("".join(lines[:3] + [",".join([row[0], "22100"] + row[2:])] + lines[4:]))
    open_report(browser, heavy)
    wait_until(lambda: element(browser, "po-report-file-error").text.startswith("heavy.csv"))
    before = sum(int(line.split(",")[1]) for line in lines[1:3])
    assert element(browser, "po-report-file-error").text == (
        "heavy.csv: line 4, column 8: expected weights that add up to at most 22100, the flops "
        f"there are, found {before + 22100}")
    # The same file again, mended, is read again; a good one after them is drawn, and the
    # error goes.
    heavy.write_text("".join(lines))
    open_report(browser, heavy)
    wait_until(lambda: element(browser, "po-report").is_displayed())
    open_report(browser, REPORT.with_suffix(".csv"))
    wait_until(lambda: element(browser, "po-report").is_displayed())
    assert element(browser, "po-report-file-error").text == ""
    assert element(browser, "po-report-file").get_attribute("aria-invalid") is None
    assert page_errors(browser) == []


def spot_args(spot):
    return [item for field, value in spot.items() if value for item in (f"--{field}", value)]


def download(browser, button, name):
    """Clicks the button and waits for the file it downloads into OUT."""
    browser.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(OUT)}
    )
    path = OUT / name
    path.unlink(missing_ok=True)
    element(browser, button).click()
    wait_until(lambda: path.exists() and not (OUT / f"{name}.crdownload").exists())
    return path


def test_saved_solutions_go_between_the_page_and_the_command_line(browser, site):
    open_view(browser, site)
    page_errors(browser)
    # Saved by the command line, opened in the page: its JSON byte for byte, its spot in the
    # fields, browsed without solving.
    saved = OUT / "cli-turn.bin"
    saved.unlink(missing_ok=True)
    cli_json, stderr, code = run_postflop(
        *spot_args(TURN), "--exploitability", "0", "--iterations", "30", "--threads", "1",
        "--format", "json", "--save", str(saved),
    )
    assert code == 0, stderr
    assert not element(browser, "po-save").is_enabled()
    element(browser, "po-open").send_keys(str(saved))
    wait_until(lambda: status(browser) == "opened cli-turn.bin" and node(browser) is not None)
    assert text_of(browser, "po-json") == cli_json
    for field, value in TURN.items():
        assert element(browser, f"po-{field}").get_attribute("value") == value, field
    assert text_of(browser, "po-command") == "postflop --load FILE --iterations 0 --threads 1 --format json"
    click_action(browser, "Check")
    assert node(browser)["player"] == "IP"
    with screen_size(browser):
        browser.save_screenshot(SHOTS.format("opened"))
        assert in_view(browser, "po-summary") and in_view(browser, "po-grid")

    # Solved and saved in the page, loaded by the command line: the page's JSON again.
    fill(browser, RIVER, exploitability="0", iterations="40", locks="Bet 75 | KK | Call: 1\n")
    assert solve(browser).startswith("solved")
    page_json = text_of(browser, "po-json")
    path = download(browser, "po-save", "postflop-QsJh2h8d3c.bin")
    stdout, stderr, code = run_postflop(
        "--load", str(path), "--iterations", "0", "--threads", "1", "--format", "json"
    )
    assert code == 0, stderr
    assert stdout == page_json
    assert json.loads(stdout)["locked_nodes"] == 1

    # A file that is not a saved solution, or is cut short, is refused at the field, and the
    # solution before stays to browse.
    bad = OUT / "not-a-solution.bin"
    bad.write_bytes(b"POSTFLAP and more")
    element(browser, "po-open").send_keys(str(bad))
    wait_until(lambda: element(browser, "po-open-error").text)
    assert element(browser, "po-open-error").text == "not-a-solution.bin: not a saved postflop solution"
    assert element(browser, "po-open").get_attribute("aria-invalid") == "true"
    assert element(browser, "po-results").is_displayed()
    assert text_of(browser, "po-json") == page_json
    _, stderr, _ = run_postflop("--load", str(bad))
    assert stderr == "error: --load: not a saved postflop solution\n"
    short = OUT / "cut-short.bin"
    short.write_bytes(saved.read_bytes()[:-3])
    element(browser, "po-open").send_keys(str(short))
    wait_until(lambda: element(browser, "po-open-error").text.startswith("cut-short.bin: "))
    _, stderr, _ = run_postflop("--load", str(short))
    message = element(browser, "po-open-error").text.removeprefix("cut-short.bin: ")
    assert stderr == f"error: --load: {message}\n"
    assert text_of(browser, "po-json") == page_json
    assert page_errors(browser) == []
