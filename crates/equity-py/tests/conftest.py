"""Shared fixtures: the command line's binary, built once by cargo, to compare figures with."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from concurrent.futures import Executor

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli() -> "Cli":
    """The release binary of holdem-equity (built with cargo if needed)."""
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--package", "holdem-equity"],
        cwd=ROOT,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return Cli(target / "release" / "holdem-equity")


class Cli:
    """Runs the command line on one line of input."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, args: list[str], line: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.path), *args], input=line + "\n", capture_output=True, text=True
        )

    def json(self, args: list[str], line: str) -> dict:
        done = self.run([*args, "--json"], line)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def error(self, args: list[str], line: str) -> str:
        """The error message without `error: line 1, `."""
        done = self.run(args, line)
        assert done.returncode == 1, (line, done.stdout)
        message = done.stderr.strip()
        prefix = "error: line 1, "
        assert message.startswith(prefix), message
        return message[len(prefix):]


class Recording(Executor):
    """An executor that passes parts on to another and remembers which it was given."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.submitted: list = []

    def submit(self, fn, /, *args, **kwargs):
        self.submitted.append(args[0])
        return self.inner.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, **kwargs) -> None:
        self.inner.shutdown(wait)


@pytest.fixture
def recording() -> type[Recording]:
    """``recording(executor)``: an executor that remembers the parts it was given."""
    return Recording


#: A small chart job for the tests of jobs: two hands against two random hands on a flop, with
#: dead cards; nine parts, each counted board by board in milliseconds.
SMALL_CHART = {
    "opponents": 2,
    "hands": ["AKs", "QQ"],
    "board": "Kd 8s 3c",
    "dead": "4c 4d 4h 4s 5c 5d 6c 6d 6h 6s 7c 7d",
}


@pytest.fixture(scope="session")
def small_chart() -> dict:
    """The keyword arguments of ``SMALL_CHART``, and its rows counted on this process's threads
    (``rows``)."""
    from holdem_equity import jobs

    return {"job": SMALL_CHART, "rows": jobs.chart(**SMALL_CHART)}
