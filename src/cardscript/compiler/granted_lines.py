"""A triggered ability given in quotes ('CARDS gain "Whenever it wins a fight, ready it"
this turn'): the words inside are read as a trigger line of the card that will hold it,
and the step keeps the lowered ability as its argument (the rules give it, the engine's
hooks index hears it: interpreter/granted.py).

Inside the quotes, 'it' names the card that holds the ability, so it reads as 'this'; an
error in those words is reported where they stand inside the quotes. 'this' there is of the
kinds the step gives the ability to (`holder_kinds`: 'target unit', the kinds a unit may
be), so a verb's check refuses what it would refuse of those cards on their own line (a verb
for one kind of card, done to 'this' where the selector names another); a selector naming no
kind leaves it of no kind known.
"""

from __future__ import annotations

import re

from .. import syntax as ast
from ..errors import CardScriptError, SemanticError, Span
from ..grammar import parse_text
from ..language.quoted_abilities import QuotedAbility
from ..language.selectors import Selector
from .copying import copy_with
from .self_subject import kind_word

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


def holder(args) -> Selector | None:
    """The selector of the cards a step gives its quoted ability to: its `what`, else its one
    selector; None when it has none."""
    given = dict(args)
    what = given.get("what")
    if isinstance(what, Selector):
        return what
    sels = [v for v in given.values() if isinstance(v, Selector)]
    return sels[0] if len(sels) == 1 else None


def holder_kinds(args) -> frozenset | None:
    """The kinds of card 'this' may be inside the step's quoted ability: those of the cards
    it is given to ('target unit': the kinds of a unit); None when the step names no kind."""
    sel = holder(args)
    return sel.kinds if sel is not None and sel.kinds else None


def holder_said(args, lang=None) -> str:
    """What 'this' and 'it' are inside the step's quoted ability, in words: "inside the
    quotes, 'this' and 'it' are the card that gains the ability ('target unit'): a ..." (the
    kinds in the language's words, else by their names)."""
    sel, kinds = holder(args), holder_kinds(args)
    said = "inside the quotes, 'this' and 'it' are the card that gains the ability" + (
        f" ('{sel.text}')" if sel is not None and sel.text else "")
    if not kinds:
        return said + ", of no kind known"
    words = [kind_word(k, lang) if lang is not None else k for k in sorted(kinds)]
    named = [("an " if w[:1] in "aeiou" else "a ") + w for w in words]
    return said + ": " + (", ".join(named[:-1]) + " or " if len(named) > 1 else "") + named[-1]


def lower_granted(low, args: tuple, card, phrase) -> tuple:
    """The step's arguments with each quoted ability lowered (an AbilityT)."""
    if not any(v.__class__ is QuotedAbility for _, v in args):
        return args
    return tuple((k, _lower(low, v, card, _quote_at(v, phrase), args)
                  if v.__class__ is QuotedAbility else v) for k, v in args)


def _lower(low, quoted: QuotedAbility, card, at: Span, args: tuple):
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
    # 'this' is the holder: of the kinds of the cards the step gives the ability to
    kinds, said = low.self_kinds, low.self_said
    low.self_kinds, low.self_said = holder_kinds(args), holder_said(args, low.lang)
    try:
        done = low.line_lowerer(line[0], card, low, low.lang)
    except CardScriptError as err:
        raise here(err) from None
    finally:
        low.self_kinds, low.self_said = kinds, said
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
