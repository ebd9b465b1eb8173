"""Progress of a long run (`check`, `test` over large folders) on a terminal's stderr.

On a terminal, one line that rewrites itself (`test 12/201 cards/.../x.yaml`) and is wiped
when the run ends, so the results printed after it read as without it. Anywhere else (a pipe,
a file, CI's log) nothing at all: the output stays the same, byte for byte.
"""

from __future__ import annotations

import sys
import time


class Progress:
    """Counts items done out of `total`, drawing at most every `every` seconds."""

    def __init__(self, what: str, total: int, stream=None, every: float = 0.1):
        self.stream = stream if stream is not None else sys.stderr
        self.what = what
        self.total = total
        self.every = every
        self.done = 0
        self._last = 0.0
        self._width = 0
        isatty = getattr(self.stream, "isatty", None)
        self.shown = bool(isatty and isatty()) and total > 1

    def step(self, label: str = "") -> None:
        """One more item is starting (`label` names it)."""
        self.done += 1
        if not self.shown:
            return
        now = time.monotonic()
        if now - self._last < self.every and self.done < self.total:
            return
        self._last = now
        line = f"{self.what} {self.done}/{self.total} {label}"
        cols = 79
        line = line[:cols]
        self.stream.write("\r" + line.ljust(self._width))
        self._width = len(line)
        self.stream.flush()

    def close(self) -> None:
        """Wipe the line (nothing was drawn if not on a terminal)."""
        if self.shown and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
