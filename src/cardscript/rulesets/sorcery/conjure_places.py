"""Where a card's own text says it must be conjured: only where two
sites meet (the phrase registered below) (docs/rulesets/sorcery.md, "Casting an aura to an intersection").

Such an aura is cast only to an intersection (`spans: intersection`) where at least two of the
four squares meeting there hold a site; any other cast of it is an illegal action (S206),
told before anything is paid. Where it may go once there is auras.py's and setup.py's.
"""

from __future__ import annotations

from ...errors import ScenarioError
from .geometry import COLS

AT_INTERSECTION = "conjured at an intersection"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(AT_INTERSECTION, "conjure place",
                "must be conjured at an intersection",
                "must be conjured at the intersection of two|several? sites")


def _must(card, name: str) -> bool:
    """Does the card's own text say it must be conjured so?"""
    return any(ab.static is not None and ab.static[0].name == name
               for ab in card.tpl.abilities)


def check_conjure_place(game, card, action) -> None:
    """An aura that must be conjured at an intersection of two sites: its cast names one."""
    if not _must(card, AT_INTERSECTION):
        return
    at = action.get("at")
    if action.get("spans") != "intersection" or at is None:
        raise ScenarioError(f"illegal action: {card.name} must be conjured at an "
                            "intersection of two sites", None, code="S206", key="at",
                            hint="add spans: intersection, with at: the top-left square")
    top = game.geometry.parse_location(at)
    squares = (top, top + 1, top + COLS, top + COLS + 1)
    if sum(1 for s in squares if game.geometry.has_site(game, s)) < 2:
        raise ScenarioError(f"illegal action: {card.name} must be conjured at an "
                            f"intersection of two sites, and fewer than two sites meet below "
                            f"and right of square {top}", None, code="S206", key="at",
                            hint="choose an intersection where two or more sites meet")
