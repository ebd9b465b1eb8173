"""Progress of long runs: a self-wiping line on a terminal's stderr, nothing elsewhere."""

from __future__ import annotations

import io
import os
import sys

import pexpect

from conftest import ROOT
from cardscript.progress import Progress

SCENARIOS = ROOT / "cards/sorcery/scenarios"


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_draws_and_wipes_its_line_on_a_terminal():
    """On a terminal the line counts items and is wiped at the end."""
    out = _Tty()
    with Progress("test", 3, stream=out, every=0) as p:
        for name in "abc":
            p.step(name)
    text = out.getvalue()
    assert "\rtest 1/3 a" in text and "\rtest 3/3 c" in text
    assert text.endswith("\r")


def test_progress_is_silent_off_a_terminal():
    """Writing to a pipe or file, nothing is drawn."""
    out = io.StringIO()
    with Progress("check", 5, stream=out, every=0) as p:
        for _ in range(5):
            p.step("x")
    assert out.getvalue() == ""


def test_test_and_check_are_quiet_when_not_on_a_terminal(cli):
    """`test` and `check` over a folder print no progress into a captured stderr."""
    status, out, err = cli("test", str(SCENARIOS))
    assert status == 0 and err == "" and "\r" not in out
    status, out, err = cli("check", str(ROOT / "cards/sorcery"))
    assert status == 0 and err == ""


def test_test_shows_progress_on_a_real_terminal():
    """On a real pty `cardscript test FOLDER` shows 'test N/TOTAL' before its summary."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = pexpect.spawn(sys.executable, ["-m", "cardscript.cli", "test", str(SCENARIOS)],
                          env=env, encoding="utf-8", timeout=120)
    child.expect(r"\rtest \d+/(\d+) ")
    total = int(child.match.group(1))
    child.expect(rf"{total} passed, 0 failed")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and total > 10


def test_lint_is_quiet_off_a_terminal_and_shows_progress_on_one(cli):
    """`lint FOLDER` prints no progress into a captured stderr, and 'lint N/TOTAL' on a pty."""
    status, out, err = cli("lint", str(ROOT / "cards"))
    assert status == 0 and err == "" and "\r" not in out
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = pexpect.spawn(sys.executable, ["-m", "cardscript.cli", "lint", str(ROOT / "cards")],
                          env=env, encoding="utf-8", timeout=120)
    child.expect(r"\rlint \d+/(\d+) ")
    total = int(child.match.group(1))
    child.expect(r"no findings")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and total > 5
