"""holdem_equity against the Python poker libraries, side by side in one process and one run.

Run by ``scripts/bench-python``, which installs the peers from PyPI (eval7 0.1.11, phevaluator
0.6.0, pokerkit 0.7.7, treys 0.1.8) into one virtual environment with this package. Each
measurement is the median of ``--rounds`` rounds, the libraries taking turns within a round; the
ratios are what to read (the machine is noisy). The slowest per-hand loops (treys, pokerkit) are
timed on a slice of the hands and scaled to the whole, as the table says.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from importlib.metadata import version
from typing import Callable

import eval7
import numpy as np
import phevaluator
import pokerkit
import treys

import holdem_equity as he

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = [rank + suit for rank in RANKS for suit in SUITS]  # id = 4 * rank + suit, as ours


def processor() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def seconds(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def race(entries: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Median seconds of each entry, the entries taking turns in each round."""
    times: dict[str, list[float]] = {name: [] for name in entries}
    for _ in range(rounds):
        for name, work in entries.items():
            times[name].append(seconds(work))
    return {name: statistics.median(values) for name, values in times.items()}


def show(title: str, medians: dict[str, float], ours: str, scale: dict[str, float] | None = None) -> None:
    print(f"\n{title}")
    scale = scale or {}
    base = medians[ours] * scale.get(ours, 1.0)
    for name, median in medians.items():
        total = median * scale.get(name, 1.0)
        note = f"  (timed on 1/{scale[name]:.0f} of them, scaled)" if name in scale else ""
        print(f"  {name:<44} {total * 1e3:>11.2f} ms  {total / base:>8.1f}x ours{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"processor: {processor()}; Python {platform.python_version()}")
    print(
        "versions: holdem-equity " + version("holdem-equity")
        + "".join(f", {name} {version(name)}" for name in ("eval7", "phevaluator", "pokerkit", "treys", "numpy"))
    )

    # The same hands for every evaluator.
    rng = np.random.default_rng(2026)
    ids = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.uint8)
    rows = ids.tolist()
    eval7_hands = [[eval7.Card(NAMES[card]) for card in row] for row in rows]
    treys_hands = [[treys.Card.new(NAMES[card]) for card in row] for row in rows]
    treys_evaluator = treys.Evaluator()
    pokerkit_hands = [list(pokerkit.Card.parse("".join(NAMES[card] for card in row))) for row in rows]

    # The evaluators agree on which of two hands is better (a check, not a race).
    ours = he.evaluate_many(ids[:20000]).astype(np.int64)
    theirs = np.array([phevaluator.evaluate_cards(*row) for row in rows[:20000]])
    assert (np.sign(ours[1:] - ours[:-1]) == -np.sign(theirs[1:] - theirs[:-1])).all()

    treys_slice = max(1, args.hands // 20)
    pokerkit_slice = max(1, args.hands // 500)
    evaluate = he.evaluate
    medians = race(
        {
            "holdem_equity.evaluate_many (one call)": lambda: he.evaluate_many(ids),
            "holdem_equity.evaluate (a loop)": lambda: [evaluate(row) for row in rows],
            "eval7.evaluate (a loop)": lambda: [eval7.evaluate(hand) for hand in eval7_hands],
            "phevaluator.evaluate_cards (a loop)": lambda: [phevaluator.evaluate_cards(*row) for row in rows],
            "treys Evaluator.evaluate (a loop)": lambda: [
                treys_evaluator.evaluate(hand[:2], hand[2:]) for hand in treys_hands[:treys_slice]
            ],
            "pokerkit StandardHighHand.from_game (a loop)": lambda: [
                pokerkit.StandardHighHand.from_game(hand) for hand in pokerkit_hands[:pokerkit_slice]
            ],
        },
        args.rounds,
    )
    show(
        f"{args.hands:,} random 7-card hands, valued",
        medians,
        "holdem_equity.evaluate_many (one call)",
        {
            "treys Evaluator.evaluate (a loop)": args.hands / treys_slice,
            "pokerkit StandardHighHand.from_game (a loop)": args.hands / pokerkit_slice,
        },
    )
    print(
        "  per call: holdem_equity.evaluate "
        f"{medians['holdem_equity.evaluate (a loop)'] / args.hands * 1e9:.0f} ns, eval7.evaluate "
        f"{medians['eval7.evaluate (a loop)'] / args.hands * 1e9:.0f} ns"
    )

    # AS KS against QD QC preflop: ours exact; eval7 by Monte Carlo at as many boards as there
    # are (1,712,304), and an exact enumeration written in Python over eval7.evaluate.
    boards = 1_712_304
    aks = [eval7.Card("As"), eval7.Card("Ks")]
    queens = eval7.HandRange("QdQc")
    qq = [eval7.Card("Qd"), eval7.Card("Qc")]
    deck = [eval7.Card(name) for name in NAMES if name not in ("As", "Ks", "Qd", "Qc")]

    def eval7_enumeration() -> float:
        from itertools import combinations

        won = 0.0
        for board in combinations(deck, 5):
            board = list(board)
            ours_value, theirs_value = eval7.evaluate(aks + board), eval7.evaluate(qq + board)
            won += 1.0 if ours_value > theirs_value else 0.5 if ours_value == theirs_value else 0.0
        return won / boards

    exact = he.equity(["AsKs", "QdQc"], threads=1).players[0].equity
    assert abs(eval7_enumeration() - exact) < 1e-12
    medians = race(
        {
            "holdem_equity.equity, exact, 1 thread": lambda: he.equity(["AsKs", "QdQc"], threads=1),
            "holdem_equity.equity, exact, all cores": lambda: he.equity(["AsKs", "QdQc"]),
            "eval7 Monte Carlo, 1,712,304 boards": lambda: eval7.py_hand_vs_range_monte_carlo(aks, queens, [], boards),
            "eval7.evaluate over every board (Python loop)": eval7_enumeration,
        },
        args.rounds,
    )
    show("AS KS against QD QC, preflop (exact: 46.2145%)", medians, "holdem_equity.equity, exact, 1 thread")

    # AK against a random hand: ours exact; eval7 and pokerkit by Monte Carlo.
    anything = eval7.HandRange(
        ",".join(a + b for i, a in enumerate(RANKS[::-1]) for b in RANKS[::-1][i:])
    )
    samples = 1_000_000
    pokerkit_samples = 5_000
    pokerkit_ak = pokerkit.parse_range("AK")
    pokerkit_any = pokerkit.parse_range(
        ",".join(a + b for i, a in enumerate(RANKS[::-1]) for b in RANKS[::-1][i:])
    )

    def pokerkit_equity(ranges: list, samples: int) -> list[float]:
        return pokerkit.calculate_equities(
            ranges, (), 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=samples
        )

    medians = race(
        {
            "holdem_equity.equity, exact, 1 thread": lambda: he.equity(["AK", "random"], threads=1),
            # eval7's million boards have a standard error of about 0.05 points: ours to the same.
            "holdem_equity.equity, sampled to ±0.05, 1 thread": lambda: he.equity(
                ["AK", "random"], exact=False, precision=0.05, threads=1
            ),
            f"eval7 Monte Carlo, {samples:,} boards (AKs only)": lambda: eval7.py_hand_vs_range_monte_carlo(
                aks, anything, [], samples
            ),
            f"pokerkit Monte Carlo, {pokerkit_samples:,} samples": lambda: pokerkit_equity(
                [pokerkit_ak, pokerkit_any], pokerkit_samples
            ),
        },
        args.rounds,
    )
    show("AK against a random hand, preflop (exact: 65.7512%)", medians, "holdem_equity.equity, exact, 1 thread")

    # A range against a range, and three players: ours exact; pokerkit by Monte Carlo.
    medians = race(
        {
            "holdem_equity.equity, exact, 1 thread": lambda: he.equity(["QQ+, AKs", "JJ-88, AQs+"], threads=1),
            f"pokerkit Monte Carlo, {pokerkit_samples:,} samples": lambda: pokerkit_equity(
                [pokerkit.parse_range("QQ+", "AKs"), pokerkit.parse_range("JJ-88", "AQs+")], pokerkit_samples
            ),
        },
        args.rounds,
    )
    show("QQ+,AKs against JJ-88,AQs+, preflop (exact: 73.4378%)", medians, "holdem_equity.equity, exact, 1 thread")
    medians = race(
        {
            "holdem_equity.equity, exact, 1 thread": lambda: he.equity(["AsKs", "QdQc", "7h7d"], threads=1),
            f"pokerkit Monte Carlo, {pokerkit_samples:,} samples": lambda: pokerkit_equity(
                [pokerkit.parse_range("AsKs"), pokerkit.parse_range("QdQc"), pokerkit.parse_range("7h7d")],
                pokerkit_samples,
            ),
        },
        args.rounds,
    )
    show("AS KS against QD QC against 7H 7D, preflop", medians, "holdem_equity.equity, exact, 1 thread")


if __name__ == "__main__":
    main()
