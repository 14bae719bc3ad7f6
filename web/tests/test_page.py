"""The calculator page in a real browser: the same figures as the command line, the grid and
the text kept in step, errors at their field, Cancel, the URL, responsiveness during a count,
the chart; and, as a benchmark run on demand, the page's speed against the native engine."""

import json
import os
import statistics
import subprocess
import time
from urllib.parse import quote

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import OUT, ROOT, run_cli, run_push_fold, wait_until

RANKS = "AKQJT98765432"

# A precision, in points, that sampling never reaches: the page has no time limit, so such a
# count goes on until it is cancelled. (It shows no progress either: the page hears a share only
# once it has grown by a hundredth.)
ENDLESS = "0.000000001"


def place_of(hand):
    """A hand's cell in the grid (row * 13 + column), as the page and the engine count."""
    high, low = RANKS.index(hand[0]), RANKS.index(hand[1])
    if len(hand) == 2 or hand[2] == "s":
        return high * 13 + low
    return low * 13 + high


def open_page(browser, site, query="", wait_for_count=True):
    """Opens the page and waits for it to be ready, and for the count a valid matchup starts
    unless told not to."""
    browser.get(site + (f"?{query}" if query else ""))
    wait_until(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    if wait_for_count:
        wait_until(lambda: status(browser) != "counting…")


def element(browser, id_):
    return browser.find_element(By.ID, id_)


def status(browser):
    return element(browser, "status").text


def text_of(browser, id_):
    """An element's text, shown or not (the command line's output sits in a closed details)."""
    return element(browser, id_).get_attribute("textContent")


def type_into(browser, id_, text):
    field = element(browser, id_)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    if text:
        field.send_keys(text)


def count(browser, seconds=120):
    """Clicks Count and waits for the answer; returns the status."""
    element(browser, "count").click()
    wait_until(lambda: status(browser) != "counting…", seconds)
    return status(browser)


def set_players(browser, players):
    """Makes the page hold exactly these players' ranges."""
    while len(browser.find_elements(By.CSS_SELECTOR, ".player")) < len(players):
        element(browser, "add-player").click()
    while len(browser.find_elements(By.CSS_SELECTOR, ".player")) > len(players):
        browser.find_elements(By.CSS_SELECTOR, ".player .remove")[-1].click()
    for number, text in enumerate(players, start=1):
        type_into(browser, f"player-{number}", text)


def command_line_line(players, board, dead):
    line = " vs ".join(players)
    if board:
        line += f" | {board}"
    if dead:
        line += (" |" if not board else "") + f" | dead: {dead}"
    return line + "\n"


# (players, board, dead, method, precision): hand against hand, ranges with weights after the
# flop, three players on the turn, dead cards, and a sampled count (same seed, same figures).
MATCHUPS = [
    (["AsKs", "QdQc"], "", "", "auto", "0.05"),
    (["QQ+, AKs:0.5, A5s-A2s", "random"], "Ah 7c 2d", "", "auto", "0.05"),
    (["AK", "22-55", "T9s"], "Kd 8s 3c 2h", "", "auto", "0.05"),
    (["AhKh", "QQ, JJ:0.25"], "", "5s 7c Qd", "auto", "0.05"),
    (["random", "random", "random"], "", "", "sampled", "0.5"),
]


@pytest.mark.parametrize("players, board, dead, method, precision", MATCHUPS)
def test_the_page_gives_the_command_lines_figures(
    browser, site, players, board, dead, method, precision
):
    open_page(browser, site)
    set_players(browser, players)
    type_into(browser, "board", board)
    type_into(browser, "dead", dead)
    Select(element(browser, "method")).select_by_value(method)
    type_into(browser, "precision", precision)
    assert count(browser).startswith("counted in")
    flags = ["ranges", "--by-hand", "--threads", "1", "--precision", precision]
    flags += {"auto": [], "exact": ["--exact"], "sampled": ["--sample"]}[method]
    line = command_line_line(players, board, dead)
    json_out, _, code = run_cli(*flags, "--json", input_text=line)
    text_out, _, _ = run_cli(*flags, input_text=line)
    assert code == 0
    # The page's own rendering of the command line's output, to the byte.
    assert text_of(browser, "cli-json") == json_out
    assert text_of(browser, "cli-text") == text_out
    assert text_of(browser, "command-line").startswith(f"echo '{line.strip()}' | holdem-equity")
    # And the table's figures are the JSON's digits.
    expected = json.loads(json_out, parse_float=str)
    rows = browser.find_elements(By.CSS_SELECTOR, "#result-table tbody tr")
    assert len(rows) == len(players)
    for row, player in zip(rows, expected["players"]):
        cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        assert cells[1] == player["range"]
        assert cells[2] == str(player["combos"])
        assert cells[3] == player["equity"]
        assert cells[4] == player.get("standard_error", "")
        assert cells[5] == player["wins"]
        assert cells[6] == player["ties"]
    assert element(browser, "counted").text == text_out.splitlines()[0]


def test_painting_the_grid_writes_the_range_and_back(browser, site):
    open_page(browser, site)
    cell = lambda hand: browser.find_element(
        By.CSS_SELECTOR, f"#player-1-grid .cell[data-place='{place_of(hand)}']"
    )
    field = lambda: element(browser, "player-1").get_attribute("value")
    element(browser, "player-1-clear").click()
    assert field() == ""
    cell("AA").click()
    assert field() == "AA"
    # A drag across the suited aces paints each cell it passes.
    ActionChains(browser).click_and_hold(cell("AKs")).move_to_element(cell("AQs")).move_to_element(
        cell("AJs")
    ).release().perform()
    assert field() == "AA, AJs+"
    # At half weight.
    browser.execute_script(
        "const w = document.getElementById('player-1-weight');"
        "w.value = 50; w.dispatchEvent(new Event('input'));"
    )
    cell("AKo").click()
    assert field() == "AA, AJs+, AKo:0.5"
    # A stroke that starts on a whole cell clears.
    cell("AA").click()
    assert field() == "AJs+, AKo:0.5"
    # Typing paints the grid: whole cells, and a class held in part.
    type_into(browser, "player-1", "KK, 72o, AsKs")
    assert "held" in cell("KK").get_attribute("class")
    assert "held" in cell("72o").get_attribute("class")
    assert "partial" in cell("AKs").get_attribute("class")
    assert "held" not in cell("AA").get_attribute("class")
    # The strongest hands, in the chart's order: the grammar's percent range, painted.
    type_into(browser, "player-1-top-percent", "2")
    element(browser, "player-1-top").click()
    assert field() == "2%"
    held = [c.get_attribute("data-hand") for c in browser.find_elements(By.CSS_SELECTOR, "#player-1-grid .cell.held")]
    assert held == ["AA", "KK", "QQ", "JJ"]
    # Painting on it (at full weight again) writes the range out, as the command line reads it.
    browser.execute_script(
        "const w = document.getElementById('player-1-weight');"
        "w.value = 100; w.dispatchEvent(new Event('input'));"
    )
    cell("TT").click()
    assert field() == "TT+"
    out, _, code = run_cli("ranges", "--list", input_text=f"{field()} vs random\n")
    assert code == 0 and out.startswith("TT+  30 combos")


def test_a_bad_range_is_shown_at_its_column_and_counts_nothing(browser, site):
    bad = "QQ+, AKz"
    open_page(browser, site, f"p=AsKs&p={quote(bad)}")
    shown = element(browser, "player-2-error").text
    _, error, code = run_cli("ranges", input_text=f"AsKs vs {bad}\n")
    assert code == 1
    # The command line places it in the line; the page in the field, in the same words.
    cli_column, cli_message = error.strip().removeprefix("error: line 1, column ").split(": ", 1)
    assert shown == f"column {int(cli_column) - len('AsKs vs ')}: {cli_message}"
    assert shown == "column 6: 'AKz': 'z' is not s (suited) or o (offsuit)"
    assert element(browser, "player-2").get_attribute("aria-invalid") == "true"
    assert not element(browser, "count").is_enabled()
    element(browser, "player-2").send_keys(Keys.ENTER)
    # Not by the clock: Enter's handler starts a count before it returns, so one started would
    # show as the counter being busy now.
    assert browser.execute_script("return window.equityPage.counter.busy") is False
    assert not element(browser, "results").is_displayed()
    assert status(browser) == ""
    # Mended, it counts.
    type_into(browser, "player-2", "QQ+, AKs")
    assert element(browser, "player-2-error").text == ""
    assert count(browser).startswith("counted in")
    # A board error is shown at the board.
    type_into(browser, "board", "Ah 7c 2x")
    assert element(browser, "board-error").text == "column 7: expected a card, found '2x' (invalid suit 'x')"


def start_endless_count(browser, site):
    """Starts a count that never ends by itself (three random hands sampled to `ENDLESS`), on a
    worker already up (a quick count goes first), and checks that the page shows it counting."""
    open_page(browser, site, "p=random&p=random&p=random&method=sampled&precision=0.5")
    type_into(browser, "precision", ENDLESS)
    element(browser, "count").click()
    assert status(browser) == "counting…"


def test_cancel_stops_a_long_count(browser, site):
    # In progress by construction: the count can end only by Cancel.
    start_endless_count(browser, site)
    element(browser, "cancel").click()
    # A loose bound on the failing path: Cancel ends the worker at once, and a count that went
    # on would never say "cancelled".
    wait_until(lambda: status(browser) == "cancelled")
    assert element(browser, "count").is_enabled()
    # The next count runs on a fresh worker.
    type_into(browser, "precision", "0.5")
    assert count(browser).startswith("counted in")


def test_a_link_reproduces_the_matchup_after_reload(browser, site):
    open_page(browser, site)
    set_players(browser, ["QQ+, AKs:0.5", "random", "22-66"])
    # The board and the dead card picked from the 52.
    pick = lambda card: browser.find_element(By.CSS_SELECTOR, f".card[data-card='{card}']").click()
    for card in ["Ah", "7c", "2d", "9s"]:
        pick(card)
    browser.find_element(By.CSS_SELECTOR, "input[name='picker-target'][value='dead']").click()
    pick("5s")
    assert element(browser, "board").get_attribute("value") == "Ah 7c 2d 9s"
    assert "on-board" in browser.find_element(By.CSS_SELECTOR, ".card[data-card='7c']").get_attribute("class")
    assert count(browser).startswith("counted in")
    before = text_of(browser, "cli-json")
    link = browser.current_url
    browser.refresh()
    wait_until(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    wait_until(lambda: status(browser).startswith("counted in"))
    assert browser.current_url == link
    for id_, value in [
        ("player-1", "QQ+, AKs:0.5"),
        ("player-2", "random"),
        ("player-3", "22-66"),
        ("board", "Ah 7c 2d 9s"),
        ("dead", "5s"),
    ]:
        assert element(browser, id_).get_attribute("value") == value
    assert text_of(browser, "cli-json") == before
    # The same link in a new visit.
    open_page(browser, site, link.split("?", 1)[1])
    assert text_of(browser, "cli-json") == before


def test_the_page_answers_input_during_a_long_count(browser, site):
    # A count that never ends by itself, so it is still going after the edits; Cancel ends it.
    # Were the main thread counting, the edits would not be answered before the count ended,
    # which is never.
    start_endless_count(browser, site)
    delays = []
    for text, hand in [("KK", "KK"), ("QQ+", "QQ"), ("AKs", "AKs")]:
        # An edit as typing makes it, and the grid read back, in one round trip: a main thread
        # busy counting would hold the script up.
        typed = time.monotonic()
        held = browser.execute_script(
            """const [text, place] = arguments;
            const field = document.getElementById('player-1');
            field.value = text;
            field.dispatchEvent(new Event('input'));
            return document.querySelector(`#player-1-grid .cell[data-place='${place}']`)
              .classList.contains('held');""",
            text,
            place_of(hand),
        )
        delays.append(time.monotonic() - typed)
        assert held, text
    # Typed key by key too.
    type_into(browser, "player-1", "22+")
    assert element(browser, "player-1").get_attribute("value") == "22+"
    # Still counting, and every edit was answered. A loose bound, not a speed test: a round trip
    # takes tens of milliseconds; the delays are kept in responsiveness.json.
    assert status(browser) == "counting…"
    assert max(delays) < 2, delays
    (OUT / "responsiveness.json").write_text(json.dumps({"edit_to_grid_seconds": delays}))
    element(browser, "cancel").click()
    wait_until(lambda: status(browser) == "cancelled")


def test_the_chart_matches_the_command_line(browser, site):
    open_page(browser, site, "view=chart&opponents=2&chart-method=sampled&chart-precision=1")
    element(browser, "chart-count").click()
    wait_until(lambda: element(browser, "chart-status").text.startswith("sampled"), 300)
    out, _, code = run_cli(
        "chart", "--opponents", "2", "--sample", "--precision", "1", "--threads", "1"
    )
    assert code == 0
    assert text_of(browser, "chart-text") == out
    cells = browser.find_elements(By.CSS_SELECTOR, "#chart-grid .cell .figure")
    assert len(cells) == 169
    browser.save_screenshot(str(OUT / "chart.png"))


def test_screenshot_of_a_counted_matchup(browser, site):
    open_page(
        browser,
        site,
        "p=" + quote("QQ+, AKs, A5s-A2s:0.5") + "&p=" + quote("77-TT, KQs, AJo+") + "&p=random"
        "&board=" + quote("Kd 8s 3c"),
    )
    assert status(browser).startswith("counted in")
    browser.execute_script("document.querySelector('#results details').open = true")
    browser.save_screenshot(str(OUT / "page.png"))
    assert (OUT / "page.png").stat().st_size > 10_000


def page_times(browser, players, repeat, runs):
    """The median of `runs` timings of a count in the page's worker (each the mean of `repeat`
    counts, so that short counts stand above the clock's step), after one unmeasured run."""
    times = []
    for run in range(runs + 1):
        ms = browser.execute_async_script(
            """const [players, repeat, done] = arguments;
            window.equityPage.counter.count(
              {kind: 'matchup', players, board: '', dead: '', method: 'auto',
               precision: 0.05, repeat}, () => {})
              .then((answer) => done(answer.ms), (err) => done(-1));""",
            players,
            repeat,
        )
        assert ms > 0
        if run > 0:
            times.append(ms)
    return statistics.median(times)


def binary_time(line, runs):
    """The median whole-process time of the native command line on one thread, in ms."""
    binary = ROOT / "target" / "release" / "holdem-equity"
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [str(binary), "ranges", "--threads", "1"],
            input=line,
            capture_output=True,
            text=True,
            check=True,
        )
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def native_times(runs):
    """The page's counts timed natively, in process on one thread: by name, how many counts a
    run averages and the median of `runs` runs in ms (`native_times`)."""
    native = subprocess.run(
        ["cargo", "run", "--quiet", "--release", "--locked", "-p", "equity-web", "--example",
         "native_times", "--", str(runs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {
        name: (int(repeat), float(ms))
        for name, repeat, ms in (line.split() for line in native.splitlines())
    }


@pytest.mark.skipif(
    not os.environ.get("WEB_BENCH"),
    reason="a benchmark, not a test: WEB_BENCH=1 scripts/test-web -k native_speed -s",
)
def test_the_page_is_within_twice_native_speed(browser, site):
    # The first figures, from opening the page.
    open_page(browser, site)
    first = float(browser.find_element(By.TAG_NAME, "body").get_attribute("data-first-result-ms"))
    assert first < 2000, first
    measured = {
        "hand-against-hand": (["AsKs", "QdQc"], "AsKs vs QdQc\n"),
        "ak-against-random": (["AK", "random"], "AK vs random\n"),
    }
    # This machine's speed drifts over seconds, so the page and native code take turns, a run
    # each in each of five rounds, and the ratio is the median of the rounds' ratios. The page
    # averages as many counts a run as the native figure does.
    rounds = {name: [] for name in measured}
    for _ in range(5):
        native = native_times(1)
        for name, (players, _) in measured.items():
            repeat, native_ms = native[name]
            page_ms = page_times(browser, players, repeat, 1)
            rounds[name].append((page_ms, native_ms, page_ms / native_ms))
    report = {"first_result_ms": first}
    for name, (_, line) in measured.items():
        page_ms, native_ms, ratio = (statistics.median(each) for each in zip(*rounds[name]))
        report[name] = {
            "page_ms": page_ms,
            "native_in_process_ms": native_ms,
            "native_binary_ms": binary_time(line, 7),
            "ratio": ratio,
        }
    (OUT / "timings.json").write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))
    for name in measured:
        assert report[name]["ratio"] <= 2.0, report


def test_push_fold_gives_the_command_lines_equilibrium(browser, site):
    """The push/fold view: the command line's text for the same spot, the grids coloured by
    frequency, the exploitability shown, errors at their field, the spot in the URL."""
    open_page(browser, site, "view=pushfold", wait_for_count=False)
    wait_until(lambda: element(browser, "pf-status").text.startswith("solved in"))
    out, _, code = run_push_fold("--stacks", "10,10")
    assert code == 0
    assert text_of(browser, "pf-text") == out
    assert text_of(browser, "pf-command") == "push-fold --stacks 10,10"
    assert "Exploitability" in element(browser, "pf-exploitability").text
    push_cells = browser.find_elements(By.CSS_SELECTOR, "#pf-decision-1 .cell")
    assert len(push_cells) == 169
    # AA always pushes; 43s is the small blind's mixed hand at 10 bb, 72o folds.
    assert push_cells[place_of("AA")].find_element(By.CLASS_NAME, "figure").text == "100"
    assert push_cells[place_of("43s")].find_element(By.CLASS_NAME, "figure").text == "71.1"
    assert push_cells[place_of("72o")].find_element(By.CLASS_NAME, "figure").text == "0"
    # Pointed at, a cell tells the hand's gain over folding: the command line's, with --gains.
    out, _, code = run_push_fold("--stacks", "10,10", "--gains", "--format", "json")
    gains = json.loads(out)["decisions"][0]["gains"]
    for hand in ["AA", "72o"]:
        assert push_cells[place_of(hand)].get_attribute("title").endswith(
            f"gains {gains[hand]:+.4f} bb over folding"
        ), hand

    # A spot for prizes, typed in, solved with Enter; then kept in the URL.
    type_into(browser, "pf-stacks", "8, 12")
    type_into(browser, "pf-ante", "0.1")
    type_into(browser, "pf-icm", "50,30,20")
    type_into(browser, "pf-others", "10,10")
    element(browser, "pf-others").send_keys(Keys.ENTER)
    wait_until(lambda: "ICM" in text_of(browser, "pf-text"))
    out, _, code = run_push_fold(
        "--stacks", "8,12", "--ante", "0.1", "--icm", "50,30,20", "--others", "10,10"
    )
    assert code == 0 and text_of(browser, "pf-text") == out
    assert "pf-icm=50%2C30%2C20" in browser.current_url
    browser.execute_script("document.querySelector('#pf-results details').open = true")
    browser.save_screenshot(str(OUT / "push-fold.png"))
    assert (OUT / "push-fold.png").stat().st_size > 10_000
    # Shown as gains over folding: each cell as the command line's --gains grid writes it.
    Select(element(browser, "pf-show")).select_by_value("gains")
    wait_until(lambda: "gain over folding" in element(browser, "pf-grids").text)
    out, _, code = run_push_fold(
        "--stacks", "8,12", "--ante", "0.1", "--icm", "50,30,20", "--others", "10,10", "--gains"
    )
    assert code == 0
    grids = [block for block in out.split("\n\n") if "gains over folding" in block]
    assert len(grids) == 2
    for decision, grid in enumerate(grids, start=1):
        rows = [line.split()[1:] for line in grid.splitlines()[2:]]
        cells = browser.find_elements(By.CSS_SELECTOR, f"#pf-decision-{decision} .cell")
        shown = [cell.find_element(By.CLASS_NAME, "figure").text for cell in cells]
        assert shown == [figure for row in rows for figure in row], decision
    assert "pf-show=gains" in browser.current_url
    browser.save_screenshot(str(OUT / "push-fold-gains.png"))

    # An error is shown at its field, in the command line's words, and nothing is solved.
    type_into(browser, "pf-stacks", "10,1O")
    element(browser, "pf-solve").click()
    wait_until(lambda: element(browser, "pf-stacks-error").text != "")
    assert element(browser, "pf-stacks-error").text == 'column 4: expected a number, found "1O"'
    assert element(browser, "pf-stacks").get_attribute("aria-invalid") == "true"
    assert element(browser, "pf-results").get_attribute("hidden") is not None
    _, err, code = run_push_fold("--stacks", "10,1O")
    assert code == 1 and err == 'error: --stacks: expected a number, found "1O"\n'
    type_into(browser, "pf-icm", "50,-1")
    type_into(browser, "pf-stacks", "10,10")
    element(browser, "pf-solve").click()
    wait_until(lambda: element(browser, "pf-icm-error").text != "")
    assert element(browser, "pf-icm-error").text == "a payout must be 0 or more, not -1"


def test_three_handed_push_fold_is_the_command_lines(browser, site):
    """Three stacks: the worker fetches the three-way table and solves in WebAssembly, with
    progress; the text is the command line's for the same spot, a grid per decision, and Cancel
    stops a solve at once."""
    open_page(browser, site, "view=pushfold&pf-stacks=10%2C10%2C10", wait_for_count=False)
    wait_until(lambda: element(browser, "pf-status").text.startswith("solved in"), seconds=300)
    # The solve's own time in WebAssembly, the table's fetch and check not counted.
    print(f"three-handed 10,10,10 in the page: {element(browser, 'pf-status').text}")
    out, _, code = run_push_fold("--stacks", "10,10,10")
    assert code == 0
    assert text_of(browser, "pf-text") == out
    assert text_of(browser, "pf-command") == "push-fold --stacks 10,10,10"
    # Each player's exploitability, as the command line's second line gives it.
    gains = out.splitlines()[1].split(": ", 1)[1]
    assert gains in element(browser, "pf-exploitability").text
    titles = [title.text for title in browser.find_elements(By.CSS_SELECTOR, "#pf-grids h2")]
    assert titles == [
        "Button pushes",
        "Small blind calls the button's push",
        "Small blind pushes after the button folds",
        "Big blind calls the button's push and the small blind's call",
        "Big blind calls the button's push alone",
        "Big blind calls the small blind's push",
    ]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pf-decision-6 .cell")) == 169
    browser.save_screenshot(str(OUT / "push-fold-three-handed.png"))
    # A second spot, cancelled while it solves: the page says so and can solve again.
    type_into(browser, "pf-stacks", "12,7,11")
    element(browser, "pf-solve").click()
    wait_until(lambda: element(browser, "pf-cancel").is_enabled())
    element(browser, "pf-cancel").click()
    wait_until(lambda: element(browser, "pf-status").text == "cancelled")
    assert element(browser, "pf-solve").is_enabled()
    assert not element(browser, "pf-cancel").is_enabled()
