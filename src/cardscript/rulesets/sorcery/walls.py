"""Walls: auras that stand on a border (docs/rulesets/sorcery.md, "Walls: auras on a border").

An aura may stand on the border two locations share, and then occupies both (the codex and
the walls' rulings, in our words). Its text says it goes there (onto a border of a site its
player controls): it is cast with `spans: across` (the border between a square
and the one east of it) or `spans: down` (and the one south of it), `at:` the first of the two,
and one of the two holds a site its caster's player controls (conjure_places.py asks
`check_border`). A scenario's setup may put any aura on a border the same way.

To traverse a wall, or pass through it, is to step across its border, willingly or moved by an
effect, either way. A teleport goes to its place without crossing any border, and a unit
beneath a site (burrowed, submerged) passes under the wall: neither traverses it. Two ongoing
sentences read the crossing:

- 'CARDS can't traverse this' (or 'pass through'; 'on the ground': only units without
  Airborne are held) closes the wall's border to the units named: their own moves find no
  path across it, and a unit an effect moves across it (a push, a pull) stops before it, the
  rest of its path undone. Both ask borders.py `holder`, which asks `holding_wall` here, as
  it asks a site's closed front border and an aura's closed borders.
- 'CARDS passing through this are dealt N damage' (also 'is dealt', 'that pass through this
  take N damage'): each unit named that steps across the border is dealt N damage by the wall, an
  event of the wall's triggered by the step (`passing_through`).
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.common import damage
from ...library.moves import in_play
from .geometry import BENEATH, Grid

ON_BORDER = "conjured on a border"
HELD = "can't traverse"                 # the kind; the names say whether 'on the ground'
HELD_ON_GROUND = "can't traverse on the ground"
TOLL = "dealt damage passing through"
BORDER_SHAPES = ("across", "down")


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(ON_BORDER, "conjure place",
                "this? must be conjured on|onto|atop the border of a site you control",
                "this? must be conjured on|onto|atop the border of one of your sites")
    lang.static(HELD, HELD,
                "{who:cards} can't|cannot traverse this|it",
                "{who:cards} can't|cannot pass through this|it")
    lang.static(HELD_ON_GROUND, HELD,
                "{who:cards} can't|cannot traverse this|it on the ground",
                "{who:cards} can't|cannot pass through this|it on the ground")
    lang.static(TOLL, TOLL,
                "{who:cards} passing through this|it is|are dealt {n:number} damage",
                "{who:cards} that pass|passes through this|it is|are dealt {n:number} damage",
                "{who:cards} that pass|passes through this|it take {n:number} damage")


def border_of(card) -> frozenset | None:
    """The two locations whose shared border the card stands on, or None when it stands on
    no border (an aura on one square, or at an intersection)."""
    spans = card.ext.get("spans")
    if card.at is None or spans not in BORDER_SHAPES:
        return None
    squares = Grid.span_squares(card.at, spans)
    return frozenset(squares) if squares else None


def _crosses(wall, a, b) -> bool:
    """Is a step from a to b a crossing of the wall's border?"""
    border = border_of(wall)
    return border is not None and a != b and {a, b} == border


def _below(game, unit, region=None) -> bool:
    """Is the unit beneath a site (burrowed, submerged), where a wall does not reach?"""
    return (region or unit.ext.get("region")) in BENEATH


def holding_wall(game, unit, a, b):
    """The wall that keeps the unit from stepping from a to b ('can't traverse this'), or
    None."""
    walls = game.statics(HELD)
    if not walls or _below(game, unit):
        return None
    for wall, spec, args in walls:
        if not _crosses(wall, a, b) or not game.matches(args["who"], unit, None, source=wall):
            continue
        if spec.name == HELD_ON_GROUND and game.has_keyword(unit, "airborne"):
            continue                    # an Airborne unit crosses above the ground
        return wall
    return None


def walls_hold(game) -> bool:
    """Does any wall in play hold units back (the common case: none)?"""
    return bool(game.statics(HELD))


def check_border(game, card, at, spans, player) -> str | None:
    """Why a cast of an aura that must be conjured on a border names no such border, or
    None: the span is a border, and one of its two squares holds a site `player` controls."""
    if spans not in BORDER_SHAPES or at is None:
        return "the cast names no border (spans: across or down, at: the first square)"
    squares = Grid.span_squares(at, spans)
    if not squares:
        return f"no border {spans} from square {at}"
    geo = game.geometry
    if not any((site := geo.site_at(game, s)) is not None and site.controller == player
               for s in squares):
        return f"neither square {squares[0]} nor square {squares[1]} holds one"
    return None


@after("move", statics=(TOLL,))
def passing_through(game) -> None:
    """A unit that stepped across a wall's border is dealt the damage its words say: an event
    of the wall's, triggered by the step (a teleport crosses no border)."""
    walls = game.statics(TOLL)
    if not walls:
        return
    for h in game.batch:
        unit, data = h.card, h.data
        if h.kind != "move" or unit is None or data.get("teleport") or \
                _below(game, unit, data.get("region")):
            continue
        for wall, _, args in walls:
            if wall is unit or not _crosses(wall, data.get("frm"), data.get("to")) or \
                    not game.matches(args["who"], unit, None, source=wall):
                continue
            game.add_trigger(_toll_event(game, wall, unit, args["n"]))


def _toll_event(game, wall, unit, n):
    """The wall's event dealing `n` damage to the unit that passed through it."""
    def run(g, ev):
        if not in_play(g, unit):
            ev.did.append(f"{unit.name} is gone")
        elif damage(g, unit, n, wall.controller, wall):
            ev.did.append(f"{n} damage to {unit.name} (passed through {wall.name})")
        else:
            ev.did.append(f"{unit.name} is dealt no damage")
    ev = game.new_event("passing through", wall, wall.controller, run,
                        f"{unit.name} passes through {wall.name}: {n} damage")
    ev.source_in_play, ev.inc = True, wall.incarnation
    return ev
