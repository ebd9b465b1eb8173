"""'may' in a step: 'you may ...', 'may ...', 'PLAYER may ...' (the player named decides,
and the rest is read with that player as the verb's subject), 'you may COST to have it DEED',
and 'CARDS may VERB' (the controller may have the cards named do it). Each reading is a
`MayT` around the step read without the 'may'; `scope.answered` says whose 'may' a later
'if you do' / 'if they do' reads."""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError
from ..language.reader import PLAYERS
from ..language.shapes import FAIL
from .copying import copy_with
from .cost_to_have import to_have
from .its_player import its_player
from .matching import _words
from .scope import Scope
from .template import Do, IfT, MayT, SeqT


def player_may(low, phrase: ast.Phrase, scope: Scope, card, first: list, head: list):
    """The step read as a 'may' of its controller or of the player named before 'may', or
    None when it is no such step. `first`: its first two words in lower case; `head`: the
    words that may hold 'may' (lower.py `_MAY_BY`), 'may' among them."""
    words = phrase.words
    paid = to_have(phrase)          # 'you may <cost> to have it <deed>'
    if paid is not None:
        cost, deed, did = paid
        return SeqT((low.lower_step(cost, scope, card),
                     IfT((low.lower_condition(did, scope),),
                         low.lower_step(deed, scope, card))))
    # A verb whose own shape opens with 'you may' (a choice the rules ask for later, as
    # the ruleset says), not a question asked now.
    may_verb = first == ["you", "may"] and low._reads_alone(phrase)
    for prefix in (["you", "may"], ["may"]):
        if not may_verb and first[:len(prefix)] == prefix and len(words) > len(prefix):
            rest = ast.Phrase(words[len(prefix):], phrase.span)
            body = low.lower_step(rest, scope, card)
            # 'you may pay ...': a verb registered as a cost asks a `pay` question.
            ask = "pay" if isinstance(body, Do) and body.verb.cost else "may"
            scope.answered.add("you")
            return MayT(body, phrase.text, ask)
    # 'your opponent may discard a card': the player named before 'may' decides, and the
    # rest is read with that player as the verb's subject ('your opponent discard ...').
    if not may_verb:
        k = head.index("may")
        who = PLAYERS.get(tuple(head[:k]))
        # 'each player may', 'each opponent may': each of them is asked in turn
        # (interpret.py), and the step names the one who said yes.
        if who is not None and len(words) > k + 1:
            who = its_player("who", who, scope)     # 'its controller may ...'
            rest = ast.Phrase(words[:k] + words[k + 1:], phrase.span)
            body = low.lower_step(rest, scope, card)
            if isinstance(body, Do):          # its words as printed, after 'may'
                body = copy_with(body, text=" ".join(w.text for w in words[k + 1:]))
            ask = "pay" if isinstance(body, Do) and body.verb.cost else "may"
            if who not in ("you", "each", "opponents"):
                scope.decider = who
            # 'each player may': you decide too (a later 'if you do' reads yours)
            scope.answered |= {"you"} if who == "you" else \
                {"you", "they"} if who == "each" else {"they"}
            return MayT(body, phrase.text, ask, None if who == "you" else who)
    return None


def card_may(low, phrase: ast.Phrase, scope: Scope, card, ws: tuple | None = None):
    """'a nearby allied card may hide', 'this card may strike it': the controller
    may have the cards named before 'may' do it. Read as the cards doing the verb
    ('this strikes it', 'X moves to ...'), else as the verb done to them ('hide a
    nearby allied card'); a MayT, or None when no card is named before 'may'."""
    words = phrase.words
    if ws is None:
        ws = _words(phrase)
    # 'may' as a word ('_words' gives a card name as a tuple, never the string 'may')
    k = ws.index("may") if "may" in ws else None
    if not k or k + 1 >= len(words) or words[k + 1].kind != "word":
        return None
    subject = words[:k]
    named = _words(low.own_words(ast.Phrase(subject, phrase.span)))   # 'these Sirens'
    if PLAYERS.get(_words(ast.Phrase(subject, phrase.span))) is not None or \
            low.reader.read("cards", named) is FAIL:
        return None
    rest = words[k + 1:]
    for cand in (subject + rest, rest[:1] + subject + rest[1:]):
        try:
            body = low.lower_step(ast.Phrase(cand, phrase.span), scope, card)
        except SemanticError:
            continue
        if isinstance(body, Do):          # its words as printed, after 'may'
            body = copy_with(body, text=" ".join(w.text for w in rest))
        scope.answered.add("you")
        return MayT(body, phrase.text, "may")
    return None
