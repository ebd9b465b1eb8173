"""A triggered ability written in quotes inside an effect ('gains "Whenever it wins a
fight, ready it" this turn'): the slot type `ability` reads one quoted run of words that
opens with a trigger word; the compiler lowers the words inside (compiler/granted_lines.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .shapes import FAIL

# The words a trigger opens with, as the grammar's trigger token reads them.
TRIGGER_OPENERS = ("whenever ", "when ", "after ", "each time ", "at the start of ",
                   "at the end of ", "at the beginning of ")


@dataclass(frozen=True, slots=True)
class QuotedAbility:
    """The words of a quoted triggered ability, not lowered yet."""

    text: str


def is_quoted_ability(text: str) -> bool:
    """Are the words of a quoted run a triggered ability rather than a card's name?"""
    return text.lower().startswith(TRIGGER_OPENERS)


def read_ability(words):
    """One quoted run of words that opens with a trigger word, else FAIL."""
    if len(words) != 1 or words[0].__class__ is str:
        return FAIL
    text = words[0][1]
    return QuotedAbility(text) if is_quoted_ability(text) else FAIL
