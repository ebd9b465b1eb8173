"""Readers for shape slots: turn a run of words into a Selector, Place, player, zone or number.

Readers are pure: a reference such as 'it' or 'that site' comes back unresolved
(pick='ref'); the compiler's reference pass links it to what it names.

`Reader` is the one slot reader of a language. It reads numbers, text and the language's
single words itself; its parts read the rest: cards (card_reader.py, with the words after a
noun in selector_tail.py, a pile's top cards in pile_tops.py and nouns and subtypes in
nouns.py), players and piles (players.py) and places (places.py). The word tables of those
parts are importable from here.
"""

from __future__ import annotations

from .amounts import read_amount
from .card_reader import (AFTER_NOUN, DETS_EACH, DETS_ONE, RELATIVE_POWER, SIDE_ADJECTIVES,
                          CardReader, _text)
from .nouns import JOINERS, NounReader
from .pile_tops import TopReader
from .places import PlaceReader, plain_word
from .quoted_abilities import read_ability
from .players import (DECIDER_WORDS, EACH_POSSESSIVE, OPPONENTS, PLAYERS, PLURAL_OWNERS,
                      POSSESSIVE, PlayerReader)
from .selector_tail import BOUND_WORDS, TailReader
from .selectors import NUMBERS
from .shapes import FAIL

__all__ = ["Reader", "AFTER_NOUN", "BOUND_WORDS", "DECIDER_WORDS", "DETS_EACH", "DETS_ONE",
           "EACH_POSSESSIVE", "JOINERS", "OPPONENTS", "PLAYERS", "PLURAL_OWNERS", "POSSESSIVE",
           "RELATIVE_POWER", "SIDE_ADJECTIVES"]


_READERS: dict = {}          # reader class -> {slot type: its read_ function}
_READER = ("__reader__",)    # the key of a language's reader in its memo (`Reader.of`)


class Reader(CardReader, TailReader, TopReader, NounReader, PlayerReader, PlaceReader):
    """Slot readers for one language; `read(type, words)` is what the matcher calls (its
    parts, one a kind of slot, are in the modules the module docstring names)."""

    def __init__(self, lang):
        self.lang = lang
        self._nouns_cache: dict | None = None

    def read(self, typ: str, words: tuple):
        # The reader of each slot type is looked up once a class (the matcher calls this
        # for every slot it tries).
        fns = _READERS.get(self.__class__)
        if fns is None:
            fns = _READERS[self.__class__] = {}
        fn = fns.get(typ)
        if fn is None:
            fn = getattr(self.__class__, "read_" + typ, None)
            if fn is None:
                raise KeyError(f"no reader for slot type {typ!r}")
            fns[typ] = fn
        return fn(self, words)

    @classmethod
    def of(cls, lang) -> "Reader":
        """The reader of `lang`, made once and kept in its memo (a reader holds nothing but
        what it reads by: the language and a table built from it)."""
        memo = lang._memo
        found = memo.get(_READER)
        if found is None or found.__class__ is not cls:
            found = memo[_READER] = cls(lang)
        return found

    # --- numbers, text and single words --------------------------------------
    def read_number(self, words):
        if len(words) != 1:
            return FAIL
        w = plain_word(words[0])
        if w.isdecimal():
            return int(w)
        return NUMBERS.get(w, FAIL) if w not in ("a", "an") else FAIL

    def read_count(self, words):
        if len(words) != 1:
            return FAIL
        w = plain_word(words[0])
        return int(w) if w.isdecimal() else NUMBERS.get(w, FAIL)

    def read_amount(self, words):
        """A counted amount after 'equal to' ('the number of ...', 'its power'): amounts.py."""
        return read_amount(self, words)

    def read_ability(self, words):
        """A quoted triggered ability ('"Whenever it wins a fight, ready it"')."""
        return read_ability(words)

    def read_text(self, words):
        return _text(words)

    def read_signed(self, words):
        w = plain_word(words[0]) if len(words) == 1 else ""
        if w[:1] in "+-" and w[1:].rstrip("+").isdecimal():
            return int(w.rstrip("+"))
        return FAIL

    def read_pluses(self, words):
        """A number between plus signs, '+13+': the number of a card a text points to."""
        w = plain_word(words[0]) if len(words) == 1 else ""
        if len(w) > 2 and w[0] == "+" and w[-1] == "+" and w[1:-1].isdecimal():
            return int(w[1:-1])
        return FAIL

    def read_keyword(self, words):
        key = " ".join(plain_word(w) for w in words)
        found = self.lang.keywords.get(key)
        if found is None and key.endswith("s") and " " not in key:
            found = self.lang.keywords.get(key[:-1])     # 'are Spellcasters'
        return FAIL if found is None else found

    def read_element(self, words):
        """An element of the game's threshold: one of the elements its
        threshold icons stand for."""
        w = plain_word(words[0]).lower() if len(words) == 1 else ""
        return w if w and w in self.lang.threshold_icons.values() else FAIL

    def read_cardtype(self, words):
        """What is drawn: 'spell', 'sites', 'card' -> the zone it is drawn from."""
        if len(words) != 1:
            return FAIL
        w = plain_word(words[0])
        for cand in (w, w[:-1] if w.endswith("s") else None):
            if cand and cand in self.lang.draw_zones:
                return cand
        return FAIL
