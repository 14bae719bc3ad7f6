"""The exact chart against two random hands committed under docs/data/ (made by a job, see
docs/data/README.md): its figures are those of its whole numbers, it has every hand once, and it
obeys the sum rule: over all 1,326 combos, a hand against two random hands gets a third of the
pots, exactly, in whole numbers."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest

import holdem_equity as he

CHART = Path(__file__).resolve().parents[3] / "docs" / "data" / "chart-2-random-hands.csv"


@pytest.fixture(scope="module")
def rows() -> list[dict[str, str]]:
    if not CHART.exists():
        pytest.skip(f"{CHART.name} is not committed yet")
    with CHART.open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_every_hand_once_in_the_grids_order(rows):
    assert [row["hand"] for row in rows] == he.HANDS


def test_each_figure_is_its_whole_numbers_rounded(rows):
    for row in rows:
        deals, boards = int(row["deals"]), int(row["boards_per_deal"])
        wins, units, denominator = (int(row[name]) for name in
                                    ("win_boards", "tie_units", "tie_denominator"))
        assert denominator == 6
        # Every combo of the hand against every ordered pair of other hands: 1,225 × 1,128.
        assert deals == len(he.Range(row["hand"])) * 1225 * 1128
        assert boards == 1_370_754  # 46 choose 5
        pots = deals * boards
        for name, share in (("wins", Fraction(wins, pots)),
                            ("ties", Fraction(units, pots * denominator)),
                            ("equity", Fraction(wins * denominator + units, pots * denominator))):
            assert row[name] == f"{100 * float(share):.6f}", (row["hand"], name)


def test_a_hand_against_two_random_hands_gets_a_third_of_the_pots(rows):
    won = sum(Fraction(int(row["win_boards"]) * 6 + int(row["tie_units"]), 6) for row in rows)
    pots = sum(int(row["deals"]) * int(row["boards_per_deal"]) for row in rows)
    assert won * 3 == pots
