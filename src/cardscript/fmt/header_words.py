"""Header items in canonical text: a field named with another spelling the game reads.

A ruleset may read a header field under other spellings (`Language.header_spellings`, which
the compiler's `declare` pass reads: 'Æmber 1' and 'amber 1' for 'aember 1'). Canonical text
writes the field as it is named, in small letters, as every other header item is.
"""

from __future__ import annotations

from .. import syntax as ast
from .edits import Edit


def header_edits(lang, card: ast.Card, lines) -> list[Edit]:
    """An edit for each header item written with another spelling of its field ('Æmber 1',
    'amber 1') or with a capital ('Aember 1'): written as the field is named ('aember 1')."""
    spellings = lang.header_spellings
    if not spellings:
        return []
    fields = set(spellings.values())
    out = []
    for item in card.header:
        if not 0 < item.line <= len(lines):
            continue
        written = lines[item.line - 1][item.column - 1:].split()[:1]
        if not written:
            continue
        word = written[0].rstrip(",")
        low = word.lower()
        want = spellings.get(low, low if low in fields else None)
        if want is not None and word != want:
            out.append(Edit(item.line, item.column, item.column + len(word), word, want,
                            "L008", f"'{word}' and '{want}' name the same header field"))
    return out
