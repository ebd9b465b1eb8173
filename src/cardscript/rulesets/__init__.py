"""The ruleset registry: rulesets are found by name, never imported by the engine.

Built-in rulesets are listed in BUILTIN; a modder's package adds one through the
`cardscript.rulesets` entry-point group (name = "module:attribute").
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..errors import ScenarioError, did_you_mean

BUILTIN = {"sorcery": "cardscript.rulesets.sorcery:RULESET",
           "keyforge": "cardscript.rulesets.keyforge:RULESET",
           "grand_archive": "cardscript.rulesets.grand_archive:RULESET",
           "everrain": "cardscript.rulesets.everrain:RULESET",
           "mage_noir": "cardscript.rulesets.mage_noir:RULESET"}


@dataclass
class Ruleset:
    """A game: its policy (data), its language, geometry, rules checks and actions."""

    name: str
    policy: Any
    language: Any
    zones: list
    counters: dict
    actions: dict
    geometry: Any = None
    state_checks: list = field(default_factory=list)
    resource: str = "mana"
    life_counter: str = "life"
    graveyard: str = "graveyard"
    pool_dir: Path | None = None
    # The game's own scenario schema, beside the keys every game has (docs/engine.md):
    # card-entry keys of `setup` with their type ("flag": true/false, set as the card's flag;
    # "count": a whole number over the card's stat of that name; "count_or_true": the same,
    # true being 1; "name": a name), keys an action may carry besides its verb, question
    # kinds a `choices` entry may name, and policy settings the game adds to the storyline
    # policy (setting -> (allowed values, default); the ruleset's code reads them).
    card_keys: dict = field(default_factory=dict)
    action_keys: frozenset = frozenset()
    # Of those keys, the ones whose value is a list (of cards or squares), as `targets:` is.
    list_action_keys: frozenset = frozenset()
    choice_kinds: frozenset = frozenset()
    policy_settings: dict = field(default_factory=dict)
    # Happening kinds of this game that report a card leaving play, besides `leave_play`
    # and `die` (KeyForge: `destroyed`): a card's own hook on one resolves from wherever
    # the card went.
    leaving_kinds: frozenset = frozenset()
    # The happening kinds this game produces (its own code's, and those of the shared verbs
    # and actions it uses): a trigger on any other never triggers (lint L009). Empty: not
    # declared (L009 then does not judge). tests/test_happenings.py checks it against what
    # every bundled scenario makes and against the game's own code.
    happenings: frozenset = frozenset()
    # Card-entry keys a setup may not set although a card has them (the card's header
    # decides): key -> (message, hint) of the error at the key.
    refused_card_keys: dict = field(default_factory=dict)
    # The fields the game adds to its cards (name -> interpreter.rules.CardField), kept in
    # each card's `ext`; a setup's card entry sets each by its name (a "place" takes a name,
    # a "card" or "held_by" names a card of the setup, by id or name).
    card_ext: dict = field(default_factory=dict)
    # How many players the game is for: (fewest, most), most None for no limit. A scenario
    # naming another number is refused (S005) before anything is played: a two-player game's
    # words ("your opponent", the two sides of a board) name one opponent.
    player_count: tuple = (2, None)

    @property
    def card_flags(self) -> frozenset:
        """The card-entry keys that set a flag on the card (`card_keys` of type "flag")."""
        return frozenset(k for k, t in self.card_keys.items() if t == "flag")
    cast_location: Callable = lambda game, card, player, at: at
    target_check: Callable | None = None
    # (game, event, card) -> may the event target the card? (an ongoing "can't be targeted");
    # None: any card its selector names.
    can_target: Callable | None = None
    # (game, event, slot, cards) -> the cards of a target slot still targeted as the effect
    # resolves (a protection may take one out, and write the slot back); None: all of them.
    resolve_targets: Callable | None = None
    shared_counters: dict = field(default_factory=dict)   # counters of no player: {"ether": 0}
    # (template) -> how a card's own (spell) ability goes on the storyline, for `explain`;
    # None: as a 'cast' event.
    spell_event: Callable | None = None
    # (game, events): called each time events went on the storyline (an announced event with
    # the triggers it caused, or triggers collected as an event ended); None: nothing to do.
    after_add: Callable | None = None
    # (game): called once, when the setup is on the board and before the first action (a
    # game that fills zones the setup left unset); None: nothing to do.
    on_start: Callable | None = None
    # (zone, places) -> None, or (i, key, message, hint) for the first card of a setup zone in
    # play whose `at:` or place field names no place of this game; `places` lists (kind, at,
    # {place field: value}, linked) for the zone's cards in file order, None where the setup
    # gave none; linked: the entry links the card to another (a "card" or "held_by" field of
    # `card_ext`), so it stands where that one does. None: the
    # game has no locations, so a setup card takes neither key.
    check_places: Callable | None = None
    # (game, player, card) -> what casting the card costs `player` now (the printed cost as
    # ongoing cost changes leave it); None: the printed `cost`.
    cost_of: Callable | None = None
    # (game, player, card, event) -> None: pays what the card's text adds to the cost of
    # casting it (its `cast_cost_leads` sentence), as the card leaves the hand for the
    # storyline, after the resource, and adds it to the cast event's `paid`; None: a cast
    # costs its resource alone. The ruleset checks the cost can be paid before the cast.
    cast_costs: Callable | None = None
    # (game, kind, card, data) -> the card whose ongoing effect prevents a happening (damage
    # a card is immune to), asked by `Game.would` after the language's own preventions; None:
    # nothing more than those.
    prevents: Callable | None = None
    # (game, card, name) -> the card's current value of a stat, which selectors read ('with 4
    # or more power'); None: the printed value.
    stat: Callable | None = None
    # (game, card) -> fields this game adds to a card's entry in the state of `run --json`
    # (its power, armor, ward), read by `expect` as card.<id>.<field>; None: none.
    card_fields: Callable | None = None
    # How a storyline view draws the board, as data (docs/storyline-view.md): "grid" (a
    # zone laid out as rows x columns of numbered squares, with its regions) and "piles"
    # (zones shown as a count, such as decks). Empty: every zone as a list of cards.
    view: dict = field(default_factory=dict)


def available() -> dict[str, str]:
    """Every ruleset name and where it is defined."""
    table = dict(BUILTIN)
    for name, value in _plugins().items():
        table.setdefault(name, value)
    return table


def _plugins() -> dict[str, str]:
    """The `cardscript.rulesets` entry points of the installed packages.

    Reading them (importlib.metadata) costs a cold start more than the rest of `check`, so
    the table is kept in the cache (cache.py) under the folders Python imports from and their
    modification times: installing or removing a package changes its folder's time, and the
    table is read afresh. A process reads it once.
    """
    global _plugin_table
    if _plugin_table is None:
        _plugin_table = _read_plugins()
    return _plugin_table


_plugin_table: dict | None = None


def _read_plugins() -> dict[str, str]:
    import os
    import sys
    from .. import cache
    stamps = []
    for folder in sys.path:
        try:
            stamps.append(f"{folder}\0{os.stat(folder or '.').st_mtime_ns}")
        except OSError:
            stamps.append(f"{folder}\0-")
    key = "ruleset entry points\0" + "\0".join(stamps)
    got = cache.read_json(_PLUGINS_BLOB, key)
    if isinstance(got, list) and all(isinstance(p, list) and len(p) == 2 and
                                     all(isinstance(x, str) for x in p) for p in got):
        return dict(got)
    from importlib.metadata import entry_points
    table = {ep.name: ep.value for ep in entry_points(group="cardscript.rulesets")}
    cache.write_json(_PLUGINS_BLOB, key, [[k, v] for k, v in table.items()])
    return table


_PLUGINS_BLOB = "ruleset-entry-points.json"


def get(name: str) -> Ruleset:
    """Load a ruleset by name; an unknown name is a ScenarioError with a suggestion."""
    table = BUILTIN if name in BUILTIN else available()
    if name not in table:
        raise ScenarioError(f"unknown ruleset {name!r}", None, code="S101",
                            hint=did_you_mean(name, table) or "rulesets: " + ", ".join(table))
    module, _, attr = table[name].partition(":")
    return getattr(importlib.import_module(module), attr)


class LazyRuleset:
    """A built-in ruleset by name: its name and pool folder known at once, the rest (its
    module, its language) imported when first asked for.

    `check` of card files the compiled-card cache holds needs no more than that (the key's
    part for the ruleset is stored too, cardcache.py `ruleset_state`): it then imports none of
    the game's rules modules and builds no language. Anything else asks `load()`.
    """

    __slots__ = ("name", "pool_dir", "_ruleset")

    def __init__(self, name: str):
        cards = repo_cards_dir()
        self.name = name
        self.pool_dir = (cards / name) if cards else None   # as each built-in declares it
        self._ruleset: Ruleset | None = None

    def load(self) -> Ruleset:
        """The ruleset itself, its module imported on the first call."""
        if self._ruleset is None:
            self._ruleset = get(self.name)
        return self._ruleset

    @property
    def loaded(self) -> bool:
        """Whether `load` has been called (the module is imported)."""
        return self._ruleset is not None

    @property
    def language(self):
        """The ruleset's language (built when the ruleset is loaded)."""
        return self.load().language


_NAMED: dict = {}


def named(name: str):
    """The ruleset of that name for compiling cards: a built-in one as a `LazyRuleset`, a
    plugin's loaded (`get`); an unknown name is the same error as `get`'s."""
    if name not in BUILTIN:
        return get(name)
    if name not in _NAMED:
        _NAMED[name] = LazyRuleset(name)
    return _NAMED[name]


def repo_cards_dir() -> Path | None:
    """The cards/ folder: beside the source tree, or shipped inside the package."""
    here = Path(__file__).resolve()
    for cand in (here.parents[3] / "cards", here.parents[1] / "_pools"):
        if cand.is_dir():
            return cand
    return None
