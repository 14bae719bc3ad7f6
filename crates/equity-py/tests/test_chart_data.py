"""The exact charts against two and three random hands committed under docs/data/ (made by
jobs, see docs/data/README.md): each figure is that of its whole numbers, every hand is there
once, the sum rule holds (over all 1,326 combos, a hand against k random hands gets exactly
1/(k+1) of the pots, in whole numbers), and rows chosen at random are counted again."""

from __future__ import annotations

import csv
import math
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest

import holdem_equity as he

DATA = Path(__file__).resolve().parents[3] / "docs" / "data"
OPPONENTS = (2, 3)


def read(opponents: int) -> list[dict[str, str]]:
    chart = DATA / f"chart-{opponents}-random-hands.csv"
    if not chart.exists():
        pytest.skip(f"{chart.name} is not committed yet")
    with chart.open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_every_hand_once_in_the_grids_order(opponents):
    assert [row["hand"] for row in read(opponents)] == he.HANDS


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_each_figure_is_its_whole_numbers_rounded(opponents):
    # Every combo of the hand against every ordered choice of other hands with no card twice
    # (1,225 × 1,128 × ...), over every board of the cards left.
    deals_per_combo = math.prod(math.comb(50 - 2 * seat, 2) for seat in range(opponents))
    boards_per_deal = math.comb(50 - 2 * opponents, 5)
    denominator = math.lcm(*range(2, opponents + 2))
    for row in read(opponents):
        deals, boards = int(row["deals"]), int(row["boards_per_deal"])
        wins, units = int(row["win_boards"]), int(row["tie_units"])
        assert int(row["tie_denominator"]) == denominator
        assert deals == len(he.Range(row["hand"])) * deals_per_combo
        assert boards == boards_per_deal
        pots = deals * boards
        for name, share in (("wins", Fraction(wins, pots)),
                            ("ties", Fraction(units, pots * denominator)),
                            ("equity", Fraction(wins * denominator + units, pots * denominator))):
            assert row[name] == f"{100 * float(share):.6f}", (row["hand"], name)


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_a_hand_gets_its_share_of_the_pots_over_all_hands(opponents):
    rows = read(opponents)
    denominator = int(rows[0]["tie_denominator"])
    won = sum(Fraction(int(row["win_boards"]) * denominator + int(row["tie_units"]), denominator)
              for row in rows)
    pots = sum(int(row["deals"]) * int(row["boards_per_deal"]) for row in rows)
    assert won * (opponents + 1) == pots


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_rows_chosen_at_random_count_the_same_again(opponents):
    # Seconds a row (board by board against the random hands); CHART_SEED chooses other rows.
    seed = int(os.environ.get("CHART_SEED", "2026"))
    rows = read(opponents)
    for row in random.Random(seed).sample(rows, 1):
        counts = he.Counts.from_dict(he.exact_counts([row["hand"]] + ["random"] * opponents))
        [(weight, deals, wins, units)] = counts.to_dict()["by_weight"]
        assert weight == 1.0
        assert (deals, counts.boards_per_deal, wins[0], units[0]) == (
            int(row["deals"]), int(row["boards_per_deal"]), int(row["win_boards"]),
            int(row["tie_units"])), (row["hand"], seed)
