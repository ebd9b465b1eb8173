"""The kinds of card that are units in Sorcery (minions and avatars), and those that are spells.

A unit stands on the realm's squares, moves, strikes and is struck, has power and can carry
artifacts; the rules modules that ask "is this card a unit?" share this one set.
"""

from __future__ import annotations

UNITS = frozenset({"minion", "avatar"})

# The kinds of card that are cast (a site is played, an avatar starts in play).
SPELLS = frozenset({"minion", "magic", "aura", "artifact"})
