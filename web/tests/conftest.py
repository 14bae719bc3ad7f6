"""Fixtures of the page's browser tests: the site served by `cargo xtask web --serve`, headless
Chromium driven over WebDriver (Debian's chromium and chromium-driver, as scripts/test-web
installs them), and the command line the page is compared with."""

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
# Where the tests leave their screenshots and timings, to be looked at.
OUT = TARGET / "web-tests"


@pytest.fixture(scope="session")
def site():
    """The address of the site, served on a free port for the whole session."""
    server = subprocess.Popen(
        ["cargo", "xtask", "web", "--serve", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    address = None
    for line in server.stdout:
        found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if found:
            address = found.group(1)
            break
    if address is None:
        server.kill()
        raise RuntimeError("cargo xtask web --serve printed no address")
    yield address
    server.kill()
    server.wait()


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium, with the flags a machine without a network and without a display
    needs."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = tempfile.mkdtemp(prefix="web-tests-")
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1700",
        f"--user-data-dir={profile}",
    ]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_script_timeout(300)
    OUT.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def run_cli(*args, input_text=""):
    """The release command line's output for these arguments and input."""
    binary = TARGET / "release" / "holdem-equity"
    done = subprocess.run(
        [str(binary), *args],
        input=input_text,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout, done.stderr, done.returncode


def wait_until(condition, seconds=30.0, step=0.02):
    """Waits for `condition()` to be true, and returns its value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not get there in time")
        time.sleep(step)


def run_push_fold(*args):
    """The release push-fold command line's output, error and status for these arguments."""
    done = subprocess.run(
        [str(TARGET / "release" / "push-fold"), *args], capture_output=True, text=True
    )
    return done.stdout, done.stderr, done.returncode
