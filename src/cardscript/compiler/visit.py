"""One visitor over the compiled effect tree (compiler/template.py), used by every walk.

A visitor is a class whose methods are named `visit_<NodeName>`, one per node type of
`EFFECT_NODES`. The class is checked when it is defined: a `visit_` method that names no
node type is an error, and so is a node type left without a method (unless the class says
`partial = True`, and then meeting that node raises). `tests/test_architecture.py` finds
every visitor, so adding a node type is one method per visitor, pointed out by a test.

`walk(tree)` lists every node of a tree, parents before children, in text order; it is what
the compiler's checks and the rulesets' own look-ups (the chain's actions, the targets a
play names, the story cards a card fetches) read. The interpreter's `execute` is a visitor.
"""

from __future__ import annotations

from .template import (AllAtOnceT, ChooseT, Do, IfT, MayT, OneAtATimeT, RepeatT, SearchT, SeqT,
                       ThenT)

EFFECT_NODES = (Do, SeqT, ThenT, RepeatT, OneAtATimeT, AllAtOnceT, IfT, MayT, ChooseT, SearchT)
_BY_NAME = {cls.__name__: cls for cls in EFFECT_NODES}


class TemplateVisitor:
    """Dispatch on the node's type to `visit_<NodeName>(node, *args)`."""

    partial = False                  # True: a visitor that handles only some node types
    table: dict = {}                 # node type -> the function that visits it (per class)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        table = {}
        for name in dir(cls):
            if not name.startswith("visit_"):
                continue
            node = _BY_NAME.get(name[len("visit_"):])
            if node is None:
                raise TypeError(f"{cls.__name__}.{name} names no template node; nodes: " +
                                ", ".join(_BY_NAME))
            table[node] = getattr(cls, name)
        missing = [n.__name__ for n in EFFECT_NODES if n not in table]
        if missing and not cls.partial:
            raise TypeError(f"{cls.__name__} does not visit " + ", ".join(missing) +
                            " (add the methods, or say partial = True)")
        cls.table = table

    def visit(self, node, *args):
        """Visit one node; a node this visitor does not handle is an error."""
        fn = self.table.get(type(node))
        if fn is None:
            raise TypeError(f"{type(self).__name__} does not handle {type(node).__name__}")
        return fn(self, node, *args)


class Children(TemplateVisitor):
    """A node's child nodes, in text order."""

    def visit_Do(self, node):
        return ()

    def visit_SeqT(self, node):
        return node.items

    def visit_ThenT(self, node):
        return (node.body,)

    def visit_RepeatT(self, node):
        return (node.body,)

    def visit_OneAtATimeT(self, node):
        return (node.body,)

    def visit_AllAtOnceT(self, node):
        return (node.body,)

    def visit_IfT(self, node):
        return (node.body,)

    def visit_MayT(self, node):
        return (node.body,)

    def visit_ChooseT(self, node):
        return node.options

    def visit_SearchT(self, node):
        return (node.search, node.body) if node.shuffle is None else \
            (node.search, node.body, node.shuffle)


_CHILDREN = Children()


def walk(tree) -> list:
    """Every node of an effect tree (None: none), depth first, parents before children, in
    text order."""
    out = []
    stack = [tree]
    children = _CHILDREN.visit
    while stack:
        node = stack.pop()
        if node is None:
            continue
        out.append(node)
        kids = children(node)
        if kids:
            stack.extend(reversed(kids))
    return out
