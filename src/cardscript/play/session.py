"""A play session: a scenario's setup, the actions played so far and the answers given.

Nothing here reads a keyboard or draws a screen (play/screen.py does). The session is a
scenario in the making: each action is played by running the scenario again from its setup
with every action and answer so far (the same file and seed always give the same run), so
undoing an action is dropping it, and saving is writing the scenario out with an `expect`
block taken from what happened.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from .. import rulesets, userfiles
from ..errors import CardScriptError, ScenarioError
from ..grammar import parse_file
from ..scenario.loader import Scenario
from ..scenario.runner import run_scenario

_NEEDS = re.compile(r"needs (\w+):")
_KEEP = ("name", "ruleset", "players", "active", "seed", "setup", "options")


class PlaySession:
    """The scenario being played: its setup (`base`), the actions and the answers so far."""

    def __init__(self, base: dict, folder: Path, source: Path | None = None):
        self.base = {k: v for k, v in base.items() if k in _KEEP}
        self.base["options"] = {k: v for k, v in (base.get("options") or {}).items()
                                if k == "max_steps"}
        # Card files by absolute path: the scenario may be saved to another folder.
        self.card_paths = [str((folder / str(c)).resolve()) for c in base.get("cards") or []]
        self.folder = folder
        self.source = source.resolve() if source else None
        self.ruleset = rulesets.get(base["ruleset"])
        self.actions: list[dict] = []
        self.choices: list[dict] = []
        self.marks: list[int] = []          # len(choices) before each action
        self.result = self.replay()

    # --- running ------------------------------------------------------------------------
    def scenario(self, actions=None, *, probe=False) -> Scenario:
        """The session as a scenario to run: the setup, the actions (default: those played)
        and the answers so far; a probe answers any further question with its first answer."""
        data = dict(self.base)
        data["cards"] = self.card_paths
        data["actions"] = list(self.actions if actions is None else actions)
        data["choices"] = list(self.choices)
        if probe:                           # trying an action asks nobody
            data["options"] = {**data.get("options", {}), "on_missing_choice": "first"}
        return Scenario(str(self.folder / "play.yaml"), "", data, {}, data["name"],
                        data["ruleset"], list(data["players"]))

    def replay(self, actions=None, *, ask=None, probe=False) -> dict:
        """Run the setup and the actions (default: those played) with the answers so far."""
        return run_scenario(self.scenario(actions, probe=probe), ask=ask)

    def play(self, action: dict, ask) -> dict:
        """Play one more action, asking `ask(question)` what the answers so far do not say.

        On an error the action and its answers are dropped and the error is in the result.
        """
        mark = len(self.choices)

        def record(q):
            answer = ask(q)
            self.choices.append({"player": q.player, "kind": q.kind, "answer": answer})
            return answer

        result = self.replay(self.actions + [action], ask=record)
        if not result["ok"]:
            del self.choices[mark:]
            return result
        self.actions.append(action)
        self.marks.append(mark)
        self.result = result
        return result

    def undo(self) -> bool:
        """Take back the last action and the answers given during it."""
        if not self.actions:
            return False
        self.actions.pop()
        del self.choices[self.marks.pop():]
        self.result = self.replay()
        return True

    # --- what may be played -------------------------------------------------------------
    def legal_actions(self, player: str) -> list[tuple[dict, str | None, list]]:
        """Every action `player` may play now, found by trying each on a copy of the game.

        The candidates are each action verb of the ruleset with `true` (a verb that takes
        no card, like end_turn), else with each of the player's cards (by name, or id in
        play), each shared zone and each value of a card property; an action that needs a
        further key (`at`, `to`, `target`, ...) is tried with each square of the board or
        card in play. What plays without an error is legal. Each item is (action, key,
        values): the action as it stands, and the key it still needs with its legal values
        (None and [] when it needs none).
        """
        state = self.result.get("state")
        if not state or state.get("over"):
            return []
        verbs, seen = [], set()
        for verb, handler in self.ruleset.actions.items():
            if handler not in seen:
                seen.add(handler)
                verbs.append(verb)
        values = self._values(player, state)
        found: list = []
        for verb in verbs:
            for value in values:
                tried = self._try({"player": player, verb: value}, state)
                if tried is not None:
                    found.append(tried)
                    if value is True:
                        break             # the verb takes no card: its value is not read
        return found

    def _values(self, player: str, state: dict) -> list:
        play_zones = self.ruleset.policy.play_zones
        out: list = [True]
        props: set = set()
        for c in state["cards"]:
            if c["owner"] != player and c["controller"] != player:
                continue
            ref = c["id"] if c["zone"] in play_zones else c["name"]
            if ref not in out:
                out.append(ref)
            tpl = self._template(c["name"])
            if tpl is not None:
                props.update(str(v) for v in tpl.props.values() if isinstance(v, str))
        out.extend(sorted(state["shared"]["zones"]))
        out.extend(sorted(props - set(map(str, out))))
        return out

    def _template(self, name):
        from ..scenario.runner import load_pool
        pool = load_pool(self.ruleset)
        if name in pool:
            return pool[name]
        return self._extra().get(name)

    def _extra(self) -> dict:
        if not hasattr(self, "_extra_cards"):
            from ..compiler import compile_files
            from ..scenario.runner import card_files, load_pool
            files = [f for p in self.card_paths for f in card_files(Path(p))]
            self._extra_cards = compile_files([parse_file(f) for f in files],
                                              self.ruleset.language, base=load_pool(self.ruleset))
        return self._extra_cards

    def _ok(self, action: dict) -> dict:
        return self.replay(self.actions + [action], probe=True)

    def _try(self, action: dict, state: dict):
        result = self._ok(action)
        if result["ok"]:
            return (action, None, [])
        m = _NEEDS.search((result.get("error") or {}).get("message", ""))
        if not m:
            return None
        key = m.group(1)
        legal = [v for v in self._domain(key, action["player"], state)
                 if self._ok({**action, key: v})["ok"]]
        return (action, key, legal) if legal else None

    def _domain(self, key: str, player: str, state: dict) -> list:
        """What a further key of an action may be: a square, or a card in play."""
        geo = self.ruleset.geometry
        if key in ("at", "to") and geo is not None:
            return list(geo.locations())
        play_zones = self.ruleset.policy.play_zones
        return [c["id"] for c in state["cards"] if c["zone"] in play_zones]

    # --- saving -------------------------------------------------------------------------
    def to_scenario(self, path: Path) -> dict:
        """The scenario of what was played, with an `expect` block of what happened."""
        folder = path.resolve().parent
        data = {k: v for k, v in self.base.items() if v or k in ("seed",)}
        cards = []
        for p in self.card_paths:
            p = Path(p)
            try:
                cards.append(p.relative_to(folder).as_posix())
            except ValueError:
                cards.append(p.name)     # copied beside the saved scenario (see save)
        if cards:
            data["cards"] = cards
        data["actions"] = list(self.actions)
        if self.choices:
            data["choices"] = list(self.choices)
        data["expect"] = expect_of(self.result, self.replay([]))
        return data

    def save(self, path: str | Path) -> Path:
        """Write the scenario to `path` (atomically, never over the scenario it came from);
        card files outside its folder are copied beside it."""
        path = Path(path)
        if path.suffix not in (".yaml", ".yml"):
            raise ScenarioError(f"save: {path} is not a .yaml file", None, code="S002",
                                hint="save to a file named like my_game.yaml")
        if self.source is not None and path.resolve() == self.source:
            raise ScenarioError(f"save: {path} is the scenario this game started from", None,
                                code="S002", hint="save to a new file name")
        folder = path.resolve().parent
        if not folder.is_dir():
            raise ScenarioError(f"save: no folder {folder.as_posix()}", None, code="S002",
                                hint="save into an existing folder")
        for p in map(Path, self.card_paths):
            if not p.resolve().is_relative_to(folder):
                _copy_beside(p, folder / p.name)
        text = yaml.safe_dump(self.to_scenario(path), sort_keys=False, allow_unicode=True,
                              width=100, default_flow_style=None)
        _write(path, text, [p for p in [self.source, *self.card_paths] if p is not None])
        return path


def _same(a: Path, b: Path) -> bool:
    if a.is_dir():
        return b.is_dir() and all(_same(x, b / x.relative_to(a)) for x in a.rglob("*.cards"))
    return b.is_file() and a.read_bytes() == b.read_bytes()


def _copy_beside(src: Path, target: Path) -> None:
    """Copy a card file (or a folder of them) to `target`, unless the same is there already."""
    if target.exists():
        if not _same(src, target):
            raise ScenarioError(f"save: {target.as_posix()} exists and holds other cards", None,
                                code="S002", hint="save into another folder")
        return
    files = userfiles.walk(src, (".cards",)) if src.is_dir() else [src]
    for f in files:
        out = target / f.relative_to(src) if src.is_dir() else target
        out.parent.mkdir(parents=True, exist_ok=True)
        try:
            text = userfiles.read_bytes(f).decode("utf-8", "replace")
        except userfiles.Refused as e:
            raise ScenarioError(f"save: cannot copy {e.path}: {e.reason}", None, code="S002",
                                hint="save beside the card files instead") from None
        _write(out, text, [f])


def _write(path: Path, text: str, inputs: list) -> None:
    """The project's atomic writer (userfiles.py): never over an input of the game."""
    try:
        userfiles.write_text_atomic(path, text, inputs=inputs)
    except userfiles.Refused as e:
        raise ScenarioError(f"save: cannot write {e.path}: {e.reason}", None, code="S002",
                            hint="save to a new file in a folder you can write") from None


def expect_of(result: dict, start: dict) -> dict:
    """An `expect` block of a run: each storyline entry in order, and the board at the end
    (every counter, and every zone that holds cards now or did at the start)."""
    trace = [{"source": e["source"], "kind": e["kind"], "status": e["status"]}
             for e in result["trace"]]
    state: dict = {}
    begin = (start.get("state") or {}).get("players", {})
    for p, ps in result["state"]["players"].items():
        for name, value in ps["counters"].items():
            state[f"{p}.{name}"] = value
        for zone, cards in ps["zones"].items():
            if cards or begin.get(p, {}).get("zones", {}).get(zone):
                state[f"{p}.{zone}"] = list(cards)
    return {"trace": trace, "state": state}


def from_scenario(sc: Scenario) -> PlaySession:
    """A session that starts from a scenario's setup (its actions are not played)."""
    return PlaySession(sc.data, Path(sc.path).resolve().parent, Path(sc.path))


def from_cards(card_file: str, ruleset: str, hand: list[str], players=("alice", "bob"),
               ) -> PlaySession:
    """A session from a card file and a ruleset: each player holds the file's cards and
    the `hand` names (cards of the pool) in hand."""
    path = Path(card_file)
    if not path.is_file():
        raise ScenarioError(f"no such card file: {card_file}", None, code="E001",
                            hint="give a card file (.cards)")
    try:
        names = [c.name for c in parse_file(path).cards]
    except CardScriptError as e:
        raise e.with_source_file() from None
    cards = names + list(hand)
    base = {"name": f"A game with {path.name}", "ruleset": ruleset, "cards": [path.name],
            "players": list(players), "seed": 0,
            "setup": {p: {"hand": list(cards)} for p in players}}
    return PlaySession(base, path.resolve().parent)
