"""'If PLAYER controls CARDS, ...': a condition on what a named player controls, in every game.

`{who:player} controls {what:cards}` (and `doesn't control`) holds when the player the words
name controls a card in play that fits the selector. 'you control' keeps its own entry
(common.py); this one reads the other player words:

- one player: 'its controller', 'its owner' (the player of what 'it' would name there,
  compiler/its_player.py: after 'Whenever this unit destroys a unit', the destroyed unit's),
  'your opponent', 'they' (the decider of a 'may' before it): interpreter/players.py
  `player_named`;
- several: 'an opponent' holds when any opponent does, 'each opponent' and 'each player'
  when every one of them does (English reads them so; no player is chosen for a test).

The cards found are kept in the selector's slot, so a later 'it' names what they control.
"""

from __future__ import annotations

from dataclasses import replace

# Player words naming several players, and whether each of them must control the cards.
_SEVERAL = {"chosen_opponent": False, "opponents": True, "each": True}


def register(lang) -> None:
    """The conditions of this module: 'its controller controls CARDS', "... doesn't control"."""

    @lang.condition("player controls", "{who:player} control|controls {what:cards}")
    def player_controls(game, ev, args):
        return _controls(game, ev, args["who"], args["what"])

    @lang.condition("player does not control",
                    "{who:player} doesn't|don't|dont|doesnt control {what:cards}",
                    "{who:player} does|do not control {what:cards}")
    def player_does_not_control(game, ev, args):
        return not _controls(game, ev, args["who"], args["what"])


def controlled_by(game, ev, sel, player) -> list:
    """The cards in play `player` controls that `sel` fits, wherever they stand (this
    module's conditions, and 'you control CARDS' in common.py)."""
    unplaced = replace(sel, place=None)
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.controller == player and game.matches(unplaced, c, ev)]


def _controls(game, ev, who, sel) -> bool:
    """Whether the player(s) `who` names control a card in play that `sel` fits."""
    if who.__class__ is str and who in _SEVERAL:
        players = game.players_named(ev, "each" if who == "each" else "opponents")
        test = all if _SEVERAL[who] else any
    else:
        players, test = [game.player_named(ev, who)], all
    found = {p: controlled_by(game, ev, sel, p) for p in players}
    held = bool(players) and test(found[p] for p in players)
    cards = [c for p in players for c in found[p]]
    if held and cards and sel.slot:
        ev.slots[sel.slot] = cards                 # 'it' can name what they control
    return held
