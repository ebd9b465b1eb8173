"""The words of one slot value in canonical text: a selector, a place, a player, a zone, a number.

Each function turns a compiled value back into words the slot's reader reads as that value
(`language/reader.py`), choosing one wording where the reader takes several: a count in
words ('two'), an amount in digits ('2'), the first noun whose kinds are the selector's,
'you control' for a controller, 'here' or 'this site' for the source's place. The words are
strings, and a card name is ("name", text), as the matcher takes them.

`Words` writes the simple slots and the nouns of kinds itself; its parts write selectors
(selector_words.py) and places (place_words.py). The plain word forms are in word_forms.py
and the fields a selector or a place may hold in known_fields.py, importable from here.
"""

from __future__ import annotations

from ..language.reader import DECIDER_WORDS, EACH_POSSESSIVE, PLAYERS, POSSESSIVE
from .known_fields import PLACE_FIELDS, PLACE_VALUES, SELECTOR_FIELDS, SELECTOR_VALUES
from .place_words import PlaceWords
from .selector_words import CONTROLLER_WORDS, SelectorWords
from .word_forms import WORD_OF, Unrenderable, article, capitalised, count_words, plural

__all__ = ["Words", "Unrenderable", "WORD_OF", "article", "capitalised", "count_words",
           "plural", "CONTROLLER_WORDS", "OWNER_WORDS", "PLAYER_WORDS", "PLACE_FIELDS",
           "PLACE_VALUES", "SELECTOR_FIELDS", "SELECTOR_VALUES"]

PLAYER_WORDS = {}
for _words, _who in [*PLAYERS.items(), *DECIDER_WORDS.items()]:
    PLAYER_WORDS.setdefault(_who, list(_words))
# The reader takes 'their', 'its' and "its owner's" for a card's owner: the plainest is kept.
OWNER_WORDS = {"you": ["your"], "owner": ["its", "owner's"], "opponent": ["your", "opponent's"]}
for _words, _who in (*POSSESSIVE.items(), *EACH_POSSESSIVE.items()):
    OWNER_WORDS.setdefault(_who, _words.split())


def _role(who):
    """The player word of a value: 'its controller' read as another card's, (role, slot),
    is written as the words were ('its controller'), which read the same way again."""
    return who[0] if who.__class__ is tuple else who


class Words(SelectorWords, PlaceWords):
    """Canonical words of slot values under one language and its conventions."""

    def __init__(self, lang, counts_in_words: bool = True, amounts_in_words: bool = False):
        self.lang = lang
        self.counts_in_words = counts_in_words
        self.amounts_in_words = amounts_in_words
        self.nouns = {}                    # kinds -> the first noun that names exactly them
        for noun, kinds in lang.nouns.items():
            self.nouns.setdefault(frozenset(kinds), noun)
        self.zone_words = {}
        for word, zone in lang.zones.items():
            self.zone_words.setdefault(zone, word)
        for word, zone in lang.zones.items():
            if word == zone:
                self.zone_words[zone] = word
        self.keyword_words = {}
        for word, kw in lang.keywords.items():
            if " " not in word:
                self.keyword_words.setdefault(kw, word)
        self.site_noun = next((n for n, site in lang.place_nouns.items() if site), None)
        self.square_noun = next((n for n, site in lang.place_nouns.items() if not site),
                                self.site_noun)

    # --- simple slots ----------------------------------------------------------
    def number(self, n: int) -> list:
        return [WORD_OF[n]] if self.amounts_in_words and n in WORD_OF else [str(n)]

    def count(self, n: int, next_word=None) -> list:
        if n == 1:
            return [article(next_word)]
        return count_words(n, self.counts_in_words)

    def player(self, who) -> list:
        return list(PLAYER_WORDS[_role(who)])

    def zone(self, value) -> list:
        who, zone = value
        return OWNER_WORDS[_role(who)] + [self.zone_words[zone]]

    def piles(self, value) -> list:
        """'your deck or hand': one player's piles joined by 'or' (the reader's `read_piles`)."""
        who, zones = value
        out = list(OWNER_WORDS[_role(who)])
        for i, zone in enumerate(zones):
            out += (["or"] if i else []) + [self.zone_words[zone]]
        return out

    def keyword(self, kw: str) -> list:
        word = kw if kw in self.lang.keywords else next(
            w for w, k in self.lang.keywords.items() if k == kw)
        return [self.printed(w) for w in word.split()]

    def printed(self, word: str) -> str:
        """A word of a keyword as the game prints it inside a sentence: capitalised where
        the language says its cards do ('Give target minion Airborne')."""
        return word[:1].upper() + word[1:] if self.lang.capitalised_keywords else word

    def signed(self, n: int) -> list:
        return [f"{n:+d}"]

    def pluses(self, n: int) -> list:
        return [f"+{n}+"]

    # --- nouns -----------------------------------------------------------------
    def kinds_nouns(self, kinds: frozenset, many: bool, in_pile: bool = False) -> list | None:
        """Nouns naming exactly these kinds: one noun, else nouns joined by 'or' ('minions or
        artifacts'; 'and' there would read as two effects joined). Of two nouns naming the
        same kinds, a card in a pile (`in_pile`: a hand, a deck) is a 'card' where the
        language's 'card' is one of them (Mage Noir's 'each card in your hand', where in
        play every card is a 'spell'); else the first the language declares."""
        one = self.nouns.get(frozenset(kinds))
        if in_pile and one is not None and self.lang.nouns.get("card") == frozenset(kinds):
            one = "card"
        if one is not None:
            return [plural(one) if many else one]
        out, covered = [], set()
        for ks, noun in self.nouns.items():
            if ks <= kinds and not ks <= covered:
                out.append(plural(noun) if many else noun)
                covered |= ks
        if covered != set(kinds):
            return None
        joined = []
        for noun in out:
            joined += (["or"] if joined else []) + [noun]
        return joined
