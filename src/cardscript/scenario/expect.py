"""Check a run's result against a scenario's `expect` block.

`verdict` is what `cardscript test` reports for one scenario: passed, failed (with what
differed), or nothing to check (no `expect`, or one that names nothing: a run that merely
finishes proves nothing, so it is not counted as passed).
"""

from __future__ import annotations

from collections import Counter

from ..errors import did_you_mean
from ..interpreter.waiting import Waiting

PASSED, FAILED, UNCHECKED = "passed", "failed", "nothing to check"
# The fields of a trace entry (scenarios.md), besides those a run's own entries show.
TRACE_FIELDS = ("id", "status", "kind", "source", "source_id", "controller", "text", "parent",
                "subject", "subjects", "from", "to", "part", "did", "storyline", "split", "paid")


def _eq(want, got) -> bool:
    if isinstance(got, (tuple, Waiting)):
        got = list(got)          # an entry's `did` is a tuple, its `storyline` a Waiting
    if want == got:
        return True
    if isinstance(want, list) and isinstance(got, list):
        return False
    return str(want).strip().lower() == str(got).strip().lower()


def entry_matches(want: dict, got: dict) -> bool:
    """A trace entry matches when every field the expectation names is equal."""
    return all(_eq(v, got.get(k)) for k, v in want.items())


def _describe(e: dict) -> str:
    keys = ("id", "status", "kind", "source", "subject", "from", "to", "parent")
    return "{" + ", ".join(f"{k}: {e.get(k)}" for k in keys if e.get(k) is not None) + "}"


def _unknown(word: str, known, noun: str, owner: str = "", plural: str = "") -> str:
    """"card 'x' has no field 'atk'; did you mean 'at'? fields: ..." in words."""
    return " ".join(filter(None, [f"{owner + ' has ' if owner else ''}no {noun} {word!r};",
                                  did_you_mean(word, known),
                                  f"{plural or noun + 's'}: " + ", ".join(known)]))


def _card_field(card: dict, ref: str, parts: list[str]):
    """(found, value or problem) for card.<ref>.<parts...>; a counter never put is 0."""
    field, rest = parts[0], parts[1:]
    if field not in card:
        return False, _unknown(field, list(card), "field", f"card {ref!r}")
    value = card[field]
    for part in rest:
        if field == "counters":
            value = value.get(part, 0) if isinstance(value, dict) else None
            field = f"counters.{part}"
        elif isinstance(value, dict) and part in value:
            value, field = value[part], f"{field}.{part}"
        else:
            return False, f"card {ref!r}: {field} has no part {part!r}"
    return True, value


def resolve_path(state: dict, path: str):
    """Look up 'bob.hand', 'alice.life', 'card.caravan.at', 'active', 'shared.story'.

    Returns (True, value), or (False, what is wrong with the path, in words).
    """
    parts = path.split(".")
    head = parts[0]
    if head in ("active", "winner", "over") and len(parts) == 1:
        return True, state.get(head)
    if head == "card" and len(parts) >= 3:
        ref = parts[1]
        cards = [c for c in state["cards"] if c["id"] == ref] or \
            [c for c in state["cards"] if c["name"] == ref]
        if not cards:
            return False, " ".join(filter(None, [
                f"no card {ref!r}", did_you_mean(ref, [c["id"] for c in state["cards"]])]))
        return _card_field(cards[0], ref, parts[2:])
    if head == "shared" and len(parts) == 2:
        counters = state["shared"].get("counters") or {}
        if parts[1] in counters:
            return True, counters[parts[1]]
        return True, state["shared"]["zones"].get(parts[1], [])
    if head in state["players"] and len(parts) == 2:
        p = state["players"][head]
        if parts[1] in p["zones"]:
            return True, p["zones"][parts[1]]
        if parts[1] in p["counters"]:
            return True, p["counters"][parts[1]]
        return False, _unknown(parts[1], [*p["zones"], *p["counters"]], "zone or counter",
                               head, "zones and counters")
    close = did_you_mean(head, [*state["players"], "card", "shared", "active", "winner",
                                "over"]) if head not in ("card", "shared") else None
    return False, " ".join(filter(None, [
        f"cannot read state path {path!r};", close, "paths: PLAYER.ZONE, PLAYER.COUNTER, "
        "card.ID.FIELD, shared.NAME, active, winner, over; players: " +
        ", ".join(state["players"])]))


def _error_problems(want, err: dict) -> list[str]:
    """How the error the run stopped with differs from `expect.error`."""
    got = f"{err.get('code')}: {err['message']!r}"
    if isinstance(want, dict):
        bad = [k for k, v in want.items()
               if (k == "message" and str(v).lower() not in err["message"].lower()) or
               (k != "message" and str(v).strip().lower() != str(err.get(k)).lower())]
        return [f"expected error {want}, got {got}"] if bad else []
    text = str(want).strip().lower()
    if text == str(err.get("code")).lower() or text in err["message"].lower():
        return []
    return [f"expected error containing {want!r}, got {got}"]


def _trace_problems(expect: dict, trace: list) -> list[str]:
    problems = []
    known = list(dict.fromkeys([*TRACE_FIELDS, *(k for e in trace for k in e)]))
    for group in ("trace", "absent"):
        for want in expect.get(group) or []:
            problems += [f"{group} entry {want}: " + _unknown(str(k), known, "field")
                         for k in want if k not in known]
    if problems:
        return problems
    pos = 0
    for i, want in enumerate(expect.get("trace") or []):
        j = next((k for k in range(pos, len(trace)) if entry_matches(want, trace[k])), None)
        if j is None:
            near = [e for e in trace if any(_eq(v, e.get(k)) for k, v in want.items()
                                            if k in ("source", "kind", "subject"))][:3]
            earlier = next((k for k in range(0, pos) if entry_matches(want, trace[k])), None)
            where = " (it appears earlier, out of order)" if earlier is not None else ""
            problems.append(f"trace entry {i + 1} {want} not found{where}; nearest: " +
                            ("; ".join(_describe(e) for e in near) or "none"))
            continue
        pos = j + 1
    for want in expect.get("absent") or []:
        hits = [e for e in trace if entry_matches(want, e)]
        if hits:
            problems.append(f"entry {want} should be absent, found {_describe(hits[0])}")
    return problems


def _state_problems(expect: dict, state: dict | None, ordered: bool) -> list[str]:
    problems = []
    for path, want in (expect.get("state") or {}).items():
        if state is None:
            problems.append(f"state {path}: the run stopped before the board was laid out")
            continue
        ok, got = resolve_path(state, path)
        if not ok:
            problems.append(f"state {path}: {got}")
            continue
        if isinstance(want, list) and isinstance(got, list):
            same = [str(x) for x in want] == [str(x) for x in got] if ordered else \
                Counter(map(str, want)) == Counter(map(str, got))
            if not same:
                problems.append(f"state {path}: expected {want}, got {got}")
        elif not _eq(want, got):
            problems.append(f"state {path}: expected {want!r}, got {got!r}")
    return problems


def check(expect: dict, result: dict, *, ordered: bool = False) -> list[str]:
    """Every way the result differs from the expectation, in words (empty: it passed).

    With `error:` the run must stop with that error (its code, or words of its message),
    and what it did before stopping must match the rest of the block; without it, the run
    must finish.
    """
    wanted = expect.get("error")
    if not result["ok"]:
        err = result["error"]
        if not wanted:
            where = f" at {err['file']}:{err['line']}:{err['column']}" if err.get("line") else ""
            hint = f" (hint: {err['hint']})" if err.get("hint") else ""
            return [f"the run failed{where}: {err['message']}{hint}"]
        problems = _error_problems(wanted, err)
        if problems:
            return problems
    elif wanted:
        return [f"expected the run to stop with an error ({wanted!r}), but it finished "
                f"without one"]
    return _trace_problems(expect, result["trace"]) + \
        _state_problems(expect, result["state"], ordered)


def has_checks(expect) -> bool:
    """Whether an `expect` block names anything to check."""
    return isinstance(expect, dict) and any(expect.get(k) for k in ("error", "trace", "absent",
                                                                    "state"))


def verdict(expect, result: dict, *, ordered: bool = False) -> tuple[str, list[str]]:
    """(PASSED | FAILED | UNCHECKED, what differed) for one run of a scenario."""
    if not has_checks(expect):
        problems = [] if result["ok"] else check({}, result)
        return (FAILED if problems else UNCHECKED), problems
    problems = check(expect, result, ordered=ordered)
    return (FAILED if problems else PASSED), problems
