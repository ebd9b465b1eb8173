"""The board's versions and the cached card lists the engine's indexes are built from."""

from __future__ import annotations

from cardscript.compiler import compile_files
from cardscript.grammar import parse_text
from cardscript.interpreter.choices import ScriptedAnswers
from cardscript.interpreter.game import Game
from cardscript.interpreter.state import GameState
from cardscript.rulesets.sorcery import RULESET

CARDS = """
card "Bell": minion, cost 0, power 3
  Whenever a minion dies, you gain 1 life.

card "Pup": minion, cost 0, power 1
"""


def _game():
    cards = compile_files([parse_text(CARDS, "<state test>")], RULESET.language)
    state = GameState(["alice", "bob"], RULESET.zones, RULESET.counters, RULESET.card_ext)
    return Game(RULESET, state, ScriptedAnswers([], "first")), cards


def test_a_reacting_card_between_unwatched_zones_leaves_the_rules_version():
    """A card with triggers going from hand to the cast zone does not rebuild the indexes."""
    game, cards = _game()
    state = game.state
    bell = state.new_card(cards["Bell"], "alice")
    state.put(bell, "hand")
    before = state.rules_version
    state.put(bell, game.policy.cast_zone)
    assert state.rules_version == before
    state.put(bell, game.policy.play_zones[0])
    assert state.rules_version == before + 1


def test_reacting_in_lists_the_cards_with_hooks_in_zone_order():
    """reacting_in keeps in_zones' order, leaves plain cards out and follows every move."""
    game, cards = _game()
    state, realm = game.state, game.policy.play_zones[0]
    bells = [state.new_card(cards["Bell"], p) for p in ("bob", "alice")]
    pup = state.new_card(cards["Pup"], "alice")
    for c in (*bells, pup):
        state.put(c, realm)
    assert state.reacting_in(game.policy.play_zones) == [bells[1], bells[0]]
    state.put(bells[1], "cemetery")
    assert state.reacting_in(game.policy.play_zones) == [bells[0]]
    # A zone the game does not watch is followed through every zone change instead.
    state.put(bells[1], "hand")
    assert state.reacting_in(("hand",)) == [bells[1]]
    state.put(bells[1], "cemetery")
    assert state.reacting_in(("hand",)) == []


def test_without_a_game_every_zone_is_watched():
    """A board no game watches yet bumps rules_version for a reacting card's every move."""
    cards = compile_files([parse_text(CARDS, "<state test>")], RULESET.language)
    state = GameState(["alice"], RULESET.zones, RULESET.counters, RULESET.card_ext)
    bell = state.new_card(cards["Bell"], "alice")
    state.put(bell, "hand")
    before = state.rules_version
    state.put(bell, "cemetery")
    assert state.watched is None and state.rules_version == before + 1


def test_a_face_reads_as_its_template_until_dropped_or_the_card_leaves_play():
    """A face changes name, kind and hooks; drop_face takes back its key; leaving restores."""
    from cardscript.interpreter.state import Face
    game, cards = _game()
    state = game.state
    pup = state.new_card(cards["Pup"], "alice")
    state.put(pup, game.policy.play_zones[0])
    before = state.rules_version
    state.set_face(pup, Face(cards["Bell"], "a copy of Bell", ("copy", pup.id)))
    assert (pup.name, pup.tpl, pup.printed) == ("Bell", cards["Bell"], cards["Pup"])
    assert pup.reacts and state.rules_version > before
    state.set_face(pup, Face(cards["Pup"], "a minion", ("become", "x")))
    assert not state.drop_face(pup, ("become", "y")) and pup.tpl is cards["Pup"]
    assert state.drop_face(pup, ("become", "x")) and pup.name == "Bell"
    state.left(pup)
    assert (pup.name, pup.tpl, pup.faces) == ("Pup", cards["Pup"], [])


def test_in_zones_of_watched_zones_is_kept_until_a_card_enters_or_leaves_one():
    """A card moving between unwatched zones keeps the realm's list; one entering renews it."""
    game, cards = _game()
    state, zones = game.state, game.policy.play_zones
    pup = state.new_card(cards["Pup"], "alice")
    state.put(pup, zones[0])
    bell = state.new_card(cards["Bell"], "bob")
    listed = state.in_zones(zones)
    state.put(bell, "hand")
    state.put(bell, "cemetery")
    assert state.in_zones(zones) is listed and listed == [pup]
    state.put(bell, zones[0])
    assert state.in_zones(zones) == [pup, bell]
    state.put(pup, "cemetery")
    assert state.in_zones(zones) == [bell]
    # An unwatched zone's list follows every zone change.
    assert state.in_zones(("cemetery",)) == [pup]


def test_ongoing_effects_are_known_from_the_template_and_the_board():
    """has_static/has_static_kind read a card's own lines; has_statics a kind in play at all."""
    from cardscript.interpreter.rules import has_static, has_static_kind
    extra = compile_files([parse_text('card "Banner": minion, cost 0, power 1\n'
                                      '  Allied minions have airborne.\n', "<state test>")],
                          RULESET.language)
    game, cards = _game()
    state, realm = game.state, game.policy.play_zones[0]
    banner = state.new_card(extra["Banner"], "alice")
    pup = state.new_card(cards["Pup"], "alice")
    assert has_static(banner, "grant") and has_static_kind(banner, "grant")
    assert not has_static(pup, "grant") and not has_static_kind(pup, "grant")
    state.put(pup, realm)
    assert not game.has_statics("grant") and not game.has_keyword(pup, "airborne")
    state.put(banner, realm)
    assert game.has_statics("grant") and game.has_keyword(pup, "airborne")
    state.put(banner, "cemetery")
    assert not game.has_statics("grant") and not game.has_keyword(pup, "airborne")


KEPT = """
card "Drum": minion, cost 0, power 2
  Whenever a minion dies, you gain 1 life.
  Whenever an enemy minion enters play, you lose 1 life.
  Allied minions have airborne.

card "Horn": minion, cost 0, power 1
  Whenever a minion dies, your opponent loses 1 life.
  Other allied minions have +1 power while you control a site.

card "Pebble": minion, cost 0, power 1
"""


def test_indexes_kept_through_moves_equal_a_rebuild():
    """The hooks and ongoing-effects indexes, updated move by move, list what a rebuild lists."""
    from cardscript.interpreter import board, triggers
    cards = compile_files([parse_text(KEPT, "<state test>")], RULESET.language)
    game, _ = _game()
    state, realm = game.state, game.policy.play_zones[0]
    made = [state.new_card(cards[name], owner) for name, owner in (
        ("Drum", "bob"), ("Horn", "alice"), ("Pebble", "alice"), ("Drum", "alice"),
        ("Horn", "bob"), ("Drum", "bob"))]

    def both():
        triggers.hooks_index(game)
        board._statics_table(game)
        kept = (game._hooks_index, game._statics_index)
        game._hooks_index = game._statics_index = None
        return kept, (triggers.hooks_index(game), board._statics_table(game))

    both()
    moves = [(made[0], realm, None), (made[1], realm, None), (made[2], realm, None),
             (made[3], realm, None), (made[4], realm, "alice"), (made[1], "cemetery", None),
             (made[0], realm, None), (made[5], realm, None), (made[3], "hand", None),
             (made[1], realm, "bob"), (made[4], "cemetery", None), (made[5], realm, "alice")]
    updated = 0
    for card, zone, player in moves:
        version = state.rules_version
        state.put(card, zone, player)
        (hooks, statics), (hooks_again, statics_again) = both()
        updated += card.reacts and hooks[0] == statics[0] == version + 1
        assert hooks[1] == hooks_again and statics[1] == statics_again
    assert updated == len(moves) - 1        # each was updated in place (Pebble: no index)
    assert {c.id for c, _, _ in triggers.hooks_index(game)["die"]} == \
        {"Drum", "Horn", "Drum#3"}


def test_of_kind_lists_the_cards_of_a_kind_and_follows_moves_and_faces():
    """of_kind keeps in_zones' order and is read anew after a move or a face changing a kind."""
    from dataclasses import replace
    from cardscript.interpreter.state import Face
    game, cards = _game()
    state, zones = game.state, game.policy.play_zones
    bell, pup = state.new_card(cards["Bell"], "bob"), state.new_card(cards["Pup"], "alice")
    state.put(bell, zones[0])
    state.put(pup, zones[0])
    assert state.of_kind(zones, "minion") == [pup, bell]
    assert state.of_kind(zones, "minion") is state.of_kind(zones, "minion")
    state.set_face(pup, Face(replace(cards["Pup"], kind="site"), "test", "k"))
    assert state.of_kind(zones, "minion") == [bell] and state.of_kind(zones, "site") == [pup]
    state.put(bell, "cemetery")
    assert state.of_kind(zones, "minion") == []
