"""Spellcasters of one element ('Fire Spellcaster'), and sites that cast.

An element before Spellcaster limits it: such a caster may cast only magic spells of that
element, a spell being of an element when its threshold names that element (a spell with no
threshold is of none). A site may be a Spellcaster too: its controller then casts magic from
that site, which measures the spell's `here` and `nearby` from there. docs/rulesets/sorcery.md
"Card kinds: who casts a magic spell" (codex "Spellcaster").
"""

from __future__ import annotations

from .cast_permits import permits
from .resources import ELEMENTS, threshold_words

KEYWORDS = {f"{e} spellcaster": f"{e} spellcaster" for e in ELEMENTS}
RULES = {kw: f"may cast magic spells of {kw.split()[0]} (their threshold names {kw.split()[0]}), "
             "which then come from its location; a site may be one "
             "(rulesets/sorcery/element_casters.py `casts`, kinds.py `caster_of`)"
         for kw in KEYWORDS}
CASTERS = frozenset({"minion", "avatar", "site"})


def register(lang) -> None:
    """Add the element Spellcaster keywords to Sorcery's language, with their rules."""
    lang.keywords |= KEYWORDS
    lang.keyword_rules |= RULES


def casts(game, unit, card) -> bool:
    """May `unit` cast the magic spell `card`? An avatar, a Spellcaster, or a Spellcaster of
    an element the spell's threshold names."""
    if unit.kind == "avatar" or game.has_keyword(unit, "spellcaster") or \
            permits(game, unit, card):                 # 'An allied Dragon may cast this'
        return True
    elements = set(threshold_words(card.tpl))
    return any(game.has_keyword(unit, f"{e} spellcaster") for e in elements)


def may_cast_some(game, unit) -> bool:
    """Is the unit any kind of spellcaster (for the hint listing who can cast)?"""
    return unit.kind == "avatar" or game.has_keyword(unit, "spellcaster") or \
        any(game.has_keyword(unit, kw) for kw in KEYWORDS)


def casting_sites(game, player) -> list:
    """The sites of `player` in the realm that are Spellcasters of some kind."""
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind == "site" and c.controller == player and may_cast_some(game, c)]
