"""The `attack` action of a Grand Archive scenario: a unit's attack, or an attack card.

`attack: NAME` names a unit of the player's on the field (an ally or champion), which
declares an attack on `target:` (combat.py); otherwise an attack card in hand, which is
activated (stack.py `attack_card`); as it resolves it enters its champion's intent and the
champion attacks with it (intent.py).
"""

from __future__ import annotations

from .combat import unit_attack
from .stack import attack_card


def attack(game, player, action):
    """`attack:` a unit on the field declares an attack; else an attack card is activated."""
    ref = action["attack"]
    field = game.state.players[player].zones.get("field", ())
    if any(c.id == ref or c.name.lower() == str(ref).lower() for c in field):
        return unit_attack(game, player, ref, action)
    return attack_card(game, player, action)
