"""Card templates as plain JSON data, and back: the form the compiled-card cache stores.

Only data goes in, and only data comes out: reading a blob builds the template classes of a
closed table (the template nodes, spans, selectors, places and counted amounts) from their
field values, and the language's entries (verbs, conditions, statics, labels, patterns) are
named by their place in the language that reads them, never by code. Nothing in a blob can
run. A value of any other type cannot be stored (`Unstorable`), and a blob that names anything
outside the table, or an entry the language does not have, is refused (`Unreadable`): the
cache then compiles afresh.

Tags: {"t": [...]} a tuple, {"l": [...]} a list, {"f": [...]} a frozenset (sorted, so the
same templates give the same bytes), {"d": [[key, value], ...]} a dict (keys of any stored
type, order kept), {"c": NAME, "v": [...]} a template class with its fields in order, and
{"s": [TABLE, N]} entry N of one of the language's tables.
"""

from __future__ import annotations

import dataclasses
import json

from ..errors import Span
from ..language.amounts import Counted
from ..language.registry import Language
from ..language.selectors import Place, Selector
from ..stored_forms import TEMPLATES as SCHEMA   # raise it there when the stored form changes
from . import template as _t

CLASSES = {cls.__name__: cls for cls in (
    _t.Do, _t.SeqT, _t.ThenT, _t.RepeatT, _t.OneAtATimeT, _t.AllAtOnceT, _t.CondT, _t.IfT,
    _t.MayT, _t.ChooseT, _t.SearchT, _t.HookT, _t.AbilityT, _t.CardTemplate, Span, Selector,
    Place, Counted)}
# Fields a class works out from its others when it is made (by its `of`): not stored.
_DERIVED = {("HookT", "plan")}
_MAKERS = {"Do": _t.Do.of, "HookT": _t.HookT.of}
_FIELDS = {name: tuple(f.name for f in dataclasses.fields(cls)
                       if f.init and (name, f.name) not in _DERIVED)
           for name, cls in CLASSES.items()}
_TABLES = ("verbs", "conditions", "statics", "patterns", "labels", "holder_costs",
           "amount_costs", "threshold_ability", "condition_labels")


def stored_fields(name: str) -> tuple:
    """The fields a stored class's values are kept in, in order ({"c": NAME, "v": [...]})."""
    return _FIELDS[name]


class Unstorable(ValueError):
    """A template holds a value the stored form has no tag for."""


class Unreadable(ValueError):
    """A blob is not one this code wrote for this language."""


def _entries(lang: Language, table: str) -> list:
    got = getattr(lang, table)
    if got is None or isinstance(got, (dict, list)):
        return list(got.values()) if isinstance(got, dict) else (got or [])
    return [got]                       # a table of one entry (`threshold_ability`)


class Encoder:
    """Turns templates into JSON data against one language (its entries by position)."""

    def __init__(self, lang: Language):
        self.where = {}
        for table in _TABLES:
            for i, entry in enumerate(_entries(lang, table)):
                self.where.setdefault(id(entry), [table, i])

    def encode(self, x):
        """The JSON data of a value (a template, or anything inside one)."""
        if x is None or x.__class__ in (str, int, bool, float):
            return x
        cls = x.__class__
        if cls is tuple:
            return {"t": [self.encode(v) for v in x]}
        if cls is list:
            return {"l": [self.encode(v) for v in x]}
        if cls is frozenset:
            items = [self.encode(v) for v in x]
            return {"f": sorted(items, key=lambda v: json.dumps(v, sort_keys=True))}
        if cls is dict:
            return {"d": [[self.encode(k), self.encode(v)] for k, v in x.items()]}
        name = cls.__name__
        if CLASSES.get(name) is cls:
            return {"c": name, "v": [self.encode(getattr(x, f)) for f in _FIELDS[name]]}
        where = self.where.get(id(x))
        if where is not None:
            return {"s": where}
        raise Unstorable(f"a {cls.__name__} cannot be stored")


class Decoder:
    """Builds templates from JSON data against the language they were stored with."""

    def __init__(self, lang: Language):
        self.tables = {table: _entries(lang, table) for table in _TABLES}

    def decode(self, x):
        """The value JSON data stands for; Unreadable if it is not data this module wrote."""
        if x is None or x.__class__ in (str, int, bool, float):
            return x
        if x.__class__ is not dict or len(x) not in (1, 2):
            raise Unreadable("not a stored value")
        if "c" in x:
            name, values = x.get("c"), x.get("v")
            fields = _FIELDS.get(name) if isinstance(name, str) else None
            if fields is None or not isinstance(values, list) or len(values) != len(fields):
                raise Unreadable(f"not a stored class: {name!r}")
            try:
                make = _MAKERS.get(name) or CLASSES[name]
                return make(**{f: self.decode(v) for f, v in zip(fields, values)})
            except TypeError as e:
                raise Unreadable(str(e)) from None
        if len(x) != 1:
            raise Unreadable("not a stored value")
        (tag, v), = x.items()
        if tag == "s":
            if not (isinstance(v, list) and len(v) == 2 and v[0] in self.tables
                    and type(v[1]) is int and 0 <= v[1] < len(self.tables[v[0]])):
                raise Unreadable("not an entry of this language")
            return self.tables[v[0]][v[1]]
        if not isinstance(v, list):
            raise Unreadable("not a stored value")
        if tag == "t":
            return tuple(self.decode(i) for i in v)
        if tag == "l":
            return [self.decode(i) for i in v]
        if tag == "f":
            return frozenset(self.decode(i) for i in v)
        if tag == "d":
            if not all(isinstance(p, list) and len(p) == 2 for p in v):
                raise Unreadable("not a stored dict")
            return {self.decode(k): self.decode(val) for k, val in v}
        raise Unreadable(f"unknown tag {tag!r}")


def language_digest(lang: Language) -> str:
    """A digest of a language's entries in order, by name and phrase shapes: stored templates
    name entries by position, so a language whose entries moved must not read them."""
    import hashlib
    h = hashlib.sha256()
    for table in _TABLES:
        for i, entry in enumerate(_entries(lang, table)):
            shapes = "|".join(s.text for s in getattr(entry, "shapes", ()))
            h.update(f"{table}\0{i}\0{getattr(entry, 'name', '')}\0{shapes}\n".encode())
    return h.hexdigest()


def templates_to_data(templates: dict, lang: Language) -> list:
    """[[name, data], ...] for a table of compiled templates; Unstorable if one cannot be."""
    enc = Encoder(lang)
    return [[name, enc.encode(tpl)] for name, tpl in templates.items()]


def templates_from_data(data, lang: Language) -> dict:
    """The table `templates_to_data` stored; Unreadable if it is anything else."""
    if not isinstance(data, list):
        raise Unreadable("not a table of templates")
    dec = Decoder(lang)
    out = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            raise Unreadable("not a table of templates")
        tpl = dec.decode(item[1])
        if not isinstance(tpl, _t.CardTemplate) or tpl.name != item[0]:
            raise Unreadable("not a card template")
        out[item[0]] = tpl
    return out
