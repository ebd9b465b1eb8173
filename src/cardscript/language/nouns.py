"""The nouns of a language as the selector reader takes them: a kind's noun, singular or
plural ('unit', 'units'), a side noun ('ally', 'enemies'), a subtype ('Beasts') and an
adjective of one kind only ('an empty site').

`NounReader` is the part of `Reader` (reader.py) that looks them up; the written forms of
the side nouns and subtypes are built once a language, in its memo.
"""

from __future__ import annotations

from .places import plain_word
from .shapes import FAIL

# Words joining nouns, subtypes or piles into one set: either one ('and/or' is either or both,
# which for a set of cards is the same union).
JOINERS = ("and", "or", "and/or")


class NounReader:
    """Look-ups of nouns and subtypes, and the subtype slots (a part of `Reader`)."""

    def _noun(self, w: str):
        nouns = self.lang.nouns
        if w in nouns:
            return nouns[w], False
        if w.endswith("ies") and w[:-3] + "y" in nouns:
            return nouns[w[:-3] + "y"], True
        if w.endswith("s") and w[:-1] in nouns:
            return nouns[w[:-1]], True
        return None, False

    def _wider(self, w: str, kinds: frozenset):
        """Is `w` a noun wider than the noun before it, naming its kinds and more? Then the
        two are one noun of the narrower kinds, as a game prints a kind before the word for
        all the kinds it belongs to (a kind of spell before 'spell' or 'spells', a kind of
        card before 'card'). Whether `w` is plural (the number of the two), else None."""
        wide, plural = self._noun(w)
        return plural if wide is not None and kinds < wide else None

    def _kind_trait(self, ws, i) -> bool:
        """Is ws[i] an adjective of one kind only ('empty') right before that kind's noun?"""
        kind = self.lang.kind_traits.get(ws[i])
        return kind is not None and i + 1 < len(ws) and \
            self._noun(ws[i + 1])[0] == frozenset({kind})

    def _sides(self) -> dict:
        """Every written form of the side nouns, built once: 'enemies' -> (controller, kinds,
        plural)."""
        sides = self.lang._memo.get("__side_forms__")     # per language: readers are many
        if sides is None:
            sides = {}
            for w, (who, kinds) in self.lang.side_nouns.items():
                sides[w] = (who, kinds, False)
                sides[w[:-1] + "ies" if w.endswith("y") else w + "s"] = (who, kinds, True)
            self.lang._memo["__side_forms__"] = sides
        return sides

    def _side(self, w: str):
        """'ally', 'enemies': a noun naming units by whose side they are on -> (controller,
        kinds, plural), or None."""
        return self._sides().get(w)

    def _subtype(self, w: str):
        """The subtype a word names, singular or plural ('Beasts' -> 'beast'), or None."""
        forms = self.lang._memo.get("__subtype_forms__")     # per language: readers are many
        if forms is None:
            # Every written form, built once ('beast', 'beasts'; 'faerie', 'faeries'); a word
            # that is a noun of the language is never a subtype.
            forms = {}
            for s in self.lang.subtypes:
                for f in (s, s + "s", s + "es", s[:-1] + "ies" if s.endswith("y") else s):
                    if self._noun(f)[0] is None:
                        forms.setdefault(f, s)
            self.lang._memo["__subtype_forms__"] = forms
        return forms.get(w)


    def read_subtypes(self, words):
        """Subtypes joined by 'and' / 'or' ('Demons, Spirits, and Undead' reads so once its
        steps are joined): a tuple, any one of which a card may have."""
        ws = [plain_word(w) for w in words]
        parts = ws[0::2]
        if not ws or any(w not in JOINERS for w in ws[1::2]) or len(ws) % 2 == 0:
            return FAIL
        subs = tuple(self._subtype(w) for w in parts)
        return FAIL if None in subs else subs

    def read_subtype(self, words):
        """One subtype of the language, singular or plural ('a River', 'Spirits')."""
        if len(words) != 1:
            return FAIL
        sub = self._subtype(plain_word(words[0]))
        return FAIL if sub is None else sub
