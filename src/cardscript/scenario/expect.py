"""Check a run's result against a scenario's `expect` block."""

from __future__ import annotations

from collections import Counter


def _eq(want, got) -> bool:
    if isinstance(got, tuple):
        got = list(got)          # a trace entry's `storyline` is a tuple (it is never edited)
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


def resolve_path(state: dict, path: str):
    """Look up 'bob.hand', 'alice.life', 'card.caravan.at', 'active', 'shared.story'."""
    parts = path.split(".")
    head = parts[0]
    if head in ("active", "winner") and len(parts) == 1:
        return True, state.get(head)
    if head == "card" and len(parts) >= 3:
        ref, field = parts[1], ".".join(parts[2:])
        cards = [c for c in state["cards"] if c["id"] == ref] or \
            [c for c in state["cards"] if c["name"] == ref]
        if not cards:
            return False, f"no card {ref!r}"
        value = cards[0]
        for part in field.split("."):            # card.<id>.counters.mana: a nested field
            value = value.get(part) if isinstance(value, dict) else None
        return True, value
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
        return False, f"{head} has no zone or counter {parts[1]!r}"
    return False, f"cannot read state path {path!r}"


def check(expect: dict, result: dict, *, ordered: bool = False) -> list[str]:
    """Every way the result differs from the expectation, in words (empty: it passed)."""
    problems = []
    if not result["ok"]:
        if expect.get("error"):
            if str(expect["error"]).lower() not in result["error"]["message"].lower():
                problems.append(f"expected error containing {expect['error']!r}, got "
                                f"{result['error']['message']!r}")
            return problems
        err = result["error"]
        where = f" at {err['file']}:{err['line']}:{err['column']}" if err.get("line") else ""
        hint = f" (hint: {err['hint']})" if err.get("hint") else ""
        return [f"the run failed{where}: {err['message']}{hint}"]
    trace = result["trace"]
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
    for path, want in (expect.get("state") or {}).items():
        ok, got = resolve_path(result["state"], path)
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
