"""Death's Door as a condition of card text: 'if you are at Death's Door, ...', 'while an
opponent is at Death's Door' (docs/rulesets/sorcery.md, "Avatars, life and Death's Door";
the codex's entry "Death's Door").

A player is at Death's Door from the moment their life reaches 0 until the game ends: their
avatar is then at the door and the next damage in a later turn is the death blow
(players.py `at_deaths_door`). The condition asks whether the player the words name is there
now: 'you' is the controller of the effect (or of the card whose ongoing line it is), 'an
opponent' or 'your opponent' any other player.
"""

from __future__ import annotations

from .players import at_deaths_door


def register(lang) -> None:
    """The conditions of this module."""

    @lang.condition("you at Death's Door", "you are at Death's Door",
                    "you're at Death's Door")
    def you_at_the_door(game, ev, args):
        return at_deaths_door(game, ev.controller)

    @lang.condition("an opponent at Death's Door", "an|your opponent is at Death's Door")
    def an_opponent_at_the_door(game, ev, args):
        return any(at_deaths_door(game, p) for p in game.turn_order() if p != ev.controller)
