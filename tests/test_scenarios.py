"""Every bundled scenario plays and meets its `expect` block."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.scenario.expect import check
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(ROOT.glob("cards/*/scenarios/**/*.yaml"))


def test_there_are_scenarios():
    """The pools ship scenarios (a collection that finds none is a failure, not a pass)."""
    assert len(SCENARIOS) >= 5


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parts[-3]}/{p.stem}")
def test_scenario(path):
    """The scenario runs and its expectations hold."""
    sc = load_scenario(path)
    assert "expect" in sc.data, "every bundled scenario pins its behaviour with expect:"
    result = run_scenario(sc)
    problems = check(sc.data["expect"], result, ordered=bool(sc.data.get("ordered")))
    assert problems == [], "\n".join(problems)
