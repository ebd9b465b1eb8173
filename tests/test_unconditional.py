"""Ongoing lines that hold always (compiler/unconditional.py): one given a condition, after
it, before it or as a condition label, is E219 at the condition."""

from __future__ import annotations

import dataclasses

import pytest

from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from cardscript.rulesets import get


def _compile(text: str, lang):
    return compile_files([parse_text(text, "t.cards")], lang)


def test_a_condition_label_before_a_line_that_holds_always_is_refused_at_the_label():
    """A condition label governs what follows it as 'while' does: before a line the language
    names as holding always, it is E219 with the caret on the label."""
    base = get("grand_archive").language
    line = "Class Bonus: Allies you control have fast."
    text = f'# ruleset: grand_archive\ncard "Banner": item, cost 1, class "Warrior"\n  {line}\n'
    name = _compile(text, base)["Banner"].abilities[0].static[0].name
    lang = dataclasses.replace(base, unconditional_statics={name: "it holds always here"},
                               _memo={})
    with pytest.raises(SemanticError) as info:
        _compile(text, lang)
    err = info.value
    assert err.code == "E219" and err.hint == "it holds always here"
    assert (err.span.line, err.span.column) == (3, 3)
    assert err.span.end_column - err.span.column == len("Class Bonus")


def test_a_line_the_language_does_not_name_keeps_its_condition():
    """Only the lines a language names hold always: any other ongoing line under a
    condition reads as before."""
    text = ('# ruleset: sorcery\ncard "Tide Guard": minion, cost 2, power 2\n'
            '  This minion has +1 power while you control a water site.\n')
    tpl = _compile(text, get("sorcery").language)["Tide Guard"]
    assert tpl.abilities[0].condition
