"""Effects that take a unit elsewhere at once: carry, sneak and blow ("Carry a weaker minion
from any site to this site", "Sneak an ally to a site with a single enemy minion", "blow an
ally to a nearby site").

The rules, in our words (docs/rulesets/sorcery.md, "Movement along a line"): each moves the
unit by an effect, not of its own accord: it takes no path step by step but is lifted and
set down at the place in one move (a `move` event on the storyline, as a teleport is), on
the surface there. It does not tap, and nothing intercepts it. To *sneak* a unit to "a site
with a single X" is to pick, among the locations where exactly one card the phrase names
stands, the one it goes to; that card is then "it" in the next sentence ("That ally
strikes it."). A unit that cannot be moved (Immobile to its own moves only; a card an
ongoing effect keeps in place, keywords.py `movable`) stays.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.moves import in_play
from .keywords import movable
from .movement import make_step


def set_down(game, ev, cards, to, what):
    """The cards moved at once to `to`, as one step event on the storyline."""
    moves = [(c, c.at, to) for c in cards if c.at != to]
    if not moves:
        ev.did.append(f"{what}: " + (", ".join(c.name for c in cards) + " already there"
                                     if cards else "nothing to move"))
        return
    ev.subject = ev.subject or moves[0][0].name
    ev.did.append(f"{what}: " + "; ".join(f"{c.name} {a} → {b}" for c, a, b in moves))
    yield Split("move", inserts=[make_step(game, ev, moves, None)])


def _units(game, ev, node, why):
    return movable(game, [c for c in game.select(node.arg("what"), ev)
                          if in_play(game, c) and c.at is not None], ev, why)


def register(lang) -> None:
    """The verbs of this module."""

    @lang.verb("carry", "carry|carries {what:cards} from any site to {where:place}",
               "carry|carries {what:cards} to {where:place}", splits=("move",))
    def carry(game, ev, node):
        """The unit is lifted from wherever it is and set down at the place."""
        cards = _units(game, ev, node, "carry")
        dests = game.places(node.arg("where"), ev) if cards else []
        if not dests:
            ev.did.append(f"{node.text}: " + ("nowhere to go" if cards else "no one to carry"))
            return
        yield from set_down(game, ev, cards, dests[0], "carried")

    @lang.verb("blow", "blow|blows {what:cards} to {where:place}", splits=("move",))
    def blow(game, ev, node):
        """A gust takes the unit to the place, in one move."""
        cards = _units(game, ev, node, "blow")
        dests = game.places(node.arg("where"), ev) if cards else []
        if not dests:
            ev.did.append(f"{node.text}: " + ("nowhere to go" if cards else "no one to blow"))
            return
        yield from set_down(game, ev, cards, dests[0], "blown")

    lang.verb("sneak to a single", "sneak|sneaks {what:cards} to a site with a single "
              "{foe:cards}", splits=("move",))(_sneak(single=True))
    lang.verb("sneak", "sneak|sneaks {what:cards} to a site with {foe:cards}",
              splits=("move",))(_sneak(single=False))


def _sneak(single: bool):
    def sneak(game, ev, node):
        """The unit goes, unseen, to a site where the card named stands (exactly one of
        them, for 'a single'); the controller picks the site, and that card is named."""
        foe_sel = node.arg("foe")
        cards = _units(game, ev, node, "sneak")[:1]
        foes = [c for c in game.candidates(foe_sel, ev) if in_play(game, c) and
                c.at is not None and game.geometry.has_site(game, c.at)]
        at = {}
        for c in foes:
            at.setdefault(c.at, []).append(c)
        sites = sorted(loc for loc, here in at.items() if not single or len(here) == 1)
        if not cards or not sites:
            ev.did.append(f"{node.text}: " + ("no such site" if cards else "no one to sneak"))
            ev.slots[foe_sel.slot] = []
            return
        to = game.ask_target(ev.controller, f"a site to sneak {cards[0].name} to", sites)
        ev.slots[foe_sel.slot] = at[to]
        yield from set_down(game, ev, cards, to, "sneaks")
    return sneak
