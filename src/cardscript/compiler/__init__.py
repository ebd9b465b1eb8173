"""The compiler: a chain of named passes from AST to card templates.

    declare        headers -> kind, stats, flags (unknown header words are errors)
    resolve_names  every quoted card name refers to a card that exists
    lower          phrases -> verbs, patterns, conditions, statics; references linked
    check_kinds    each verb accepts the kinds of card it is given (killing a site is an error);
                   lowering runs each step's check as it makes it, so `compile_files` needs
                   no separate pass (lint runs this one)

Each pass takes what it needs as arguments; `compile_files` runs them in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import syntax as ast
from ..errors import CardScriptError, ErrorList, SemanticError, did_you_mean, source_lines
from ..gcpause import gc_paused
from ..language.registry import Language
from ..language.quoted_abilities import is_quoted_ability
from .abilities import lower_card
from .declared_twice import declared_twice
from .diagnose import kind_error
from .refused import as_refused
from .template import CardTemplate, Do, slot_setters
from .visit import walk


@dataclass(frozen=True, slots=True, init=False)
class Declared:
    """A card after the declare pass: its header read, its abilities not yet."""

    node: ast.Card
    kind: str
    subtypes: tuple
    stats: dict
    props: dict
    flags: frozenset
    token: bool
    lines: tuple = ()          # the file's source lines: abilities quote their own text
    parens: bool = True        # may the file hold reminder text (a '(' anywhere in it)

    def __init__(self, node: ast.Card, kind: str, subtypes: tuple, stats: dict, props: dict,
                 flags: frozenset, token: bool, lines: tuple = (), parens: bool = True):
        # The fields in order, stored through the slots (template.slot_setters): twice a card.
        _DECLARED[0](self, node)
        _DECLARED[1](self, kind)
        _DECLARED[2](self, subtypes)
        _DECLARED[3](self, stats)
        _DECLARED[4](self, props)
        _DECLARED[5](self, flags)
        _DECLARED[6](self, token)
        _DECLARED[7](self, lines)
        _DECLARED[8](self, parens)


_DECLARED = slot_setters(Declared)


def declare(card: ast.Card, lang: Language, lines: tuple = (), parens: bool = True) -> Declared:
    """Read a card header: its kind word, subtypes, numeric stats, flags and properties.

    `lines` are the source lines of the card's file, which its abilities quote; `parens`
    says whether the file has a '(' at all (else no card of it has reminder text).
    """
    first, *rest = card.header
    kind = None
    subtypes = []
    token = False
    for w in first.words:
        if w in lang.card_kinds and kind is None:
            kind = lang.card_kinds[w]
        elif w == "token":
            token = True
        else:
            subtypes.append(w)
    if kind is None:
        absent = next((w for w in first.words if w in lang.unprinted), None)
        if absent is not None:
            raise SemanticError(f"'{absent}' names no kind of card of this game", first.span,
                                code="E208", hint=lang.unprinted[absent])
        raise SemanticError(f"'{' '.join(first.words)}' names no kind of card", first.span,
                            code="E208", hint=did_you_mean(first.words[-1], lang.card_kinds) or
                            "kinds here: " + ", ".join(sorted(set(lang.card_kinds.values()))))
    unread = [w for w in subtypes if lang.subtypes and w not in lang.subtypes]
    if unread:      # a ruleset that reads subtypes names them all: another would be unread
        raise SemanticError(f"unknown subtype '{unread[0]}'", first.span, code="E208",
                            hint=did_you_mean(unread[0], lang.subtypes) or "subtypes here: " +
                            ", ".join(sorted(lang.subtypes)))
    stats: dict = {}
    props: dict = {}
    flags = set()
    for item in rest:
        key = " ".join(item.words)
        key = lang.header_spellings.get(key, key)    # 'æmber 1' where the game says 'aember 1'
        if key == "token" and item.value is None:
            token = True
            continue
        if key in lang.header_flags and item.value is None:
            flags.add(key)
            continue
        # 'cost 3', 'lineage "x"' are named by all their words; 'house logos' by its first.
        name = key if item.value is not None or len(item.words) < 2 else item.words[0]
        if name not in lang.header_fields:
            raise unknown_header_item(item, name, lang)
        if isinstance(item.value, int):
            stats[key] = item.value
        elif item.value is not None:
            props[key] = item.value
        else:
            props[item.words[0]] = " ".join(item.words[1:])
    if token:
        flags.add("token")
    return Declared(card, kind, _shared(tuple(subtypes)), stats, props,
                    _shared(frozenset(flags)), token, lines, parens)


_SHARED: dict = {}          # value -> itself: one object for each card's subtypes or flags
_SHARED_MAX = 4096          # distinct values kept (a bound, as the phrase memo has)


def _shared(value):
    """`value` (a card's subtypes tuple or flags frozenset), or the equal one made before.

    Cards repeat them: a frozenset costs some 200 bytes even empty (CPython keeps no empty
    singleton) and most cards have no flags; the subtypes in use are few.
    """
    if len(_SHARED) < _SHARED_MAX:
        return _SHARED.setdefault(value, value)
    return _SHARED.get(value, value)


def unknown_header_item(item: ast.HeaderItem, name: str, lang: Language) -> SemanticError:
    """A header item the ruleset does not know ('powr 2'): E208 with a did-you-mean, or what
    to write instead of a stat the game never prints (`Language.unprinted`)."""
    if name in lang.unprinted:
        return SemanticError(f"unknown header item '{name}': this game prints no such stat",
                             item.span, code="E208", hint=lang.unprinted[name])
    known = sorted(lang.header_fields)
    flags = sorted(lang.header_flags | {"token"})
    mean = did_you_mean(name, known + flags)
    listed = "header items here: " + (", ".join(known) or "none") + "; flags: " + \
        ", ".join(flags)
    return SemanticError(f"unknown header item '{name}'", item.span, code="E208",
                         hint=f"{mean} ({listed})" if mean else listed)


def resolve_names(card: ast.Card, known: dict) -> None:
    """Check that every quoted card name in the card's text names a known card."""
    for ability in card.abilities:
        for word in _names(ability):
            if word.text not in known:
                raise SemanticError(f'unknown card "{word.text}"', word.span, code="E202",
                                    hint=did_you_mean(word.text, known) or
                                    f'declare it (card "{word.text}": ...) or load the file '
                                    'that does')


def _lines_of(text: str) -> tuple:
    """`source_lines(text)` as a tuple; a text with no carriage return needs only the split."""
    if "\r" in text:
        return tuple(source_lines(text))
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return tuple(lines)


def _quotes_more_than_its_name(card: ast.Card, lines: tuple) -> bool:
    """May the card's abilities quote a card name? Not when its own lines hold no '"' but
    the two around its name (a count of characters, where resolve_names walks the tree);
    True when the lines are not at hand."""
    sp = card.span
    if not lines or not 0 < sp.line <= sp.end_line <= len(lines):
        return True
    if sp.line == sp.end_line:
        return lines[sp.line - 1].count('"') != 2
    return "".join(lines[sp.line - 1:sp.end_line]).count('"') != 2


def referenced_names(card: ast.Card) -> list[str]:
    """The card names quoted in a card's abilities, in text order (what it depends on)."""
    return [w.text for ability in card.abilities for w in _names(ability)]


def _names(node) -> list:
    """Every card-name word under an AST node, in text order."""
    out: list = []
    _collect_names(node, out)
    return out


_NODE_FIELDS: dict = {}     # AST class -> its fields other than span


def _collect_names(node, out: list) -> None:
    cls = node.__class__
    if cls is ast.Phrase:                       # where the words are: the common case
        for w in node.words:
            if w.kind == "name" and not is_quoted_ability(w.text):
                out.append(w)           # (a quoted ability is lowered: granted_lines.py)
        return
    if isinstance(node, ast.Word):
        if node.kind == "name":
            out.append(node)
        return
    if isinstance(node, tuple):
        for x in node:
            _collect_names(x, out)
        return
    fields = _NODE_FIELDS.get(cls)
    if fields is None:
        fields = _NODE_FIELDS[cls] = tuple(
            f for f in getattr(node, "__dataclass_fields__", None) or () if f != "span")
    for f in fields:
        value = getattr(node, f)
        if value is not None and value.__class__ not in _LEAVES:
            _collect_names(value, out)


_LEAVES = frozenset({str, int, bool, float})    # field values that hold no words


def check_kinds(tpl: CardTemplate, known: dict) -> None:
    """Run each verb's kind check on a lowered template.

    `compile_files` does not call it: lowering checks each step as it makes it. It is for
    templates made or read elsewhere (lint runs it over its own compile).
    """
    for ab in tpl.abilities:
        for node in walk(ab.effect):
            if isinstance(node, Do) and node.verb.check is not None:
                problem = node.verb.check(dict(node.args), known)
                if problem:
                    raise kind_error(problem, node.verb, dict(node.args), None, node.span, known)


def compile_files(files: list[ast.File], lang: Language, *, base: dict | None = None,
                  collect: bool = False) -> dict[str, CardTemplate]:
    """Compile parsed files against a language; a name declared twice among them is E209.

    `base` holds already-compiled cards (a bundled pool) that names may refer to.
    With `collect`, every card's error is gathered and raised together as an ErrorList.
    The garbage collector is paused meanwhile (templates hold no cycles to collect; a batch
    that runs it re-scans every young AST node and template many times over).
    """
    with gc_paused():
        return _compile_files(files, lang, base, collect)


def _compile_files(files, lang, base, collect):
    declared: dict[str, Declared] = {}
    text_of: dict[str, str] = {}         # card name -> the text of the file that declares it
    errors: list[CardScriptError] = []
    quoted: set = set()                  # cards whose file may quote a name in an ability
    seen: dict = {}                      # card name -> the span of its first declaration
    for f in files:
        parens = "(" in f.text if f.text else True
        # Each card's header quotes its own name: a file with no other '"' quotes no card
        # name in an ability, and its cards need no walk for names (resolve_names).
        names_in_text = not f.text or f.text.count('"') != 2 * len(f.cards)
        for card in f.cards:
            if card.name in seen:
                errors.append(declared_twice(card.name, card.name_span, seen[card.name]))
                continue
            seen[card.name] = card.name_span
            try:
                # Its file's lines come when it is lowered: held for every file at once,
                # they were a second copy of the whole pool's text.
                declared[card.name] = declare(card, lang, (), parens)
                text_of[card.name] = f.text
                if names_in_text:
                    quoted.add(card.name)
            except CardScriptError as e:
                if not collect:
                    raise
                errors.append(e)
    known = dict(base or {})
    known.update(declared)
    out: dict[str, CardTemplate] = {}
    text, lines = None, ()
    for name, d in declared.items():
        if text_of[name] is not text:                # the cards of a file come together
            text = text_of[name]
            lines = _lines_of(text) if text else ()
        if lines:
            d = Declared(d.node, d.kind, d.subtypes, d.stats, d.props, d.flags, d.token, lines,
                         d.parens)
        try:
            for item in d.node.header[1:]:         # the ruleset's checks of header items
                check = lang.header_checks.get(item.words[0]) if item.words else None
                if check is not None:
                    check(item, lines[item.line - 1] if 0 < item.line <= len(lines) else "")
            if name in quoted and _quotes_more_than_its_name(d.node, lines):
                resolve_names(d.node, known)
            # Lowering ran each step's kind check against `known` as it made the step
            # (`Lowerer.lower_step`), so `check_kinds` would repeat it and could not fail
            # here; it stays for callers that hold templates made elsewhere (lint).
            tpl = lower_card(d, lang, known)
            for check in lang.card_checks:       # the ruleset's own checks of a card
                check(tpl)
            out[name] = tpl
        except CardScriptError as e:
            told = as_refused(e, lang, lines)
            if not collect:
                if told is e:
                    raise
                raise told from None
            errors.append(told)
    if errors:
        raise errors[0] if len(errors) == 1 else ErrorList(errors)
    return out
