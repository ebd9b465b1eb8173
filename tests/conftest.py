"""Shared fixtures: the repository root and a helper to run the CLI in-process."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def root() -> Path:
    return ROOT


def run_cli(*argv: str) -> tuple[int, str, str]:
    """Run `cardscript ARGV...` in this process; return (status, stdout, stderr)."""
    from cardscript.cli import main
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as e:          # argparse --help and usage errors
            status = e.code if isinstance(e.code, int) else 1
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def cli():
    return run_cli
