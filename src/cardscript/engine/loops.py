"""Say what went round when the storyline does not settle: a runaway loop of triggers."""

from __future__ import annotations

from ..errors import RuntimeRuleError


def find_cycle(items: list[str]) -> list[str] | None:
    """The shortest run of items that repeats at the end of `items` (the loop), if any."""
    for size in range(1, len(items) // 2 + 1):
        tail = items[-size:]
        if items[-2 * size:-size] == tail:
            return tail
    return None


def _distinct(items: list[str]) -> list[str]:
    out: list[str] = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


def entry_label(entry: dict) -> str:
    """A trace entry as a loop shows it: its source's name and its kind."""
    return f"{entry['source']} ({entry['kind']})"


def loop_error(trace: list, max_steps: int) -> RuntimeRuleError:
    """The error for a storyline still busy after `max_steps` events.

    Read from the trace when the bound is reached (nothing is tracked while events run): the
    message shows the loop beginning with the event that set it off, so the same cards give
    the same message whatever step the bound cut the loop at; the hint names the cards in it.
    """
    first_seen: dict = {}
    for i, entry in enumerate(trace):
        first_seen.setdefault(entry_label(entry), i)
    recent = trace[-64:]
    labels = [entry_label(e) for e in recent]
    cycle = find_cycle(labels) or _distinct(labels[-12:])
    start = min(range(len(cycle)), key=lambda i: first_seen.get(cycle[i], 0))
    cycle = cycle[start:] + cycle[:start]
    shown = " → ".join(cycle + cycle[:1])
    cards = sorted({e["source"] for e in recent[-2 * len(cycle):] if e["source"] != "game"})
    return RuntimeRuleError(
        f"the storyline did not settle after {max_steps} events: a trigger loop: {shown} → ...",
        None, code="R102",
        hint=f"the cards in the loop: {', '.join(cards) or 'none'}; break the loop in their "
             "text, or raise options.max_steps")
