"""Sites damaged by a player's cards, and losing 'that much' life (docs/rulesets/sorcery.md,
"Damaged sites and that much").

An attack on a site damages it: its controller loses life equal to the attacker's power
(strikes.py `damage_player`), and the site, which keeps no damage, is said to be damaged by
the attacker (a `damage` happening about the site, its `player` the attacker's controller).
'Whenever an opponent damages one of your sites' listens to those happenings, 'an
opponent' being the controller of the card that dealt it (the verb `deal N damage` takes no
site).

'That much' is the amount of the happening the trigger answers (the event's `trigger`): the
damage dealt. An avatar losing life is its player losing it; the limits of life then apply
(players.py `change_life`).
"""

from __future__ import annotations

from ...language.reader import OPPONENTS
from .players import change_life


def trigger_amount(ev):
    """The amount of the happening that the event (or the event it is a part of) answers,
    or None when it answers none, or one without an amount."""
    while ev is not None:
        h = ev.trigger
        if h is not None:
            return h.data.get("amount")
        ev = ev.parent
    return None


def _losers(game, ev, node) -> list:
    """The players who lose: those named, or the controllers of the avatars named."""
    who, what = node.argmap.get("who"), node.argmap.get("what")
    if what is not None:
        return [c.controller for c in game.select(what, ev) if c.kind == "avatar"]
    if who == "each":                   # every player, or the one deciding 'each player may'
        return list(game.players_named(ev, who))
    return [game.opponent_of(ev.controller) if who in OPPONENTS else ev.controller]


def register(lang) -> None:
    """The trigger pattern and the verbs of this module."""
    lang.trigger("a player damages", "damage", "{player:player} damage|damages {card:cards}")

    @lang.verb("lose that much life", "{who:player?} lose|loses that much life",
               "{what:cards} lose|loses that much life")
    def lose_that_much(game, ev, node):
        n = trigger_amount(ev)
        if not n:
            ev.did.append(f"{node.text}: no amount to lose")
            return
        for p in _losers(game, ev, node):
            change_life(game, p, -n)
            ev.did.append(f"{p} loses {n} life")

    @lang.verb("an avatar loses life", "{what:cards} lose|loses {n:number} life")
    def avatar_loses(game, ev, node):
        n = node.arg("n")
        losers = _losers(game, ev, node)
        if not losers:
            ev.did.append(f"{node.text}: no avatar to lose life")
        for p in losers:
            change_life(game, p, -n)
            ev.did.append(f"{p} loses {n} life")
