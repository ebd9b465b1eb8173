"""Where a Sorcery setup may place a card: a square of the realm, in one of its regions."""

from __future__ import annotations

from ...errors import did_you_mean
from .geometry import SPANS, UNIT_KINDS, Grid

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
        spans = where.get("spans")
        if spans is not None:
            problem = spans_problem(kind, grid.parse_location(at), spans)
            if problem:
                return (i, "spans", *problem)
    return None


def spans_problem(kind, at, spans):
    """Why an entry's `spans:` names no place of the realm, or None: an aura may be at an
    intersection or on a border (two squares side by side, `across`, `down`: walls.py); a
    unit (an oversized one) at an intersection or on two squares side by side; the shape
    must lie on the grid from its top-left square `at`."""
    if spans not in SPANS:
        return f"unknown spans {spans!r}", (did_you_mean(str(spans), list(SPANS)) or
                                            "write spans: " + ", ".join(SPANS) +
                                            ", or leave it out")
    if kind not in UNIT_KINDS and kind != "aura":
        return f"a {kind} stands on a square, never {_SHAPE_WORDS[spans]}", \
            "only an aura (at an intersection or on a border) or a unit spans more than " \
            "one square; remove spans:"
    if not Grid.span_squares(at, spans):
        return _OFF_GRID[spans].format(at=at), \
            "a span is named by its top-left square: " + _SHAPE_HINT[spans]
    return None


_SHAPE_WORDS = {"intersection": "at an intersection",
                "across": "on two squares side by side",
                "down": "on two squares one above the other"}
_OFF_GRID = {"intersection": "no intersection below and right of square {at}",
             "across": "no square east of square {at}",
             "down": "no square south of square {at}"}
_SHAPE_HINT = {"intersection": "not in the last row or column",
               "across": "not in the last column", "down": "not in the last row"}
