"""Long counts: the GIL is released, progress is reported, an exception from the progress
callback or Ctrl-C stops them.

No test here leans on how fast this machine counts. A count that must be in progress is one that
never reaches its precision: it runs until the test stops it, from its progress callback or with
Ctrl-C, once the test has seen what it needs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import holdem_equity as he

# A count that never reaches its precision, so it runs until a test stops it. Its time limit is
# only a net under a broken stop, so that a test fails in two minutes instead of hanging; a
# passing run stops it within a second.
ENDLESS = dict(
    players=["AsKs", "random", "random"], exact=False, precision=1e-9, seconds=120, threads=1
)

# Far beyond any test here: with it as the switch interval, the interpreter never makes a
# thread give up the GIL, and another thread runs only when this one lets the GIL go.
NO_FORCED_SWITCH = 1000.0


class Stop(Exception):
    """Raised from a progress callback to end a count."""


def test_other_python_threads_run_during_a_count() -> None:
    # If the count held the GIL, the helper could not run before the count ended; the endless
    # count would run until the callback gives up, and the test fails.
    counting = threading.Event()
    helper_ran = threading.Event()
    looks = 0

    def helper() -> None:
        counting.wait()
        helper_ran.set()

    def progress(_done: float) -> None:
        nonlocal looks
        looks += 1
        if helper_ran.is_set():
            raise Stop
        # About ten seconds of the binding's looks at progress, on the failing path only.
        if looks > 400:
            raise AssertionError("no other thread ran during the count")

    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(NO_FORCED_SWITCH)
    try:
        thread = threading.Thread(target=helper)
        thread.start()
        # Nothing between here and the count's wait lets the GIL go, so the helper, woken by
        # this, runs only once the count is under way.
        counting.set()
        with pytest.raises(Stop):
            he.equity(**ENDLESS, progress=progress)
    finally:
        sys.setswitchinterval(switch_interval)
    thread.join()


def test_progress_rises_while_a_count_runs() -> None:
    # The count stops only once five shares were heard, so they come while it runs; a binding
    # that passed none on during a count would reach the 120 s net and not raise Stop.
    heard: list[float] = []

    def progress(done: float) -> None:
        heard.append(done)
        if len(heard) == 5:
            raise Stop

    with pytest.raises(Stop):
        he.equity(**ENDLESS, progress=progress)
    assert heard == sorted(heard) and all(0.0 <= done < 1.0 for done in heard), heard


def test_a_finished_count_reports_one_last() -> None:
    # However quick (intermediate shares may or may not come), a count that finishes tells its
    # callback 1.0 last.
    heard: list[float] = []
    he.equity(["AsKs", "random", "random"], exact=False, precision=0.5, progress=heard.append)
    assert heard and heard == sorted(heard) and heard[-1] == 1.0, heard


def test_an_exception_in_the_progress_callback_stops_the_count_and_is_raised() -> None:
    def stop(done: float) -> None:
        raise Stop(done)

    started = time.perf_counter()
    with pytest.raises(Stop):
        he.equity(**ENDLESS, progress=stop)
    # A loose bound, not a speed test: a stopped count ends at its next look (milliseconds),
    # one that ignored the exception would run on to its 120 s net.
    assert time.perf_counter() - started < 30


def test_a_panic_does_not_hold_up_later_counts() -> None:
    with pytest.raises(BaseException):
        he._engine._panic_for_test()
    assert he.equity(["AA", "KK"]).method == "exact"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_count() -> None:
    # The child says "counting" from a helper thread that, with forced switches off, can run
    # only once the main thread waits for the count. No progress callback is given: Python code
    # run by one would itself raise KeyboardInterrupt, and the binding's own look for Ctrl-C
    # would go untested. A binding that ignored Ctrl-C would count on to the 120 s net.
    script = (
        # Python's own SIGINT handler, which a shell that starts the tests in the background
        # without job control would have left out (its children inherit SIGINT ignored).
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import sys, threading, holdem_equity as he\n"
        "counting = threading.Event()\n"
        "def say() -> None:\n"
        "    counting.wait()\n"
        "    print('counting', flush=True)\n"
        "threading.Thread(target=say).start()\n"
        f"sys.setswitchinterval({NO_FORCED_SWITCH})\n"
        "counting.set()\n"
        "try:\n"
        f"    he.equity(**{ENDLESS!r})\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
        "print('finished', flush=True)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "counting"
    os.kill(child.pid, signal.SIGINT)
    try:
        # A loose bound on the failing path: the binding looks for Ctrl-C every 25 ms.
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        raise
    assert child.returncode == 3, (child.returncode, out, err)
    assert out.strip() == "interrupted"
