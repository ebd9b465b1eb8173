"""Readers of places: where a card stands or an effect reaches ('here', 'a nearby site',
'target site adjacent to X', 'on or under'), for the slot readers of reader.py.

`PlaceReader` is the part of `Reader` that reads a run of words into a `Place`; the
functions below read the 'how near' and 'on / under' words that selectors use too.
"""

from __future__ import annotations

from dataclasses import replace

from .selectors import NUMBERS, Place, Selector
from .shapes import FAIL


def plain_word(x) -> str:
    """A word of a slot as text (a quoted name is not a plain word: "")."""
    return x if isinstance(x, str) else ""


def layer_at(rest: list):
    """'on', 'under', 'on or under' (after an optional 'that's' / 'that is' / 'that are') at
    the start of `rest`: (words used, layer or None for either), or None."""
    used = 0
    if rest[:1] == ["that's"]:
        used = 1
    elif rest[:2] in (["that", "is"], ["that", "are"]):
        used = 2
    word = rest[used:used + 3]
    if word == ["on", "or", "under"]:
        return used + 3, None
    if word[:1] in (["on"], ["under"]):
        return used + 1, word[0]
    return None


# Adjectives that place a selector near its source: 'each nearby minion', 'an adjacent unit'.
NEAR_WORDS = frozenset({"nearby", "adjacent"})


def reach_at(rest: list):
    """A 'how near' filter at the start of `rest`: (reach, steps, words used), or None.

    'nearby' and 'here or nearby' (nearby includes here), 'adjacent' (not 'adjacent to', which
    names its anchor), 'within N steps' and 'up to N steps
    away' (at most N orthogonal steps; the square itself is 0 steps away).
    """
    if rest[:1] == ["nearby"]:
        return "nearby", 1, 1
    if rest[:1] == ["adjacent"] and rest[1:2] != ["to"]:
        return "adjacent", 1, 1          # 'each minion adjacent': here or one edge away
    if rest[:3] in (["here", "or", "nearby"], ["there", "or", "nearby"]):
        return "nearby", 1, 3
    if len(rest) >= 3 and rest[0] == "within" and rest[2] in ("step", "steps"):
        n = rest[1]
        n = int(n) if n.isdecimal() else NUMBERS.get(n)
        if n is not None and rest[1] not in ("a", "an"):
            return "steps", n, 3
    if len(rest) >= 5 and rest[:2] == ["up", "to"] and rest[3] in ("step", "steps") and \
            rest[4] == "away":
        n = rest[2]
        n = int(n) if n.isdecimal() else NUMBERS.get(n)
        if n is not None and rest[2] not in ("a", "an"):
            return "steps", n, 5
    return None


def in_region(place, region: str) -> Place:
    """A selector's place narrowed to cards standing in `region` (any square if it had none)."""
    if place is None:
        return Place("any", region=region)
    return replace(place, region=region)


class PlaceReader:
    """The place readers of `Reader` (it holds `lang`, `_nouns_cache` and `_cards`)."""

    def read_place(self, words):
        pl = self._place(tuple(words))
        return FAIL if pl is None else pl

    def _place_nouns(self) -> dict:
        """The language's place nouns, singular and plural: word -> (a card stands there, noun)."""
        nouns = self._nouns_cache
        if nouns is None:
            nouns = {}
            for word, site in self.lang.place_nouns.items():
                nouns[word] = nouns[word + "s"] = (site, word)
            self._nouns_cache = nouns
        return nouns

    def _site_trait(self, w: str) -> bool:
        """Is w a trait a place may have: one of the game's place traits, or an adjective of
        one place kind alone (`Language.kind_traits`)?"""
        return w in self.lang.place_traits or \
            self.lang.kind_traits.get(w) in self.lang.place_kinds

    def _place(self, words, one: bool = False):
        """A Place, or None. `one`: a place after 'on' / 'under' in a selector, where 'a
        nearby site' is one site chosen as the step resolves ('all units on a nearby site'),
        and a plural ('on nearby sites') is every such place."""
        ws = [plain_word(w) for w in words]
        if not ws:
            return None
        nouns = self._place_nouns()
        if one and ws[-1] in nouns and ws[-1] != nouns[ws[-1]][1] and \
                ws[0] not in ("a", "an", "any", "the", "that", "this", "target", "its", "their"):
            pl = self._place(("a",) + tuple(words))       # 'sites', 'nearby sites': all of them
            if pl is not None or ws[0] != "your":
                return pl
        if one and ws[0] in ("a", "an", "another") and ws[-1] in nouns and \
                ws[-1] == nouns[ws[-1]][1]:
            pl = self._place(words)
            if pl is not None and pl.ref in ("adjacent", "any"):
                return replace(pl, ref="choose")
            return pl
        if ws == ["there"]:
            return Place("there")         # the place named before, else here (compiler)
        if ws == ["here"] or (len(ws) == 2 and ws[0] == "this" and ws[1] in nouns):
            return Place("here")
        if ws[0] == "target" and len(ws) >= 2:
            if ws[1] == "nearby" and len(ws) == 3 and ws[2] in nouns:   # 'target nearby site'
                site, noun = nouns[ws[2]]
                return Place("target", site_only=site, noun=noun, reach="nearby",
                             anchor=Place("here"))
            adj = ws[1] == "adjacent"
            rest = ws[2:] if adj else ws[1:]
            if len(rest) == 2 and rest[1] in nouns and self._site_trait(rest[0]):
                site, noun = nouns[rest[1]]                 # 'target water site', 'land site'
                return Place("target", site_only=True, noun=noun, trait=rest[0],
                             anchor=Place("prev") if adj else None)
            if rest and rest[0] in nouns:
                site, noun = nouns[rest[0]]
                if rest[1:] == ["nearby"]:                                  # 'target site nearby'
                    return Place("target", site_only=site, noun=noun, reach="nearby",
                                 anchor=Place("here"))
                if adj and len(rest) == 1:
                    return Place("target", site_only=site, anchor=Place("prev"), noun=noun)
                if rest[1:3] == ["adjacent", "to"]:
                    anchor = self._place(words[2 + (1 if adj else 0) + 2:])
                    return None if anchor is None else Place("target", site_only=site,
                                                             anchor=anchor, noun=noun)
                if len(rest) == 1:
                    return Place("target", site_only=site, noun=noun)
            return None
        if ws[0] in ("a", "an", "any", "another") and len(ws) >= 2 and \
                not ws[1].endswith("'s"):          # "an opponent's sites": a group, below
            rest = ws[1:]
            trait = None
            adj = False
            near = None
            if rest[0] == "random" and ws[0] in ("a", "an") and len(rest) > 1:
                # 'a random location', 'a random nearby site': the seed picks one of them
                pl = self._place(("a",) + tuple(words[2:]))
                if pl is None or pl.ref not in ("any", "adjacent") or pl.other:
                    return None
                return replace(pl, ref="random")
            if rest[0] == "adjacent":
                adj, rest = True, rest[1:]
            elif rest[0] == "nearby":                                    # 'a nearby site'
                near, rest = Place("here"), rest[1:]
            without = None
            if rest and self._site_trait(rest[0]):                    # 'a water site'
                trait, rest = rest[0], rest[1:]
            elif rest and rest[0].startswith("non-") and rest[0][4:] in self.lang.place_traits:
                without, rest = rest[0][4:], rest[1:]             # 'a non-water site'
            if not rest or rest[0] not in nouns:
                return None
            site, noun = nouns[rest[0]]
            site = site or trait is not None or without is not None  # a card there has traits
            tail = rest[1:]
            kw = dict(site_only=site, trait=trait, noun=noun, without_trait=without)
            if ws[0] == "another":
                kw["other"] = True                                # not this card's own site
            if tail and tail[-1] == "nearby" and near is None and not adj:  # 'a site nearby'
                near, tail = Place("here"), tail[:-1]
            if near is not None:
                if tail == ["you", "choose"]:
                    return Place("choose", anchor=near, reach="nearby", **kw)
                return Place("adjacent", anchor=near, reach="nearby", **kw) if not tail else None
            if tail == ["you", "choose"]:
                return Place("choose", anchor=Place("prev") if adj else None, **kw)
            if not tail:
                if adj:
                    return Place("adjacent", anchor=Place("prev"), **kw)
                return Place("any", **kw)
            if tail[:2] in (["adjacent", "to"], ["nearby", "to"]) or tail[:1] == ["near"]:
                # 'a site adjacent to X'; 'a site near X' or 'nearby to X' (nearby X, X's own
                # site included)
                used = 1 if tail[0] == "near" else 2
                anchor = self._place(words[len(ws) - len(tail) + used:])
                if anchor is None:
                    return None
                return Place("adjacent", anchor=anchor, reach="adjacent" if
                             tail[0] == "adjacent" else "nearby", **kw)
            return None
        if ws[0] in ("that", "the") and len(ws) == 2 and ws[1] in nouns:
            site, noun = nouns[ws[1]]
            return Place("slot", site_only=site, noun=noun)
        if len(ws) == 2 and ws[0] in ("its", "their") and ws[1] in nouns:
            return Place("of", of=Selector(quant="ref", pick="ref", text="it"))
        if len(ws) == 2 and ws[0] in ("his", "her") and ws[1] in nouns:
            # A printed card says 'his'/'her' of its own character only: its own square
            return Place("here")
        sel = self._cards(tuple(words))
        if sel is not None and sel.pick in ("ref", "named", "self", "target", "name"):
            return Place("of", of=sel)
        if one and sel is not None and sel.quant == "each" and sel.pick == "any" and \
                sel.kinds and sel.kinds <= self.lang.place_kinds and sel.controller and \
                sel.place is None and sel.zone is None:
            # 'on sites you control', 'on your water sites', "on an opponent's sites": the
            # squares of every such card, as it is when the selector is read
            return Place("of", of=sel, site_only=True)
        return None
