"""push_fold() and push_fold_table(): the command line's figures, to the last printed digit, and
its messages as ValueError."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

import holdem_equity as he
from conftest import ROOT


@pytest.fixture(scope="session")
def push_fold_cli() -> Path:
    """The release binary of push-fold (built with cargo if needed)."""
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--package", "push-fold"],
        cwd=ROOT,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "push-fold"


def run(binary: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(binary), *args], capture_output=True, text=True)


SPOTS = [
    (["--stacks", "10,10"], dict(stacks=[10, 10])),
    (["--stacks", "4,4", "--ante", "0.1"], dict(stacks=[4, 4], ante=0.1)),
    (
        ["--stacks", "8,12", "--ante", "0.1", "--icm", "50,30,20", "--others", "10,10"],
        dict(stacks=[8, 12], ante=0.1, icm=[50, 30, 20], others=[10, 10]),
    ),
    (
        ["--stacks", "15,7.5", "--blinds", "0.4,0.8", "--precision", "0.0001"],
        dict(stacks=[15, 7.5], blinds=(0.4, 0.8), precision=0.0001),
    ),
    (["--stacks", "6,9,7.5", "--ante", "0.1"], dict(stacks=[6, 9, 7.5], ante=0.1)),
]


@pytest.mark.parametrize("args, kwargs", SPOTS)
def test_the_same_equilibrium_as_the_command_line(push_fold_cli: Path, args, kwargs) -> None:
    result = he.push_fold(**kwargs)
    for format, text in [("text", str(result)), ("json", result.to_json()), ("csv", result.to_csv()), ("svg", result.to_svg())]:
        done = run(push_fold_cli, [*args, "--format", format])
        assert done.returncode == 0, done.stderr
        assert text == done.stdout, format
    expected = json.loads(result.to_json())
    for decision, want in zip(result.decisions, expected["decisions"]):
        assert (decision.seat, decision.action) == (want["seat"], want["action"])
        assert [f"{f:.6f}" for f in decision.frequencies] == [
            f"{want['frequencies'][hand]:.6f}" for hand in he.HANDS
        ]
        assert decision.exploitability <= kwargs.get("precision", 0.001 if len(kwargs["stacks"]) == 2 else 0.005)
    assert result.exploitability == [d.exploitability for d in result.decisions]
    # With each hand's gains over folding (--gains): the same text, JSON and CSV.
    for format, text in [("text", result.to_text(gains=True)), ("json", result.to_json(gains=True)), ("csv", result.to_csv(gains=True))]:
        done = run(push_fold_cli, [*args, "--gains", "--format", format])
        assert done.returncode == 0, done.stderr
        assert text == done.stdout, format
    assert str(result) == result.to_text()
    with_gains = json.loads(result.to_json(gains=True))
    for decision, want in zip(result.decisions, with_gains["decisions"]):
        assert [f"{g:.6f}" for g in decision.gains] == [
            f"{want['gains'][hand]:.6f}" for hand in he.HANDS
        ]


def test_three_handed_reports_its_progress_and_six_decisions() -> None:
    heard: list[float] = []
    result = he.push_fold([6, 9, 7.5], ante=0.1, progress=heard.append)
    assert heard and heard[-1] == 1.0 and heard == sorted(heard)
    assert [(d.seat, d.action) for d in result.decisions] == [
        ("button", "push"), ("small blind", "call"), ("small blind", "push"),
        ("big blind", "call"), ("big blind", "call"), ("big blind", "call"),
    ]
    assert "button pushes" in str(result) and "big blind calls the small blind's push" in str(result)


def test_grids_are_the_frequencies_in_the_charts_layout() -> None:
    np = pytest.importorskip("numpy")
    result = he.push_fold([10, 10])
    push = result.decisions[0]
    assert len(push.grid) == 13 and all(len(row) == 13 for row in push.grid)
    assert push.grid[0][0] == push.frequencies[he.HANDS.index("AA")] == 1.0
    # Suited above the diagonal: row A, column K is AKs; row K, column A is AKo.
    assert push.grid[0][1] == push.frequencies[he.HANDS.index("AKs")]
    array = push.grid_array()
    assert array.shape == (13, 13) and array.dtype == np.float64
    assert np.array_equal(array, np.array(push.grid))
    assert "small blind pushes" in repr(push)


def test_the_same_table_as_the_command_line(push_fold_cli: Path) -> None:
    np = pytest.importorskip("numpy")
    table = he.push_fold_table(start=2, stop=4, step=0.5, ante=0.1)
    done = run(push_fold_cli, ["table", "--from", "2", "--to", "4", "--step", "0.5", "--ante", "0.1", "--format", "json"])
    assert done.returncode == 0, done.stderr
    assert table.to_json() == done.stdout
    assert table.stacks == [2.0, 2.5, 3.0, 3.5, 4.0]
    grids = table.grid_arrays()
    assert grids.shape == (2, 13, 13)
    expected = json.loads(done.stdout)["hands"]
    for index, hand in enumerate(expected):
        row, column = divmod(index, 13)
        for decision, key in enumerate(["push", "call"]):
            got = grids[decision, row, column]
            assert (np.isnan(got) and hand[key] is None) or got == hand[key]


@pytest.mark.parametrize(
    "kwargs, args, message",
    [
        (dict(stacks=[0, 10]), ["--stacks", "0,10"], "stacks: a stack must be more than 0, not 0"),
        (dict(stacks=[10, 10, 10, 10]), ["--stacks", "10,10,10,10"], "stacks: push/fold is played by 2 or 3 players, not 4"),
        (dict(stacks=[10, 0.5]), ["--stacks", "10,0.5"], "blinds: the big blind has 0.5 bb, less than its blind and ante of 1"),
        (dict(stacks=[10, 10], icm=[50, -1]), ["--stacks", "10,10", "--icm", "50,-1"], "icm: a payout must be 0 or more, not -1"),
        (dict(stacks=[10, 10], icm=[1, 1, 1]), ["--stacks", "10,10", "--icm", "1,1,1"], "icm: give 1 to 2 payouts (one per paid place, 2 players), not 3"),
        (dict(stacks=[10, 10], others=[5]), ["--stacks", "10,10", "--others", "5"], "others: other stacks only count with --icm"),
        (dict(stacks=[10, 10], precision=0), ["--stacks", "10,10", "--precision", "0"], "precision: the precision must be more than 0, not 0"),
    ],
)
def test_bad_spots_raise_the_command_lines_message(push_fold_cli: Path, kwargs, args, message) -> None:
    with pytest.raises(ValueError) as raised:
        he.push_fold(**kwargs)
    assert str(raised.value) == message
    done = run(push_fold_cli, args)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"error: --{message}\n"


def test_gains_are_nan_where_a_hand_never_faces_the_decision() -> None:
    # Both paid unless one busts: the small blind pushes nothing, so the big blind never calls.
    result = he.push_fold([20, 20], icm=[50, 50], others=[1])
    push, call = result.decisions
    assert max(push.frequencies) == 0.0 and all(gain < 0 for gain in push.gains)
    assert all(gain != gain for gain in call.gains)  # NaN
    assert '"gains":{"AA":null,' in result.to_json(gains=True)
