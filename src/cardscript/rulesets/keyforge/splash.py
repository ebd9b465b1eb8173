"""Damage to a creature and its neighbors: 'deal 2 damage to a creature and each of its
neighbors', 'deal 3 damage to a creature and 1 damage to each of its neighbors'.

A creature's neighbors are the creatures beside it in its controller's battleline (using.py
`neighbors`), as they stand when the effect resolves, before any damage. All of them are
dealt their damage together, each through the chart's damage steps (board.py `deal`), and
then those destroyed are destroyed together, as one destruction.
"""

from __future__ import annotations

from ...library.moves import in_play
from . import board
from .board import creature_check, creature_of
from .using import neighbors


def register(lang) -> None:
    """Register the damage verb that reaches the neighbors too."""

    @lang.verb("deal damage to neighbors too",
               "deal {n:number} damage to {what:cards} and each of its neighbors",
               "deal {n:number} damage to {what:cards} and {m:number} damage to each of its "
               "neighbors", splits=("destroy",), check=creature_check("deal damage to"))
    def deal_with_neighbors(game, ev, node):
        n = node.arg("n")
        m = node.arg("m")
        m = n if m is None else m
        hit = [creature_of(game, c) for c in game.select(node.arg("what"), ev)]
        hit = [c for c in hit if c is not None and in_play(game, c) and
               c.kind == board.CREATURE]
        if not hit:
            ev.did.append(f"{node.text}: no creature")
            return
        side = [x for c in hit for x in neighbors(game, c) if x not in hit]
        side = list(dict.fromkeys(side))
        for c in hit:
            board.deal(game, ev, c, n, ev.source)
        for c in side:
            board.deal(game, ev, c, m, ev.source)
        ev.subject = ev.subject or hit[0].name
        ev.subjects = [c.name for c in hit + side]
        if not side:
            ev.did.append(f"{hit[0].name} has no neighbor")
        yield from board.destroy_now(game, ev, board.lethal(game, hit + side))
