"""Wordings a game gives no meaning, and why: the error E217 names the reason.

A line the language cannot read is error E201 with the shapes that come nearest. Some
wordings are near a form the language reads but have no rule behind them in the game (a
keyword used as a verb, a pile listed twice, a side adjective with no noun after it): for
those the ruleset registers a `RefusedWording`, a pattern over the line's text with the
reason in the game's terms and what to write instead. When a line fails to read and its text
fits one, the compiler reports E217 with that reason in place of the nearest shapes
(compiler/refused.py). A refused wording never stops a line that reads: it is looked at only
after the line has failed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RefusedWording:
    """A wording the game gives no meaning: `regex` (matched against the text of a line that
    failed to read), `why` (the rule that gives it none, in the game's words) and `hint`
    (what to write instead). Made by `refused`."""

    regex: re.Pattern
    why: str
    hint: str


def refused(pattern: str, why: str, hint: str) -> RefusedWording:
    """A refused wording from a regular expression matched without regard to case."""
    return RefusedWording(re.compile(pattern, re.IGNORECASE), why, hint)


def refused_in(wordings, text: str):
    """The first refused wording `text` fits and its match, or None."""
    for wording in wordings:
        found = wording.regex.search(text)
        if found is not None:
            return wording, found
    return None
