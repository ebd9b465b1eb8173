"""A unit gives its lance to another: 'Tap → Give its lance to target allied minion here.',
'Each allied Knight here gives its lance to this.' (docs/rulesets/sorcery.md, "Lance").

The publisher's article on lances says a minion may use its lance itself or give it to
another minion; the rest is our reading, said as such in the docs:

- the lance given is the first the giver carries (lance.py `lance_of`); a giver that carries
  none gives nothing, and the step says so;
- the lance is handed over, not thrown: the unit receiving it stands at the giver's location,
  at the same depth (as a unit picks up an artifact where it stands, pick_ups.py); a unit
  elsewhere gets nothing, and the step says why;
- from then on the receiving unit carries it (its bearer) and its player controls it; its
  next strike at a unit is the one the lance serves (lance.py).
"""

from __future__ import annotations

from ...library.moves import in_play
from .lance import lance_of
from .units import UNITS


def register(lang) -> None:
    """The verb: the giver named first, or (no subject) the card whose text it is."""

    @lang.verb("give a lance", "{what:cards} give|gives its|their lance to {to:cards}",
               "give|gives its lance to {to:cards}")
    def give_lance(game, ev, node):
        what = node.arg("what")
        givers = game.select(what, ev) if what is not None else \
            [ev.source] if ev.source is not None else []
        givers = [u for u in givers if in_play(game, u) and u.kind in UNITS]
        takers = [c for c in game.select(node.arg("to"), ev)
                  if in_play(game, c) and c.kind in UNITS]
        if not givers or not takers:
            ev.did.append(f"{node.text}: " + ("no unit to give a lance" if not givers
                                              else "no unit to take it"))
            return
        for giver in givers:
            taker = next((t for t in takers if t is not giver), None)
            if taker is None:
                ev.did.append(f"{giver.name} keeps its lance: no other unit to take it")
                continue
            ev.did.append(hand_over(game, giver, taker))
            ev.subject = ev.subject or taker.name


def hand_over(game, giver, taker) -> str:
    """`giver` hands its first lance to `taker`, who stands with it: what the trace says."""
    lance = lance_of(game, giver)
    if lance is None:
        return f"{giver.name} carries no lance to give"
    if taker.at != giver.at or taker.ext.get("region") != giver.ext.get("region"):
        return (f"{giver.name} keeps its {lance.name}: {taker.name} does not stand at its "
                "location")
    game.state.link(lance, "carried_by", taker)
    lance.controller = taker.controller
    return f"{giver.name} gives its {lance.name} to {taker.name}"
