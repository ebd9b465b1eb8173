"""A keyword an ongoing effect gives that is kept after the unit leaves its reach, until it
enters a site: 'Allies here have Voidwalk until they enter a site' (docs/rulesets/sorcery.md,
"Ongoing effects: a keyword kept until a site").

While a unit is where the effect reaches it, it has the keyword as any granted keyword (the
static is of kind `grant`, read by `Game.has_keyword`). A unit that steps from there into the
void keeps it (on the card, `card.granted`, with a record in the slot `kept keywords`) until
it enters a location with a site, or leaves the realm.
"""

from __future__ import annotations

from dataclasses import replace

from ...interpreter.rules import after
from .units import UNITS


def register(lang) -> None:
    """The ongoing sentence of this module (after the language's own `grant`, which
    `Bearer —` lines use)."""
    lang.static("keyword until a site", "grant",
                "{what:cards} have|has {keyword:keyword} until they|it enter|enters a site")


@after("move", "leave_play", statics=("grant",), slots=("kept keywords",))
def kept_until_a_site(game):
    """Give the keyword to a unit that steps from the effect's place into the void; take it
    from one that enters a site (or leaves the realm)."""
    records = game.slot("kept keywords", list)
    sources = [(src, args) for src, spec, args in game.statics("grant")
               if spec.name == "keyword until a site"]
    if not records and not sources:
        return
    geo = game.geometry
    keep = []
    for card, incarnation, kw in records:
        gone = card.incarnation != incarnation or card.zone not in game.policy.play_zones
        if gone or geo.has_site(game, card.at):
            card.granted.discard(kw)
            continue
        keep.append((card, incarnation, kw))
    for h in game.batch:
        unit = h.card
        if h.kind != "move" or unit is None or unit.kind not in UNITS or \
                geo.has_site(game, h.data.get("to")):
            continue
        for src, args in sources:
            reached = h.data.get("frm") == src.at and game.matches(
                replace(args["what"], place=None), unit, None, source=src)
            kw = args["keyword"]
            if reached and not any(c is unit and k == kw for c, _, k in keep):
                unit.granted.add(kw)
                keep.append((unit, unit.incarnation, kw))
    game.set_slot("kept keywords", keep)
