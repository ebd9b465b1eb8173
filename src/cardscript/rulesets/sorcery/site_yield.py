"""What a site gives each turn, as ongoing effects change it: twice as much mana and
threshold (a card whose affected sites yield double their mana and threshold), or no threshold
at all ('This Oasis does not give any threshold if it has an artifact on it').

resources.py counts mana and threshold site by site through `mana_of` and `threshold_factor`
here. docs/rulesets/sorcery.md, "Mana" and "Threshold" (rulebook "Mana" and "Threshold").
"""

from __future__ import annotations

from .realm import UNDERGROUND, UNDERWATER, region_of

_DOUBLED = {"twice mana": ("mana",), "twice threshold": ("threshold",),
            "twice mana and threshold": ("mana", "threshold")}


def register(lang) -> None:
    """Add the ongoing effects on what sites give."""
    # 'each affected site gives ...' or 'affected sites give ...'; 'elemental' may be left out.
    sites = "each? affected site|sites give|gives twice as much "
    lang.static("twice mana and threshold", "site yield",
                sites + "mana and elemental? threshold")
    lang.static("twice mana", "site yield", sites + "mana")
    lang.static("twice threshold", "site yield", sites + "elemental? threshold")
    lang.static("gives no threshold", "no threshold",
                "{what:cards} does not give any threshold",
                "{what:cards} doesn't give any threshold",
                "{what:cards} gives no threshold",
                "{what:cards} does not give any threshold if it has {on:cards} on it",
                "{what:cards} doesn't give any threshold if it has {on:cards} on it",
                "{what:cards} gives no threshold if it has {on:cards} on it")
    # ('does not|doesn't' would be two words, 'does' then 'not' or "doesn't": a shape's
    # alternatives stand for one word each, so the contraction is a shape of its own.)


def _factor(game, site, what: str) -> int:
    """2 for each ongoing effect doubling what the site gives (mana or threshold), else 1."""
    n = 1
    for src, spec, _ in game.statics("site yield"):
        if what in _DOUBLED[spec.name] and site.at in game.geometry.affected(game, src):
            n *= 2
    return n


def mana_of(game, site) -> int:
    """The mana the site gives: one, doubled by each effect doubling it."""
    return _factor(game, site, "mana")


def threshold_factor(game, site) -> int:
    """How many times over the site gives its threshold: 0 under an effect that takes it
    away (it wins over a doubling), else 1 doubled by each effect doubling it."""
    if any(game.matches(args["what"], site, None, source=src) and
           ("on" not in args or _has_on_it(game, site, args["on"], src))
           for src, _, args in game.statics("no threshold")):
        return 0
    return _factor(game, site, "threshold")


def _has_on_it(game, site, sel, src) -> bool:
    """'if it has a minion on it': a card the words name stands on the site's surface (one
    underground or underwater beneath it is under the site, not on it)."""
    return any(c.at == site.at and c is not site and
               region_of(c) not in (UNDERGROUND, UNDERWATER) and
               game.matches(sel, c, None, source=src)
               for c in game.state.in_zones(game.policy.play_zones))
