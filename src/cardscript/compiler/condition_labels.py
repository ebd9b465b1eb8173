"""Conditions printed as a label before a colon ('Bonus: ...', 'Rank 2+: ...').

A game may print a condition as a label: what follows it works only while the condition
holds. The ruleset names such labels (`Language.condition_labels`: the label, lowercase,
each run of digits written `n`). What follows the label is read as the line it would be
without it (another label, such as a trigger label, included), then the condition is added
where the ability keeps one: a trigger or an activation `requires` it (checked as it
triggers or is activated: once on the storyline, the ability no longer needs it), an
ongoing effect has it as a `condition` (it applies only while it holds), and a spell's
effect is wrapped in it (tested as that line resolves). Anything else after such a label
is error E212.

Labels may stack in any order ('Bonus: Rank 2+: ...' as 'Rank 2+: Bonus: ...'): each holds,
kept in the order printed (outermost first), and a spell's line stands under one test of
them all. The same label twice before one line is error E218: it says nothing once more.
"""

from __future__ import annotations

import re

from .. import syntax as ast
from ..errors import SemanticError, Span, did_you_mean
from .diagnose import labels_hint
from .copying import copy_with as replace
from .template import CondT, IfT
from .unconditional import refuse_condition

_DIGITS = re.compile(r"\d+")


def condition_label(label: str, lang) -> CondT | None:
    """The condition a label stands for (its numbers as `n`, `n2`, ...), or None."""
    if not lang.condition_labels:
        return None
    said = " ".join(label.split())
    spec = lang.condition_labels.get(_DIGITS.sub("n", said.lower()))
    if spec is None:
        return None
    numbers = [int(d) for d in _DIGITS.findall(said)]
    args = tuple((("n" if i == 0 else f"n{i + 1}"), v) for i, v in enumerate(numbers))
    return CondT(spec, args, said)


def _inner(ab: ast.LabelledAbility, lang):
    """The line after the condition label, as it would read alone: 'Bonus: Enter: X.' is the
    labelled ability 'Enter: X.'; anything else is an effect line of the same words."""
    node = ab.effect
    if isinstance(node, ast.Sequence) and len(node.steps) > 1 and \
            isinstance(node.steps[0], ast.Step):
        first = node.steps[0].phrase
        said = " ".join(w.text for w in first.words)
        key = said.lower()
        if key in lang.labels or key in lang.unmodelled_labels or \
                condition_label(said, lang) is not None:
            rest = node.steps[1:]
            body = rest[0] if len(rest) == 1 else ast.Sequence(
                tuple(rest), Span(ab.span.file, rest[0].span.line, rest[0].span.column,
                                  node.span.end_line, node.span.end_column))
            return ast.LabelledAbility(label=said, effect=body, span=Span(
                ab.span.file, first.span.line, first.span.column, ab.span.end_line,
                ab.span.end_column))
    return ast.EffectLine(effect=node, span=node.span)


def restricted(ab: ast.LabelledAbility, cond: CondT, lang, read_line) -> list:
    """The abilities of a line after a condition label, each holding only under `cond`
    (first among the conditions of labels stacked after it).

    `read_line(node)` reads a line as the card's other lines are read (a list of abilities).
    """
    inner = _inner(ab, lang)
    stacked = _repeated(cond, inner, lang)
    out = []
    for done in read_line(inner):
        text = f"{cond.text}: {done.text}"
        if done.kind in ("triggered", "activated"):
            out.append(replace(done, text=text, requires=(cond,) + done.requires))
        elif done.kind in ("static", "prevention"):
            sp = ab.span
            refuse_condition(lang, done.static[0], done.text, cond.text,
                             Span(sp.file, sp.line, sp.column, sp.line,
                                  sp.column + len(ab.label)))
            out.append(replace(done, text=text, condition=(cond,) + done.condition))
        elif done.kind == "spell":
            eff = done.effect
            if stacked and isinstance(eff, IfT):
                # the test of the label after this one: one test of both, as printed
                out.append(replace(done, text=text, effect=IfT((cond,) + eff.conditions,
                                                               eff.body)))
            else:
                out.append(replace(done, text=text, effect=IfT((cond,), eff)))
        else:
            sp = ab.span
            raise SemanticError(
                f"'{cond.text}:' before a {done.kind} ability has no rules in ruleset "
                f"'{lang.name}'", Span(sp.file, sp.line, sp.column, sp.line,
                                       sp.column + len(ab.label)), code="E212",
                hint="a condition label is read before a triggered or activated ability, an "
                     "ongoing effect or a spell's effect")
    return out


def _repeated(cond: CondT, inner, lang) -> bool:
    """Whether another condition label stands after `cond` ('Bonus: Rank 2+: ...'); the same
    label again, next or further on, whatever its numbers, is error E218."""
    stacked = False
    while isinstance(inner, ast.LabelledAbility):
        after = condition_label(inner.label, lang)
        if after is None:
            break
        if after.spec is cond.spec:
            sp = inner.span
            raise SemanticError(
                f"the condition label '{inner.label}:' repeats '{cond.text}:' before one "
                f"line: a line stands under each condition label once",
                Span(sp.file, sp.line, sp.column, sp.line, sp.column + len(inner.label)),
                code="E218", hint="write the label once; different condition labels may "
                                  "stand before a line in any order")
        stacked = True
        inner = _inner(inner, lang)
    return stacked


def unknown_label(ab: ast.LabelledAbility, lang) -> SemanticError:
    """A label the language does not read: E212 when the game has it and the engine not
    its rules (`Language.unmodelled_labels`, with why), else E207."""
    at = ab.span
    at = Span(at.file, at.line, at.column, at.line, at.column + len(ab.label))
    why = lang.unmodelled_labels.get(" ".join(ab.label.lower().split()))
    if why is not None:
        return SemanticError(f"the label '{ab.label}' has no rules in ruleset '{lang.name}' "
                             f"yet: {why}", at, code="E212",
                             hint=labels_hint(lang) + "; or write a trigger as a sentence "
                                  "('When ..., ...')")
    return SemanticError(f"unknown label '{ab.label}'", at, code="E207",
                         hint=did_you_mean(ab.label, [l.name for l in lang.labels.values()])
                         or labels_hint(lang))
