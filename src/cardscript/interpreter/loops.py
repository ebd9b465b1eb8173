"""Say why the storyline did not settle: a trigger loop, or only a bound that was reached.

A run stops at one of two bounds (docs/engine.md): `max_steps` events resolved, or
`REPEATS_PER_STEP * max_steps` repetitions of 'N times' done. A trigger loop is named only
when there really is one: following each event back to the event that set it off (each
trace entry's `cause`) comes round to the same cards again, at least twice. Many copies of
a card that each trigger once, or one event resolving in many parts, are no loop.
"""

from __future__ import annotations

from ..errors import RuntimeRuleError

REPEATS_PER_STEP = 5        # the repetition bound is this many times max_steps
_CHAIN_MAX = 4096           # how far back a chain of causes is followed


_CYCLE_MAX = 256            # the longest loop looked for (in events)


def find_cycle(keys: list) -> int | None:
    """The length of the shortest run of keys that repeats at the end of `keys`, if any."""
    for size in range(1, min(len(keys) // 2, _CYCLE_MAX) + 1):
        if keys[-2 * size:-size] == keys[-size:]:
            return size
    return None


def entry_label(entry: dict) -> str:
    """A trace entry as a loop shows it: its source's name and its kind."""
    return f"{entry['source']} ({entry['kind']})"


def _event_label(ev) -> str:
    return f"{ev.source.name if ev.source is not None else 'game'} ({ev.kind})"


def _event_key(ev) -> tuple:
    return (ev.source.id if ev.source is not None else "game", ev.kind)


def trigger_loop(trace: list, waiting=None) -> list[str] | None:
    """The labels of a real trigger loop, oldest first, or None.

    The chain runs from `waiting` (the event that would resolve next) or the last entry back
    through what set each one off; the loop is a run of (card, kind) that repeats there.
    """
    by_id: dict = {}
    chain: list = []                       # (key, label), newest first
    if waiting is not None:
        chain.append((_event_key(waiting), _event_label(waiting)))
        at = waiting.cause
    else:
        at = trace[-1]["id"] if trace else None
    if at is not None:
        by_id = {e["id"]: e for e in trace[-_CHAIN_MAX:]}
    while at is not None and len(chain) < _CHAIN_MAX:
        entry = by_id.get(at)
        if entry is None:
            break
        chain.append(((entry["source_id"], entry["kind"]), entry_label(entry)))
        at = entry.get("cause")
    chain.reverse()                        # oldest first
    size = find_cycle([k for k, _ in chain])
    if size is None:
        return None
    return [label for _, label in chain[-size:]]


def loop_error(game) -> RuntimeRuleError:
    """The error for a storyline still busy after `game.max_steps` events.

    A real loop is shown beginning with the event of it that came first in the trace, so the
    same cards give the same message whatever step the bound cut the loop at; the hint names
    the cards in it. Without a loop the message says which bound was reached and how to
    raise it.
    """
    trace, max_steps = game.trace, game.max_steps
    waiting = game.storyline[0] if game.storyline else None
    cycle = trigger_loop(trace, waiting)
    if cycle is None:
        doing = ""
        if waiting is not None and waiting.root_id is not None:
            doing = f", while {_event_label(waiting)} was resolving in parts " \
                    f"(part {waiting.part} was next)"
        elif waiting is not None:
            doing = f"; {_event_label(waiting)} was next"
        return RuntimeRuleError(
            f"the storyline did not settle after {max_steps:,} event{'s' * (max_steps != 1)}: "
            f"the step bound "
            f"options.max_steps ({max_steps:,}) was reached{doing}", None, code="R102",
            hint=f"no trigger loop: nothing here sets itself off again; if the game needs more "
                 f"events, raise options.max_steps (now {max_steps:,})")
    first_seen: dict = {}
    for i, entry in enumerate(trace):
        first_seen.setdefault(entry_label(entry), i)
    start = min(range(len(cycle)), key=lambda i: first_seen.get(cycle[i], len(trace)))
    cycle = cycle[start:] + cycle[:start]
    shown = " → ".join(cycle + cycle[:1])
    cards = sorted({label.rsplit(" (", 1)[0] for label in cycle} - {"game"})
    return RuntimeRuleError(
        f"the storyline did not settle after {max_steps} events: a trigger loop: {shown} → ...",
        None, code="R102",
        hint=f"the cards in the loop: {', '.join(cards) or 'none'}; break the loop in their "
             "text, or raise options.max_steps")


def repeat_error(game, ev) -> RuntimeRuleError:
    """The error for an effect that repeated past the repetition bound ('N times')."""
    bound = game.max_repeats
    what = _event_label(ev) if ev is not None else "an effect"
    return RuntimeRuleError(
        f"the storyline did not settle: {what} repeated its effect past the bound of "
        f"{bound:,} repetitions ({REPEATS_PER_STEP} × options.max_steps)", None, code="R103",
        hint=f"each repetition of 'N times' counts; if the game needs more, raise "
             f"options.max_steps (now {game.max_steps:,})")
