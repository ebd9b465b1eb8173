"""Losing half one's life: 'lose half your life, rounding up' (docs/rulesets/sorcery.md,
"Losing half your life").

The amount is half the player's life as the step resolves, rounded as the card says (up:
from 7 life, 4 are lost); it is lost, not dealt as damage, so nothing prevents it, and the
limits of life then apply (players.py `change_life`: at 0, Death's Door).

A player loses half their own life: the possessive agrees with the player who loses it
('you lose half your life', 'an opponent loses half their life'). One that names another
player's life ('an opponent loses half your life') would say an amount the step does not
lose, so the check refuses it (E203).
"""

from __future__ import annotations

from ...language.reader import OPPONENTS
from ...language.registry import Refusal
from .deck_kinds import subject_possessive
from .players import LIFE, change_life


def own_life(args, known):
    """'your life' after no subject or 'you', 'their life' after another player word."""
    mine, said = subject_possessive(args.get("who")), args["whose"]
    if said == mine:
        return None
    return Refusal(f"'{said} life' is not the life of the player who loses it: a player "
                   "loses half their own life", f"write '{mine} life' ('you lose half your "
                   "life', 'an opponent loses half their life')", f"{said} life")


def register(lang) -> None:
    """The verb of this module."""

    @lang.verb("lose half your life", "{who:player?} lose|loses half {whose:own} life "
               "rounding|rounded up|down", check=own_life)
    def lose_half(game, ev, node):
        who = node.arg("who")
        # 'its controller', 'its owner': the player of the card 'its' names (a killed
        # minion's), else the source's (interpreter/players.py player_named)
        players = game.players_named(ev, who) if who == "each" else \
            [game.opponent_of(ev.controller) if who in OPPONENTS else
             game.player_named(ev, who, node.text)]
        up = node.text.lower().split()[-1] == "up"
        for p in players:
            life = game.state.players[p].counters.get(LIFE, 0)
            n = max(0, (life + 1) // 2 if up else life // 2)
            change_life(game, p, -n)
            ev.did.append(f"{p} loses {n} life (half of {life})")
