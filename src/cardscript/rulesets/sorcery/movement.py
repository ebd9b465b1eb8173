"""Movement on the storyline: the whole path becomes step events before any step resolves."""

from __future__ import annotations

from ...interpreter.rules import Question, Split
from ...library.moves import in_play
from .own_acts import crossed
from .entry import may_enter
from .keywords import movable
from .oversized import entered, spans_of, squares_at
from .borders import holder


def forbidden_underwater(game, unit) -> set:
    """The squares ongoing effects ("units can't move underwater into this site") keep the
    unit from entering underwater."""
    forbidden = set()
    for src, spec, args in game.statics("forbid"):
        what, where = args.get("what"), args.get("where")
        if what is not None and not game.matches(what, unit, None, source=src):
            continue
        forbidden.update(game.places(where, None, source=src, ask=False)
                         if where is not None else ())
    return forbidden


def can_enter(game, unit, region):
    """Which squares a unit may pass through: underwater only through water sites it may enter."""
    geo = game.geometry
    forbidden = forbidden_underwater(game, unit) if region == "underwater" else set()

    def ok(sq):
        if region == "underwater" and (not geo.has_trait(game, sq, "water") or sq in forbidden):
            return False
        return may_enter(game, unit, sq)
    return ok


def plan_path(game, ev, unit, dest, region):
    """The shortest path to dest, the controller choosing among ties; [] when there is none.
    An oversized unit's path is of its anchor, each step its whole shape a location over,
    every location it covers one it may be moved through."""
    if unit.at == dest:
        return []
    ok = can_enter(game, unit, region)
    if spans_of(unit) is not None:
        whole = ok

        def ok(sq):
            shape = squares_at(unit, sq)
            return bool(shape) and all(whole(s) for s in shape)
    paths = game.geometry.shortest_paths(unit.at, dest, ok)
    if not paths:
        return None
    if game.policy.setting("move_to_path") == "direct":
        return [dest]
    return ask_path(game, ev.controller, f"a path for {unit.name} to {dest}", paths)


def ask_path(game, player, prompt, paths):
    """A `path` question: which of several shortest paths (not asked when there is one)."""
    if len(paths) == 1:
        return paths[0]
    legal = [(" → ".join(map(str, p)), [str(x) for x in p]) for p in paths]
    chosen = game.ask(Question(player, "path", prompt, legal))
    for p in paths:
        if [str(x) for x in p] == chosen:
            return p
    return paths[0]


def carry_along(game, unit):
    """Artifacts a unit carries stand where it stands: they go with it, step by step."""
    for c in game.state.in_zones(game.policy.play_zones):
        if c.ext["carried_by"] is unit:
            game.state.stand_with(c, unit)


def report_move(game, unit, frm, to, *, teleport=False) -> None:
    """The happenings of a unit's step from `frm` to `to` (it stands there already): it
    moves, and enters its location; an oversized unit names the locations it newly covers
    (`entered`: what 'enters here' of a site there sees, oversized.py); a teleport says so
    (`teleport`: it crossed no border on the way, walls.py)."""
    new = entered(unit, frm)
    more = {"entered": new} if new else {}
    if teleport:
        more["teleport"] = True         # it crossed no border on the way (walls.py)
    game.happen("move", unit, unit.controller, frm=frm, to=to, region=unit.ext["region"],
                **more)
    game.happen("enter", unit, unit.controller, to=to, region=unit.ext["region"], **more)


def make_step(game, ev, moves, region, *, then=None):
    """One step event: each (unit, from, to) moves at once (into `region` when one is given).

    `then(g, sev, moved)`: what the rules do once the step is taken (the basic ability's
    interception, on the step where its movement ends).
    """
    def run(g, sev):
        moved = []
        for unit, frm, to in moves:
            if not in_play(g, unit) or unit.at != frm:
                continue
            if (held := holder(g, unit, frm, to)) is not None:
                # a border closed to it (a wall's, a site's front border): it stops there,
                # the rest of its path undone (its own moves never plan such a step:
                # realm.py `moves_from`)
                sev.did.append(f"{unit.name} is held back at {frm} by {held.name}")
                continue
            unit.at, was = to, unit.ext["region"]
            if region:
                unit.ext["region"] = region
            carry_along(g, unit)
            report_move(g, unit, frm, to)
            crossed(g, unit, was, unit.ext["region"])
            moved.append(unit)
        sev.did.append(", ".join(f"{u.name} moves {f} → {t}" if f != t else
                                 f"{u.name} moves {region} at {t}" for u, f, t in moves
                                 if u in moved) or "nothing moved")
        if then is not None and moved:
            then(g, sev, moved)
    unit, frm, to = moves[0]
    text = " and ".join(f"{u.name} moves from {f} to {t}" if f != t else
                        f"{u.name} moves {region} at {t}" for u, f, t in moves)
    sev = game.new_event("move", ev.source, ev.controller, run, text)
    sev.subject, sev.frm, sev.to = unit.name, frm, to
    sev.subjects = [u.name for u, _, _ in moves]
    sev.started = True
    return sev


def move_group(game, ev, node, *, region, path=None):
    """Move the selected units; all together unless the node is run one card at a time."""
    units = movable(game, [u for u in game.select(node.arg("what"), ev) if in_play(game, u)],
                    ev)
    where = node.arg("where")
    dests = game.places(where, ev) if where is not None else []
    plans = []
    for u in units:
        if path is not None:
            p = list(path)
        else:
            if not dests:
                continue
            p = plan_path(game, ev, u, dests[0], region or u.ext["region"])
        if not p:
            ev.did.append(f"{u.name} cannot move there" if p is None else f"{u.name} stays")
            continue
        plans.append((u, [u.at] + p))
    if not plans:
        return
    ev.subject = plans[0][0].name
    if game.policy.setting("movement") != "path_on_storyline":
        for u, p in plans:
            for frm, to in zip(p, p[1:]):
                if holder(game, u, frm, to) is not None:
                    break                   # held back at a closed border (borders.py)
                u.at, was = to, u.ext["region"]
                if region:
                    u.ext["region"] = region
                carry_along(game, u)
                report_move(game, u, frm, to)
                crossed(game, u, was, u.ext["region"])
        return
    steps = []
    longest = max(len(p) for _, p in plans)
    for k in range(1, longest):
        moves = [(u, p[k - 1], p[k]) for u, p in plans if k < len(p)]
        steps.append(make_step(game, ev, moves, region))
    ev.did.append("path: " + "; ".join(f"{u.name} {' → '.join(map(str, p))}" for u, p in plans))
    yield Split("move", inserts=steps)


def move_one_step(game, ev, node):
    """Move each selected unit one step (an effect's movement, not the unit's own): to a
    location sharing an edge with its own, in its region, where it may stand; the effect's
    controller picks each one (a `target` question). They move together, one step event."""
    from .realm import VOID, SURFACE, may_cover, may_stand, region_of
    moves = []
    for u in movable(game, [u for u in game.select(node.arg("what"), ev)
                            if in_play(game, u)], ev):
        here = region_of(u)
        depths = (SURFACE, VOID) if here in (SURFACE, VOID) else (here,)
        now = game.geometry.squares(u)

        def fits(n, u=u, depths=depths, now=now):
            if spans_of(u) is None:
                return any(may_stand(game, u, n, r) for r in depths)
            shape = squares_at(u, n)       # an oversized unit: its whole shape a step over
            return bool(shape) and all(may_cover(game, u, s) for s in shape if s not in now)
        legal = [n for n in game.geometry.neighbors(u.at) if fits(n)]
        if not legal:
            ev.did.append(f"{u.name} cannot move one step")
            continue
        to = game.ask_target(ev.controller, f"a square one step from {u.name}", legal)
        moves.append((u, u.at, to))
    if not moves:
        return
    ev.subject = moves[0][0].name
    ev.did.append("one step: " + "; ".join(f"{u.name} {a} → {b}" for u, a, b in moves))
    yield Split("move", inserts=[make_step(game, ev, moves, None)])
