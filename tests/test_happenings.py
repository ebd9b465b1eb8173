"""Each ruleset's declared happenings (Ruleset.happenings) hold every happening its code makes:
what every bundled scenario makes, and what its own code and the shared verbs and actions
it uses name. L009 relies on it to say that a trigger can never trigger."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections import defaultdict

import pytest

from conftest import ROOT
from cardscript import rulesets
from cardscript.interpreter.game import Game
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario

SCENARIOS = sorted(ROOT.glob("cards/*/scenarios/**/*.yaml"))
HAPPEN = re.compile(r"\bhappen\(\s*\"(\w+)\"")
NAMES = sorted(rulesets.available())


def _named(source: str) -> set:
    return set(HAPPEN.findall(source))


def _library_modules() -> list:
    import cardscript.library as library
    return [importlib.import_module(f"cardscript.library.{m.name}")
            for m in pkgutil.iter_modules(library.__path__)]


# The shared helpers a verb or action calls (every function of the library), with the
# happenings each names.
HELPERS = {name: _named(inspect.getsource(fn))
           for module in _library_modules() for name, fn in vars(module).items()
           if inspect.isfunction(fn) and fn.__module__ == module.__name__}


def _makes(fn) -> set:
    """The happenings a verb's or action's code names, and those of the helpers it calls."""
    source = inspect.getsource(fn)
    out = _named(source)
    for name, kinds in HELPERS.items():
        if re.search(rf"\b{name}\(", source):
            out |= kinds
    return out


def test_every_ruleset_declares_its_happenings():
    """Every bundled ruleset declares which happenings it produces."""
    for name in NAMES:
        assert rulesets.get(name).happenings, name


def test_every_happening_a_scenario_makes_is_declared(monkeypatch):
    """Running every bundled scenario makes only happenings its ruleset declares."""
    made = defaultdict(set)
    happen = Game.happen

    def spy(self, kind, *args, **kwargs):
        made[self.ruleset.name].add(kind)
        return happen(self, kind, *args, **kwargs)
    monkeypatch.setattr(Game, "happen", spy)
    for path in SCENARIOS:
        run_scenario(load_scenario(path))
    assert set(made) == set(NAMES)
    for name, kinds in made.items():
        missing = kinds - rulesets.get(name).happenings
        assert not missing, f"{name} makes {sorted(missing)}: add them to its happenings"


@pytest.mark.parametrize("name", NAMES)
def test_every_happening_a_rulesets_code_names_is_declared(name):
    """The happenings named in a ruleset's own modules, its verbs and its actions are declared."""
    ruleset = rulesets.get(name)
    package = f"cardscript.rulesets.{name}"
    named = set()
    for module in list(__import__("sys").modules.values()):
        if getattr(module, "__name__", "").startswith(package):
            named |= _named(inspect.getsource(module))
    for verb in ruleset.language.verbs:
        named |= _makes(verb.run)
    for action in ruleset.actions.values():
        named |= _makes(action)
    missing = named - ruleset.happenings
    assert not missing, f"{name} names {sorted(missing)}: add them to its happenings"


def test_the_check_sees_a_happening_left_undeclared():
    """The happenings of the shared verbs and helpers are seen (the check is not blind)."""
    assert HELPERS["damage"] == {"damage"} and {"leave_play", "die"} <= HELPERS["leave_play"]
    sorcery = rulesets.get("sorcery")
    named = set()
    for verb in sorcery.language.verbs:
        named |= _makes(verb.run)
    assert {"draw", "gain_life", "enter_play", "leave_play", "damage"} <= named
