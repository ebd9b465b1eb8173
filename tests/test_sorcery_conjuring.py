"""Sorcery's conjuring (rulesets/sorcery/conjuring.py): the `conjure` happening and its
triggers, where an artifact may be conjured, and the cost of the first conjured at a place."""

from __future__ import annotations

import pytest

from conftest import play_sorcery, run_sorcery
from cardscript.grammar import get_parser

CARDS = '''
card "Field": site
card "Seer": avatar, power 1
card "Sage": avatar, power 1
card "Weaver": minion, cost 0, power 1
  Whenever you conjure an aura, draw a spell.
card "Watcher": minion, cost 0, power 1
  Whenever an opponent conjures an artifact here, gain 1 life.
card "Tinker": minion, cost 0, power 1
  You may conjure artifacts here.
card "Mire": aura, cost 0
card "Trinket": artifact, cost 0
card "Pup": minion, cost 0, power 1
card "Note": magic, cost 0
  Draw a spell.
'''


def _traces(result, source):
    return [e for e in result["trace"] if e.get("source") == source]


def test_casting_an_aura_is_conjuring_it(tmp_path):
    """'Whenever you conjure an aura' hears the aura's cast entering the realm, once."""
    setup = ("alice: {hand: [Mire, Trinket, Pup], spellbook: [Note, Note], "
             "realm: [{card: Field, at: 3}, {card: Weaver, at: 3}]}")
    result = play_sorcery(tmp_path, CARDS, setup,
                          "[{player: alice, cast: Mire, at: 3}, {player: alice, cast: Trinket, "
                          "at: 3}, {player: alice, cast: Pup, at: 3}]")
    assert len(_traces(result, "Weaver")) == 1


def test_an_opponents_conjuring_is_not_yours(tmp_path):
    """'Whenever you conjure': an opponent conjuring an aura does not trigger it."""
    setup = ("alice: {spellbook: [Note], realm: [{card: Field, at: 3}, {card: Weaver, at: 3}]}\n"
             "bob: {hand: [Mire], realm: [{card: Field, at: 18}]}")
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: bob, cast: Mire, at: 18}]")
    assert _traces(result, "Weaver") == []


def test_a_place_after_the_conjured_card_filters_where(tmp_path):
    """'an opponent conjures an artifact here': at the Watcher's square only."""
    setup = ("alice: {realm: [{card: Field, at: 3}, {card: Watcher, at: 3}]}\n"
             "bob: {hand: [Trinket, Trinket], realm: [{card: Field, at: 18}, "
             "{card: Tinker, at: 3}]}")
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: bob, cast: Trinket, at: 18}, "
                                                  "{player: bob, cast: Trinket, at: 3}]")
    assert len(_traces(result, "Watcher")) == 1


def test_an_artifact_goes_to_no_void_without_its_text(tmp_path):
    """A player with an avatar conjures an artifact at a site, never into the void."""
    setup = "alice: {hand: [Trinket], realm: [{card: Seer, at: 3}, {card: Field, at: 3}]}"
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Trinket, at: 4}]")
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert "no site is there" in result["error"]["message"]


def test_you_may_conjure_here_is_for_its_controller_only(tmp_path):
    """'You may conjure artifacts here' on bob's minion does not let alice conjure there."""
    setup = ("alice: {hand: [Trinket], realm: [{card: Seer, at: 3}, {card: Field, at: 3}]}\n"
             "bob: {realm: [{card: Sage, at: 18}, {card: Field, at: 18}, "
             "{card: Tinker, at: 18}]}")
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Trinket, at: 18}]")
    assert not result["ok"] and "bob controls it" in result["error"]["message"]


def test_an_artifact_onto_a_bearer_goes_where_the_bearer_stands(tmp_path):
    """An artifact cast onto a unit of its player's may go to a site another controls."""
    setup = ("alice: {hand: [Trinket], realm: [{card: Seer, at: 3}, {card: Field, at: 3}, "
             "{card: Pup, at: 18}]}\nbob: {realm: [{card: Field, at: 18}]}")
    play_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Trinket, bearer: Pup}]")


@pytest.mark.parametrize("line", ["Whenever you conjure an aura, draw a spell.",
                                  "When an opponent conjures a relic here, draw a spell.",
                                  "All players may conjure Monuments here.",
                                  "You may conjure artifacts here.",
                                  "The first aura conjured here each turn costs 3 more mana."])
def test_fast_parser_agrees_with_lark_on_conjuring(line):
    """The fast driver builds what Lark builds for the lines of conjuring."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": site\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)


UNDER = CARDS + '''
card "Pool": site, water
card "Box": artifact, cost 0
  An opponent chooses which of your sites you conjure this under.
'''


def test_a_card_conjured_under_a_site_takes_no_square_of_its_caster(tmp_path):
    """'An opponent chooses which ... you conjure this under': a cast naming at: is S206."""
    setup = "alice: {hand: [Box], realm: [{card: Seer, at: 3}, {card: Field, at: 3}]}"
    result = run_sorcery(tmp_path, UNDER, setup, "[{player: alice, cast: Box, at: 3}]")
    assert not result["ok"] and "takes no at:" in result["error"]["message"]


def test_a_card_with_no_site_to_go_under_is_refused(tmp_path):
    """No site of the kind named: the cast is an illegal action, nothing paid."""
    setup = "alice: {hand: [Box], realm: [{card: Seer, at: 3}]}\nbob: {realm: [{card: Field, at: 18}]}"
    result = run_sorcery(tmp_path, UNDER, setup, "[{player: alice, cast: Box}]")
    assert not result["ok"] and "no site to be conjured under" in result["error"]["message"]


def test_beneath_a_water_site_is_underwater(tmp_path):
    """The only site, a water site: no question, and the card lies underwater beneath it."""
    setup = "alice: {hand: [Box], realm: [{card: Seer, at: 3}, {card: Pool, at: 3}]}"
    result = play_sorcery(tmp_path, UNDER, setup, "[{player: alice, cast: Box}]")
    box = next(c for c in result["state"]["cards"] if c["name"] == "Box")
    assert (box["at"], box["region"]) == (3, "underwater")


SACRIFICE = CARDS + '''
card "Chest": artifact, cost 0
  Bearer — Sacrifice this Chest → If above ground, draw a spell.
'''


def test_a_disabled_bearer_cannot_sacrifice_its_artifact(tmp_path):
    """'Bearer — Sacrifice this Chest →': a disabled bearer can't pay (S205), nothing moves."""
    setup = ("alice: {spellbook: [Note], realm: [{card: Field, at: 3}, "
             "{card: Pup, at: 3, disabled: true}, {card: Chest, carried_by: Pup}]}")
    result = run_sorcery(tmp_path, SACRIFICE, setup, "[{player: alice, activate: Chest}]")
    assert not result["ok"] and result["error"]["code"] == "S205"
    assert "disabled" in result["error"]["message"]


def test_a_bearer_sacrifices_this_by_the_cards_own_name(tmp_path):
    """'Sacrifice this Chest' reads as the bearer's cost: the Chest goes, a spell is drawn."""
    setup = ("alice: {spellbook: [Note], realm: [{card: Field, at: 3}, {card: Pup, at: 3}, "
             "{card: Chest, carried_by: Pup}]}")
    result = play_sorcery(tmp_path, SACRIFICE, setup, "[{player: alice, activate: Chest}]")
    assert result["state"]["players"]["alice"]["zones"]["hand"] == ["Note"]
    assert result["state"]["players"]["alice"]["zones"]["cemetery"] == ["Chest"]


@pytest.mark.parametrize("line", ["An opponent chooses which of your Desert sites you conjure "
                                  "this under.",
                                  "Bearer — Sacrifice this X → If above ground, draw a spell."])
def test_fast_parser_agrees_with_lark_on_conjuring_under(line):
    """The fast driver builds what Lark builds for conjuring under and a bearer's sacrifice."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": artifact\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)
