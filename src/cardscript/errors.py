"""The error hierarchy: every problem a user can cause prints the same way.

    file:line:col: error[CODE]: message
      the source line
          ^^^^
      hint: what was expected, or "did you mean ...?"

A rule of the game that says "no" is never an exception (it is a status in the
trace); these are for bad input only.

Codes, by family (the golden cases in tests/golden/ show each one printed):

    E0xx  a path that cannot be read (E001), a card file's ruleset line that names no ruleset
          or another game than its scenario's (E002), no scenario found to test (E003), an
          output that cannot be written (E004, run --html, import --out), an optional extra not
          installed (E005), card data that cannot be imported (E020, cardscript import)
    E1xx  card text the grammar cannot read: E101 unexpected token, E102 misplaced 'then',
          E103 missing '.', E104 card header, E105 unterminated name, E106 stray character,
          E107 '→' without label, E108 'choose one' with one option, E109 missing ',',
          E110 nothing after a mark, E111 a modifier with no effect, E112 a number of too
          many digits, E113 too many repetitions, E114 effects nested too deep
    E2xx  card text that reads but means nothing: E201 unknown phrase, E202 unknown card,
          E203 wrong kind of card, E204 unknown keyword, E205 reference to nothing,
          E206/E211 misplaced modifier, E207 unknown label, E208 header item, E209 card
          declared twice (in one file or two compiled or checked together), E210 a permanent's sentence that is no ongoing effect
    S0xx  a scenario file that cannot be read or checked (S001 YAML, S003 unknown key, ...)
    S1xx  an unknown ruleset;  S2xx  an illegal action;  S3xx  a missing or illegal answer
    R1xx  a run that cannot go on (R102 the step bound or a trigger loop, R103 the bound on
          repetitions, R104 'your opponent' in a game of more than two players, R105
          'they' after a 'PLAYER may' that was never asked)
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass

# Error text quotes what it is about; a megabyte word must not make a megabyte message.
MAX_MESSAGE = 400        # characters of a message or hint
MAX_SOURCE = 160         # characters of the quoted source line around the caret


def excerpt(text: str, limit: int = 80) -> str:
    """`text` as an error may quote it: at most `limit` characters, the cut marked with '…'."""
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}…{text[len(text) - half:]}"


def source_lines(text: str) -> list[str]:
    """The lines of a card file as the parser counts them: split at '\n' only.

    (str.splitlines also splits at U+2028, U+2029, form feeds and more; a comment holding one
    would shift every later line of an error.)
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]


_YAML_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


@dataclass(frozen=True, slots=True, init=False)
class Span:
    """Where something stands in a source file (1-based line and column)."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __init__(self, file: str, line: int, column: int, end_line: int = 0,
                 end_column: int = 0):
        # What the generated __init__ does, storing through the slots rather than
        # object.__setattr__ by name: the parser makes a span per token.
        _SPAN_FILE(self, file)
        _SPAN_LINE(self, line)
        _SPAN_COLUMN(self, column)
        _SPAN_END_LINE(self, end_line)
        _SPAN_END_COLUMN(self, end_column)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


# The slots' own setters, which Span's constructor stores through (a frozen class refuses
# attribute assignment; its constructor is the one place that fills its fields).
_SPAN_FILE, _SPAN_LINE, _SPAN_COLUMN, _SPAN_END_LINE, _SPAN_END_COLUMN = (
    Span.__dict__[n].__set__ for n in ("file", "line", "column", "end_line", "end_column"))


class CardScriptError(Exception):
    """The root of every error cardscript reports to a user."""

    code = "E000"
    kind = "error"

    def __init__(self, message: str, span: Span | None = None, *, hint: str | None = None,
                 source_line: str | None = None, code: str | None = None,
                 words: str | None = None, key: str | None = None):
        message = excerpt(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = excerpt(hint, MAX_MESSAGE) if hint else hint
        self.source_line = source_line
        if code:
            self.code = code
        # Raised without a span by code that cannot know where it stands, an error says
        # what it is about so the caller can point there: `words` of a card phrase
        # ('it', 'target site'), or the `key` of a scenario action ('at', 'to', 'target').
        self.words = words
        self.key = key

    def with_source(self, text: str | None) -> "CardScriptError":
        """Attach the offending line, read from the whole text of the file."""
        if self.source_line is None and text is not None and self.span is not None:
            lines = _lines_of(text, self.lines_of)
            if 1 <= self.span.line <= len(lines):
                self.source_line = lines[self.span.line - 1]
        return self

    @staticmethod
    def lines_of(text: str) -> list[str]:
        """The lines of a source text as its parser counts them (card files: '\\n' only)."""
        return source_lines(text)

    def with_source_file(self, sources: dict | None = None) -> "CardScriptError":
        """Attach the offending line, read from the file the span names (if it can be read).

        `sources` (path -> text, None when unreadable) is shared by the errors of one report,
        so a file with thousands of errors is read once, not once per error.
        """
        if sources is None:
            sources = {}
        if self.source_line is None and self.span is not None:
            path = self.span.file
            if path not in sources:
                try:
                    with open(path, encoding="utf-8-sig") as f:
                        sources[path] = f.read()
                except (OSError, UnicodeDecodeError):
                    sources[path] = None
            self.with_source(sources[path])
        for e in getattr(self, "errors", ()):
            e.with_source_file(sources)
        return self

    def format(self) -> str:
        """Render as the gcc-style block editors and CI parse."""
        where = f"{self.span}: " if self.span else ""
        out = [f"{where}error[{self.code}]: {self.message}"]
        if self.source_line is not None and self.span is not None:
            # One character a column: a tab shows as a space, a control character as '?'.
            line = "".join(ch if ch.isprintable() else " " if ch == "\t" else "?"
                           for ch in self.source_line.rstrip("\r\n"))
            col = self.span.column - 1
            width = 1
            if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            if len(line) > MAX_SOURCE:          # a window of the line around the caret
                start = max(0, min(col - MAX_SOURCE // 4, len(line) - MAX_SOURCE))
                end = start + MAX_SOURCE
                head = "…" if start else ""
                line = head + line[start:end] + ("…" if end < len(line) else "")
                col = len(head) + col - start
                width = max(1, min(width, end - (self.span.column - 1)))
            out.append(f"  {line}")
            out.append("  " + " " * col + "^" * width)
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def to_dict(self) -> dict:
        """The JSON shape of a diagnostic (`check --format json`, `run --json`)."""
        s = self.span
        return {
            "kind": self.kind,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "file": s.file if s else None,
            "line": s.line if s else None,
            "column": s.column if s else None,
            "end_line": (s.end_line or s.line) if s else None,
            "end_column": (s.end_column or s.column) if s else None,
        }

    def __str__(self) -> str:
        return self.format()


class CardSyntaxError(CardScriptError):
    """Card text the grammar cannot read."""

    code = "E100"
    kind = "syntax"


class SemanticError(CardScriptError):
    """Card text that reads but means nothing: an unknown card, verb or keyword, a wrong kind."""

    code = "E200"
    kind = "semantic"


class ScenarioError(CardScriptError):
    """A scenario file that cannot be played: bad YAML, unknown key, illegal action."""

    code = "S100"
    kind = "scenario"


    @staticmethod
    def lines_of(text: str) -> list[str]:
        """The lines of a YAML text as PyYAML counts them (it also breaks at U+2028, U+0085)."""
        lines = _YAML_BREAKS.split(text)
        if lines and lines[-1] == "":
            lines.pop()
        return lines


class ChoiceError(ScenarioError):
    """A question with no answer, or an answer that is not legal."""

    code = "S300"
    kind = "choice"
    item: int | None = None      # which item of a list answer is wrong (None: the whole answer)


class RuntimeRuleError(CardScriptError):
    """A run that cannot go on: the step bound was reached (a trigger loop)."""

    code = "R100"
    kind = "runtime"


class ErrorList(CardScriptError):
    """Several diagnostics from one check; prints them all."""

    code = "E000"

    def __init__(self, errors: list[CardScriptError]):
        super().__init__(errors[0].message if errors else "", errors[0].span if errors else None)
        self.errors = errors

    def format(self) -> str:
        return "\n".join(e.format() for e in self.errors)


def edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`."""
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def is_close(word: str, candidate: str) -> bool:
    """A slip of the keyboard, not another word: one edit in four letters ('damgae' ->
    'damage', 'Airbone' -> 'airborne'; in a word of four letters or fewer, a letter missing,
    extra or swapped, never replaced), or the same stem with another ending ('flooding' ->
    'flooded'). 'power' and 'owner' look alike to a ratio but are two words."""
    w, c = word.lower(), candidate.lower()
    if len(w) <= 4 and len(w) == len(c) and sorted(w) != sorted(c):
        return False             # 'fire' -> 'five': in a short word one letter is a new word
    if edit_distance(w, c) <= max(1, len(w) // 4):
        return True
    stem = len(os.path.commonprefix([w, c]))
    return stem >= 4 and stem >= min(len(w), len(c)) - 3


_SPLIT: list = [None, None, []]      # the last text split into lines: text, splitter, lines


def _lines_of(text: str, split) -> list[str]:
    """split(text), kept for the last text and splitter: the errors of one file share it."""
    if _SPLIT[0] is not text or _SPLIT[1] is not split:
        _SPLIT[:] = [text, split, split(text)]
    return _SPLIT[2]


def did_you_mean(word: str, candidates, *, cutoff: float = 0.6) -> str | None:
    """Return 'did you mean X?' for the closest candidate when it is close (`is_close`),
    else None: a far guess misleads more than none."""
    cands = list(dict.fromkeys(candidates))
    lowered = {c.lower(): c for c in cands}
    found = difflib.get_close_matches(word.lower(), list(lowered), n=5, cutoff=cutoff)
    close = [c for c in found if is_close(word, c)]
    if not close:
        return None
    best = min(close, key=lambda c: (edit_distance(word.lower(), c), found.index(c)))
    return f"did you mean {lowered[best]!r}?"
