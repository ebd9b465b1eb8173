"""Where a card's broken or lost ward mark is kept (ward.py reads it): apart, so that the
modules that take a mark away (silence.py, the verb `disable` in kinds.py) need not import
the rules of Ward, which read theirs."""

from __future__ import annotations


def remove_mark(card) -> None:
    """The card loses its ward mark for good, in this incarnation (it was silenced or
    disabled, or its ward broke): the keyword coming back later brings no new mark while it
    stays in the realm."""
    card.extra["ward"] = card.incarnation


def mark_gone(card) -> bool:
    """Has the card, in this incarnation, lost or broken its ward mark?"""
    return card.extra.get("ward") == card.incarnation
