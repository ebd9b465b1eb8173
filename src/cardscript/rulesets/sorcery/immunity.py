"""Damage that ongoing effects change: damage a unit is immune to, and damage made lethal
(docs/rulesets/sorcery.md, "Ongoing effects: damage").

Immunity prevents the damage (the ruleset's `prevents`, asked by `Game.would` as a prevention
is: rule 4, off the storyline): 'CARDS take no damage from Demons and Spirits' (from a source
with one of those subtypes), immunity to all but Lethal damage (from any source whose damage
is not lethal). Lethal damage is the damage of a Lethal unit, and any damage dealt where an
ongoing effect says damage is lethal ('Nearby damage is Lethal': to a minion standing nearby
that card); `__init__.py` `lethal_damage` kills a minion dealt it.
"""

from __future__ import annotations

from ...language.selectors import Place, Selector
from .spared import spares

NEARBY = Place("adjacent", anchor=Place("here"), reach="nearby")


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static("lethal damage only", "immune",
                "{what:cards} is|are harmed by Lethal damage only",
                "immune to all|any? non-lethal damage",
                "{what:cards} is|are immune to all|any? non-lethal damage")
    lang.static("no damage from", "immune",
                "{what:cards} take|takes no damage from {from:subtypes}",
                "{what:cards} take|takes no damage from {from:cards}")
    lang.static("nearby damage is lethal", "lethal damage", "nearby damage is Lethal")


def _covers(game, src, args, card) -> bool:
    """Does the effect of `src` speak of `card`? Without a subject ('Immune to ...'), it
    speaks of its own card."""
    what = args.get("what")
    return card is src if what is None else game.matches(what, card, None, source=src)


def made_lethal(game, card):
    """The card whose ongoing effect makes damage dealt to `card` lethal where it stands, or
    None."""
    for src, _, _ in game.statics("lethal damage"):
        if card.at is not None and src.at is not None and \
                card.at in game.places(NEARBY, None, source=src, ask=False):
            return src
    return None


def is_lethal(game, source, card) -> bool:
    """Is damage from `source` to `card` lethal: a Lethal card's (a unit's, or a spell's own
    damage), or made so where it is?"""
    if source is not None and game.has_keyword(source, "lethal"):
        return True
    return made_lethal(game, card) is not None


def prevents(game, kind: str, card, data: dict):
    """The card whose immunity prevents this damage to `card`, or None (the ruleset's
    `prevents`)."""
    if kind != "damage":
        return None
    spared = spares(game, card, data.get("source"))     # 'the caster takes no damage'
    if spared is not None:
        return spared
    found = game.statics("immune")
    if not found:
        return None
    source = data.get("source")
    for src, spec, args in found:
        if not _covers(game, src, args, card):
            continue
        if spec.name == "lethal damage only":
            if not is_lethal(game, source, card):
                return src
        elif source is not None and _from(game, args["from"], source, src):
            return src
    return None


def _from(game, frm, source, src) -> bool:
    """Does the damage's source fit 'from ...': one of the subtypes, or the selector?"""
    if isinstance(frm, Selector):
        return game.matches(frm, source, None, source=src)
    return any(game.has_subtype(source, sub) for sub in frm)
