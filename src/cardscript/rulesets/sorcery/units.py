"""The kinds of card that are units in Sorcery: minions and avatars.

A unit stands on the realm's squares, moves, strikes and is struck, has power and can carry
artifacts; the rules modules that ask "is this card a unit?" share this one set.
"""

from __future__ import annotations

UNITS = frozenset({"minion", "avatar"})
