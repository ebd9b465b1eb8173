"""What a unit must do: 'CARDS must attack if able' (docs/rulesets/sorcery.md, "Ongoing
effects: must attack if able").

The obligation is checked when its controller ends the turn (`combat.end_turn_action`): a unit
under it that is still able to attack (untapped, neither disabled, summoned this turn without
Charge, nor forbidden to attack) and has an enemy within reach of its Move and Attack (from
where it stands, or from a location its own steps reach this turn) makes ending the turn an
illegal action, naming what it can attack. A unit that has used its basic ability is tapped,
and so has done what it could.
"""

from __future__ import annotations

from ...errors import ScenarioError
from .kinds import disabled
from .movement import forbidden_underwater
from .ongoing import forbidden
from .oversized import squares_at
from .realm import SURFACE, region_of, unit_paths
from .stats import stat
from .strikes import can_engage
from .units import UNITS


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static("must attack", "obligation", "{what:cards} must attack if able",
                "must attack if able")


def bound_to_attack(game, unit):
    """The card whose ongoing effect says `unit` must attack if able, or None."""
    for src, _, args in game.statics("obligation"):
        what = args.get("what")
        if (unit is src) if what is None else game.matches(what, unit, None, source=src):
            return src
    return None


def attackable(game, unit, summoned) -> list:
    """The enemies the unit could attack this turn with its Move and Attack, by id.
    `summoned(game, unit)`: did it enter the realm this turn (combat.py's)?"""
    if unit.tapped or disabled(unit, game) or forbidden(game, unit, "attack") is not None or \
            (summoned(game, unit) and not game.has_keyword(unit, "charge")):
        return []
    spots = {(unit.at, region_of(unit))}
    if not game.has_keyword(unit, "immobile"):
        budget = stat(game, unit, "movement", 1)
        keep_out = frozenset(forbidden_underwater(game, unit))
        for loc in game.geometry.locations(game):
            paths = unit_paths(game, unit, loc, None, budget, keep_out)
            if paths:
                spots.add(paths[0][-1])
    ranged = game.has_keyword(unit, "ranged")
    found = []
    for foe in game.state.in_zones(game.policy.play_zones):
        if foe.controller == unit.controller or foe.kind not in UNITS | {"site"}:
            continue
        for loc, region in spots:
            # An oversized unit reaches from each square of its shape there, an oversized
            # foe is reached at any of its own.
            mine, theirs = squares_at(unit, loc), game.geometry.squares(foe)
            if foe.kind == "site":
                near = foe.at in mine and region == SURFACE
            else:
                near = region_of(foe) == region and (any(s in mine for s in theirs) or (
                    ranged and any(game.geometry.near(s, m, "steps") for s in theirs
                                   for m in mine)))
                near = near and can_engage(game, unit, foe)
            if near:
                found.append(foe.id)
                break
    return found


def check_obligations(game, player, summoned) -> None:
    """Ending the turn is illegal (S206) while a unit of the player must attack and can
    (`summoned` as for `attackable`)."""
    for unit in game.state.in_zones(game.policy.play_zones):
        if unit.controller != player or unit.kind not in UNITS:
            continue
        src = bound_to_attack(game, unit)
        if src is None:
            continue
        foes = attackable(game, unit, summoned)
        if foes:
            who = "its own text" if src is unit else f"{src.name}'s ongoing effect"
            raise ScenarioError(f"illegal action: {unit.name} must attack if able ({who}), "
                                "and it can", None, code="S206",
                                hint="attack with it before ending the turn; it can attack: " +
                                     ", ".join(foes))
