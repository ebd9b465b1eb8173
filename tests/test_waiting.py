"""The waiting labels of the storyline and the `Waiting` type of a trace entry's `storyline`."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from cardscript.interpreter.waiting import Labels, Waiting, json_default


def _view(*labels) -> Waiting:
    out = Labels()
    out.put_back(list(labels))
    return out.view()


def test_waiting_is_its_own_sequence_type_not_a_tuple():
    """A `Waiting` is a read-only Sequence of its own type, not a tuple holding other things."""
    view = _view("a", "b")
    assert isinstance(view, Sequence) and not isinstance(view, tuple)
    assert view.labels() == ("a", "b") and type(view.labels()) is tuple


def test_a_tuple_plus_a_waiting_joins_the_labels():
    """`+` on either side gives the tuple of the labels (a tuple subclass leaked its heads)."""
    view = _view("a", "b")
    assert ("x",) + view == ("x", "a", "b")
    assert view + ("y",) == ("a", "b", "y")
    assert ["x"] + view == ("x", "a", "b")


def test_waiting_reads_as_the_tuple_of_its_labels():
    """Length, truth, indexing, slicing, membership, order and equality are the tuple's."""
    view = _view("a", "b", "a")
    assert len(view) == 3 and view and not _view()
    assert view[0] == "a" and view[-1] == "a" and view[1:] == ("b", "a")
    assert "b" in view and "c" not in view
    assert view.index("b") == 1 and view.count("a") == 2
    assert list(reversed(view)) == ["a", "b", "a"]
    assert view == ("a", "b", "a") and view == ["a", "b", "a"] and view != ("a", "b")
    assert view == _view("a", "b", "a") and hash(view) == hash(("a", "b", "a"))
    assert repr(view) == repr(("a", "b", "a"))


def test_json_default_writes_a_waiting_as_its_list_of_labels():
    """With `json_default` a Waiting is written as a JSON list; other objects stay refused."""
    entry = {"id": 1, "storyline": _view("a", "b")}
    assert json.dumps(entry, default=json_default) == '{"id": 1, "storyline": ["a", "b"]}'
    with pytest.raises(TypeError):
        json.dumps({"x": object()}, default=json_default)
