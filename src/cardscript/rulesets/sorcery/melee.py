"""Fights of one unit against several: who joins (interceptors, defenders, one at a time) and
how the lone unit's strike is divided among them.

docs/rulesets/sorcery.md, "Several interceptors or defenders", says the rules in words. Every
unit that joins strikes the lone unit with its power; the lone unit strikes once, its power
divided among them as its controller chooses (a `divide` answer). All strikes are worked out
before any lands, as in a fight of two (strikes.py `fight`).
"""

from __future__ import annotations

from itertools import combinations

from ...interpreter.rules import Question
from .first_strike import struck_down
from .lance import first_by_lance
from .stats import stat
from .strikes import strike, strike_several


def join_one_at_a_time(game, player, kind, prompt, options, then=None) -> list:
    """Ask `player` again and again (a `kind` question: a unit, or `none`) which of `options`
    joins, until they answer `none` or none is left; `then(unit)` runs as each one joins."""
    left, joined = list(options), []
    while left:
        legal = [("none", None)] + [(c.id, c) for c in left]
        pick = game.ask(Question(player, kind, prompt, legal))
        if pick is None:
            break
        left.remove(pick)
        joined.append(pick)
        if then is not None:
            then(pick)
    return joined


def shares(total: int, n: int) -> list[tuple[int, ...]]:
    """Every way to divide `total` among `n` units in order (each part 0 or more)."""
    out = []
    for bars in combinations(range(total + n - 1), n - 1):
        edges = (-1,) + bars + (total + n - 1,)
        out.append(tuple(edges[i + 1] - edges[i] - 1 for i in range(n)))
    return out


def divide(game, unit, foes) -> tuple[int, ...]:
    """How the unit's controller divides its power among `foes` (a `divide` question, whose
    answers read '2 to ID, 1 to ID'; not asked when there is one way)."""
    ways = shares(stat(game, unit, "power"), len(foes))
    if len(ways) == 1:
        return ways[0]
    legal = [(", ".join(f"{n} to {c.id}" for n, c in zip(way, foes)), way) for way in ways]
    return game.ask(Question(unit.controller, "divide",
                             f"divide {unit.name}'s strike among " +
                             ", ".join(c.id for c in foes), legal))


def fight_all(game, unit, foes) -> str:
    """`unit` fights every one of `foes` (two or more) at once: each strikes it, and its one
    strike is divided among them. Units carrying a lance strike first, together; then the
    others, together, each only if the lances' strikes have not doomed it (lance.py)."""
    parts = divide(game, unit, foes)
    powers = [stat(game, c, "power") for c in foes]
    lancers = [c for c in [unit, *foes] if first_by_lance(game, c)]
    if not lancers or len(lancers) == len(foes) + 1:
        dealt = strike_several(game, unit, zip(foes, parts))
        taken = [strike(game, c, unit, p) for c, p in zip(foes, powers)]
        return (f"{unit.name} strikes " +
                ", ".join(f"{c.name} for {n}" for c, n in zip(foes, dealt)) + "; " +
                ", ".join(f"{c.name} strikes for {n}" for c, n in zip(foes, taken)))
    dealt, taken = {}, {}
    for tier in (lancers, [c for c in [unit, *foes] if c not in lancers]):
        # the strikes of one tier land together: only an earlier tier's may have doomed
        was_dealt, was_taken = dict(dealt), dict(taken)
        if unit in tier and not _doomed(game, unit, [(c, n) for c in foes
                                                     if (n := was_taken.get(c.id))]):
            hit = list(zip(foes, parts))
            dealt.update((c.id, n) for (c, _), n in zip(hit, strike_several(game, unit, hit)))
        for c, p in zip(foes, powers):
            if c in tier and not _doomed(game, c, [(unit, was_dealt.get(c.id, 0))]):
                taken[c.id] = strike(game, c, unit, p)
    said = ", ".join(f"{c.name} for {dealt[c.id]}" for c in foes if c.id in dealt)
    back = ", ".join(f"{c.name} strikes for {taken[c.id]}" for c in foes if c.id in taken)
    return (f"{unit.name} strikes " + (said or "no one") + "; " + (back or "no one strikes back")
            + " (lances first: " + ", ".join(c.name for c in lancers) + ")")


def _doomed(game, unit, hits) -> bool:
    """Has what `unit` was dealt by these (striker, damage) strikes doomed it?"""
    return any(struck_down(game, unit, striker, n) for striker, n in hits)
