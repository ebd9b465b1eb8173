"""A unit loses a keyword it has: 'that minion loses Haste', '... loses Airborne this turn'
(or 'until your next turn', 'until the end of your next turn'), the counterpart of 'gains'.
docs/rulesets/sorcery.md, "Losing a keyword".

A printed keyword is taken away by a face laid over the card (`GameState.set_face`): the same
card with that keyword struck from its template. A keyword an effect gave it (`card.granted`)
is struck from what it was given. For a while, a lasting record of change `lost keyword`
(durations.py) gives both back when its duration ends; with no duration the loss holds for
the rest of the card's stay in the realm (it comes back a new card). An ongoing effect that
grants the keyword keeps granting it: the loss takes away only what the card had of its own
or was given by an effect.

A keyword that is a body takes the body with it: `LOSS_EFFECTS` names what losing it does
besides (a keyword -> `effect(game, ev, card, until)`); Oversized's is oversized_loss.py's.
"""

from __future__ import annotations

from dataclasses import replace

from ...interpreter.rules import Face
from ...library.moves import in_play
from . import durations
from .durations import DURATIONS, Lasting, lasting

LOST = "lost keyword"          # Lasting.change; its amount is 1 when the keyword was given
LOSS_EFFECTS: dict = {}        # keyword -> what losing it does besides (see the docstring)


def _key(kw: str) -> tuple:
    return (LOST, kw)


def _give_back(game, r) -> str:
    """The loss ends: the face without the keyword is taken back, a given one given again."""
    game.state.drop_face(r.card, _key(r.name))
    if r.amount:
        r.card.granted.add(r.name)
    return f"{r.card.name} {r.name} again"


durations.ENDINGS[LOST] = _give_back


def lose_keyword(game, ev, card, kw: str, until: str | None) -> None:
    """Take `kw` from `card` (printed and given), for good or `until` a duration ends."""
    printed = kw in card.tpl.keywords
    given = kw in card.granted
    if not printed and not given:
        ev.did.append(f"{card.name} has no {kw} of its own to lose")
        return
    if printed:
        tpl = replace(card.tpl, keywords={k: v for k, v in card.tpl.keywords.items()
                                          if k != kw})
        game.state.set_face(card, Face(tpl, f"loses {kw}", _key(kw), keeps_kind=False))
    card.granted.discard(kw)
    if until is not None:
        lasting(game).append(Lasting(card, card.incarnation, LOST, kw, int(given), until,
                                     ev.controller))
    ev.did.append(f"{card.name} loses {kw}" + (f" {until}" if until else ""))
    ev.subject = ev.subject or card.name
    if (more := LOSS_EFFECTS.get(kw)) is not None:
        more(game, ev, card, until)


def _loser(until):
    def run(game, ev, node):
        """Each card named that is in the realm loses the keyword."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to change")
        for c in cards:
            lose_keyword(game, ev, c, node.arg("kw"), until)
    return run


def register(lang) -> None:
    """One entry a duration (and one for good), so that `explain --text` renders each back."""
    lang.verb("lose a keyword", "{what:cards} lose|loses {kw:keyword}")(_loser(None))
    for until in DURATIONS:
        lang.verb(f"lose a keyword {until}",
                  f"{{what:cards}} lose|loses {{kw:keyword}} {until}")(_loser(until))
