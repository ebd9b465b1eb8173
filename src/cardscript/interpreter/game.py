"""The game: the storyline loop, happenings, triggers and questions, under a ruleset's policy."""

from __future__ import annotations

import random
from collections import deque
from contextlib import contextmanager

from ..errors import RuntimeRuleError
from ..gcpause import gc_paused
from . import select as sel_eval
from . import board, granted, players, questions, triggers
from ..compiler.template import Do
from .interpret import do_whole, execute
from .loops import REPEATS_PER_STEP, loop_error
from .storyline import Happening, Split, StoryEvent, pending_label
from .why import Rules
from .waiting import Labels

_NO_SLOT = object()           # Game.slot: no state under that name yet
_REPLACE: dict = {}           # happening kind -> the hooks index's key of its replacements


# Happenings of a card leaving play; a ruleset adds its own (`Ruleset.leaving_kinds`).
LEAVING = frozenset({"leave_play", "die"})


class Game:
    """One game in progress. `ruleset` supplies policy, geometry, rules checks and actions."""

    def __init__(self, ruleset, state, answers, *, seed: int = 0, max_steps: int | None = None):
        self.ruleset = ruleset
        self.policy = ruleset.policy
        self.geometry = ruleset.geometry
        self.state = state
        state.watch((*self.policy.play_zones, *self.policy.trigger_zones))   # see rules_version
        state.rules_moved = self._rules_moved      # the indexes follow moves (triggers.moved)
        self.answers = answers
        self.rng = random.Random(seed)
        self.max_steps = max_steps or self.policy.max_steps
        # Each repetition of 'N times' counts against a second bound (see loops.py).
        self.max_repeats = REPEATS_PER_STEP * self.max_steps
        self.repeats = 0
        self.storyline: deque[StoryEvent] = deque()
        # The storyline's events as a trace entry names them, in a list the entries share
        # (waiting.py): each entry's `storyline` is a view of it, not a copy.
        self._labels = Labels()
        self.trace: list[dict] = []
        self.pending: list = []          # triggered events waiting to be added
        self.fresh: list = []            # happenings since the last commit
        self.batch: list = []            # the happenings the state checks are settling
        # Cards that left play since the last commit, as they last were there (id -> the
        # last-known card): what happened to them in play is tested against that (commit).
        self._left: dict = {}
        # Each state check with the happening kinds it waits for (None: after every batch).
        self._checks = [(c, getattr(c, "after", None)) for c in ruleset.state_checks]
        # Each check's (kinds of ongoing effects, slots) without which it does nothing, or
        # None (checks.after): one is not called while neither is there.
        self._needs = {c: getattr(c, "needs", None) for c in ruleset.state_checks}
        # The happening kinds any state check waits for (None: some check runs after every
        # batch), so that a batch no check cares about costs one set lookup a happening.
        self._check_kinds = None if any(w is None for _, w in self._checks) else \
            frozenset().union(*(w for _, w in self._checks))
        self._checks_by_kinds: dict = {}   # kinds of a batch -> the checks it calls for
        self.current: StoryEvent | None = None
        self.steps = 0
        self._next_id = 0
        self.warnings: list[str] = []
        self.templates: dict = {}
        self._hooks_index = None            # (rules_version, kind -> hooks): triggers.py
        self._granted: list = []            # (card, stay, triggered ability): granted.py
        # kinds some card that was in play hears about itself in a slot ('a unit kills
        # it'): only their happenings are looked at for cards gone from play (triggers.py)
        self._self_kinds: frozenset = frozenset()
        self._statics_index = None          # (board version, kind -> ongoing effects)
        self._testing_statics = False       # a conditional ongoing effect's test is running
        self.notes: list[str] = []           # replacements applied outside any event
        self.carried: list[str] = []         # split reasons a replacement caused, for the event
        # state_check_timing "end_of_event": the happenings of a resolving event wait here and
        # the rules of the game are applied to them once, when the event ends (see _settle).
        self._hold_checks = self.policy.state_check_timing == "end_of_event"
        self._held: list = []
        # The ruleset's hook for each time events go on the storyline (None: no hook).
        self._after_add = getattr(ruleset, "after_add", None)
        self._ending = None                  # (winner, why) once a rule of the game ended it
        self._fizzle_check = (self.policy.illegal_target == "fizzle"
                              and getattr(ruleset, "target_check", None) is not None)
        self.why = Rules(self.policy)        # the policy's rules a trace entry names
        self._placed = self.why.new_event
        # Called with the game after each trace entry is recorded (None: nobody watches);
        # the runner's board recorder uses it (scenario/boards.py).
        self.observer = None
        # ruleset name -> {slot name: a ruleset's state}; `_own_slots` is this game's
        # ruleset's (read per happening: one look-up, no key to build).
        self._slots: dict = {ruleset.name: {}}
        self._own_slots: dict = self._slots[ruleset.name]
        self._leaving = LEAVING | frozenset(getattr(ruleset, "leaving_kinds", ()))

    # --- ids, events --------------------------------------------------------
    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def new_event(self, kind, source, controller, program, text, *, ability=None,
                  parent=None) -> StoryEvent:
        """A new event with the next id (not yet on the storyline)."""
        ev = self.draft_event(kind, source, controller, program, text, ability, parent)
        self._next_id += 1
        ev.id = self._next_id
        return ev

    def draft_event(self, kind, source, controller, program, text, ability=None,
                    parent=None) -> StoryEvent:
        """A new event with no id yet: one that may still be dropped (a trigger whose
        condition fails, a spell asked about before it is cast) takes its id once kept, as
        `new_event` gives it (ids are never taken back)."""
        ev = StoryEvent(0, kind, source, controller, program, text,
                        ability=ability, parent=parent)
        if self.current is not None:
            ev.cause = self.current.id
        if source is not None and source.zone in self.policy.play_zones:
            ev.source_in_play = True
            ev.inc = source.incarnation
        return ev

    def add(self, ev: StoryEvent):
        """Put a newly announced event on the storyline, then any triggers it caused ahead of it."""
        if self.storyline:
            ev.rules = self._placed + ev.rules if ev.rules else self._placed
        self._put_on(0 if self.policy.new_events != "back" else None, [ev])
        self.commit()
        self._insert_pending(0, (ev,))

    # --- happenings and triggers -------------------------------------------
    def happen(self, kind: str, card=None, player=None, *, last_known=None,
               **data) -> Happening:
        """Report a happening. `last_known` (from `Game.last_known`, taken before the card
        left play) is what hook filters test instead of the card."""
        h = Happening(kind, card, player, data,
                      card is not None and card.zone in self.policy.play_zones, last_known)
        if last_known is not None:
            self._left[card.id] = last_known
        self.fresh.append(h)
        cur = self.current
        if cur is not None:
            if cur.log:
                cur.log.append(h)
            else:
                cur.log = [h]            # see StoryEvent.log
        return h

    def add_trigger(self, ev: StoryEvent) -> None:
        """Trigger an event by a rule of the game (a keyword) at the moment being reported.

        It waits with the card triggers of that moment and is ordered together with them
        (`trigger_order`), as a card's triggered ability would be.
        """
        self.pending.append(ev)

    def add_follow(self, ev: StoryEvent) -> None:
        """Put an event a rule of the game makes for this moment behind the triggers of it.

        It goes on the storyline after the triggered events of the same moment, in the order
        made, and is part of no `order` question (`order_simultaneous`).
        """
        ev.follows = True
        self.pending.append(ev)

    def add_lead(self, ev: StoryEvent) -> None:
        """Put an event a rule of the game makes for this moment ahead of the triggers of it.

        It goes on the storyline before the triggered events of the same moment (so it
        resolves first where new events go on the front), in the order made, and is part of
        no `order` question (`order_simultaneous`): a step of the game's own that the rules
        carry out before what the moment triggered.
        """
        ev.leads = True
        self.pending.append(ev)

    def waiting(self) -> tuple:
        """The events made at this moment that are not on the storyline yet (read only)."""
        return tuple(self.pending)

    def commit(self) -> list[str]:
        """Apply the rules of the game, collect triggers, and say which split reasons occurred."""
        batch = self.fresh
        if not batch and not self.carried:
            return ()                    # nothing happened since the last commit
        reasons = None                   # made when the first split reason occurs
        guard = 0
        split_on = self.policy.split_on
        trigger_zones = self.policy.trigger_zones
        checks = self._checks
        while batch:
            self.fresh = []
            self.batch = batch           # what a state check may look at instead of the board
            if not checks:
                pass
            elif self._hold_checks and self.current is not None and self.current.started:
                self._held += batch
            else:
                check_kinds = self._check_kinds
                if len(batch) == 1:
                    # Most batches are one happening: its kind is the key alone.
                    kind = batch[0].kind
                    wanted = self._checks_by_kinds.get(kind) \
                        if check_kinds is None or kind in check_kinds else ()
                    if wanted is None:
                        wanted = self._checks_for(kind)
                else:
                    wanted = ()
                    for h in batch:
                        if check_kinds is None or h.kind in check_kinds:
                            wanted = self._checks_for(frozenset([h.kind for h in batch]))
                            break
                for check, needs in wanted:
                    if needs is not None:
                        # (`_needed`, written out: most guarded checks are skipped)
                        kinds, slots = needs
                        if not kinds or kinds.isdisjoint(board.statics_kinds(self)):
                            own = self._own_slots
                            for name in slots:
                                if own.get(name):
                                    break
                            else:
                                continue
                    check(self)
            if self._left:
                self._as_last_seen(batch)
            index = self._hooks_index
            index = index[1] if index is not None and index[0] == self.state.rules_version \
                else triggers.hooks_index(self)
            for h in batch:
                kind = h.kind
                if kind in split_on:
                    if reasons is None:
                        reasons = [kind]
                    elif kind not in reasons:
                        reasons.append(kind)
                # Most happenings (a counter changing) have no listener at all: skip them.
                # A card out of the trigger zones hears only its own hooks (triggers.collect).
                listeners = index.get(kind, ())
                if listeners or (h.card is not None and h.card.zone not in trigger_zones and
                                 kind in h.card.tpl.hooks_by_happening) or \
                        (kind in self._self_kinds and triggers.objects_hear(h, trigger_zones)):
                    self._collect(h, listeners)
            guard += 1
            if guard > 1000:
                raise RuntimeRuleError("the rules of the game did not settle", None, code="R101")
            batch = self.fresh
        if self._left:
            self._left = {}
        # Split reasons of what a replacement did while this commit ran (its own commits
        # consumed the happenings) still belong to the event resolving now.
        if self.carried:
            reasons = reasons or []
            reasons += [r for r in self.carried if r not in reasons]
            self.carried = []
        return reasons or ()

    def _as_last_seen(self, batch) -> None:
        """What happened to a card in play that has left it since (lethal damage kills in
        the same commit, before triggers are collected) is tested against the card as it
        last was there: 'whenever a unit here is dealt damage' hears the damage that killed
        it, though the card is no longer here."""
        left = self._left
        for h in batch:
            if h.last_known is None and h.in_play and h.card is not None:
                seen = left.get(h.card.id)
                if seen is not None:
                    h.last_known = seen

    def _checks_for(self, kinds: frozenset | str) -> tuple:
        """The state checks a batch of happenings of these kinds (a str: of that one kind)
        calls for, in the ruleset's order, each with what it needs (`checks.after`): kept
        per set of kinds (batches repeat a few sets of kinds)."""
        found = self._checks_by_kinds.get(kinds)
        if found is None:
            key = kinds
            if kinds.__class__ is str:
                kinds = frozenset([kinds])
            found = tuple((check, self._needs[check]) for check, wanted in self._checks
                          if wanted is None or not wanted.isdisjoint(kinds))
            if len(self._checks_by_kinds) < 1024:
                self._checks_by_kinds[key] = found
        return found

    def _needed(self, needs) -> bool:
        """Is an ongoing effect of one of these kinds in play, or does one of these slots
        hold something? (`checks.after`: else the check would find nothing.)"""
        kinds, slots = needs
        if kinds and not kinds.isdisjoint(board.statics_kinds(self)):
            return True
        own = self._own_slots
        for name in slots:
            if own.get(name):
                return True
        return False

    # --- triggers (triggers.py) ------------------------------------------------
    _listeners = triggers.listeners
    _rules_moved = triggers.moved
    _collect = triggers.collect
    _conditions_hold = triggers.conditions_hold
    hook_matches = triggers.hook_matches
    order_simultaneous = triggers.order_simultaneous
    grant_ability = granted.grant            # a triggered ability given to a card
    take_back_ability = granted.take_back

    def _insert_pending(self, pos: int, announced=()):
        """Put the waiting triggers on the storyline; then tell the ruleset's `after_add`
        what went on (the triggers, then the announced event they came with, if any)."""
        if not self.pending:
            if announced and self._after_add is not None:
                self._after_add(self, list(announced))
            return
        ordered = self.order_simultaneous(self.pending)
        self.pending = []
        if self.storyline:
            placed = self._placed
            for e in ordered:
                e.rules = placed + e.rules if e.rules else placed
        if self.policy.new_events == "back":
            self._put_on(None, ordered)
        else:
            self._put_on(pos, ordered)
        if self._after_add is not None:
            self._after_add(self, ordered + list(announced))

    def turn_order(self) -> list[str]:
        o = self.state.order
        i = o.index(self.state.active)
        return o[i:] + o[:i]

    # --- the loop -------------------------------------------------------------
    def run(self):
        """Resolve the storyline until it is empty.

        The cyclic garbage collector is paused meanwhile (gcpause.gc_paused): a run makes
        many objects that stay (the trace) and few cycles, and a long game otherwise spends
        a third of its time re-scanning its own trace.
        """
        with gc_paused():
            self._run()

    def _run(self):
        storyline, labels, trace = self.storyline, self._labels, self.trace
        play_zones = self.policy.play_zones
        while storyline:
            if self._ending is not None:
                break                            # the game is over: nothing else resolves
            if trace and "storyline" not in trace[-1]:
                trace[-1]["storyline"] = labels.view()        # see _snapshot
            self.steps += 1
            if self.steps > self.max_steps:
                raise self._loop_error()
            ev = storyline.popleft()
            labels.pop()
            self.current = ev
            if ev.gen is None:
                if self._fizzle_check or (ev.source_in_play and (
                        ev.source.zone not in play_zones or ev.source.incarnation != ev.inc)):
                    status = self._start_status(ev)
                    if status is not None:
                        self._record(ev, status)
                        continue
                prog = ev.program
                # The common programs run without a generator, as `_program` would run
                # them: one verb that never yields (see do_whole), or a rule's own code
                # that returns no generator.
                if type(prog) is Do and not prog.verb.yields:
                    ev.started = True
                    do_whole(self, ev, prog)
                    if ev.after is not None:
                        after, ev.after = ev.after, None
                        after(self, ev)
                        self.commit()
                    self._finish(ev)
                    continue
                if ev.after is None and callable(prog):
                    ev.started = True
                    res = prog(self, ev)
                    reasons = None
                    if res is None:
                        reasons = self.commit()
                        if ev.after is None:
                            self._finish(ev)
                            continue
                    ev.gen = self._rest_of(ev, res, reasons)
                else:
                    ev.gen = self._program(ev)
            try:
                sig = next(ev.gen)
            except StopIteration:
                self._finish(ev)
                continue
            if isinstance(sig, Split):
                self._split(ev, sig)
        if self._ending is not None and not self.state.over:
            self._game_over()
        self._snapshot()
        self.current = None

    def end_game(self, winner: str | None, why: str) -> None:
        """A rule of the game ends it: `winner` wins (None: a draw). The event resolving now
        finishes; nothing else waiting resolves, and the trace's last entry says why."""
        if self._ending is None and not self.state.over:
            self._ending = (winner, why)
            self.state.winner = winner
            self.state.ended_by = why

    def _game_over(self) -> None:
        winner, why = self._ending
        self.state.over = True
        self._snapshot()                 # the last entry shows what is left unresolved
        self.storyline.clear()
        self._labels.clear()
        self.pending = []
        self.trace.append({
            "id": self.new_id(), "status": "done", "kind": "game_over", "source": "game",
            "source_id": "game", "controller": winner, "text": why, "parent": None,
            "subject": winner, "from": None, "to": None, "part": 1, "did": (why,),
            "rules": self.why.game_over, "cause": None})
        if self.observer is not None:
            self.observer(self)

    def _put_on(self, pos: int | None, events: list) -> None:
        """Insert events into the storyline at `pos` (None: at the end), labels alongside.

        Every change to the storyline goes through here or the pop in `run`, so `_labels`
        always names the waiting events, each labelled as it was when it was put on.
        """
        labels = [pending_label(e) for e in events]
        if pos is None:
            self.storyline.extend(events)
            self._labels.put_back(labels)
        elif pos == 0:
            self.storyline.extendleft(reversed(events))
            self._labels.put_front(labels)
        else:
            raise ValueError(f"events go on the storyline at the front or the back, not {pos}")

    def _snapshot(self):
        """Give the last trace entry the storyline as it stood once that entry was done.

        This is the list the rules documents draw after each step ("the storyline now looks
        like ..."): what waits, first = resolves next, with new events already inserted.
        """
        if self.trace and "storyline" not in self.trace[-1]:
            self.trace[-1]["storyline"] = self._labels.view()

    def _program(self, ev):
        ev.started = True
        prog = ev.program
        if callable(prog):
            res = prog(self, ev)
            if res is not None:
                yield from res
            reasons = self.commit()
            if reasons and ev.after is not None:
                yield Split(reasons[0])
        elif prog is not None:
            yield from execute(self, ev, prog)
        if ev.after is not None:
            after, ev.after = ev.after, None
            after(self, ev)
            self.commit()

    def _rest_of(self, ev, res, reasons):
        """`_program` from where a rule's code returned `res` (None: and the commit after
        it found `reasons`): see `_run`."""
        if res is not None:
            yield from res
            reasons = self.commit()
        if reasons and ev.after is not None:
            yield Split(reasons[0])
        if ev.after is not None:
            after, ev.after = ev.after, None
            after(self, ev)
            self.commit()

    def _start_status(self, ev) -> str | None:
        src = ev.source
        if ev.source_in_play and self.policy.source_left_play != "resolve":
            gone = src.zone not in self.policy.play_zones or src.incarnation != ev.inc
            if gone and not (ev.root_id is not None and
                             self.policy.source_left_play == "ignore_unless_split"):
                self._put_away(ev)
                return "ignored"
        if self.policy.illegal_target == "fizzle" and ev.ability is not None:
            check = getattr(self.ruleset, "target_check", None)
            if check is not None and not check(self, ev):
                self._put_away(ev)
                return "fizzled"
        return None

    def _split(self, ev, sig: Split):
        self._record(ev, "done", reason=sig.reason)
        root_id = ev.root_id or ev.id
        done_id = ev.id
        ev.next_part(self.new_id())
        rest = ev
        rest.rules = self.why.split(sig.reason)
        for s in sig.inserts:
            s.root_id = root_id
            if not s.rules:
                s.rules = self.why.step(sig.reason)
        self.commit()
        front = self.order_simultaneous(self.pending) if self.pending else []
        self.pending = []
        placed = self._placed
        for e in front:
            e.rules = placed + e.rules if e.rules else placed
            if e.cause == rest.id:
                e.cause = done_id            # caused by the part just done, not the rest
        self._put_on(0, front + sig.inserts + [rest])
        if front and self._after_add is not None:
            self._after_add(self, front)

    def _put_away(self, ev):
        """An event that will not resolve still puts its card where a resolved one goes."""
        if ev.after is not None:
            after, ev.after = ev.after, None
            after(self, ev)
            self.commit()

    def _settle(self):
        """Apply the rules of the game to what the event that is ending did (end_of_event)."""
        held, self._held = self._held, []
        self._hold_checks = False
        try:
            self.batch = held
            for check, needs in self._checks_for(frozenset([h.kind for h in held])):
                if needs is None or self._needed(needs):
                    check(self)
            self.commit()
        finally:
            self._hold_checks = True

    def _finish(self, ev):
        if self._held:
            self._settle()
        if ev.root_id is not None and not ev.did:
            self.current = None          # an empty remainder: nothing left to do
        else:
            self._record(ev, "done")
        if self.fresh or self.carried:
            self.commit()
        if self.pending:
            self._insert_pending(0)

    def _record(self, ev, status, reason=None):
        src = ev.source
        entry = {
            "id": ev.id, "status": status, "kind": ev.kind,
            "source": src.name if src is not None else "game",
            "source_id": src.id if src is not None else "game",
            "controller": ev.controller, "text": ev.text,
            "parent": ev.root_id,
            "subject": ev.subject, "from": ev.frm, "to": ev.to,
            "part": ev.part, "did": tuple(ev.did),
            "rules": ev.rules if status == "done" else ev.rules + (
                self.why.ignored if status == "ignored" else self.why.fizzled,),
            "cause": ev.cause,
        }
        if ev.subjects:
            entry["subjects"] = tuple(ev.subjects)
        if reason:
            entry["split"] = reason
        if ev.paid:
            entry["paid"] = ev.paid
        self.trace.append(entry)
        if self.observer is not None:
            self.observer(self)

    def _loop_error(self) -> RuntimeRuleError:
        return loop_error(self)

    # --- board queries (board.py) ----------------------------------------------
    select = board.select
    places = board.places
    last_known = board.last_known
    keywords_of = board.keywords_of
    has_keyword = board.has_keyword
    has_subtype = board.has_subtype
    stat_of = board.stat_of
    revoked = board.revoked
    statics = board.statics
    has_statics = board.has_statics
    # Selector tests, bound as methods so the rules interface offers them at no extra call.
    matches = sel_eval.matches
    candidates = sel_eval.candidates
    # Run a compiled effect as part of the event resolving (a generator: it may split).
    execute = execute

    def would(self, kind: str, card, player=None, **data) -> bool:
        """Replacement and prevention: False when something in play replaces the happening.

        Neither uses the storyline: a replacement's effect runs at once, in place of the
        happening, and a prevention simply stops it. The event that was resolving notes it.
        """
        note = self.current.did if self.current is not None else self.notes
        # The index never edits a list it handed out (triggers.listeners), so this loop may
        # run while the replacement changes the board.
        index = self._hooks_index
        index = index[1] if index is not None and index[0] == self.state.rules_version \
            else triggers.hooks_index(self)
        key = _REPLACE.get(kind)
        if key is None:
            key = _REPLACE[kind] = "replace:" + kind
        replacing = index.get(key)
        h = Happening(kind, card, player, data) if replacing else None
        for src, ab, test in replacing or ():
            slots = test(self, h, src)
            if slots is None:
                continue
            ev = StoryEvent(0, "replacement", src, src.controller, ab.effect, ab.text,
                            ability=ab)
            ev.slots.update(slots)
            if not self._conditions_hold(ab.hook.condition, ev):
                continue
            self.run_now(ev)
            note.append(f"instead ({src.name}): " + ("; ".join(ev.did) or ab.text))
            return False
        for src, spec, args in self.statics("prevent"):
            if spec.name.endswith(kind) and sel_eval.matches(self, args["what"], card, None,
                                                               source=src):
                note.append(f"{kind} to {card.name} prevented ({src.name})")
                return False
        prevents = self.ruleset.prevents
        if prevents is not None and card is not None:
            src = prevents(self, kind, card, data)
            if src is not None:
                note.append(f"{card.name} does not die ({src.name})" if kind == "die" else
                            f"{kind} to {card.name} prevented ({src.name})")
                return False
        return True

    def run_now(self, ev, *, carry_splits: bool = True) -> list[str]:
        """Run an event's effect at once, off the storyline, and return what it did.

        Replacement effects run so, and a ruleset's effect that is part of the event
        resolving now. With `carry_splits`, what it did (a card leaving, say) still splits
        the event that was resolving.
        """
        outer = self.current
        self.current = ev
        ev.no_split += 1                  # it is no storyline event: nothing to split
        try:
            for _ in execute(self, ev, ev.program):
                pass
        finally:
            self.current = outer
        if carry_splits:
            for reason in ev.split_reasons:
                if reason not in self.carried:
                    self.carried.append(reason)
        return ev.did

    @contextmanager
    def between_events(self):
        """Act as if no event were resolving (a ruleset's window opened between two events):
        what happens meanwhile belongs to no event on the storyline."""
        outer, self.current = self.current, None
        try:
            yield
        finally:
            self.current = outer

    @property
    def resolving(self) -> StoryEvent | None:
        """The event resolving now, or None between events."""
        return self.current

    def note(self, text: str) -> None:
        """Say in the trace what a rule of the game did: in the resolving event's `did`, or,
        between events, in the notes of the game."""
        (self.current.did if self.current is not None else self.notes).append(text)

    def slot(self, name: str, make=dict):
        """The ruleset's own state under `name`, made by `make()` on first use.

        Slots are kept per ruleset name, so two rulesets never share one by accident.
        """
        own = self._own_slots
        got = own.get(name, _NO_SLOT)             # one look-up: rules read slots per happening
        if got is _NO_SLOT:
            got = own[name] = make()
        return got

    def set_slot(self, name: str, value) -> None:
        """Replace the ruleset's own state under `name`."""
        self._own_slots[name] = value

    def counter_add(self, player: str, name: str, delta: int) -> None:
        """Change a player's counter (life, mana, ...) and report it (`counter`)."""
        ps = self.state.players[player]
        ps.counters[name] = ps.counters.get(name, 0) + delta
        self.happen("counter", None, player, name=name, delta=delta)

    def opponent_of(self, player: str) -> str:
        return self.state.opponents(player)[0]

    # --- the players a player word names (players.py) ---------------------------
    players_named = players.players_named
    player_named = players.player_named
    answer_of = players.answer_of

    # --- questions (questions.py) -----------------------------------------------
    ask = questions.ask
    ask_target = questions.ask_target
    ask_cards = questions.ask_cards
    ask_may = questions.ask_may
    ask_option = questions.ask_option
    ask_order = questions.ask_order
