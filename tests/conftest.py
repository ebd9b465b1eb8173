"""Shared fixtures: the repository root and a helper to run the CLI in-process."""

from __future__ import annotations

import atexit
import importlib.util
import io
import os
import shutil
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The tests' caches (the grammar, compiled cards) go in a folder of this run, not the user's,
# removed when the run ends.
if "CARDSCRIPT_CACHE" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="cardscript-test-cache-")
    os.environ["CARDSCRIPT_CACHE"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


def load_script(relpath: str, name: str | None = None):
    """A script of the repository that is no package module (benchmarks/, scripts/, docs/),
    loaded as a module under `name` and registered in sys.modules (a dataclass needs its
    module to exist while the script runs)."""
    path = ROOT / relpath
    name = name or "_script_" + "_".join(Path(relpath).with_suffix("").parts)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def root() -> Path:
    return ROOT


def run_cli(*argv: str) -> tuple[int, str, str]:
    """Run `cardscript ARGV...` in this process; return (status, stdout, stderr)."""
    from cardscript.cli import main
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as e:          # argparse --help and usage errors
            status = e.code if isinstance(e.code, int) else 1
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def cli():
    return run_cli


def run_sorcery(tmp_path, cards: str, setup: str, actions: str, choices: str = "[]") -> dict:
    """Run a Sorcery scenario written inline: `cards` saved beside it, the other parts as YAML
    text. Returns the run's result (the JSON of `run --json`), failed or not."""
    import yaml
    from cardscript.scenario.loader import parse_scenario
    from cardscript.scenario.runner import run_scenario
    (tmp_path / "inline.cards").write_text(cards, encoding="utf-8")
    data = {"name": "inline", "ruleset": "sorcery", "cards": ["inline.cards"],
            "players": ["alice", "bob"], "setup": yaml.safe_load(setup),
            "actions": yaml.safe_load(actions), "choices": yaml.safe_load(choices)}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return run_scenario(parse_scenario(text, str(path)))


def play_sorcery(tmp_path, cards: str, setup: str, actions: str, choices: str = "[]") -> dict:
    """`run_sorcery`, and the run must succeed."""
    result = run_sorcery(tmp_path, cards, setup, actions, choices)
    assert result["ok"], result["error"]
    return result


def sorcery_game(cards: str, label: str):
    """A Sorcery game of alice and bob (seed 1, first answers) whose templates are `cards`."""
    from cardscript import rulesets
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    from cardscript.interpreter.choices import ScriptedAnswers
    from cardscript.interpreter.game import Game
    from cardscript.interpreter.state import GameState
    ruleset = rulesets.get("sorcery")
    state = GameState(["alice", "bob"], ruleset.zones, ruleset.counters, ruleset.card_ext)
    game = Game(ruleset, state, ScriptedAnswers([], "first"), seed=1)
    game.templates = compile_files([parse_text(cards, label)], ruleset.language)
    return game


def put(game, name, owner, at):
    """A card of `owner` entering the realm at square `at`."""
    from cardscript.library.moves import enter_play
    card = game.state.new_card(game.templates[name], owner)
    enter_play(game, card, at, owner)
    return card


def pytest_addoption(parser):
    """`--fuzz-long`: the release check of tests/test_fuzz_cli.py (docs/security.md)."""
    group = parser.getgroup("cardscript fuzzing")
    group.addoption("--fuzz-long", action="store_true",
                    help="also run many generated hostile inputs through the CLI")
    group.addoption("--fuzz-count", type=int, default=300,
                    help="how many generated inputs --fuzz-long runs (default 300)")
    group.addoption("--fuzz-seed", type=int, default=1,
                    help="the seed of the generated inputs (default 1)")


FUZZ_SAMPLE = 4          # generated inputs in a default run


@pytest.fixture
def fuzz_long(request) -> tuple[int, int, bool]:
    """(how many generated inputs to run, seed, long run?): a short sample unless --fuzz-long."""
    opt = request.config.getoption
    long = bool(opt("--fuzz-long"))
    return (opt("--fuzz-count") if long else FUZZ_SAMPLE), opt("--fuzz-seed"), long
