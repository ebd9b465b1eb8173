"""A unit that surfaces to attack: "when this Eel surfaces to attack, ...".

A unit below its site (underwater or underground) reaches only units in its own region, so to
attack one on the surface it first comes up, in the move that leads to the attack
(combat.py `move_and_attack`, a move with `region: surface` and a `target:`). Coming up in
that move is surfacing to attack: the `surface_to_attack` happening, reported beside the
plain `surface` one (own_acts.py `crossed`). Coming up in a move that attacks nothing is not.
docs/rulesets/sorcery.md, "Surfacing to attack".
"""

from __future__ import annotations

from contextlib import contextmanager

from ...interpreter.rules import after

HAPPENINGS = frozenset({"surface_to_attack"})
_SLOT = "moving to attack"


@contextmanager
def moving_to_attack(game, unit, attacks: bool):
    """While the move of a move-and-attack runs, remember the unit that will attack."""
    movers = game.slot(_SLOT, list)
    if attacks:
        movers.append(unit)
    try:
        yield
    finally:
        if attacks:
            movers.remove(unit)


@after("surface")
def surfaced_to_attack(game) -> None:
    """Each unit that came up in a move leading to its attack surfaces to attack."""
    movers = game.slot(_SLOT, list)
    if not movers:
        return
    for h in list(game.batch):
        if h.kind == "surface" and any(h.card is m for m in movers):
            game.happen("surface_to_attack", h.card, h.card.controller, **h.data)


def register(lang) -> None:
    """The trigger pattern of surfacing to attack."""
    lang.trigger("surface to attack", "surface_to_attack",
                 "{card:cards} surface|surfaces to attack")
