"""E209: one card name declared twice among the card files compiled or checked together.

A name stands for one card: a later declaration replaced the earlier one silently (the earlier
card was never played, and `check` counted both). Two in one file say the line of the first;
two in different files say the file, line and column of the first, the caret on the second.
(A file beside a scenario that names a card of the ruleset's bundled pool stands in for it on
purpose: the pool is the base the files compile against, not one of them.)
"""

from __future__ import annotations

from ..errors import SemanticError, Span


def declared_twice(name: str, second: Span, first: Span) -> SemanticError:
    """The error of a card `name` declared at `first`, then again at `second`."""
    if first.file == second.file:
        return SemanticError(f'card "{name}" is declared twice in this file', second,
                             code="E209", hint=f"the first is on line {first.line}; give "
                                               "each card its own name")
    return SemanticError(f'card "{name}" is declared twice: first in {first.file}', second,
                         code="E209",
                         hint=f"the first is at {first}; give each card its own name (a "
                              "later file does not replace an earlier one's card)")
