"""The rules interface: the one part of the interpreter a ruleset builds on.

A ruleset's verbs, state checks, actions and hooks are handed a game; they use it only
through the names of `RulesInterface` below (`tests/test_architecture.py` checks that every
`game.<name>` in a ruleset, the shared library and the docs' examples is one of them), and
they import from the interpreter only this module. What the interface offers:

- happen: `happen` reports a happening, `would` asks whether a replacement or prevention
  takes it over, `last_known` keeps a card as it last was in play.
- add to the storyline: `new_event` makes an event, `add` announces it, `add_trigger` makes
  a rule of the game trigger at the moment being reported, `add_follow` puts an event a rule
  of the game makes right behind that moment's triggers (`add_lead`: right ahead of them),
  `run` resolves the storyline.
- run an effect now: `execute` (a compiled effect, as part of the event resolving),
  `run_now` (off the storyline; a replacement, or an effect that is part
  of the event resolving), `between_events` (a window opened between two events).
- ask: `ask` takes a `Question` of any kind; `ask_target`, `ask_cards`, `ask_may`,
  `ask_option`, `ask_order` are the common kinds with their shortcuts.
- read the board: `state`, `policy`, `geometry`, `templates`, `select`, `places`, `matches`,
  `candidates`, `has_keyword`, `keywords_of`, `statics`, `has_statics`, `opponent_of`,
  `turn_order`, `resolving`, `waiting`, `batch`; `players_named` and `player_named` say
  which players a card's player word names ('each opponent', 'an opponent', which asks),
  `answer_of` what the person of 'if you do' / 'if they do' answered to their latest 'may'.
- the ruleset's own state: `slot(name, make)` (kept per ruleset name), `set_slot`; and its
  own fields of a card, declared as `card_ext` (name -> `CardField`), in `card.ext[name]`,
  a "card"/"held_by" field set with `state.link`, a "place" field kept by `state.entered`,
  `state.stand_with` and `state.left`; a card's current face (a copy, a transformation,
  a change of kind) laid with `state.set_face(card, Face(...))` and taken back with
  `state.drop_face`, all of them gone as it leaves play.
- a card's own lines: `has_static(card, name)` and `has_static_kind(card, kind)` (has
  its current face an ongoing effect of that name or kind? one set look-up), and
  `template_fact(tpl, name, make)` for what a ruleset works out once a template.
- notes for the trace: `note`; `end_game` when a rule of the game ends it.

Besides the game, the types a ruleset needs are re-exported here, so that a ruleset imports
the interpreter through this module alone.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from random import Random
from typing import Any, Callable, Protocol

from ..compiler.template import (AbilityT, AllAtOnceT, ChooseT, Do, IfT, MayT, OneAtATimeT,
                                 RepeatT, SearchT, SeqT, ThenT)
from ..compiler.visit import TemplateVisitor, walk
from .actions import (COMMON_ACTIONS, announce_targets, cast_card, cast_event, check_end_turn,
                      end_turn, find_card, has_targets, pay, pick_card)
from .amounts import with_numbers
from .checks import after
from .choices import Question
from .players import declare_opponent
from .policy import Policy
from .select import has_static, has_static_kind, template_fact
from .state import CardField, CardObj, Face, GameState, LastKnown
from .storyline import Happening, Split, StoryEvent

__all__ = [
    "AbilityT", "after", "AllAtOnceT", "announce_targets", "CardField", "CardObj", "cast_card",
    "cast_event", "check_end_turn", "declare_opponent", "has_targets",
    "ChooseT", "COMMON_ACTIONS", "Do", "end_turn", "Face", "find_card", "GameState", "Happening",
    "has_static", "has_static_kind", "template_fact",
    "IfT", "LastKnown", "MayT", "OneAtATimeT", "pay", "pick_card", "Policy", "Question",
    "RepeatT", "RulesInterface", "SearchT", "SeqT", "Split", "StoryEvent", "TemplateVisitor",
    "ThenT", "walk", "with_numbers",
]


class RulesInterface(Protocol):
    """What a ruleset may ask of a game in progress (the interpreter's `Game` provides it)."""

    # --- read the board ----------------------------------------------------------------
    state: GameState
    """The board: players, their zones and counters, the cards."""
    policy: Policy
    """The storyline policy of the ruleset being played."""
    ruleset: Any
    """The ruleset being played (its zones, counters, language)."""
    geometry: Any
    """The board geometry, or None for a game of zones only."""
    templates: dict
    """Every card template the scenario knows, by name."""
    rng: Random
    """The game's seeded random numbers (shuffles)."""
    batch: list
    """The happenings a state check is settling."""
    storyline: Any
    """The events waiting on the storyline, first = resolves next. Read it; a rule changes a
    waiting event only through that event's own fields (a counterspell does)."""

    @property
    def resolving(self) -> StoryEvent | None:
        """The event resolving now, or None between events."""

    def select(self, sel, ev) -> list:
        """The cards a selector names for `ev`, asking the controller where it chooses."""

    def places(self, pl, ev, *, source=None, ask=True, prompt="a square") -> list:
        """The locations a place names for `ev`."""

    def matches(self, sel, card, ev, source=None) -> bool:
        """Whether `card` fits the selector, seen from `ev` (or `source`)."""

    def candidates(self, sel, ev) -> list:
        """Every card that fits the selector for `ev`, none chosen yet."""

    def has_keyword(self, card, kw: str) -> bool:
        """Whether the card has the keyword now (printed, given or granted)."""

    def revoked(self, card, kw: str) -> bool:
        """Whether an ongoing effect takes the keyword away from the card now."""

    def stat_of(self, card, name: str) -> int:
        """The card's current value of a stat (printed, as the ruleset changes it)."""

    def has_subtype(self, card, sub: str) -> bool:
        """Whether the card has the subtype now (printed, or added by an ongoing effect)."""

    def keywords_of(self, card) -> frozenset:
        """Every keyword the card has now."""

    def statics(self, kind: str) -> list:
        """(card, spec, args) of every ongoing effect of a kind in play."""

    def has_statics(self, kind: str) -> bool:
        """Is an ongoing effect of this kind in play, whether or not its conditions hold?"""

    def last_known(self, card) -> LastKnown:
        """The card as it is now, to report with its leaving play."""

    def opponent_of(self, player: str) -> str:
        """The player's (first) opponent: for a rule of a two-player game; what a card's
        player word names is `player_named`'s to say."""

    def players_named(self, ev, who, text=None) -> list[str]:
        """Every player a player word of a card names (`who`: a value of the reader's
        PLAYERS), in turn order; 'an opponent' may ask the controller (`text`: the words)."""

    def player_named(self, ev, who, text=None, keep=None) -> str:
        """The one player a player word names; 'your opponent' in a game of more than two
        players is error R104 (`keep`: a name under which the event keeps a chosen one)."""

    def answer_of(self, ev, person: str, text=None) -> bool | None:
        """'if you do' (`person` "you") / 'if they do' ("they"): did that person do their
        latest 'may' of the event? None if they were offered none (`text`: the words)."""

    def turn_order(self) -> list[str]:
        """The players, the active one first."""

    def waiting(self) -> tuple:
        """The events made at this moment that are not on the storyline yet."""

    # --- happen --------------------------------------------------------------------------
    def happen(self, kind: str, card=None, player=None, *, last_known=None,
               **data) -> Happening:
        """Report a happening: triggers hear it, the policy may split on it."""

    def would(self, kind: str, card, player=None, **data) -> bool:
        """False when a replacement or prevention takes the happening over."""

    def counter_add(self, player: str, name: str, delta: int) -> None:
        """Change a player's counter and report it."""

    def end_game(self, winner: str | None, why: str) -> None:
        """A rule of the game ends it."""

    # --- add to the storyline --------------------------------------------------------------
    def new_event(self, kind, source, controller, program, text, *, ability=None,
                  parent=None) -> StoryEvent:
        """A new event (not yet on the storyline)."""

    def add(self, ev: StoryEvent) -> None:
        """Announce an event: it goes on the storyline, the triggers it caused ahead of it."""

    def add_trigger(self, ev: StoryEvent) -> None:
        """A rule of the game triggers `ev` at the moment being reported."""

    def add_follow(self, ev: StoryEvent) -> None:
        """A rule of the game makes `ev` for this moment, behind its triggers."""

    def add_lead(self, ev: StoryEvent) -> None:
        """A rule of the game makes `ev` for this moment, ahead of its triggers."""

    def run(self) -> None:
        """Resolve the storyline until it is empty."""

    # --- run an effect now -------------------------------------------------------------------
    def run_now(self, ev: StoryEvent, *, carry_splits: bool = True) -> list[str]:
        """Run an event's effect at once, off the storyline; what it did."""

    def execute(self, ev: StoryEvent, node, tail: bool = True):
        """Run a compiled effect as part of `ev`, resolving now (a generator: it may split)."""

    def between_events(self) -> AbstractContextManager:
        """A window opened between two events: what happens in it belongs to none."""

    # --- ask ---------------------------------------------------------------------------------
    def ask(self, q: Question) -> Any:
        """Ask a question of any kind."""

    def ask_target(self, player, prompt, options):
        """One target among `options` (not asked when there is one)."""

    def ask_cards(self, player, prompt, options, n, *, kind="cards", exact=False) -> list:
        """Up to (or exactly) `n` cards among `options`."""

    def ask_may(self, player, prompt, kind="may") -> bool:
        """Yes or no."""

    def ask_option(self, player, texts) -> int:
        """One of several modes, by index."""

    def ask_order(self, player, events) -> list:
        """The order of simultaneous events."""

    def grant_ability(self, card, ability) -> None:
        """Give `card` a triggered ability (an AbilityT) that it hears until taken back or
        until it leaves the trigger zones (granted.py)."""

    def take_back_ability(self, card, text: str) -> bool:
        """Take back a grant to `card` of the ability written `text`: whether it had one."""

    # --- the ruleset's own state, notes ----------------------------------------------------------
    def slot(self, name: str, make: Callable[[], Any] = dict) -> Any:
        """The ruleset's own state under `name`, made on first use."""

    def set_slot(self, name: str, value) -> None:
        """Replace the ruleset's own state under `name`."""

    def note(self, text: str) -> None:
        """Say in the trace what a rule of the game did."""


def interface_names() -> frozenset:
    """Every name of the rules interface (what `game.<name>` a ruleset may use)."""
    names = set(RulesInterface.__annotations__)
    names |= {n for n in vars(RulesInterface) if not n.startswith("_")}
    return frozenset(names)
