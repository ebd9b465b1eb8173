"""Gaining Oversized: the keyword is the unit's body of four locations, so a unit in the realm
that gains it grows to four where it fits (docs/rulesets/sorcery.md, "Oversized units",
"Gaining the keyword").

The codex gives an Oversized unit its four locations by the keyword, and losing it now takes
the body (oversized_loss.py); gaining it gives the body by the rule a shrunk unit grows back
by (innate_and_size.py `take_shape`): at the intersection whose top-left location is the
unit's own if four sites lie there, else the first, in square order, covering every location
it stands on over sites; with no such place it gains the keyword and stays where it stands.
A gain for a while (`gains Oversized this turn`) keeps a lasting record of change `grown`:
as it ends, a unit that no longer has the keyword (printed, or given otherwise) takes back
the body it had, its anchor kept. The growth is no move: it enters no location, as the
shape regained after a shrink enters none.
"""

from __future__ import annotations

from . import durations
from .durations import GAIN_EFFECTS, Lasting
from .geometry import UNIT_KINDS, Grid
from .innate_and_size import take_shape
from .oversized import KEYWORD

BODY = "intersection"          # the keyword's shape (geometry.py SPANS)
GROWN = "grown"                # Lasting.change; its name is the shape it had before ("" one)


def _gain_body(game, ev, card, until) -> None:
    """The unit that gained Oversized takes its four locations (see the module docstring)."""
    if card.kind not in UNIT_KINDS or card.ext.get("spans") == BODY or card.at is None:
        return
    before = card.ext.get("spans") or ""
    ev.did.append(take_shape(game, card, BODY))
    if until is not None and card.ext.get("spans") == BODY:
        durations.lasting(game).append(Lasting(card, card.incarnation, GROWN, before, 0, until,
                                               ev.controller))


def _end_growth(game, r) -> str | None:
    """A gain for a while ends: the body goes with the keyword, unless the unit still has it."""
    card = r.card
    if card.ext.get("spans") != BODY or game.has_keyword(card, KEYWORD):
        return None
    card.ext["spans"] = r.name or None
    if not r.name:
        return f"{card.name} occupies only {card.at}"
    return f"{card.name} stands on {', '.join(map(str, Grid.span_squares(card.at, r.name)))}"


def register(lang) -> None:
    """Gaining the keyword gives the body (a rule of the game, no words of its own)."""
    GAIN_EFFECTS[KEYWORD] = _gain_body
    durations.ENDINGS[GROWN] = _end_growth
