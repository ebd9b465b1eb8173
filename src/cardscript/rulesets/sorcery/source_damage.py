"""Damage a sentence deals with no amount printed ("Deals damage to each enemy minion
nearby"), or to a unit only if it is of a kind ("deals 2 damage to it if it is an enemy").

The rules, in our words (docs/rulesets/sorcery.md, "Movement along a line"): a sentence with
no subject is said of the card whose ability it is (compiler/forms.py), so the damage is that
card's own (the spell's, the minion's). Damage with no amount printed is as much as the power
of the unit that casts the spell (the caster: its Spellcaster or avatar), or, in a unit's own
ability, that unit's power; with neither, none is dealt. A trailing "if it is X" keeps the
damage to the cards that are X as it resolves.
"""

from __future__ import annotations

from ...library.common import deal_to
from ...library.moves import in_play
from .stats import stat
from .units import UNITS


def amount_unprinted(game, ev):
    """The damage of a sentence with no amount: the caster's power, else the source's if it
    is a unit in the realm; None when there is neither."""
    caster = [c for c in ev.named.get("caster", []) if in_play(game, c)]
    if caster:
        return stat(game, caster[0], "power")
    src = ev.source
    if src is not None and src.kind in UNITS and in_play(game, src):
        return stat(game, src, "power")
    return None


def register(lang) -> None:
    """The verbs of this module."""

    @lang.verb("deal damage if an enemy", "deal|deals {n:number} damage to {what:cards} if "
               "it's an enemy", "deal|deals {n:number} damage to {what:cards} if it is an "
               "enemy")
    def deal_if_enemy(game, ev, node):
        """Damage to each card named that an opponent of the controller controls now."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        kept = [c for c in cards if c.controller != ev.controller]
        if cards and not kept:
            ev.did.append(f"{node.text}: " + ", ".join(c.name for c in cards) +
                          " is no enemy")
            return
        deal_to(game, ev, node, node.arg("n"), kept)

    @lang.verb("deal damage if it is", "deal|deals {n:number} damage to {what:cards} if "
               "it's {cond:cards}", "deal|deals {n:number} damage to {what:cards} if it is "
               "{cond:cards}")
    def deal_if(game, ev, node):
        """Damage to each card named that is of the kind the condition names now."""
        cond = node.arg("cond")
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        kept = [c for c in cards if game.matches(cond, c, ev)]
        if cards and not kept:
            ev.did.append(f"{node.text}: " + ", ".join(c.name for c in cards) +
                          f" is not {cond.text}")
            return
        deal_to(game, ev, node, node.arg("n"), kept)

    @lang.verb("deal damage of no amount", "deal|deals damage to {what:cards}")
    def deals_unprinted(game, ev, node):
        """Damage with no amount: the caster's power (a unit's own ability: its power)."""
        n = amount_unprinted(game, ev)
        if n is None:
            ev.did.append(f"{node.text}: no caster, so no damage")
            return
        deal_to(game, ev, node, n,
              [c for c in game.select(node.arg("what"), ev) if in_play(game, c)])
