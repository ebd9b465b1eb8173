"""One vocabulary entry in canonical words: a verb, a trigger pattern, a condition or an
ongoing effect written in the first of its phrase shapes that has a slot for each of its
arguments and reads back as that same entry (else the next shape is tried).

`EntryWriter` is the part of `Renderer` (render.py) that writes entries; the shapes are
filled by `phrase_words` (phrases.py). The small functions every part of the renderer uses
are here too.
"""

from __future__ import annotations

from ..language.reader import PLAYERS
from ..language.shapes import match
from .canonical import _synonyms
from .phrases import agrees_in_number, phrase_words
from .words import Unrenderable

# The first words of the players the reader knows ('you', 'each', 'your', ...).
PLAYER_WORDS = frozenset(words[0] for words in PLAYERS)


def _text(words: list) -> str:
    return " ".join(w if isinstance(w, str) else f'"{w[1]}"' for w in words)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(words: list) -> tuple:
    return tuple(w.lower() if isinstance(w, str) else w for w in words)


class EntryWriter:
    """Writes one vocabulary entry (a part of `Renderer`, which gives `lang`, `conv`,
    `words`, `reader`, `as_written` and `_all_as_written`)."""

    def entry(self, table: str, spec, args, modal: bool = False) -> str:
        """An entry with its arguments, in its first shape that reads back as the entry;
        a shape whose own pronoun disagrees in number with its subject comes last ('this
        minion ... it fights', not '... they fight')."""
        args = dict(args)
        first = None
        shapes = self._shapes(spec)
        if len(shapes) > 1:
            shapes.sort(key=lambda shape: not agrees_in_number(shape, args, self.words))
        for shape in shapes:
            got = phrase_words(shape, args, self.words, self.conv.prefer, modal)
            if got is None:
                continue
            if first is None:
                first, first_shape = got, shape
            if self._reads_as(table, spec, got):
                self._last_shape = shape
                return _text(got)
        if first is None:
            raise Unrenderable(f"no shape of '{spec.name}' has a slot for each of "
                               + ", ".join(sorted(args)))
        self._last_shape = first_shape
        return _text(first)

    def phrase(self, table: str, spec, args, text: str, modal: bool = False) -> str:
        """An entry in canonical words; a phrase the renderer cannot write (a value of a kind
        it does not know) is kept as written, and noted in `as_written`."""
        if self._all_as_written:
            return text
        try:
            return self.entry(table, spec, args, modal)
        except Unrenderable as e:
            self.as_written.append((text, str(e)))
            return text

    def _shapes(self, spec) -> list:
        """An entry's shapes in order, those with a word the pool prefers first ('destroyed'
        before 'dies' where the conventions prefer it), and those the game reads but does
        not print last (`Language.printed_shapes`: KeyForge's bare 'heal')."""
        prefer = set(self.conv.prefer)
        unprinted = self.lang.printed_shapes
        if not prefer and not unprinted:
            return list(spec.shapes)
        return sorted(spec.shapes, key=lambda s: (s.text in unprinted, not any(
            p.rstrip("?").split("|")[0] in prefer or
            (_synonyms(p.rstrip("?").split("|")) and prefer & set(p.rstrip("?").split("|")))
            for p in s.text.split())))

    def _reads_as(self, table: str, spec, words: list) -> bool:
        low = _lower(words)
        for other in getattr(self.lang, table):
            for shape in other.shapes:
                if match(shape, low, self.reader.read) is not None:
                    return other is spec
        return False
