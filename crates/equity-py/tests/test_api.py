"""The API's shape: ranges, results, the chart, the evaluator, threads and seeds, limits."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import holdem_equity as he


def test_a_range_lists_its_combos_and_weights() -> None:
    tens = he.Range("TT, AKs:0.5")
    assert len(tens) == 10
    assert str(tens) == "TT, AKs:0.5"
    assert repr(tens) == "Range(\"TT, AKs:0.5\")"
    assert tens.weight == pytest.approx(8.0)
    combos = dict(tens.combos)
    assert combos["AsKs"] == 0.5 and combos["ThTc"] == 1.0
    assert len(he.Range("random")) == 1326
    assert he.Range("QQ+") == he.Range("QQ-KK, AA")
    assert he.Range("QQ+") != he.Range("QQ+:0.5")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QQ+ AKs", "column 5: 'QQ+ AKs': a comma is missing between 'QQ+' and 'AKs'"),
        ("QQ+, AKx", "column 6: 'AKx'"),
        ("AA:0", "the range has no combo of weight above 0"),
        ("", "column 1"),
    ],
)
def test_a_bad_range_is_a_value_error_naming_the_column(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        he.Range(text)
    assert message in str(raised.value)


def test_hands_and_ranges_mix_and_cards_take_every_spelling() -> None:
    spellings = [["AsKs", "QdQc"], ["AS KS", "qd qc"], ["ASKS", "QDQC"], [he.Range("AsKs"), "QdQc"]]
    results = [he.equity(players) for players in spellings[:1] + spellings[2:]]
    assert len({f"{result.players[0].equity:.12f}" for result in results}) == 1
    assert f"{results[0].players[0].equity:.6%}" == "46.214457%"
    tens = he.equity(["Th9h", "AsKs"], board="10d 2c 3s")
    assert tens.players[0].equity > 0.5


def test_an_exact_result_says_how_it_was_counted() -> None:
    result = he.equity(["AsKs", "QQ+, AKo", "77"], board="Ah7c2d")
    assert result.method == "exact"
    assert result.distinct_deals is not None and result.distinct_deals <= result.deals
    assert result.boards is None and result.seed is None
    assert sum(result.equities) == pytest.approx(1.0)
    for player in result.players:
        assert player.equity == pytest.approx(player.wins + player.ties)
        assert player.standard_error is None
    assert [hand.hand for hand in result.by_hand] == ["AKs"]
    assert result.by_hand[0].frequency == pytest.approx(1.0)


def test_a_sampled_result_has_standard_errors_and_is_the_same_on_any_threads() -> None:
    runs = [
        he.equity(["QQ+, AKs", "random", "random"], exact=False, precision=0.5, seed=7, threads=threads)
        for threads in (1, 2, 3)
    ]
    assert all(run.method == "sampled" and run.seed == 7 for run in runs)
    assert len({tuple(run.equities) for run in runs}) == 1
    assert all(0 < player.standard_error <= 0.005 for player in runs[0].players)
    other_seed = he.equity(["QQ+, AKs", "random", "random"], exact=False, precision=0.5, seed=8)
    assert tuple(other_seed.equities) != tuple(runs[0].equities)


def test_exact_beyond_the_limit_is_refused_naming_the_limit() -> None:
    with pytest.raises(ValueError, match=f"the limit is {he.MAX_EXACT_DEALS} joint deals"):
        he.equity(["random"] * 4, exact=True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"precision": 0}, "precision must be a positive number"),
        ({"precision": float("nan")}, "precision must be a positive number"),
        ({"seconds": -1}, "seconds must be a positive number"),
        ({"threads": 0}, "threads must be at least 1"),
    ],
)
def test_bad_options_are_value_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        he.equity(["AA", "KK"], **kwargs)


def test_the_chart_has_the_grid_and_the_hands_in_it() -> None:
    chart = he.chart(2, precision=1, seed=3)
    assert len(chart) == 169 and chart.opponents == 2 and not chart.exact
    assert chart.hands[0][:3] == ["AA", "AKs", "AQs"]
    assert chart.hands[1][0] == "AKo"
    assert chart.hands[12][12] == "22"
    grid = chart.grid
    assert len(grid) == 13 and all(len(row) == 13 for row in grid)
    for entry in chart.entries:
        assert grid[entry.row][entry.column] == entry.equity
        assert entry.standard_error is not None
    array = chart.grid_array()
    assert array.shape == (13, 13) and array.dtype == np.float64
    assert array.tolist() == grid
    # Against two random hands aces win about 73%, the best of every hand.
    assert 0.70 < chart.entries[0].equity < 0.76
    assert max(chart.entries, key=lambda entry: entry.equity).hand == "AA"
    with pytest.raises(ValueError, match="opponents must be from 1 to 9"):
        he.chart(10)


def test_evaluate_ranks_hands_as_poker_does() -> None:
    royal = he.evaluate("AsKsQsJsTs")
    assert he.category(royal) == "royal flush"
    assert he.evaluate("As Ks Qs Js 10s") == royal
    assert he.evaluate(["As", "Ks", "Qs", "Js", "Ts"]) == royal
    assert he.evaluate([51, 47, 43, 39, 35]) == royal
    wheel = he.evaluate("Ah2c3d4s5h")
    six_high = he.evaluate("6h2c3d4s5h")
    assert he.category(wheel) == he.category(six_high) == "straight"
    assert wheel < six_high
    assert he.evaluate("AhAd2c3d4s9h8h") > he.evaluate("KhKd2c3d4s9h8h")
    assert he.CATEGORIES[royal >> 12] == "royal flush"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AsKs", "a hand has 5 to 7 cards, not 2"),
        ("AsKsQsJsTs9s8s7s", "a hand has 5 to 7 cards, not 8"),
        ("AsKsQsJsAs", "column 9: repeated card AS"),
        ("AsKsQsJsXs", "column 9: expected a card, found 'Xs'"),
        ([51, 47, 43, 39, 52], "card 5: the id 52 is not a card"),
        ([51, 47, 43, 39, 51], "card 5: repeated card AS"),
        (["As", "Ks", "Qs", "Js", "TsTd"], "card 5: expected one card"),
    ],
)
def test_bad_hands_are_value_errors(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        he.evaluate(cards)


def test_evaluate_many_agrees_with_evaluate_and_brute_force_categories() -> None:
    rng = np.random.default_rng(5)
    for width in (5, 6, 7):
        ids = np.array([rng.permutation(52)[:width] for _ in range(2000)], dtype=np.int64)
        values = he.evaluate_many(ids)
        assert values.dtype == np.uint16 and values.shape == (2000,)
        assert values.tolist() == [he.evaluate([int(card) for card in row]) for row in ids]
    # Every five-card hand of a small deck: the categories' counts by brute force.
    deck = [rank * 4 + suit for rank in range(8, 13) for suit in range(4)]
    hands = np.array(list(itertools.combinations(deck, 5)), dtype=np.uint8)
    names = [he.CATEGORIES[value >> 12] for value in he.evaluate_many(hands)]
    assert names.count("royal flush") == 4
    assert names.count("four of a kind") == 5 * 16
    assert names.count("straight") == 4**5 - 4


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ([[0, 1, 2, 3, 52]], "row 0, column 4: the id 52 is not a card"),
        ([[0, 1, 2, 3, -1]], "row 0, column 4: the id -1 is not a card"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]], "row 1, column 4: the id 3 is repeated"),
        ([[0, 1, 2, 3]], "expected 5 to 7 cards a row, found 4"),
        ([0, 1, 2, 3, 4], "found 1 dimensions"),
        ([[0.5, 1, 2, 3, 4]], "card ids are integers"),
    ],
)
def test_evaluate_many_refuses_bad_rows(ids: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        he.evaluate_many(ids)


def test_a_rust_panic_is_a_python_exception_not_a_crash() -> None:
    with pytest.raises(BaseException) as raised:
        he._engine._panic_for_test()
    assert type(raised.value).__name__ == "PanicException"
    assert "on purpose" in str(raised.value)
    # The module still works afterwards.
    assert he.category(he.evaluate("AsKsQsJsTs")) == "royal flush"


def test_help_shows_the_docstrings() -> None:
    assert "Hold'em equity of hands or ranges" in he.equity.__doc__
    assert "169 starting hands" in he.chart.__doc__
    assert "5 to 7 cards" in he.evaluate.__doc__
    assert "N × 5" in he.evaluate_many.__doc__
    assert "The grammar is the command line's" in he.Range.__doc__


def test_random_lists_of_ranges_count_like_the_same_line() -> None:
    rng = random.Random(11)
    items = ["AA", "KQs", "T9s:0.5", "22-55", "AKo", "JJ+"]
    for _ in range(10):
        ranges = [", ".join(rng.sample(items, 2)) for _ in range(2)]
        as_list = he.equity(ranges, board="Kh9h4c")
        as_line = he.equity(" vs ".join(ranges) + " | Kh9h4c")
        assert as_list.equities == as_line.equities
