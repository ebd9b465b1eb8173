"""References inside a trigger's own pattern: what 'it', 'them', 'itself' and 'that unit'
name when they stand in one of the pattern's card slots, and the piles a pattern's card may
not name.

A pattern is one clause: its first card is its subject ('a unit' in 'a unit strikes it'),
every card slot after a card was said is an object of the same clause ('it'). English reads
a pronoun there by one rule: a plain pronoun never names the subject of its own clause (that
is what 'itself' is for), so an object 'it' names a card from outside the clause; on a card's
line, the card itself. Printed cards read so: 'Whenever a unit strikes it' is about strikes
on this card. So:

- the subject: a bare 'it' with nothing said before is the card itself, any other reference
  there is E205 (`subject_ref`; docs/language.md, "`its` in a trigger that names two cards");
  on a card of a kind never in play (a spell) it is E203, as the object's is, and so is
  'this NOUN' in either slot (`never_in_play`: a trigger is heard from a card in play
  only);
- an object 'it' is the card itself, when the card can fill the slot: a card in play, which
  the subject does not name already (`object_ref`); a card of a kind never in play (a spell)
  is E203 (`never_in_play`);
- an object 'them' / 'they' names more than one card, but the card is one: E205;
- an object 'itself' / 'themselves' would name the subject: no happening holds one card in
  two slots (a unit does not strike itself), so it is E205;
- an object 'that unit' (a reference with a noun) has no card of its clause to name but
  the subject, which it cannot name either: E205, its hint naming 'this' and the card's kind;
- a place of what 'it' would name after the card acting ('its site', 'their site') is the
  card itself's, 'this site' (`object_place`), as a trigger written last reads it
  (trailing_trigger.py).

A pile in a pattern's card ('a unit from its owner's hand enters play') is E215: the
engine hears a happening wherever the card came from or lies, so the pile would be ignored
(`no_pile`), whoever's pile it is.
"""

from __future__ import annotations

from ..errors import SemanticError, Span
from ..language.selectors import Place, Selector
from .copying import copy_with as replace
from .diagnose import words_span
from .scope import Scope

_PLURAL = frozenset({"them", "they", "themselves"})
_REFLEXIVE = frozenset({"itself", "themselves"})


def said_before(scope: Scope) -> bool:
    """Whether a card was said before this point of the trigger that a reference may name."""
    return any(not is_place for _, _, is_place in scope.antecedents)


def subject_ref(sel: Selector, low, pattern) -> Selector:
    """A reference with nothing said before it: a bare 'it' is the card whose line it is, as
    'this' is, when that card can be in play; any other is E205 (it could be the card
    itself or any card)."""
    if sel.kinds is None and sel.text.lower() == "it":
        return replace(sel, pick="self", slot="self")      # 'whenever it attacks ...'
    raise nothing_to_name(sel, low.self_kinds, pattern.span)


def never_in_play(sel: Selector, said: list, low, pattern) -> None:
    """E203 for the card itself ('it', 'this NOUN') in a trigger's pattern, as its subject
    or after the cards `said` before it, on a card of a kind never in play (a spell):
    a trigger is heard from a card in play only, so it could never trigger."""
    kinds = low.lang.permanent_kinds
    if not (kinds and low.self_kinds and not low.self_kinds & kinds):
        return
    after = f" after '{said[-1].text}'" if said else ""
    raise SemanticError(
        f"'{sel.text}'{after} names the card itself, but "
        f"{_a(_own_noun(low.self_kinds))} is never in play, where a trigger is heard and "
        "a card is acted on", _first_span(pattern, sel.text.lower()) if not after
        else _last_span(pattern, sel.text.lower()),
        code="E203", words=sel.text,
        hint=f"name the card {'acted on' if after else 'acting'} with a noun ('a unit', "
             f"'an enemy unit'); '{sel.text}' there is for a card in play")


def object_ref(sel: Selector, said: list, low, pattern) -> Selector:
    """A reference in a card slot after a card was said in the same pattern: a bare 'it'
    is the card itself (the hook fires only when this card fills the slot); the other
    words are refused, each with the reason. `said`: the pattern's cards before it."""
    words = sel.text.lower()
    at = _last_span(pattern, words)
    subject = f"'{said[-1].text}'" if said else "'this card'"
    own = _own_noun(low.self_kinds)
    if sel.kinds is not None:                                 # 'that unit', 'those units'
        raise SemanticError(
            f"'{sel.text}' after {subject} has no card to name: the only card said before "
            "it is the one acting, which the same trigger does not name twice", at,
            code="E205",
            words=sel.text,
            hint=f"write 'it' or 'this {own}' for the card itself, or 'a {own}' for any {own}")
    if words in _REFLEXIVE:
        raise SemanticError(
            f"'{sel.text}' would name {subject}, the card said before it in the same "
            "trigger, but no happening holds one card in two of its places", at,
            code="E205", words=sel.text,
            hint=f"write 'it' or 'this {own}' for the card itself")
    if words in _PLURAL:
        raise SemanticError(
            f"'{sel.text}' after {subject} names the card itself (a pronoun there never "
            f"names the card acting), but the card is one {own}", at, code="E205",
            words=sel.text, hint=f"write 'it' or 'this {own}'")
    if any(v.pick == "self" for v in said):
        raise SemanticError(
            f"'{sel.text}' after {subject} would name the card itself a second time: the "
            "trigger already names it as the one acting", at, code="E205", words=sel.text,
            hint=f"name the other card ('a unit', 'an enemy'), or write 'a {own}' for any "
                 f"{own} instead of {subject}")
    return replace(sel, pick="self", slot="self")


def object_place(pl: Place) -> Place:
    """A place of the pattern after the card acting: 'its site' / 'their site' (the place
    of what 'it' would name) is the card itself's, 'this site' ('Whenever an enemy unit
    enters its site'), by the rule of `object_ref`; any other place as it is."""
    if pl.ref == "of" and pl.of is not None and pl.of.pick == "ref" and \
            pl.of.kinds is None and pl.of.text.lower() == "it":
        return replace(pl, ref="here", of=None)
    return pl


def no_pile(sel: Selector, pattern) -> None:
    """E215 for a pattern's card that names a pile ('a unit from its owner's hand'): the
    hook reads no pile, so the words would be ignored."""
    if sel.zone is None:
        return
    at = words_span(pattern, sel.text) or pattern.span
    raise SemanticError(
        f"'{sel.text}' in a trigger names a pile, but a trigger hears the happening "
        "wherever the card lies or came from: the pile would be ignored", at, code="E215",
        words=sel.text,
        hint="drop the pile: the trigger hears every card its other words fit")


def nothing_to_name(sel: Selector, own_kinds, span) -> SemanticError:
    """E205: 'Whenever that unit dies' with no card said before: 'that unit' could be the
    card itself or any unit, and a trigger never guesses which."""
    kinds = sel.kinds or own_kinds or ()
    noun = sorted(kinds)[0] if len(kinds) == 1 else "card"
    return SemanticError(
        f"'{sel.text}' refers to nothing said before it", span, code="E205", words=sel.text,
        hint=f"write 'this {noun}' for the card itself, or 'a {noun}' for any {noun}")


def _last_span(pattern, words: str) -> Span:
    """The span of the last run of `pattern`'s words that reads `words` (the object comes
    after the subject: 'it strikes it'), else the whole pattern's."""
    want = words.split()
    have = [w.text.lower() for w in pattern.words]
    for i in range(len(have) - len(want), -1, -1):
        if have[i:i + len(want)] == want:
            a, b = pattern.words[i].span, pattern.words[i + len(want) - 1].span
            return Span(a.file, a.line, a.column, b.end_line, b.end_column)
    return pattern.span


def _first_span(pattern, words: str) -> Span:
    """The span of the first run of `pattern`'s words that reads `words` (the subject comes
    first: 'it strikes it'), else the whole pattern's."""
    want = words.split()
    have = [w.text.lower() for w in pattern.words]
    for i in range(len(have) - len(want) + 1):
        if have[i:i + len(want)] == want:
            a, b = pattern.words[i].span, pattern.words[i + len(want) - 1].span
            return Span(a.file, a.line, a.column, b.end_line, b.end_column)
    return pattern.span


def _own_noun(kinds) -> str:
    """The noun of what the card itself may be: its kind, else 'card'."""
    return sorted(kinds)[0] if kinds and len(kinds) == 1 else "card"


def _a(kind: str) -> str:
    return ("an " if kind[:1] in "aeiou" else "a ") + kind
