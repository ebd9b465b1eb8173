"""Scenario text for tests: a small YAML scenario, its run or error, where an error points."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardscript.errors import ScenarioError
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import error_json, run_scenario

ROOT = Path(__file__).resolve().parents[1]
KEYFORGE_EXTRA = (ROOT / "cards/keyforge/scenarios/cards/extra.cards").as_posix()


def scenario_yaml(ruleset: str, body: str) -> str:
    """A scenario of alice and bob under `ruleset`, its other keys from `body` (dedented)."""
    return f"name: case\nruleset: {ruleset}\nplayers: [alice, bob]\n" + textwrap.dedent(body)


def load_error(text: str) -> ScenarioError:
    """The error the scenario raises as it loads (it must raise one)."""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "case.yaml")
    return info.value


def run(text: str, path: str = "case.yaml") -> dict:
    """The result of playing the scenario (`run --json`'s object)."""
    return run_scenario(parse_scenario(text, path))


def error_of(text: str) -> dict:
    """The error object of the scenario, found when it loads or when it runs."""
    try:
        sc = parse_scenario(text, "case.yaml")
    except ScenarioError as e:
        return error_json(e)
    result = run_scenario(sc)
    assert not result["ok"]
    return result["error"]


def where(err: dict | ScenarioError, text: str, needle: str, nth: int = 1):
    """(the error's line and column, those of the `nth` occurrence of `needle` in text)."""
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    got = (err["line"], err["column"]) if isinstance(err, dict) else \
        (err.span.line, err.span.column)
    return got, (line, col)


def write(tmp_path: Path, name: str, text: str) -> str:
    """Write a scenario file; return its path."""
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)
