"""Typed AST nodes: what the grammar read, with where it read it.

Frozen, slotted dataclasses, named after the grammar rule that makes them.
Phrases stay flat here (a tuple of `Word`); the compiler gives them meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Span


@dataclass(frozen=True, slots=True, init=False)
class Word:
    """One token of a phrase: `kind` is word, number, name (a quoted card name) or signed."""

    text: str
    kind: str
    span: Span

    def __init__(self, text: str, kind: str, span: Span):
        # What the generated __init__ does, storing through the slots rather than
        # object.__setattr__ by name: the parser makes one word per token.
        _WORD_TEXT(self, text)
        _WORD_KIND(self, kind)
        _WORD_SPAN(self, span)

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
        return " ".join(f'"{w.text}"' if w.kind == "name" else w.text for w in self.words)


# The slots' own setters, which the two constructors above store through (a frozen class
# refuses attribute assignment; its constructor is the one place that fills its fields).
_WORD_TEXT, _WORD_KIND, _WORD_SPAN = (Word.__dict__[n].__set__ for n in ("text", "kind", "span"))
_PHRASE_WORDS, _PHRASE_SPAN = (Phrase.__dict__[n].__set__ for n in ("words", "span"))


@dataclass(frozen=True, slots=True)
class HeaderItem:
    """One comma-separated item of a card header: 'minion', 'power 2', 'water'."""

    words: tuple[str, ...]
    value: int | str | None
    span: Span


@dataclass(frozen=True, slots=True)
class Step:
    """One clause: a phrase the compiler matches against the verb registry."""

    phrase: Phrase
    span: Span


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
    """Phrases joined by 'and': 'you played a site and you don't control "Tawny"'."""

    parts: tuple[Phrase, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Conditional:
    """'if CONDITION, EFFECT'."""

    condition: Condition
    body: "Effect"
    span: Span


@dataclass(frozen=True, slots=True)
class Choose:
    """'choose one: A; or B': the controller picks one option."""

    count: int
    options: tuple["Effect", ...]
    span: Span


Effect = Step | Then | Sequence | Repeat | OneAtATime | AllAtOnce | Conditional | Choose


@dataclass(frozen=True, slots=True)
class KeywordLine:
    """A line of keywords with no sentence stop: 'Airborne', 'Hazardous 2'."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class LabelledAbility:
    """'LABEL → effect': a keyword trigger (Genesis) or an activated ability (Tap)."""

    label: str
    effect: Effect
    span: Span


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """'whenever PATTERN [while CONDITION], effect'."""

    word: str
    pattern: Phrase
    condition: Condition | None
    effect: Effect
    span: Span


@dataclass(frozen=True, slots=True)
class ReplacementAbility:
    """'if X would Y, instead Z': applies without going on the storyline."""

    subject: Condition
    event: Phrase
    effect: Effect
    span: Span


@dataclass(frozen=True, slots=True)
class EffectLine:
    """A bare sentence: a spell's effect, or a static ability of a permanent."""

    effect: Effect
    span: Span


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


@dataclass(frozen=True, slots=True)
class Card:
    """A card declaration: `card "Name": kind, stat N ...` and its ability lines."""

    name: str
    header: tuple[HeaderItem, ...]
    abilities: tuple[Ability, ...]
    span: Span
    name_span: Span


@dataclass(frozen=True, slots=True)
class File:
    """A card file: several cards."""

    cards: tuple[Card, ...]
    path: str
    text: str = field(default="", repr=False, compare=False)   # the source, for exact quotes
