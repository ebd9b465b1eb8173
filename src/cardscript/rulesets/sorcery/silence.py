"""Silencing a card: 'Silence target minion.', '... this turn' (or 'until your next turn',
'until the end of your next turn'). docs/rulesets/sorcery.md, "Codex terms" (codex
"Silenced").

A silenced card loses all its special abilities: its keywords, printed or given by an effect,
and every ability line (ongoing, triggered, activated, its Genesis and Deathrite). It keeps
what it is (kind, subtypes, power, cost) and its basic abilities (a unit still moves and
attacks). It is the card with a face laid over it (`GameState.set_face`) that has no keyword
and no ability, as losing one keyword is (lost_keywords.py). For a while, a lasting record
gives the face back, and the keywords it was given, when its duration ends; with no duration
it holds for the rest of the card's stay in the realm (it comes back a new card). Being
disabled is no ability: silencing does not end it. An ongoing effect of another card that
grants a keyword keeps granting it, as with a keyword lost.
"""

from __future__ import annotations

from dataclasses import replace

from ...interpreter.rules import Face
from ...library.moves import in_play
from . import durations
from .durations import DURATIONS, Lasting, lasting
from .ward_marks import remove_mark

SILENCED = "silenced"          # Lasting.change, and the face's key
KEY = (SILENCED,)


def _give_back(game, r) -> str:
    """The silence ends: the face is taken back, and the keywords the card had been given."""
    game.state.drop_face(r.card, KEY)
    r.card.granted.update(r.name.split())
    return f"{r.card.name} is no longer silenced"


durations.ENDINGS[SILENCED] = _give_back


def silence(game, ev, card, until: str | None) -> None:
    """Take every special ability from `card`, for good or `until` a duration ends."""
    if any(f.key == KEY for f in card.faces):
        ev.did.append(f"{card.name} is silenced already")
        return
    tpl = card.tpl
    bare = replace(tpl, keywords={}, abilities=(), hooks_by_happening={})
    game.state.set_face(card, Face(bare, "silenced", KEY, keeps_kind=False))
    remove_mark(card)                       # a silenced card loses its ward (ward_marks.py)
    given = " ".join(sorted(card.granted))
    card.granted.clear()
    if until is not None:
        lasting(game).append(Lasting(card, card.incarnation, SILENCED, given, 0, until,
                                     ev.controller))
    ev.did.append(f"silence {card.name}" + (f" {until}" if until else ""))
    ev.subject = ev.subject or card.name


def _silencer(until):
    def run(game, ev, node):
        """Each card named that is in the realm is silenced."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to silence")
        for c in cards:
            silence(game, ev, c, until)
    return run


def register(lang) -> None:
    """One entry a duration (and one for good), so that `explain --text` renders each back."""
    lang.verb("silence", "silence|silences {what:cards}")(_silencer(None))
    for until in DURATIONS:
        lang.verb(f"silence {until}", f"silence|silences {{what:cards}} {until}")(
            _silencer(until))
