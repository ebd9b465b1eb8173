"""A place in canonical words: a place slot ('target site', 'this site', 'a nearby site
you choose') and a selector's place after its noun ('here', 'nearby', 'at target site',
'on a site you choose', an area or a region of the language).

`PlaceWords` is the part of `Words` (words.py) that writes places; the place reader
(language/places.py) reads the same words back.
"""

from __future__ import annotations

from dataclasses import replace

from ..language.selectors import Place
from .known_fields import PLACE_FIELDS, PLACE_VALUES, odd_values, set_fields
from .word_forms import Unrenderable, article, count_words, plural


class PlaceWords:
    """The words of places (a part of `Words`)."""

    # A place that is where an earlier card is: 'it' (the latest card named) or 'that site'
    # (the latest place, or card that is one); the renderer tries both (see render.py).
    ref_place_as_noun = False

    def place_noun(self, pl: Place, many: bool = False) -> list:
        noun = self.site_noun if (pl.site_only or pl.trait) else self.square_noun
        noun = noun or pl.noun or "place"
        words = [plural(noun) if many else noun]
        return ([pl.trait] if pl.trait else []) + \
            (["non-" + pl.without_trait] if pl.without_trait else []) + words

    def place(self, pl: Place, after_literal: bool = True) -> list:
        """A place slot: 'target square', 'this site' ('here' right after another slot)."""
        unknown = set_fields(pl, PLACE_FIELDS) + odd_values(pl, PLACE_VALUES)
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
