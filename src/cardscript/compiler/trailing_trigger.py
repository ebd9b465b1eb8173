"""A trigger written after what it does: 'Untap it after it attacks an enemy unit.',
'Unburrow them when an enemy enters their square.' (printed on permanents).

The line reads as the trigger written first ('After this attacks an enemy unit, untap
this.'): the words before the trigger word are the effect, the words after it the trigger.
Both halves speak of the card whose line it is, so their pronouns name it: 'it' / 'them' /
'they' become 'this', and 'its' / 'their' before a place noun ('their site') become 'this'
(the site it stands on).
"""

from __future__ import annotations

from .. import syntax as ast

# 'if' after an effect names a happening as 'when' does ('Unburrow if a Mortal dies
# nearby.'); the trigger is written with 'when'.
TRIGGER_WORDS = frozenset({"when", "whenever", "after", "if"})
_SELF = frozenset({"it", "them", "they"})
_POSSESSIVE = frozenset({"its", "their"})


def trailing_trigger(step, lang) -> ast.TriggeredAbility | None:
    """The triggered ability a one-step line with a trailing trigger stands for, or None
    when no trigger word follows the first word."""
    words = step.phrase.words
    at = next((i for i, w in enumerate(words) if i > 0 and w.lower in TRIGGER_WORDS), None)
    if at is None or at == len(words) - 1:
        return None
    head, tail = words[:at], words[at + 1:]
    nouns = lang.place_nouns
    head_words = _own(head, nouns)
    tail_words = _own(tail, nouns)
    effect = ast.Step(ast.Phrase(head_words, _span(head)), _span(head))
    word = "when" if words[at].lower == "if" else words[at].lower
    return ast.TriggeredAbility(word=word, pattern=ast.Phrase(tail_words,
                                                                          _span(tail)),
                                condition=None, effect=effect, span=step.span)


def _own(words, nouns) -> tuple:
    """The words with the card's own pronouns made 'this': 'it', 'them', 'they', and 'its' /
    'their' before a place noun ('their site'); any other possessive ('its borne relics',
    'their owner's hand') stays, read by the phrase it is in."""
    return tuple(_self(w) if w.lower in _SELF or (
        w.lower in _POSSESSIVE and i + 1 < len(words) and words[i + 1].lower in nouns) else w
        for i, w in enumerate(words))


def _self(word):
    if word.lower in _SELF or word.lower in _POSSESSIVE:
        return ast.Word("this", "word", word.span)
    return word


def _span(words):
    first, last = words[0].span, words[-1].span
    return type(first)(first.file, first.line, first.column, last.end_line, last.end_column)
