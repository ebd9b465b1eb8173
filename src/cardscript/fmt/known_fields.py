"""The fields and values of a selector and a place that canonical text writes: a value
holding any other is kept as written (the words of a phrase no wording reads back).
"""

from __future__ import annotations

from dataclasses import fields

# The fields of a selector and a place that canonical text writes; one a reader sets later is not
# known here: its phrase is kept as written (render.py; tests/test_render.py names the
# fields, so a new one is pointed out).
SELECTOR_FIELDS = frozenset({"quant", "count", "pick", "slot", "kinds", "name", "token",
                             "controller", "with_keywords", "without_keywords", "place", "other",
                             "zone", "named", "text", "memo", "subtypes", "holder", "traits",
                             "stats"})
PLACE_FIELDS = frozenset({"ref", "slot", "site_only", "trait", "anchor", "of", "noun", "reach",
                          "steps", "region", "without_trait", "other", "layer"})
# The values of the fields that say how a selector or place picks, that canonical text writes.
SELECTOR_VALUES = {"quant": {"one", "each", "count", "up_to", "ref"},
                   "pick": {"any", "target", "choose", "ref", "name", "named", "self", "random",
                            "top"},
                   "controller": {None, "you", "opponent", "your_opponent"}}
PLACE_VALUES = {"ref": {"here", "target", "choose", "slot", "of", "any", "adjacent", "random"},
                "reach": {"adjacent", "nearby", "steps"}}


def set_fields(value, known: frozenset) -> list:
    """The fields of a selector or place outside `known` that hold other than their default."""
    return [f.name for f in fields(value) if f.name not in known
            and getattr(value, f.name) != f.default]


def odd_values(value, known: dict) -> list:
    """The fields of a selector or place holding a value canonical text does not write."""
    return [f"{name} {getattr(value, name)!r}" for name, values in known.items()
            if getattr(value, name) not in values]
