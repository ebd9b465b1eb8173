"""Selectors: the noun phrases of card text, as a small closed algebra.

A `Selector` picks cards: a domain (cards in play, or a zone), a set of card
kinds (from its noun), filters (controller, keyword, place, name), a quantifier
(one, each, up to N) and how the one is picked (a target chosen when the effect
is announced, a card the controller chooses as it resolves, or a reference to
cards named earlier). Combining selectors means intersecting their filters;
'unit and artifact' is the union of the two nouns' kinds. A `Place` picks a
location the same way. The game's own words about a card (its subtypes, its traits such as an
element) are filters too: a card must have every subtype and trait named and none of the traits
written 'non-'; a place read after 'on' or 'under' also says the layer of it a card stands in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import lru_cache

from ..memo import Memo

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@dataclass(frozen=True, slots=True, init=False)
class Place:
    """A location: here, a target square, an adjacent one, the square of some cards."""

    ref: str                      # here | target | choose | slot | of | any | adjacent | random
    # (the reader also gives `there` and `prev`, which the compiler resolves to one of these)
    slot: str | None = None       # the antecedent or target slot it reads
    site_only: bool = False       # a card must stand there ('site') rather than any 'square'
    trait: str | None = None      # a trait the place must have ('a water site': 'water')
    without_trait: str | None = None  # a trait it must not have ('a non-water site')
    other: bool = False           # 'another site': not the square of the card measured from
    anchor: "Place | None" = None  # for 'adjacent': adjacent to what
    of: "Selector | None" = None  # 'that unit' used as a place: its square
    region: str | None = None     # the region its cards stand in (a language's region_words)
    # 'on a site' (above it) or 'under a site' (beneath it): the layer of the place a card in it
    # stands in, as the geometry's `layer` says; None: either ('at', 'on or under').
    layer: str | None = None
    noun: str | None = field(default=None, compare=False)  # the place noun as written
    # For 'adjacent' places, how near to the anchor: 'adjacent', 'nearby', 'steps' (up to
    # `steps` steps away), or an area a language names ('body of water': `area_words`). What
    # each means on the board is the geometry's (`near`, or `near_on` when the board decides).
    reach: str = "adjacent"
    steps: int = 1

    def __init__(self, ref: str, slot: str | None = None, site_only: bool = False,
                 trait: str | None = None, without_trait: str | None = None, other: bool = False,
                 anchor: "Place | None" = None, of: "Selector | None" = None,
                 region: str | None = None, layer: str | None = None, noun: str | None = None,
                 reach: str = "adjacent", steps: int = 1):
        # As Selector's: the fields in order, stored through the slots.
        _PLACE[0](self, ref)
        _PLACE[1](self, slot)
        _PLACE[2](self, site_only)
        _PLACE[3](self, trait)
        _PLACE[4](self, without_trait)
        _PLACE[5](self, other)
        _PLACE[6](self, anchor)
        _PLACE[7](self, of)
        _PLACE[8](self, region)
        _PLACE[9](self, layer)
        _PLACE[10](self, noun)
        _PLACE[11](self, reach)
        _PLACE[12](self, steps)

    def describe(self) -> str:
        noun = self.noun or ("site" if self.site_only else "square")
        if self.trait:
            noun = f"{self.trait} {noun}"
        if self.without_trait:
            noun = f"non-{self.without_trait} {noun}"
        if self.other:
            noun = f"other {noun}"
        if self.ref == "here":
            return "this site"
        if self.ref == "target":
            return f"target {noun}"
        if self.ref == "choose":
            return f"a {noun} you choose"
        if self.ref == "adjacent":
            anchor = self.anchor.describe() if self.anchor else "it"
            if self.reach == "nearby":
                return f"a {noun} nearby {anchor}"
            if self.reach == "steps":
                return f"a {noun} up to {self.steps} steps away from {anchor}"
            if self.reach != "adjacent":          # an area of the language ('body of water')
                return f"a {noun} in the {self.reach} of {anchor}"
            return f"a {noun} adjacent to {anchor}"
        if self.ref == "of":
            return f"the square of {self.of.describe()}"
        if self.ref == "slot":
            return f"that {noun}"
        if self.ref == "random":
            return f"a random {noun}"
        return f"a {noun}"


@dataclass(frozen=True, slots=True, init=False)
class Selector:
    """A set of cards named by a phrase; see the module docstring for the algebra."""

    quant: str = "one"             # one | each | count | up_to | ref
    count: int | None = 1          # for count / up_to; None with up_to: 'any number of'
    pick: str = "any"              # any | target | choose | ref | name | self | random | top
    slot: str | None = None        # where the picked cards are kept (for 'it', 'that minion')
    kinds: frozenset | None = None  # card kinds the noun allows (None: any)
    name: str | None = None        # a quoted card name
    token: bool = False
    controller: str | None = None  # you | opponent (any: 'enemy') | your_opponent | ally | enemy
    with_keywords: tuple = ()
    without_keywords: tuple = ()
    place: Place | None = None     # 'at target square', 'here', 'adjacent to ...'
    other: bool = False            # 'other', 'another': not the source
    zone: str | None = None        # a zone to pick from instead of play ('your hand')
    named: str | None = None       # a named referent: 'the shooter'
    subtypes: tuple = ()           # subtypes the card's header must name ('each Beast')
    holder: bool = False           # 'its bearer': the card that holds the source
    # Traits the card must have ('water minions': its element), or, written 'non-water', must
    # not have. What a trait means is the geometry's `card_trait`.
    traits: tuple = ()
    # Stats the card's current value must reach or not pass: (stat, "min" | "max", n), as in
    # 'minions with 4 or more power' (a header field of the language; its value now is the
    # ruleset's `stat`); (stat, "below" | "above", None): less or more than the source's now
    # ('a weaker minion'); (stat, "is", N): exactly N ('a 1-power minion'). A fourth item, a
    # set of kinds, holds the bound to cards of those kinds ('a relic or 1-power minion').
    # (stat, "most" | "least", tie): of the cards the rest names, those with the most or the
    # least of it ('the strongest minion', 'the closest ally'); `tie` says who chooses among
    # the tied ('active': the active player; 'controller'). The language's `superlatives`.
    stats: tuple = ()
    text: str = field(default="", compare=False)
    # The interpreter's test for this selector, built on first use (interpreter/select.py: matcher).
    memo: Memo = field(default_factory=Memo, init=False, compare=False, repr=False)

    def __init__(self, quant: str = "one", count: int | None = 1, pick: str = "any",
                 slot: str | None = None, kinds: frozenset | None = None,
                 name: str | None = None, token: bool = False, controller: str | None = None,
                 with_keywords: tuple = (), without_keywords: tuple = (),
                 place: Place | None = None, other: bool = False, zone: str | None = None,
                 named: str | None = None, subtypes: tuple = (), holder: bool = False,
                 traits: tuple = (), stats: tuple = (), text: str = ""):
        # What the generated __init__ does (the fields in order, the defaults above), storing
        # through the slots rather than object.__setattr__ by name: lowering makes a selector
        # or two a card (tests/test_architecture.py holds the two to the same fields).
        _SEL[0](self, quant)
        _SEL[1](self, count)
        _SEL[2](self, pick)
        _SEL[3](self, slot)
        _SEL[4](self, kinds)
        _SEL[5](self, name)
        _SEL[6](self, token)
        _SEL[7](self, controller)
        _SEL[8](self, with_keywords)
        _SEL[9](self, without_keywords)
        _SEL[10](self, place)
        _SEL[11](self, other)
        _SEL[12](self, zone)
        _SEL[13](self, named)
        _SEL[14](self, subtypes)
        _SEL[15](self, holder)
        _SEL[16](self, traits)
        _SEL[17](self, stats)
        _SEL[18](self, text)
        _SEL[19](self, Memo())

    def describe(self) -> str:
        return self.text or "it"

    @property
    def most(self) -> int | None:
        """How many cards it picks at most: its count, 1 for 'one', None for 'any number of'."""
        return self.count if self.quant in ("count", "up_to") else 1

    @property
    def plural(self) -> bool:
        return self.quant in ("each", "count", "up_to") and not (self.quant == "count"
                                                                  and self.count == 1)


# The slots' own setters, in field order, which the constructors above store through (a frozen
# class refuses attribute assignment; its constructor is the one place that fills its fields).
_SEL = tuple(Selector.__dict__[f.name].__set__ for f in fields(Selector))
_PLACE = tuple(Place.__dict__[f.name].__set__ for f in fields(Place))


_NAME_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


@lru_cache(maxsize=4096)
def _name_words(name: str) -> frozenset:
    return frozenset(w.lower() for w in _NAME_WORD.findall(name))


def name_holds(name: str, words) -> bool:
    """Does a card's name hold one of `words` (lower case) as a whole word? A word of a name
    is a run of letters, an apostrophe inside it kept: 'Old Queen of Hearts' holds 'queen';
    'Queenly Guard' and "Queen's Guard" do not (a language's `name_subtypes` reads this)."""
    return not _name_words(name).isdisjoint(words)
