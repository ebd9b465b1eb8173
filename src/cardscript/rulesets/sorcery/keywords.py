"""Sorcery's keywords beyond the realm's regions: their words, and the small rules they need.

docs/rulesets/sorcery.md, "Keywords", says each rule in words and names the codex entry it
comes from. The rules that act in combat and movement live where those are worked out
(combat.py, realm.py, movement.py) and ask the helpers here; this module holds the words, the
rule texts the language shows, and what a keyword changes on its own (a destroy that passes
an Indestructible card by).
"""

from __future__ import annotations

from dataclasses import replace

from ...library.moves import in_play, leave_play
from .realm_edges import edge_row_free
from .units import SPELLS, UNITS


# The keyword as printed -> the keyword it is. Alpha printed 'Haste' where later printings
# print 'Charge' (same rules); both read as charge.
# 'Armor +N' is a keyword of the game whose rules are not modelled: card text naming it is
# E212 (docs/rulesets/sorcery.md "Not modelled" says why).
WORDS = {"armor": "armor", "haste": "charge", "voidbound": "voidbound", "quick": "quick",
         "disabled": "disabled", "immovable": "immovable", "indestructible": "indestructible",
         "ward": "ward"}

RULES = {
    "range": "Range +N: a ranged attack that reaches units up to N steps away, which do not "
             "strike back; reaches Airborne units (rulesets/sorcery/keywords.py `reach`, "
             "combat.py `_near_enough`)",
    "voidbound": "steps only into the void, never onto a site (rulesets/sorcery/realm.py "
                 "`may_stand`)",
    "quick": "a Quick spell may be cast on another player's turn (rulesets/sorcery/avatar.py "
             "`cast_action`)",
    "disabled": "can't use Move and Attack nor its abilities, as a disabled unit "
                "(rulesets/sorcery/kinds.py `disabled`)",
    "immovable": "never moves from its location: not by its own steps, not by an effect "
                 "(rulesets/sorcery/keywords.py `immovable`, movement.py, combat.py)",
    "indestructible": "a destroy passes it by (rulesets/sorcery/keywords.py `destroy`)",
    "ward": "a mark that breaks instead of the first damage, destruction, or targeting by "
            "another player's spell or ability (rulesets/sorcery/ward.py)",
}


# Keywords whose rules are a unit's (how it moves, where it may stand, how it fights): on a
# magic, an aura, an artifact or a site they would do nothing, so check refuses them (E216).
# Quick is a spell's (when it may be cast): a site is never cast.
# Lethal is not among them: any card that deals damage may have it (a magic's damage kills).
UNIT_ONLY = ("airborne", "submerge", "burrowing", "voidwalk", "waterbound", "landbound",
             "voidbound", "immobile", "ranged", "range", "charge", "stealth", "movement",
             "oversized")


def register(lang) -> None:
    """Add the keywords of this module to Sorcery's language, and their rules."""
    lang.keywords |= WORDS
    lang.keyword_rules |= RULES
    lang.keyword_kinds |= {k: UNITS for k in UNIT_ONLY} | {"quick": SPELLS}
    # "Moves freely" is always printed with the places where it holds.
    lang.static("moves freely", "moves freely",
                "{what:cards} move|moves freely through sites without any enemies",
                "{what:cards} move|moves freely through sites without enemies")
    # Stealth is lost by striking or attacking; a printed line may keep it through a ranged
    # attack (strikes.py `reveal`, combat.py `_attack`).
    lang.static("stays stealthy when shooting", "keeps stealth",
                "{what:cards} doesn't exit Stealth when it carries out a ranged attack",
                "{what:cards} does not exit Stealth when it carries out a ranged attack")
    _replace_destroy(lang)


def reach(game, unit) -> int:
    """How many steps away the unit's attack reaches: none for most units; one for Ranged;
    N for Range +N (the larger, when it has both)."""
    n = 1 if game.has_keyword(unit, "ranged") else 0
    if game.has_keyword(unit, "range"):
        value = unit.tpl.keywords.get("range", 1)
        n = max(n, value if value is not True else 1)
    return n


def shoots(game, unit) -> bool:
    """Does the unit attack from afar (Ranged, or Range +N)? Such a unit reaches Airborne ones."""
    return reach(game, unit) > 0


def free_steps(game, unit):
    """The test of a step of the unit's own that costs it nothing, or None when none does.

    A unit that moves freely through sites without any enemies takes, for free, each step
    whose start and end are both sites where no enemy of its controller stands (in any
    region there); any other step costs one, as always.
    """
    rows = edge_row_free(game, unit)             # free along the top and bottom rows
    if not any(game.matches(args["what"], unit, None, source=src)
               for src, spec, args in game.statics("moves freely")):
        return rows
    play = game.policy.play_zones

    def clear(loc):
        return game.geometry.has_site(game, loc) and not any(
            c.kind in UNITS and c.controller != unit.controller and
            loc in game.geometry.squares(c)
            for c in game.state.in_zones(play))

    def free(a, b) -> bool:
        return (clear(a[0]) and clear(b[0])) or (rows is not None and rows(a, b))
    return free


def quick(game, card) -> bool:
    """Is the spell Quick (the keyword, or Quick in its header as Alpha's type line put it)?"""
    return game.has_keyword(card, "quick") or "quick" in card.tpl.subtypes


def keeps_stealth_shooting(game, unit) -> bool:
    """Does an ongoing line keep the unit's Stealth through its ranged attacks?"""
    return any(game.matches(args["what"], unit, None, source=src)
               for src, spec, args in game.statics("keeps stealth"))


def immovable(game, card) -> bool:
    """Is the card Immovable (it never leaves its location by moving)?"""
    return game.has_keyword(card, "immovable")


def movable(game, cards, ev, verb: str = "move") -> list:
    """The cards an effect may move: those that are not Immovable (each of those is noted)."""
    out = []
    for c in cards:
        if immovable(game, c):
            ev.did.append(f"{c.name} is immovable: it does not {verb}")
        else:
            out.append(c)
    return out


def _replace_destroy(lang) -> None:
    """The shared destroy verb, with Indestructible: its shapes and checks stay the same."""
    at = next((i for i, v in enumerate(lang.verbs) if v.name == "destroy"), None)
    if at is not None:
        lang.verbs[at] = replace(lang.verbs[at], run=destroy)


def destroy(game, ev, node):
    """Destroy cards in the realm: an Indestructible card is passed by; a unit destroyed dies
    (unless something replaces its death), any other card leaves for the cemetery."""
    cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
    if not cards:
        ev.did.append(f"{node.text}: nothing to destroy")
        return
    hit = [c for c in cards if not game.has_keyword(c, "indestructible")]
    for c in cards:
        if game.has_keyword(c, "indestructible"):
            ev.did.append(f"{c.name} is indestructible: it is not destroyed")
            continue
        if c.kind not in UNITS:
            spared = game.ruleset.prevents          # a warded site (ward.py)
            if spared is not None and spared(game, "destroy", c, {}) is not None:
                continue
            leave_play(game, c, game.ruleset.graveyard, why="destroy")
        elif not game.would("die", c, ev.controller):
            continue
        else:
            leave_play(game, c, game.ruleset.graveyard, why="die")
        ev.did.append(f"destroy {c.name}")
    if hit:
        ev.subject = ev.subject or hit[0].name
        ev.subjects = [c.name for c in hit]
