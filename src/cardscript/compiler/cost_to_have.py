"""'you may <cost> to have <it> <deed>': a cost paid by choice for a deed
('you may sacrifice an ally to have it deal 2 damage to each enemy here').

It reads as the two sentences it stands for, 'you may <cost>. If you do, <it> <deed>.': the
deed happens only when the cost was paid (the condition 'you do'). The deed's doer 'it' /
'they' / 'them' is the card whose line it is ('this'); a doer named otherwise stays as
written. docs/language.md, "A cost for a deed".
"""

from __future__ import annotations

from .. import syntax as ast

_SELF = frozenset({"it", "they", "them"})


def to_have(phrase: ast.Phrase):
    """(cost, deed, did) phrases for 'you may <cost> to have <deed>', or None: the cost with
    its 'you may', the deed with its doer made 'this', and the condition 'you do'."""
    words = phrase.words
    low = [w.lower for w in words]
    if low[:2] != ["you", "may"]:
        return None
    at = next((i for i in range(3, len(low) - 2) if low[i] == "to" and low[i + 1] == "have"),
              None)
    if at is None:
        return None
    cost, deed = words[:at], list(words[at + 2:])
    if deed[0].lower in _SELF:
        deed[0] = ast.Word("this", "word", deed[0].span)
    did = (ast.Word("you", "word", words[0].span), ast.Word("do", "word", words[1].span))
    return _phrase(cost), _phrase(tuple(deed)), _phrase(did)


def _phrase(words) -> ast.Phrase:
    first, last = words[0].span, words[-1].span
    return ast.Phrase(tuple(words), type(first)(first.file, first.line, first.column,
                                                 last.end_line, last.end_column))
