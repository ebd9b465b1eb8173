"""The recorder of tests/test_registry_coverage.py: which entries of each ruleset's language
(verbs, trigger patterns, conditions, ongoing effects) the bundled scenarios run.

One pass plays every scenario under `cards/*/scenarios/` while a recorder watches the
interpreter (docs/testing.md, "Registry coverage"):

- a verb ran: `interpret.do` or `do_whole` (the two places that call `node.verb.run`) was
  given a step of that verb;
- a condition was evaluated: its `test` was called (a condition is tested at four places,
  an `If`, a trigger's `while`, an ongoing effect's `while`, a ruleset's own rule: the
  recorder wraps the entry's test itself, for the length of the pass);
- a trigger pattern fired: a happening made a triggered event of a hook the pattern read
  (`Game._collect`), or a replacement of one ran (`Game.run_now` with its ability);
- an ongoing effect was consulted: a rule of the game read it from a card in play
  (`Game.statics(kind)` handed it over, `has_keyword` found its grant, `has_static` found
  it on a card by name).

The pass takes a few seconds. The wrappers are put in place through a pytest MonkeyPatch
and taken away at its end; the engine itself is not changed.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cardscript.interpreter import game as game_module, interpret
from cardscript.interpreter import select as sel_eval
from cardscript.interpreter.game import Game
from cardscript.rulesets import BUILTIN
from cardscript.scenario.expect import check
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(ROOT.glob("cards/*/scenarios/**/*.yaml"))
TABLES = ("verbs", "patterns", "conditions", "statics")

# Ongoing effects a ruleset reads from the card's own text, not from the board's index of
# ongoing effects (`Game.statics`): name -> the rule that reads it. One counts as run when a
# card with the line took part in a scenario (the scenario's `expect` shows what it did).
OWN_LINES = {
    "conjured under": "rulesets/sorcery/conjured_under.py",
    "occupies two sites": "rulesets/sorcery/oversized.py",
    "occupies four sites": "rulesets/sorcery/oversized.py",
    "no copy limit": "rulesets/sorcery/deck_rules.py",
    "swap from hand": "rulesets/sorcery/site_swap.py",
    "swap from cemetery": "rulesets/sorcery/site_swap.py",
    "summoned as a copy": "rulesets/sorcery/copies.py",
    "conjured as a copy": "rulesets/sorcery/copies.py",
    "conjured as a copy near the caster": "rulesets/sorcery/copies.py",
    "played in a void before a site": "rulesets/sorcery/borders.py",
}


def language_of(name: str):
    """The language of a built-in ruleset."""
    module, attr = BUILTIN[name].split(":")
    return getattr(importlib.import_module(module), attr).language


@dataclass
class Recording:
    """What ran, as (table, entry name) per ruleset, and the scenarios that failed."""

    ran: dict = field(default_factory=dict)        # ruleset -> {(table, name)}
    failures: list = field(default_factory=list)

    def add(self, game, table: str, entry) -> None:
        if entry is not None:
            self.ran.setdefault(game.ruleset.name, set()).add((table, entry.name))


def record_pass() -> Recording:
    """Play every scenario once under the recorder; the wrappers are gone afterwards."""
    rec = Recording()
    mp = pytest.MonkeyPatch()
    frozen: list = []                 # (condition entry, its own test), put back at the end
    try:
        _install(mp, frozen, rec)
        for path in SCENARIOS:
            sc = load_scenario(path)
            result = run_scenario(sc)
            problems = check(sc.data.get("expect", {}), result,
                             ordered=bool(sc.data.get("ordered")))
            if problems:
                rec.failures.append((path, problems))
    finally:
        mp.undo()
        for spec, test in frozen:
            object.__setattr__(spec, "test", test)
    return rec


def _install(mp: pytest.MonkeyPatch, frozen: list, rec: Recording) -> None:
    """Put the recording wrappers in place (see the module's docstring)."""
    playing: list = [None]            # the game being played, for a card's own lines

    run = Game.run

    def recording_run(game):
        playing[0] = game
        try:
            return run(game)
        finally:
            for card in game.state.cards.values():
                for ab in card.tpl.abilities:
                    if ab.static is not None and ab.static[0].name in OWN_LINES:
                        rec.add(game, "statics", ab.static[0])

    mp.setattr(Game, "run", recording_run)

    do, do_whole = interpret.do, interpret.do_whole

    def recording_do(game, ev, node, tail=False):
        rec.add(game, "verbs", node.verb)
        return do(game, ev, node, tail)

    def recording_do_whole(game, ev, node):
        rec.add(game, "verbs", node.verb)
        return do_whole(game, ev, node)

    mp.setattr(interpret, "do", recording_do)
    mp.setattr(game_module, "do_whole", recording_do_whole)

    collect = Game._collect

    def recording_collect(game, h, listeners):
        before = len(game.pending)
        collect(game, h, listeners)
        for ev in game.pending[before:]:
            hook = ev.ability.hook if ev.ability is not None else None
            rec.add(game, "patterns", hook.pattern_entry if hook is not None else None)

    mp.setattr(Game, "_collect", recording_collect)

    run_now = Game.run_now

    def recording_run_now(game, ev, *, carry_splits=True):
        hook = ev.ability.hook if ev.ability is not None else None
        if hook is not None and ev.kind == "replacement":
            rec.add(game, "patterns", hook.pattern_entry)
        return run_now(game, ev, carry_splits=carry_splits)

    mp.setattr(Game, "run_now", recording_run_now)

    statics = Game.statics

    def recording_statics(game, kind):
        found = statics(game, kind)
        for _, spec, _ in found:
            rec.add(game, "statics", spec)
        return found

    mp.setattr(Game, "statics", recording_statics)

    has_keyword = Game.has_keyword

    def recording_has_keyword(game, card, kw):
        got = has_keyword(game, card, kw)
        if got and kw not in card.tpl.keywords and kw not in getattr(card, "granted", ()):
            for _, spec, args in statics(game, "grant"):
                if args.get("keyword") == kw:
                    rec.add(game, "statics", spec)
        return got

    mp.setattr(Game, "has_keyword", recording_has_keyword)

    has_static = sel_eval.has_static

    def recording_has_static(card, name):
        got = has_static(card, name)
        if got and playing[0] is not None:
            for ab in card.tpl.abilities:
                if ab.static is not None and ab.static[0].name == name:
                    rec.add(playing[0], "statics", ab.static[0])
        return got

    for module in _importers_of(has_static):
        mp.setattr(module, "has_static", recording_has_static)

    # A condition is tested at several places (an 'If', a trigger's or an ongoing effect's
    # 'while', a ruleset's own rule): each entry's own test is wrapped instead. The entries
    # are frozen, so the test is set through `object` and put back by `_record_pass`.
    for name in BUILTIN:
        language = language_of(name)
        specs = list(language.conditions)
        if language.threshold_ability is not None:
            specs.append(language.threshold_ability)
        for spec in specs:
            if any(spec is seen for seen, _ in frozen):
                continue
            frozen.append((spec, spec.test))
            object.__setattr__(spec, "test", _recording_test(spec, rec))


def _recording_test(spec, rec: Recording):
    """A condition's test that records each call."""
    test = spec.test

    def recording_test(game, ev, args):
        rec.add(game, "conditions", spec)
        return test(game, ev, args)

    return recording_test


def _importers_of(fn) -> list:
    """The loaded modules of cardscript that hold `fn` under its own name."""
    return [m for n, m in list(sys.modules.items())
            if n.startswith("cardscript") and getattr(m, fn.__name__, None) is fn]


def registered(name: str) -> set:
    """(table, entry name) of every entry of a ruleset's language."""
    language = language_of(name)
    return {(table, entry.name) for table in TABLES for entry in getattr(language, table)}


def missing(rec: Recording) -> dict:
    """Ruleset -> the entries no scenario ran, sorted."""
    return {name: sorted(registered(name) - rec.ran.get(name, set())) for name in BUILTIN}


def entry(name: str, table: str, words: str):
    """The entry of a ruleset's table by its name (the first, as the compiler reads them)."""
    for spec in getattr(language_of(name), table):
        if spec.name == words:
            return spec
    raise KeyError((name, table, words))


def code_of(table: str, spec):
    """The code that does what an entry says: a verb's `run`, a condition's `test`."""
    fn = spec.run if table == "verbs" else spec.test
    fn = getattr(fn, "__wrapped__", fn)
    return fn.__code__


def ruleset_of(name: str):
    """The built-in ruleset of that name."""
    module, attr = BUILTIN[name].split(":")
    return getattr(importlib.import_module(module), attr)
