"""A verb done to the card whose text it is ('Burrow.', 'Kill this.') where the card's own
kind cannot take it: `check` refuses it (E203) instead of compiling a step that does nothing
(compiler/self_subject.py)."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from cardscript.scenario.runner import load_pool

SORCERY = rulesets.get("sorcery")


def _compile(header: str, line: str) -> dict:
    text = f'card "Marl Test": {header}\n  {line}\n'
    return compile_files([parse_text(text, "t.cards")], SORCERY.language,
                         base=load_pool(SORCERY))


@pytest.mark.parametrize("header,line,said", [
    ("magic, cost 1", "Burrow.", "cannot burrow this magic"),
    ("aura, cost 1", "Genesis → Burrow.", "cannot burrow this aura"),
    ("site", "Genesis → Unburrow.", "cannot unburrow this site"),
    ("magic, cost 1", "Burrow this.", "cannot burrow this magic"),
    ("magic, cost 1", "Submerge this.", "cannot submerge this magic"),
    ("magic, cost 1", "Tap this.", "cannot tap this magic: it is never in play"),
    ("magic, cost 1", "Untap this.", "cannot untap this magic: it is never in play"),
    ("magic, cost 1", "Kill this.", "cannot kill this magic"),
    ("magic, cost 1", "Destroy this.", "cannot destroy this magic"),
    ("magic, cost 1", "Deal 1 damage to this.", "cannot deal damage to this magic"),
    ("magic, cost 1", "Sacrifice this.", "cannot sacrifice this magic"),
    ("magic, cost 1", "Heal this.", "cannot heal this magic"),
    ("magic, cost 1", "+1 power this turn.", "cannot change the power of this magic"),
    ("aura, cost 1", "1 mana → +1 power this turn.", "cannot change the power of this aura"),
    ("site", "1 mana → +1 power this turn.", "cannot change the power of this site"),
    ("artifact, cost 1", "Genesis → This gets +1 power this turn.",
     "cannot change the power of this artifact: it is not a unit"),
    ("magic, cost 1", "This gains airborne this turn.", "cannot change this magic"),
])
def test_a_verb_on_the_card_itself_of_a_kind_it_cannot_take_is_e203(header, line, said):
    """Each self verb on a card whose kind it cannot take is E203 with a hint naming the
    shape that names its cards."""
    with pytest.raises(SemanticError) as e:
        _compile(header, line)
    assert e.value.code == "E203" and said in e.value.message
    assert "name the card it acts on (" in e.value.hint


def test_the_error_points_at_this_or_at_the_bare_verb():
    """'Kill this.' points at 'this'; a bare 'Burrow.' at the verb."""
    with pytest.raises(SemanticError) as e:
        _compile("magic, cost 1", "Kill this.")
    assert (e.value.span.line, e.value.span.column, e.value.span.end_column) == (2, 8, 12)
    with pytest.raises(SemanticError) as e:
        _compile("magic, cost 1", "Burrow.")
    assert (e.value.span.line, e.value.span.column) == (2, 3)
    assert e.value.hint.startswith("with no card named, 'Burrow' acts on the card itself")


@pytest.mark.parametrize("header,line", [
    ("minion, cost 1, power 1", "Genesis → Burrow."),
    ("minion, cost 1, power 1", "Genesis → Unburrow."),
    ("minion, cost 1, power 1", "Tap → Kill this."),
    ("site", "Genesis → Tap this."),
    ("aura, cost 1", "Genesis → Destroy this."),
    ("artifact, cost 1", "Genesis → Tap this."),
    ("minion, cost 1, power 1", "1 mana → +1 power this turn."),
])
def test_a_self_verb_the_card_can_take_compiles(header, line):
    """The same verbs on a card whose kind takes them compile as before."""
    assert "Marl Test" in _compile(header, line)
