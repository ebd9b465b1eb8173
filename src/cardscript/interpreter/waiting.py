"""The waiting storyline's labels, shared between the trace entries that show them.

Each trace entry shows the storyline as it stood once the entry was done (its `storyline`
field). Copying the list into every entry makes the trace grow with the square of the game
(100,000 waiting triggers: 5 GB). Instead the labels form a persistent list: events are put
on at the front (a linked list of (label, rest) pairs, the rest shared) or at the back (a
second linked list, newest first), and an entry keeps a `Waiting` view of the two heads.
A view costs one small object; putting an event on costs one pair.
"""

from __future__ import annotations

from collections.abc import Sequence


class Labels:
    """The labels of the events waiting on the storyline, first = resolves next."""

    __slots__ = ("front", "back", "size")

    def __init__(self):
        self.front = None            # (label, rest) pairs, first label first
        self.back = None             # (label, rest) pairs, last label first
        self.size = 0

    def put_front(self, labels: list) -> None:
        front = self.front
        for label in reversed(labels):
            front = (label, front)
        self.front = front
        self.size += len(labels)

    def put_back(self, labels: list) -> None:
        back = self.back
        for label in labels:
            back = (label, back)
        self.back = back
        self.size += len(labels)

    def pop(self) -> None:
        """Take the first label off (the event that resolves next)."""
        if self.front is None:
            # Turn the back list round once; each label is moved at most once this way.
            front, back = None, self.back
            while back is not None:
                front = (back[0], front)
                back = back[1]
            self.front, self.back = front, None
        self.front = self.front[1]
        self.size -= 1

    def clear(self) -> None:
        self.front = self.back = None
        self.size = 0

    def view(self) -> "Waiting":
        """The labels as they stand now; later changes do not alter it."""
        return Waiting(self.front, self.back, self.size)

    # The pairs nest as deep as the storyline is long: a copy shares them (they never
    # change) and a pickle holds the flat list, so neither recurses down the chain.
    def __copy__(self) -> "Labels":
        out = Labels()
        out.front, out.back, out.size = self.front, self.back, self.size
        return out

    def __deepcopy__(self, memo) -> "Labels":
        return self.__copy__()

    def __reduce__(self):
        return (_labels_of, (_items(self.front, self.back),))


def _labels_of(items: list) -> Labels:
    out = Labels()
    out.put_front(items)
    return out


def _items(front, back) -> list:
    out = []
    while front is not None:
        out.append(front[0])
        front = front[1]
    if back is not None:
        rest = []
        while back is not None:
            rest.append(back[0])
            back = back[1]
        rest.reverse()
        out += rest
    return out


class Waiting(Sequence):
    """A trace entry's `storyline`: the labels waiting on the storyline at one moment.

    An immutable sequence of strings, first = resolves next. It is its own type, not a
    tuple: the labels stay in the shared linked lists of `Labels` and a `Waiting` holds only
    the two heads and the length, so the trace grows with the number of events, not with
    their square. It reads as the tuple of its labels: `len`, indexing and slicing (a slice
    is a plain tuple), iteration, `in`, `index`, `count`, `reversed`; it equals a tuple or
    list of the same labels and hashes as that tuple; `+` gives a tuple; `repr` is the
    tuple's. A copy or a pickle is the plain tuple (`labels()`).

    JSON has no such type: `json_default` (below) writes it as the list of its labels,
    which is how `run --json` shows it; pass it as `json.dumps(..., default=json_default)`
    when writing a trace.
    """

    __slots__ = ("_front", "_back", "_size")

    def __init__(self, front, back, size: int):
        self._front = front
        self._back = back
        self._size = size

    def labels(self) -> tuple:
        """The waiting labels as a plain tuple (made anew on each call)."""
        return tuple(_items(self._front, self._back))

    def __iter__(self):
        return iter(_items(self._front, self._back))

    def __len__(self) -> int:
        return self._size

    def __bool__(self) -> bool:
        return self._size > 0

    def __getitem__(self, index):
        return self.labels()[index]

    def __contains__(self, label) -> bool:
        return label in self.labels()

    def __reversed__(self):
        return reversed(self.labels())

    def index(self, *args) -> int:
        return self.labels().index(*args)

    def count(self, label) -> int:
        return self.labels().count(label)

    def __eq__(self, other):
        if isinstance(other, Waiting):
            return self._size == other._size and self.labels() == other.labels()
        if isinstance(other, (tuple, list)):
            return self.labels() == tuple(other)
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self.labels())

    def __add__(self, other):
        if isinstance(other, (tuple, list, Waiting)):
            return self.labels() + tuple(other)
        return NotImplemented

    def __radd__(self, other):
        if isinstance(other, (tuple, list)):
            return tuple(other) + self.labels()
        return NotImplemented

    def __repr__(self) -> str:
        return repr(self.labels())

    def __reduce__(self):
        return (tuple, (self.labels(),))      # a copy or pickle is a plain tuple

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def json_default(value):
    """`json.dumps`'s `default` for a trace: a `Waiting` is the list of its labels."""
    if isinstance(value, Waiting):
        return list(_items(value._front, value._back))
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
