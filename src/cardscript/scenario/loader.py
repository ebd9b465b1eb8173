"""Read and check a scenario file (docs/scenarios.md).

Every check that needs no ruleset happens here, so a run never meets a value of
the wrong type: each problem is a ScenarioError pointing at the key or value
concerned, with the keys or values allowed there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import userfiles
from ..errors import ScenarioError, Span, did_you_mean
from .setup import CARD_KEYS, check_setup  # noqa: F401 (CARD_KEYS: keys the loader takes)
from .values import (check_plain_values, check_player, describe, is_int, is_scalar, ruleset_of,
                     unknown_key)
from .yamlpos import load_located

TOP_KEYS = {"name", "ruleset", "cards", "players", "active", "seed", "setup", "actions",
            "choices", "options", "expect", "ordered", "description"}
# Keys and question kinds every game has; a ruleset adds its own (`action_keys`,
# `choice_kinds`), read from the scenario's ruleset.
ACTION_KEYS = {"player", "targets", "target", "at", "to", "ability"}
# Keys an action once took that no ruleset reads: each is refused with what to write instead.
DROPPED_ACTION_KEYS = {
    "x": ("no card of any ruleset has an X to choose, so nothing would read it",
          "remove x:"),
    "mode": ("no ruleset reads it: a card's options are chosen while it resolves",
             "remove mode:; answer the option under choices: {player: P, kind: option, "
             "answer: ...}"),
}
CHOICE_KEYS = {"player", "kind", "answer"}
CHOICE_KINDS = {"order", "target", "may", "pay", "option", "cards", "opponent"}
OPTION_KEYS = {"on_missing_choice", "max_steps"}
EXPECT_KEYS = {"trace", "absent", "state", "error"}
ERROR_KEYS = {"code", "message", "kind"}
# The verbs of docs/scenarios.md; a ruleset may add its own (checked when the run starts).
COMMON_VERBS = ("cast", "play", "activate", "pass", "end_turn")


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
    # The card files a run of it read (its `cards:` and the pool): an output never replaces one.
    inputs: list = field(default_factory=list)

    def span(self, *key) -> Span | None:
        """The span of the value at `key` (or of the nearest enclosing value that has one)."""
        while key:
            if tuple(key) in self.marks:
                return self.marks[tuple(key)]
            key = key[:-1]
        return self.marks.get(())

    def key_span(self, *key) -> Span | None:
        """The span of the key itself at the end of `key` ('setup', 'alice' -> 'alice:')."""
        *outer, last = key
        return self.marks.get(tuple(outer) + (("key", last),)) or self.span(*key)

    def error(self, message, *key, hint=None, code="S100") -> ScenarioError:
        """A ScenarioError at the value `key` names, with its source line."""
        return ScenarioError(message, self.span(*key), hint=hint, code=code).with_source(self.text)

    def key_error(self, message, *key, hint=None, code="S100") -> ScenarioError:
        """A ScenarioError at the key `key` names (the word before the ':')."""
        return ScenarioError(message, self.key_span(*key), hint=hint,
                             code=code).with_source(self.text)


def load_scenario(path: str | Path) -> Scenario:
    """Load and check a scenario file; every problem is a ScenarioError pointing into it."""
    try:
        data = userfiles.read_bytes(path)
    except userfiles.Refused as e:
        what = "it is a folder" if e.reason == "a folder" else e.reason
        raise ScenarioError(f"cannot read scenario {e.path}: {what}", None, code="S002",
                            hint="give the path of a scenario file (.yaml)") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        from ..grammar.syntax_errors import not_utf8
        raise not_utf8(data, exc, str(path), ScenarioError, code="S002",
                       hint="save the scenario as UTF-8") from None
    return parse_scenario(text, str(path))


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    """Check a scenario's text; return the Scenario or raise a ScenarioError pointing into it."""
    data, marks = load_located(text, path, plain_text=True)
    sc = Scenario(path, text, data if isinstance(data, dict) else {}, marks)
    if not isinstance(data, dict):
        raise sc.error("a scenario is a YAML mapping of keys (name:, ruleset:, players:, ...)",
                       code="S002", hint="start each top-level key at the beginning of a line, "
                                         "e.g. name: My scenario")
    for k in data:
        if k not in TOP_KEYS:
            raise sc.key_error(f"unknown scenario key {k!r}", k, code="S003",
                               hint=did_you_mean(str(k), TOP_KEYS) or
                               "keys: " + ", ".join(sorted(TOP_KEYS)))
    required = {"name": "name: what the scenario shows",
                "ruleset": "ruleset: NAME (one of: " + ", ".join(_ruleset_names()) + ")",
                "players": "players: [alice, bob] (two or more; the first is the active player)"}
    for req, example in required.items():
        if req not in data:
            raise sc.error(f"the scenario has no {req!r}", code="S004", hint=f"add {example}")
    for key in ("name", "ruleset"):
        if not is_scalar(data[key]) or data[key] is None:
            raise sc.error(f"{key}: must be text", key, code="S005",
                           hint=f"e.g. {required[key]}")
    players = data["players"]
    if not isinstance(players, list) or len(players) < 2 or not all(
            is_scalar(p) and p is not None for p in players):
        raise sc.error("players: needs a list of two or more names", "players", code="S005",
                       hint="e.g. players: [alice, bob]")
    names = [str(p) for p in players]
    for i, p in enumerate(names):
        if p in names[:i]:
            raise sc.error(f"the player {p!r} is listed twice", "players", i, code="S005",
                           hint="give each player their own name")
        if p == "shared":
            raise sc.error("'shared' is the name of the zones that belong to no player",
                           "players", i, code="S005", hint="give the player another name")
    sc.name, sc.ruleset, sc.players = str(data["name"]), str(data["ruleset"]), names
    check_plain_values(sc)
    if "active" in data:
        check_player(sc, data["active"], "active", what="active player")
    if "seed" in data and not is_int(data["seed"]):
        raise sc.error("seed: must be a whole number", "seed", code="S005", hint="e.g. seed: 0")
    for key in ("ordered",):
        if key in data and not isinstance(data[key], bool):
            raise sc.error(f"{key}: must be true or false", key, code="S005")
    _check_cards(sc)
    check_setup(sc, ruleset_of(sc))
    _check_actions(sc)
    _check_choices(sc)
    _check_options(sc)
    _check_expect(sc)
    return sc


def _check_cards(sc):
    cards = sc.data.get("cards")
    if cards is None:
        return
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise sc.error("cards: is a list of card files or folders", "cards", code="S011",
                       hint="e.g. cards: [my-cards/], relative to the scenario's folder")


def action_keys(ruleset) -> set:
    """The keys an action of this ruleset may carry besides its verb."""
    return ACTION_KEYS | set(ruleset.action_keys if ruleset is not None else ())


def choice_kinds(ruleset) -> set:
    """The question kinds a `choices` entry of this ruleset may name."""
    return CHOICE_KINDS | set(ruleset.choice_kinds if ruleset is not None else ())


def _check_actions(sc):
    actions = sc.data.get("actions")
    if actions is None:
        return
    allowed = action_keys(ruleset_of(sc))
    ruleset = ruleset_of(sc)
    lists = {"targets"} | set(ruleset.list_action_keys if ruleset is not None else ())
    if not isinstance(actions, list):
        raise sc.error("actions: is a list", "actions", code="S009",
                       hint="e.g. actions: [{player: alice, cast: CARD}]")
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or "player" not in a:
            raise sc.error("an action is a mapping with 'player:' and one verb", "actions", i,
                           code="S009", hint="e.g. {player: alice, cast: CARD}")
        check_player(sc, a["player"], "actions", i, "player")
        for k in DROPPED_ACTION_KEYS.keys() & a.keys():
            why, hint = DROPPED_ACTION_KEYS[k]
            raise sc.key_error(f"an action takes no {k}: key: {why}", "actions", i, k,
                               code="S009", hint=hint)
        verbs = [k for k in a if k not in allowed]
        if not verbs:
            raise sc.error("this action has no verb", "actions", i, code="S009",
                           hint="add one, e.g. cast: CARD (verbs every ruleset has: " +
                           ", ".join(COMMON_VERBS) + ")")
        if len(verbs) > 1:
            # One of them is likely a misspelt key ('atr: 8'), not a second verb.
            known = _ruleset_verbs(sc)
            odd = next((v for v in verbs if v not in known and
                        did_you_mean(str(v), allowed, cutoff=0.75)), None)
            if odd is not None:
                unknown_key(sc, odd, allowed, "action", "actions", i, code="S009")
            raise sc.key_error(f"an action has one verb; this one has {len(verbs)}: " +
                               ", ".join(map(str, verbs)), "actions", i, verbs[1], code="S009",
                               hint="split it into one action a verb, in the order they happen")
        if a[verbs[0]] is None and verbs[0] not in ("pass", "end_turn"):
            raise sc.key_error(f"{verbs[0]}: needs a value (the card it acts on)", "actions", i,
                               verbs[0], code="S009",
                               hint=f"e.g. {{player: {a['player']}, {verbs[0]}: CARD}}")
        for k, v in a.items():
            where = ("actions", i, k)
            if k == "targets" and not isinstance(v, list):
                raise sc.error("targets: is a list", *where, code="S009",
                               hint="e.g. targets: [CARD, 8]; for one, use target:")
            if k == "ability" and not is_int(v):
                raise sc.error(f"{k}: must be a whole number, not {describe(v)}", *where,
                               code="S009")
            if k in ("at", "to") and not (v is None or is_int(v) or isinstance(v, str)):
                raise sc.error(f"{k}: must be a location (a whole number, or a name), not "
                               f"{describe(v)}", *where, code="S009", hint=f"e.g. {k}: 8")
            if k in lists and k != "targets" and not (isinstance(v, list) or is_scalar(v)):
                raise sc.error(f"{k}: is a list (or one value), not {describe(v)}", *where,
                               code="S009", hint=f"e.g. {k}: [CARD, CARD]")
            if k not in lists and not is_scalar(v):
                raise sc.error(f"{k}: must be a single value, not a list or mapping", *where,
                               code="S009")


def _ruleset_names() -> list[str]:
    from .. import rulesets
    return list(rulesets.available())


def _ruleset_verbs(sc) -> set:
    """The action verbs of the scenario's ruleset (only the common ones if it is unknown)."""
    ruleset = ruleset_of(sc)
    return set(COMMON_VERBS) | set(ruleset.actions if ruleset is not None else ())


def _check_choices(sc):
    choices = sc.data.get("choices")
    if choices is None:
        return
    if not isinstance(choices, list):
        raise sc.error("choices: is a list", "choices", code="S010",
                       hint="e.g. choices: [{player: bob, kind: target, answer: CARD}]")
    kinds = choice_kinds(ruleset_of(sc))
    for i, c in enumerate(choices):
        if not isinstance(c, dict):
            raise sc.error("a choice is {player: P, kind: K, answer: A}", "choices", i,
                           code="S010")
        for k in c:
            if k not in CHOICE_KEYS:
                unknown_key(sc, k, CHOICE_KEYS, "choice", "choices", i, code="S010")
        missing = [k for k in ("player", "kind", "answer") if k not in c]
        if missing:
            raise sc.error(f"this choice has no {missing[0]!r}", "choices", i, code="S010",
                           hint="a choice is {player: P, kind: K, answer: A}")
        check_player(sc, c["player"], "choices", i, "player")
        if not isinstance(c["kind"], str) or c["kind"] not in kinds:
            raise sc.error(f"unknown choice kind {c['kind']!r}", "choices", i, "kind",
                           code="S010", hint=did_you_mean(str(c["kind"]), kinds) or
                           "kinds: " + ", ".join(sorted(kinds)))
        ans = c["answer"]
        if isinstance(ans, dict) or (isinstance(ans, list) and
                                     not all(is_scalar(x) for x in ans)):
            raise sc.error("an answer is a value or a list of values", "choices", i, "answer",
                           code="S010")


def _check_options(sc):
    opts = sc.data.get("options")
    if opts is None:
        return
    if not isinstance(opts, dict):
        raise sc.error("options: is a mapping", "options", code="S003",
                       hint="e.g. options: {on_missing_choice: first}")
    for k in opts:
        if k not in OPTION_KEYS:
            raise sc.key_error(f"unknown option {k!r}", "options", k, code="S003",
                               hint=" ".join(filter(None, [
                                   did_you_mean(str(k), OPTION_KEYS),
                                   "options: " + ", ".join(sorted(OPTION_KEYS))])))
    if opts.get("on_missing_choice", "error") not in ("error", "first"):
        raise sc.error("on_missing_choice must be 'error' or 'first'", "options",
                       "on_missing_choice", code="S003")
    steps = opts.get("max_steps")
    if steps is not None and (not is_int(steps) or steps < 1):
        raise sc.error("max_steps must be a whole number above 0", "options", "max_steps",
                       code="S003", hint="e.g. max_steps: 10000")


def _check_expect(sc):
    expect = sc.data.get("expect")
    if expect is None:
        return
    if not isinstance(expect, dict):
        raise sc.error("expect: is a mapping (trace:, absent:, state:, error:)", "expect",
                       code="S015")
    for k, v in expect.items():
        if k not in EXPECT_KEYS:
            unknown_key(sc, k, EXPECT_KEYS, "expect block", "expect", code="S015")
        if k in ("trace", "absent") and not (isinstance(v, list) and
                                             all(isinstance(e, dict) for e in v)):
            raise sc.error(f"expect.{k} is a list of trace entries", "expect", k, code="S015",
                           hint="e.g. - {source: CARD, status: done}")
        if k == "state" and not (isinstance(v, dict) and all(isinstance(p, str) for p in v)):
            raise sc.error("expect.state is a mapping of state paths to values", "expect", k,
                           code="S015", hint="e.g. alice.hand: [CARD], card.ID.damage: 2")
        if k == "error":
            _check_expected_error(sc, v)


def _check_expected_error(sc, want):
    """`error:` is text the error's message contains (or its code), or {code:, message:}."""
    if isinstance(want, str) and want.strip():
        return
    if isinstance(want, dict) and want:
        for k, v in want.items():
            if k not in ERROR_KEYS:
                unknown_key(sc, k, ERROR_KEYS, "expected error", "expect", "error",
                            code="S015")
            if not (isinstance(v, str) and v.strip()):
                raise sc.error(f"expect.error.{k} must be text, not {describe(v)}", "expect",
                               "error", k, code="S015", hint="e.g. code: S206")
        return
    raise sc.error(f"expect.error is the error the run must stop with, not {describe(want)}",
                   "expect", "error", code="S015",
                   hint="words of its message (error: \"unknown card\"), its code "
                        "(error: S206), or both: {code: S206, message: \"...\"}")
