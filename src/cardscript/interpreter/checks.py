"""Rules of the game that act at once (no storyline event): a ruleset's state checks.

A check is a function `check(game)`. Decorated with `after(...)`, it also says which
happenings can make it find anything; the engine then runs it only after a batch of
happenings that holds one of them, instead of after every step. While checks run,
`game.batch` is that batch, so a check may look only at the cards it names.
"""

from __future__ import annotations


def after(*kinds: str):
    """Declare the happening kinds after which a state check can matter."""
    def deco(fn):
        fn.after = frozenset(kinds)
        return fn
    return deco
