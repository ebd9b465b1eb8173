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


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parts[-3]}/{p.stem}")
def test_trace_is_well_formed(path):
    """Trace entries have unique ids, a known status, and every `parent` names an entry."""
    result = run_scenario(load_scenario(path))
    ids = [e["id"] for e in result["trace"]]
    assert len(ids) == len(set(ids))
    for e in result["trace"]:
        assert e["status"] in {"done", "ignored", "fizzled"}, e
        assert e["parent"] is None or e["parent"] in ids, e
        for key in ("kind", "source", "source_id", "controller", "text", "subject", "from",
                    "to"):
            assert key in e, (key, e)
