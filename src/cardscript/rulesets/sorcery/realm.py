"""The realm's regions and a unit's own steps through them (the Move and Attack basic ability).

docs/rulesets/sorcery.md, "The realm and its regions" and "Moving a unit", says each rule in
words. A location of the grid holds a site or is the void; a site has a surface, and beneath
it either the underground (a land site) or the underwater (a water site). A unit stands in
one region of its location. Which regions a unit may enter, and how it steps between them,
is decided by its keywords: Burrowing (underground), Submerge (underwater), Voidwalk (the
void), Airborne (diagonal steps), Waterbound (water sites only).
"""

from __future__ import annotations

from heapq import heappop, heappush

from .borders import closed_test
from .burrow_exits import exits
from .element_bonds import element_free
from .entry import may_enter
from .realm_edges import wrapped_neighbors
from .void_steps import void_steps
from .geometry import COLS, ROWS, Grid
from .oversized import shifts, spans_of, squares_at

SURFACE, UNDERGROUND, UNDERWATER, VOID = "surface", "underground", "underwater", "void"
# The region beneath a site a keyword lets a unit go down to.
BENEATH = {"burrowing": UNDERGROUND, "submerge": UNDERWATER}


def region_of(card) -> str:
    """The region a card stands in (a site spans its location: its surface)."""
    return card.ext.get("region") or SURFACE


def regions_at(game, loc) -> tuple:
    """The regions of a location: the void where no site is; else the surface and what lies
    beneath it (underwater at a water site, underground at a land site)."""
    geo = game.geometry
    if not geo.has_site(game, loc):
        return (VOID,)
    return (SURFACE, UNDERWATER if geo.has_trait(game, loc, "water") else UNDERGROUND)


def intersections() -> list:
    """The points where four locations meet (where an aura is conjured): each named by its
    four squares, top-left first."""
    out = []
    for r in range(ROWS - 1):
        for c in range(COLS - 1):
            tl = Grid.sq(r, c)
            out.append((tl, tl + 1, tl + COLS, tl + COLS + 1))
    return out


def step_neighbors(game, unit, loc) -> list:
    """The locations one step from `loc` for this unit: those sharing an edge, and the
    diagonal ones too for an Airborne unit (which flies over the corner)."""
    geo = game.geometry
    out = list(geo.neighbors(loc))
    if game.has_keyword(unit, "airborne"):
        r, c = geo.rc(loc)
        out += [s for s in (geo.sq(r + dr, c + dc) for dr in (-1, 1) for dc in (-1, 1))
                if s is not None]
    out += [s for s in wrapped_neighbors(game, unit, loc) if s not in out]
    return sorted(out)


def may_stand(game, unit, loc, region, forbidden=frozenset()) -> bool:
    """May the unit move of its own accord into this region of this location?"""
    geo = game.geometry
    if region not in regions_at(game, loc) or not may_enter(game, unit, loc):
        return False
    if region == VOID:
        return game.has_keyword(unit, "voidwalk")
    if game.has_keyword(unit, "voidbound"):
        return False                  # bound to the void: never onto a site
    if game.has_keyword(unit, "waterbound") and not geo.has_trait(game, loc, "water") and \
            not element_free(game, unit):
        return False
    if region == UNDERGROUND:
        return game.has_keyword(unit, "burrowing")
    if region == UNDERWATER:
        return game.has_keyword(unit, "submerge") and loc not in forbidden
    return True


def may_cover(game, unit, loc, forbidden=frozenset()) -> bool:
    """May an oversized unit stand on this location as part of its shape? On top of it: the
    surface of a site, or the void for a Voidwalk unit (it goes neither up nor down)."""
    top = SURFACE if game.geometry.has_site(game, loc) else VOID
    return may_stand(game, unit, loc, top, forbidden)


def moves_from(game, unit, state, forbidden) -> list:
    """The (location, region) states one step from `state`: across to a location in a region
    of the same depth (surface and void are both on top), or down and up at the same one.
    An oversized unit moves as one: its whole shape a location over, entering only the
    locations it did not cover (`may_cover` each); its state is its anchor's."""
    loc, region = state
    out = []
    if spans_of(unit) is not None:
        before = set(squares_at(unit, loc))
        for anchor in shifts(game, unit, loc):
            if all(may_cover(game, unit, s, forbidden)
                   for s in squares_at(unit, anchor) if s not in before):
                out.append((anchor, region))
        return out
    top = region in (SURFACE, VOID)
    closed = closed_test(game, unit)
    for n in step_neighbors(game, unit, loc):
        if closed is not None and closed(loc, n):
            continue                  # a border closed to it (borders.py)
        diagonal = n not in game.geometry.neighbors(loc)
        for r in ((SURFACE, VOID) if top else (region,)):
            if diagonal and not top:
                continue          # a flier crosses a corner only above ground
            if may_stand(game, unit, n, r, forbidden):
                out.append((n, r))
    for r in regions_at(game, loc):
        if r != region and (top or r == SURFACE) and r != VOID and \
                may_stand(game, unit, loc, r, forbidden):
            out.append((loc, r))
    if top:                            # a permission to step into an adjacent void
        out += [(n, VOID) for n in void_steps(game, unit, loc, region)]
    if region == UNDERGROUND:          # up at a far site that lets units unburrow there
        out += [(x, SURFACE) for x in exits(game, unit, loc)
                if may_stand(game, unit, x, SURFACE, forbidden)]
    return out


def unit_paths(game, unit, dest, region, budget, forbidden=frozenset(), free=None) -> list:
    """Every shortest path of the unit's own steps to `dest` (in `region`, or any region
    there when None) costing at most `budget` steps, each a list of (location, region) after
    the start; [] when the unit is there already, None when it cannot get there.

    `free(a, b)`: whether the step from state a to state b costs nothing (a unit that moves
    freely, keywords.py `free_steps`). Paths are the cheapest, then the fewest steps; with
    no free step that is the plain shortest path.
    """
    start = (unit.at, region_of(unit))

    def goal(s):
        return s[0] == dest and (region is None or s[1] == region)
    if goal(start):
        return []

    def cost(a, b):
        return 0 if free is not None and free(a, b) else 1
    # Dijkstra on (cost, steps): each step adds 1 step and costs 1, or 0 when it is free.
    dist = {start: (0, 0)}
    heap = [((0, 0), _order(start), start)]
    found = None
    while heap:
        key, _, cur = heappop(heap)
        if key != dist[cur]:
            continue
        if found is not None and key >= found:
            break
        for nxt in moves_from(game, unit, cur, forbidden):
            k = (key[0] + cost(cur, nxt), key[1] + 1)
            if k[0] > budget or (nxt in dist and dist[nxt] <= k):
                continue
            dist[nxt] = k
            if goal(nxt) and (found is None or k < found):
                found = k
            heappush(heap, (k, _order(nxt), nxt))
    if found is None:
        return None
    ends = sorted((s for s in dist if goal(s) and dist[s] == found), key=_order)
    if region is None and ends:
        # With no region asked for, the unit stays at its own depth when it can.
        same = [s for s in ends if s[1] == start[1]]
        ends = same or ends
    paths: list = []

    def back(node, acc):
        if len(paths) >= 64:
            return
        if node == start:
            paths.append(list(reversed(acc)))
            return
        for prev in sorted(dist, key=_order):
            if dist[prev][1] == dist[node][1] - 1 and \
                    dist[prev][0] + cost(prev, node) == dist[node][0] and \
                    node in moves_from(game, unit, prev, forbidden):
                back(prev, acc + [node])
    for e in ends:
        back(e, [])
    return sorted(paths, key=lambda p: [_order(s) for s in p])


def _order(state):
    return (state[0], state[1])


def label(state) -> str:
    """A step's place as a path answer writes it: the square, and its region when it is not
    the surface ('13', '13 underwater')."""
    loc, region = state
    return str(loc) if region == SURFACE else f"{loc} {region}"
