"""Summoning a minion from several piles: 'summon a Wisp nearby from your spellbook, hand, or
cemetery' (docs/rulesets/sorcery.md, "Summoning from several piles").

An effect that summons a card from a pile takes a real card from there, never a new one: the
cards of the piles named that fit the words are offered (a spellbook is searched, so its
order is not seen), the controller picks one, and it enters the realm without its cost being
paid. 'nearby' is a site the controller picks among those near the card that summons (its
own location and the eight around it), 'adjacent' one among its own and the four that share
an edge with it; 'here' is its own site. The piles may be any player's ('from an opponent's
cemetery'): the card comes from there and its summoner controls it. Nothing fits: nothing is
summoned, and the trace says so. A spellbook searched is shuffled afterwards.
"""

from __future__ import annotations

from dataclasses import replace

from ...language.selectors import Place
from ...library.moves import enter_together, in_play

NEARBY_SITE = Place("choose", anchor=Place("here"), reach="nearby", site_only=True, noun="site")
ADJACENT_SITE = Place("choose", anchor=Place("here"), reach="adjacent", site_only=True,
                      noun="site")


def register(lang) -> None:
    """The verbs of this module."""

    @lang.verb("summon from piles", "summon {what:cards} nearby from {piles:piles}",
               "summon {what:cards} here from {piles:piles}",
               "summon {what:cards} to {where:place} from {piles:piles}",
               splits=("enter_play",))
    def summon_from_piles(game, ev, node):
        where = node.arg("where")
        if where is None:
            where = NEARBY_SITE if "nearby" in node.text.lower().split() else Place("here")
        _summon(game, ev, node, where)

    # Adjacent: an entry of its own, so that `explain --text` writes its own word back
    @lang.verb("summon from piles adjacent", "summon {what:cards} adjacent from {piles:piles}",
               splits=("enter_play",))
    def summon_adjacent_from_piles(game, ev, node):
        _summon(game, ev, node, ADJACENT_SITE)


def _summon(game, ev, node, where) -> None:
    """Summon one card the words name from the piles named to one of the places `where`."""
    sel, (whose, zones) = node.arg("what"), node.arg("piles")
    cands: list = []
    for zone in zones:
        one = replace(sel, zone=(whose, zone), pick="any" if sel.pick == "name" else sel.pick,
                      text=sel.text)
        cands += [c for c in game.candidates(one, ev) if not in_play(game, c)
                  and c not in cands and c.kind == "minion"]
    if not cands:
        ev.did.append(f"summon {sel.text}: nothing to summon from {_piles(zones)}")
        return
    locs = game.places(where, ev)
    if not locs:
        ev.did.append(f"summon {sel.text}: no site to summon to")
        return
    card = game.ask_target(ev.controller, sel.text, cands)
    was, owner = card.zone, card.owner
    if sel.slot:
        ev.slots[sel.slot] = [card]
    enter_together(game, [card], locs[0], ev.controller)
    if was == "spellbook":
        game.rng.shuffle(game.state.players[owner].zones["spellbook"])
        game.state.touch()
    ev.did.append(f"summon {card.name} from {was} to {locs[0]}")


def _piles(zones) -> str:
    return ", ".join(zones[:-1]) + (" or " if len(zones) > 1 else "") + zones[-1]
