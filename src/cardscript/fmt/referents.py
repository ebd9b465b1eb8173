"""Which cards a reference of an ability names: one card ('it') or several ('them').

A selector that picks cards keeps them under a slot ('each enemy minion nearby' in s1), and
a step that picks cards by itself keeps them under its `gives` slot ('draw two spells'); a
later reference reads that slot ('push them one step', 'if they are minions'). The renderer
writes the reference in the number of what it names (`Words.several`, fmt/selector_words.py).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from ..compiler.template import Do
from ..language.selectors import Place, Selector

__all__ = ["referents"]


def referents(node) -> dict:
    """slot -> whether the cards kept there are several, for every slot an ability fills."""
    out: dict = {}
    _walk(node, out)
    return out


def _walk(node, out: dict) -> None:
    if isinstance(node, (tuple, list)):
        for item in node:
            _walk(item, out)
        return
    if isinstance(node, Selector):
        if node.slot is not None and node.quant != "ref" and node.pick != "ref":
            out.setdefault(node.slot, node.plural)
        _walk(node.place, out)
        return
    if isinstance(node, Place):
        _walk(node.anchor, out)
        _walk(node.of, out)
        return
    if isinstance(node, Do):
        if node.gives:
            out.setdefault(node.gives, _count(node) > 1)
        _walk(node.args, out)
        return
    if not is_dataclass(node) or isinstance(node, type):
        return
    for f in fields(node):
        if f.name in ("verb", "spec", "static", "span"):
            continue
        _walk(getattr(node, f.name), out)


def _count(do: Do) -> int:
    """How many cards a step that picks them by itself picks: its count slot's value (one
    when it has none: 'draw a spell')."""
    args = dict(do.args)
    for shape in do.verb.shapes:
        for tok in shape.tokens:
            if tok.type == "count" and isinstance(args.get(tok.slot), int):
                return args[tok.slot]
    return 1
