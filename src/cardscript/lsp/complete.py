"""Completion: what may be written at the cursor of a card file.

Three sources, merged: the ruleset's vocabulary (verbs, trigger patterns, keywords, labels,
card kinds and header flags), the card names of the pool and the workspace, and the terminals
the grammar accepts after the text before the cursor (Lark's interactive parser, `accepts()`).
The line before the cursor picks what fits: a header, the start of an ability line, the words
after a trigger, or the middle of a sentence. No LSP library here: items are plain dicts that
server.py turns into LSP items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark.exceptions import LarkError

from ..editor.tokens import MODIFIERS, TRIGGERS
from ..grammar import get_parser
from .hover import reminder

PARTIAL = re.compile(r"[\w'’-]*$")
HEADER = re.compile(r"^[ \t]*card(?![\w'’-])", re.I)
TRIGGER_START = re.compile(r"^[ \t]*(?:" + "|".join(re.escape(t) for t in TRIGGERS) +
                          r")(?![\w'’-])(?P<rest>[^,:]*)$", re.I)

# Card names offered at once: past this, the list is marked incomplete and the client asks
# again as the name is typed (a workspace may hold thousands of cards; an editor shows a few).
MAX_NAMES = 100

# Kinds of item (the LSP CompletionItemKind numbers: server.py passes them through).
FUNCTION, EVENT, ENUM_MEMBER, KEYWORD, CLASS, TYPE_PARAMETER, PROPERTY = 3, 23, 20, 14, 7, 25, 10

# What a grammar terminal looks like as text to insert (None: it stands for many words,
# given by the vocabulary instead).
TERMINAL_TEXT = {
    "CARD": "card", "IF": "if", "THEN": "then", "AND": "and", "WHILE": "while",
    "WOULD": "would", "INSTEAD": "instead", "COMMA": ",", "COLON": ":", "DOT": ".",
    "SEMICOLON": ";", "ARROW": "→", "CHOOSE_ONE": "choose one", "ONE_AT_A_TIME": "one at a time",
    "ALL_AT_ONCE": "all at once", "COUNT_TIMES": "twice",
}


# Words any verb with a number reads in the middle of a sentence, though no shape lists them:
# counted amounts (compiler/amounts.py).
AMOUNT_WORDS = (("for each", "the step's number, once for each card counted as it resolves"),
                ("equal to", "after the step's noun: the number of CARDS, or a card's stat"))


@dataclass(frozen=True, slots=True)
class Item:
    """One completion: its label, what it inserts (a snippet when `snippet`), its kind,
    a short detail and longer documentation."""

    label: str
    insert: str
    kind: int
    detail: str = ""
    doc: str = ""
    snippet: bool = False


def _shape_label(text: str) -> str:
    """'{who:player} cast|casts {what:cards}' -> '<player> cast <cards>'."""
    words = []
    for part in text.split():
        if part.startswith("{"):
            words.append("<" + part[1:-1].partition(":")[2].rstrip("?") + ">")
        else:
            words.append(part.rstrip("?").split("|")[0])
    return " ".join(words)


def _shape_snippet(text: str) -> str:
    """'deal {n:number} damage to {what:cards}' -> 'deal ${1:number} damage to ${2:cards}'."""
    counter = iter(range(1, 100))
    words = []
    for part in text.split():
        if part.startswith("{"):
            name, _, typ = part[1:-1].partition(":")
            words.append(f"${{{next(counter)}:{typ.rstrip('?')}}}")
        else:
            words.append(part.rstrip("?").split("|")[0])
    return " ".join(words)


@lru_cache(maxsize=None)
def vocabulary_items(ruleset_name: str) -> dict[str, tuple[Item, ...]]:
    """The ruleset's words as items, by the place they fit (built once per ruleset)."""
    from .. import rulesets
    lang = rulesets.get(ruleset_name).language
    verbs = tuple(Item(_shape_label(s.text), _shape_snippet(s.text), FUNCTION,
                       f"verb: {v.name}", snippet=True)
                  for v in lang.verbs for s in v.shapes)
    patterns = tuple(Item(_shape_label(s.text), _shape_snippet(s.text), EVENT,
                          f"trigger pattern: {p.name} ({p.happening})", snippet=True)
                     for p in lang.patterns for s in p.shapes)
    keywords = tuple(Item(k, k, ENUM_MEMBER, "keyword", reminder(lang, k) or "")
                     for k in sorted(lang.keywords))
    labels = tuple(Item(f"{spec.name} →", f"{spec.name} → ", KEYWORD,
                        f"label ({spec.role})") for spec in lang.labels.values())
    triggers = tuple(Item(t.capitalize(), t.capitalize() + " ", KEYWORD, "trigger")
                     for t in TRIGGERS)
    fields = getattr(lang, "header_fields", {})
    header = tuple([Item(k, k, TYPE_PARAMETER, "card kind") for k in sorted(lang.card_kinds)] +
                   [Item(f, f + " ", PROPERTY, "header item", fields[f]) for f in sorted(fields)] +
                   [Item(f, f, PROPERTY, "header flag")
                    for f in sorted(lang.header_flags | {"token"})])
    return {"verbs": verbs, "patterns": patterns, "keywords": keywords, "labels": labels,
            "triggers": triggers, "header": header}


def grammar_accepts(prefix: str) -> set[str]:
    """The terminals the grammar accepts after `prefix` (the card text before the cursor,
    without the word being typed)."""
    parser, builder = get_parser()
    builder.file = "<completion>"
    # A character no terminal takes ends the text where the cursor is, so that a terminal
    # that looks ahead to the end of the line (a keyword line) does not take the last words.
    ip = parser.parse_interactive(prefix + "\x00")
    try:
        ip.exhaust_lexer()
    except LarkError:
        pass
    try:
        return set(ip.accepts())
    except LarkError:
        return set()


@dataclass(frozen=True, slots=True)
class Completion:
    """The items for a cursor, and whether more names would match than were given."""

    items: list[Item]
    incomplete: bool


def _names(card_names, partial: str, quoted: bool) -> tuple[list[Item], bool]:
    """Names starting with what is typed (any, when nothing is), sorted, at most MAX_NAMES."""
    low = partial.lower()
    found = sorted(n for n in card_names if n.lower().startswith(low))
    items = [Item(n, n + '"', CLASS, "card") if quoted else Item(f'"{n}"', f'"{n}"', CLASS, "card")
             for n in found[:MAX_NAMES]]
    return items, len(found) > MAX_NAMES


def complete(ruleset_name: str, card_text_before: str, line_before: str,
             card_names) -> Completion:
    """Items for a cursor: `card_text_before` is the card's text up to the cursor,
    `line_before` its own line up to the cursor, `card_names` the names to offer. Items are
    those that start with the word being typed."""
    vocab = vocabulary_items(ruleset_name)
    before_quote, quote, in_name = line_before.rpartition('"')
    if quote and before_quote.count('"') % 2 == 0:       # inside a quoted name
        items, more = _names(card_names, in_name, quoted=True)
        return Completion(items, more)
    partial = PARTIAL.search(line_before).group(0)
    before = line_before[:len(line_before) - len(partial)]
    if HEADER.match(line_before):
        items = list(vocab["header"]) if ":" in before else []
        return Completion(_starting(items, partial), False)
    out: list[Item] = []
    more = False
    prefix = card_text_before[:len(card_text_before) - len(partial)]
    accepts = grammar_accepts(prefix) if prefix.strip() else {"CARD"}
    if not before.strip():                              # the start of an ability line
        out += [*vocab["labels"], *vocab["triggers"], *vocab["keywords"], *vocab["verbs"]]
    elif TRIGGER_START.match(before):                   # after 'Whenever', before its ','
        out += vocab["patterns"]
    else:
        out += [*vocab["verbs"], *vocab["keywords"],
                *(Item(w, w, KEYWORD, "counted amount", doc) for w, doc in AMOUNT_WORDS)]
    for term in sorted(accepts):
        text = TERMINAL_TEXT.get(term)
        if text is not None:
            out.append(Item(text, text, KEYWORD, f"the grammar accepts {term} here"))
    if "COUNT_TIMES" in accepts:
        out += [Item(m, m, KEYWORD, "modifier") for m in MODIFIERS if m != "twice"]
    out = _starting(out, partial)
    if "NAME" in accepts and not partial:
        names, more = _names(card_names, "", quoted=False)
        out += names
    seen = set()
    unique = []
    for item in out:
        if item.label not in seen:
            seen.add(item.label)
            unique.append(item)
    return Completion(unique, more)


def _starting(items: list[Item], partial: str) -> list[Item]:
    """The items whose label starts with the typed word (case aside)."""
    low = partial.lower()
    return [i for i in items if i.label.lower().startswith(low)] if low else list(items)
