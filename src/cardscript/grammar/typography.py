"""Typographic characters read as their plain forms, one character for one.

Rules text pasted from scans, web pages and word processors carries curly quotes, dashes
and non-breaking spaces. Where the plain character they stand for is certain, card text
reads them as it (docs/language.md, "Typographic characters"):

    ‘ ’            '   (an apostrophe: Mariner’s Curse is Mariner's Curse)
    “ ”            "   (a card name's quotes)
    ‐ ‑ − –        -   (a hyphen or a minus: 'gets −1 power', '1–power')
    ' – '          —   (an en dash between blanks is a label's dash: 'Bearer – ...')
    U+00A0 U+2007 U+202F   a space

Each is one character for one, so every line and column of a diagnostic stays where the
user's own text has it. A file's leading byte order mark is dropped (as read_card_file
does). What has no certain plain form (an ellipsis '…', a byte order mark inside a file)
stays, and the parser refuses it with a hint naming the plain character (`REFUSED`).

The text is read once when nothing typographic is in it (the common case) and translated
once when something is: the parser's hot path never looks at these characters.
"""

from __future__ import annotations

import re

PLAIN_FORMS = {
    "\u2018": "'", "\u2019": "'",
    "\u201c": '"', "\u201d": '"',
    "\u2010": "-", "\u2011": "-", "\u2212": "-", "\u2013": "-",
    "\u00a0": " ", "\u2007": " ", "\u202f": " ",
}
_TABLE = str.maketrans(PLAIN_FORMS)
_HAS_TYPOGRAPHIC = re.compile("[" + "".join(PLAIN_FORMS) + "]").search
# An en dash with a blank on each side: a label's dash, not a hyphen.
_SPACED_EN_DASH = re.compile("(?<=[ \t\u00a0\u202f])\u2013(?=[ \t\u00a0\u202f])")
BOM = "\ufeff"

# Characters card text refuses, with the plain character to write instead (the E106 hint).
REFUSED = {
    "\u2026": "an ellipsis '…' is not card text: end a sentence with '.'",
    BOM: "a byte order mark (U+FEFF) may stand only at the start of a file: delete it",
    "\u2014": "an em dash stands only after a label that starts a line ('Bearer \u2014 "
               "Lethal.'); inside a sentence, end the sentence with '.' and start another",
}


def plain(text: str) -> str:
    """`text` with each typographic character as its plain form (same length, same lines)."""
    if _HAS_TYPOGRAPHIC(text) is None:
        return text
    if "\u2013" in text:
        text = _SPACED_EN_DASH.sub("\u2014", text)
    return text.translate(_TABLE)


def plain_file(text: str) -> str:
    """A whole file's text as `plain` reads it, a leading byte order mark dropped."""
    return plain(text[1:] if text.startswith(BOM) else text)
