"""Rules of the game that act at once (no storyline event): a ruleset's state checks.

A check is a function `check(game)`. Decorated with `after(...)`, it also says which
happenings can make it find anything; the engine then runs it only after a batch of
happenings that holds one of them, instead of after every step. While checks run,
`game.batch` is that batch, so a check may look only at the cards it names.

A check that can find anything only while an ongoing effect of some kinds is in play, or
while some of its ruleset's state slots hold something, says so too (`statics=`,
`slots=`): most batches then cost it no call at all (`Game.commit` reads both from what
it keeps anyway).
"""

from __future__ import annotations


def after(*kinds: str, statics: tuple = (), slots: tuple = ()):
    """Declare the happening kinds after which a state check can matter; with `statics`
    (kinds of ongoing effects) or `slots` (names of `Game.slot`), that it does nothing
    unless one of those effects is in play (whether or not its conditions hold) or one of
    those slots holds something."""
    def deco(fn):
        fn.after = frozenset(kinds)
        fn.needs = (frozenset(statics), tuple(slots)) if statics or slots else None
        return fn
    return deco
