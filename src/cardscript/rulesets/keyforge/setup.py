"""What a KeyForge setup may say about a card in play, and what `run --json` shows of one.

A creature's `at` is its battleline position, 1 = the left flank: the positions a setup gives
are 1 to the number of creatures in that battleline, each once, given for every creature or
for none. Nothing else in play has a position of its own, and the game has no regions.
"""

from __future__ import annotations

from ...library.moves import in_play
from .board import CREATURE, LINE, armor, power, ward


def check_places(zone: str, places: list):
    """The first card of a setup zone whose `at:` KeyForge cannot place it by.

    Returns (index, key, message, hint), or None; key None points at the whole entry.
    """
    creatures = [i for i, (kind, *_) in enumerate(places) if kind == CREATURE]
    given = [i for i in creatures if places[i][1] is not None]
    seen: dict = {}
    for i, (kind, at, _, _) in enumerate(places):
        if at is None:
            if given and kind == CREATURE:
                return i, None, ("this creature has no at: while others of the battleline "
                                 "have one"), "give every creature of the battleline its " \
                                              "position (at: 1 is the left flank), or none"
            continue
        if zone != LINE or kind != CREATURE:
            article = "an" if str(kind)[:1] in "aeiou" else "a"
            return i, "at", f"{article} {kind} in {zone} has no position of its own", \
                "only a creature has a battleline position; an upgrade stands where the " \
                "creature it is attached_to stands"
        if not isinstance(at, int) or not 1 <= at <= len(creatures):
            return i, "at", f"{at!r} is no position in a battleline of {len(creatures)} " \
                            f"creature{'s' if len(creatures) != 1 else ''}", \
                f"positions run from 1 (the left flank) to {len(creatures)}"
        if at in seen:
            return i, "at", f"two creatures at position {at} of the battleline", \
                f"the first is entry {seen[at] + 1} of this zone; give each creature its own " \
                f"position"
        seen[at] = i
    return None


def card_fields(game, card) -> dict:
    """Power, armor (this turn's, before damage used it) and the ward token of a card in play."""
    if not in_play(game, card) or card.kind != CREATURE:
        return {"power": None, "armor": None, "ward": None}
    return {"power": power(game, card), "armor": armor(game, card),
            "ward": ward(game, card) > 0}
