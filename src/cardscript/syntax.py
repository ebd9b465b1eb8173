"""Typed AST nodes: what the grammar read, with where it read it.

Frozen, slotted dataclasses, named after the grammar rule that makes them.
Phrases stay flat here (a tuple of `Word`); the compiler gives them meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Span

# The fields a node keeps its position in (Span's own, inline) or its Span under: what a
# comparison of two layouts of the same text leaves out.
POSITION = ("file", "line", "column", "end_line", "end_column")
POSITION_FIELDS = frozenset(POSITION + ("span", "name_span"))


@dataclass(frozen=True, slots=True, init=False)
class Word:
    """One token of a phrase: `kind` is word, number, name (a quoted card name) or signed.

    Where it stands is kept in its own fields (`file`, `line`, `column`, `end_line`,
    `end_column`, as a Span has them) rather than in a Span object: there is a word for
    every token, and a Span apiece was the largest part of a syntax tree. `span` makes one.
    """

    text: str
    kind: str
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __init__(self, text: str, kind: str, span: Span | None = None, file: str = "",
                 line: int = 0, column: int = 0, end_line: int = 0, end_column: int = 0):
        # Given a span, or its five parts (what the parser and dataclasses.replace pass).
        # Stored through the slots rather than object.__setattr__ by name, as the generated
        # __init__ would: the parser makes one word per token.
        _WORD_TEXT(self, text)
        _WORD_KIND(self, kind)
        if span is not None:
            file, line, column = span.file, span.line, span.column
            end_line, end_column = span.end_line, span.end_column
        _WORD_FILE(self, file)
        _WORD_LINE(self, line)
        _WORD_COLUMN(self, column)
        _WORD_END_LINE(self, end_line)
        _WORD_END_COLUMN(self, end_column)

    @property
    def span(self) -> Span:
        """Where the word stands, as a Span (made on each call: equal, not the same object)."""
        return Span(self.file, self.line, self.column, self.end_line, self.end_column)

    @property
    def lower(self) -> str:
        return self.text.lower()


@dataclass(frozen=True, slots=True, init=False)
class Phrase:
    """A run of words between structural keywords: 'deal 1 damage to each unit here'."""

    words: tuple[Word, ...]
    span: Span

    def __init__(self, words: tuple[Word, ...], span: Span):
        # As Word's: one phrase per run of words, stored through the slots.
        _PHRASE_WORDS(self, words)
        _PHRASE_SPAN(self, span)

    @property
    def text(self) -> str:
        return " ".join([f'"{w.text}"' if w.kind == "name" else w.text for w in self.words])


# The slots' own setters, which the two constructors above store through (a frozen class
# refuses attribute assignment; its constructor is the one place that fills its fields).
_WORD_TEXT, _WORD_KIND, _WORD_FILE, _WORD_LINE, _WORD_COLUMN, _WORD_END_LINE, _WORD_END_COLUMN = (
    Word.__dict__[n].__set__ for n in ("text", "kind") + POSITION)
_PHRASE_WORDS, _PHRASE_SPAN = (Phrase.__dict__[n].__set__ for n in ("words", "span"))


@dataclass(frozen=True, slots=True, init=False)
class HeaderItem:
    """One comma-separated item of a card header: 'minion', 'power 2', 'water'.

    Its position is kept in its own fields, as a Word's is (a card has two or three items).
    """

    words: tuple[str, ...]
    value: int | str | None
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __init__(self, words: tuple[str, ...], value: int | str | None,
                 span: Span | None = None, file: str = "", line: int = 0, column: int = 0,
                 end_line: int = 0, end_column: int = 0):
        # As Word's: a span, or its five parts.
        _ITEM_WORDS(self, words)
        _ITEM_VALUE(self, value)
        if span is not None:
            file, line, column = span.file, span.line, span.column
            end_line, end_column = span.end_line, span.end_column
        _ITEM_FILE(self, file)
        _ITEM_LINE(self, line)
        _ITEM_COLUMN(self, column)
        _ITEM_END_LINE(self, end_line)
        _ITEM_END_COLUMN(self, end_column)

    @property
    def span(self) -> Span:
        """Where the item stands, as a Span (made on each call)."""
        return Span(self.file, self.line, self.column, self.end_line, self.end_column)


_ITEM_WORDS, _ITEM_VALUE, _ITEM_FILE, _ITEM_LINE, _ITEM_COLUMN, _ITEM_END_LINE, \
    _ITEM_END_COLUMN = (HeaderItem.__dict__[n].__set__ for n in ("words", "value") + POSITION)


@dataclass(frozen=True, slots=True, init=False)
class Step:
    """One clause: a phrase the compiler matches against the verb registry."""

    phrase: Phrase
    span: Span

    def __init__(self, phrase: Phrase, span: Span):
        # As Phrase's: a step or more a card, stored through the slots.
        _STEP_PHRASE(self, phrase)
        _STEP_SPAN(self, span)


_STEP_PHRASE, _STEP_SPAN = (Step.__dict__[n].__set__ for n in ("phrase", "span"))


@dataclass(frozen=True, slots=True)
class Then:
    """'then': the step after it happens after the step before has finished."""

    body: "Effect"
    span: Span


@dataclass(frozen=True, slots=True)
class Sequence:
    """Steps in order, joined by ',' or 'and'."""

    steps: tuple["Effect", ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Repeat:
    """'three times', optionally 'one at a time' (each repetition its own event part)."""

    times: int
    one_at_a_time: bool
    body: "Effect"
    span: Span


@dataclass(frozen=True, slots=True)
class OneAtATime:
    """'one at a time': a group effect split into one event part per card."""

    body: "Effect"
    span: Span


@dataclass(frozen=True, slots=True)
class AllAtOnce:
    """'all at once': a group effect kept as one simultaneous event."""

    body: "Effect"
    span: Span


@dataclass(frozen=True, slots=True)
class Condition:
    """Phrases joined by 'and': 'you don't control "Tawny" and you played a site'."""

    parts: tuple[Phrase, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Conditional:
    """'if CONDITION, EFFECT'; `lasting` for 'EFFECT while CONDITION' and 'as long as' (on a
    permanent an ongoing effect; in a one-off effect, read whole by a verb that makes the
    effect last while the condition holds, where the language has one)."""

    condition: Condition
    body: "Effect"
    span: Span
    lasting: bool = False


@dataclass(frozen=True, slots=True)
class Choose:
    """'choose one: A; or B': the controller picks one option."""

    count: int
    options: tuple["Effect", ...]
    span: Span


Effect = Step | Then | Sequence | Repeat | OneAtATime | AllAtOnce | Conditional | Choose


@dataclass(frozen=True, slots=True, init=False)
class KeywordLine:
    """A line of keywords with no sentence stop: 'Airborne', 'Hazardous 2'."""

    text: str
    span: Span

    def __init__(self, text: str, span: Span):
        # The ability lines a card has, each stored through the slots (as Phrase's).
        _KEYWORD_LINE[0](self, text)
        _KEYWORD_LINE[1](self, span)


@dataclass(frozen=True, slots=True, init=False)
class LabelledAbility:
    """'LABEL → effect': a keyword trigger (Genesis) or an activated ability (Tap)."""

    label: str
    effect: Effect
    span: Span

    def __init__(self, label: str, effect: Effect, span: Span):
        # As KeywordLine's.
        _LABELLED[0](self, label)
        _LABELLED[1](self, effect)
        _LABELLED[2](self, span)


@dataclass(frozen=True, slots=True, init=False)
class TriggeredAbility:
    """'whenever PATTERN [while CONDITION], effect'."""

    word: str
    pattern: Phrase
    condition: Condition | None
    effect: Effect
    span: Span

    def __init__(self, word: str, pattern: Phrase, condition: Condition | None, effect: Effect,
                 span: Span):
        # As KeywordLine's.
        _TRIGGERED[0](self, word)
        _TRIGGERED[1](self, pattern)
        _TRIGGERED[2](self, condition)
        _TRIGGERED[3](self, effect)
        _TRIGGERED[4](self, span)


@dataclass(frozen=True, slots=True)
class ReplacementAbility:
    """'if X would Y, instead Z': applies without going on the storyline."""

    subject: Condition
    event: Phrase
    effect: Effect
    span: Span


@dataclass(frozen=True, slots=True, init=False)
class EffectLine:
    """A bare sentence: a spell's effect, or a static ability of a permanent."""

    effect: Effect
    span: Span

    def __init__(self, effect: Effect, span: Span):
        # As KeywordLine's.
        _EFFECT_LINE[0](self, effect)
        _EFFECT_LINE[1](self, span)


@dataclass(frozen=True, slots=True)
class DashLabelled:
    """'LABEL — ability': an ability a card gives to whoever the label names ('Bearer — ...')."""

    label: str
    ability: "Ability"
    span: Span


@dataclass(frozen=True, slots=True)
class ThresholdCost:
    """'(W)(W): ability': threshold icons before a colon, the cost of the ability after it.

    `icons` holds each icon's letter, upper case, in printed order ('W', 'W').
    """

    icons: tuple[str, ...]
    ability: "Ability"
    span: Span


Ability = KeywordLine | LabelledAbility | TriggeredAbility | ReplacementAbility | EffectLine | \
    DashLabelled | ThresholdCost


@dataclass(frozen=True, slots=True, init=False)
class Card:
    """A card declaration: `card "Name": kind, stat N ...` and its ability lines."""

    name: str
    header: tuple[HeaderItem, ...]
    abilities: tuple[Ability, ...]
    span: Span
    name_span: Span

    def __init__(self, name: str, header: tuple[HeaderItem, ...], abilities: tuple[Ability, ...],
                 span: Span, name_span: Span):
        # As Phrase's: one a card, stored through the slots.
        _CARD_NAME(self, name)
        _CARD_HEADER(self, header)
        _CARD_ABILITIES(self, abilities)
        _CARD_SPAN(self, span)
        _CARD_NAME_SPAN(self, name_span)


def _setters(cls) -> tuple:
    """The slots' own setters of a frozen node class, in field order (what its constructor
    stores through; tests/test_architecture.py holds it to the dataclass's fields)."""
    return tuple(cls.__dict__[f].__set__ for f in cls.__dataclass_fields__)


_KEYWORD_LINE = _setters(KeywordLine)
_LABELLED = _setters(LabelledAbility)
_TRIGGERED = _setters(TriggeredAbility)
_EFFECT_LINE = _setters(EffectLine)

_CARD_NAME, _CARD_HEADER, _CARD_ABILITIES, _CARD_SPAN, _CARD_NAME_SPAN = (
    Card.__dict__[n].__set__ for n in ("name", "header", "abilities", "span", "name_span"))


@dataclass(frozen=True, slots=True)
class File:
    """A card file: several cards."""

    cards: tuple[Card, ...]
    path: str
    text: str = field(default="", repr=False, compare=False)   # the source, for exact quotes
