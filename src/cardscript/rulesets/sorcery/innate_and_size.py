"""A unit's innate power set for a while, and an oversized unit made one location for a while.

"Set a minion's innate power to N" replaces the power printed on it (its innate power, what
every change starts from: stats.py) by N; what adds to or takes from its power still does, on
top of N. "Reduce its size so it occupies only one location" makes an oversized unit stand on
one location, its anchor (the top-left one), until the duration ends; then it takes its shape
again from where it stands, if its shape fits there over sites (else from the first place of
its shape covering that location, in square order), and stays on one location if none fits.
Both are lasting changes (durations.py), ended by the turn as the others are and gone when
the card leaves the realm. docs/rulesets/sorcery.md, "Innate power and size for a while".
"""

from __future__ import annotations

from ...library.moves import in_play
from . import durations
from .durations import DURATIONS, Lasting
from .geometry import UNIT_KINDS, Grid

INNATE = "innate"          # Lasting.change: the printed value of a stat, replaced
SIZE = "size"              # Lasting.change: the shape an oversized unit stood in


def innate_set(game, card, name: str):
    """The value a lasting change set the card's printed `name` to now (the latest), or None."""
    records = game.slot("lasting", list)
    found = None
    for r in records:
        if r.change == INNATE and r.card is card and r.name == name and \
                r.incarnation == card.incarnation:
            found = r.amount
    return found


def _regain_shape(game, r) -> str:
    """The shape comes back as a size change ends (see the module docstring)."""
    return take_shape(game, r.card, r.name)


def take_shape(game, card, spans: str) -> str:
    """The unit takes the shape `spans` from where it stands: with its anchor where it is if
    the shape fits there over sites, else from the first place of the shape, in square order,
    that covers every location it stands on now over sites; it stays as it is if none does
    (what the trace says). A size change's end (above) and a unit gaining Oversized
    (oversized_gain.py) grow by this one rule."""
    geo = game.geometry
    now = geo.squares(card)
    fits = [a for a in [card.at] + sorted(geo.locations(game))
            if (squares := Grid.span_squares(a, spans)) and
            all(s in squares for s in now) and all(geo.has_site(game, s) for s in squares)]
    if not fits:
        return f"{card.name} stays on one location" if len(now) == 1 else \
            f"{card.name} stays on {', '.join(map(str, now))}"
    card.at = fits[0]
    card.ext["spans"] = spans
    return f"{card.name} stands on {', '.join(map(str, Grid.span_squares(fits[0], spans)))}"


durations.ENDINGS[SIZE] = _regain_shape
durations.ENDINGS[INNATE] = lambda game, r: f"{r.card.name} innate {r.name} {r.amount}"


def shrink(game, card, until, controller) -> str:
    """Make a unit of several locations stand on its anchor alone, for good (`until` None) or
    until the duration ends (then it regains its shape: `_regain_shape`); what the trace says."""
    if until is not None:
        durations.lasting(game).append(Lasting(card, card.incarnation, SIZE,
                                               card.ext["spans"], 0, until, controller))
    card.ext["spans"] = None
    return f"{card.name} occupies only {card.at}" + (f" {until}" if until else "")


def _cards(game, ev, node):
    return [c for c in game.select(node.arg("what"), ev) if in_play(game, c) and
            c.kind in UNIT_KINDS]


def register(lang) -> None:
    """The verbs of this module, one for each duration."""
    for until in DURATIONS:
        @lang.verb(f"set innate power {until}",
                   f"set {{what:whose}} innate power to {{n:number}} {until}",
                   f"set the innate power of {{what:cards}} to {{n:number}} {until}")
        def set_innate(game, ev, node, until=until):
            n = node.arg("n")
            cards = _cards(game, ev, node)
            if not cards:
                ev.did.append(f"{node.text}: nothing to change")
            for c in cards:
                durations.lasting(game).append(Lasting(c, c.incarnation, INNATE, "power", n,
                                                       until, ev.controller))
                ev.did.append(f"{c.name}'s innate power is {n} {until}")
                ev.subject = ev.subject or c.name
                game.happen("stats", c, ev.controller, name="power", delta=0)

        @lang.verb(f"occupy one location {until}",
                   f"reduce {{what:whose}} size so it|they occupies|occupy only one location "
                   f"{until}")
        def one_location(game, ev, node, until=until):
            cards = [c for c in _cards(game, ev, node) if c.ext.get("spans") is not None]
            if not cards:
                ev.did.append(f"{node.text}: no unit of several locations")
            for c in cards:
                ev.did.append(shrink(game, c, until, ev.controller))
                ev.subject = ev.subject or c.name
