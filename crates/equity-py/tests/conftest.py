"""Shared fixtures: the command line's binary, built once by cargo, to compare figures with."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

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
