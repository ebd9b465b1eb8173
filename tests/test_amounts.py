"""Counted amounts: 'for each CARDS' and 'NOUN equal to AMOUNT' in place of a verb's number."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.amounts import (amount_shapes, equal_shape, number_slots,
                                         trailing_shape)
from cardscript.compiler.codec import templates_from_data, templates_to_data
from cardscript.compiler.template import Do
from cardscript.errors import CardScriptError
from cardscript.fmt.render import card_text
from cardscript.fmt.sameness import meaning
from cardscript.grammar import parse_text
from cardscript.language.amounts import Counted, step_selectors
from cardscript.language.shapes import compile_shape
from cardscript.scenario.runner import load_pool

AMOUNT_FILES = {name: ROOT / "cards" / name / "scenarios" / "cards" / "amounts.cards"
                for name in ("sorcery", "keyforge", "grand_archive", "mage_noir")}


def _compile(text: str, ruleset: str = "sorcery") -> dict:
    lang = rulesets.get(ruleset).language
    return compile_files([parse_text(text, "t.cards")], lang,
                         base=load_pool(rulesets.get(ruleset)))


def _step(text: str, ruleset: str = "sorcery"):
    """The one step of a one-card file's spell."""
    (tpl,) = [t for n, t in _compile(text, ruleset).items() if n == "T"]
    return tpl.abilities[-1].effect


def _error(text: str, ruleset: str = "sorcery") -> CardScriptError:
    with pytest.raises(CardScriptError) as got:
        _compile(text, ruleset)
    return got.value


def test_for_each_makes_a_counted_number_of_the_step():
    """'Gain 1 life for each site you control' is the gain-life verb, its number a Counted of
    the sites, times 1; the step is marked counted."""
    step = _step('card "T": magic, cost 1\n  Gain 2 life for each site you control.\n')
    assert step.verb.name == "gain life" and step.counted
    n = step.arg("n")
    assert isinstance(n, Counted) and n.times == 2 and n.stat is None
    assert n.of.kinds == frozenset({"site"}) and n.of.controller == "you"


def test_a_written_number_is_no_counted_step():
    """A step of written numbers is not marked: the interpreter's one look finds nothing."""
    step = _step('card "T": magic, cost 1\n  Gain 2 life.\n')
    assert step.counted is False and step.arg("n") == 2


def test_a_card_is_a_count_of_one_and_a_count_left_out_is_one():
    """'Draw a spell for each ...' counts 1 spell a card."""
    step = _step('card "T": magic, cost 1\n  Draw a spell for each minion you control.\n')
    assert step.verb.name == "draw" and step.arg("n").times == 1


def test_equal_to_the_number_of_and_for_each_compile_alike():
    """'gain life equal to the number of sites you control' and 'gain 1 life for each site
    you control' are one meaning (so one canonical text)."""
    a = _compile('card "T": magic, cost 1\n'
                 '  Gain life equal to the number of sites you control.\n')
    b = _compile('card "T": magic, cost 1\n  Gain 1 life for each site you control.\n')
    assert meaning(a["T"]) == meaning(b["T"])


def test_the_counted_cards_are_no_antecedent_and_take_no_slot():
    """The cards counted take no slot, so the target after them has the slot it has without
    the amount, and a later 'it' names the target, not them."""
    plain = _step('card "T": magic, cost 1\n  Deal 2 damage to target minion.\n')
    counted = _step('card "T": magic, cost 1\n  Deal damage equal to the number of sites you '
                    'control to target minion.\n')
    assert counted.arg("what").slot == plain.arg("what").slot
    assert counted.arg("n").of.slot is None


def test_its_with_nothing_before_it_is_the_card_itself():
    """'Genesis → Deal damage equal to its power to ...': the stat of the card whose line
    it is."""
    step = _step('card "T": minion, cost 2, power 2\n'
                 '  Genesis → Deal damage equal to its power to target minion.\n')
    n = step.arg("n")
    assert n.stat == "power" and n.of.pick == "self"


def test_its_after_a_target_is_that_target():
    """'Kill target minion, then gain life equal to its power': the killed minion's power."""
    (tpl,) = [t for n, t in _compile('card "T": magic, cost 1\n  Kill target minion, then gain '
                                     'life equal to its power.\n').items() if n == "T"]
    kill, then = tpl.abilities[0].effect.items
    assert then.body.arg("n").of.slot == kill.arg("what").slot


def test_equal_shape_puts_the_amount_after_the_noun():
    """A shape's amount form takes its number out and says 'equal to' after its noun; a shape
    with no number, or with the number last, has none."""
    assert equal_shape(compile_shape("deal {n:number} damage to {what:cards}")) == \
        "deal damage equal to {n:amount} to {what:cards}"
    assert equal_shape(compile_shape("draw {n:count?} {what:cardtype}")) == \
        "draw {what:cardtype} equal to {n:amount}"
    assert equal_shape(compile_shape("kill|kills {what:cards}")) is None
    assert equal_shape(compile_shape("lasts {n:number}")) is None


def test_trailing_shape_puts_the_amount_at_the_end():
    """A shape's trailing form says 'equal to' at its end, after the cards; a shape whose noun
    ends it has none (its amount shape ends it already), nor has one with no number."""
    assert trailing_shape(compile_shape("deal {n:number} damage to {what:cards}")) == \
        "deal damage to {what:cards} equal to {n:amount}"
    assert trailing_shape(compile_shape("gain {n:number} life")) is None
    assert trailing_shape(compile_shape("draw {n:count?} {what:cardtype}")) is None
    assert trailing_shape(compile_shape("kill|kills {what:cards}")) is None


def test_its_after_the_target_is_the_target():
    """'Deal damage to target minion equal to its power': the target's power; said before the
    target, 'its' is the card itself."""
    after = _step('card "T": minion, cost 2, power 1\n'
                  '  Genesis → Deal damage to target minion equal to its power.\n')
    assert after.arg("n").of.slot == after.arg("what").slot and after.arg("n").stat == "power"
    before = _step('card "T": minion, cost 2, power 1\n'
                   '  Genesis → Deal damage equal to its power to target minion.\n')
    assert before.arg("n").of.pick == "self"


def test_the_canonical_text_keeps_the_amount_after_the_target():
    """explain --text writes a stat of the step's own target after it, so that 'its' still
    names the target, and a stat of the card itself before the target."""
    lang = rulesets.get("sorcery").language
    cards = _compile('card "T": minion, cost 2, power 1\n'
                     '  Genesis → Deal damage to target minion equal to its power.\n'
                     'card "U": minion, cost 2, power 1\n'
                     '  Genesis → Deal damage equal to its power to target minion.\n')
    assert "Deal damage to target minion equal to its power." in card_text(cards["T"], lang)
    assert "Deal damage equal to its power to target minion." in card_text(cards["U"], lang)


def test_amount_shapes_are_made_once_and_never_listed_in_the_vocabulary():
    """The amount shapes are kept in the language's memo, not added to its verbs."""
    lang = rulesets.get("keyforge").language
    shapes = amount_shapes(lang)
    assert shapes is amount_shapes(lang)
    texts = {s.text for v in lang.verbs for s in v.shapes}
    assert all(shape.text not in texts for _, shape, _ in shapes)
    assert any(shape.text.endswith("aember|æmber|amber|a equal to {n:amount}")
               for _, shape, _ in shapes)


def test_number_slots_are_read_from_every_shape():
    """A verb's number slots over its shapes ('n' for the shared draw verb)."""
    lang = rulesets.get("sorcery").language
    draw = next(v for v in lang.verbs if v.name == "draw")
    assert number_slots(draw) == ["n"]


def test_a_ruleset_shape_with_the_words_comes_first():
    """Sorcery's ongoing '+N power for each ...' is still its own ongoing effect."""
    (tpl,) = _compile('card "T": minion, cost 2, power 1\n'
                      '  This minion has +1 power for each minion you control.\n').values()
    assert tpl.abilities[0].kind == "static"


@pytest.mark.parametrize("text, code, said", [
    ("Gain 1 life for each glimmer you control.", "E213", "names no cards to count"),
    ("Gain 1 life for each target minion.", "E213", "targeted"),
    ("Gain 1 life for each minion you choose.", "E213", "chosen"),
    ("Destroy each minion for each site you control.", "E214", "has no number"),
    ("Gain life equal to its heft.", "E213", "no stat 'heft'"),
    ("Deal 1 damage to each minion for each minion for each site.", "E214",
     "counted already"),
    ("Deal damage equal to the number of sites you control to target minion for each minion.",
     "E214", "counted already"),
    ("Deal damage to target minion equal to its heft.", "E213", "no stat 'heft'"),
    ("Deal damage to target minion equal to its power for each site you control.", "E214",
     "counted already"),
])
def test_counted_amounts_that_count_nothing_are_refused(text, code, said):
    """Each refusal has its code and says what is wrong."""
    err = _error(f'card "T": magic, cost 1\n  {text}\n')
    assert err.code == code and said in err.message and err.hint


def test_a_stat_the_ruleset_lacks_is_refused_with_a_did_you_mean():
    """KeyForge reads power and armor: 'its powr' is E213 with 'did you mean'; Grand Archive
    has no armor."""
    err = _error('card "T": creature, house brobnar, power 2\n'
                 '  Reap: deal damage equal to its powr to each enemy creature.\n', "keyforge")
    assert err.code == "E213" and "power" in err.hint
    err = _error('card "T": action, cost 1\n'
                 "  Deal damage equal to target ally's armor to target ally.\n", "grand_archive")
    assert err.code == "E213" and "life" in err.hint and "power" in err.hint


@pytest.mark.parametrize("name", sorted(AMOUNT_FILES))
def test_counted_amounts_round_trip_through_the_compiled_card_cache(name):
    """A Counted is stored and read back by the codec, and the step stays marked."""
    ruleset = rulesets.get(name)
    fresh = compile_files([parse_text(AMOUNT_FILES[name].read_text(encoding="utf-8"),
                                      str(AMOUNT_FILES[name]))], ruleset.language,
                          base=load_pool(rulesets.get(name)))
    data = templates_to_data(fresh, ruleset.language)
    back = templates_from_data(json.loads(json.dumps(data)), ruleset.language)
    assert back == fresh
    steps = [n for t in back.values() for a in t.abilities for n in _steps(a.effect)]
    assert any(s.counted for s in steps)
    assert all(s.counted == any(isinstance(v, Counted) for _, v in s.args) for s in steps)


def _steps(node):
    from cardscript.compiler.visit import walk
    return [n for n in walk(node) if type(n) is Do]


@pytest.mark.parametrize("name", sorted(AMOUNT_FILES))
def test_canonical_text_of_counted_amounts_reads_back_as_the_card(name):
    """explain --text writes each counted amount so that it compiles to the same card, and
    writing that text again gives the same text."""
    ruleset = rulesets.get(name)
    pool = load_pool(rulesets.get(name))
    cards = compile_files([parse_text(AMOUNT_FILES[name].read_text(encoding="utf-8"),
                                      "amounts.cards")], ruleset.language, base=pool)
    for tpl in cards.values():
        text = card_text(tpl, ruleset.language, known=pool)
        back = compile_files([parse_text(text + "\n", "back.cards")], ruleset.language,
                             base=pool)
        assert meaning(back[tpl.name]) == meaning(tpl), text
        assert card_text(back[tpl.name], ruleset.language, known=pool) == text


def test_a_count_is_written_for_each_and_a_stat_equal_to():
    """'equal to the number of' is written 'for each'; a stat is written 'equal to'."""
    lang = rulesets.get("sorcery").language
    cards = _compile('card "T": magic, cost 1\n  You lose life equal to the number of minions '
                     'in your cemetery.\n\ncard "U": minion, cost 2, power 2\n'
                     '  Genesis → Deal damage equal to its power to target minion.\n')
    assert "You lose 1 life for each minion in your cemetery." in card_text(cards["T"], lang)
    assert "Deal damage equal to its power to target minion." in card_text(cards["U"], lang)


def test_explain_says_what_a_counted_number_counts_and_when():
    """`explain` adds a line under a counted step: what it counts, counted as it resolves."""
    from cardscript.explain import explain_card
    ruleset = rulesets.get("sorcery")
    cards = _compile('card "T": magic, cost 1\n  Gain 2 life for each site you control.\n\n'
                     'card "U": minion, cost 2, power 2\n'
                     '  Genesis → Deal damage equal to its power to target minion.\n')
    assert "its number (n): 2 for each card that fits 'site you control', counted as the " \
        "step resolves" in explain_card(cards["T"], ruleset)
    assert "its number (n): power of this card, counted as the step resolves" in \
        explain_card(cards["U"], ruleset)


def test_a_card_type_before_equal_to_is_written_plural():
    """'Draw spells equal to its power' is written so, not 'Draw spell equal to ...'."""
    lang = rulesets.get("sorcery").language
    cards = _compile('card "T": minion, cost 2, power 3\n  Tap → Draw spells equal to its '
                     'power.\n')
    assert "Tap → Draw spells equal to its power." in card_text(cards["T"], lang)


def test_a_cost_of_casting_is_never_counted():
    """Sorcery's cost of casting is checked before the cast and paid whole: a counted one is
    refused (E203) rather than read."""
    err = _error('card "T": magic, cost 1\n  As an additional cost to cast this, pay 1 life '
                 'for each minion you control.\n  Draw a spell.\n')
    assert err.code == "E203" and "paid whole" in err.message


@pytest.mark.parametrize("ruleset,text", [
    ("sorcery", "Deal damage equal to target minion's power to target minion."),
    ("grand_archive", "Deal damage equal to target ally's power to target ally."),
])
def test_a_target_inside_an_amount_is_declared_first_in_text_order(ruleset, text):
    """A target an amount reads is a declared target of its ability, before a target the
    text names after it; step_selectors gives it in the same order, marked as the amount's."""
    kind = {"sorcery": "magic", "grand_archive": "action"}[ruleset]
    (tpl,) = [t for n, t in _compile(f'card "T": {kind}, cost 1\n  {text}\n', ruleset).items()
              if n == "T"]
    ability = tpl.abilities[-1]
    step = ability.effect
    declared = [slot for slot, _ in ability.targets]
    assert [(sel.slot, amount) for sel, amount in step_selectors(step.args)] == \
        [(declared[0], True), (declared[1], False)]


def test_mage_noir_announces_a_target_inside_an_amount_in_text_order():
    """Mage Noir's own announcing (chain.py `requests`) names an amount's target with the
    others, in the order the text says them ('equal to target permanent's HP, then target
    permanent ...')."""
    from cardscript.rulesets.mage_noir.chain import requests
    (tpl,) = [t for n, t in _compile(
        'card "T": spell, cost 1\n  Earth\n  Each opponent loses HP equal to target '
        "permanent's HP, then target permanent gains 1 HP.\n", "mage_noir").items() if n == "T"]
    ability = tpl.abilities[-1]
    assert [(kind, sel.slot) for kind, sel in requests(ability)] == \
        [("card", slot) for slot, _ in ability.targets]
    assert len(ability.targets) == 2
