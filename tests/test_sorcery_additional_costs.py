"""Additional costs of casting (compiler/cast_costs.py, rulesets/sorcery/additional_costs.py):
the sentence read for each kind of card that is cast, refused where it cannot be paid or
means nothing, checked before anything is paid, and paid with the mana."""

from __future__ import annotations

import pytest

from conftest import play_sorcery, run_sorcery
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.cast_costs import KIND
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.rulesets.sorcery import additional_costs

CARDS = '''# ruleset: sorcery
card "Blood Pact": magic, cost 1
  As an additional cost to cast this, pay 2 life and discard a card. Draw a spell.

card "Twin Offering": magic, cost 0
  As an additional cost to cast this, sacrifice two allied minions.
  Gain 5 life.

card "Clean Sweep": magic, cost 0
  As an additional cost to cast this, sacrifice each allied minion.
  Draw a spell.

card "Toll Rite": magic, cost 0
  You may pay 2 life. If you do, draw a spell.

card "Grunt": minion Mortal, cost 1, power 1

card "Plain": site
'''


def _compile(text: str, ruleset: str = "sorcery"):
    return compile_files([parse_text(text, "t.cards")], rulesets.get(ruleset).language)


def test_the_sentence_is_a_cast_cost_ability_before_the_spell():
    """The first sentence is the cost (its steps in order), the rest of the line the spell."""
    tpl = _compile(CARDS)["Blood Pact"]
    cost, spell = tpl.abilities
    assert cost.kind == KIND and spell.kind == "spell"
    assert [d.verb.name for d in cost.effect.items] == ["pay life", "discard"]
    assert spell.text == "Draw a spell" and tpl.spell_abilities == [spell]


def test_the_ruleset_and_the_compiler_name_the_same_kind():
    """Sorcery reads the abilities the compiler makes of the sentence (one kind name)."""
    assert additional_costs.KIND == KIND


def test_every_ruleset_reading_the_sentence_pays_it():
    """A language that names the opening has a `cast_costs` that pays it: no sentence is
    accepted with nothing behind it."""
    for name in rulesets.available():
        ruleset = rulesets.get(name)
        if ruleset.language.cast_cost_leads:
            assert ruleset.cast_costs is not None, name


def test_a_game_without_the_opening_refuses_the_sentence():
    """Grand Archive names no opening: the words read as any other phrase, and fail (E201)."""
    with pytest.raises(CardScriptError) as err:
        _compile('card "Oath": action, cost 1\n'
                 '  As an additional cost to cast this, pay 2 life. Draw a card.\n',
                 "grand_archive")
    assert err.value.code == "E201"


@pytest.mark.parametrize("card, words", [
    ('card "X": site\n  As an additional cost to cast this, pay 2 life.\n', "is never cast"),
    ('card "X": token minion, power 1\n  As an additional cost to cast this, pay 2 life.\n',
     "a token is never cast"),
    ('card "X": magic, cost 1\n  As an additional cost to cast this, draw a spell.\n'
     '  Gain 1 life.\n', "'draw a spell' is no cost of casting"),
    ('card "X": magic, cost 1\n  As an additional cost to cast this, sacrifice target '
     'minion.\n  Gain 1 life.\n', "names no target"),
    ('card "X": magic, cost 1\n  As an additional cost to cast this, your opponent discards '
     'a card.\n  Gain 1 life.\n', "the caster pays"),
    ('card "X": magic, cost 1\n  As an additional cost to cast this, sacrifice up to two '
     'minions.\n  Gain 1 life.\n', "paid whole"),
])
def test_a_cost_that_is_none_of_the_casters_is_refused(card, words):
    """E203: on a card never cast, a step that is no cost, a target, another payer, 'up to'."""
    with pytest.raises(CardScriptError) as err:
        _compile("# ruleset: sorcery\n" + card)
    assert err.value.code == "E203" and words in err.value.message


def test_the_sentence_renders_back_first_and_compiles_the_same():
    """The canonical text writes the cost on a line of its own, first; read again it is the
    same card."""
    from cardscript.fmt.render import card_text
    from cardscript.fmt.sameness import meaning
    lang = rulesets.get("sorcery").language
    tpl = _compile(CARDS)["Blood Pact"]
    text = card_text(tpl, lang)
    lines = text.splitlines()
    assert lines[1:] == ["  As an additional cost to cast this, pay 2 life, discard a card.",
                         "  Draw a spell."]
    again = _compile("# ruleset: sorcery\n" + text + "\n")["Blood Pact"]
    assert meaning(again) == meaning(tpl)


def _setup(hand: str, realm: str = "", life: int = 10) -> str:
    return f'''
alice:
  life: {life}
  hand: [{hand}]
  spellbook: [Grunt, Grunt]
  realm:
    - {{card: Plain, at: 8}}
{realm}
bob:
  realm:
    - {{card: Plain, at: 9}}
    - {{card: Grunt, id: bob-grunt, at: 9}}
'''


def test_two_minions_sacrificed_are_picked_together(tmp_path):
    """'sacrifice two allied minions': the caster names two of their three."""
    realm = "\n".join(f"    - {{card: Grunt, id: g{i}, at: 8}}" for i in (1, 2, 3))
    result = play_sorcery(tmp_path, CARDS, _setup("Twin Offering", realm),
                          "[{player: alice, cast: Twin Offering}]",
                          "[{player: alice, kind: target, answer: [g1, g3]}]")
    cast = result["trace"][0]
    assert cast["paid"] == "sacrifice Grunt, sacrifice Grunt"
    zones = {c["id"]: c["zone"] for c in result["state"]["cards"]}
    assert (zones["g1"], zones["g2"], zones["g3"]) == ("cemetery", "realm", "cemetery")
    assert zones["bob-grunt"] == "realm"


def test_one_minion_is_not_enough_for_two(tmp_path):
    """With one allied minion, a cost of two is refused and the minion stays (S202)."""
    result = run_sorcery(tmp_path, CARDS,
                         _setup("Twin Offering", "    - {card: Grunt, id: g1, at: 8}"),
                         "[{player: alice, cast: Twin Offering}]")
    assert result["error"]["code"] == "S202"
    assert "controls 1 cards that fit 'two allied minions'" in result["error"]["message"]
    assert {c["id"]: c["zone"] for c in result["state"]["cards"]}["g1"] == "realm"


def test_each_allied_minion_is_paid_even_when_there_is_none(tmp_path):
    """'sacrifice each allied minion' takes all of them, asks nothing, and with none costs
    nothing: the spell is cast."""
    result = play_sorcery(tmp_path, CARDS, _setup("Clean Sweep"),
                          "[{player: alice, cast: Clean Sweep}]")
    assert list(result["trace"][0]["did"]) == ["alice draws Grunt"]
    assert result["trace"][0]["paid"] == \
        "sacrifice each allied minion: nothing alice controls to sacrifice"


def test_life_paid_is_checked_before_the_discard_is_asked(tmp_path):
    """With too little life nothing is asked or paid; the hand is as it was."""
    result = run_sorcery(tmp_path, CARDS, _setup("Blood Pact, Grunt", life=1),
                         "[{player: alice, cast: Blood Pact}]")
    assert result["error"]["code"] == "S202"
    alice = result["state"]["players"]["alice"]
    assert alice["zones"]["hand"] == ["Blood Pact", "Grunt"] and alice["counters"]["life"] == 1


def test_you_may_pay_life_is_offered_only_to_who_can(tmp_path):
    """The step 'pay N life' is a cost: 'you may' asks a pay question when the life is
    there; with too little it is not offered, and 'if you do' fails."""
    rich = play_sorcery(tmp_path, CARDS, _setup("Toll Rite", life=3),
                        "[{player: alice, cast: Toll Rite}]",
                        "[{player: alice, kind: pay, answer: true}]")
    assert rich["state"]["players"]["alice"]["counters"]["life"] == 1
    assert rich["state"]["players"]["alice"]["zones"]["hand"] == ["Grunt"]
    poor = play_sorcery(tmp_path, CARDS, _setup("Toll Rite", life=1),
                        "[{player: alice, cast: Toll Rite}]")
    assert poor["state"]["players"]["alice"]["counters"]["life"] == 1
    assert poor["state"]["players"]["alice"]["zones"]["hand"] == []
