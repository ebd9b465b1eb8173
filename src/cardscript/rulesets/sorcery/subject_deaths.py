"""Units that die by a line's own word: "ground minions here die".

The subject dies as a killed unit does (a replacement may still say what happens instead);
the printed "fall to their doom and die" is the same death. It is no damage, so it is no
one's kill (kills.py). docs/rulesets/sorcery.md, "Units that die by a line's word".
"""

from __future__ import annotations

from ...library.moves import in_play, leave_play
from .units import UNITS


def register(lang) -> None:
    """The verb of a subject that dies."""

    @lang.verb("die", "{what:cards} die|dies", "{what:cards} fall|falls to their|its doom and die|dies",
               splits=("leave_play",))
    def die(game, ev, node):
        cards = [c for c in game.select(node.arg("what"), ev)
                 if in_play(game, c) and c.kind in UNITS]
        if not cards:
            ev.did.append(f"{node.text}: no one dies")
            return
        for c in cards:
            if game.would("die", c, ev.controller):
                leave_play(game, c, game.ruleset.graveyard, why="die")
                ev.did.append(f"{c.name} dies")
        ev.subject = ev.subject or cards[0].name
        ev.subjects = [c.name for c in cards]
