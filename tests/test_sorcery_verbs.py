"""Sorcery's triggers on a card's own acts, forced movement, targets and volleys
(rulesets/sorcery/own_acts.py, forced.py, volleys.py): how each form reads, what it refuses, and
rules the scenarios under cards/sorcery/scenarios do not pin on their own."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.fmt.render import card_text
from cardscript.grammar import parse_text
from conftest import play_sorcery, run_sorcery

LANG = rulesets.get("sorcery").language


def _templates(text: str) -> dict:
    return compile_files([parse_text("# ruleset: sorcery\n" + text, "a.cards")], LANG)


def _first_step(tpl):
    step = tpl.abilities[0].effect
    while not hasattr(step, "args"):
        step = step.items[0] if hasattr(step, "items") else step.body
    return step


def test_a_trigger_clause_opening_a_plain_line_is_a_triggered_ability():
    """'For every point of damage this deals ..., EFFECT.' on a permanent is a trigger on
    point_of_damage, its dealer the card itself, not an ongoing effect."""
    tpl = _templates('card "Tick": minion, cost 2, power 1\n'
                     '  For each point of damage this deals to an enemy minion, you gain 1 life.\n'
                     )["Tick"]
    ab = tpl.abilities[0]
    assert ab.kind == "triggered"
    assert ab.hook.happening == "point_of_damage"
    assert ab.hook.filter.get("self_card") is True


def test_the_trigger_clause_is_written_back_without_a_trigger_word():
    """explain --text writes the clause as printed, with no 'Whenever' before it."""
    tpl = _templates('card "Tick": minion, cost 2, power 1\n'
                     '  For each point of damage this deals to an enemy minion, you gain 1 life.\n'
                     )["Tick"]
    text = card_text(tpl, LANG)
    assert "\n  For every point of damage this minion deals to an enemy minion," in text
    assert "Whenever" not in text


def test_a_plain_line_that_opens_with_no_pattern_is_still_an_ongoing_effect_error():
    """A permanent's line whose first clause is no trigger pattern is refused as before."""
    with pytest.raises(SemanticError) as e:
        _templates('card "Odd": minion, cost 2, power 1\n'
                   '  For a while this waits, you gain 1 life.\n')
    assert e.value.code in ("E201", "E210")


def test_there_without_a_place_before_it_is_the_cards_own_square():
    """'there' with no place named before it reads as 'here'."""
    tpl = _templates('card "Near": magic, cost 1\n  Deal 1 damage to each unit there.\n')["Near"]
    assert dict(_first_step(tpl).args)["what"].place.ref == "here"


def test_there_after_a_target_is_that_target():
    """'there' after 'Target a site.' reads the targeted site's square, not the card's."""
    tpl = _templates('card "Far": magic, cost 1\n'
                     '  Target a site. Deal 1 damage to each unit there.\n')["Far"]
    second = tpl.abilities[0].effect.items[1]
    while not hasattr(second, "args"):
        second = second.body
    place = dict(second.args)["what"].place
    assert place.ref in ("of", "slot") and place.ref != "here"


def test_they_each_deal_needs_a_volley_before_it():
    """'They each deal N damage to' anything but the first unit they hit is E203."""
    with pytest.raises(SemanticError) as e:
        _templates('card "Lone": magic, cost 1\n  They each deal 1 damage to target unit.\n')
    assert e.value.code == "E203"


_run = run_sorcery       # the run's result, whether it succeeded or not


STAR = 'card "Twin Stars": magic, cost 2\n  Target 2 nonadjacent sites.\n'
SITES = """
alice:
  hand: [Twin Stars]
  realm:
    - {card: Red Desert, id: d7, at: 7}
    - {card: Red Desert, id: d8, at: 8}
    - {card: Red Desert, id: d9, at: 9}
"""
MORE = SITES + "    - {card: Red Desert, id: d10, at: 10}\n"


def test_a_site_adjacent_to_one_targeted_is_not_offered(tmp_path):
    """After 7 is picked, the site at 8 beside it is no legal second target; 9 is."""
    bad = _run(tmp_path, STAR, MORE, "[{player: alice, cast: Twin Stars}]",
               "[{player: alice, kind: target, answer: d7}, "
               "{player: alice, kind: target, answer: d8}]")
    assert not bad["ok"]
    good = play_sorcery(tmp_path, STAR, MORE, "[{player: alice, cast: Twin Stars}]",
                        "[{player: alice, kind: target, answer: d7}, "
                        "{player: alice, kind: target, answer: d9}]")
    assert list(good["trace"][0]["did"]) == ["target Red Desert at 7, Red Desert at 9"]


def test_nonadjacent_targets_are_as_many_as_there_are(tmp_path):
    """With 8 picked first no second site is left: the spell targets one and resolves."""
    result = play_sorcery(tmp_path, STAR, SITES, "[{player: alice, cast: Twin Stars}]",
                          "[{player: alice, kind: target, answer: d8}]")
    assert list(result["trace"][0]["did"]) == ["target Red Desert at 8"]


def test_a_unit_moved_across_the_surface_reports_no_change_of_depth(tmp_path):
    """A pull from site to site is no surfacing: a 'whenever this surfaces' stays silent."""
    cards = ('card "Bob Float": minion, cost 2, power 1\n'
             '  Whenever this surfaces, you gain 1 life.\n'
             'card "Tug": magic, cost 1\n  Pull target minion to target site.\n')
    setup = """
alice:
  hand: [Tug]
  realm:
    - {card: Red Desert, id: d8, at: 8}
    - {card: Red Desert, id: d9, at: 9}
    - {card: Bob Float, at: 8}
"""
    result = play_sorcery(tmp_path, cards, setup,
                          "[{player: alice, cast: Tug, targets: [Bob Float, 9]}]")
    assert [e["kind"] for e in result["trace"]] == ["cast", "move"]


def test_a_second_trigger_on_a_line_is_an_ability_of_its_own():
    """'When A, X. When B, Y.' on one line is two triggered abilities, each its own hook."""
    tpl = _templates('card "Digger": minion, cost 2, power 1\n  Burrowing\n'
                     '  When this burrows, you gain 1 life. When this unburrows, draw a spell.\n'
                     )["Digger"]
    hooks = [ab.hook.happening for ab in tpl.abilities if ab.kind == "triggered"]
    assert hooks == ["burrow", "unburrow"]


def test_a_card_named_before_may_is_what_the_verb_acts_on():
    """'a nearby allied minion may burrow' asks 'may' and burrows the minion chosen."""
    tpl = _templates('card "Digger": minion, cost 2, power 1\n'
                     '  Tap → A nearby allied minion may burrow.\n')["Digger"]
    may = tpl.abilities[0].effect
    assert type(may).__name__ == "MayT" and may.body.verb.name == "burrow"


def test_a_random_place_keeps_what_the_place_names():
    """'a random water site' picks among water sites: the place keeps its trait."""
    tpl = _templates('card "Hop": magic, cost 1\n'
                     '  Teleport target minion to a random water site.\n')["Hop"]
    where = dict(_first_step(tpl).args)["where"]
    assert (where.ref, where.trait) == ("random", "water")


def test_a_participle_after_a_comma_joins_the_step_it_explains():
    """'lure X, drawing it one step closer to them' is one lure step, not two."""
    tpl = _templates('card "Caller": minion, cost 2, power 1\n'
                     '  Tap → Lure target enemy unit, drawing it one step closer to them.\n'
                     )["Caller"]
    assert _first_step(tpl).verb.name == "lure"
    assert type(tpl.abilities[0].effect).__name__ == "Do"


def test_a_participle_that_joins_nothing_is_still_an_error():
    """A participle step that reads with nothing before it is refused as before."""
    with pytest.raises(SemanticError):
        _templates('card "Odd": minion, cost 2, power 1\n'
                   '  Tap → Draw a spell, singing loudly.\n')
