"""Borders that stop units and projectiles, and which way a card faces (docs/rulesets/sorcery.md,
"Borders and facing").

Facing: each player sits at one edge of the realm, the first player (the scenario's first)
at the first row (squares 1-5), the other at the last; a card faces the opponent's edge, so
the location **directly in front of** a square, for a card's controller, is the one in the
next row toward the opponent, same column (none past the edge: geometry.py `in_front`, which
the selector words 'directly in front of this' read too).

A border is the edge two locations share. A site whose text closes its front border
('enemy minions and projectiles can't cross this site's front border') keeps the units its
words name from stepping across the border between its location and the one in front of it,
either way; a card that closes the border of its affected sites keeps them from stepping
across any edge between an affected location and one that is not. Projectiles of any
player stop there: one flying across such a border hits nothing beyond it. A site whose own text says so ('this Outpost may be played in a void with a site directly in
front of it') may be played to such a void besides the squares of the rule (avatar.py
`play_site_action` asks `front_voids`).

A closed border holds a unit as a wall does (walls.py): a unit's own steps never cross it
(realm.py `moves_from` asks `crosses_closed`), and a unit an effect moves across it (a push,
a knock back, a pull) stops before it, the rest of its path undone (movement.py `make_step`
and `move_group` ask `holder`): moved by force, a unit crosses a border as much as by its own
move. Projectiles (language.py `shoot`, volleys.py `flight` ask `stops_projectile`) stop there.
"""

from __future__ import annotations

from .geometry import in_front
from .walls import holding_wall, walls_hold

FRONT = "front border closed"
FRONT_VOID = "played in a void before a site"
CLASS_WORDS = frozenset({"frontline", "skirmisher"})
AFFECTED = "affected borders closed"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(FRONT, "border",
                "{who:cards} and projectiles can't|cannot cross this site's front border",
                "{who:cards} and projectiles are stopped by its front border")
    lang.static(AFFECTED, "border",
                "{who:cards} and projectiles can't|cannot cross the border of affected sites",
                "{who:cards} and projectiles are stopped at the border of affected sites")
    # Class words a card may declare in its header as a subtype ('site Frontline', 'minion
    # Mortal Skirmisher'), which selectors read; its text names itself by them ('This
    # Frontline') whether it declares them or not (the public card data carries none).
    lang.subtypes |= CLASS_WORDS
    lang.class_words |= CLASS_WORDS
    # A site that may go to a void with a site directly in front of it (its own text).
    lang.static(FRONT_VOID, "site place",
                "{what:cards} may be played in|on|to a void with a site directly in front of it",
                "{what:cards} may be played in a void that has a site directly in front of it")


def front_voids(game, site, player) -> list:
    """The voids a site whose own text permits it may be played to besides the squares of the
    rule: each void with a site directly in front of it, for the player playing it."""
    if not any(ab.static is not None and ab.static[0].name == FRONT_VOID
               for ab in site.tpl.abilities):
        return []
    geo = game.geometry
    return [sq for sq in geo.locations(game) if not geo.has_site(game, sq) and
            (ahead := in_front(game, player, sq)) is not None and geo.has_site(game, ahead)]


def _closed(game, src, spec, a, b) -> bool:
    """Does this card close the border between locations a and b?"""
    if src.at is None:
        return False
    if spec.name == FRONT:
        return {a, b} == {src.at, in_front(game, src.controller, src.at)}
    area = set(game.geometry.affected(game, src))
    return (a in area) != (b in area)


def holder(game, unit, a, b):
    """The card whose border the unit's step from a to b would cross though it is closed to
    the unit (a site's front border, the border of an aura's affected sites, a wall), or None:
    the one test of a unit's own moves and of those an effect makes."""
    if a == b:
        return None
    for src, spec, args in game.statics("border"):
        if _closed(game, src, spec, a, b) and game.matches(args["who"], unit, None, source=src):
            return src
    return holding_wall(game, unit, a, b)


def crosses_closed(game, unit, a, b) -> bool:
    """Would the unit's step from a to b cross a border closed to it?"""
    return holder(game, unit, a, b) is not None


def closed_test(game, unit):
    """`crosses_closed` for this unit, or None when no card closes a border (the common case,
    asked once for all of a location's steps)."""
    if not game.statics("border") and not walls_hold(game):
        return None
    return lambda a, b: crosses_closed(game, unit, a, b)


def stops_projectile(game, a, b) -> bool:
    """Does a projectile flying from a to b stop at a closed border between them?"""
    return any(_closed(game, src, spec, a, b) for src, spec, _ in game.statics("border"))
