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


class Split:
    """Sent by a resolving event: stop here, mark the part done, insert `inserts` then the rest."""

    __slots__ = ("reason", "inserts")

    def __init__(self, reason: str, inserts=()):
        self.reason = reason
        self.inserts = list(inserts)


class StoryEvent:
    """One pending event on the storyline (or one part of a split event)."""

    __slots__ = ("id", "kind", "source", "ability", "controller", "program", "parent", "root",
                 "started", "slots", "named", "source_in_play", "inc", "text", "subject", "frm",
                 "to", "gen", "did", "part", "log", "no_split", "split_due", "after", "card_kind",
                 "subjects", "status_hint", "last_may", "paid", "root_id", "split_reasons")

    def __init__(self, eid: int, kind: str, source, controller: str, program, text: str, *,
                 ability=None, parent=None):
        self.id = eid
        self.kind = kind
        self.source = source
        self.ability = ability
        self.controller = controller
        self.program = program
        self.parent = parent
        self.root = self if parent is None else parent
        self.root_id = parent.root_id or parent.id if parent is not None else None
        self.started = False
        self.slots: dict = {}
        self.named: dict = {}
        self.source_in_play = False
        self.inc = 0
        self.text = text
        self.subject = None
        self.subjects: list = []
        self.frm = None
        self.to = None
        self.gen = None
        self.did: list = []
        self.part = 1
        self.log: list = []
        self.no_split = 0
        self.split_due = False
        self.split_reasons: list = []    # why it would have split while splits were held
        self.after = None
        self.card_kind = None
        self.status_hint = None
        self.last_may = None
        self.paid = None

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
        self.subjects = []
        self.frm = self.to = None
        self.paid = None                 # the cost was paid once, by the first part
        self.started = True


def pending_label(ev: StoryEvent) -> str:
    """How an event waiting on the storyline is named in a trace entry's `storyline` list."""
    src = ev.source.name if ev.source is not None else "game"
    if ev.kind == "move" and ev.root_id is not None:
        return f"{src} (move): {ev.text}"
    if ev.root_id is not None:
        return f"{src} ({ev.kind}, remaining part)"
    return f"{src} ({ev.kind})"
