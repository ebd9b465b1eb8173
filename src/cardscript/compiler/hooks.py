"""A trigger's words lowered into a hook: the happening it listens to, the filters its
pattern's slots make, its condition ('while ...') and an opener that limits it ('Once on
your turn, when ...').

The cards a pattern names are kept in trigger slots ('trigger:unit'), which a later 'it'
of the effect names. A reference inside the pattern itself ('Whenever it attacks', 'Whenever
a unit strikes it') is read by pattern_refs.py.
"""

from __future__ import annotations

from sys import intern as _intern

from .. import syntax as ast
from ..language.selectors import Place, Selector
from .copying import copy_with as replace    # dataclasses.replace, its field names found once
from .lower import Lowerer
from .pattern_refs import (never_in_play, no_pile, object_place, object_ref, said_before,
                           subject_ref)
from .scope import Scope
from .template import HookT

# Trigger words that only say "each time the happening fits". Any other ('at the start of',
# 'at the end of') is tried as part of the pattern first, so a ruleset can give it a timing of
# its own by registering a pattern that begins with it ('at the start of your turn').
PLAIN_TRIGGER_WORDS = frozenset({"when", "whenever", "after", "each time", "if"})


# Words that may open a trigger before its trigger word ('Once on your turn, when ...'): a
# limit on when and how often it fires, read as a condition the ruleset registers under the
# same words (Sorcery: rulesets/sorcery/once_on_your_turn.py); a ruleset without it says so.
TRIGGER_OPENERS = ("once on your turn", "once on an opponent's turn")


def trigger_opener(text: str) -> str | None:
    """The opener a trigger's text starts with ('once on your turn'), or None."""
    low = text.lower()
    return next((o for o in TRIGGER_OPENERS if low.startswith(o + ",")), None)


def _hook(word, pattern: ast.Phrase, condition, scope: Scope, low: Lowerer) -> HookT:
    opener = trigger_opener(word)
    if opener is not None:
        word = word[len(opener) + 1:].strip()
        limit = low.lower_condition(ast.Phrase(tuple(ast.Word(w, "word", pattern.span)
                                                     for w in opener.split()), pattern.span),
                                    scope)
        hook = _hook(word, pattern, condition, scope, low)
        # The limit is tested last: it counts a firing only when every other test holds.
        return HookT.of(hook.happening, hook.filter, f"{opener}, {hook.text}",
                        hook.condition + (limit,), hook.pattern_entry, hook.pattern_args)
    found = None
    if word not in PLAIN_TRIGGER_WORDS:
        lead = tuple(ast.Word(w, "word", pattern.span) for w in word.split())
        found = low.match_phrase("patterns", ast.Phrase(lead + pattern.words, pattern.span))
    if found is None:
        found = low.match_phrase("patterns", pattern)
    if found is None:
        own = low.own_words(pattern)                      # 'when this Dragon dies'
        if own is not pattern:
            return _hook(word, own, condition, scope, low)
        raise low._unknown("patterns", pattern, "the trigger")
    spec, args = found
    filt = {}
    raw = []                     # the slots as resolved, for the canonical text
    for k, v in args:
        if isinstance(v, Selector):
            low.check_keywords(v, pattern.span)
            no_pile(v, pattern)                  # E215: the hook reads no pile
            acted_on = said_before(scope)     # an object of the pattern ('strikes it')
            if v.pick == "ref" and acted_on:               # 'a unit strikes it'
                v = object_ref(v, [s for _, s in raw if isinstance(s, Selector)], low, pattern)
            elif v.pick == "ref":                          # 'it attacks', 'that unit dies'
                v = subject_ref(v, low, pattern)
            if v.pick == "named":
                v = low._resolve_sel(v, scope, pattern.span)
            if v.pick == "self":
                never_in_play(v, [s for _, s in raw if isinstance(s, Selector)], low, pattern)
                filt["self_" + k] = True
                # The card itself acted on ('strikes it', 'strikes this minion') is kept as
                # itself, so a later 'that unit' passes it over (references.py) and names
                # the card acting, whichever way the card was named.
                scope.antecedents.append(("self" if acted_on else _trigger_slot(k), None,
                                          False))
                raw.append((k, v))
                continue
            if v.place is not None:
                v = replace(v, place=low._resolve_place(v.place, scope, pattern.span))
            v = replace(v, slot=_trigger_slot(k))
            scope.antecedents.append((_trigger_slot(k), v.kinds, False))
        elif isinstance(v, Place):
            if said_before(scope):                         # 'a unit enters its site'
                v = object_place(v)
            v = replace(low._resolve_place(v, scope, pattern.span), slot=_trigger_slot(k)) \
                if v.ref != "here" else v
            scope.antecedents.append((_trigger_slot(k), None, True))
        filt[k] = v
        raw.append((k, v))
    conds = ()
    if condition is not None:
        conds = tuple(low.lower_condition(p, scope) for p in condition.parts)
    filt = spec.bind(filt) if spec.bind else filt
    return HookT.of(spec.happening, filt, f"{word} {pattern.text}", conds, spec, tuple(raw))


def _trigger_slot(key: str) -> str:
    """The slot a trigger's happening fills ('trigger:unit'): one string for each key."""
    return _intern("trigger:" + key)
