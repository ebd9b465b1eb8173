"""The selector reader: a run of words that names cards ('each enemy unit here', 'up to
two target allies', 'that site', 'the shooter') read into a Selector.

`CardReader` is the part of `Reader` (reader.py) that reads the quantity, the references,
the adjectives and the noun; the words after the noun are read by `TailReader`
(selector_tail.py), a pile's top cards by `TopReader` (pile_tops.py), nouns and subtypes
by `NounReader` (nouns.py). A selector read is kept a language for equal words (`_cards`).
"""

from __future__ import annotations

from dataclasses import replace

from .nouns import JOINERS
from .places import NEAR_WORDS, plain_word
from .selectors import NUMBERS, Place, Selector
from .shapes import FAIL

DETS_ONE = {"a", "an", "any", "the"}
DETS_EACH = {"each", "every", "all"}
# Power compared with the card whose text it is: 'a weaker minion', 'a stronger unit'.
RELATIVE_POWER = {"weaker": "below", "stronger": "above"}

# Adjectives naming a side before a noun or a card's name ('enemy minions', 'each allied
# "Grey Hound"'): whose the cards are.
SIDE_ADJECTIVES = {"allied": "you", "friendly": "you", "enemy": "opponent", "opposing": "opponent"}

# Words that may follow a whole noun phrase: after 'enemy' they make it the noun ('each enemy
# here'); any other word after it ('enemy minion', 'enemy airborne minion') makes it an adjective.
AFTER_NOUN = frozenset({"here", "there", "with", "without", "in", "from", "at", "on", "under",
                        "that's", "that", "nearby", "within", "up", "adjacent", "near", "you",
                        "an", "your", "or", "and"})


def _text(words) -> str:
    return " ".join([w if isinstance(w, str) else f'"{w[1]}"' for w in words])


# The key of the per-language table of selectors read (Reader._cards), and its bound.
_CARDS_MEMO = ("__cards__",)
_CARDS_MEMO_MAX = 20_000
_NOUN_STOPS = ("__noun_stops__",)       # the key of the memo `_noun_stops` fills
_LONE_NAME = ("__lone_name__",)         # the key of the memo `_lone_name_plain` fills


def _lone_name(word) -> Selector:
    """The selector of a lone quoted name ('"X"'): a card of that name."""
    return Selector(pick="name", name=word[1], text=f'"{word[1]}"')


class CardReader:
    """The readers of cards slots (a part of `Reader`)."""

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

    def _noun_stops(self) -> frozenset:
        """The written forms of the language's nouns (each noun and its plural) that no test of
        the adjective loop in `_read_cards` takes: not a side noun, a place trait, an
        adjective of one kind, a superlative, a subtype, a stat word or any word that loop
        names. Such a word ends the adjectives at once, as the loop's last `else` would after
        every test. Built once a language, in its memo."""
        memo = self.lang._memo
        found = memo.get(_NOUN_STOPS)
        if found is None:
            lang = self.lang
            taken = set(self._sides()) | set(lang.place_traits) | set(lang.kind_traits) | \
                set(lang.superlatives) | set(RELATIVE_POWER) | set(SIDE_ADJECTIVES) | \
                set(NEAR_WORDS) | {"random", "your", "other"}
            forms = set()
            for noun in lang.nouns:
                forms.update((noun, noun + "s", noun[:-1] + "ies" if noun.endswith("y")
                              else noun))
            found = memo[_NOUN_STOPS] = frozenset(
                f for f in forms if f and self._noun(f)[0] is not None and f not in taken
                and "-" not in f and not f.startswith("non-") and self._subtype(f) is None)
        return found

    def _lone_name_plain(self) -> bool:
        """Does a lone card name read, in this language, as the plain selector of a card of
        that name (`_lone_name`)? A name's own words take no part in the reading (the
        adjective loop sees an empty word), so one probe name, read the long way once a
        language, answers for every name; then a lone name is made at once (a pool quotes
        many names, and each distinct one was a selector read)."""
        memo = self.lang._memo
        found = memo.get(_LONE_NAME)
        if found is None:
            memo[_LONE_NAME] = False                 # the probe below reads the long way
            probe = ("name", "\x00")
            sel = self._read_cards((probe,))
            found = memo[_LONE_NAME] = sel is not None and sel == _lone_name(probe) and \
                sel.text == _lone_name(probe).text
        return found

    def _read_cards(self, words):
        if not words:
            return None
        if len(words) == 1 and not isinstance(words[0], str) and self._lone_name_plain():
            return _lone_name(words[0])
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
        stops = self._noun_stops()
        # adjectives
        while i < len(words):
            w = ws[i]
            if w in stops:          # a noun no test below reads: the adjectives end here
                break
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
                if i < len(words) and (wide := self._wider(ws[i], k)) is not None:
                    plural, i = wide, i + 1                 # 'magic spells': see `_wider`
                while i + 1 < len(words) and ws[i] in JOINERS:
                    if self._kind_trait(ws, i + 1):         # '... or empty site'
                        traits.append(ws[i + 1])
                        i += 1                              # then its noun, below
                    if alt := self._noun(ws[i + 1])[0]:
                        kinds |= alt
                        i += 2
                        if i < len(words) and self._wider(ws[i], alt) is not None:
                            i += 1                          # '... or magic spells'
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
