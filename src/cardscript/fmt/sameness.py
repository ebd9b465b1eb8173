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
from ..syntax import POSITION_FIELDS

# Fields that hold wording or caches, never behaviour.
WORDING = frozenset({"span", "text", "texts", "noun", "test", "plan", "argmap", "hook_table",
                     "file", "name_span", "pattern_entry", "pattern_args", "reminders"})
_SPECS = (VerbSpec, PatternSpec, ConditionSpec, StaticSpec, LabelSpec)


def meaning(obj, memo: dict | None = None):
    """A hashable value equal for two templates (or abilities) that do the same thing.

    `memo` (id of an object -> (object, value)) lets a caller that asks about templates
    sharing parts (a pool's cards and their abilities) compute each part once.
    """
    if memo is not None:
        found = memo.get(id(obj))
        if found is not None:
            return found[1]
        value = _value(obj)
        memo[id(obj)] = (obj, value)
        return value
    return _value(obj)


def _value(obj):
    cls = obj.__class__
    if obj is None or cls in _ATOMS:
        return obj
    how = _HOW.get(cls)
    if how is None:
        how = _HOW[cls] = _how(cls)
    return how(obj)


_ATOMS = frozenset({str, int, float, bool})
_HOW: dict = {}             # class -> the function that gives a value of that class's meaning


def _sorted(items):
    try:
        return tuple(sorted(items))
    except TypeError:
        return tuple(sorted(items, key=repr))


def _how(cls):
    """How to read the meaning of one class of value."""
    if issubclass(cls, _SPECS):
        return lambda obj: (cls.__name__, obj.name)
    if issubclass(cls, Span):
        return lambda obj: None
    if issubclass(cls, dict):
        return lambda obj: ("dict",) + _sorted([(k, _value(v)) for k, v in obj.items()])
    if issubclass(cls, (frozenset, set)):
        return lambda obj: ("set",) + _sorted([_value(x) for x in obj])
    if issubclass(cls, (tuple, list)):
        return lambda obj: tuple([_value(x) for x in obj])
    if not is_dataclass(cls):
        return repr
    names = tuple(f.name for f in fields(cls) if f.name not in WORDING)
    name = cls.__name__
    # A step's arguments are named by slot: the order the shape that read them gave them
    # ('deal 1 damage to X', 'X takes 1 damage') is wording
    keyed = "args" if name == "Do" else None

    def read(obj):
        out = [name]
        for n in names:
            v = getattr(obj, n)
            if n == keyed and isinstance(v, tuple):
                out.append((n, _sorted([(k, _value(x)) for k, x in v])))
                continue
            out.append((n, v if v is None or v.__class__ in _ATOMS else _value(v)))
        return tuple(out)
    return read


def stored_meaning(templates: dict, lang) -> list:
    """The cache codec's JSON of compiled templates (compiler/codec.py), with the wording
    left out as `meaning` leaves it out: a second view of what the cards do, equal for two
    texts of the same cards (tests/test_render_printed.py compares the two)."""
    from ..compiler.codec import templates_to_data
    return [[name, _unworded(data)] for name, data in templates_to_data(templates, lang)]


def _unworded(x):
    if isinstance(x, list):
        return [_unworded(v) for v in x]
    if not isinstance(x, dict):
        return x
    if "c" not in x:
        return {tag: _unworded(v) for tag, v in x.items()}
    from ..compiler.codec import stored_fields
    if x["c"] == "Span":
        return None
    values = {}
    for name, v in zip(stored_fields(x["c"]), x["v"]):
        if name in WORDING:
            continue
        v = _unworded(v)
        if x["c"] == "Do" and name == "args":    # named by slot: their order is wording
            v = {"t": sorted(v["t"], key=lambda pair: pair["t"][0])}
        values[name] = v
    return {"c": x["c"], "v": values}


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
            if f.name in POSITION_FIELDS or f.name == "path":
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
