"""Triggers on defending, intercepting and fighting (rulesets/sorcery/combat_triggers.py)."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.grammar import get_parser, parse_text


def _compile(text: str):
    return compile_files([parse_text(text, "t.cards")], rulesets.get("sorcery").language)


@pytest.mark.parametrize("line, happening", [
    ("Whenever this Sentry defends, you gain 1 life.", "defend"),
    ("Whenever an allied minion defends against a Beast, draw a spell.", "defend"),
    ("Whenever an enemy minion intercepts, you gain 1 life.", "intercept"),
    ("Whenever this Sentry intercepts a Mortal, draw a spell.", "intercept"),
    ("Whenever this Sentry fights, you gain 1 life.", "fight"),
    ("Whenever this Sentry fights an Undead, draw a spell.", "fight"),
])
def test_each_pattern_compiles_to_its_combat_happening(line, happening):
    """'defends', 'intercepts' and 'fights' become triggers on their own happening."""
    tpl = _compile(f'card "Sentry": minion mortal, cost 2, power 2\n  {line}\n')["Sentry"]
    assert f"'{happening}'" in repr(tpl.abilities[0])


def test_the_ruleset_declares_the_combat_happenings():
    """The three happenings are in Sorcery's list, so hooks on them are legal."""
    assert {"defend", "intercept", "fight"} <= rulesets.get("sorcery").happenings


@pytest.mark.parametrize("line", [
    "Whenever this defends against a Beast, you gain 1 life.",
    "Whenever a minion intercepts, draw a spell.",
    "Whenever this fights a Mortal, you gain 1 life.",
])
def test_fast_parser_agrees_with_lark_on_the_combat_triggers(line):
    """The fast driver builds what Lark builds for the combat trigger lines."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": minion, cost 1, power 1\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)
