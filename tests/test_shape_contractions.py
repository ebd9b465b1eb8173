"""A contraction in a shape: "doesn't" stands for two words, so it is never an alternative of
'not' (which would need the word before it as well); each wording is a shape of its own."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.grammar import parse_text
from cardscript.language.shapes import compile_shape
from cardscript.scenario.runner import load_pool


def test_not_and_a_contraction_as_alternatives_is_refused_when_registered():
    with pytest.raises(ValueError, match="contraction"):
        compile_shape("{what:cards} does not|doesn't give any threshold")


@pytest.mark.parametrize("words", ["does not", "doesn't"])
def test_both_wordings_of_a_negation_read_alike(words):
    """Sorcery's 'does not give any threshold' and "doesn't give any threshold" are one
    ongoing effect."""
    sorcery = rulesets.get("sorcery")
    text = (f'card "Dry Meadow": site\n'
            f"  This site {words} give any threshold if it has a minion on it.\n")
    tpl = compile_files([parse_text(text, "t.cards")], sorcery.language,
                        base=load_pool(sorcery))["Dry Meadow"]
    (ability,) = tpl.abilities
    assert ability.kind == "static" and ability.static[0].name == "gives no threshold"
