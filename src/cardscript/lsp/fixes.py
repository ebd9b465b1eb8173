"""Quick fixes for diagnostics, one provider a kind of fix.

A provider takes (the diagnostic's code, its message, its hint, the text it covers) and
returns the fixes it offers: (title, replacement text) pairs. `PROVIDERS` lists them in the
order their fixes are shown; the lint fixes of `cardscript lint` join the list when that
command exists. No LSP library here: server.py turns a fix into a code action.
"""

from __future__ import annotations

import re
from typing import Callable

DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")

Fix = tuple[str, str]


def did_you_mean(code: str, message: str, hint: str | None, old: str) -> list[Fix]:
    """A hint's 'did you mean X?' as a fix that writes X over the text the diagnostic covers."""
    m = DID_YOU_MEAN.search(hint or message)
    if not m or not old:
        return []
    new = written_like(old, m.group(1))
    return [(f"Change to {new}", new)]


def written_like(old: str, suggestion: str) -> str:
    """The suggestion written as the old text was: quoted if it was, capitalised if it was."""
    if old.startswith('"'):
        return f'"{suggestion}"'
    if old[:1].isupper() and suggestion[:1].islower():
        return suggestion[:1].upper() + suggestion[1:]
    return suggestion


PROVIDERS: list[Callable[[str, str, str | None, str], list[Fix]]] = [did_you_mean]


def fixes(code: str, message: str, hint: str | None, old: str) -> list[Fix]:
    """Every provider's fixes for one diagnostic."""
    return [f for provider in PROVIDERS for f in provider(code, message, hint, old)]
