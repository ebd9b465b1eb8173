"""Whose 'its controller' and 'its owner' name: the player of the card 'it' would name there.

A possessive 'its' names what 'it' would name at the same place (docs/language.md,
"References"): the latest card said before it, or the card whose line it is when nothing was
said. So in 'Whenever this Reaver destroys a unit, its controller draws a card', 'its' is the
unit destroyed (the latest card the trigger named), and the one who draws is that unit's
controller; the Reaver's own controller is written 'you' / 'your'. With the card itself the
latest (or nothing said), the player word keeps its plain value, which the interpreter reads
from the card itself (interpreter/players.py `player_named`).

The player word of a step ('its controller gains 1 life') and the player of a pile ("its
owner's deck", "their owners' hands": 'their' names what 'them' would) become (role, slot): the role ('controller', 'owner') of the first card in
that slot as the step resolves. A pile inside a selector ('a card in its owner's hand',
references.py `resolve_sel`) and the player before 'may' (may.py) are read the same way.
"""

from __future__ import annotations

from .scope import Scope

ROLES = frozenset({"controller", "owner"})
_PLAYER_KEYS = frozenset({"player", "who"})
_PILE_KEYS = frozenset({"zone", "piles"})


def its_slot(scope: Scope) -> str | None:
    """The slot 'it' would name now, when it is another card than the one whose line it is
    (None: the card itself, or nothing said). Places are passed over, as 'it' passes them."""
    for slot, _kinds, is_place in reversed(scope.antecedents):
        if is_place:
            continue
        return None if slot == "self" else slot
    return None


def its_player(key: str, value, scope: Scope):
    """The value of a player or pile slot with 'its' read as a referent, else as it was."""
    if key in _PLAYER_KEYS and value.__class__ is str and value in ROLES:
        slot = its_slot(scope)
        return value if slot is None else (value, slot)
    if key in _PILE_KEYS and value.__class__ is tuple and len(value) == 2 and \
            value[0].__class__ is str and value[0] in ROLES:
        slot = its_slot(scope)
        return value if slot is None else ((value[0], slot), value[1])
    return value
