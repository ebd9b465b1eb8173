"""A verb done to the card whose text it is, where that card's kind cannot take it (E203).

'Burrow.' with no object, 'Kill this.', 'Tap this.': the verb acts on the card itself. A verb
that takes only some kinds of card says which through its `check` (the one that refuses
'kill target site'); a bare 'this' and a verb with no object name no kind, so that check
passes them, and on a magic, an aura or a site the step would compile and do nothing. This
pass asks the verb's check again with the card's own kind: 'Burrow.' on a magic is refused
as 'burrow this magic' would be.

Inside a quoted ability ('Target unit gains "Whenever it wins a fight, VERB this" this turn')
'this' is the card that gains it, of the kinds the granting selector names
(compiler/granted_lines.py `holder_kinds`), and the check is asked with those.

The card itself is the verb's object when
- its `what` is 'this' (the card itself, with no noun that names a kind), or
- it has no `what` but another of its shapes has one ('burrow' beside 'burrow {what}'): the
  bare form acts on the card whose line it is.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError
from ..language.selectors import Selector
from .diagnose import render_shape, words_span


def self_subject_error(spec, args: tuple, phrase: ast.Phrase, self_kinds: frozenset | None,
                       lang, known: dict, self_said: str | None = None) -> SemanticError | None:
    """E203 when the verb acts on the card itself and its check refuses the card's kinds
    (`self_said`: what 'this' is, a clause for the hint, when not the card whose line it is)."""
    if spec.check is None or not self_kinds:
        return None
    given = dict(args)
    what = given.get("what")
    bare = what is None and "what" not in given and _has_object(spec)
    if not bare and not (isinstance(what, Selector) and what.pick == "self" and
                         what.kinds is None and what.name is None):
        return None
    word = " or ".join(kind_word(kind, lang) for kind in sorted(self_kinds))
    me = Selector(quant="ref", pick="self", slot="self", kinds=frozenset(self_kinds),
                  text=f"this {word}")
    problem = spec.check({**given, "what": me}, known)
    if not problem:
        return None
    shape = next(s.text for s in spec.shapes if "{what:" in s.text)
    if bare:
        where = phrase.span
        said = " ".join(w.text for w in phrase.words)
        about = f"with no card named, '{said}' acts on the card itself"
    else:
        where = words_span(phrase, what.text) or phrase.span
        about = f"'{what.text}' is this {word}"
    hint = f"{self_said or about}; name the card it acts on ({render_shape(shape)})"
    return SemanticError(str(problem), where, code="E203", hint=hint, words=what.text if what else
                         None)


def kind_word(kind: str, lang) -> str:
    """The word a card of a kind is called by: the kind's own name where the language has
    it as a word, else the first word naming it."""
    return next((w for w, k in lang.card_kinds.items() if k == kind and w == k),
                next((w for w, k in lang.card_kinds.items() if k == kind), kind))


def _has_object(spec) -> bool:
    """Whether a shape of the verb names the card it acts on ({what})."""
    return any(t.slot == "what" for s in spec.shapes for t in s.tokens)
