"""The mutant list of scripts/mutants.py still fits the source it mutates (the run itself is a
release check: docs/testing.md)."""

from __future__ import annotations

import functools

from conftest import ROOT, load_script


@functools.cache
def _mutants():
    """The script as a module (registered first: its dataclass needs its module to exist)."""
    return load_script("scripts/mutants.py", "cardscript_scripts_mutants")


def test_every_mutant_still_applies():
    """Each original snippet occurs exactly once in its file, and each mutated file compiles."""
    assert _mutants().check_applies(ROOT) == []


def test_the_list_targets_resolution_rules():
    """At least 30 mutants, each in the engine, a ruleset, or a rule the shared library or the
    compiler holds for every game, each naming the rule it breaks."""
    mutants = _mutants().MUTANTS
    assert len(mutants) >= 30
    for m in mutants:
        assert m.file.startswith(("src/cardscript/interpreter/", "src/cardscript/rulesets/",
                                  "src/cardscript/library/", "src/cardscript/compiler/")), m.name
        assert m.rule, m.name


def test_every_mutant_is_accounted_for_in_the_docs():
    """docs/testing.md names every mutant, with its outcome in the latest run."""
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    missing = [m.name for m in _mutants().MUTANTS if f"`{m.name}`" not in text]
    assert missing == []
