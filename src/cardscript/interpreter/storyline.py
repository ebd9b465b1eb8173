"""Storyline events, happenings and the signals a resolving event sends the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Happening:
    """Something that happened in the game (a card entered, moved, was dealt damage)."""

    kind: str
    card: Any = None
    player: str | None = None
    data: dict = field(default_factory=dict)
    in_play: bool = False          # the card was in play when it happened
    # The card as it last was in play (state.LastKnown), for a happening of a card leaving
    # play: hook filters read it instead of the card, which has already left.
    last_known: Any = None


class Split:
    """Sent by a resolving event: stop here, mark the part done, insert `inserts` then the rest."""

    __slots__ = ("reason", "inserts")

    def __init__(self, reason: str, inserts=()):
        self.reason = reason
        self.inserts = list(inserts)


class StoryEvent:
    """One pending event on the storyline (or one part of a split event)."""

    # Immutable defaults live on the class: a new event sets only what differs (an event is
    # made for every trigger, so its construction is on the engine's hot path).
    parent = None
    root_id = None
    started = False
    source_in_play = False
    inc = 0
    subject = None
    frm = None
    to = None
    gen = None
    part = 1
    no_split = 0
    split_due = False
    after = None
    follows = False                # a rule of the game made it: after the triggers of its moment
    leads = False                  # a rule of the game made it: ahead of the triggers of its moment
    answers = None                 # player -> their latest 'may' answer ('if you do'; `answer`)
    last_acted = None              # did the last step act? ('If it can't, ...')
    quiet_acts = 0                 # changes made without a happening (a tap): verbs count them
    paid = None
    subjects = ()                  # names of what it acted on, when a verb says (assigned whole)
    split_reasons = ()             # why it would have split while splits were held (assigned whole)
    rules = ()                     # the policy rules that placed it (interpreter/why.py; assigned whole)
    cause = None                   # the id of the event resolving when it was made (None: an action)
    trigger = None                 # the happening a triggered event answers ('that much')

    def __init__(self, eid: int, kind: str, source, controller: str, program, text: str,
                 ability=None, slots=None, *, parent=None):
        self.id = eid
        self.kind = kind
        self.source = source
        self.ability = ability
        self.controller = controller
        self.program = program
        self.text = text
        if parent is not None:
            self.parent = parent
            self.root_id = parent.root_id or parent.id
        self.slots: dict = {} if slots is None else slots   # what its selectors picked
        self.did: list = []

    # The happenings it caused, in order: () until the first (Game.happen makes the list).
    log = ()
    _named = None

    @property
    def named(self) -> dict:
        """Named referents ('the shooter'), made on first use: few events have any."""
        if self._named is None:
            self._named = {}
        return self._named

    @named.setter
    def named(self, value: dict) -> None:
        self._named = value

    def answer(self, player: str, yes: bool) -> None:
        """Keep a player's latest answer to a 'may' of this event (True: they do the step),
        which a later 'if you do' / 'if they do' reads (interpreter/players.py `answer_of`)."""
        if self.answers is None:
            self.answers = {}
        self.answers[player] = yes

    def next_part(self, eid: int) -> None:
        """Turn this event into the rest of itself after a split: a new id, parent = the root.

        The same object goes back on the storyline, so the effect program that is still
        running (a generator holding this event) keeps writing into the live part.
        """
        self.root_id = self.root_id or self.id
        self.id = eid
        self.part += 1
        self.did = []
        self.subject = None
        self.subjects = ()
        self.frm = self.to = None
        self.paid = None                 # the cost was paid once, by the first part
        self.started = True


def pending_label(ev: StoryEvent) -> str:
    """How an event waiting on the storyline is named in a trace entry's `storyline` list."""
    src = ev.source.name if ev.source is not None else "game"
    if ev.root_id is not None and (ev.kind == "move" or not ev.started):
        return f"{src} ({ev.kind}): {ev.text}"     # an event a split inserted (a step, ...)
    if ev.root_id is not None:
        return f"{src} ({ev.kind}, remaining part)"
    return f"{src} ({ev.kind})"
