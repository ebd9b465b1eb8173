"""Hover: a keyword's reminder text (the rule its ruleset registers for it), a card's header,
or the `explain` of the ability under the cursor (what `cardscript explain` prints for it)."""

from __future__ import annotations

import re

from ..explain import explain_card
from ..grammar.typography import plain
from .analysis import Report

WORD_AT = re.compile(r"[^\W\d_][\w'‘’\-‐‑−–]*")


def word_at(line: str, column: int) -> str | None:
    """The word a 0-based column stands in (or just after), as the parser reads it."""
    for m in WORD_AT.finditer(line):
        if m.start() <= column <= m.end():
            return plain(m.group(0))
    return None


def reminder(lang, keyword: str) -> str | None:
    """A keyword's reminder text: the rule the ruleset registers for it, in words
    (`Language.keyword_rules`, the same text docs/language.md lists), or None."""
    return getattr(lang, "keyword_rules", {}).get(keyword)


def _ability_part(explained: str, index: int) -> str:
    """The lines `explain` prints for one ability (1-based), with the card's first line."""
    lines = explained.splitlines()
    out, inside = [lines[0]], False
    for line in lines[1:]:
        if line.startswith("  ability "):
            inside = line.startswith(f"  ability {index} ")
        if inside:
            out.append(line)
    return "\n".join(out)


def hover(report: Report, ruleset, line: int, column: int, text_line: str) -> str | None:
    """Markdown for a 0-based position, or None when there is nothing to say."""
    lang = ruleset.language
    word = word_at(text_line, column)
    if word and word.lower() in lang.keywords:
        key = lang.keywords[word.lower()]
        rule = reminder(lang, key)
        return f"**{key}** ({ruleset.name} keyword)\n\n" + (
            rule or "The ruleset registers no rule for it yet: card text using it is "
                    "error E212.")
    for result in report.cards:
        if result.card is None or result.template is None:
            continue
        rel = line - result.piece.line + 1                 # the card's own 1-based line
        if rel == result.card.span.line:
            return f"```\n{explain_card(result.template, ruleset).splitlines()[0]}\n```"
        for i, ab in enumerate(result.template.abilities, 1):
            if ab.span.line <= rel <= (ab.span.end_line or ab.span.line):
                part = _ability_part(explain_card(result.template, ruleset), i)
                return f"```\n{part}\n```"
    return None
