"""The layout of a card file made canonical: a pure function from text to text.

What changes: line endings (LF), the `card` word's case, spacing (one space between words,
none before `, . ; :`, one after them, ` → ` around a label's arrow, `->` becomes `→`),
typographic characters become the plain ones the parser reads them as (curly quotes
straight, a hyphen or minus sign '-', a spaced en dash '—', a non-breaking space a space:
grammar/typography.py), ability lines are indented two spaces, blank lines inside a card
go, one blank line separates cards, and the file ends with one newline. What never changes
(typographic characters aside): the words, quoted card names, reminder text in parentheses
and comments (a trailing comment gets two spaces before its `#`).

The language server calls `format_text` for document formatting; `cardscript fmt` writes
its result when it differs from the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..grammar.typography import plain

_HEADER = re.compile(r'card[ \t]*"', re.IGNORECASE)
_PUNCT_BEFORE = re.compile(r"[ \t]+([,.;:])")
_PUNCT_AFTER = re.compile(r"([,;:])(?=[^\s,.;:])")
_DOT_AFTER = re.compile(r"(?<=[^\s.\d])\.(?=[^\W\d_])")
_ICON = re.compile(r"\([A-Za-z]\)")            # a threshold icon, '(W)': printed in a row


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of one line: plain code, a quoted name, a reminder or a comment."""

    kind: str       # code | name | reminder | comment
    text: str


def split_line(line: str) -> list[Piece]:
    """Cut a line where the card language's lexer does: names, reminders, a comment."""
    out: list[Piece] = []
    code: list[str] = []
    i, n = 0, len(line)

    def flush():
        if code:
            out.append(Piece("code", "".join(code)))
            code.clear()

    while i < n:
        c = line[i]
        if c == '"':
            close = line.find('"', i + 1)
            if close < 0:
                code.append(line[i:])
                break
            flush()
            out.append(Piece("name", '"' + line[i + 1:close] + '"'))
            i = close + 1
        elif c == "(" and ")" in line[i:]:
            close = line.index(")", i)
            flush()
            out.append(Piece("reminder", line[i:close + 1]))
            i = close + 1
        elif c == "#":
            flush()
            out.append(Piece("comment", line[i:].rstrip()))
            break
        else:
            code.append(c)
            i += 1
    flush()
    return out


def _code(text: str) -> str:
    """Spacing of one run of plain code (no names, reminders or comments in it)."""
    text = " ".join(text.split())
    text = re.sub(r"[ ]*(?:->|→)[ ]*", " → ", text)
    text = _PUNCT_BEFORE.sub(r"\1", text)
    text = _PUNCT_AFTER.sub(r"\1 ", text)
    return _DOT_AFTER.sub(". ", text)


def format_line(line: str) -> tuple[str, str]:
    """(code, comment) of one line in canonical spacing; either may be empty."""
    pieces = split_line(line)
    comment = ""
    if pieces and pieces[-1].kind == "comment":
        comment = pieces.pop().text
    text = ""
    spaced = False                      # whitespace stood before this piece
    for p in pieces:
        part = _code(p.text).strip() if p.kind == "code" else p.text
        if not part:
            spaced = True
            continue
        if text:
            text += _separator(text, p, part, spaced)
        text += part
        spaced = p.kind == "code" and p.text[-1:].isspace()
    return text.strip(), comment


def _separator(text: str, p: Piece, part: str, spaced: bool) -> str:
    """What goes between the line so far and the next piece: a space or nothing."""
    if p.kind == "code" and part[0] in ",.;:":
        return ""
    if p.kind == "reminder" and _ICON.fullmatch(part) and _ICON.fullmatch(text[-3:]) and \
            text.lstrip()[:1] == "(":
        return ""                       # '(W)(W):' threshold icons stay together
    if spaced or p.kind == "reminder" or text[-1] in ",;:→":
        return " "
    if p.kind == "code":
        return " " if p.text[:1].isspace() or part[0].isalnum() else ""
    return " " if text[-1].isalnum() or text[-1] == '"' else ""


def _is_header(code: str) -> bool:
    return bool(_HEADER.match(code))


def _header(code: str) -> str:
    rest = code[4:].lstrip()
    close = rest.find('"', 1)
    if close < 0:                       # no closing quote: a syntax error, left as it is
        return code
    after = rest[close + 1:].lstrip()
    if after.startswith(":"):
        after = ": " + after[1:].lstrip()
    return "card " + rest[:close + 1] + after


def format_text(text: str) -> str:
    """The card file `text` with its layout made canonical (see the module docstring).

    Idempotent: format_text(format_text(t)) == format_text(t). The words, names, reminders
    and comments stay as they are, so the file parses to the same cards.
    """
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = plain(text[len(bom):]).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    rows = []                                       # (kind, code, comment)
    for raw in lines:
        code, comment = format_line(raw)
        if not code and not comment:
            rows.append(("blank", "", ""))
        elif not code:
            rows.append(("comment", "", comment))
        elif _is_header(code):
            rows.append(("header", _header(code), comment))
        else:
            rows.append(("line", code, comment))
    return bom + _assemble(rows)


def _assemble(rows: list) -> str:
    out: list[str] = []
    in_card = False
    i = 0
    while i < len(rows):
        kind, code, comment = rows[i]
        if kind == "header":
            if out and out[-1] != "" and in_card:
                out.append("")
            in_card = True
            out.append(_join(code, comment))
        elif kind == "line":
            out.append(_join(("  " if in_card else "") + code, comment))
        elif kind == "comment":
            # A comment belongs to the card when the card's lines go on after it; comments
            # after a blank line, before the next card or the end, stand on their own.
            j = i
            while j < len(rows) and rows[j][0] == "comment":
                j += 1
            nxt = rows[j][0] if j < len(rows) else None
            blank_before = i > 0 and rows[i - 1][0] == "blank"
            if in_card and nxt == "line" or in_card and nxt == "blank" and not blank_before \
                    and _more_lines(rows, j):
                out.extend("  " + rows[k][2] for k in range(i, j))
            else:
                if in_card or (out and out[-1] != "" and blank_before):
                    out.append("")
                in_card = False
                out.extend(rows[k][2] for k in range(i, j))
            i = j
            continue
        elif kind == "blank" and not in_card and out and out[-1] != "":
            out.append("")
        i += 1
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _more_lines(rows: list, j: int) -> bool:
    """Whether an ability line comes after the blank lines at `j`, before any header or
    comment: a blank line between two lines of one card."""
    while j < len(rows) and rows[j][0] == "blank":
        j += 1
    return j < len(rows) and rows[j][0] == "line"


def _join(code: str, comment: str) -> str:
    return f"{code}  {comment}" if comment else code
