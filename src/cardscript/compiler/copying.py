"""A copy of a frozen value (selector, place, template) with some fields changed, made fast:
lowering makes a copy or more a phrase."""

from __future__ import annotations

from dataclasses import fields, replace
from inspect import signature
from operator import attrgetter

_INIT_FIELDS: dict = {}      # class -> (its __init__ fields' positions, their getter, names)


def copy_with(obj, **changes):
    """A copy of a frozen value with some fields changed.

    What `dataclasses.replace` does, made by the class's own constructor, with the positions
    of its __init__ fields and one getter of their values found once a class (lowering makes
    a copy or more a phrase); the values are passed by position, which a constructor of
    twenty fields takes in half the time of keywords. A field outside __init__ (a Memo of
    the interpreter's, which may not fit the copy) starts fresh; changing one is an error, as
    with dataclasses.replace.
    """
    cls = obj.__class__
    entry = _INIT_FIELDS.get(cls)
    if entry is None:
        names = tuple(f.name for f in fields(cls) if f.init)
        get = attrgetter(*names) if len(names) > 1 else (lambda o, n=names[0]: (getattr(o, n),))
        # By position when the constructor takes the fields in their order (a class with a
        # constructor of its own, as Word's, may take other arguments first): else by name.
        params = tuple(signature(cls).parameters)
        entry = _INIT_FIELDS[cls] = ({n: i for i, n in enumerate(names)}, get,
                                     None if params == names else names)
    at, get, by_name = entry
    values = list(get(obj))
    for name, value in changes.items():
        i = at.get(name)
        if i is None:
            return replace(obj, **changes)       # raises, naming the field
        values[i] = value
    return cls(*values) if by_name is None else cls(**dict(zip(by_name, values)))
