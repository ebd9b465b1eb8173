"""Triggered abilities granted to a card: heard through the hooks index while they last."""

from __future__ import annotations

from cardscript.compiler import compile_files
from cardscript.grammar import parse_text
from cardscript.interpreter import triggers
from cardscript.interpreter.choices import ScriptedAnswers
from cardscript.interpreter.game import Game
from cardscript.interpreter.state import GameState
from cardscript.rulesets.sorcery import RULESET

CARDS = """
card "Vow": magic, cost 0
  Target ally gains "Whenever it kills a minion, untap it" this turn.

card "Drum": minion, cost 0, power 2
  Whenever a minion dies, you gain 1 life.

card "Pebble": minion, cost 0, power 1
"""


def _setup():
    cards = compile_files([parse_text(CARDS, "<granted test>")], RULESET.language)
    state = GameState(["alice", "bob"], RULESET.zones, RULESET.counters, RULESET.card_ext)
    game = Game(RULESET, state, ScriptedAnswers([], "first"))
    ability = dict(cards["Vow"].abilities[0].effect.args)["ability"]
    return game, cards, ability


def _rebuilt(game):
    kept = game._hooks_index
    game._hooks_index = None
    again = triggers.hooks_index(game)
    game._hooks_index = kept
    return again


def test_a_grant_is_heard_and_the_index_kept_in_place_equals_a_rebuild():
    """Granting and taking back change the index in place, and it lists what a rebuild lists."""
    game, cards, ability = _setup()
    state, realm = game.state, game.policy.play_zones[0]
    drum = state.new_card(cards["Drum"], "alice")
    pebble = state.new_card(cards["Pebble"], "alice")
    state.put(drum, realm)
    state.put(pebble, realm)
    triggers.hooks_index(game)
    version = game._hooks_index[0]
    game.grant_ability(pebble, ability)
    kept = game._hooks_index
    assert kept[0] == version                       # no rebuild for the grant
    kind = ability.hook.happening
    assert [(c.id, ab.text) for c, ab, _ in kept[1][kind]][-1] == \
        ("Pebble", ability.text)
    assert kept[1] == _rebuilt(game)
    assert game.take_back_ability(pebble, ability.text)
    assert game._hooks_index[0] == version
    assert all(c is not pebble for c, _, _ in game._hooks_index[1].get(kind, ()))
    assert game._hooks_index[1] == _rebuilt(game)
    assert not game.take_back_ability(pebble, ability.text)


def test_a_card_leaving_the_trigger_zones_loses_its_grants():
    """A card with a grant that leaves play loses it; the index no longer lists it."""
    game, cards, ability = _setup()
    state, realm = game.state, game.policy.play_zones[0]
    pebble = state.new_card(cards["Pebble"], "alice")
    state.put(pebble, realm)
    game.grant_ability(pebble, ability)
    state.put(pebble, "cemetery")
    assert game._granted == []
    index = triggers.hooks_index(game)
    assert all(c is not pebble for rows in index.values() for c, _, _ in rows)


def test_the_same_ability_given_twice_is_heard_until_both_are_taken_back():
    """Given twice to one card, an ability keeps one row per grant; taking one back keeps the
    other, as a rebuild lists it."""
    game, cards, ability = _setup()
    state, realm = game.state, game.policy.play_zones[0]
    pebble = state.new_card(cards["Pebble"], "alice")
    state.put(pebble, realm)
    triggers.hooks_index(game)
    game.grant_ability(pebble, ability)
    game.grant_ability(pebble, ability)
    kind = ability.hook.happening
    assert sum(c is pebble for c, _, _ in game._hooks_index[1][kind]) == 2
    game.take_back_ability(pebble, ability.text)
    assert sum(c is pebble for c, _, _ in game._hooks_index[1][kind]) == 1
    assert game._hooks_index[1] == _rebuilt(game)
