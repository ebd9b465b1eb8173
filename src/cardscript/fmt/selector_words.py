"""A selector in canonical words: 'each unit here', 'up to two target allies', 'that
site', 'it', 'the strongest enemy unit', 'units with 3 or more power'.

`SelectorWords` is the part of `Words` (words.py) that writes a cards slot: its quantity,
side, adjectives, nouns, keywords, stat bounds, pile and place (the place by `PlaceWords`,
place_words.py); the selector reader (language/card_reader.py) reads the same words back.
"""

from __future__ import annotations

from ..language.reader import RELATIVE_POWER
from ..language.selectors import Selector
from .known_fields import SELECTOR_FIELDS, SELECTOR_VALUES, odd_values, set_fields
from .word_forms import Unrenderable, article, capitalised, count_words, plural

# The adjective of each controller a selector can name ('allied minion', 'enemy unit').
CONTROLLER_WORDS = {"you": "allied", "opponent": "enemy"}


class SelectorWords:
    """The words of cards slots (a part of `Words`)."""

    self_kinds: frozenset | None = None       # the kinds of the card written ('this KIND')
    # slot -> whether the cards kept there are several, for the ability written: a reference
    # to them is 'them' ('push them one step'), else 'it' (render.py `referents`).
    several: dict = {}

    def several_of(self, sel: Selector) -> bool:
        """Does a selector name several cards: a reference by what it refers to, another
        by its quantity ('each minion' names several, though written as one)?"""
        if sel.quant == "ref" or sel.pick == "ref":
            return sel.pick == "ref" and bool(self.several.get(sel.slot))
        return sel.plural

    def many(self, sel: Selector) -> bool:
        """Is a selector written as several cards ('two minions', a 'them'), its verb in the
        plural? 'each minion' is written as one."""
        if sel.quant == "ref" or sel.pick == "ref":
            return self.several_of(sel)
        return sel.plural and sel.quant != "each"

    def cards(self, sel: Selector, bare_plural: bool = False) -> list:
        """A cards slot: 'each unit here', 'up to two target allies', 'that minion', 'it'.
        `bare_plural`: one card of no pick written as cards of its kind, with no quantity
        ('minions with 3 or more power'), as a description after 'are' says it."""
        unknown = set_fields(sel, SELECTOR_FIELDS) + odd_values(sel, SELECTOR_VALUES)
        if unknown:
            raise Unrenderable("a selector with " + ", ".join(unknown))
        if sel.named is not None:
            return ["the"] + sel.named.split()
        if sel.holder:                              # 'its bearer'
            if not self.lang.holder_words:
                raise Unrenderable("a holder the language has no word for")
            return ["its", sorted(self.lang.holder_words)[0]]
        if sel.pick == "top":
            if sel.zone is None or sel.place is not None:
                raise Unrenderable("the top cards of no pile")
            return ["the", "top"] + ([] if sel.count == 1 else count_words(sel.count, False)) + \
                ["card" if sel.count == 1 else "cards", "of"] + self.zone(sel.zone)
        if sel.pick == "self":
            kinds = sel.kinds or self.self_kinds
            noun = self.kinds_nouns(kinds, False) if kinds else None
            return ["this"] + (noun if noun and len(noun) == 1 else [])
        if sel.quant == "ref" or sel.pick == "ref":
            side = [w for w, (who, kinds) in self.lang.side_nouns.items()
                    if sel.controller is not None and who == sel.controller and
                    kinds == sel.kinds]
            if side:
                return ["that", side[0]]                # 'that ally'
            if sel.kinds:
                noun = self.kinds_nouns(sel.kinds, False)
                if noun is None or len(noun) != 1:
                    raise Unrenderable("a reference to a mix of kinds")
                return ["that"] + noun
            return ["them"] if self.several_of(sel) else ["it"]
        bare_plural = bare_plural and sel.quant == "one" and sel.pick == "any" and \
            not sel.other
        many = (sel.plural and sel.quant != "each") or bare_plural
        noun = []
        # 'a 1-power minion': exactly N, a word before the nouns; 'a relic or 1-power minion':
        # held to one noun's kinds, written before that noun, which comes last.
        exact = [f"{b[2]}-{b[0]}" for b in sel.stats if b[1] == "is" and len(b) == 3]
        scoped = [b for b in sel.stats if len(b) > 3]
        if sel.kinds is not None:
            rest = sel.kinds.difference(*(b[3] for b in scoped))
            noun = self.kinds_nouns(rest, many, sel.zone is not None) if rest else []
            for b in scoped:
                one = self.kinds_nouns(b[3], many)
                if noun is None or one is None or len(one) != 1:
                    raise Unrenderable("a stat bound on kinds no one noun names")
                noun += (["or"] if noun else []) + [f"{b[2]}-{b[0]}"] + one
            if noun is None:
                raise Unrenderable("kinds no noun names")
        elif scoped:
            raise Unrenderable("a stat bound on kinds with no noun")
        name = [("name", sel.name)] if sel.name is not None else []
        token = (["tokens" if many else "token"] if sel.token else [])
        subs = list(sel.subtypes)       # adjectives before a noun; with none, the last is it
        if subs and not noun and not name:
            last = subs[-1].split("|")          # 'a Mortal or Beast': either subtype
            noun = " or ".join(capitalised(plural(w) if many else w) for w in last).split()
            subs = subs[:-1]
        # A subtype is written capitalised, as cards print it ('each allied Dwarf minion').
        subs = [w if w == "or" else capitalised(w)
                for s in subs for w in s.replace("|", " or ").split()]
        # The card's traits come first: 'fire', 'non-water' ('each fire beast minion'); a
        # trait of one kind only stands before that kind's noun ('a relic or empty site').
        traits = [t for t in sel.traits if t not in self.lang.kind_traits]
        for t in sel.traits:
            if t in self.lang.kind_traits:
                noun = self._before_noun(noun, t, many)
        head = [w for t in traits for w in t.replace("|", " or ").split()] + subs + name + \
            exact + noun + token
        # 'weaker', 'stronger': power compared with the card's own (reader.RELATIVE_POWER)
        relative = [w for stat, bound, n, *_ in sel.stats if n is None
                    for w, b in RELATIVE_POWER.items() if b == bound]
        # 'the strongest', 'the closest': a superlative of the language, after 'the'
        best = [w for b in sel.stats if b[1] in ("most", "least")
                for w, v in self.lang.superlatives.items() if v == tuple(b)]
        side_before, side_after = self.side(sel.controller)
        if bare_plural:
            words = []
        elif best:
            if sel.quant != "one" or sel.pick != "any" or sel.other:
                raise Unrenderable("a superlative with another quantity")
            words = ["the"] + best
        elif sel.quant == "each":
            words = ["each"]
        elif sel.quant == "up_to":
            words = ["any", "number", "of"] if sel.count is None else \
                ["up", "to"] + count_words(sel.count, self.counts_in_words)
        elif sel.quant == "count":
            words = count_words(sel.count, self.counts_in_words)
        elif sel.other and sel.pick != "target":
            words = ["another"]
        elif sel.pick == "target":
            words = []
        elif sel.pick == "random":
            words = ["a", "random"]
        elif sel.pick == "name" and not noun:
            words = [article(sel.name)] if sel.token else []   # 'a "Frog" token'
        else:
            first = side_before[:1] or ([self._kw_word(sel.with_keywords[0])]
                                        if sel.with_keywords else (relative + head)[:1])
            words = [article(first[0] if first else None)]
        if sel.pick == "target":
            words.append("target")
        if sel.other and not words[:1] == ["another"]:
            words.append("other")
        words += side_before
        kw_words = [self._kw_word(kw) for kw in sel.with_keywords]
        adjectives = all(w.lower() not in self.lang.nouns and
                         w.lower() not in ("token", "tokens", "other") for w in kw_words)
        if adjectives:
            words += kw_words
        words += relative + head
        words += side_after
        if sel.pick == "choose":
            words += ["you", "choose"]
        if not adjectives:
            for w in kw_words:
                words += ["with", w]
        for kw in sel.without_keywords:
            words += ["without", self._kw_word(kw)]
        for stat, bound, n, *_ in sel.stats:
            if n is not None and bound in ("min", "max"):
                words += ["with", str(n), "or", "more" if bound == "min" else "less", stat]
            elif bound == "printed":
                words += ["with" if n else "without", self._printed_stat(stat)]
        if sel.zone is not None:
            if sel.place is not None:
                raise Unrenderable("a card both in a zone and at a place")
            words += ["in"] + self.zone(sel.zone)
        elif sel.place is not None:
            words += self._post_place(sel.place)
        return words

    def side(self, controller) -> tuple[list, list]:
        """The words naming a selector's controller: (before the noun, after it). The game's
        own where its language declares them (`Language.controller_words`: Grand Archive's
        'an ally you control'), else 'allied' / 'enemy' before the noun; 'your opponent
        controls' after it (the one opponent of two has no adjective)."""
        if controller is None:
            return [], []
        declared = self.lang.controller_words.get(controller)
        if declared is not None:
            said, after = declared
            return ([], list(said)) if after else (list(said), [])
        if controller == "your_opponent":
            return [], ["your", "opponent", "controls"]
        if controller not in CONTROLLER_WORDS:
            raise Unrenderable(f"a controller {controller!r}")
        return [CONTROLLER_WORDS[controller]], []

    def _printed_stat(self, stat: str) -> str:
        """The word a selector's 'with STAT' is written with ('HP'), as the language says."""
        word = next((said for name, said in self.lang.printed_stats.values() if name == stat),
                    None)
        if word is None:
            raise Unrenderable(f"no word of this game asks whether a card prints {stat!r}")
        return word

    def _kw_word(self, kw: str) -> str:
        word = self.keyword_words.get(kw)
        if word is None:
            raise Unrenderable(f"keyword {kw!r} has no one-word name")
        return self.printed(word)

    def _before_noun(self, noun: list, trait: str, many: bool) -> list:
        """The nouns with a trait of one kind put before that kind's noun ('empty site')."""
        word = self.nouns.get(frozenset({self.lang.kind_traits[trait]}))
        word = word and (plural(word) if many else word)
        if word not in noun:
            raise Unrenderable(f"the trait {trait!r} without its noun")
        i = noun.index(word)
        return noun[:i] + [trait] + noun[i:]
