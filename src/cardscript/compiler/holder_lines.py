"""'HOLDER — ...' lines: what the card holding this one gains while it holds it (keywords
granted, an ongoing sentence about the holder or about other cards), and an activated
ability whose cost the holder pays ('HOLDER — Tap → ...').
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError, Span
from ..language.selectors import Selector
from .copying import copy_with as replace    # dataclasses.replace, its field names found once
from .forms import keyword_parts, unread_form
from .keyword_lines import is_keyword as _is_keyword, keyword_values as _keyword_values
from .lower_ability import _lower_ability
from .scope import Scope
from .template import AbilityT

def _own_label(label: str, at, low) -> str:
    """A cost label with the card's references to itself read as `this` ('Sacrifice this
    Treasure' on "Buried Treasure" -> 'sacrifice this'), lower-cased."""
    phrase = ast.Phrase(tuple(ast.Word(w, "word", at) for w in label.split()), at)
    return " ".join(w.text for w in low.own_words(phrase).words).lower()


def _holder_abilities(ab, decl, low, lang) -> list:
    """'HOLDER — ...': the card holding this one gains what follows, while it holds it.
    Keywords are granted to it (`_holder_grants`); an activated ability whose cost the
    holder pays ('HOLDER — Tap → ...': the holder taps, `lang.holder_costs`) is this card's,
    used while it is held; an ongoing sentence has the holder as its subject ('HOLDER — Can
    ...' reads 'its HOLDER can ...'). Anything else (a trigger) is E212."""
    inner = ab.ability
    if isinstance(inner, ast.KeywordLine):
        return _holder_grants(ab, _keyword_values(inner, lang), lang)
    if isinstance(inner, ast.LabelledAbility):
        pay = lang.holder_costs.get(inner.label.lower())
        if pay is None:      # 'Sacrifice this Treasure': lowered as the plain label it names
            pay = lang.holder_costs.get(_own_label(inner.label, ab.span, low))
            if pay is not None and pay.name.split()[-1].lower() in lang.labels:
                inner = replace(inner, label=pay.name.split()[-1])
        if pay is None:
            raise unread_form(ab, lang)
        done = _lower_ability(inner, decl, low, lang)
        return [replace(done, text=f"{ab.label} — {done.text}", costs=(pay,))]
    if not isinstance(inner, ast.EffectLine) or decl.kind not in lang.permanent_kinds:
        raise unread_form(ab, lang)
    node = inner.effect
    steps = node.steps if isinstance(node, ast.Sequence) else (node,)
    if not all(isinstance(st, ast.Step) for st in steps):
        raise unread_form(ab, lang)
    out = []
    for step in steps:
        text = step.phrase.text
        if all(_is_keyword(part, lang) for part in keyword_parts(text)):
            # 'Bearer — Lethal.' written as a sentence: its keywords, each granted
            line = ast.KeywordLine(text=text, span=step.span)
            out.extend(_holder_grants(ab, _keyword_values(line, lang), lang))
            continue
        at = Span(ab.span.file, ab.span.line, ab.span.column, ab.span.line,
                  ab.span.column + len(ab.label))
        holder = (ast.Word("its", "word", at), ast.Word(ab.label.lower(), "word", at))
        words = step.phrase.words
        if len(words) > 2 and words[0].text.lower() == "this" and \
                words[1].text.lower() in lang.nouns:
            words = words[2:]                 # 'Bearer — This minion has ...': the bearer
        phrase = ast.Phrase(holder + words, step.phrase.span)
        if low.match_phrase("statics", phrase) is None:
            # 'Bearer — +1 power.': what the bearer has
            has = ast.Phrase(holder + (ast.Word("has", "word", at),) + words, phrase.span)
            phrase = has if low.match_phrase("statics", has) is not None else phrase
        if low.match_phrase("statics", phrase) is None and \
                words is step.phrase.words and \
                low.match_phrase("statics", step.phrase) is not None:
            held = _while_held(ab, step, at, decl, low, lang)
            if held is not None:
                out.append(held)
                continue
        try:
            done = _lower_ability(ast.EffectLine(effect=ast.Step(phrase, step.span),
                                                 span=step.span), decl, low, lang)
        except SemanticError as err:
            # Say what is wrong with the sentence as written, when it is wrong on its own
            _lower_ability(ast.EffectLine(effect=step, span=step.span), decl, low, lang)
            raise err
        out.append(replace(done, text=f"{ab.label} — {text}"))
    return out


def _while_held(ab, step, at, decl, low, lang):
    """'HOLDER — Allies may ...': a sentence about other cards, read on its own, applies while
    this card has a holder ('this has a HOLDER', a condition the ruleset reads); None when the
    ruleset has no such condition."""
    cond = ast.Phrase(tuple(ast.Word(w, "word", at)
                            for w in ("this", "has", "a", ab.label.lower())), at)
    if low.match_phrase("conditions", cond) is None:
        return None
    line = ast.EffectLine(effect=ast.Conditional(ast.Condition((cond,), at), step, step.span),
                          span=step.span)
    done = _lower_ability(line, decl, low, lang)
    return replace(done, text=f"{ab.label} — {step.phrase.text}")


def _holder_grants(ab, keywords: dict, lang) -> list:
    """'HOLDER — KEYWORDS' as one ongoing grant a keyword to the card holding this one."""
    grant = next((st for st in lang.statics if st.kind == "grant"), None)
    if grant is None:
        raise unread_form(ab, lang)
    out = []
    for kw, value in keywords.items():
        # the selector's slot as lowering 'its bearer has KW' would name it: each grant is an
        # ability of its own, with its own scope
        holder = Selector(quant="each", holder=True, slot=Scope().fresh(),
                          text=f"its {ab.label.lower()}")
        # a valued keyword ('Movement +1') keeps its number: the rules read it
        # (`granted_values` of the ruleset), as they read a printed one
        args = (("what", holder), ("keyword", kw)) + \
            ((("value", value),) if value is not True else ())
        said = kw if value is True else f"{kw} {value:+d}"
        out.append(AbilityT("static", f"{ab.label} — {said}", ab.span,
                            static=(grant, args), trace_kind="static"))
    return out
