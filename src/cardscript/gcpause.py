"""Pausing the cyclic garbage collector for a batch of work (a parse, a compile, a game run)."""

from __future__ import annotations

import gc


def gc_paused() -> "_Paused":
    """Pause the cyclic garbage collector for a batch, restoring its state after.

    A batch allocates many small objects that stay alive (an AST, templates, a game's trace);
    with the collector running it re-scans them over and over (about 40% of a batch parse,
    a third of a long game). None of them needs the collector to be freed.

    On the way out the batch's objects are moved to the oldest generation (gc.freeze() then
    gc.unfreeze(): two list splices), as the collector would do after scanning them twice;
    otherwise the first allocation after the batch pays one scan of all of them at once.
    Skipped if something else has frozen objects (its frozen set is left alone). Nested
    pauses are free: only the outermost one restores the collector.

    A plain context manager class, not a generator one: `Game.run` enters it once for every
    action of a game.
    """
    return _Paused()


class _Paused:
    """The context of `gc_paused()`."""

    __slots__ = ("was",)

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc) -> None:
        if self.was:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
