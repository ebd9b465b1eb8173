"""Casting an aura to an intersection: `cast: AURA, at: SQUARE, spans: intersection`.

docs/rulesets/sorcery.md, "Casting an aura to an intersection". An aura may be conjured where
four squares meet (named by the top-left one, as a setup names it): the cast is checked like
a setup entry's `spans:` (setup.py `spans_problem`) before anything is paid, and the aura
spans that intersection from the moment it enters the realm (`conjured_at_intersection`).
"""

from __future__ import annotations

from ...errors import ScenarioError
from ...interpreter.rules import after, has_static
from .oversized import check_unit_spans
from .setup import spans_problem
from .walls import BORDER_SHAPES, ON_BORDER

SPANS = "spans"


def _pending(game) -> dict:
    """Auras (and oversized units) being cast to a span: card id -> its shape."""
    return game.slot("conjured at an intersection")


def check_spans(game, card, action) -> None:
    """A cast's `spans:` must name a place the aura can be conjured to; the aura is then
    marked to span it as it enters the realm."""
    check_unit_spans(game, card, action)        # an oversized unit's shape (oversized.py)
    spans = action.get(SPANS)
    if spans is None:
        return
    if action.get("at") is None:
        raise ScenarioError("illegal action: spans: needs at: (the top-left square of the "
                            "intersection)", None, code="S206", key=SPANS,
                            hint="add at: with the square whose bottom-right corner it is")
    problem = spans_problem(card.kind, game.geometry.parse_location(action["at"]), spans)
    if problem:
        message, hint = problem
        raise ScenarioError(f"illegal action: {message}", None, code="S206", key=SPANS,
                            hint=hint)
    if card.kind == "aura" and spans in BORDER_SHAPES and not has_static(card, ON_BORDER):
        raise ScenarioError(f"illegal action: {card.name} is not conjured on a border", None,
                            code="S206", key=SPANS,
                            hint="only an aura whose text says it must be conjured on a border "
                                 "is cast to one (walls.py); spans: intersection, or none")
    _pending(game)[card.id] = spans


@after("enter_play", slots=("conjured at an intersection",))
def conjured_at_intersection(game):
    """An aura cast to an intersection (an oversized unit to its shape) spans it once it has
    entered the realm (entering sets its place fields to a square's; this runs right
    after)."""
    pending = _pending(game)
    if not pending:
        return
    for h in game.batch:
        card = h.card
        if h.kind == "enter_play" and card is not None and card.id in pending:
            card.ext[SPANS] = pending.pop(card.id)
