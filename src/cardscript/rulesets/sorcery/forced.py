"""Forced movement and targeting: an effect moves a unit (pull, drag), or names a place or a
card first and acts on it in the next sentence ("Target a site. Deals 2 damage to a random
minion there.").

Push and knock back move a unit one step straight away from the card doing it; shift moves a
card one step, an aura (and the sites it affects) included.

Being moved by an effect is not the unit's own move (docs/rulesets/sorcery.md, "Triggers
on a card's own acts, forced movement and volleys"): it does not tap, is never intercepted,
and takes the shortest path of steps to the place (the controller choosing among ties), each
step an event on the storyline (`movement.move_group`), as the rulebook's movement by a spell
or ability does.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.moves import in_play
from .geometry import COLS, ROWS
from .movement import make_step, move_group
from .oversized import spans_of, squares_at
from .realm import SURFACE, VOID, may_cover, may_stand, region_of


def register(lang) -> None:
    """The verbs of this module."""
    register_steps(lang)

    @lang.verb("pull or drag", "pull|pulls|drag|drags {what:cards} to|onto {where:place}",
               splits=("move",))
    def pull(game, ev, node):
        """An effect moves the units to the place, step by step (not their own move)."""
        yield from move_group(game, ev, node, region=None)

    @lang.verb("target", "target {n:number} nonadjacent {what:cards}", "target {what:cards}")
    def target(game, ev, node):
        """Name a card (a site, a unit) for what follows: 'there', 'it' and 'that site' in
        the next sentences are it. The controller picks it as the step resolves; 'N
        nonadjacent sites' are N cards no two of which stand at adjacent locations, picked
        one by one (a `target` question each, among those not adjacent to one picked)."""
        sel, n = node.arg("what"), node.arg("n")
        if n is None:
            cards = [c for c in game.select(sel, ev) if in_play(game, c)]
        else:
            cards = []
            for _ in range(n):
                free = [c for c in game.candidates(sel, ev) if in_play(game, c) and c not in
                        cards and c.at is not None and not any(
                            game.geometry.adjacent(c.at, o.at) for o in cards)]
                if not free:
                    break
                cards.append(game.ask_target(ev.controller, f"{node.text}: target "
                                             f"{len(cards) + 1} of {n}", free))
            ev.slots[sel.slot] = cards
        if not cards:
            ev.did.append(f"{node.text}: nothing to target")
            return
        ev.did.append("target " + ", ".join(f"{c.name} at {c.at}" if c.at is not None
                                            else c.name for c in cards))
        ev.subject = ev.subject or cards[0].name


def _depths(unit) -> tuple:
    here = region_of(unit)
    return (SURFACE, VOID) if here in (SURFACE, VOID) else (here,)


def may_go(game, card, loc) -> bool:
    """May this card be moved one step to `loc`? A unit where it may stand in its depth; an
    aura at an intersection to another intersection; any other card to a location."""
    if card.kind in ("minion", "avatar") and spans_of(card) is not None:
        # An oversized unit moves as one: its shape must fit there, and it may stand on
        # each location it newly covers.
        shape, now = squares_at(card, loc), game.geometry.squares(card)
        return bool(shape) and all(may_cover(game, card, s) for s in shape if s not in now)
    if card.kind in ("minion", "avatar"):
        return any(may_stand(game, card, loc, r) for r in _depths(card))
    if card.ext.get("spans") == "intersection":
        r, c = game.geometry.rc(loc)
        return r < ROWS - 1 and c < COLS - 1
    return True


def _step_events(game, ev, moves, what):
    """The moves as one step event on the storyline (Split on `move`), or nothing."""
    if not moves:
        return
    ev.subject = ev.subject or moves[0][0].name
    ev.did.append(f"{what}: " + "; ".join(f"{c.name} {a} → {b}" for c, a, b in moves))
    yield Split("move", inserts=[make_step(game, ev, moves, None)])


def _away_from(game, src_at, unit):
    """Where a push sends the unit: one step straight away from `src_at`, measured from the
    unit's location nearest to it (an oversized unit's whole shape goes that way, its anchor
    with it); None as for `_away`."""
    squares = game.geometry.squares(unit)
    if src_at is None or len(squares) < 2:
        return _away(game, src_at, unit.at)
    geo = game.geometry
    (rs, cs) = geo.rc(src_at)
    near = min(squares, key=lambda s: (abs(geo.rc(s)[0] - rs) + abs(geo.rc(s)[1] - cs), s))
    beyond = _away(game, src_at, near)
    if beyond is None:
        return None
    (r1, c1), (r2, c2), (ra, ca) = geo.rc(near), geo.rc(beyond), geo.rc(unit.at)
    return geo.sq(ra + r2 - r1, ca + c2 - c1)


def _away(game, src_at, loc):
    """The location one step further from `src_at` through `loc` (None at the edge, or where
    `loc` is `src_at` itself: then no direction is given)."""
    if src_at is None or loc == src_at:
        return None
    (r1, c1), (r2, c2) = game.geometry.rc(src_at), game.geometry.rc(loc)
    dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
    return game.geometry.sq(r2 + dr, c2 + dc)


def register_steps(lang) -> None:
    """Push, knock back and shift: an effect moves a card one step."""

    @lang.verb("push", "push|pushes {what:cards} one step",
               "knock|knocks {what:cards} back one step", splits=("move",))
    def push(game, ev, node):
        """Each unit one step straight away from the card doing it (diagonally away from a
        diagonal neighbour); one at its own location is pushed to a location beside it its
        controller picks. A unit that would leave the realm, or go where it cannot stand,
        stays."""
        src = ev.source.at if ev.source is not None else None
        moves = []
        for u in [u for u in game.select(node.arg("what"), ev) if in_play(game, u)]:
            if src is not None and src in game.geometry.squares(u):
                legal = [n for n in game.geometry.neighbors(u.at) if may_go(game, u, n)]
                to = game.ask_target(ev.controller, f"a square to push {u.name} to",
                                     legal) if legal else None
            else:
                to = _away_from(game, src, u)
            if to is None or not may_go(game, u, to):
                ev.did.append(f"{u.name} cannot be pushed")
                continue
            moves.append((u, u.at, to))
        yield from _step_events(game, ev, moves, "pushed")

    @lang.verb("lure", "lure|lures {what:cards} drawing it|them one step closer to "
               "them|him|her|itself", "lure|lures {what:cards} one step closer",
               splits=("move",))
    def lure(game, ev, node):
        """Each unit one step toward the card luring it (the source): to a location sharing
        an edge with its own and fewer steps from the source's, where it may stand; the
        effect's controller picks among several. One already there, or with no such
        location, stays."""
        src = ev.source.at if ev.source is not None else None
        geo = game.geometry

        def steps(u, a, b):
            """Steps from the unit's nearest location (with its anchor at a) to b."""
            return min(abs(r1 - r2) + abs(c1 - c2) for (r1, c1) in
                       map(geo.rc, squares_at(u, a) or [a]) for (r2, c2) in [geo.rc(b)])
        moves = []
        for u in [u for u in game.select(node.arg("what"), ev) if in_play(game, u)]:
            legal = [n for n in geo.neighbors(u.at) if src is not None and
                     steps(u, n, src) < steps(u, u.at, src) and may_go(game, u, n)]
            if not legal:
                ev.did.append(f"{u.name} cannot be lured closer")
                continue
            to = game.ask_target(ev.controller, f"a square one step closer for {u.name}", legal)
            moves.append((u, u.at, to))
        yield from _step_events(game, ev, moves, "lured")

    @lang.verb("shift", "shift|shifts {what:cards} one step", splits=("move",))
    def shift(game, ev, node):
        """Each card one step to a location sharing an edge with its own, its controller
        picking which (an aura at an intersection moves to the next intersection)."""
        moves = []
        for c in [c for c in game.select(node.arg("what"), ev)
                  if in_play(game, c) and c.at is not None]:
            legal = [n for n in game.geometry.neighbors(c.at) if may_go(game, c, n)]
            if not legal:
                ev.did.append(f"{c.name} cannot shift")
                continue
            moves.append((c, c.at, game.ask_target(ev.controller,
                                                   f"a square one step from {c.name}", legal)))
        yield from _step_events(game, ev, moves, "shift")
