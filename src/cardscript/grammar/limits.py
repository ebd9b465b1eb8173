"""Bounds on what card text may ask for: digits in a number, repetitions, nesting depth.

A card file from a stranger may hold a number of 5,000 digits, 'Gain 1 life,
99999999999999999999 times.' or a thousand nested 'If ...,'. Each is a syntax error at
the place it stands (docs/security.md, "Time and memory bounds"), so no later stage meets
a number Python cannot convert, a repetition that never ends, or a tree too deep to walk
with recursion.
"""

from __future__ import annotations

import re

from .. import syntax as ast
from ..errors import CardSyntaxError, Span

MAX_DIGITS = 9            # the longest number card text may write (up to 999,999,999)
MAX_TIMES = 1000          # the most repetitions one 'N times' may ask for
MAX_NESTING = 40          # how deep effects may nest ('if', 'then', repetitions, ...)

LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_DIGITS + 1))
# Whether a text holds such a number at all (what LONG_NUMBER.search finds, as a match from
# the start): runs of other characters and of short numbers are each taken whole, so a file
# is read once instead of a search starting at every character (a third less time).
HAS_LONG_NUMBER = re.compile(r"(?:\D++|\d{1,%d}+(?!\d))*+\d{%d}"
                             % (MAX_DIGITS, MAX_DIGITS + 1)).match
# A line this long may nest past MAX_NESTING (each level takes at least 5 characters:
# 'once '); shorter lines cannot, so only the abilities on such lines are walked.
LONG_LINE = 5 * MAX_NESTING
# Whether a text holds such a line (as HAS_LONG_NUMBER: each shorter line taken whole, so
# the text is read once, and no list of its lines is made for the common answer, none).
HAS_LONG_LINE = re.compile(r"(?:[^\n]{0,%d}+\n)*+[^\n]{%d}" % (LONG_LINE - 1, LONG_LINE)).match


def check_number(text: str, file: str, line: int, column: int) -> None:
    """Raise E112 if `text` (which starts at line:column) holds a number of too many digits."""
    m = LONG_NUMBER.search(text)
    if m is None:
        return
    col = column + m.start()
    digits = len(m.group())
    raise CardSyntaxError(
        f"a number of {digits:,} digits; card text allows at most {MAX_DIGITS}",
        Span(file, line, col, line, col + digits), code="E112",
        hint=f"write a number up to {10 ** MAX_DIGITS - 1:,}")


def check_times(times: int, span: Span) -> None:
    """Raise E113 if one 'N times' asks for more than MAX_TIMES repetitions."""
    if times > MAX_TIMES:
        raise CardSyntaxError(
            f"{times:,} repetitions; one 'N times' may repeat at most {MAX_TIMES:,} times",
            span, code="E113",
            hint=f"write a count up to {MAX_TIMES:,}")


def _children(node) -> tuple:
    t = type(node)
    if t is ast.Sequence:
        return node.steps
    if t is ast.Choose:
        return node.options
    body = getattr(node, "body", None)
    return () if body is None else (body,)


def check_nesting(cards, source: str) -> None:
    """Raise E114 at the first effect nested deeper than MAX_NESTING (walked without recursion).

    Only abilities on a line long enough to nest that deep are walked (LONG_LINE).
    """
    if HAS_LONG_LINE(source) is None:
        return
    lines = source.split("\n")
    long_lines = {i for i, text in enumerate(lines, 1) if len(text) >= LONG_LINE}
    for card in cards:
        for ab in card.abilities:
            span = ab.span
            if span.line not in long_lines and span.end_line == span.line:
                continue
            effect = getattr(ab, "effect", None)
            stack = [(effect, 1)] if effect is not None else []
            while stack:
                node, depth = stack.pop()
                if depth > MAX_NESTING:
                    raise CardSyntaxError(
                        f"the effect nests more than {MAX_NESTING} levels deep",
                        node.span, code="E114",
                        hint="split it into simpler sentences; 'if', 'then' and "
                             "repetitions each add a level")
                stack.extend((c, depth + 1) for c in _children(node))
