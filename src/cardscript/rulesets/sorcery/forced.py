"""Forced movement and targeting: an effect moves a unit (pull, drag), or names a place or a
card first and acts on it in the next sentence ("Target a site. Deals 3 damage to a random
unit there.").

Being moved by an effect is not the unit's own move (docs/rulesets/sorcery.md, "Forced
movement"): it does not tap, is never intercepted, and takes the shortest path of steps to
the place (the controller choosing among ties), each step an event on the storyline
(`movement.move_group`), as the rulebook's movement by a spell or ability does.
"""

from __future__ import annotations

from ...library.moves import in_play
from .movement import move_group


def register(lang) -> None:
    """The verbs of this module."""

    @lang.verb("pull or drag", "pull|pulls|drag|drags {what:cards} to|onto {where:place}",
               splits=("move",))
    def pull(game, ev, node):
        """An effect moves the units to the place, step by step (not their own move)."""
        yield from move_group(game, ev, node, region=None)

    @lang.verb("target", "target {what:cards}")
    def target(game, ev, node):
        """Name a card (a site, a unit) for what follows: 'there', 'it' and 'that site' in
        the next sentences are it. The controller picks it as the step resolves."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to target")
            return
        ev.did.append("target " + ", ".join(f"{c.name} at {c.at}" if c.at is not None
                                            else c.name for c in cards))
        ev.subject = ev.subject or cards[0].name
