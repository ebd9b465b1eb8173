"""Selectors that stand as predicates (compiler/predicates.py) and the shared condition that
reads them, 'CARDS is CARDS' (library/card_is.py): which slots are predicates, that a
predicate is no antecedent, its errors, and what the condition tests as a card resolves."""

from __future__ import annotations

import pytest

from conftest import play_sorcery
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.predicates import predicate_slots
from cardscript.compiler.template import CondT, Do, IfT
from cardscript.errors import CardScriptError
from cardscript.fmt.sameness import meaning
from cardscript.grammar import parse_text
from cardscript.language.registry import Language


def _compile(body: str, ruleset: str = "sorcery", header: str = 'card "X": magic, cost 1'):
    text = f"# ruleset: {ruleset}\n{header}\n  {body}\n"
    return compile_files([parse_text(text, "t.cards")], rulesets.get(ruleset).language)["X"]


def _condition(tpl) -> CondT:
    effect = tpl.abilities[0].effect
    (cond,) = next(i for i in effect.items if isinstance(i, IfT)).conditions
    return cond


def test_the_slot_after_is_or_are_is_a_predicate():
    """The shared 'is' condition's second slot is a predicate; 'you control CARDS' has none."""
    lang = rulesets.get("sorcery").language
    by_name = {c.name: c for c in lang.conditions}
    assert predicate_slots(by_name["is"]) == frozenset({"kind"})
    assert predicate_slots(by_name["control"]) == frozenset()


def test_a_predicate_takes_no_slot_and_a_later_its_names_the_subject():
    """'Discard a spell. If it is a minion, deal damage equal to its power to target minion':
    the description has no slot; 'its' is the card discarded, not a card the words describe."""
    tpl = _compile("Discard a spell. If it is a minion, deal damage equal to its power to "
                   "target minion.")
    discard, cond_if = tpl.abilities[0].effect.items
    (cond,) = cond_if.conditions
    args = dict(cond.args)
    assert args["kind"].slot is None and args["kind"].kinds == frozenset({"minion"})
    assert args["what"].slot == discard.gives
    deal = cond_if.body
    assert isinstance(deal, Do) and deal.arg("n").of.slot == discard.gives


def test_a_predicate_keeps_every_part_of_the_selector():
    """Side, kind and stat bound all stay in the description."""
    kind = dict(_condition(_compile("Draw a spell. If it is an allied minion with 3 or more "
                                    "power, gain 3 life.")).args)["kind"]
    assert kind.controller == "you" and kind.kinds == frozenset({"minion"})
    assert kind.stats == (("power", "min", 3),)


def test_one_and_several_describe_alike():
    """'If they are minions' and 'If it is a minion' compile to one meaning."""
    one = _compile("Draw two spells. If it is a minion, gain 2 life.")
    several = _compile("Draw two spells. If they are minions, gain 2 life.")
    assert meaning(one) == meaning(several)


@pytest.mark.parametrize("said", ["they are magic spells", "it is a magic spell",
                                  "they are magics", "they are magic", "it is a magic"])
def test_the_kind_magic_reads_in_every_form_the_game_prints(said):
    """'magic spells' (the kind's noun before 'spell'), 'magics' and the bare 'magic' all
    describe magic cards, one meaning with 'it is a magic'."""
    tpl = _compile(f"Draw two spells. If {said}, gain 2 life.")
    assert dict(_condition(tpl).args)["kind"].kinds == frozenset({"magic"})
    assert meaning(tpl) == meaning(_compile("Draw two spells. If it is a magic, gain 2 life."))


@pytest.mark.parametrize("text, said", [
    ("If it is target minion, gain 3 life.", "names a target"),
    ("If it is a spell magic, gain 3 life.", "no description of cards"),
    ("If it is a magic wizzard, gain 3 life.", "no description of cards"),
    ("If it is a minion you choose, gain 3 life.", "someone chooses"),
    ("If it is it, gain 3 life.", "named before it"),
    ("If it is a minion in the realm, gain 3 life.", "wherever they are"),
    ("If it is a wizzard, gain 3 life.", "no description of cards"),
])
def test_a_predicate_that_does_not_describe_is_refused(text, said):
    """Each is E215, saying what is wrong, with a hint."""
    with pytest.raises(CardScriptError) as got:
        _compile("Draw a spell. " + text)
    assert got.value.code == "E215" and said in got.value.message and got.value.hint


def test_other_rulesets_read_the_condition():
    """The condition is the shared library's: Grand Archive and KeyForge read it too."""
    cond = _condition(_compile("Deal 1 damage to target ally. If it is an ally with 2 or more "
                               "power, draw a card.", "grand_archive", 'card "X": action, cost 1'))
    assert cond.spec.name == "is"
    cond = _condition(_compile("Draw a card. If it is a creature, gain 1 aember.", "keyforge",
                               'card "X": action, house brobnar'))
    assert cond.spec.name == "is"


def test_a_general_condition_stays_after_the_others():
    """A condition registered as general is read after one registered later."""
    lang = Language("t")
    lang.condition("general", "{what:cards} is {kind:cards}", general=True)(lambda *a: True)
    lang.condition("tapped", "{what:cards} is tapped")(lambda *a: True)
    assert [c.name for c in lang.conditions] == ["tapped", "general"]
    other = Language("u")
    other.condition("wet", "{what:cards} is wet")(lambda *a: True)
    assert [c.name for c in other.extend(lang).conditions] == ["wet", "tapped", "general"]


CARDS = '''# ruleset: sorcery
card "Pile Reading": magic, cost 1
  Discard a spell. If it is a minion in your cemetery, gain 2 life.

card "Hand Reading": magic, cost 1
  Draw a spell. If it is a minion in your cemetery, gain 2 life.

card "Grunt": minion, cost 1, power 1

card "Plain": site
'''


def _setup(hand: str) -> str:
    return f'''
alice:
  mana: 3
  life: 10
  hand: [{hand}]
  spellbook: [Grunt]
  realm:
    - {{card: Plain, at: 8}}
    - {{card: Plain, at: 3}}
'''


def test_a_description_naming_a_pile_asks_that_the_card_lie_there(tmp_path):
    """'If it is a minion in your cemetery': a Grunt discarded lies there; a Grunt drawn is a
    minion too, but in the hand."""
    result = play_sorcery(tmp_path, CARDS, _setup("Pile Reading, Grunt"),
                          "[{player: alice, cast: Pile Reading}]",
                          "[{player: alice, kind: target, answer: Grunt}]")
    assert "alice gains 2 life" in result["trace"][0]["did"]
    result = play_sorcery(tmp_path, CARDS, _setup("Hand Reading"),
                          "[{player: alice, cast: Hand Reading}]")
    did = result["trace"][0]["did"]
    assert "alice draws Grunt" in did and "alice gains 2 life" not in did
