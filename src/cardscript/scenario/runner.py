"""Play a scenario: build the board, perform the actions, return the JSON of docs/scenarios.md."""

from __future__ import annotations

from pathlib import Path

from .. import rulesets, userfiles
from ..cardcache import card_files, load_pool, pool_files_read
from ..compiler import compile_files
from ..interpreter.choices import ScriptedAnswers
from ..interpreter.game import Game
from ..interpreter.select import matches
from ..interpreter.state import GameState
from ..errors import (CardScriptError, ChoiceError, RuntimeRuleError, ScenarioError, Span,
                      did_you_mean, excerpt)
from ..grammar import parse_file
from ..grammar.ruleset_line import file_ruleset_line
from .boards import PLACE_FIELDS, shown_fields
from .loader import Scenario, action_keys


def card_roots(sc: Scenario, ruleset, allowed=()) -> list[Path]:
    """The folders a scenario's `cards:` may read: its own folder tree, the ruleset's bundled
    pool, and the folders the user allowed (`--allow-path`)."""
    roots = [Path(sc.path).parent]
    if ruleset.pool_dir is not None:
        roots.append(ruleset.pool_dir)
    return roots + [Path(a) for a in allowed]


def load_cards(sc: Scenario, ruleset, pool: dict, allowed=()) -> dict:
    """The pool plus the scenario's own `cards:` files (which replace same-named cards).

    Each path is checked before anything is opened: it must stand, symlinks resolved, in one
    of `card_roots` (a refused path is named, never read); then only regular files are read.
    """
    extra = sc.data.get("cards") or []
    if not extra:
        return pool
    base = Path(sc.path).parent
    roots = card_roots(sc, ruleset, allowed)
    files = []
    for i, rel in enumerate(extra):
        p = base / str(rel)
        shown = excerpt(str(rel))
        if "\0" in str(rel):
            raise sc.error("a card path cannot hold a NUL character", "cards", i, code="S011",
                           hint="paths in cards: are relative to the scenario's folder")
        if not userfiles.inside(p, roots):
            raise sc.error(f"the card path {shown!r} is outside the scenario's folder and the "
                           f"{ruleset.name} pool", "cards", i, code="S011",
                           hint="a scenario reads card files only in its own folder tree and "
                                "the bundled pool; to allow another folder, pass "
                                "--allow-path DIR")
        try:
            exists = p.exists()
        except OSError as exc:       # a name too long, a loop of symlinks
            raise sc.error(f"cannot read card path {shown!r}: "
                           f"{(exc.strerror or str(exc)).lower()}", "cards", i,
                           code="S011", hint="paths in cards: are relative to the scenario's "
                                             "folder") from None
        if not exists:
            raise sc.error(f"no card file or folder {shown!r}", "cards", i, code="S011",
                           hint=f"paths in cards: are relative to the scenario's folder, "
                                f"{base.as_posix()}")
        try:
            found = card_files(p)
        except CardScriptError as e:
            raise sc.error(e.message, "cards", i, code="S011", hint=e.hint) from None
        for f in found:
            if not userfiles.inside(f, roots):   # a symlink in the tree that leads out of it
                raise sc.error(f"the card file {excerpt(str(f))!r} leads outside "
                               f"the scenario's folder and the {ruleset.name} pool", "cards",
                               i, code="S011", hint="to allow another folder, pass "
                                                    "--allow-path DIR")
        files.extend(found)
    sc.inputs.extend(files)
    for f in files:
        _same_ruleset(f, ruleset.name)
    try:
        compiled = compile_files([parse_file(f) for f in files], ruleset.language, base=pool)
    except CardScriptError as e:
        raise e.with_source_file() from None      # the error points into the card file
    return {**pool, **compiled}


def _same_ruleset(path: Path, name: str) -> None:
    """A card file whose ruleset line names another game cannot be played in this one."""
    found = file_ruleset_line(path)
    if found is not None and found.name != name:
        raise CardScriptError(f"{path.name} is written for {found.name!r}, but this scenario "
                              f"plays {name!r}", found.span, code="E002",
                              source_line=found.line,
                              hint=f"load it from a {found.name} scenario, or change its "
                                   "ruleset line")


def build_state(sc: Scenario, ruleset, cards: dict) -> GameState:
    """Lay out the `setup` block: counters, zones, cards in play."""
    fewest, most = getattr(ruleset, "player_count", (2, None))
    if len(sc.players) < fewest or (most is not None and len(sc.players) > most):
        allowed = f"{fewest}" if fewest == most else \
            f"{fewest} or more" if most is None else f"{fewest} to {most}"
        raise sc.error(f"{ruleset.name} is a game for {allowed} players; the scenario names "
                       f"{len(sc.players)}", "players", code="S005",
                       hint="e.g. players: [" + ", ".join(
                           (sc.players + ["bob", "carol"])[:max(fewest, min(len(sc.players), most or 99))]) + "]")
    state = GameState(sc.players, ruleset.zones, ruleset.counters, ruleset.card_ext)
    state.shared_counters.update(getattr(ruleset, "shared_counters", None) or {})
    active = sc.data.get("active", sc.players[0])
    if active not in sc.players:
        raise sc.error(f"active player {active!r} is not among the players", "active",
                       code="S006", hint="players: " + ", ".join(sc.players))
    state.active = active
    geo = ruleset.geometry
    # The ruleset's card keys that set a stat over the card's own ("count_or_true": true is 1).
    stat_keys = [k for k, t in ruleset.card_keys.items() if t in ("count", "count_or_true")]
    setup = sc.data.get("setup") or {}
    # The game's own card fields: where a card stands beside `at:`, and the card it is linked to.
    place_keys = [n for n, f in ruleset.card_ext.items() if f.type == "place"]
    link_keys = [n for n, f in ruleset.card_ext.items() if f.type in ("card", "held_by")]
    links: list = []             # (card, link key, ref, yaml key)
    for who, zones in setup.items():
        for zone, val in (zones or {}).items():
            key = ("setup", who, zone)
            if val is None:                # left empty: an empty zone (the loader checked it)
                if who == "shared":
                    state.shared.setdefault(zone, [])
                continue
            if not isinstance(val, list):
                if who == "shared":
                    state.shared_counters[zone] = val
                    continue
                state.players[who].counters[zone] = val
                state.players[who].set_counters.add(zone)
                continue
            if who == "shared":
                state.shared.setdefault(zone, [])
            places = []         # (kind, at, {place key: value}, linked), for check_places
            for i, entry in enumerate(val):
                entry = entry if isinstance(entry, dict) else {"card": entry}
                name = str(entry["card"])
                if name not in cards:
                    raise sc.error(f"unknown card {name!r}", *key, i, code="S013",
                                   hint=did_you_mean(name, cards) or
                                   f"the {ruleset.name} pool has no such card; add it with cards:")
                places.append((cards[name].kind, entry.get("at"),
                               {k: entry.get(k) for k in place_keys},
                               any(entry.get(k) is not None for k in link_keys)))
                cid = str(entry["id"]) if entry.get("id") is not None else None
                if cid in state.cards:
                    raise sc.error(f"the id {cid!r} is already the id of another card of the "
                                   "setup", *key, i, "id", code="S008",
                                   hint="a card without id: takes its name as its id (then "
                                        "NAME#2, ...); give this one another id")
                owner = sc.players[0] if who == "shared" else who
                card = state.new_card(cards[name], owner, cid)
                controller = entry.get("controller", owner)
                card.owner = owner if who != "shared" else controller
                card.controller = controller
                if who == "shared":
                    state.place(card, zone, None)
                else:
                    state.place(card, zone,
                                controller if zone in ruleset.policy.play_zones else who)
                if zone in ruleset.policy.play_zones:
                    card.incarnation = 1
                    at = entry.get("at")
                    card.at = geo.parse_location(at) if geo is not None and at is not None else at
                    state.entered(card, card.at)
                    for k in place_keys:
                        if entry.get(k):
                            card.ext[k] = entry[k]
                card.damage = int(entry.get("damage", 0))
                card.tapped = bool(entry.get("tapped", entry.get("exhausted", False)))
                for flag in ruleset.card_flags:
                    if entry.get(flag):
                        card.flags.add(flag)
                card.counters.update(entry.get("counters") or {})
                # The scenario's stats, over the card's own (`ward: true` is one ward token).
                overrides = {k: int(entry[k]) for k in stat_keys if k in entry}
                if overrides:
                    card.extra["stats"] = overrides
                for link in link_keys:
                    if entry.get(link) is not None:
                        links.append((card, link, str(entry[link]), key + (i, link)))
            if zone in ruleset.policy.play_zones:
                _check_places(sc, ruleset, zone, places, key)
    state.touch()                 # the lists above were filled directly
    for card, link, ref, where in links:
        other = state.cards.get(ref) or next(
            (c for c in state.cards.values() if c.name == ref), None)
        if other is None or other is card:
            raise sc.error(f"{link}: no card {ref!r} in the setup", *where, code="S013",
                           hint=did_you_mean(ref, list(state.cards)) or
                           "name a card of the setup by its id or name")
        state.link(card, link, other)
        if other.zone in ruleset.policy.play_zones and card.zone in ruleset.policy.play_zones:
            state.stand_with(card, other)                   # it stands where its bearer does
    return state


def _check_places(sc: Scenario, ruleset, zone: str, places: list, key: tuple) -> None:
    """The ruleset judges where the setup put the cards of a zone in play (`at:` and its
    place fields)."""
    if ruleset.check_places is not None:
        bad = ruleset.check_places(zone, places)
        if bad is not None:
            i, k, message, hint = bad
            raise sc.error(message, *key, i, *([k] if k else []), code="S008", hint=hint)
        return
    for i, (_, at, where, _) in enumerate(places):
        for k, given in (("at", at), *where.items()):
            if given is not None:
                raise sc.error(f"{ruleset.name} has no locations: a card in {zone} takes no "
                               f"{k}:", *key, i, k, code="S008", hint=f"remove {k}:")


def keywords(game, card, grants: list) -> list[str]:
    """The keywords a card has now, printed or given by an ongoing effect ('lethal', 'ward 2').

    `grants` is `game.statics("grant")`, read once for the whole board: asking
    `Game.has_keyword` card by card would scan every card in play for each card.
    """
    printed = card.tpl.keywords
    names = set(printed) | set(card.granted)
    for src, _, args in grants:
        kw = args.get("keyword")
        if kw and kw not in names and matches(game, args["what"], card, None, source=src):
            names.add(kw)
    if game.statics("revoke"):           # a keyword an ongoing effect takes away is gone
        names = {kw for kw in names if not game.revoked(card, kw)}
    return [f"{kw} {printed[kw]}" if printed.get(kw) not in (None, True) else kw
            for kw in sorted(names)]


def state_json(game) -> dict:
    """The board as the `state` object of docs/scenarios.md."""
    st = game.state
    players = {p: {"counters": dict(ps.counters),
                   "zones": {z: [c.name for c in cards] for z, cards in ps.zones.items()}}
               for p, ps in st.players.items()}
    extra, grants = game.ruleset.card_fields, game.statics("grant")
    cards = [{"id": c.id, "name": c.name, "owner": c.owner, "controller": c.controller,
              "zone": c.zone, "at": c.at, **shown_fields(c, PLACE_FIELDS),
              "damage": c.damage,
              "tapped": c.tapped, "exhausted": c.tapped,      # the setup's two words for it
              "flags": sorted(c.flags), "counters": dict(c.counters),
              "keywords": keywords(game, c, grants), **(extra(game, c) if extra else {})}
             for c in st.cards.values()]
    return {"active": st.active, "winner": st.winner, "over": st.over, "players": players,
            "shared": {"zones": {z: [c.name for c in cs] for z, cs in st.shared.items()},
                       "counters": dict(st.shared_counters)},
            "cards": cards}


def run_scenario(sc: Scenario, allowed=(), *, boards: bool = False, ask=None) -> dict:
    """Play the scenario; never raises for bad input: problems land in `ok`/`error`.

    `allowed` names folders beyond the scenario's own and the pool that `cards:` may read.
    With `boards`, the result also holds the board at each step (scenario/boards.py); `ask`
    answers a question the `choices` left unanswered (interpreter/choices.py: ScriptedAnswers).
    """
    result = {"scenario": sc.name, "ruleset": sc.ruleset, "ok": True, "error": None,
              "trace": [], "state": None, "warnings": []}
    game = recorder = None
    try:
        ruleset = rulesets.get(sc.ruleset)
    except ScenarioError as e:
        e.span = sc.span("ruleset")
        e.with_source(sc.text)
        return _fail(result, e, None)
    try:
        pool = load_pool(ruleset)
        sc.inputs.extend(pool_files_read(ruleset))
        cards = load_cards(sc, ruleset, pool, allowed)
        state = build_state(sc, ruleset, cards)
        opts = sc.data.get("options") or {}
        spans: dict = {}         # an answer's span, and each item's of a list answer
        for i, choice in enumerate(sc.data.get("choices") or []):
            spans[i] = sc.span("choices", i, "answer")
            for j, _ in enumerate(choice["answer"] if isinstance(choice["answer"], list) else ()):
                spans[(i, j)] = sc.span("choices", i, "answer", j)
        answers = ScriptedAnswers(sc.data.get("choices") or [],
                                  opts.get("on_missing_choice", "error"), spans, ask=ask)
        game = Game(ruleset, state, answers, seed=int(sc.data.get("seed", 0)),
                    max_steps=opts.get("max_steps"))
        game.templates = cards
        if boards:
            from .boards import BoardRecorder
            recorder = BoardRecorder(game, ruleset, sc.data.get("actions") or [])
            game.observer = recorder.after_entry
        if ruleset.on_start is not None:
            ruleset.on_start(game)
        for i, action in enumerate(sc.data.get("actions") or []):
            verb = next(k for k in action if k not in action_keys(ruleset))
            if state.over:
                raise sc.key_error(f"illegal action: the game is over: {state.ended_by}",
                                   "actions", i, verb, code="S206",
                                   hint="remove the actions after the one that ended the game")
            handler = ruleset.actions.get(verb)
            if handler is None:
                raise sc.key_error(f"unknown action {verb!r} for {ruleset.name}", "actions", i,
                                   verb, code="S014", hint=" ".join(filter(None, [
                                       did_you_mean(str(verb), ruleset.actions),
                                       f"{ruleset.name} actions: " +
                                       ", ".join(sorted(ruleset.actions))])))
            if recorder is not None:
                recorder.action = i
            try:
                handler(game, action["player"], action)
            except CardScriptError as e:
                raise _at_action(e, sc, i, verb) from None
        for (player, kind), queue in answers.queues.items():
            for _, ans in queue:
                result["warnings"].append(f"unused answer: {player} {kind} {ans!r}")
    except CardScriptError as e:
        _fail(result, e, game)
    else:
        result["trace"] = game.trace
        result["state"] = state_json(game)
    if recorder is not None:
        result["boards"] = recorder.finish()
    return result




def _at_action(e: CardScriptError, sc: Scenario, i: int, verb) -> CardScriptError:
    """Point an error raised while action `i` was played at the scenario's YAML.

    An answer that is not legal already points at its choice; an error that names an action
    key (`at`, `target`) points at its value; a question with no answer, or a run that did not
    settle, points at the action as a whole ('cast: CARD'); any other at the verb's value.
    """
    if e.span is None:
        if e.key is not None and e.key in sc.data["actions"][i]:
            e.span = sc.span("actions", i, e.key)
        elif isinstance(e, (ChoiceError, RuntimeRuleError)):
            start, end = sc.key_span("actions", i, verb), sc.span("actions", i, verb)
            e.span = Span(start.file, start.line, start.column, end.end_line, end.end_column) \
                if start and end else sc.span("actions", i)
        else:
            e.span = sc.span("actions", i, verb)
    if e.span is not None and e.span.file == sc.path:
        e.with_source(sc.text)
    return e


def error_json(err: CardScriptError) -> dict:
    """The `error` object of `run --json`: kind, code, message, hint, where, and the text."""
    return {**err.to_dict(), "text": err.format()}


def _fail(result, err: CardScriptError, game) -> dict:
    result["ok"] = False
    result["error"] = error_json(err)
    if game is not None:
        result["trace"] = game.trace
        result["state"] = state_json(game)
    return result
