"""What may follow a selector's noun: a place ('here', 'nearby', 'at target site', 'on a
site you choose'), a pile ('in your hand'), a controller ('you control'), keywords ('with
Airborne'), a bound on a stat ('with 3 or more power', 'that costs 2 or less'), an area or
a region of the language.

`TailReader` is the part of `Reader` (reader.py) that reads these words after the card
reader (card_reader.py) has read the quantity, the adjectives and the noun, and makes the
Selector.
"""

from __future__ import annotations

from dataclasses import replace

from .places import in_region, layer_at, reach_at
from .selectors import Place, Selector
from .shapes import FAIL

# The word after 'N or' in a bound on a stat ('with 3 or more power', 'with power 2 or
# lower'): which side of N the value may be, N included.
BOUND_WORDS = {"more": "min", "greater": "min", "higher": "min",
               "less": "max", "fewer": "max", "lower": "max"}


_TAIL_OPENERS = ("__tail_openers__",)     # the key of the memo `_tail_openers` fills


class _AnyWord:
    """Holds every word: the openers when an area or region word is empty."""

    def __contains__(self, word) -> bool:
        return True


_ANY_WORD = _AnyWord()


class TailReader:
    """The words after a selector's noun (a part of `Reader`)."""

    def _post(self, words, ws, i, sel):
        without: list = sel.pop("_without", [])
        opens = self._tail_openers()
        while i < len(words):
            rest = ws[i:]
            # An area or region word is looked for only when `rest` opens with a first word
            # of one (`_tail_openers`): most tails ('here', 'at target site') have none.
            if rest[0] in opens and (area := self._area(rest)) is not None:
                # 'in this body of water': an area the geometry measures from the card
                sel["place"] = Place("adjacent", anchor=Place("here"), reach=area[0])
                i += area[1]
            elif rest[0] in opens and (region := self._region(rest)) is not None:
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

    def _tail_openers(self):
        """The first words of the language's area and region words (kept in its memo), or
        every word (`_ANY_WORD`) if one of them is empty (it would fit any `rest`)."""
        memo = self.lang._memo
        found = memo.get(_TAIL_OPENERS)
        if found is None:
            keys = list(self.lang.area_words) + list(self.lang.region_words)
            found = memo[_TAIL_OPENERS] = _ANY_WORD if () in keys else \
                frozenset(k[0] for k in keys)
        return found

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
