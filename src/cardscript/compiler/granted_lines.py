"""A triggered ability given in quotes ('CARDS gain "Whenever it wins a fight, ready it"
this turn'): the words inside are read as a trigger line of the card that will hold it,
and the step keeps the lowered ability as its argument (the rules give it, the engine's
hooks index hears it: interpreter/granted.py).

Inside the quotes, 'it' names the card that holds the ability, so it reads as 'this'; an
error in those words is reported where they stand inside the quotes.
"""

from __future__ import annotations

import re

from .. import syntax as ast
from ..errors import CardScriptError, SemanticError, Span
from ..grammar import parse_text
from ..language.quoted_abilities import QuotedAbility
from .copying import copy_with

_IT = re.compile(r"\b(it|It)\b")
_PREFIX = 'card "granted": granted\n  '
_SNIPPET = "<quoted ability>"       # the file name its words are parsed under, mapped back


def _as_holder(text: str) -> tuple[str, list[int]]:
    """`text` with 'it' read as 'this', and for each character of the result the offset of
    the character of `text` it stands for."""
    out, where, last = [], [], 0
    for m in _IT.finditer(text):
        out.append(text[last:m.start()])
        where.extend(range(last, m.start()))
        word = "This" if m.group(1) == "It" else "this"
        out.append(word)
        where.extend([m.start()] * len(word))
        last = m.end()
    out.append(text[last:])
    where.extend(range(last, len(text) + 1))
    return "".join(out), where


def lower_granted(low, args: tuple, card, phrase) -> tuple:
    """The step's arguments with each quoted ability lowered (an AbilityT)."""
    if not any(v.__class__ is QuotedAbility for _, v in args):
        return args
    return tuple((k, _lower(low, v, card, _quote_at(v, phrase))
                  if v.__class__ is QuotedAbility else v) for k, v in args)


def _lower(low, quoted: QuotedAbility, card, at: Span):
    text, where = _as_holder(quoted.text.rstrip())
    if not text.endswith("."):
        text += "."

    def here(err: CardScriptError) -> CardScriptError:
        s = err.span
        if s is None or s.file != _SNIPPET or s.line != 2:
            err.span = at
            return err
        start = where[min(max(s.column - 3, 0), len(where) - 1)]
        end = where[min(max((s.end_column or s.column) - 3, 0), len(where) - 1)]
        err.span = Span(at.file, at.line, at.column + 1 + start, at.line,
                        at.column + 1 + max(end, start + 1))
        err.source_line = None
        return err

    try:
        line = parse_text(_PREFIX + text + "\n", _SNIPPET).cards[0].abilities
    except CardScriptError as err:
        raise here(err) from None
    if len(line) != 1 or not isinstance(line[0], ast.TriggeredAbility) or \
            low.line_lowerer is None:
        raise SemanticError(f'"{quoted.text}" is no triggered ability', at, code="E201",
                            hint='write one trigger and what it does, as a line of a card: '
                                 '"Whenever it ..., ..."')
    kind, low.self_kind = low.self_kind, None      # 'this' is the holder, of no kind known
    try:
        done = low.line_lowerer(line[0], card, low, low.lang)
    except CardScriptError as err:
        raise here(err) from None
    finally:
        low.self_kind = kind
    if done.kind != "triggered":
        raise SemanticError(f'"{quoted.text}" is no triggered ability', at, code="E201",
                            hint='write one trigger and what it does: "Whenever it ..., ..."')
    return copy_with(done, text=quoted.text)     # its words as written, not its card's line


def _quote_at(quoted: QuotedAbility, phrase) -> Span:
    """Where the quoted words stand (their opening quote), else the step's span."""
    for w in phrase.words:
        if w.kind == "name" and w.text == quoted.text and w.span is not None:
            return w.span
    return phrase.span
