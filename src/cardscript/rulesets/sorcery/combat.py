"""The Move and Attack basic ability, intercepting and defending (strikes: strikes.py).

docs/rulesets/sorcery.md, "Move and Attack" to "Combat keywords", says each rule in words.
A unit taps to use the ability: it may take up to its Movement in steps (each step an event
on the storyline, as any movement), then may attack an enemy unit or site where it stands.
An enemy may intercept it where its movement ends, when it does not attack there; the
controller of what it attacks may send a unit to defend. Two units that fight strike each other at once; a strike deals the
striker's power as damage, and the rules of lethal damage and Lethal (`lethal_damage`) do the
rest.
"""

from __future__ import annotations

from ...errors import ScenarioError, did_you_mean
from ...interpreter.rules import Question, Split, after, find_card
from ...library.moves import in_play
from .movement import forbidden_underwater, make_step, report_move
from .realm import SURFACE, label, region_of, unit_paths
from .surfacing_attacks import moving_to_attack
from .setup import REGIONS
from . import turns
from .kinds import check_not_disabled
from .obligations import check_obligations
from .ongoing import check_allowed, forbidden
from .stats import stat
from .melee import fight_all, join_one_at_a_time
from .strikes import can_engage, damage_player, fight, reveal, strike
from .keywords import free_steps, immovable, keeps_stealth_shooting, reach
from .oversized import (attack_spots, covering_anchors, entered, meets, squares_at,
                        steps_apart)
from .units import UNITS
from .combat_triggers import report_fight
from .carried_units import riders
from .ward import at_once

SQUARES_HINT = "squares are numbered 1-20, row by row (1-5 is the first row)"


def _a(word: str) -> str:
    """The word after its article: 'a site', 'an artifact'."""
    return ("an " if word[:1] in ("a", "e", "i", "o", "u") else "a ") + word


@after("enter_play")
def arrivals(game):
    """A unit that enters the realm during play has summoning sickness until its
    controller's turn ends (`summoned`); the setup's units have been there all along."""
    sick = game.slot("summoned")
    for h in game.batch:
        if h.kind == "enter_play" and h.card is not None and h.card.kind in UNITS:
            sick[h.card.id] = h.card.incarnation


def summoned(game, unit) -> bool:
    """Did the unit enter the realm this turn (so that only Charge lets it move and attack)?"""
    return game.slot("summoned").get(unit.id) == unit.incarnation


def end_turn_action(game, player, action):
    """The turn ends (turns.py `end_turn_action`): every unit's summoning sickness ends with
    it, so a unit summoned this turn acts from its controller's next turn on."""
    check_obligations(game, player, summoned)      # 'must attack if able' (obligations.py)
    turns.end_turn_action(game, player, action)
    game.set_slot("summoned", {})


def ready_unit(game, player, ref, verb):
    """The unit a basic ability names: a unit of the player's in the realm, untapped, and
    not summoned this turn unless it has Charge; else an illegal action."""
    turns.check_main_phase(game, player)
    unit = find_card(game, player, ref, ["realm"])
    if unit.kind not in UNITS:
        raise ScenarioError(f"illegal action: {unit.name} is {_a(unit.kind)}, and only units "
                            f"(minions and avatars) {verb}", None, code="S206",
                            hint=f"{verb} with a minion or an avatar")
    if unit.tapped:
        raise ScenarioError(f"illegal action: {unit.name} is tapped, so it cannot {verb} "
                            "(the ability taps it; a unit untaps when its controller's turn "
                            "begins)", None, code="S206",
                            hint="end the turn first, or use an untapped unit")
    check_not_disabled(unit, verb, game)
    if summoned(game, unit) and not game.has_keyword(unit, "charge"):
        raise ScenarioError(f"illegal action: {unit.name} was summoned this turn, so it cannot "
                            f"{verb} until its controller's next turn (Charge lifts this)", None,
                            code="S206", hint="end the turn first, or give it Charge")
    return unit


# --- the basic ability ---------------------------------------------------------------------

def move_action(game, player, action):
    """`move: UNIT, to: SQUARE` (and `target:` to attack there): the Move and Attack ability."""
    unit = ready_unit(game, player, action["move"], "move")
    if action.get("to") is None:
        raise ScenarioError("illegal action: move needs to: (the square to move to)", None,
                            code="S206", hint="add to: with a square, 1-20, to the action")
    move_and_attack(game, player, unit, action, action.get("target"))


def attack_action(game, player, action):
    """`attack: UNIT, target: ENEMY` (and `to:` to move first): the Move and Attack ability."""
    unit = ready_unit(game, player, action["attack"], "attack")
    if action.get("target") is None:
        raise ScenarioError("illegal action: attack needs target: (the enemy to attack)", None,
                            code="S206", hint="add target: with the name or id of an enemy "
                                              "unit or site")
    move_and_attack(game, player, unit, action, action["target"])


def move_and_attack(game, player, unit, action, target):
    """Tap the unit; move it step by step (when `to:` is given), then attack (when a target is).

    The move is one `activated` event whose path goes on the storyline; the attack, when the
    unit is still standing where it went, is an `attack` event. A move that leads to no attack
    may be intercepted where it ends (`_intercept`); one that attacks is not.
    """
    dest, region = None, _region(action)
    if action.get("to") is not None:
        dest = _destination(game, action)
        if not _still(game, unit):
            _check_reach(game, unit, dest, region)
    elif region is not None:
        raise ScenarioError("illegal action: region: without to: says nowhere to go", None,
                            code="S206", key="region", hint="add to: with the square (its own "
                                                            "square to go up or down there)")
    if dest is not None:
        check_allowed(game, unit, "move", "move")   # an ongoing "can't move" (ongoing.py)
    if target is not None:
        check_allowed(game, unit, "attack", "attack")
        if dest is None:
            _attack_target(game, unit, target)       # illegal targets before the tap
        else:           # an Immobile unit attacks from where it stands, taking no step
            _check_target_from(game, unit, target,
                               unit.at if _still(game, unit) else dest)
    carried = riders(game, player, unit, action) if dest is not None else []
    unit.tapped = True
    if dest is not None:
        with moving_to_attack(game, unit, target is not None):
            _move(game, player, unit, dest, region, attacks=target is not None,
                  carried=carried)
    if target is None or not in_play(game, unit):
        return
    foe, ranged = _attack_target(game, unit, target)
    ev = game.new_event("attack", unit, player,
                        lambda g, e: _attack(g, e, unit, foe, ranged),
                        f"{unit.name} attacks {foe.name}")
    game.add(ev)
    game.run()


def _check_target_from(game, unit, target, dest):
    """Before a move and attack taps anything: the target names an enemy, and one that will
    be within reach of the destination (where it stands, or a step away for a Ranged unit)."""
    named = _enemies_named(game, unit, target)
    if not named:
        raise ScenarioError(f"illegal action: {target!r} is not an enemy unit or site in the "
                            "realm", None, code="S203", key="target",
                            hint="enemies in the realm: " + (", ".join(
                                c.id for c in _enemies(game, unit)) or "none"))
    far = reach(game, unit)
    there = squares_at(unit, dest)
    if not any((meets(game, c, there) or c.kind != "site" and far and
                steps_apart(game, c, there) <= far) for c in named):
        raise ScenarioError(f"illegal action: {target!r} is out of reach from {dest} (a unit "
                            "attacks where it stands; Ranged reaches one step)", None,
                            code="S203", key="target",
                            hint=f"move to where {target} stands, or attack without to:")


def _region(action):
    """The region a move asks to end in (`region:`), checked against the realm's regions."""
    region = action.get("region")
    if region is not None and region not in REGIONS:
        raise ScenarioError(f"illegal action: unknown region {region!r}", None, code="S206",
                            key="region", hint=" ".join(filter(None, [
                                did_you_mean(str(region), REGIONS),
                                "regions: " + ", ".join(REGIONS)])))
    return region


def _destination(game, action):
    dest = game.geometry.parse_location(action["to"])
    if dest not in game.geometry.locations(game):
        raise ScenarioError(f"illegal action: {action['to']!r} is not a square of the realm",
                            None, code="S206", key="to", hint=SQUARES_HINT)
    return dest


def _still(game, unit) -> str:
    """Why the unit takes no step of its own ('immobile', 'immovable'), or '' when it may."""
    if game.has_keyword(unit, "immobile"):
        return "immobile"
    return "immovable" if immovable(game, unit) else ""


def _budget(game, unit) -> int:
    return stat(game, unit, "movement", 1)


def _paths(game, unit, dest, region):
    forbidden = frozenset(forbidden_underwater(game, unit))
    return unit_paths(game, unit, dest, region, _budget(game, unit), forbidden,
                      free_steps(game, unit))


def _check_reach(game, unit, dest, region):
    """A destination out of the unit's reach (its Movement in steps, through regions its
    keywords allow) is an illegal action, told before anything is tapped."""
    if _paths(game, unit, dest, region) is not None:
        return
    steps = _budget(game, unit)
    where = f"{dest}" + (f" ({region})" if region else "")
    reach = sorted({s[-1][0] for s in _reachable(game, unit)})
    raise ScenarioError(f"illegal action: {unit.name} cannot reach {where} with its "
                        f"{steps} step{'s' if steps != 1 else ''}", None, code="S206",
                        key="to", hint="squares it can reach: " + (
                            ", ".join(map(str, reach)) or "none"))


def _reachable(game, unit):
    out = []
    for loc in game.geometry.locations(game):
        p = _paths(game, unit, loc, None)
        if p:
            out.append(p[0])
    return out


def _move(game, player, unit, dest, region, *, attacks, carried=()):
    """The move's event: its path, asked, goes on the storyline as steps; the units it
    carries (carried_units.py) take each step with it."""
    def program(g, ev):
        if _still(g, unit):
            ev.did.append(f"{unit.name} is {_still(g, unit)}: it takes no step")
            return
        paths = _paths(g, unit, dest, region)
        if not paths:
            ev.did.append(f"{unit.name} cannot reach {dest}" if paths is None else
                          f"{unit.name} is there already")
            return
        path = _ask_path(g, player, f"a path for {unit.name} to {dest}", paths)
        start = (unit.at, region_of(unit))
        # Only the last step, where the movement ends, opens the interception window, and
        # only for a move that leads to no attack (the attack's defend window stands for it).
        last = len(path) - 1
        steps = [make_step(g, ev, [(unit, a[0], b[0])] + [(r, a[0], b[0]) for r in carried],
                           b[1],
                           then=(lambda g2, sev, moved: _intercept(g2, sev, unit))
                           if k == last and not attacks else None)
                 for k, (a, b) in enumerate(zip([start] + path, path))]
        ev.did.append("path: " + " → ".join(label(s) for s in [start] + path))
        yield Split("move", inserts=steps)

    ev = game.new_event("activated", unit, player, program, f"move {unit.name} to {dest}")
    ev.subject = unit.name
    game.add(ev)
    game.run()


def _ask_path(game, player, prompt, paths):
    """A `path` question among shortest paths (each step a square, with its region when it
    is not the surface); not asked when there is one."""
    if len(paths) == 1:
        return paths[0]
    legal = [(" → ".join(label(s) for s in p), [label(s) for s in p]) for p in paths]
    chosen = game.ask(Question(player, "path", prompt, legal))
    return next((p for p in paths if [label(s) for s in p] == chosen), paths[0])


def _intercept(game, sev, mover):
    """Where the moving unit's movement ends without an attack, its enemies' untapped units
    in its region there may intercept: their controller names them one at a time
    (`intercept` answers, until `none`); each taps and they all fight it together."""
    if not in_play(game, mover):
        return
    # An oversized mover is intercepted only at the locations its last step entered.
    where = entered(mover, sev.frm) or [mover.at]
    foes = [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind in UNITS and c.controller != mover.controller and not c.tapped and
            meets(game, c, where) and region_of(c) == region_of(mover) and
            can_engage(game, c, mover) and forbidden(game, c, "intercept") is None]
    if not foes:
        return
    picked = join_one_at_a_time(game, foes[0].controller, "intercept",
                                f"intercept {mover.name} at {mover.at}?", foes)
    if not picked:
        return
    for c in picked:
        c.tapped = True
        game.happen("intercept", c, c.controller, target=mover)
    report_fight(game, mover, picked)
    if len(picked) == 1:
        sev.did.append(f"{picked[0].name} intercepts {mover.name}: " +
                       fight(game, picked[0], mover))
    else:
        with at_once(game):         # their strikes land together (a ward spares from all)
            said = fight_all(game, mover, picked)
        sev.did.append(" and ".join(c.name for c in picked) + f" intercept {mover.name}: " +
                       said)


def _attack_target(game, unit, target):
    """The enemy the attack names, if the unit may attack it from where it stands: a unit in
    its region at its location (a Ranged unit also one step away), or a site it stands on.
    Returns (card, ranged); an illegal target is an illegal action."""
    enemies = _enemies(game, unit)
    legal = [c for c in enemies if _may_attack(game, unit, c)]
    named = _enemies_named(game, unit, target)
    for c in named:
        if c in legal:
            return c, c.kind != "site" and not meets(game, c, game.geometry.squares(unit))
    why = "is not an enemy unit or site in the realm" if not named else \
        "is out of its reach (a unit attacks where it stands; Ranged reaches one step)" \
        if all(not _near_enough(game, unit, c) for c in named) else \
        "cannot be attacked by it (Airborne is reached only by Airborne or Ranged units; " \
        "Stealth hides a unit)"
    raise ScenarioError(f"illegal action: {target!r} {why}", None, code="S203", key="target",
                        hint="what it can attack: " + (", ".join(c.id for c in legal) or "none"))


def _enemies(game, unit) -> list:
    """The enemy units and sites in the realm, what an attack may name."""
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.controller != unit.controller and c.kind in UNITS | {"site"}]


def _enemies_named(game, unit, target) -> list:
    return [c for c in _enemies(game, unit)
            if c.id == target or c.name.lower() == str(target).lower()]


def _near_enough(game, unit, foe) -> bool:
    """A unit attacks what shares a location with it (an oversized unit, or an oversized
    foe, at any of its locations); a Ranged one also a unit within its reach in steps."""
    mine = game.geometry.squares(unit)
    if foe.kind == "site":
        return foe.at in mine and region_of(unit) == SURFACE
    if region_of(foe) != region_of(unit):
        return False
    if meets(game, foe, mine):
        return True
    far = reach(game, unit)
    return bool(far) and steps_apart(game, foe, mine) <= far


def _may_attack(game, unit, foe) -> bool:
    if not _near_enough(game, unit, foe):
        return False
    return foe.kind == "site" or can_engage(game, unit, foe, attacking=True)


def _defenders(game, unit, foe, ev) -> list:
    """The controller of what is attacked may send, one at a time (`defend` answers, until
    `none`), untapped units that can reach the attack's location in one move (their own
    Movement); each taps and moves there before the next is asked. Where the attacker or what
    it attacks stands on several locations, the attack is at each location they share
    (`attack_spots`): a defender may reach any of them, an oversized defender by moving as
    one until its body covers one; where several are in reach, a `target` question asks."""
    spots, region = attack_spots(game, unit, foe), region_of(unit)
    options, ends = [], {}
    for c in game.state.in_zones(game.policy.play_zones):
        if c.kind not in UNITS or c.controller != foe.controller or c.tapped or c is foe or \
                not can_engage(game, c, unit) or forbidden(game, c, "defend") is not None:
            continue
        if meets(game, c, spots) and region_of(c) == region:
            ends[c.id] = []                     # there already: it takes no step
        elif not _still(game, c):
            ends[c.id] = [a for a in covering_anchors(game, c, spots)
                          if _paths(game, c, a, region) is not None]
            if not ends[c.id]:
                continue
        else:
            continue
        options.append(c)

    def step_in(defender):
        defender.tapped = True
        if ends[defender.id]:
            to = game.ask_target(defender.controller, f"where {defender.name} defends",
                                 ends[defender.id])
            frm = defender.at
            defender.at, defender.ext["region"] = to, region
            report_move(game, defender, frm, to)
        ev.did.append(f"{defender.name} defends {foe.name}")
        game.happen("defend", defender, defender.controller, target=unit)

    return join_one_at_a_time(game, foe.controller, "defend",
                              f"defend {foe.name} against {unit.name}?", options, step_in)


def _attack(game, ev, unit, foe, ranged):
    """The attack resolves: defenders step in, then strikes (a fight; a Ranged strike from
    a step away is not struck back; a site's controller takes the damage). Attacking ends
    the attacker's Stealth, unless a line keeps it through a ranged attack."""
    hidden = ranged and keeps_stealth_shooting(game, unit)
    if not hidden:
        reveal(unit)
    ev.subject = foe.name
    if not in_play(game, foe):
        ev.did.append(f"{foe.name} is gone: nothing to attack")
        return
    game.happen("attack", unit, unit.controller, target=foe)
    if ranged:                      # an attack from a step or more away (ranged_runs.py)
        game.happen("ranged_attack", unit, unit.controller, target=foe)
    defenders = [] if ranged else _defenders(game, unit, foe, ev)
    if defenders:
        # A site attacked leaves the fight; a unit attacked stays in it only if the player
        # defending it says so (a `remain` answer).
        stays = foe.kind != "site" and game.ask_may(
            foe.controller, f"does {foe.name} stay in the fight?", kind="remain")
        foes = defenders + ([foe] if stays else [])
        if len(foes) > 1:
            report_fight(game, unit, foes)
            with at_once(game):     # the defenders' strikes land together
                ev.did.append(fight_all(game, unit, foes))
            return
        foe = foes[0]
    if foe.kind == "site":
        ev.did.append(damage_player(game, foe.controller, stat(game, unit, "power"), unit,
                                    foe) +
                      f" through {foe.name}")
    elif ranged:
        n = steps_apart(game, foe, game.geometry.squares(unit))
        away = "a step" if n == 1 else f"{n} steps"
        ev.did.append(f"{unit.name} strikes {foe.name} from {away} away: "
                      f"{strike(game, unit, foe, seen=not hidden)} damage")
    else:
        report_fight(game, unit, [foe])
        ev.did.append(fight(game, unit, foe))
