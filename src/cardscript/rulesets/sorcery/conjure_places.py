"""Where a card's own text says it must be conjured: only where two (or three, or four) sites
meet (docs/rulesets/sorcery.md, "Casting an aura to an intersection"), on a site near its
caster (the player's avatar; or adjacent to it, one step with no diagonal) or in a corner of
the realm without a site ("Conjured on a nearby site or in a corner void").

Such an aura is cast only to an intersection (`spans: intersection`) where at least two of the
four squares meeting there hold a site (three or four, for 'the intersection of three sites',
'of four sites'); any other cast of it is an illegal action (S206), told before anything is
paid. Where it may go once there is auras.py's and setup.py's.
"""

from __future__ import annotations

from ...errors import ScenarioError
from ...interpreter.rules import has_static, has_static_kind
from .geometry import COLS
from .players import avatar_of
from .walls import ON_BORDER, check_border

AT_INTERSECTION = "conjured at an intersection"
# 'of three sites', 'of four sites': at least that many of the four squares meeting there
# hold a site (two, or 'several', is AT_INTERSECTION's).
AT_INTERSECTION_OF = {"conjured where three sites meet": 3, "conjured where four sites meet": 4}
ON_NEARBY_SITE = "conjured on a nearby site"
ON_ADJACENT_SITE = "conjured on an adjacent site"
IN_CORNER_VOID = "conjured in a corner void"
NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(AT_INTERSECTION, "conjure place",
                "must be conjured at an intersection",
                "must be conjured at the intersection of two|several? sites")
    lang.static("conjured where three sites meet", "conjure place",
                "must be conjured at the intersection of three sites")
    lang.static("conjured where four sites meet", "conjure place",
                "must be conjured at the intersection of four sites")
    # On a site near its caster (the avatar); in a corner of the realm with no site.
    lang.static(ON_NEARBY_SITE, "conjure place", "must be conjured on a site nearby",
                "must be conjured on|onto a nearby site")
    lang.static(ON_ADJACENT_SITE, "conjure place", "must be conjured on|onto an adjacent site",
                "must be conjured on a site adjacent")
    lang.static(IN_CORNER_VOID, "conjure place", "can and must be conjured in a void corner",
                "can and must be conjured in|into a corner void")


def _must(card, name: str) -> bool:
    """Does the card's own text say it must be conjured so?"""
    return has_static(card, name)


def must_go_elsewhere(card) -> bool:
    """Does the card's own text say where it must be conjured (the rule of its kind aside)?"""
    return has_static_kind(card, "conjure place")


def check_conjure_place(game, card, action, player=None) -> None:
    """A card that must be conjured at an intersection of two sites, on a site near its
    caster, or in a corner void: its cast names such a place."""
    if not must_go_elsewhere(card):
        return                          # (each of the four is of that kind: one look-up)
    if _must(card, ON_NEARBY_SITE) or _must(card, ON_ADJACENT_SITE) or \
            _must(card, IN_CORNER_VOID):
        _check_square(game, card, action, player)
    if _must(card, ON_BORDER):
        at = action.get("at")
        problem = check_border(game, card, game.geometry.parse_location(at)
                               if at is not None else None, action.get("spans"), player)
        if problem:
            raise ScenarioError(f"illegal action: {card.name} goes only to a border of a site "
                                f"{player} controls: {problem}", None, code="S206",
                                key="spans", hint="a border of a site you control: spans: "
                                                  "across (and the square east) or down (and "
                                                  "the square south)")
    need = max([n for name, n in AT_INTERSECTION_OF.items() if _must(card, name)] +
               [2] * _must(card, AT_INTERSECTION), default=0)
    if not need:
        return
    said = NUMBER_WORDS[need]
    at = action.get("at")
    if action.get("spans") != "intersection" or at is None:
        raise ScenarioError(f"illegal action: {card.name} must be conjured at an "
                            f"intersection of {said} sites", None, code="S206", key="at",
                            hint="add spans: intersection, with at: the top-left square")
    top = game.geometry.parse_location(at)
    squares = (top, top + 1, top + COLS, top + COLS + 1)
    if sum(1 for s in squares if game.geometry.has_site(game, s)) < need:
        raise ScenarioError(f"illegal action: {card.name} must be conjured at an "
                            f"intersection of {said} sites, and fewer than {said} sites meet "
                            f"below and right of square {top}", None, code="S206", key="at",
                            hint=f"choose an intersection where {said} or more sites meet")


def _check_square(game, card, action, player) -> None:
    """The cast's square: a corner without a site, or a site near the caster's avatar."""
    geo = game.geometry
    at = action.get("at")
    loc = geo.parse_location(at) if at is not None else None
    if _must(card, IN_CORNER_VOID):
        voids = [sq for sq in geo.corners() if not geo.has_site(game, sq)]
        if loc not in voids:
            raise ScenarioError(f"illegal action: {card.name} must be conjured in a corner "
                                "void", None, code="S206", key="at",
                                hint="corners without a site: " +
                                     (", ".join(map(str, voids)) or "none"))
        return
    avatar = avatar_of(game, player) if player is not None else None
    if avatar is None or avatar.at is None:
        return                          # a storyline board without avatars: no caster's place
    reach = "adjacent" if _must(card, ON_ADJACENT_SITE) else "nearby"
    near = [sq for sq in geo.locations(game) if geo.has_site(game, sq) and
            geo.near(sq, avatar.at, reach)]
    if loc not in near:
        said = "adjacent to" if reach == "adjacent" else "near"
        raise ScenarioError(f"illegal action: {card.name} must be conjured on a site {said} "
                            f"{avatar.name} at {avatar.at}", None, code="S206", key="at",
                            hint=f"sites {reach}: " + (", ".join(map(str, near)) or "none"))
