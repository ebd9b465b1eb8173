"""One ability lowered: a labelled ability (a trigger label, an activated ability's cost),
a triggered ability, a replacement, a spell's effect line, and an ongoing effect (with its
condition, or a clause trigger).
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError, Span
from ..language.selectors import Selector
from .ability_source import _flat, _quote, _source
from .condition_labels import unknown_label
from .diagnose import not_an_ongoing_effect, pointing_into
from .hooks import _hook, _trigger_slot
from .lower import Lowerer
from .scope import Scope
from .template import AbilityT, HookT
from .trigger_lines import _clause_trigger
from .unconditional import refuse_condition

def _lower_ability(ab, decl, low: Lowerer, lang, scope: Scope | None = None) -> AbilityT:
    scope = scope or Scope()
    scope.named |= lang.kind_referents.get(decl.kind, frozenset())   # 'the caster'
    if isinstance(ab, ast.LabelledAbility):
        spec = lang.labels.get(ab.label.lower()) or _amount_cost(ab.label, lang)
        if spec is None:
            raise unknown_label(ab, lang)
        # A trigger label may name cards its happening carries ('the creature it fights'):
        # each becomes a filter on that data key, read into a slot the effect refers to.
        filt: dict = {"self": True}
        for key, words in spec.binds:
            filt[key] = Selector(slot=_trigger_slot(key), text=words)
            scope.aliases[words] = _trigger_slot(key)
        effect = low.lower_effect(ab.effect, scope, decl)
        text = _quote(ab, decl) or f"{spec.name} → {_flat(ab)}"
        if spec.role == "trigger":
            hook = HookT.of(spec.happening, filt, spec.name)
            return AbilityT("triggered", text, ab.span, effect, hook, trace_kind=spec.kind or
                            spec.name.lower(), targets=tuple(scope.targets), label=spec.name)
        label = ab.label.lower() if spec in lang.amount_costs.values() else spec.name
        return AbilityT("activated", text, ab.span, effect, costs=(spec,), trace_kind="activated",
                        targets=tuple(scope.targets), label=label)
    if isinstance(ab, ast.TriggeredAbility):
        with pointing_into(ab.pattern):
            hook = _hook(ab.word, ab.pattern, ab.condition, scope, low)
        effect = low.lower_effect(ab.effect, scope, decl)
        return AbilityT("triggered", _source(ab, decl), ab.span, effect, hook, trace_kind="triggered",
                        targets=tuple(scope.targets))
    if isinstance(ab, ast.ReplacementAbility):
        words = ab.subject.parts[0].words + ab.event.words
        phrase = ast.Phrase(words, ab.subject.span)
        with pointing_into(phrase):
            hook = _hook("if", phrase, None, scope, low)
        if hook.happening not in lang.replaceable:
            said, at = phrase.text, phrase.span
            if ab.event.words:                    # 'If X would Y': as written
                said = f"{ab.subject.parts[0].text} would {ab.event.text}"
                at = Span(at.file, at.line, at.column, ab.event.span.end_line,
                          ab.event.span.end_column)
            raise SemanticError(
                f"'{said}' cannot be replaced: the rules replace no '{hook.happening}' "
                "happening", at, code="E212",
                hint="happenings a replacement may name: " + (
                    ", ".join(sorted(lang.replaceable)) or "none in this ruleset") +
                "; without 'instead' a trigger line happens after it")
        effect = low.lower_effect(ab.effect, scope, decl)
        return AbilityT("replacement", _source(ab, decl), ab.span, effect, hook, trace_kind="replacement")
    if isinstance(ab, ast.EffectLine):
        if decl.kind not in lang.permanent_kinds:
            effect = low.lower_effect(ab.effect, scope, decl)
            return AbilityT("spell", _source(ab, decl), ab.span, effect, trace_kind="cast",
                            targets=tuple(scope.targets))
        node, conds = ab.effect, ()
        clause = _clause_trigger(ab, decl, low, scope)
        if clause is not None:
            return clause
        said = None                                     # the condition, as written
        if isinstance(node, ast.Conditional) and isinstance(node.body, ast.Step):
            # 'X while Y.', 'As long as Y, X.', 'If Y, X.': an ongoing effect that applies
            # only while its condition holds (tested each time the effect is read).
            conds = tuple(low.lower_condition(p, scope) for p in node.condition.parts)
            said, node = node.condition, node.body
        if isinstance(node, ast.Step):
            found = low.match_phrase("statics", node.phrase)
            if found is None:
                own = low.own_words(node.phrase)          # 'these Hounds have ...'
                if own is not node.phrase:
                    node = ast.Step(own, node.span)
                    found = low.match_phrase("statics", own)
            if found is not None:
                spec, args = found
                if said is not None:
                    refuse_condition(lang, spec, node.phrase.text,
                                     " and ".join(p.text for p in said.parts), said.span)
                with pointing_into(node.phrase):
                    args = low._resolve_args(args, scope, node.span)
                    _no_superlative(args, node.span)
                kind = "prevention" if spec.kind == "prevent" else "static"
                return AbilityT(kind, node.phrase.text, ab.span, static=(spec, args),
                                trace_kind=kind, condition=conds)
            raise low.as_written(not_an_ongoing_effect(node, low, lang), node.phrase)
        raise not_an_ongoing_effect(node, low, lang)
    raise TypeError(f"no lowering for {type(ab).__name__}")


def _amount_cost(label: str, lang):
    """'1 mana', 'Pay 2 life': an amount of a resource the language pays costs in
    (`amount_costs`), whose `pay` reads the amount from the ability's label; else None."""
    words = label.lower().split()
    if len(words) == 3 and words[0] == "pay":
        words = words[1:]                       # 'Pay 2 life': the same amount, said so
    if len(words) == 2 and words[0].isdecimal():
        return lang.amount_costs.get(words[1])
    return None


def _no_superlative(args, span: Span) -> None:
    """An ongoing sentence names its cards at every moment, with no one to ask: 'the
    strongest' (a superlative, `Language.superlatives`), picked among the tied as an effect
    resolves, has no meaning there (and a stat it changes would change what it names)."""
    for value in (args.values() if isinstance(args, dict) else (v for _, v in args)):
        if isinstance(value, Selector) and any(
                len(b) == 3 and b[1] in ("most", "least") for b in value.stats):
            raise SemanticError(f"'{value.text}' picks one card as an effect resolves: an "
                                "ongoing sentence cannot name its cards so", span,
                                code="E210", words=value.text,
                                hint="use it in an effect (a spell, a trigger's or a label's "
                                     "effect), or name the cards another way")
