"""The words of one slot value in canonical text: a selector, a place, a player, a zone, a number.

Each function turns a compiled value back into words the slot's reader reads as that value
(`language/reader.py`), choosing one wording where the reader takes several: a count in
words ('two'), an amount in digits ('2'), the first noun whose kinds are the selector's,
'you control' for a controller, 'here' or 'this site' for the source's place. The words are
strings, and a card name is ("name", text), as the matcher takes them.
"""

from __future__ import annotations

from dataclasses import fields, replace

from ..language.reader import (DECIDER_WORDS, EACH_POSSESSIVE, PLAYERS, POSSESSIVE,
                               RELATIVE_POWER)
from ..language.selectors import NUMBERS, Place, Selector

# The fields of a selector and a place these functions write; one a reader sets later is not
# known here: its phrase is kept as written (render.py; tests/test_render.py names the
# fields, so a new one is pointed out).
SELECTOR_FIELDS = frozenset({"quant", "count", "pick", "slot", "kinds", "name", "token",
                             "controller", "with_keywords", "without_keywords", "place", "other",
                             "zone", "named", "text", "memo", "subtypes", "holder", "traits",
                             "stats"})
PLACE_FIELDS = frozenset({"ref", "slot", "site_only", "trait", "anchor", "of", "noun", "reach",
                          "steps", "region", "without_trait", "other", "layer"})
# The values of the fields that say how a selector or place picks, that this module writes.
SELECTOR_VALUES = {"quant": {"one", "each", "count", "up_to", "ref"},
                   "pick": {"any", "target", "choose", "ref", "name", "named", "self", "random",
                            "top"},
                   "controller": {None, "you", "opponent", "your_opponent"}}
PLACE_VALUES = {"ref": {"here", "target", "choose", "slot", "of", "any", "adjacent", "random"},
                "reach": {"adjacent", "nearby", "steps"}}

# The adjective of each controller a selector can name ('allied minion', 'enemy unit').
CONTROLLER_WORDS = {"you": "allied", "opponent": "enemy"}
WORD_OF = {v: k for k, v in NUMBERS.items() if k not in ("a", "an")}
PLAYER_WORDS = {}
for _words, _who in [*PLAYERS.items(), *DECIDER_WORDS.items()]:
    PLAYER_WORDS.setdefault(_who, list(_words))
# The reader takes 'their', 'its' and "its owner's" for a card's owner: the plainest is kept.
OWNER_WORDS = {"you": ["your"], "owner": ["its", "owner's"], "opponent": ["your", "opponent's"]}
for _words, _who in (*POSSESSIVE.items(), *EACH_POSSESSIVE.items()):
    OWNER_WORDS.setdefault(_who, _words.split())


def article(word) -> str:
    """'a' or 'an' before a word (a card name is read as starting with a consonant)."""
    if not isinstance(word, str) or not word:
        return "a"
    word = word.lower()                             # 'an Airborne minion', 'an Undead'
    if word[0] == "u":
        return "a" if word.startswith(("uni", "use", "usu")) else "an"
    return "an" if word[0] in "aeio" else "a"


def count_words(n: int, words: bool = True) -> list:
    """A count of cards: a number word up to ten (digits with `words` off or beyond ten)."""
    return [WORD_OF[n]] if words and n in WORD_OF else [str(n)]


def plural(noun: str) -> str:
    """The plural the reader takes back: 'unit' -> 'units', 'ally' -> 'allies'."""
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def capitalised(subtype: str) -> str:
    """A subtype as cards print it: 'Beast'; 'non-Beast' keeps its prefix in lower case."""
    if subtype.startswith("non-"):
        return "non-" + subtype[4:].title()
    return subtype.title()


class Words:
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

    def player(self, who: str) -> list:
        return list(PLAYER_WORDS[who])

    def zone(self, value) -> list:
        who, zone = value
        return OWNER_WORDS[who] + [self.zone_words[zone]]

    def piles(self, value) -> list:
        """'your deck or hand': one player's piles joined by 'or' (the reader's `read_piles`)."""
        who, zones = value
        out = list(OWNER_WORDS[who])
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

    def _before_noun(self, noun: list, trait: str, many: bool) -> list:
        """The nouns with a trait of one kind put before that kind's noun ('empty site')."""
        word = self.nouns.get(frozenset({self.lang.kind_traits[trait]}))
        word = word and (plural(word) if many else word)
        if word not in noun:
            raise Unrenderable(f"the trait {trait!r} without its noun")
        i = noun.index(word)
        return noun[:i] + [trait] + noun[i:]

    def place_noun(self, pl: Place, many: bool = False) -> list:
        noun = self.site_noun if (pl.site_only or pl.trait) else self.square_noun
        noun = noun or pl.noun or "place"
        words = [plural(noun) if many else noun]
        return ([pl.trait] if pl.trait else []) + \
            (["non-" + pl.without_trait] if pl.without_trait else []) + words

    # --- places ----------------------------------------------------------------
    def place(self, pl: Place, after_literal: bool = True) -> list:
        """A place slot: 'target square', 'this site' ('here' right after another slot)."""
        unknown = _set_fields(pl, PLACE_FIELDS) + _odd_values(pl, PLACE_VALUES)
        if pl.region is not None:
            unknown.append(f"region {pl.region!r}")      # read only after a card noun
        if unknown:
            raise Unrenderable("a place with " + ", ".join(unknown))
        ref = pl.ref
        noun = self.place_noun(pl)
        if pl.other:                                  # 'another site': not the source's own
            if ref not in ("choose", "adjacent", "any") or (pl.anchor is not None and
                                                          pl.anchor.ref != "here"):
                raise Unrenderable("another place measured from elsewhere")
            if ref == "choose":
                return ["another"] + (["nearby"] if pl.reach == "nearby" else []) + noun + \
                    ["you", "choose"]
            return ["another"] + (["nearby"] if pl.reach == "nearby" else []) + noun
        if ref == "here":
            return ["this", self.site_noun] if after_literal and self.site_noun else ["here"]
        if ref == "target":
            if pl.reach == "nearby":
                return ["target", "nearby"] + noun
            if pl.anchor is None:
                return ["target"] + noun
            if _antecedent(pl.anchor):
                return ["target", "adjacent"] + noun
            return ["target"] + noun + ["adjacent", "to"] + self.place(pl.anchor)
        if ref == "choose":
            if pl.reach == "nearby":
                return ["a", "nearby"] + noun + ["you", "choose"]
            if pl.anchor is not None:
                return ["an", "adjacent"] + noun + ["you", "choose"]
            return [article(noun[0])] + noun + ["you", "choose"]
        if ref == "adjacent":
            if pl.reach == "nearby" and pl.anchor is not None and pl.anchor.ref != "here":
                return [article(noun[0])] + noun + ["near"] + self.place(pl.anchor)
            if pl.reach == "nearby":
                return ["a", "nearby"] + noun
            if pl.reach == "steps":
                raise Unrenderable("a place some steps away is read only after a card noun")
            if pl.anchor is None or _antecedent(pl.anchor):
                return ["an", "adjacent"] + noun
            return [article(noun[0])] + noun + ["adjacent", "to"] + self.place(pl.anchor)
        if ref == "any":
            return [article(noun[0])] + noun
        if ref == "random":
            if pl.anchor is not None:
                raise Unrenderable("a random place near another")
            return ["a", "random"] + noun
        if ref == "of":
            if self.ref_place_as_noun and _antecedent(pl) and pl.of.slot != "self" and \
                    self.site_noun:
                return ["that", self.site_noun]
            return self.cards(pl.of)
        if ref == "slot":
            return ["that"] + noun
        raise Unrenderable(f"a place of kind {ref!r}")

    def _post_place(self, pl: Place) -> list:
        """A selector's place after its noun: 'here', 'nearby', 'at target square', ...; an
        area or a region of the language in its words ('in this body of water', 'underground')."""
        if pl.region is not None:
            words = _first_words(self.lang.region_words, pl.region, "region")
            if replace(pl, slot=None) == Place("any", region=pl.region):   # a region alone
                return words
            return self._post_place(replace(pl, region=None)) + words
        if pl.ref == "adjacent" and pl.reach in self.lang.area_words.values():
            if pl.anchor != Place("here"):
                raise Unrenderable(f"an area {pl.reach!r} measured from elsewhere")
            return _first_words(self.lang.area_words, pl.reach, "area")
        if pl.layer is not None:
            # 'on a site you choose', 'under this site', 'on nearby sites', 'on water sites'
            word = [pl.layer]
            bare = _replace_layer(pl)
            if pl.ref == "any" and not pl.other:
                return word + self.place_noun(pl, many=True)
            if pl.ref == "adjacent" and pl.reach == "nearby" and not pl.other and \
                    pl.anchor is not None and pl.anchor.ref == "here":
                return word + ["nearby"] + self.place_noun(pl, many=True)
            return word + self.place(bare)
        if pl.ref == "here":
            return ["here"]
        if pl.ref == "adjacent" and pl.anchor is not None:
            anchor = [] if pl.anchor.ref == "here" else ["of"] + self.place(pl.anchor)
            if pl.reach == "nearby":
                return ["nearby"] + anchor
            if pl.reach == "steps":
                return ["within"] + count_words(pl.steps, False) + \
                    ["step" if pl.steps == 1 else "steps"] + anchor
            return ["adjacent", "to"] + self.place(pl.anchor)
        return ["at"] + self.place(pl)

    # --- selectors -------------------------------------------------------------
    self_kinds: frozenset | None = None       # the kinds of the card written ('this KIND')
    # slot -> whether the cards kept there are several, for the ability written: a reference
    # to them is 'them' ('push them one step'), else 'it' (render.py `referents`).
    several: dict = {}
    # A place that is where an earlier card is: 'it' (the latest card named) or 'that site'
    # (the latest place, or card that is one); the renderer tries both (see render.py).
    ref_place_as_noun = False

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
        unknown = _set_fields(sel, SELECTOR_FIELDS) + _odd_values(sel, SELECTOR_VALUES)
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


def _set_fields(value, known: frozenset) -> list:
    """The fields of a selector or place outside `known` that hold other than their default."""
    return [f.name for f in fields(value) if f.name not in known
            and getattr(value, f.name) != f.default]


def _odd_values(value, known: dict) -> list:
    """The fields of a selector or place holding a value this module does not write."""
    return [f"{name} {getattr(value, name)!r}" for name, values in known.items()
            if getattr(value, name) not in values]


def _first_words(table: dict, value: str, what: str) -> list:
    """The first words a language's table (`area_words`, `region_words`) gives a value."""
    words = next((list(ws) for ws, v in table.items() if v == value), None)
    if words is None:
        raise Unrenderable(f"a {what} {value!r} no words of the language name")
    return words


def _replace_layer(pl: Place) -> Place:
    """The place without its layer (the words 'on' / 'under' say it)."""
    return replace(pl, layer=None)


def _antecedent(pl: Place) -> bool:
    """An anchor that named what came before ('adjacent' alone reads back to it)."""
    return pl.ref == "slot" or (pl.ref == "of" and pl.of is not None and pl.of.pick == "ref"
                                and pl.of.kinds is None and pl.of.named is None)


class Unrenderable(ValueError):
    """A compiled value no wording of the language reads back (the renderer says which)."""
