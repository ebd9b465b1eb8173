"""A permanent's line of several sentences: each sentence an ability of its own.

Printed permanents put two or three sentences on one line ('Units here have Airborne.
Whenever a unit here dies, you gain 1 life.'). The grammar reads the line as one sequence
whose items are its sentences; a sentence of several clauses is a sequence of its own. Each
sentence is read as the line it would be alone: an ongoing effect (or several, joined by
'and'), a trigger ('Whenever X, Y.', 'At the end of your turn, Y.'), or the follow-up of a
permission: 'You may summon an Undead here. When you do, Y.' is the permission and the
trigger 'When you summon an Undead here, Y.' (the act the permission allows, done); so is a
card's own permission: 'X may step into a void. When it does, Y.' reads as 'When X steps
into a void, Y.' (with the permission's own words for the step). A sentence opening with 'Once' and a
past participle ('Once settled, Y.') is the trigger 'When this is settled, Y.': the card
whose line it is comes to be so.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError

TRIGGER_LEADS = (("whenever",), ("when",), ("after",), ("each", "time"), ("once",),
                 ("at", "the", "start", "of"), ("at", "the", "end", "of"),
                 ("at", "the", "beginning", "of"))
ORDINALS = ("first", "second", "third", "fourth", "fifth")
# The leads of 'When you do, Y.' after a permission: 'when' and 'whenever' mean the same (each
# time the act permitted is done; docs/language.md, "Which trigger word").
DO_LEADS = (("when",), ("whenever",))


def several_sentences(effect) -> tuple | None:
    """The sentences of a line that has more than one, one of them of several clauses; None
    for a line of one sentence (its clauses are items of one sequence) or of one-clause
    sentences only (read as ongoing effects one by one already)."""
    if not isinstance(effect, ast.Sequence) or len(effect.steps) < 2:
        return None
    if not any(isinstance(s, ast.Sequence) for s in effect.steps):
        return None
    return effect.steps


def _lead(step) -> tuple | None:
    """The trigger words a step starts with, followed by at least one more word."""
    if not isinstance(step, ast.Step):
        return None
    words = [w.lower if w.kind == "word" else "" for w in step.phrase.words]
    for lead in TRIGGER_LEADS:
        if tuple(words[:len(lead)]) == lead and len(words) > len(lead):
            return lead
    return None


def trigger_sentence(sentence, before=None) -> ast.TriggeredAbility | None:
    """The triggered ability a sentence stands for ('Whenever X, Y.'), or None. 'When you do,
    Y.' (or 'Whenever you do, Y.') after 'You may ACT.' is 'When you ACT, Y.'; after any other
    sentence it is None."""
    if not isinstance(sentence, ast.Sequence) or len(sentence.steps) < 2:
        return None
    first = sentence.steps[0]
    lead = _lead(first)
    if lead is None:
        return None
    words = first.phrase.words[len(lead):]
    said = [w.lower for w in words]
    if lead in DO_LEADS and said == ["you", "do"]:
        act = permitted_act(before)
        if act is None:
            return None
        words = (words[0],) + act
    elif lead in DO_LEADS and said in (["they", "do"], ["it", "does"]):
        act = card_permitted_act(before)
        if act is None:
            return None
        words = act
    elif lead == ("once",):
        if len(words) != 1 or not said[0].endswith("ed"):
            return None
        # 'Once settled': this card comes to be so ('this is settled').
        words = (ast.Word("this", "word", first.phrase.words[0].span),
                 ast.Word("is", "word", words[0].span), words[0])
    rest = sentence.steps[1:]
    body = rest[0] if len(rest) == 1 else ast.Sequence(tuple(rest), _span(rest[0].span,
                                                                           rest[-1].span))
    pattern = ast.Phrase(tuple(words), _span(words[0].span, words[-1].span))
    return ast.TriggeredAbility(word="when" if lead == ("once",) else " ".join(lead),
                                pattern=pattern, condition=None,
                                effect=body, span=sentence.span)


def permitted_act(sentence) -> tuple | None:
    """The words of the act a permission allows: 'You may summon an Undead here' ->
    'summon an Undead here'; None when the sentence is no 'You may ...'."""
    if not isinstance(sentence, ast.Step):
        return None
    words = sentence.phrase.words
    if len(words) < 3 or [w.lower for w in words[:2]] != ["you", "may"]:
        return None
    return tuple(words[2:])


def card_permitted_act(sentence) -> tuple | None:
    """The words of a card's own permission as a deed of those cards: 'These Settlers may
    move into an adjacent void' -> 'These Settlers move into an adjacent void'; None when
    the sentence is no 'CARDS may ...' (a player's 'you may' is `permitted_act`'s)."""
    if not isinstance(sentence, ast.Step):
        return None
    words = sentence.phrase.words
    low = [w.lower if w.kind == "word" else "" for w in words]
    if "may" not in low or low[0] == "you":
        return None
    k = low.index("may")
    if k == 0 or k + 1 >= len(words):
        return None
    return tuple(words[:k]) + tuple(words[k + 1:])


def follows_nothing(sentence, before) -> SemanticError | None:
    """'When you do, Y.' with no 'You may ...' before it: what 'do' means is not said."""
    if not isinstance(sentence, ast.Sequence) or _lead(sentence.steps[0]) not in DO_LEADS:
        return None
    words = [w.lower for w in sentence.steps[0].phrase.words]
    if words[1:] != ["you", "do"] or permitted_act(before) is not None:
        return None
    said = " ".join(w.text for w in sentence.steps[0].phrase.words)
    return SemanticError(f"'{said}' follows no permission: the sentence before it does not "
                         "start with 'You may'", sentence.steps[0].span, code="E210",
                         hint=f"write the permission first: 'You may ACT. {said}, EFFECT.'")


def which_sentence(err, n: int, total: int):
    """An E210 raised by one sentence of a line of several, saying which one it was."""
    if getattr(err, "code", None) != "E210" or total < 2:
        return err
    nth = ORDINALS[n] if n < len(ORDINALS) else f"{n + 1}th"
    err.message = f"the {nth} of this line's {total} sentences: {err.message}"
    return err


def _span(a, b):
    return type(a)(a.file, a.line, a.column, b.end_line, b.end_column)
