"""A player's champion: the one card on the field that stands for the player (the top of its
lineage). Read by the stack (a champion levelling up, an attack card's champion), the verbs and
labels that name "your champion", and the level check."""

from __future__ import annotations


def champion_of(game, player):
    """The player's champion on the field (the top of its lineage), or None."""
    for c in game.state.in_zones(game.policy.play_zones):
        if c.kind == "champion" and c.controller == player:
            return c
    return None
