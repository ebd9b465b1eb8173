"""Summoning two different minions at once: 'summon an Undead and a Spirit from your cemetery
here' (docs/rulesets/sorcery.md, "Summoning two minions at once").

Each noun names one card of its own: the first is picked, then the second among the other
cards (a card that is both an Undead and a Spirit answers one noun, not both). A pile written
once at the end ('from your cemetery') is where both come from. The two enter the realm
together, at the same moment, so their Genesis abilities and the triggers of their entering
wait until both stand there. They go to its own site ('here'), a site it names, or one site the
controller picks nearby it or adjacent to it ('nearby', 'adjacent'). A noun that finds no card summons nothing for that noun; the
other is still summoned.
"""

from __future__ import annotations

from dataclasses import replace

from ...language.selectors import Place
from ...library.moves import enter_together, in_play

# 'nearby' / 'adjacent' at the end: one site there, measured from the card (where it last
# stood, if it has just died), that the controller picks.
NEAR = {reach: Place("choose", anchor=Place("here"), reach=reach, site_only=True, noun="site")
        for reach in ("nearby", "adjacent")}


def register(lang) -> None:
    """The verbs of this module."""

    @lang.verb("summon two minions", "summon {what:cards} and {more:cards} here",
               "summon {what:cards} and {more:cards} to {where:place}",
               splits=("enter_play",))
    def summon_two(game, ev, node):
        _summon_two(game, ev, node, node.arg("where") or Place("here"))

    # Nearby, adjacent: one entry each, so that `explain --text` writes its own word back
    for reach, where in NEAR.items():
        lang.verb(f"summon two minions {reach}", f"summon {{what:cards}} and {{more:cards}} "
                  f"{reach}", splits=("enter_play",))(_summoner(where))


def _summoner(where):
    def summon_two_near(game, ev, node):
        _summon_two(game, ev, node, where)
    return summon_two_near


def _summon_two(game, ev, node, where) -> None:
    """Summon one card for each of the two nouns, together, to one of the places `where`."""
    first, second = node.arg("what"), node.arg("more")
    if first.zone is None and second.zone is not None:
        first = replace(first, zone=second.zone, text=first.text)
    # 'here' of a card that has just died is where it last stood (the selectors' Place).
    locs = game.places(where, ev)
    if not locs:
        ev.did.append(f"{node.text}: no place to summon to")
        return
    picked: list = []
    for sel in (first, second):
        cands = [c for c in game.candidates(sel, ev)
                 if not in_play(game, c) and c not in picked]
        if not cands:
            ev.did.append(f"summon {sel.text}: nothing to summon")
            continue
        card = game.ask_target(ev.controller, sel.text, cands)
        picked.append(card)
        if sel.slot:
            ev.slots[sel.slot] = [card]
    if picked:
        enter_together(game, picked, locs[0], ev.controller)
        ev.did.append(f"summon {', '.join(c.name for c in picked)} to {locs[0]}")
