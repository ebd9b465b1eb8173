"""Safe YAML loading that remembers where each value stood (for file:line:col errors)."""

from __future__ import annotations

import yaml

from ..errors import ScenarioError, Span


def load_located(text: str, path: str):
    """Safe-load YAML; return (data, marks) where marks maps a key path to its Span."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else 1
        col = mark.column + 1 if mark else 1
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(f"the YAML does not read: {problem}", Span(path, line, col, line,
                                                                       col + 1),
                            hint="check the indentation and the ':' after each key",
                            code="S001").with_source(text) from None
    marks: dict = {}
    if root is None:
        return {}, marks
    data = _build(root, (), marks, path)
    return data, marks


def _span(node, path) -> Span:
    s, e = node.start_mark, node.end_mark
    return Span(path, s.line + 1, s.column + 1, e.line + 1, e.column + 1)


def _build(node, key, marks, path):
    marks[key] = _span(node, path)
    if isinstance(node, yaml.MappingNode):
        out = {}
        for k, v in node.value:
            kval = yaml.SafeLoader(k.value).construct_object(k) if False else _scalar(k)
            marks[key + (("key", kval),)] = _span(k, path)
            out[kval] = _build(v, key + (kval,), marks, path)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, key + (i,), marks, path) for i, v in enumerate(node.value)]
    return _scalar(node)


def _scalar(node):
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()
