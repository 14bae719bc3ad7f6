"""Long counts: the GIL is released, progress is reported, Ctrl-C stops them quickly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import holdem_equity as he

# About 0.6 s of sampling on one thread of a quiet AMD Zen 5, more on a busy machine (to 0.01
# points the quicker sampler of 2026-12-05 takes 0.29 s, under the 0.3 s the first test needs
# to see the ticker run).
LONG = dict(players=["AsKs", "random", "random"], exact=False, precision=0.007, threads=1)


def test_other_python_threads_run_during_a_count() -> None:
    ticks = 0
    stop = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    ticker = threading.Thread(target=count)
    ticker.start()
    started = time.perf_counter()
    he.equity(**LONG)
    elapsed = time.perf_counter() - started
    stop.set()
    ticker.join()
    assert elapsed > 0.3, elapsed
    # With the GIL held for the whole count, the ticker would not tick at all meanwhile.
    assert ticks > 50 * elapsed, (ticks, elapsed)


def test_progress_is_reported_rising_to_one() -> None:
    seen: list[float] = []
    he.equity(**LONG, progress=seen.append)
    assert len(seen) >= 3, seen
    assert seen == sorted(seen) and seen[-1] == 1.0 and 0.0 <= seen[0] < 1.0


def test_an_exception_in_the_progress_callback_stops_the_count_and_is_raised() -> None:
    class Stop(Exception):
        pass

    def stop(done: float) -> None:
        raise Stop(done)

    started = time.perf_counter()
    with pytest.raises(Stop):
        he.equity(**LONG, progress=stop)
    assert time.perf_counter() - started < 0.5


def test_a_panic_does_not_hold_up_later_counts() -> None:
    with pytest.raises(BaseException):
        he._engine._panic_for_test()
    assert he.equity(["AA", "KK"]).method == "exact"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_count_within_a_fraction_of_a_second() -> None:
    script = (
        "import sys, time, holdem_equity as he\n"
        "print('counting', flush=True)\n"
        "try:\n"
        "    he.equity(['AsKs', 'random', 'random'], exact=False, precision=0.001, threads=1)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', time.perf_counter(), flush=True)\n"
        "    sys.exit(3)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "counting"
    time.sleep(0.5)
    sent = time.perf_counter()
    os.kill(child.pid, signal.SIGINT)
    try:
        status = child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
        raise
    elapsed = time.perf_counter() - sent
    out = child.stdout.read()
    assert status == 3, (status, out, child.stderr.read() if child.stderr else "")
    assert "interrupted" in out
    assert elapsed < 0.5, elapsed
