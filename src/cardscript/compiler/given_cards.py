"""The cards a step picks by itself as an antecedent: 'Draw a spell. You may cast it.'

A verb that declares `gives` (language/registry.py `VerbSpec`) names no cards in its words
(a draw takes the top cards, a discard the cards its player picks), yet a later 'it' / 'them'
names the cards it acted on. The step gets a slot of its own (`Do.gives`) that the verb fills
as it resolves (library/common.py `gave`); the slot becomes the latest antecedent, with the
kinds the verb says its cards have ('draw a site': a site; 'discard a card': any kind).

'it' and 'them' name the same cards, all of those the step gave, as they do after any step
on a group ('each unit here ... it'): the language does not tell the two apart, and the
canonical text writes either as 'it'. So 'Draw two cards. If it is a unit, ...' is read as
'if they are units'.
"""

from __future__ import annotations


def give(lang, spec, args: tuple, scope) -> str:
    """A fresh slot for the cards the step will give, made the latest antecedent."""
    if spec.gives is True:
        kinds = None
    elif isinstance(spec.gives, frozenset):
        kinds = spec.gives
    else:
        word = dict(args).get(spec.gives)
        kinds = lang.nouns.get(word) if isinstance(word, str) else None
    slot = scope.fresh()
    scope.antecedents.append((slot, kinds, False))
    return slot
