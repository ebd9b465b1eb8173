"""Where a Sorcery setup may place a card: a square of the realm, in one of its regions."""

from __future__ import annotations

from ...errors import did_you_mean
from .geometry import Grid

REGIONS = ("surface", "underwater", "underground", "void")
SQUARES_HINT = "squares are numbered 1-20, row by row (1-5 is the first row)"


def check_places(zone: str, places: list):
    """The first card of a setup zone with no `at:` (unless it is carried by or attached to
    another card, and so stands where that one does), an `at:` off the grid, or an unknown region.

    Returns (index, key, message, hint), or None when every place is one of the realm's.
    """
    grid = Grid()
    for i, (kind, at, where, linked) in enumerate(places):
        region = where.get("region")
        if at is None and not linked:
            article = "an" if str(kind)[:1] in "aeiou" else "a"
            return i, None, f"{article} {kind} in the realm needs at: (its square)", \
                SQUARES_HINT + "; a card carried_by or attached_to another stands where it does"
        if at is not None and grid.parse_location(at) not in grid.locations():
            return i, "at", f"{at!r} is not a square of the realm", SQUARES_HINT
        if region is not None and region not in REGIONS:
            return i, "region", f"unknown region {region!r}", " ".join(filter(None, [
                did_you_mean(str(region), REGIONS), "regions: " + ", ".join(REGIONS)]))
    return None
