"""The Connect Four view in a real browser: every column's score as `connect-four --best` prints
it, moves by clicking, the solver's replies, errors at their column, Cancel, and the state in
the URL."""

import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import OUT, TARGET, wait_until
from test_page import element, text_of, type_into


def open_view(browser, site, query=""):
    """Opens the page on the Connect Four view and waits for its first answer."""
    browser.get(site + "?view=connectfour" + (f"&{query}" if query else ""))
    wait_until(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    return solved(browser)


def c4_status(browser):
    return element(browser, "c4-status").text


def solved(browser, seconds=60):
    """Waits until the view shows an answer, and returns the status."""
    return wait_until(
        lambda: (status := c4_status(browser)) and "solving" not in status and status, seconds
    )


def best_line(moves):
    """`connect-four --best`'s line for `moves`, from the release binary."""
    done = subprocess.run(
        [str(TARGET / "release" / "connect-four"), "--best", "--memory", "16", "--threads", "1"],
        input=f"{moves or '-'}\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def shown_scores(browser):
    return [element(browser, f"c4-score-{column}").text for column in range(1, 8)]


def stones(browser):
    """The board as the page draws it: for each column, its stones from the bottom."""
    return [
        "".join(
            "x" if "x" in classes else "o" if "o" in classes else ""
            for row in range(1, 7)
            for classes in [element(browser, f"c4-cell-{column}-{row}").get_attribute("class")]
        )
        for column in range(1, 8)
    ]


def test_the_scores_are_the_command_lines_and_the_solver_replies(browser, site):
    # Analysis alone: the scores above the columns, the command line's text, the verdict.
    open_view(browser, site, "c4=4455443&c4-solver=none")
    line = best_line("4455443")
    assert text_of(browser, "c4-text") == line
    assert text_of(browser, "c4-command") == (
        "echo 4455443 | connect-four --best --memory 16 --threads 1"
    )
    assert shown_scores(browser) == ["" if cell == "-" else cell for cell in line.split()]
    assert c4_status(browser).startswith("O to move")
    assert stones(browser) == ["", "", "x", "xoxo", "xo", "", ""]

    # The person plays X, the solver O: a click, then the solver's best reply.
    Select(element(browser, "c4-solver")).select_by_value("o")
    type_into(browser, "c4-moves", "44444433")
    solved(browser)
    assert browser.current_url.endswith("view=connectfour")  # 44444433, O solving: defaults
    before = best_line("44444433").split()
    element(browser, "c4-column-5").click()
    wait_until(lambda: len(element(browser, "c4-moves").get_attribute("value")) == 10)
    moves = element(browser, "c4-moves").get_attribute("value")
    assert moves.startswith("444444335")
    # The reply scores best among O's columns (ties from the centre out).
    replies = best_line("444444335").split()
    best = max(int(score) for score in replies if score != "-")
    assert int(replies[int(moves[-1]) - 1]) == best
    solved(browser)
    assert shown_scores(browser) == [
        "" if cell == "-" else cell for cell in best_line(moves).split()
    ]
    # Column 5 was one of X's winning moves, and still is after O's best reply.
    assert int(before[4]) > 0 and max(int(s) for s in shown_scores(browser) if s) > 0
    # Undo takes back the reply and the click.
    element(browser, "c4-undo").click()
    wait_until(lambda: element(browser, "c4-moves").get_attribute("value") == "44444433")
    solved(browser)
    assert "c4=" not in browser.current_url
    browser.save_screenshot(str(OUT / "connect-four.png"))


def test_a_bad_move_is_shown_at_its_column(browser, site):
    open_view(browser, site, "c4-solver=none")
    type_into(browser, "c4-moves", "1111111")
    wait_until(lambda: element(browser, "c4-moves-error").text)
    assert element(browser, "c4-moves-error").text == "column 7: column 1 is full"
    assert element(browser, "c4-moves").get_attribute("aria-invalid") == "true"
    assert shown_scores(browser) == [""] * 7
    type_into(browser, "c4-moves", "4458")
    wait_until(lambda: "found '8'" in element(browser, "c4-moves-error").text)
    assert element(browser, "c4-moves-error").text == (
        "column 4: expected a column from 1 to 7, found '8'"
    )
    # A finished game: every column closed, the winner named.
    type_into(browser, "c4-moves", "4343434")
    assert solved(browser) == "X has connected four."
    assert element(browser, "c4-moves").get_attribute("aria-invalid") is None
    assert not any(
        element(browser, f"c4-column-{column}").is_enabled() for column in range(1, 8)
    )


def test_cancel_stops_a_long_search(browser, site):
    # The empty board, the longest search there is (minutes natively), is cancelled as soon as
    # it shows, not after a wait. "cancelled" is shown only for a search still going: one that
    # had ended would have disabled Cancel and shown its verdict, failing the test.
    browser.get(site + "?view=connectfour&c4=&c4-solver=none")
    wait_until(lambda: "solving" in c4_status(browser))
    element(browser, "c4-cancel").click()
    # A loose bound on the failing path: Cancel ends the worker at once.
    wait_until(lambda: c4_status(browser) == "cancelled")
    # The next position is answered on a fresh worker.
    type_into(browser, "c4-moves", "4455443")
    assert solved(browser).startswith("O to move")
