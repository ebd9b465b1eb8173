"""KeyForge's printed words: aember in every spelling, the aember and creature verbs, and
keywords printed as sentences (docs/rulesets/keyforge.md, section 13)."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.scenario.runner import load_pool


def _compile(text: str) -> dict:
    rs = rulesets.get("keyforge")
    return compile_files([parse_text(text, "test.cards")], rs.language, base=load_pool(rs))


@pytest.mark.parametrize("spelling", ["aember", "Æmber", "æmber", "amber", "Amber"])
def test_every_spelling_of_aember_is_the_aember_bonus_in_the_header(spelling):
    """'Æmber 1', 'amber 1' in a header are the aember bonus the play sequence reads."""
    tpl = _compile(f'card "X": action, house logos, {spelling} 2\n  Play: draw a card.\n')["X"]
    assert tpl.stat("aember", 0) == 2


@pytest.mark.parametrize("words", ["2 aember", "2 Æmber", "2 amber", "2A", "2 A"])
def test_every_spelling_of_aember_reads_in_text(words):
    """'gain 2A' (the icon after a number), '2 Æmber', '2 amber' all read as 2 aember."""
    tpl = _compile(f'card "X": action, house logos\n  Play: gain {words}.\n')["X"]
    (step,) = [tpl.abilities[0].effect]
    assert step.verb.name == "gain aember" and step.arg("n") == 2


def test_capture_with_no_creature_named_is_refused_on_an_action():
    """'capture 1 aember' on an action names no creature to hold it: E203."""
    with pytest.raises(CardScriptError) as err:
        _compile('card "X": action, house dis\n  Play: capture 1 aember.\n')
    assert err.value.code == "E203"
    assert "only a creature holds aember" in str(err.value)


def test_a_named_creature_may_capture_on_an_action():
    """'a friendly creature captures 2 aember' on an action reads: the creature is named."""
    tpl = _compile('card "X": action, house dis\n  Play: a friendly creature captures 2A.\n')["X"]
    assert tpl.abilities[0].effect.verb.name == "capture aember"


def test_stun_and_ready_and_fight_refuse_an_artifact():
    """Only a creature is stunned or used to fight: naming an artifact is E203."""
    for line in ("stun an enemy artifact", "ready and fight with a friendly artifact"):
        with pytest.raises(CardScriptError) as err:
            _compile(f'card "X": action, house dis\n  Play: {line}.\n')
        assert err.value.code == "E203"


def test_keywords_printed_as_sentences_are_the_keyword_line():
    """'Elusive. Skirmish.' and 'Hazardous 2.' give the keywords 'Elusive, Skirmish' would."""
    tpl = _compile('card "X": creature, house dis, power 2\n  Elusive. Skirmish.\n'
                   '  Hazardous 2.\n')["X"]
    assert tpl.keywords == {"elusive": True, "skirmish": True, "hazardous": 2}
    assert tpl.abilities == ()


def test_archive_a_card_is_from_hand_and_archive_this_card_is_the_card():
    """'archive a card' is the hand's ('archive from hand'); 'archive this card' the card."""
    cards = _compile('card "X": action, house logos\n  Play: archive a card.\n'
                     'card "Y": action, house logos\n  Play: archive this card.\n')
    assert cards["X"].abilities[0].effect.verb.name == "archive from hand"
    assert cards["Y"].abilities[0].effect.verb.name == "archive"


def test_the_formatter_keeps_a_number_and_its_icon_apart():
    """Rewriting 'steal 1A' with numbers in words keeps them apart: 'one aember'."""
    from cardscript.fmt.canonical import Conventions, canonical_text
    text = '# ruleset: keyforge\ncard "X": creature, house dis, power 2\n  Reap: steal 1A.\n'
    canon = canonical_text(text, rulesets.get("keyforge").language,
                           Conventions(amounts="words"), "x.cards")
    assert "one aember." in canon and "oneaember" not in canon.lower()


@pytest.mark.parametrize("line, verb", [
    ("ready and fight with a friendly creature", "ready and fight"),
    ("ready and reap with a friendly creature", "ready and reap"),
    ("ready and use a friendly creature", "ready and use"),
    ("fight with a friendly creature", "fight with"),
    ("reap with each friendly creature", "reap with"),
    ("use a friendly creature", "use"),
])
def test_ready_and_a_use_is_one_verb_beside_the_use_alone(line, verb):
    """'ready and fight with X' stays one verb now that 'fight with X' reads alone too."""
    tpl = _compile(f'card "X": action, house brobnar\n  Play: {line}.\n')["X"]
    assert tpl.abilities[0].effect.verb.name == verb


def test_fight_with_and_use_refuse_an_artifact():
    """Only a creature fights or is used by these verbs: naming an artifact is E203."""
    for line in ("fight with a friendly artifact", "use a friendly artifact"):
        with pytest.raises(CardScriptError) as err:
            _compile(f'card "X": action, house dis\n  Play: {line}.\n')
        assert err.value.code == "E203"


@pytest.mark.parametrize("line, n, m", [
    ("deal 2 damage to an enemy creature and each of its neighbors", 2, None),
    ("deal 3 damage to an enemy creature and 1 damage to each of its neighbors", 3, 1),
])
def test_damage_to_a_creature_and_each_of_its_neighbors_is_one_verb(line, n, m):
    """'... and each of its neighbors' is one step, not a step and words that read as none."""
    tpl = _compile(f'card "X": action, house brobnar\n  Play: {line}.\n')["X"]
    step = tpl.abilities[0].effect
    assert step.verb.name == "deal damage to neighbors too"
    assert (step.arg("n"), step.arg("m")) == (n, m)
