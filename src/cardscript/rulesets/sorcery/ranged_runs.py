"""A unit that runs after shooting: "these Skirmishers may run to a nearby site when they
carry out a ranged attack" (docs/rulesets/sorcery.md, "A run after a ranged attack").

A ranged attack is the attack of a unit with Ranged or Range +N on a unit a step or more away
(combat.py `_attack`, codex "Ranged"): it is also a `ranged_attack` happening, which the
trigger 'X carries out a ranged attack' listens to. An attack from where the unit stands is
not one, Ranged or not.

To run is to move there on one's own feet, as an effect: the unit goes to the place named by
the shortest path (movement.py `move_group`), not tapped, with no basic ability spent, and
each step is a move like any other (it may be intercepted nowhere: only the basic move is).
"""

from __future__ import annotations

from .movement import move_group

HAPPENINGS = frozenset({"ranged_attack"})


def register(lang) -> None:
    """The trigger of a ranged attack, and the verb 'run'."""
    lang.trigger("carry out a ranged attack", "ranged_attack",
                 "{card:cards} carry|carries out a ranged attack")

    @lang.verb("run", "{what:cards} run|runs to {where:place}", splits=("move",))
    def run(game, ev, node):
        yield from move_group(game, ev, node, region=None)
