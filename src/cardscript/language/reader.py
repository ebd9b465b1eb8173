"""Readers for shape slots: turn a run of words into a Selector, Place, player, zone or number.

Readers are pure: a reference such as 'it' or 'that site' comes back unresolved
(pick='ref'); the compiler's reference pass links it to what it names.
"""

from __future__ import annotations

from dataclasses import replace

from .amounts import read_amount
from .places import NEAR_WORDS, PlaceReader, in_region, layer_at, plain_word, reach_at
from .selectors import NUMBERS, Place, Selector
from .shapes import FAIL

DETS_ONE = {"a", "an", "any", "the"}
DETS_EACH = {"each", "every", "all"}
# The player words. Three name opponents, apart in a game of more than two players:
# 'opponent' is THE opponent of a two-player game ('your opponent'; a game of more players
# refuses it as it resolves), 'opponents' every opponent ('each opponent'), and
# 'chosen_opponent' one opponent the card's controller chooses ('an opponent'). The first
# words of each value are the ones the formatter writes.
PLAYERS = {("you",): "you", ("your", "opponent"): "opponent", ("the", "opponent"): "opponent",
           ("an", "opponent"): "chosen_opponent", ("target", "opponent"): "chosen_opponent",
           ("an", "opponent", "of", "your", "choice"): "chosen_opponent",
           ("each", "opponent"): "opponents", ("all", "opponents"): "opponents",
           ("its", "owner"): "owner", ("its", "controller"): "controller",
           ("each", "player"): "each"}
# 'they' as a player: the one who decided the latest 'PLAYER may' of the effect ('An opponent
# may discard a card. If they don't, they lose 3 life'); the compiler refuses it where no such
# 'may' came before (E205). Kept out of PLAYERS: 'they may ...' is a card's own 'may'.
DECIDER_WORDS = {("they",): "decider"}
# The values of PLAYERS that name an opponent: in a two-player game each names the one
# opponent.
OPPONENTS = frozenset({"opponent", "opponents", "chosen_opponent"})
# Words joining nouns, subtypes or piles into one set: either one ('and/or' is either or both,
# which for a set of cards is the same union).
JOINERS = ("and", "or", "and/or")
# Power compared with the card whose text it is: 'a weaker minion', 'a stronger unit'.
RELATIVE_POWER = {"weaker": "below", "stronger": "above"}
POSSESSIVE = {"your": "you", "their": "owner", "its": "owner", "its owner's": "owner",
              "their owner's": "owner", "their owners'": "owner",
              "its controller's": "controller",
              "your opponent's": "opponent", "an opponent's": "chosen_opponent"}

# Possessives naming the piles of several players at once, after 'in' or 'from' in a selector
# ('each card in each player's hand'): the player word whose players' piles are pooled,
# in turn order (interpreter/select.py `candidates`). A destination takes one player's pile.
EACH_POSSESSIVE = {"each player's": "each", "each opponent's": "opponents"}

# Adjectives naming a side before a noun or a card's name ('enemy minions', 'each allied
# "Grey Hound"'): whose the cards are.
SIDE_ADJECTIVES = {"allied": "you", "friendly": "you", "enemy": "opponent", "opposing": "opponent"}

# The possessives after which a pile may be plural: each card's owner's pile.
PLURAL_OWNERS = frozenset({"their", "their owner's", "their owners'"})

# The word after 'N or' in a bound on a stat ('with 3 or more power', 'with power 2 or
# lower'): which side of N the value may be, N included.
BOUND_WORDS = {"more": "min", "greater": "min", "higher": "min",
               "less": "max", "fewer": "max", "lower": "max"}

# Words that may follow a whole noun phrase: after 'enemy' they make it the noun ('each enemy
# here'); any other word after it ('enemy minion', 'enemy airborne minion') makes it an adjective.
AFTER_NOUN = frozenset({"here", "there", "with", "without", "in", "from", "at", "on", "under",
                        "that's", "that", "nearby", "within", "up", "adjacent", "near", "you",
                        "an", "your", "or", "and"})


def _text(words) -> str:
    return " ".join(w if isinstance(w, str) else f'"{w[1]}"' for w in words)


# The key of the per-language table of selectors read (Reader._cards), and its bound.
_CARDS_MEMO = ("__cards__",)
_CARDS_MEMO_MAX = 20_000


class Reader(PlaceReader):
    """Slot readers for one language; `read(type, words)` is what the matcher calls (the
    place readers are in places.py)."""

    def __init__(self, lang):
        self.lang = lang
        self._nouns_cache: dict | None = None

    def read(self, typ: str, words: tuple):
        fn = getattr(self, "read_" + typ, None)
        if fn is None:
            raise KeyError(f"no reader for slot type {typ!r}")
        return fn(words)

    # --- numbers -------------------------------------------------------------
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

    # --- players and zones ---------------------------------------------------
    def read_player(self, words):
        key = tuple(plain_word(w) for w in words)
        return PLAYERS.get(key) or DECIDER_WORDS.get(key, FAIL)

    def read_zone(self, words):
        ws = [plain_word(w) for w in words]
        if not ws:
            return FAIL
        whose = " ".join(ws[:-1])
        zone = self._pile(ws[-1], whose)
        if zone is None:
            return FAIL
        who = POSSESSIVE.get(whose)
        if who is None:
            return FAIL
        return (who, zone)

    def read_ownpile(self, words):
        """A pile of the player a verb's subject names: 'your hand' (no subject, or 'you'),
        'their hand' (a player word): the words as the value, the pile as its zone name
        ('their deck'), so that the formatter writes it back as read."""
        ws = [plain_word(w) for w in words]
        zone = self.lang.zones.get(ws[1]) if len(ws) == 2 else None
        if zone is None or ws[0] not in ("your", "their"):
            return FAIL
        return f"{ws[0]} {zone}"

    def read_piles(self, words):
        """'your deck, hand, or discard' (the commas joined as 'or' by the compiler):
        one player's piles, several of them -> (whose, (zone, ...)). One pile reads too."""
        ws = [plain_word(w) for w in words]
        for k in (2, 1):
            who = POSSESSIVE.get(" ".join(ws[:k]))
            if who is not None and len(ws) > k:
                break
        else:
            return FAIL
        rest = ws[k:]
        if len(rest) % 2 == 0 or any(w not in JOINERS for w in rest[1::2]):
            return FAIL
        zones = tuple(self._pile(w, " ".join(ws[:k])) for w in rest[::2])
        if None in zones or len(set(zones)) < len(zones):
            return FAIL
        return (who, zones)

    def _each_zone(self, ws: list):
        """'each player's hand', 'each opponent's hand': (player word, zone), or None."""
        who = EACH_POSSESSIVE.get(" ".join(ws[:2]))
        zone = self.lang.zones.get(ws[2]) if len(ws) == 3 and who is not None else None
        return None if zone is None else (who, zone)

    def _pile(self, w: str, whose: str):
        """The zone a pile word names, or None; plural after 'their' ('their owners' hands':
        each card's owner's hand)."""
        zones = self.lang.zones
        if w in zones:
            return zones[w]
        if whose not in PLURAL_OWNERS:
            return None
        if w.endswith("ies"):
            return zones.get(w[:-3] + "y")
        if not w.endswith("s"):
            return None
        return zones.get(w[:-1]) or (zones.get(w[:-2]) if w.endswith("es") else None)

    # --- cards ---------------------------------------------------------------
    def _noun(self, w: str):
        nouns = self.lang.nouns
        if w in nouns:
            return nouns[w], False
        if w.endswith("ies") and w[:-3] + "y" in nouns:
            return nouns[w[:-3] + "y"], True
        if w.endswith("s") and w[:-1] in nouns:
            return nouns[w[:-1]], True
        return None, False

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

    def read_cards(self, words):
        sel = self._cards(tuple(words))
        return FAIL if sel is None else sel

    def read_named(self, words):
        """Cards as the subject of a verb whose words a player's verb also has ('X gains 2
        life', of a card or of a player): any selector but 'they' / 'them', which the
        player's verb reads as a player (the one who decided a 'may'), so that with no 'may'
        before it the sentence is refused there rather than read as the cards said before
        it."""
        sel = self._cards(tuple(words))
        if sel is None or (sel.pick == "ref" and sel.text.lower() in ("they", "them")):
            return FAIL
        return sel

    def read_whose(self, words):
        """Cards named as a possessive: 'a nearby unit's', "these Hounds'", 'its',
        'their' (what 'it' / 'them' would name)."""
        ws = [plain_word(w) for w in words]
        if ws in (["its"], ["their"]):
            return Selector(quant="ref", pick="ref", text=ws[0])
        last = ws[-1] if ws else ""
        for mark in ("'s", "'"):
            if last.endswith(mark) and len(last) > len(mark) and \
                    (mark[-1] == "s" or last[-len(mark) - 1] == "s"):
                sel = self._cards(tuple(words[:-1]) + (last[:-len(mark)],))
                return FAIL if sel is None else sel
        return FAIL

    def read_subject(self, words):
        """A selector naming cards other than the one the ability is on ('it', 'that card',
        'each X'): the subject of a verb whose own card, as subject, has a form of its own
        ('This deals ...' is the card doing the plain verb: compiler/forms.py)."""
        sel = self._cards(tuple(words))
        return FAIL if sel is None or sel.pick == "self" else sel

    def _cards(self, words):
        """The Selector `words` name, or None: read once a language for equal words (a pool
        says the same few over and over; a selector is a frozen value, so the one read is
        shared). Kept in the language's memo, bounded as the phrase memo is."""
        memo = self.lang._memo
        cards = memo.get(_CARDS_MEMO)
        if cards is None or len(cards) >= _CARDS_MEMO_MAX:
            cards = memo[_CARDS_MEMO] = {}
        found = cards.get(words, cards)
        if found is cards:
            found = cards[words] = self._read_cards(words)
        return found

    def _read_cards(self, words):
        if not words:
            return None
        text = _text(words)
        ws = [w if isinstance(w, str) else "" for w in words]      # _w of each, inline
        first = ws[0]
        # 'one of your nearby sites' (or '1 of'): one card of those a plural names
        if first in ("one", "1") and len(ws) > 2 and ws[1] == "of":
            many = self._cards(tuple(words[2:]))
            if many is None or many.quant != "each" or many.pick != "any":
                return None
            return replace(many, quant="one", count=1, text=text)
        # references
        if len(words) == 1 and first in ("it", "itself", "them", "they"):
            return Selector(quant="ref", pick="ref", text=text)
        if len(ws) == 2 and ws[0] in ("its", "the") and ws[1] in self.lang.holder_words:
            return Selector(quant="each", holder=True, text=text)     # 'its bearer'
        if first == "this" and (len(words) == 1 or (len(words) == 2 and self._noun(ws[1])[0]
                                                    is not None) or ws[1:] == ["card"]):
            return Selector(quant="ref", pick="self", text=text)
        if first in ("that", "those", "these") and len(words) == 2:
            kinds, _ = self._noun(ws[1])
            side = None
            if kinds is None and ws[1] in self._sides():
                side, kinds, _ = self._sides()[ws[1]]       # 'that ally', 'those enemies'
            if kinds is not None:
                return Selector(quant="ref", pick="ref", kinds=kinds, controller=side,
                                text=text)
        if "top" in ws[:3]:
            top = self._top(ws, text)              # 'the top 3 cards of your spellbook'
            if top is not None:
                return top
        if "next" in ws[1:3]:
            top = self._next(ws, text)             # 'your next three spells'
            if top is not None:
                return top
        # A named referent: 'the shooter'. Never one with 'and' in it, a reserved word that
        # joins steps ('look at the top card ... and put one of them on top'), nor 'or', which
        # joins clauses of a choice ('sacrifice the caster or lose ...').
        if first == "the" and len(words) >= 2 and self._noun(ws[-1])[0] is None and \
                "and" not in ws and "or" not in ws and ws[1] not in self.lang.superlatives:
            return Selector(quant="ref", pick="named", named=" ".join(ws[1:]), text=text)
        # A role a card kind names, written without 'the' as printed text may ('Caster
        # takes no damage'): the same referent as 'the caster'.
        if len(ws) == 1 and any(first in roles for roles in self.lang.kind_referents.values()):
            return Selector(quant="ref", pick="named", named=first, text=text)
        if first == "the" and len(words) >= 3 and ws[1] in self.lang.referent_words:
            return Selector(quant="ref", pick="named", named=" ".join(ws[1:]), text=text)
        # quantity
        i = 0
        quant, count, pick = "one", 1, "any"
        # 'an opponent's nearby sites': the possessive names a side, as 'your' does, and is no
        # quantity word: a plural after it is every one ('your Deserts')
        possessed = ws[:2] in (["an", "opponent's"], ["your", "opponent's"])
        if possessed:
            i = 2
        elif first == "up" and len(ws) > 2 and ws[1] == "to":
            n = self.read_count(words[2:3])
            if n is FAIL:
                return None
            quant, count, i = "up_to", n, 3
            if i < len(ws) and ws[i] == "target":
                pick, i = "target", i + 1
        elif first == "any" and ws[1:3] in (["number", "of"], ["amount", "of"]) and len(ws) > 3:
            # 'any number of' / 'any amount of': 'up to' with no bound (none to all of them)
            quant, count, i = "up_to", None, 3
            if ws[i] == "target":
                pick, i = "target", i + 1
        elif first == "target":
            pick, i = "target", 1
        elif first in DETS_EACH:
            quant, i = "each", 1
        elif first in ("another",):
            i = 1
        elif first in DETS_ONE:
            i = 1
        elif first in NUMBERS or first.isdecimal():
            quant, count, i = "count", (int(first) if first.isdecimal() else NUMBERS[first]), 1
            if i < len(ws) and ws[i] == "target":
                pick, i = "target", i + 1
        other = first == "another"
        bare = i == 0 or possessed         # no quantity word: a plural noun is all of them
        plural = False
        controller = "opponent" if possessed else None
        with_kw: list = []
        without_kw: list = []
        name = None
        token = False
        kinds = None
        near = None
        region = None
        subtypes: list = []
        sub_plural = False                 # a plural subtype is the noun: 'your Deserts'
        traits: list = []
        rel_stats: list = []
        sides = self._sides()
        # adjectives
        while i < len(words):
            w = ws[i]
            side = sides.get(w)
            if side is not None and (side[2] or w == "ally" or i + 1 == len(ws) or
                                     ws[i + 1] in AFTER_NOUN):
                controller, kinds = side[0], side[1]      # 'an ally', 'nearby enemies'
                plural = side[2]
                i += 1
                break
            if w == "random" and quant == "one" and pick == "any" and not bare:
                pick = "random"                     # 'a random minion': the game's rng picks
            elif (sub := self._subtype(w)) is not None:
                # 'each Beast', 'a Mortal minion'; 'a Mortal or Beast': either, one entry
                # with the two joined by '|' (interpreter/select.py reads it).
                while ws[i + 1:i + 2] == ["or"] and i + 2 < len(words) and \
                        (alt := self._subtype(ws[i + 2])) is not None:
                    sub, w = f"{sub}|{alt}", ws[i + 2]
                    i += 2
                subtypes.append(sub)
                sub_plural = w != sub.rpartition("|")[2] and \
                    (i + 1 == len(ws) or self._noun(ws[i + 1])[0] is None)
            elif w in ("allied", "friendly") and bare and i + 1 == len(ws) and "allies" in sides:
                # 'nearby allied' with no noun after it, as 'nearby enemy' ('Nearby allied
                # Stealth is negated'): allies, every one
                controller, kinds, plural = sides["allies"]
                i += 1
                break
            elif w in ("allied", "friendly", "your"):
                controller = SIDE_ADJECTIVES.get(w, "you")
            elif (w,) in self.lang.region_words and self._noun(w)[0] is None:
                region = self.lang.region_words[(w,)]               # 'each underground unit'
            elif w in self.lang.adjective_words and self._noun(w)[0] is None:
                adj_region, lacks = self.lang.adjective_words[w]    # 'ground minions'
                region = adj_region or region
                without_kw.extend(lacks)
            elif w in self.lang.place_traits:
                # 'water minions'; 'an Ordinary or Exceptional Mortal': either trait, kept as
                # one entry with the two joined by '|'.
                if ws[i + 1:i + 2] == ["or"] and ws[i + 2:i + 3] and \
                        ws[i + 2] in self.lang.place_traits:
                    traits.append(f"{w}|{ws[i + 2]}")
                    i += 2
                else:
                    traits.append(w)
            elif w.startswith("non-") and w[4:] in self.lang.place_traits:
                traits.append(w)                            # 'non-water minions'
            elif w.startswith("non-") and w[4:] in self.lang.keywords and \
                    self._noun(w[4:])[0] is None:
                without_kw.append(self.lang.keywords[w[4:]])   # 'non-Airborne minions'
            elif w.startswith("non-") and (sub := self._subtype(w[4:])) == w[4:] and \
                    i + 1 < len(words):
                # 'non-Mortal minions': a card without the subtype (interpreter/select.py);
                # a noun must follow (read below), as 'non-' names no card alone
                subtypes.append("non-" + sub)
            elif w in NEAR_WORDS and near is None:
                near = Place("adjacent", anchor=Place("here"), reach=w)   # 'each nearby minion'
            elif w in self.lang.kind_traits and self._kind_trait(ws, i):
                traits.append(w)                            # 'an empty site'
            elif w in ("enemy", "opposing"):
                controller = SIDE_ADJECTIVES[w]
            elif (stat := self._stat_word(w)) is not None:
                rel_stats.append(stat)              # 'a 1-power minion': exactly that power
            elif w in self.lang.superlatives and first == "the" and i == 1:
                # 'the strongest enemy minion': of the cards named, the one with the most
                # (or least) of a stat; the third item says who chooses among the tied
                rel_stats.append((*self.lang.superlatives[w][:2], self.lang.superlatives[w][2]))
            elif w in RELATIVE_POWER:
                # 'a weaker minion': less power than the card whose text it is
                rel_stats.append(("power", RELATIVE_POWER[w], None))
            elif w == "other":
                other = True
            elif w in self.lang.keywords and self._noun(w)[0] is None:
                with_kw.append(self.lang.keywords[w])
            elif not isinstance(words[i], str):
                name = words[i][1]
            else:
                break
            i += 1
        # noun (or nouns joined by 'and' / 'or')
        if kinds is None and i < len(words):
            k, plural = self._noun(ws[i])
            if k is not None:
                kinds = set(k)
                i += 1
                while i + 1 < len(words) and ws[i] in JOINERS:
                    if self._kind_trait(ws, i + 1):         # '... or empty site'
                        traits.append(ws[i + 1])
                        i += 1                              # then its noun, below
                    if self._noun(ws[i + 1])[0]:
                        kinds |= self._noun(ws[i + 1])[0]
                        i += 2
                        continue
                    # 'a relic or 1-power minion': a stat word before a later noun bounds
                    # the cards of that noun only
                    stat = self._stat_word(ws[i + 1])
                    alt = self._noun(ws[i + 2])[0] if i + 2 < len(words) else None
                    if stat is None or not alt:
                        break
                    kinds |= alt
                    rel_stats.append(stat + (alt,))
                    i += 3
                kinds = frozenset(kinds)
                if len(kinds) == 1 and not subtypes and ws[i:i + 1] == ["or"] and \
                        i + 1 < len(words) and (alt := self._subtype(ws[i + 1])) is not None:
                    # 'a nearby Avatar or Royal': a card of the kind or of the subtype, one
                    # entry '|'-joined as above (a kind's name stands for the kind there).
                    subtypes.append(f"{next(iter(kinds))}|{alt}")
                    kinds, plural = None, plural or ws[i + 1] != alt
                    i += 2
            elif ws[i] in ("token", "tokens") and name:
                token = True
                i += 1
        if kinds is None and name is None and all(s[:4] == "non-" for s in subtypes):
            return None     # 'each non-Mortal' alone: what it is not names no set of cards
        if count is None and kinds is None:
            return None     # 'any number of "Skeleton" tokens' names no set to pick from
        if bare and (plural or (kinds is None and sub_plural)) and quant == "one" and \
                pick == "any":
            quant = "each"  # 'Nearby Airborne minions gain ...', 'your Deserts': every one
        if i < len(words) and ws[i] in ("token", "tokens"):
            token = True
            i += 1
        sel = dict(quant=quant, count=count, pick=pick, kinds=kinds, name=name, token=token,
                   controller=controller, with_keywords=tuple(with_kw), other=other, text=text,
                   subtypes=tuple(subtypes), traits=tuple(traits))
        if without_kw:
            sel["_without"] = without_kw
        if rel_stats:
            sel["stats"] = tuple(rel_stats)
        if near is not None:
            sel["place"] = near
        if region is not None:
            sel["_region"] = region
        if name is not None and pick == "any" and quant == "one" and kinds is None:
            sel["pick"] = "name"
        return self._post(words, ws, i, sel)

    def _top(self, ws: list, text: str):
        """The top cards of a pile: 'the top card of ZONE', 'the top 3 cards of ZONE', 'your
        top 4 ZONE cards' -> a selector of the first cards of that zone."""
        n = 1
        if ws[:2] == ["the", "top"] and len(ws) >= 5:
            rest = ws[2:]
            if rest[0] not in ("card", "cards"):
                n = int(rest[0]) if rest[0].isdecimal() else NUMBERS.get(rest[0])
                rest = rest[1:]
            if n is None or rest[:2] not in (["card", "of"], ["cards", "of"]):
                return None
            zone = self.read_zone(rest[2:])
        elif len(ws) >= 4 and "top" in ws[1:3] and ws[-1] in ("card", "cards"):
            # 'your top 3 atlas cards', 'an opponent's top 3 atlas cards'
            k = ws.index("top", 1)
            mid = ws[k + 1:-1]
            if len(mid) == 2:
                n = int(mid[0]) if mid[0].isdecimal() else NUMBERS.get(mid[0])
            if n is None or len(mid) not in (1, 2):
                return None
            zone = self.read_zone(ws[:k] + [mid[-1]])
        else:
            return None
        if zone is FAIL or n < 1:
            return None
        kinds = self.lang.nouns.get("card") or frozenset(self.lang.card_kinds.values())
        return Selector(quant="count", count=n, pick="top", kinds=kinds, zone=zone, text=text)

    def _next(self, ws: list, text: str):
        """A player's next cards of what is drawn: 'your next three spells', 'an opponent's
        next site' -> the top cards of the pile they are drawn from, as `_top` reads them
        (the next card drawn is the top one)."""
        k = ws.index("next", 1)
        rest = ws[k + 1:]
        n = 1
        if len(rest) == 2:
            n = int(rest[0]) if rest[0].isdecimal() else NUMBERS.get(rest[0])
            if rest[0] in ("a", "an"):
                n = None
        if n is None or len(rest) not in (1, 2) or n < 1:
            return None
        kind = self.read_cardtype((rest[-1],))
        if kind is FAIL or (n == 1) != (rest[-1] == kind) or \
                (len(rest) == 1 and rest[-1] != kind):
            return None                           # 'next spell', 'next 3 spells'
        zone = self.read_zone(ws[:k] + [self.lang.draw_zones[kind]])
        if zone is FAIL:
            return None
        kinds = self.lang.nouns.get("card") or frozenset(self.lang.card_kinds.values())
        return Selector(quant="count", count=n, pick="top", kinds=kinds, zone=zone, text=text)

    def _post(self, words, ws, i, sel):
        without: list = sel.pop("_without", [])
        while i < len(words):
            rest = ws[i:]
            if (area := self._area(rest)) is not None:
                # 'in this body of water': an area the geometry measures from the card
                sel["place"] = Place("adjacent", anchor=Place("here"), reach=area[0])
                i += area[1]
            elif (region := self._region(rest)) is not None:
                # 'each minion in the void': the region the card stands in
                sel["_region"] = region[0]
                i += region[1]
            elif rest[:2] == ["you", "choose"]:
                sel["pick"] = "choose"
                i += 2
            elif rest[:2] == ["you", "control"]:
                sel["controller"] = "you"
                i += 2
            elif rest[:3] == ["an", "opponent", "controls"]:
                sel["controller"] = "opponent"            # any opponent, as 'enemy'
                i += 3
            elif rest[:3] == ["your", "opponent", "controls"]:
                sel["controller"] = "your_opponent"       # the one of two: R104 with more
                i += 3
            elif (n := len(self.lang.in_play_words)) and tuple(rest[:n]) == \
                    self.lang.in_play_words:
                i += n                        # the words for 'in play': what a selector reads
            elif (layer := layer_at(rest)) is not None and \
                    (pl := self._place(words[i + layer[0]:], one=True)) is not None:
                # 'on a nearby site' (above it), 'under', 'on or under' (either), after an
                # optional 'that's' / 'that is' / 'that are'
                sel["place"] = replace(pl, layer=layer[1]) if layer[1] else pl
                i = len(words)
            elif rest[0] == "here" and rest[1:3] != ["or", "nearby"]:
                sel["place"] = Place("here")
                i += 1
            elif rest[0] == "there" and rest[1:3] != ["or", "nearby"]:
                sel["place"] = Place("there")     # the place named before, else here
                i += 1
            elif (stat := self._stat_bound(rest)) is not None:
                # 'with 4 or more power', 'with 2 or less power', 'that costs 3 or less'
                sel["stats"] = sel.get("stats", ()) + (stat[0],)
                i += stat[1]
            elif rest[0] in ("with", "without") and len(rest) > 1 and \
                    rest[1] not in self.lang.keywords and rest[1] in self.lang.printed_stats:
                # 'a permanent with HP': the card prints the stat (or, 'without', does not)
                stat = self.lang.printed_stats[rest[1]][0]
                sel["stats"] = sel.get("stats", ()) + ((stat, "printed", rest[0] == "with"),)
                i += 2
            elif rest[0] in ("with", "without") and len(rest) > 1:
                j = i + 2
                kw = self.lang.keywords.get(rest[1])
                if kw is None:
                    return None
                (without if rest[0] == "without" else sel.setdefault("_with", [])).append(kw)
                i = j
            elif rest[0] in ("in", "from") and len(rest) > 1:
                z = self.read_zone(words[i + 1:])
                if z is FAIL:
                    z = self._each_zone(ws[i + 1:])     # 'in each player's hand'
                if z is None:
                    return None
                sel["zone"] = z
                i = len(words)
            elif (reach := reach_at(rest)) is not None:
                # 'nearby', 'here or nearby', 'within 2 steps', 'up to 2 steps away' [of PLACE]
                kind, steps, used = reach
                anchor = Place("here")
                if used < len(rest) and rest[used] in ("of", "from"):
                    if used + 1 >= len(rest):
                        return None
                    anchor = self._place(words[i + used + 1:])
                    if anchor is None:
                        return None
                    used = len(rest)
                sel["place"] = Place("adjacent", anchor=anchor, reach=kind, steps=steps)
                i += used
            elif rest[0] == "at" or rest[:2] == ["adjacent", "to"]:
                start = i + (1 if rest[0] == "at" else 2)
                pl = self._place(words[start:])
                if pl is None:
                    return None
                if rest[0] == "adjacent":
                    pl = Place("adjacent", anchor=pl)
                i = len(words)
                sel["place"] = pl
            else:
                return None
        if "_with" in sel:
            sel["with_keywords"] = sel["with_keywords"] + tuple(sel.pop("_with"))
        if "_region" in sel:            # a region word narrows whatever place was read
            sel["place"] = in_region(sel.get("place"), sel.pop("_region"))
        sel["without_keywords"] = tuple(without)
        return Selector(**sel)

    def _stat_word(self, w: str):
        """'1-power' (a number, a dash, a header field of the language): the bound
        (stat, 'is', N) of a card whose current value is exactly N, or None."""
        n, dash, stat = w.partition("-")
        if not dash or not n.isdecimal() or stat not in self.lang.header_fields:
            return None
        return (stat, "is", int(n))

    def _stat_bound(self, rest: list):
        """A bound on a header field of the language (such as power) at the start of `rest`:
        'with N or more STAT', 'with STAT N or less' (either order; 'more' / 'greater' /
        'higher' a lower bound, 'less' / 'fewer' / 'lower' an upper one), or 'that costs N or
        less' / 'that cost N or more' (the cost field): ((stat, 'min' | 'max', N), words
        used), or None."""
        if rest[:1] == ["that"] and len(rest) >= 5 and rest[1] in ("costs", "cost") and \
                rest[2].isdecimal() and rest[3] == "or" and rest[4] in BOUND_WORDS and \
                "cost" in self.lang.header_fields:
            return ("cost", BOUND_WORDS[rest[4]], int(rest[2])), 5
        if len(rest) < 5 or rest[0] != "with" or rest[3] != "or" and rest[2] != "or":
            return None
        if rest[2] == "or":                  # 'with 4 or more power'
            n, bound, stat = rest[1], rest[3], rest[4]
        else:                                # 'with power 4 or more'
            stat, n, bound = rest[1], rest[2], rest[4]
        if bound not in BOUND_WORDS or not n.isdecimal() or stat not in self.lang.header_fields:
            return None
        return (stat, BOUND_WORDS[bound], int(n)), 5

    def _area(self, rest: list):
        """An area word of the language at the start of `rest`: (reach, words used), or None."""
        for words, reach in self.lang.area_words.items():
            if tuple(rest[:len(words)]) == words:
                return reach, len(words)
        return None

    def _region(self, rest: list):
        """A region word of the language at the start of `rest`: (region, words used), or None."""
        for words, region in self.lang.region_words.items():
            if tuple(rest[:len(words)]) == words:
                return region, len(words)
        return None
