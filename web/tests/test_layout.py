"""Every view keeps its result in sight in a 1400 × 900 viewport without scrolling: the
matchup's table and heat map (two players and nine), the chart's grid, push/fold's two
heads-up grids and six three-handed ones, the Connect Four board and the postflop view's node
and report (in test_postflop.py); screenshots in target/web-tests/view-*.png."""

from selenium.webdriver.common.by import By

from conftest import OUT, wait_until
from test_page import element
from test_postflop import at_screen_size, back_to_test_size, in_view


def open_at_screen_size(browser, site, query):
    browser.get(site + query)
    wait_until(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    at_screen_size(browser)


def screenshot(browser, name):
    browser.save_screenshot(str(OUT / f"view-{name}.png"))


def test_every_view_keeps_its_result_in_sight(browser, site):
    try:
        open_at_screen_size(browser, site, "?p=QQ%2B&p=AKs&board=Kd8s3c")
        wait_until(lambda: element(browser, "status").text.startswith("counted in"), 60)
        screenshot(browser, "matchup")
        for id_ in ["count", "result-table", "heat-map"]:
            assert in_view(browser, id_), id_

        # Nine players: the result beside the players, not below them.
        players = "".join(f"&p={hand}" for hand in
                          ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66"])
        open_at_screen_size(browser, site, f"?{players[1:]}&board=2c3d4h")
        wait_until(lambda: element(browser, "status").text.startswith("counted in"), 60)
        screenshot(browser, "matchup-nine")
        for id_ in ["count", "result-table", "heat-map"]:
            assert in_view(browser, id_), id_

        open_at_screen_size(browser, site, "?view=chart&chart-method=sampled&chart-precision=1")
        element(browser, "chart-count").click()
        wait_until(lambda: "counted in" in element(browser, "chart-status").text, 120)
        screenshot(browser, "chart")
        assert in_view(browser, "chart-grid")

        open_at_screen_size(browser, site, "?view=pushfold")
        wait_until(lambda: not element(browser, "pf-results").get_attribute("hidden"), 60)
        screenshot(browser, "pushfold")
        assert in_view(browser, "pf-grids") and in_view(browser, "pf-exploitability")

        open_at_screen_size(browser, site, "?view=pushfold&pf-stacks=10%2C10%2C10")
        wait_until(lambda: element(browser, "pf-status").text.startswith("solved in"), 300)
        screenshot(browser, "pushfold-three")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#pf-grids .grid")) == 6
        assert in_view(browser, "pf-grids") and in_view(browser, "pf-exploitability")

        open_at_screen_size(browser, site, "?view=connectfour")
        wait_until(lambda: (text := element(browser, "c4-status").text) and "solving" not in text, 60)
        screenshot(browser, "connectfour")
        assert in_view(browser, "c4-board")
    finally:
        back_to_test_size(browser)
