"""Ongoing lines that hold always: a language's `unconditional_statics` names the ongoing
effects a condition cannot govern (the static's name -> why, and what to write instead: the
error's hint). Such a line with a
condition before or after it ('... while Y', 'As long as Y, ...', 'If Y, ...', a condition
label) would be read and its condition not honoured, so it is error E219, the caret on the
condition."""

from __future__ import annotations

from ..errors import SemanticError, Span


def refuse_condition(lang, spec, line: str, condition: str, span: Span) -> None:
    """Raise E219 when the static `spec` holds always and was given the condition
    `condition` (its words, at `span`); else nothing."""
    why = lang.unconditional_statics.get(spec.name)
    if why is None:
        return
    raise SemanticError(f"'{line}' holds always: the condition '{condition}' cannot govern "
                        "it", span, code="E219", hint=why)
