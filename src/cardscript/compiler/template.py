"""Card templates: what the compiler hands the engine.

An ability lowers to an effect tree whose nodes say, as data, where the event may
split (`splits` on each `Do`, `OneAtATimeT`, `RepeatT`, `SearchT`) and what its
hook listens to (`HookT`). The engine interprets these nodes; nothing here runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import Span
from ..language.amounts import Counted
from ..memo import Memo


@dataclass(frozen=True, slots=True, init=False)
class Do:
    """Perform one verb with its slot arguments."""

    verb: Any                 # VerbSpec
    args: tuple               # ((slot, value), ...)
    text: str
    span: Span
    splits: frozenset
    # Does an argument hold a counted amount (language/amounts.py `Counted`)? The interpreter
    # then makes the step again with the number counted before its verb runs
    # (interpreter/amounts.py); tested first, so a step of written numbers pays one look.
    counted: bool = False
    # The slot the verb fills with the cards it picked by itself (drawn, discarded), which a
    # later 'it' reads (`VerbSpec.gives`); None for a verb that gives none.
    gives: str | None = None
    # The args as a dict, made on first use of `argmap` (a dict a step, made for every step
    # of a pool, was some 180 bytes a card; only the steps a game runs need one).
    memo: Memo = field(default_factory=Memo, init=False, compare=False, repr=False)

    def __init__(self, verb, args: tuple, text: str, span: Span, splits: frozenset,
                 counted: bool = False, gives: str | None = None):
        # The fields in order, stored through the slots (see slot_setters): a step a card.
        _DO[0](self, verb)
        _DO[1](self, args)
        _DO[2](self, text)
        _DO[3](self, span)
        _DO[4](self, splits)
        _DO[5](self, counted)
        _DO[6](self, gives)
        _DO[7](self, Memo())

    @classmethod
    def of(cls, verb, args: tuple, text: str, span: Span, splits: frozenset,
           counted: bool | None = None, gives: str | None = None) -> "Do":
        """A `Do` of these fields (the maker the compiler and the compiled-card codec call);
        `counted` None: whether an argument is a counted amount, found from `args`."""
        if counted is None:
            counted = False
            for _, value in args:
                if value.__class__ is Counted:
                    counted = True
                    break
        return cls(verb, args, text, span, splits, counted, gives)

    @property
    def argmap(self) -> dict:
        """The args as a dict, slot -> value (made once; read it, never change it)."""
        made = self.memo.value
        if made is None:
            made = self.memo.value = dict(self.args)
        return made

    def arg(self, name, default=None):
        """The value of one slot, or `default`: a step has a handful of slots at most."""
        for key, value in self.args:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class SeqT:
    """Nodes in order."""

    items: tuple


@dataclass(frozen=True, slots=True)
class ThenT:
    """'then': a boundary a ruleset may split on (each 'then' starts a new action).

    `line` marks the start of a spell's second (third, ...) line instead: a boundary the
    policy's `split_between_lines` splits on.
    """

    body: Any
    line: bool = False


@dataclass(frozen=True, slots=True)
class RepeatT:
    """Repeat the body; with `one_at_a_time` each repetition is its own event part."""

    times: int
    one_at_a_time: bool
    body: Any


@dataclass(frozen=True, slots=True)
class OneAtATimeT:
    """Apply a group verb to each card of its group separately, splitting between them."""

    body: Do


def group_of(node: "Do"):
    """The selector 'one at a time' splits a step by: its first that can name several cards
    ('each', 'N', 'up to N', with or without 'target'), else its first reference ('them').
    None when the step names only single cards."""
    refs = None
    for _, v in node.args:
        if hasattr(v, "quant"):
            if is_group(v):
                return v
            if refs is None and v.pick in ("ref", "named") and v.slot != "self":
                refs = v
    return refs


def is_group(sel) -> bool:
    """Can the selector name more than one card?"""
    return sel.quant in ("each", "up_to") or (sel.quant == "count" and sel.count > 1)


@dataclass(frozen=True, slots=True)
class AllAtOnceT:
    """A group verb kept as one simultaneous event (the default; said for clarity)."""

    body: Any


@dataclass(frozen=True, slots=True)
class CondT:
    """One condition test: (ConditionSpec, args)."""

    spec: Any
    args: tuple
    text: str


@dataclass(frozen=True, slots=True)
class IfT:
    """Run the body when every condition holds."""

    conditions: tuple
    body: Any


@dataclass(frozen=True, slots=True)
class MayT:
    """'you may' (or 'your opponent may', ...): the named player decides as it resolves (a
    `pay` question for a cost verb)."""

    body: Any
    text: str
    ask: str = "may"          # the question's kind: 'may', or 'pay' when the body is a cost
    who: str | None = None    # the player word before 'may' ('opponent', ...); None: you


@dataclass(frozen=True, slots=True)
class ChooseT:
    """'choose one' (or two, three): the controller picks options by their text or number."""

    options: tuple
    texts: tuple
    count: int = 1


@dataclass(frozen=True, slots=True)
class SearchT:
    """A search and what is done with the found cards, its shuffle included: no split inside."""

    search: Do
    body: Any
    shuffle: Do | None


@dataclass(frozen=True, slots=True, init=False)
class HookT:
    """What a triggered ability listens to: a happening kind and a filter on it."""

    happening: str
    filter: dict
    text: str
    condition: tuple = ()
    plan: tuple = field(default=(), compare=False, repr=False)   # the filter, ready to test
    # The pattern entry that read the hook and its slots as resolved (a self slot keeps its
    # 'this' selector): what the canonical text renders. None for a label's hook.
    pattern_entry: Any = field(default=None, compare=False, repr=False)
    pattern_args: tuple = field(default=(), compare=False, repr=False)
    # The interpreter's test for this hook, built on first use (interpreter/select.py: hook_test).
    memo: Memo = field(default_factory=Memo, init=False, compare=False, repr=False)

    def __init__(self, happening: str, filter: dict, text: str, condition: tuple = (),
                 plan: tuple = (), pattern_entry: Any = None, pattern_args: tuple = ()):
        # The fields in order, stored through the slots (see slot_setters).
        _HOOK[0](self, happening)
        _HOOK[1](self, filter)
        _HOOK[2](self, text)
        _HOOK[3](self, condition)
        _HOOK[4](self, plan)
        _HOOK[5](self, pattern_entry)
        _HOOK[6](self, pattern_args)
        _HOOK[7](self, Memo())

    @classmethod
    def of(cls, happening: str, filter: dict, text: str, condition: tuple = (),
           pattern_entry=None, pattern_args: tuple = ()) -> "HookT":
        """A hook with its filter sorted into its `plan`.

        The interpreter tests a hook against every happening of its kind: the filter is
        sorted once into (test, key, value) steps instead of re-reading the dict each time.
        """
        steps = []
        for key, val in filter.items():
            if key == "self":
                continue
            if key.startswith("self_"):
                steps.append(("self", key[5:], val))
            elif key == "player":
                steps.append(("player", key, val))
            elif hasattr(val, "quant"):                  # a Selector
                steps.append(("card", key, val))
            elif hasattr(val, "ref"):                    # a Place
                steps.append(("place", key, val))
        return cls(happening, filter, text, condition, tuple(steps), pattern_entry,
                   pattern_args)


@dataclass(frozen=True, slots=True, init=False)
class AbilityT:
    """One compiled ability."""

    kind: str                 # spell | triggered | activated | static | replacement | keyword
    #                           | cast cost (compiler/cast_costs.py)
    text: str
    span: Span
    effect: Any = None
    hook: HookT | None = None
    costs: tuple = ()
    trace_kind: str = "triggered"
    targets: tuple = ()       # the target selectors/places, in text order (chosen on announce)
    static: Any = None        # (StaticSpec, args) for statics and replacements
    label: str | None = None
    # An ongoing effect's conditions (CondT, ...): it applies only while they all hold.
    condition: tuple = ()
    # What the ability asks of its controller to work at all (CondT, ...: the threshold
    # icons before it): a trigger does not trigger, an activation is refused, without it.
    requires: tuple = ()

    def __init__(self, kind: str, text: str, span: Span, effect: Any = None,
                 hook: HookT | None = None, costs: tuple = (), trace_kind: str = "triggered",
                 targets: tuple = (), static: Any = None, label: str | None = None,
                 condition: tuple = (), requires: tuple = ()):
        # The fields in order, stored through the slots (see slot_setters): an ability a card.
        _ABILITY[0](self, kind)
        _ABILITY[1](self, text)
        _ABILITY[2](self, span)
        _ABILITY[3](self, effect)
        _ABILITY[4](self, hook)
        _ABILITY[5](self, costs)
        _ABILITY[6](self, trace_kind)
        _ABILITY[7](self, targets)
        _ABILITY[8](self, static)
        _ABILITY[9](self, label)
        _ABILITY[10](self, condition)
        _ABILITY[11](self, requires)


@dataclass(frozen=True, slots=True, init=False)
class CardTemplate:
    """A card as the engine sees it."""

    name: str
    kind: str
    subtypes: tuple
    stats: dict
    props: dict
    flags: frozenset
    keywords: dict            # canonical keyword -> value (True or a number)
    abilities: tuple
    span: Span
    token: bool = False
    file: str = ""
    hooks_by_happening: dict = field(default_factory=dict)
    # Reminder text of the card's lines, ((line, text), ...): for people, never rules.
    reminders: tuple = ()
    # What the interpreter works out once from the template (interpreter/select.py:
    # TemplateFacts: its hooks with their tests, its ongoing effects' names), on first use.
    memo: Memo = field(default_factory=Memo, init=False, compare=False, repr=False)

    def __init__(self, name: str, kind: str, subtypes: tuple, stats: dict, props: dict,
                 flags: frozenset, keywords: dict, abilities: tuple, span: Span,
                 token: bool = False, file: str = "", hooks_by_happening: dict | None = None,
                 reminders: tuple = ()):
        # The fields in order, stored through the slots (see slot_setters); no table of hooks
        # given is a dict of its own, as the generated constructor's default_factory made.
        _CARD[0](self, name)
        _CARD[1](self, kind)
        _CARD[2](self, subtypes)
        _CARD[3](self, stats)
        _CARD[4](self, props)
        _CARD[5](self, flags)
        _CARD[6](self, keywords)
        _CARD[7](self, abilities)
        _CARD[8](self, span)
        _CARD[9](self, token)
        _CARD[10](self, file)
        _CARD[11](self, {} if hooks_by_happening is None else hooks_by_happening)
        _CARD[12](self, reminders)
        _CARD[13](self, Memo())

    def stat(self, name, default=0):
        return self.stats.get(name, default)

    @property
    def spell_abilities(self):
        return [a for a in self.abilities if a.kind == "spell"]


def slot_setters(cls) -> tuple:
    """The slots' own setters of a frozen class, in field order: what the constructors above
    store through, rather than object.__setattr__ by name as the generated ones do (a frozen
    class refuses attribute assignment; its constructor is the one place that fills its
    fields). tests/test_architecture.py holds each to the dataclass's fields and defaults."""
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


_DO = slot_setters(Do)
_HOOK = slot_setters(HookT)
_ABILITY = slot_setters(AbilityT)
_CARD = slot_setters(CardTemplate)
