"""The waiting storyline's labels, shared between the trace entries that show them.

Each trace entry shows the storyline as it stood once the entry was done (its `storyline`
field). Copying the list into every entry makes the trace grow with the square of the game
(100,000 waiting triggers: 5 GB). Instead the labels form a persistent list: events are put
on at the front (a linked list of (label, rest) pairs, the rest shared) or at the back (a
second linked list, newest first), and an entry keeps a `Waiting` view of the two heads.
A view costs one small object; putting an event on costs one pair.
"""

from __future__ import annotations


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


_field = tuple.__getitem__


class Waiting(tuple):
    """A trace entry's `storyline`: the waiting labels at one moment, read as a tuple.

    A tuple subclass so that every reader of a trace entry, `json.dumps` included (it lists
    a tuple subclass's items through its iterator), sees the same tuple of labels as before.
    The labels stay in the shared linked lists: the tuple itself holds only the two heads
    and the length (a tuple subclass cannot have slots of its own), and every tuple
    operation a reader may use is answered from the labels.
    """

    __slots__ = ()

    def __new__(cls, front, back, size):
        return tuple.__new__(cls, (front, back, size))

    def _tuple(self) -> tuple:
        return tuple(_items(_field(self, 0), _field(self, 1)))

    def __iter__(self):
        return iter(_items(_field(self, 0), _field(self, 1)))

    def __len__(self) -> int:
        return _field(self, 2)

    def __bool__(self) -> bool:
        return _field(self, 2) > 0

    def __getitem__(self, index):
        return self._tuple()[index]

    def __contains__(self, label) -> bool:
        return label in self._tuple()

    def __reversed__(self):
        return reversed(self._tuple())

    def index(self, *args):
        return self._tuple().index(*args)

    def count(self, label) -> int:
        return self._tuple().count(label)

    def __eq__(self, other):
        if isinstance(other, (tuple, list)):
            return self._tuple() == tuple(other)
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __add__(self, other):
        return self._tuple() + tuple(other)

    def __radd__(self, other):
        return tuple(other) + self._tuple()

    def __mul__(self, n):
        return self._tuple() * n

    __rmul__ = __mul__

    def __lt__(self, other):
        return self._tuple() < tuple(other)

    def __le__(self, other):
        return self._tuple() <= tuple(other)

    def __gt__(self, other):
        return self._tuple() > tuple(other)

    def __ge__(self, other):
        return self._tuple() >= tuple(other)

    def __repr__(self) -> str:
        return repr(self._tuple())

    def __reduce__(self):
        return (tuple, (self._tuple(),))      # a copy or pickle is a plain tuple

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self
