"""Triggers on a unit's part in combat: 'whenever this defends', 'whenever a minion
intercepts', 'whenever this fights' (docs/rulesets/sorcery.md, "Triggers on defending,
intercepting and fighting").

The combat code (combat.py) reports three happenings: `defend` when a unit steps in to
defend (after it has tapped and moved to the attack's location, before any strike), its
target the attacker; `intercept` when a unit taps to intercept a mover, its target the mover;
and `fight`, once for each unit in a fight (two units striking each other, or one against
several interceptors or defenders), before the strikes, its target what that unit fights
(one card, or the list of them). A ranged strike from a step away is no fight: it is not
struck back (codex "Fight", "Ranged").
"""

from __future__ import annotations

HAPPENINGS = frozenset({"defend", "intercept", "fight"})


def register(lang) -> None:
    """The three trigger patterns."""
    lang.trigger("defend", "defend", "{card:cards} defend|defends",
                 "{card:cards} defend|defends against {target:cards}")
    lang.trigger("intercept", "intercept", "{card:cards} intercept|intercepts",
                 "{card:cards} intercept|intercepts {target:cards}")
    lang.trigger("fight", "fight", "{card:cards} fight|fights",
                 "{card:cards} fight|fights {target:cards}")


def report_fight(game, unit, foes) -> None:
    """`unit` fights every one of `foes`: a `fight` happening for it (its target the foe, or
    the list of them), then one for each foe (its target `unit`)."""
    game.happen("fight", unit, unit.controller, target=foes[0] if len(foes) == 1 else list(foes))
    for foe in foes:
        game.happen("fight", foe, foe.controller, target=unit)
