"""Entering the void, and a keyword gained for as long as a unit stays: 'This Rogue gains
Stealth whenever it enters the void' (docs/rulesets/sorcery.md, "Entering the void").

A unit enters the void when it arrives at a location without a site (Voidwalk lets it): that
`enter` happening, in the void region, is also an `enter_void` happening, which the trigger
'X enters the void' listens to. 'X gains KEYWORD' with no duration gives the keyword for as
long as X stays in the realm (leaving it, it is a new object: kinds.py `leaving_clears`).
Stealth gained anew hides the unit again, even if an earlier Stealth was broken.
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.moves import in_play
from . import lance
from .durations import GAIN_EFFECTS
from .realm import VOID

HAPPENINGS = frozenset({"enter_void"})


def register(lang) -> None:
    """The trigger and the verb of this module."""
    lang.trigger("enter the void", "enter_void", "{card:cards} enter|enters the void")

    # 'they become immobile': a keyword gained as a state the card is in (settling.py)
    @lang.verb("gain a keyword", "{what:cards} gain|gains {kw:keyword}",
               "{what:cards} become|becomes {kw:keyword}")
    def gain_keyword(game, ev, node):
        """The cards gain the keyword while they stay in the realm."""
        kw = node.arg("kw")
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to change")
        gained = game.slot("gained keywords", list)
        for c in cards:
            had = lance.has_lance(game, c)
            c.granted.add(kw)
            gained.append((c, c.incarnation, kw))
            if kw == "stealth":
                c.extra.pop("revealed", None)      # strikes.py `stealthy`: hidden again
            ev.did.append(f"{c.name} gains {kw}")
            ev.subject = ev.subject or c.name
            lance.gained(game, c, kw, had)      # a minion gaining Lance takes up a lance
            if (more := GAIN_EFFECTS.get(kw)) is not None:
                more(game, ev, c, None)             # oversized_gain.py: the body, for good


@after("enter", "leave_play")
def entered_the_void(game):
    """Report each entry into the void; take a gained keyword from a card that left."""
    for h in game.batch:
        if h.kind == "enter" and h.card is not None and h.data.get("region") == VOID:
            game.happen("enter_void", h.card, h.card.controller, to=h.data.get("to"))
    gained = game.slot("gained keywords", list)
    if not gained:
        return
    keep = []
    for card, incarnation, kw in gained:
        if card.incarnation != incarnation or not in_play(game, card):
            card.granted.discard(kw)
        else:
            keep.append((card, incarnation, kw))
    gained[:] = keep
