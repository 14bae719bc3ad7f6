"""holdem_equity.postflop: the command line's figures (JSON and text, to the last digit), its
nodes, node locking as ``postflop --lock``, saved solutions either way, its messages as
ValueError, and a solve off the GIL that Ctrl-C stops."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from holdem_equity import postflop
from conftest import ROOT


@pytest.fixture(scope="session")
def postflop_cli() -> Path:
    """The release binary of postflop (built with cargo if needed)."""
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--package", "postflop"], cwd=ROOT, check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "postflop"


def run(binary: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(binary), *args], capture_output=True, text=True)


RIVER = dict(
    board="Qs Jh 2h 8d 3c",
    oop="AA, QQ, AQs, 54s, 76s",
    ip="KK, AJs, KQs, JTs",
    pot=100,
    stack=150,
    bets="75%",
    add_allin_threshold=0,
)
TURN = dict(
    board="Td9d6hQc",
    oop="QQ+, AK, JTs:0.5",
    ip="JJ-99, AQs, KQs",
    pot=60,
    stack=90,
    bets="50%, a",
    raises="a",
    sizes={"river-donks": "50%"},
)


def args_of(spot: dict) -> list[str]:
    """The command line's options for the keyword arguments ``spot``."""
    args: list[str] = []
    for name, value in spot.items():
        pairs = value.items() if name == "sizes" else [(name.replace("_", "-"), value)]
        for option, text in pairs:
            args += [f"--{option}", str(text)]
    return args


RIVER_ARGS = args_of(RIVER)
TURN_ARGS = args_of(TURN)


@pytest.mark.parametrize(
    "spot, args, options, cli_options",
    [
        (RIVER, RIVER_ARGS, dict(exploitability=0.05), ["--exploitability", "0.05"]),
        (TURN, TURN_ARGS, dict(iterations=30), ["--iterations", "30"]),
        (TURN, TURN_ARGS, dict(iterations=20, compress=True), ["--iterations", "20", "--compress"]),
    ],
)
def test_the_same_figures_as_the_command_line(postflop_cli, spot, args, options, cli_options):
    solution = postflop.solve(**spot, **options, threads=1)
    for format_args, ours in [(["--format", "json"], solution.to_json()), ([], solution.to_text())]:
        done = run(postflop_cli, [*args, *cli_options, *format_args])
        assert done.returncode == 0, done.stderr
        assert ours == done.stdout
    import json

    figures = json.loads(solution.to_json())
    assert solution.exploitability == pytest.approx(figures["exploitability"], rel=1e-9)
    assert solution.iterations == figures["iterations"]
    assert solution.ev == pytest.approx(figures["ev"], rel=1e-9)
    assert solution.equity == pytest.approx(figures["equity"], rel=1e-9)
    assert [a["action"] for a in solution.root] == [a["action"] for a in figures["root"]]
    assert [a["frequency"] for a in solution.root] == pytest.approx(
        [a["frequency"] for a in figures["root"]], rel=1e-8
    )


def test_a_node_s_hands_strategy_ev_and_equity() -> None:
    solution = postflop.solve(**TURN, iterations=30, threads=1)
    node = solution.node("Check, Bet 30")
    assert node.player == "OOP" and node.line == "Check, Bet 30"
    assert node.actions == ["Fold", "Call", "AllIn 90"]
    strategy, ev, equity = node.strategy, node.ev, node.equity
    assert strategy.shape == (3, len(node.hands)) and ev.shape == equity.shape == (len(node.hands),)
    assert np.allclose(strategy.sum(axis=0), 1.0)
    assert all(len(hand) == 4 for hand in node.hands) and "JcTc" in node.hands
    # Hands that can meet OOP's range have figures; equity is a share.
    assert np.all((equity >= 0) & (equity <= 1)) and np.all(np.isfinite(ev))
    # At a river card, the node is the river's first decision.
    assert solution.node("Check, Check, 2c").actions[0] == "Check"
    for line, message in [
        ("Check, Raise 5", "--line: column 8: 'Raise 5' is not an action here: Check, Bet 30, AllIn 90"),
        ("Check, Bet 30, Fold", "--line: the hand is over there; a node is a decision"),
        ("Check, Check", "--line: a card is dealt there; a node is a decision"),
    ]:
        with pytest.raises(ValueError) as raised:
            solution.node(line)
        assert str(raised.value) == message


def test_locking_ip_to_call_is_postflop_lock_and_ends_the_bluffs(postflop_cli, tmp_path) -> None:
    free = postflop.solve(**RIVER, exploitability=0.05, threads=1)
    facing = free.node("Bet 75")
    always_call = np.zeros_like(facing.strategy)
    always_call[facing.actions.index("Call")] = 1.0
    free.lock("Bet 75", always_call)
    locked = free.resolve()
    assert free.locks == "" and locked.locks.count("\n") == len(facing.hands)
    assert '"locked_nodes":1' in locked.to_json()
    # The command line with the same lock file gives the same figures.
    lock_file = tmp_path / "always-call.lock"
    lock_file.write_text(locked.locks)
    done = run(
        postflop_cli,
        [*RIVER_ARGS, "--exploitability", "0.05", "--format", "json", "--lock", str(lock_file)],
    )
    assert done.returncode == 0, done.stderr
    assert locked.to_json() == done.stdout
    # Against a caller who always calls, OOP's air never bets and its value always does.
    root = locked.node("")
    bet = root.actions.index("Bet 75")
    for hand, share in zip(root.hands, root.strategy[bet]):
        air = hand[0] in "57" and hand[2] in "46"
        assert share < 0.01 if air else share > 0.99, (hand, share)
    free_root = free.node("")
    assert max(s for h, s in zip(free_root.hands, free_root.strategy[bet]) if h[0] in "57") > 0.1
    # A hand left free (NaN) is not locked; a bad shape or mix is refused.
    partly = np.full_like(facing.strategy, np.nan)
    partly[:, 0] = [0.0, 1.0]
    free.lock("Bet 75", partly)
    with pytest.raises(ValueError, match=r"^strategy: expected 2 actions × \d+ hands"):
        free.lock("Bet 75", [[1.0]])
    with pytest.raises(ValueError, match=r"the frequencies add up to 0\.5, not 1$"):
        free.lock("Bet 75", np.full_like(facing.strategy, 0.25))


def test_saved_solutions_load_either_way(postflop_cli, tmp_path) -> None:
    solution = postflop.solve(**TURN, iterations=20, threads=1)
    ours = tmp_path / "ours.postflop"
    solution.save(ours)
    loaded = postflop.load(ours)
    assert loaded.to_json() == solution.to_json() and loaded.iterations == 20
    theirs = tmp_path / "theirs.postflop"
    done = run(postflop_cli, [*TURN_ARGS, "--iterations", "20", "--save", str(theirs)])
    assert done.returncode == 0, done.stderr
    assert theirs.read_bytes() == ours.read_bytes()
    # The command line reads ours back, to the same figures.
    done = run(postflop_cli, ["--load", str(ours), "--iterations", "20", "--format", "json"])
    assert done.stdout == solution.to_json()
    with pytest.raises(OSError, match="cannot read"):
        postflop.load(tmp_path / "none")


@pytest.mark.parametrize(
    "change",
    [
        dict(board="Qs Qs 2h"),
        dict(bets="60%, 2.5x"),
        dict(pot=0),
        dict(oop="AK:2"),
        dict(sizes={"river-bets-xx": "50%"}),
    ],
)
def test_bad_input_raises_value_error_in_the_command_line_s_words(postflop_cli, change):
    with pytest.raises(ValueError) as raised:
        postflop.solve(**{**RIVER, **change}, iterations=1)
    done = run(postflop_cli, [*args_of({**RIVER, **change}), "--iterations", "1"])
    assert done.returncode != 0 and done.stdout == ""
    if "sizes" in change:
        # clap refuses an unknown option before the spot is read.
        assert str(raised.value) == "unknown field 'river-bets-xx'"
    else:
        assert done.stderr == f"error: {raised.value}\n"


# A solve that never reaches its target: it runs until a test stops it.
ENDLESS = dict(RIVER, exploitability=0.0, iterations=1_000_000_000, threads=1)


class Stop(Exception):
    """Raised from a progress callback to end a solve."""


def test_other_threads_run_and_progress_rises_during_a_solve() -> None:
    solving = threading.Event()
    helper_ran = threading.Event()
    heard: list[float] = []

    def helper() -> None:
        solving.wait()
        helper_ran.set()

    def progress(done: float) -> None:
        heard.append(done)
        if helper_ran.is_set() and len(heard) >= 3:
            raise Stop
        if len(heard) > 400:
            raise AssertionError("no other thread ran during the solve")

    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=helper)
        thread.start()
        solving.set()
        with pytest.raises(Stop):
            postflop.solve(**ENDLESS, progress=progress)
    finally:
        sys.setswitchinterval(switch_interval)
    thread.join()
    assert heard == sorted(heard) and all(0.0 <= done < 1.0 for done in heard), heard


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_solve() -> None:
    script = (
        # Python's own SIGINT handler, which a shell that starts the tests in the background
        # without job control would have left out (its children inherit SIGINT ignored).
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import sys, threading\n"
        "from holdem_equity import postflop\n"
        "solving = threading.Event()\n"
        "def say() -> None:\n"
        "    solving.wait()\n"
        "    print('solving', flush=True)\n"
        "threading.Thread(target=say).start()\n"
        "sys.setswitchinterval(1000.0)\n"
        "solving.set()\n"
        "try:\n"
        f"    postflop.solve(**{ENDLESS!r})\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
        "print('finished', flush=True)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "solving"
    os.kill(child.pid, signal.SIGINT)
    try:
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        raise
    assert child.returncode == 3, (child.returncode, out, err)
    assert out.strip() == "interrupted"


def test_a_finished_solve_reports_one_last() -> None:
    heard: list[float] = []
    postflop.solve(**RIVER, iterations=30, threads=1, progress=heard.append)
    assert heard and heard == sorted(heard) and heard[-1] == 1.0 and not math.isnan(heard[0])


def test_the_module_s_example_runs() -> None:
    import doctest

    failures, tried = doctest.testmod(postflop)
    assert tried > 0 and failures == 0
