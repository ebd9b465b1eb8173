"""Whether two compilations mean the same: compiled templates compared with wording left out.

A template keeps the words it was read from (spans, ability and phrase texts, the noun as
written) for the trace and for explain; none of them changes what the card does. `meaning`
drops them and names each vocabulary entry by its name, so two wordings of one effect give
equal values, and a value can key a dict (grouping a pool's abilities by what they do).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from ..errors import CardScriptError, Span
from ..language.registry import ConditionSpec, LabelSpec, PatternSpec, StaticSpec, VerbSpec

# Fields that hold wording or caches, never behaviour.
WORDING = frozenset({"span", "text", "texts", "noun", "test", "plan", "argmap", "hook_table",
                     "file", "name_span"})
_SPECS = (VerbSpec, PatternSpec, ConditionSpec, StaticSpec, LabelSpec)


def meaning(obj):
    """A hashable value equal for two templates (or abilities) that do the same thing."""
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    if isinstance(obj, _SPECS):
        return (type(obj).__name__, obj.name)
    if isinstance(obj, Span):
        return None
    if isinstance(obj, dict):
        return ("dict",) + tuple(sorted(((k, meaning(v)) for k, v in obj.items()),
                                        key=lambda kv: repr(kv[0])))
    if isinstance(obj, (frozenset, set)):
        return ("set",) + tuple(sorted((meaning(x) for x in obj), key=repr))
    if isinstance(obj, (tuple, list)):
        return tuple(meaning(x) for x in obj)
    if is_dataclass(obj):
        return (type(obj).__name__,) + tuple(
            (f.name, meaning(getattr(obj, f.name))) for f in fields(obj)
            if f.name not in WORDING)
    return repr(obj)


def same_cards(a: dict, b: dict) -> bool:
    """Two compiled card tables ({name: template}) that do the same, card for card."""
    return a.keys() == b.keys() and all(meaning(a[k]) == meaning(b[k]) for k in a)


def syntax(node):
    """A syntax tree without its spans: equal for two layouts of the same card text."""
    if node is None or isinstance(node, (str, int, float, bool)):
        return node
    if isinstance(node, (tuple, list)):
        return tuple(syntax(x) for x in node)
    if is_dataclass(node):
        out = [type(node).__name__]
        for f in fields(node):
            if f.name in ("span", "name_span", "path"):
                continue
            value = getattr(node, f.name)
            if f.name == "text" and type(node).__name__ == "KeywordLine":
                value = ", ".join(p.strip() for p in value.split(","))
            if f.name == "text" and type(node).__name__ == "File":
                continue
            out.append(syntax(value))
        return tuple(out)
    return repr(node)


def compiles_alike(old: str, new: str, lang, base: dict, path: str = "<string>") -> bool:
    """Whether two texts of one card file compile (against `base`) to the same templates."""
    from ..compiler import compile_files
    from ..grammar import parse_text
    try:
        before = compile_files([parse_text(old, path)], lang, base=base)
        after = compile_files([parse_text(new, path)], lang, base=base)
    except CardScriptError:
        return False
    return same_cards(before, after)
