"""Losing Oversized: the keyword is the unit's body of four locations, so a unit that loses it
stands on one (docs/rulesets/sorcery.md, "Oversized units", "Losing the keyword").

The codex gives an Oversized unit its four locations by the keyword; a unit without it stands
on one. So whether the keyword was printed, given by the unit's line 'This minion occupies four
sites' (compiler/body_keywords.py) or given by an effect, losing it leaves the unit on its
anchor alone, as 'reduce its size so it occupies only one location' does (innate_and_size.py
`shrink`): for good, or until the loss ends, when it takes its shape again where it fits.
A unit that stands on one location already (shrunk before) loses only the keyword.
"""

from __future__ import annotations

from .innate_and_size import shrink
from .lost_keywords import LOSS_EFFECTS
from .oversized import KEYWORD


def _lose_body(game, ev, card, until) -> None:
    """The unit that lost Oversized stands on its anchor (see the module docstring)."""
    if card.ext.get("spans") != "intersection":
        return
    ev.did.append(shrink(game, card, until, ev.controller))


def register(lang) -> None:
    """Losing the keyword takes the body with it (a rule of the game, no words of its own)."""
    LOSS_EFFECTS[KEYWORD] = _lose_body
