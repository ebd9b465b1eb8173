"""The ruleset line of a card file: `# ruleset: NAME` among the comments at its top.

It is a comment, so the parser and every other reader of card text pass over it; only
the tools that must pick a ruleset for a file (`cardscript check`, `explain FILE`, a
scenario's `cards:`) read it. Only the comments and blank lines before the first card
count: a comment further down is just a comment.

Lines are split at '\n' alone, as the parser counts them: a U+2028 or a form feed inside a
comment does not shift the line numbers an error names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import Span
from ..userfiles import Refused, read_bytes

LINE = re.compile(r"#[ \t]*ruleset[ \t]*:[ \t]*(?P<name>[^\s#]*)[ \t]*$", re.I)
# A file is read this far at most for its top comments.
HEAD_LINES = 50
HEAD_BYTES = 8192


@dataclass(frozen=True, slots=True)
class RulesetLine:
    """The ruleset a card file names, and where the name stands."""

    name: str
    span: Span
    line: str


def ruleset_line(text: str, path: str) -> RulesetLine | None:
    """The `# ruleset: NAME` comment at the top of a card file's text, or None."""
    for number, raw in enumerate(text.split("\n")[:HEAD_LINES], 1):
        stripped = raw.strip().lstrip("\ufeff")
        if not stripped:
            continue
        if not stripped.startswith("#"):
            return None
        m = LINE.match(stripped)
        if m:
            column = raw.index(stripped) + m.start("name") + 1
            width = max(len(m.group("name")), 1)
            return RulesetLine(m.group("name"), Span(path, number, column, number,
                                                     column + width), raw)
    return None


def file_ruleset_line(path: Path) -> RulesetLine | None:
    """The ruleset line of the card file at `path` (None if it has none or cannot be read:
    reading it is then for the parser to refuse, with its own error). It is read through the
    safe reader, so a device, a FIFO or a file of the kernel (/proc) is never opened."""
    try:
        data = read_bytes(path)
    except Refused:
        return None
    return ruleset_line(data[:HEAD_BYTES].decode("utf-8", "replace"), str(path))
