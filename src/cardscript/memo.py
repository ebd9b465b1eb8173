"""A cache that lives beside a frozen value: the field type a frozen dataclass declares for
what a later stage works out from it once (the interpreter's test for a selector, say).

The frozen value never changes; the `Memo` it holds is an ordinary mutable object, so
filling it writes no attribute of the frozen one. It takes no part in equality, hashing
or repr (the field says `compare=False, repr=False`), and it is never saved: a pickled
`Memo` comes back empty, so a cache of compiled cards holds no closures.
"""

from __future__ import annotations


class Memo:
    """One cached value, None until a stage fills it."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = None

    def __reduce__(self):
        return (Memo, ())

    def __repr__(self) -> str:
        return "Memo()"
