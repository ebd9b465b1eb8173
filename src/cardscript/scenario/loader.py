"""Read and check a scenario file (scenarios.md, v1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ScenarioError, Span, did_you_mean
from .yamlpos import load_located

TOP_KEYS = {"name", "ruleset", "cards", "players", "active", "seed", "setup", "actions",
            "choices", "options", "expect", "ordered", "description"}
CARD_KEYS = {"card", "id", "at", "region", "controller", "carried_by", "attached_to", "tapped",
             "exhausted", "damage", "power", "armor", "ward", "counters", "flooded", "face_down",
             "house", "exhausted"}
ACTION_KEYS = {"player", "targets", "target", "at", "to", "x", "mode", "flank", "ability"}
CHOICE_KINDS = {"order", "target", "may", "pay", "path", "option", "cards", "respond"}
OPTION_KEYS = {"on_missing_choice", "max_steps"}


@dataclass
class Scenario:
    """A parsed scenario with the spans of its parts, for errors that point into the file."""

    path: str
    text: str
    data: dict
    marks: dict
    name: str = ""
    ruleset: str = ""
    players: list = field(default_factory=list)

    def span(self, *key) -> Span | None:
        while key:
            if tuple(key) in self.marks:
                return self.marks[tuple(key)]
            key = key[:-1]
        return self.marks.get(())

    def error(self, message, *key, hint=None, code="S100") -> ScenarioError:
        return ScenarioError(message, self.span(*key), hint=hint, code=code).with_source(self.text)


def load_scenario(path: str | Path) -> Scenario:
    """Load and check a scenario file; every problem is a ScenarioError pointing into it."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read scenario {path}: {exc.strerror}", None,
                            code="S002") from None
    return parse_scenario(text, str(path))


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    data, marks = load_located(text, path)
    sc = Scenario(path, text, data if isinstance(data, dict) else {}, marks)
    if not isinstance(data, dict):
        raise sc.error("a scenario is a YAML mapping (name:, ruleset:, players:, ...)",
                       code="S002")
    for k in data:
        if k not in TOP_KEYS:
            raise ScenarioError(f"unknown scenario key {k!r}", marks.get((("key", k),)),
                                hint=did_you_mean(str(k), TOP_KEYS) or
                                "keys: " + ", ".join(sorted(TOP_KEYS)),
                                code="S003").with_source(text)
    for req in ("name", "ruleset", "players"):
        if req not in data:
            raise sc.error(f"the scenario has no {req!r}", hint=f"add {req}: ...", code="S004")
    players = data["players"]
    if not isinstance(players, list) or len(players) < 2:
        raise sc.error("players: needs a list of two or more names", "players", code="S005")
    sc.name, sc.ruleset, sc.players = str(data["name"]), str(data["ruleset"]), \
        [str(p) for p in players]
    _check_setup(sc)
    _check_actions(sc)
    _check_choices(sc)
    opts = data.get("options") or {}
    for k in opts:
        if k not in OPTION_KEYS:
            raise sc.error(f"unknown option {k!r}", "options", k, code="S003",
                           hint="options: " + ", ".join(sorted(OPTION_KEYS)))
    if opts.get("on_missing_choice", "error") not in ("error", "first"):
        raise sc.error("on_missing_choice must be 'error' or 'first'", "options",
                       "on_missing_choice", code="S003")
    return sc


def _check_player(sc, who, *key):
    if who not in sc.players and who != "shared":
        raise sc.error(f"unknown player {who!r}", *key, code="S006",
                       hint=did_you_mean(str(who), sc.players) or
                       "players: " + ", ".join(sc.players))


def _check_setup(sc):
    setup = sc.data.get("setup") or {}
    if not isinstance(setup, dict):
        raise sc.error("setup: is a mapping of players to zones and counters", "setup",
                       code="S007")
    for who, zones in setup.items():
        _check_player(sc, who, "setup", ("key", who))
        for zone, val in (zones or {}).items():
            if isinstance(val, list):
                for i, entry in enumerate(val):
                    if isinstance(entry, dict):
                        if "card" not in entry:
                            raise sc.error("a card entry needs 'card: NAME'", "setup", who, zone,
                                           i, code="S008")
                        for k in entry:
                            if k not in CARD_KEYS:
                                raise sc.error(f"unknown card key {k!r}", "setup", who, zone, i,
                                               ("key", k), code="S008",
                                               hint=(did_you_mean(str(k), CARD_KEYS) or "") +
                                               " allowed: " + ", ".join(sorted(CARD_KEYS)))
            elif not isinstance(val, int) or isinstance(val, bool):
                raise sc.error(f"{who}.{zone} must be a number (a counter) or a list (a zone)",
                               "setup", who, zone, code="S007")


def _check_actions(sc):
    actions = sc.data.get("actions") or []
    if not isinstance(actions, list):
        raise sc.error("actions: is a list", "actions", code="S009")
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or "player" not in a:
            raise sc.error("an action is a mapping with 'player:' and one verb", "actions", i,
                           code="S009", hint="e.g. {player: alice, cast: Firebolts}")
        _check_player(sc, a["player"], "actions", i, "player")
        verbs = [k for k in a if k not in ACTION_KEYS]
        if len(verbs) != 1:
            raise sc.error(f"an action has exactly one verb; found {verbs or 'none'}",
                           "actions", i, code="S009")


def _check_choices(sc):
    choices = sc.data.get("choices") or []
    if not isinstance(choices, list):
        raise sc.error("choices: is a list", "choices", code="S010")
    for i, c in enumerate(choices):
        if not isinstance(c, dict) or not {"player", "kind", "answer"} <= set(c):
            raise sc.error("a choice is {player: P, kind: K, answer: A}", "choices", i,
                           code="S010")
        _check_player(sc, c["player"], "choices", i, "player")
        if c["kind"] not in CHOICE_KINDS:
            raise sc.error(f"unknown choice kind {c['kind']!r}", "choices", i, "kind",
                           code="S010", hint=did_you_mean(str(c["kind"]), CHOICE_KINDS) or
                           "kinds: " + ", ".join(sorted(CHOICE_KINDS)))
