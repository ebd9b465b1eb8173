"""Lowering of whole abilities: keyword lines, labels, triggers, replacements, statics, spells."""

from __future__ import annotations

from dataclasses import replace

from .. import ast
from ..errors import SemanticError, did_you_mean
from ..language.selectors import Place, Selector
from .lower import Lowerer, Scope
from .template import AbilityT, CardTemplate, HookT, SeqT


def lower_card(decl, lang, known) -> CardTemplate:
    """Lower every ability of a declared card into a CardTemplate."""
    low = Lowerer(lang, known)
    card = decl.node
    keywords: dict = {}
    abilities = []
    for ab in card.abilities:
        if isinstance(ab, ast.KeywordLine):
            for part in ab.text.split(","):
                words = part.strip().lower().split()
                value = True
                if words and words[-1].isdigit():
                    value = int(words.pop())
                key = " ".join(words)
                if key not in lang.keywords:
                    raise SemanticError(f"unknown keyword '{part.strip()}'", ab.span, code="E204",
                                        hint=did_you_mean(key, lang.keywords) or
                                        "a line with no period must be keywords; end a sentence "
                                        "with '.'")
                keywords[lang.keywords[key]] = value
            continue
        abilities.append(_lower_ability(ab, decl, low, lang))
    hooks: dict = {}
    for i, a in enumerate(abilities):
        if a.hook is not None:
            hooks.setdefault(a.hook.happening, []).append(i)
        if a.kind == "replacement":
            hooks.setdefault("replace:" + a.hook.happening, []).append(i)
    return CardTemplate(name=card.name, kind=decl.kind, subtypes=decl.subtypes, stats=decl.stats,
                        props=decl.props, flags=decl.flags, keywords=keywords,
                        abilities=tuple(abilities), span=card.span, token=decl.token,
                        file=card.span.file, hooks_by_happening=hooks)


def _text(node) -> str:
    return getattr(node, "text", "")


def _lower_ability(ab, decl, low: Lowerer, lang) -> AbilityT:
    scope = Scope()
    if isinstance(ab, ast.LabelledAbility):
        spec = lang.labels.get(ab.label.lower())
        if spec is None:
            raise SemanticError(f"unknown label '{ab.label}'", ab.span, code="E207",
                                hint=did_you_mean(ab.label, [l.name for l in lang.labels.values()])
                                or "labels here: " + ", ".join(sorted(
                                    l.name for l in lang.labels.values())))
        effect = low.lower_effect(ab.effect, scope, decl)
        text = f"{spec.name} → {_source(ab)}"
        if spec.role == "trigger":
            hook = HookT(spec.happening, {"self": True}, spec.name)
            return AbilityT("triggered", text, ab.span, effect, hook, trace_kind=spec.kind or
                            spec.name.lower(), targets=tuple(scope.targets), label=spec.name)
        return AbilityT("activated", text, ab.span, effect, costs=(spec,), trace_kind="activated",
                        targets=tuple(scope.targets), label=spec.name)
    if isinstance(ab, ast.TriggeredAbility):
        hook = _hook(ab.word, ab.pattern, ab.condition, scope, low)
        effect = low.lower_effect(ab.effect, scope, decl)
        return AbilityT("triggered", _source(ab), ab.span, effect, hook, trace_kind="triggered",
                        targets=tuple(scope.targets))
    if isinstance(ab, ast.ReplacementAbility):
        words = ab.subject.parts[0].words + ab.event.words
        phrase = ast.Phrase(words, ab.subject.span)
        hook = _hook("if", phrase, None, scope, low)
        effect = low.lower_effect(ab.effect, scope, decl)
        return AbilityT("replacement", _source(ab), ab.span, effect, hook, trace_kind="replacement")
    if isinstance(ab, ast.EffectLine):
        if decl.kind not in lang.permanent_kinds:
            effect = low.lower_effect(ab.effect, scope, decl)
            return AbilityT("spell", _source(ab), ab.span, effect, trace_kind="cast",
                            targets=tuple(scope.targets))
        node = ab.effect
        if isinstance(node, ast.Step):
            found = low.match_phrase("statics", node.phrase)
            if found is not None:
                spec, args = found
                args = low._resolve_args(args, scope, node.span)
                kind = "prevention" if spec.kind == "prevent" else "static"
                return AbilityT(kind, node.phrase.text, ab.span, static=(spec, args),
                                trace_kind=kind)
            raise low._unknown("statics", node.phrase, "the ongoing effect")
        raise SemanticError("a permanent's plain sentence must be one ongoing effect", ab.span,
                            code="E210", hint="give triggered text a 'whenever ...,' or a label")
    raise TypeError(f"no lowering for {type(ab).__name__}")


def _hook(word, pattern: ast.Phrase, condition, scope: Scope, low: Lowerer) -> HookT:
    found = low.match_phrase("patterns", pattern)
    if found is None:
        raise low._unknown("patterns", pattern, "the trigger")
    spec, args = found
    filt = {}
    for k, v in args:
        if isinstance(v, Selector):
            if v.pick in ("ref", "named"):
                v = low._resolve_sel(v, scope, pattern.span) if v.pick != "ref" else v
            if v.pick == "self":
                filt["self_" + k] = True
                scope.antecedents.append(("trigger:" + k, None, False))
                continue
            if v.place is not None:
                v = replace(v, place=low._resolve_place(v.place, scope, pattern.span))
            v = replace(v, slot="trigger:" + k)
            scope.antecedents.append(("trigger:" + k, v.kinds, False))
        elif isinstance(v, Place):
            v = replace(low._resolve_place(v, scope, pattern.span), slot="trigger:" + k) \
                if v.ref != "here" else v
            scope.antecedents.append(("trigger:" + k, None, True))
        filt[k] = v
    conds = ()
    if condition is not None:
        conds = tuple(low.lower_condition(p, scope) for p in condition.parts)
    filt = spec.bind(filt) if spec.bind else filt
    return HookT(spec.happening, filt, f"{word} {pattern.text}", conds)


def _source(ab) -> str:
    """The ability's text, rebuilt from its words (for explain and the trace)."""
    return _flat(ab)


def _flat(node) -> str:
    if isinstance(node, ast.Phrase):
        return node.text
    if isinstance(node, ast.Step):
        return node.phrase.text
    if isinstance(node, ast.Then):
        return "then " + _flat(node.body)
    if isinstance(node, ast.Sequence):
        return ", ".join(_flat(s) for s in node.steps)
    if isinstance(node, ast.Repeat):
        return f"{_flat(node.body)}, {node.times} times" + (", one at a time"
                                                            if node.one_at_a_time else "")
    if isinstance(node, ast.OneAtATime):
        return _flat(node.body) + ", one at a time"
    if isinstance(node, ast.AllAtOnce):
        return _flat(node.body) + ", all at once"
    if isinstance(node, ast.Conditional):
        return "if " + " and ".join(p.text for p in node.condition.parts) + ", " + _flat(node.body)
    if isinstance(node, ast.Choose):
        return "choose one: " + "; or ".join(_flat(o) for o in node.options)
    if isinstance(node, ast.LabelledAbility):
        return _flat(node.effect)
    if isinstance(node, ast.TriggeredAbility):
        return f"{node.word} {node.pattern.text}, {_flat(node.effect)}"
    if isinstance(node, ast.ReplacementAbility):
        return f"if {node.subject.parts[0].text} would {node.event.text}, instead " + \
            _flat(node.effect)
    if isinstance(node, ast.EffectLine):
        return _flat(node.effect)
    return ""
