"""Canonical text of a compiled card: its templates written back in the ruleset's words.

Where `canonical.py` keeps a card's sentences and changes only its word choices, this module
writes a card from what it compiled to, so a template has one text whatever the sentences
it was read from. Each node of the template tree has one canonical form:

- the header: `card "Name": [token] KIND [subtypes], stat N, ..., property value, flag`;
- the keywords on one line first (`Airborne, Hazardous 2`), then the abilities in their
  compiled order;
- a vocabulary entry (verb, trigger pattern, condition, ongoing effect) in the first of its
  phrase shapes that has a slot for each of its arguments, each alternative as its first
  listed word, optional words left out; the phrase must read back as that same entry (else
  the next shape is tried);
- a label as `Name → ...`; a plain trigger as `Whenever ...`; steps joined by `, `, `, then `;
  `you may`, `if ...,`, `N times`, `one at a time`, `all at once`, `Choose one: ...; or ...`;
  a spell's lines one a line.

The renderer reads only the registry's entries and the slot readers' words
(`fmt/phrases.py`, `fmt/words.py`), so a verb or pattern a ruleset adds renders with no
edit here.

`Renderer` writes a card's header and lines itself; its parts write abilities
(ability_text.py), effects (effect_text.py) and vocabulary entries (entry_text.py).
"""

from __future__ import annotations

import re

from ..compiler.body_keywords import given_by_lines
from ..language.reader import Reader
from .ability_text import AbilityWriter
from .canonical import Conventions
from .effect_text import EffectWriter
from .entry_text import EntryWriter, _cap
from .phrases import phrase_words
from .referents import referents
from .words import Unrenderable, Words, capitalised

__all__ = ["Renderer", "Unrenderable", "card_text", "phrase_words"]

# A header property written bare ('house logos', 'back sea event'); any other is quoted.
PLAIN_VALUE = re.compile(r"[a-z][\w'-]*( [a-z][\w'-]*)*|[+-]\d+\+?")
# The renderings `Renderer.card` tries in turn, the first that reads back kept: (a place
# where an earlier card is as 'that site', a step naming its subject a sentence of its own,
# every phrase as written).
TRIES = ((False, True, False), (True, True, False), (False, False, False),
         (True, False, False), (False, False, True))


class Renderer(EffectWriter, AbilityWriter, EntryWriter):
    """Writes compiled cards of one language in its canonical text."""

    def __init__(self, lang, conv: Conventions | None = None):
        self.lang = lang
        self.conv = conv = conv or Conventions()
        self.words = Words(lang, conv.counts == "words", conv.amounts == "words")
        self.reader = Reader(lang)
        # The phrases of the last card kept as written, each with why (see `card`).
        self.as_written: list = []
        self._all_as_written = False
        self._decided_by = None       # the player word of the latest 'may' written
        self._last_shape = None       # the shape of the latest entry written (`_step`)
        self._own_sentences = True    # a step naming its own subject is a sentence (`card`)
        self.kind_words = {}
        for word, kind in lang.card_kinds.items():
            self.kind_words.setdefault(kind, word)
            if word == kind:
                self.kind_words[kind] = word

    # --- cards --------------------------------------------------------------------
    def card(self, tpl, known: dict | None = None) -> str:
        """The canonical text of one card template: its header line and its ability lines.

        With `known` (the cards its text may name), the text is compiled back: where a word
        has two readings that depend on what came before it ('it' or 'that site' for where
        an earlier card is), the first that reads back as the template is kept; a step that
        names its own subject is a sentence of its own unless the card then reads back
        otherwise (a step that goes on the one before it: 'it rolls ..., and deals 1
        damage'); if none does, every phrase is kept as written (and `as_written` says
        so)."""
        first = None
        for as_noun, own_sentences, all_as_written in TRIES:
            self.words.ref_place_as_noun = as_noun
            self._own_sentences = own_sentences
            self._all_as_written = all_as_written
            try:
                text = self._card(tpl)
            finally:
                self._all_as_written = False
            if all_as_written:
                self.as_written = [(ab.text, "its canonical text did not read back as the card")
                                   for ab in tpl.abilities]
            if known is None or self._reads_back(tpl, text, known):
                return text
            first = first or text
        return first

    def _reads_back(self, tpl, text: str, known: dict) -> bool:
        from ..compiler import compile_files
        from ..errors import CardScriptError
        from ..grammar import parse_text
        from .sameness import meaning
        try:
            back = compile_files([parse_text(text + "\n", tpl.file or "<canonical>")],
                                 self.lang, base={**known, tpl.name: tpl})
        except CardScriptError:
            return False
        return tpl.name in back and meaning(back[tpl.name]) == meaning(tpl)

    def _card(self, tpl) -> str:
        self.as_written = []
        self.words.self_kinds = frozenset({tpl.kind})     # 'this' is written 'this KIND'
        lines = [self.header(tpl)]
        left = list(tpl.reminders)
        # A keyword that a line of the card gives is the line's to say ('occupies four
        # sites'), not the keyword line's.
        given = given_by_lines(tpl.abilities, self.lang) if self.lang.body_keywords else ()
        keywords = {k: v for k, v in tpl.keywords.items() if k not in given or v is not True}
        if keywords:
            lines.append("  " + ", ".join(
                " ".join(_cap(w) for w in self.words.keyword(k)) + self._keyword_value(k, v)
                for k, v in keywords.items()))
        keyword_line = len(lines) - 1 if keywords else None
        for ab in tpl.abilities:
            self._decided_by = None
            self.words.several = referents(ab)
            lines.extend("  " + line for line in self.ability(tpl, ab))
            own = [text for n, text in left if ab.span.line <= n <= ab.span.end_line]
            if own:
                lines[-1] += " " + " ".join(own)
                left = [(n, t) for n, t in left if not ab.span.line <= n <= ab.span.end_line]
        if left:        # a keyword line's reminders (or any line's that holds no ability)
            at = keyword_line if keyword_line is not None else len(lines) - 1
            lines[at] += " " + " ".join(text for _, text in left)
        return "\n".join(lines)

    def _keyword_value(self, kw: str, value) -> str:
        """A keyword's value as the game prints it: ' +1' where the language signs it
        ('Movement +1'), else ' 2' ('Hazardous 2'); nothing for a keyword alone."""
        if value is True:
            return ""
        return f" {value:+d}" if kw in self.lang.signed_keywords else f" {value}"

    def header(self, tpl) -> str:
        """The header line: name, [token] kind and subtypes, stats, properties, flags."""
        # the game's subtypes as cards print them ('minion Mortal Royal'), as a selector
        # writes them; another word of a type line as written ('sea event')
        first = (["token"] if tpl.token else []) + [self.kind_words[tpl.kind]] + \
            [capitalised(s) if s in self.lang.subtypes else s for s in tpl.subtypes]
        items = [" ".join(first)]
        items += [f"{k} {v}" for k, v in tpl.stats.items()]
        for k, v in tpl.props.items():
            plain = isinstance(v, str) and (v == "" or PLAIN_VALUE.fullmatch(v))
            items.append(f"{k} {v}".rstrip() if plain else f'{k} "{v}"')
        items += sorted(tpl.flags - {"token"})
        return f'card "{tpl.name}": ' + ", ".join(items)


def card_text(tpl, lang, conv: Conventions | None = None, known: dict | None = None) -> str:
    """The canonical text of one compiled card (see the module docstring and `Renderer.card`)."""
    return Renderer(lang, conv).card(tpl, known)
