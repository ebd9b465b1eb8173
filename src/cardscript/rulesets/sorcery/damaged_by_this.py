"""The cards an effect has damaged, named again by it: 'Deal 2 damage to each minion here.
Minions damaged by these flames are immobile until your next turn.' (docs/rulesets/sorcery.md,
"Cards damaged by this effect").

They are the cards that took damage from this event earlier in its resolution (a prevented
damage is none; a card that died of it is no longer in the realm), among those the noun names.
What they are given lasts as `gains KEYWORD ...` does (durations.py).
"""

from __future__ import annotations

from dataclasses import replace

from ...library.moves import in_play
from .durations import DURATIONS, grant_for_a_while, until_of

# What the damage is called: the spell itself, or what it throws.
_BY = "this|these spell|effect|arrows|bolts|projectiles|flames"


def damaged_now(game, ev, sel) -> list:
    """The cards the noun names that this event has dealt damage to, in the order dealt."""
    anywhere = replace(sel, place=None)
    out: list = []
    for h in ev.log:
        c = h.card
        if h.kind == "damage" and c is not None and c not in out and in_play(game, c) and \
                game.matches(anywhere, c, ev):
            out.append(c)
    return out


def register(lang) -> None:
    """The verbs of this module: one a duration, as durations.py writes them."""
    for until in DURATIONS:
        @lang.verb(f"damaged cards gain a keyword {until}",
                   f"{{what:cards}} damaged by {_BY} is|are {{kw:keyword}} {until}",
                   f"{{what:cards}} damaged by {_BY} gain|gains {{kw:keyword}} {until}")
        def damaged_gain(game, ev, node):
            kw = node.arg("kw")
            until = until_of(node.text)
            cards = damaged_now(game, ev, node.arg("what"))
            if not cards:
                ev.did.append(f"{node.text}: nothing was damaged")
            for c in cards:
                grant_for_a_while(game, ev, c, kw, until)
