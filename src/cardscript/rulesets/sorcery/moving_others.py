"""Effects that take a unit elsewhere at once: carry, sneak, blow, levitate and rearrange
("Carry a weaker unit to this site", "Sneak an allied minion to a site with a single enemy
unit", "blow an ally to a nearby site", "Levitate a nearby relic one step", "Rearrange up
to two allied minions on or under one body of water").

The rules, in our words (docs/rulesets/sorcery.md, "Movement along a line"): each moves the
unit by an effect, not of its own accord: it takes no path step by step but is lifted and
set down at the place in one move (a `move` event on the storyline, as a teleport is), on
the surface there. It does not tap, and nothing intercepts it. To *sneak* a unit to "a site
with a single X" is to pick, among the locations where exactly one card the phrase names
stands, the one it goes to; that card is then "it" in the next sentence ("That ally
strikes it."). To *levitate* a card one step is to lift it to a location sharing an edge with
its own, where it may be (forced.py `may_go`), the controller picking which. To *rearrange*
units on or under one body of water is to pick one body (the water sites joined by their
edges), then any of those units standing on or under it, and set each down again at a
location of that body the controller picks, one move each in the order picked, in the depth it
was in where it may stand there, else on the surface. A unit that cannot be moved (Immobile to its own moves only; a card an
ongoing effect keeps in place, keywords.py `movable`) stays.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.moves import in_play
from .forced import may_go
from .keywords import movable
from .movement import make_step
from .realm import SURFACE, may_stand, region_of


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


def _lift(game, ev, node, verb: str, done: str):
    """The units the words name, lifted and set down at the place in one move (carry, blow)."""
    cards = _units(game, ev, node, verb)
    dests = game.places(node.arg("where"), ev) if cards else []
    if not dests:
        ev.did.append(f"{node.text}: " + ("nowhere to go" if cards else f"no one to {verb}"))
        return
    yield from set_down(game, ev, cards, dests[0], done)


def register(lang) -> None:
    """The verbs of this module."""

    @lang.verb("carry", "carry|carries {what:cards} from any site to {where:place}",
               "carry|carries {what:cards} to {where:place}", splits=("move",))
    def carry(game, ev, node):
        """The unit is lifted from wherever it is and set down at the place."""
        yield from _lift(game, ev, node, "carry", "carried")

    @lang.verb("blow", "blow|blows {what:cards} to {where:place}", splits=("move",))
    def blow(game, ev, node):
        """A gust takes the unit to the place, in one move."""
        yield from _lift(game, ev, node, "blow", "blown")

    @lang.verb("levitate", "levitate|levitates {what:cards} one step", splits=("move",))
    def levitate(game, ev, node):
        """Each card one step, to a location beside its own where it may be (the
        controller picks); one with none stays."""
        moves = []
        for c in _units(game, ev, node, "levitate"):
            legal = [n for n in game.geometry.neighbors(c.at) if may_go(game, c, n)]
            if not legal:
                ev.did.append(f"{c.name} cannot be levitated")
                continue
            to = game.ask_target(ev.controller, f"a square one step from {c.name}", legal)
            moves.append((c, c.at, to))
        if moves:
            ev.subject = ev.subject or moves[0][0].name
            ev.did.append("levitated: " + "; ".join(f"{c.name} {a} → {b}" for c, a, b in moves))
            yield Split("move", inserts=[make_step(game, ev, moves, None)])

    @lang.verb("rearrange", "rearrange {what:cards} on or under one body of water",
               splits=("move",))
    def rearrange(game, ev, node):
        """The units of one body of water, each set down again within it."""
        yield from _rearrange(game, ev, node)

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


def _rearrange(game, ev, node):
    geo = game.geometry
    waters = [loc for loc in geo.locations(game) if geo.has_trait(game, loc, "water")]
    if not waters:
        ev.did.append(f"{node.text}: no body of water")
        return
    body = geo.body_of_water(game, game.ask_target(ev.controller, "a body of water", waters))
    sel = node.arg("what")
    there = movable(game, [c for c in game.candidates(sel, ev) if in_play(game, c) and
                           c.at in body], ev, "rearrange")
    if sel.quant == "up_to":
        there = game.ask_cards(ev.controller, f"{sel.text} to rearrange", there, sel.count,
                               kind="target")
    moves = []
    for c in there:
        to = game.ask_target(ev.controller, f"where {c.name} goes in its body of water", body)
        deep = region_of(c)
        region = deep if deep != SURFACE and may_stand(game, c, to, deep) else SURFACE
        if to != c.at or region != deep:
            moves.append((c, c.at, to, region))
    if not moves:
        ev.did.append(f"{node.text}: nothing moves")
        return
    ev.subject = ev.subject or moves[0][0].name
    ev.did.append("rearranged: " + "; ".join(f"{c.name} {a} → {b}" for c, a, b, _ in moves))
    steps = [make_step(game, ev, [(c, a, b)], region) for c, a, b, region in moves]
    yield Split("move", inserts=steps)
