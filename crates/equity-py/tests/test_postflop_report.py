"""Aggregated postflop reports (``jobs.postflop_report``): the 1,755 strategically different
flops and their weights, each flop's figures those of ``postflop.solve`` on that flop alone, a
job killed and started again ending with the same CSV byte for byte, the picture, bad input as
ValueError, and the whole report committed under docs/data/."""

from __future__ import annotations

import csv
import itertools
import json
import os
import signal
import sqlite3
import random
import subprocess
import sys
from pathlib import Path

import pytest

from holdem_equity import jobs, postflop

SPOT = dict(oop="AA,KK,AK", ip="QQ,JJ,AQs", pot=10, stack=10, bets="a")

# The whole report committed as data, and its spot (docs/data/README.md).
ALL_FLOPS = (Path(__file__).resolve().parents[3] / "docs" / "data" / "postflop-report"
             / "all-flops.csv")
ALL_FLOPS_SPOT = dict(oop="22+,A2s+,KTs+,QTs+,JTs,ATo+,KQo",
                      ip="22+,A2s+,K9s+,Q9s+,J9s+,T9s,98s,ATo+,KJo+", pot=100, stack=100,
                      bets="50%,a", raises="a", exploitability=0.5)


def test_the_strategic_flops_are_the_1755_suit_classes_of_the_22100_flops() -> None:
    flops = jobs.strategic_flops()
    assert len(flops) == 1755 and sum(weight for _, weight in flops) == 22100
    assert len({flop for flop, _ in flops}) == 1755
    # Each flop's weight, counted apart as the flops its suit renamings make, and every flop of
    # the deck is a renaming of exactly one of them.
    assert all(jobs.flop_weight(flop) == weight for flop, weight in flops)
    cards = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
    renamings = [dict(zip("shdc", order)) for order in itertools.permutations("shdc")]
    classes = set()
    for flop in itertools.combinations(cards, 3):
        classes.add(min(
            tuple(sorted(card[0] + renaming[card[1]] for card in flop)) for renaming in renamings
        ))
    assert len(classes) == 1755
    # Highest cards first: aces, then kings, ...; trips and monotone flops weigh 4.
    assert flops[0] == ("AsAhAd", 4) and flops[-1] == ("2s2h2d", 4)
    assert jobs.flop_weight("AsKsQs") == 4 and jobs.flop_weight("AsKhQd") == 24


def test_each_flop_s_figures_are_postflop_s_on_that_flop_alone() -> None:
    flops = ["QsJh2h", "AsAd7c", "9h8h7h"]
    rows = jobs.postflop_report(SPOT, flops=flops)
    assert [row.flop for row in rows] == flops
    for row in rows:
        alone = json.loads(postflop.solve(board=row.flop, **SPOT, threads=1).to_json())
        assert row.weight == jobs.flop_weight(row.flop)
        assert list(row.actions) == [action["action"] for action in alone["root"]]
        assert list(row.frequencies) == [action["frequency"] for action in alone["root"]]
        assert [*row.ev, *row.equity] == [*alone["ev"], *alone["equity"]]
        assert (row.exploitability, row.iterations) == (alone["exploitability"],
                                                        alone["iterations"])
    svg = jobs.report_svg(rows, "a test")
    assert svg.count("<rect") == sum(len(row.actions) for row in rows) + len(rows[0].actions)
    assert "AllIn 10" in svg and svg.startswith("<svg")


def test_a_killed_job_started_again_ends_with_the_same_csv(tmp_path) -> None:
    flops = tmp_path / "flops.txt"
    flops.write_text("".join(flop + "\n" for flop, _ in jobs.strategic_flops()[::300]))
    command = [sys.executable, "-m", "holdem_equity.jobs", "postflop-report",
               "--oop", "AA,KK,AK", "--ip", "QQ,JJ,AQs", "--pot", "10", "--stack", "10",
               "--bets", "a", "--flops", str(flops)]

    def report(store: str, csv: str) -> bytes:
        done = subprocess.run([*command, "--store", str(tmp_path / store), "--csv",
                               str(tmp_path / csv)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return (tmp_path / csv).read_bytes()

    whole = report("whole.sqlite", "whole.csv")
    assert whole.count(b"\n") == 1 + 6
    # Killed (SIGKILL: nothing is tidied) once its first flop is in the store.
    store = tmp_path / "killed.sqlite"
    child = subprocess.Popen([*command, "--store", str(store)], stderr=subprocess.DEVNULL)
    try:
        while child.poll() is None:
            if store.exists():
                with sqlite3.connect(store) as db:
                    try:
                        if db.execute("SELECT COUNT(*) FROM parts").fetchone()[0] >= 1:
                            break
                    except sqlite3.OperationalError:
                        pass
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    with sqlite3.connect(store) as db:
        finished = db.execute("SELECT COUNT(*) FROM parts").fetchone()[0]
    assert 1 <= finished < 6, finished
    assert report("killed.sqlite", "resumed.csv") == whole


@pytest.mark.parametrize(
    "text, message",
    [
        ("QsJh2x\n", "line 1, column 5: '2x' is not a card"),
        ("# flops\n\nQs Jh\n", "line 3, column 1: expected a flop of three cards such as QsJh2h, "
                               "found 'Qs Jh'"),
        ("QsJhQs", "line 1, column 5: 'Qs' is on the flop twice"),
        ("QsJh2h\n2h Jh Qs\n", "line 2, column 1: QsJh2h is listed twice (first on line 1)"),
        ("# none\n", "the flops file lists no flop"),
    ],
)
def test_a_bad_flops_file_names_the_line_and_column(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        jobs.read_flops(text)
    assert str(raised.value) == message


def test_a_bad_spot_is_refused_before_any_flop_is_solved() -> None:
    with pytest.raises(ValueError, match=r"^--bets: "):
        jobs.postflop_report_job({**SPOT, "bets": "2.5x"}, flops=["QsJh2h"])
    with pytest.raises(ValueError, match="not a spot option of a report: 'board'"):
        jobs.postflop_report_job({**SPOT, "board": "QsJh2h"}, flops=["QsJh2h"])


def test_the_committed_report_is_every_flop_and_a_row_chosen_at_random_solves_again() -> None:
    with open(ALL_FLOPS, encoding="utf-8", newline="") as data:
        rows = list(csv.DictReader(data))
    assert [(row["flop"], int(row["weight"])) for row in rows] == jobs.strategic_flops()
    # Seconds a row; REPORT_SEED chooses another.
    seed = int(os.environ.get("REPORT_SEED", "66"))
    row = random.Random(seed).choice(rows)
    alone = json.loads(postflop.solve(board=row["flop"], **ALL_FLOPS_SPOT, threads=2).to_json())
    expected = {action["action"]: action["frequency"] for action in alone["root"]}
    expected.update(ev_oop=alone["ev"][0], ev_ip=alone["ev"][1], equity_oop=alone["equity"][0],
                    equity_ip=alone["equity"][1], exploitability=alone["exploitability"])
    assert {name: repr(value) for name, value in expected.items()} == {
        name: row[name] for name in expected}, (row["flop"], seed)
    assert row["iterations"] == str(alone["iterations"])
