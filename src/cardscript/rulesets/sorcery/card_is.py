"""'If it is a minion, ...': a condition on the kind of a card named before (docs/rulesets/
sorcery.md, "Casting a card by an effect").

The card is the one the words name now (`it`: what an earlier step named, wherever it is
now, a pile included); the condition holds when there is such a card and each is of the
kind named. One condition a kind word, so that the kind is a word of the condition and not
a second selector (which a later `it` would name).
"""

from __future__ import annotations

from .units import UNITS

SPELLS = frozenset({"magic", "minion", "aura", "artifact"})
# Each kind as one card and as several, with the card kinds it names.
KINDS = {("a minion", "minions"): {"minion"}, ("a magic", "magic spells"): {"magic"},
         ("an aura", "auras"): {"aura"}, ("an artifact", "artifacts"): {"artifact"},
         ("a relic", "relics"): {"artifact"}, ("a site", "sites"): {"site"},
         ("a spell", "spells"): SPELLS, ("a unit", "units"): UNITS}


def register(lang) -> None:
    """The conditions of this module: `it is a minion`, `they are spells`, ..."""
    for (one, several), kinds in KINDS.items():
        lang.condition(f"is {one}", f"{{what:cards}} is {one}",
                       f"{{what:cards}} are {several}")(_test(frozenset(kinds)))


def _test(kinds: frozenset):
    def is_of_the_kind(game, ev, args):
        """Each card named is of the kind (there is one at least)."""
        cards = game.select(args["what"], ev)
        return bool(cards) and all(c.kind in kinds for c in cards)
    return is_of_the_kind
