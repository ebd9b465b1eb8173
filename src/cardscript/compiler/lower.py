"""The lowering pass: match each phrase to the ruleset's vocabulary and build templates."""

from __future__ import annotations

from dataclasses import replace

from .. import ast
from ..errors import SemanticError, Span, did_you_mean
from ..language.reader import Reader
from ..language.selectors import Place, Selector
from ..language.shapes import match
from .template import (AbilityT, AllAtOnceT, CardTemplate, ChooseT, CondT, Do, HookT, IfT, MayT,
                       OneAtATimeT, RepeatT, SearchT, SeqT, ThenT)


def _words(phrase: ast.Phrase) -> tuple:
    return tuple(w.lower if w.kind != "name" else ("name", w.text) for w in phrase.words)


def _span_of(phrase: ast.Phrase) -> Span:
    return phrase.span


class Scope:
    """What 'it', 'that minion' and 'that site' can name while one ability is lowered."""

    def __init__(self):
        self.antecedents: list = []   # (slot, kinds or None, is_place)
        self.named: set = set()
        self.n = 0
        self.targets: list = []

    def fresh(self) -> str:
        self.n += 1
        return f"s{self.n}"


class Lowerer:
    """Lowers one card's abilities against a Language and the table of known cards."""

    def __init__(self, lang, cards_by_name: dict):
        self.lang = lang
        self.reader = Reader(lang)
        self.cards = cards_by_name

    # --- phrase matching (memoised per language: a pool repeats its phrases) ---
    def match_phrase(self, table: str, phrase: ast.Phrase):
        words = _words(phrase)
        key = (table, words)
        memo = self.lang._memo
        if key in memo:
            return memo[key]
        found = None
        for spec in getattr(self.lang, table):
            for shape in spec.shapes:
                args = match(shape, words, self.reader.read)
                if args is not None:
                    found = (spec, tuple(args.items()))
                    break
            if found:
                break
        memo[key] = found
        return found

    def _unknown(self, table: str, phrase: ast.Phrase, what: str) -> SemanticError:
        first = phrase.words[0]
        cands = []
        for spec in getattr(self.lang, table):
            cands.extend(s.text for s in spec.shapes)
        starts = [s.split()[0].split("|")[0] for s in cands if not s.startswith("{")]
        hint = None
        if first.kind == "word" and first.lower not in {s.split()[0] for s in cands}:
            hint = did_you_mean(first.lower, starts)
        if hint is None:
            near = [s for s in cands if any(w.lower in s.split() for w in phrase.words[:2])][:3]
            hint = ("phrases it could be: " + "; ".join(near)) if near else \
                "see docs/language.md for the phrases this ruleset knows"
        return SemanticError(f"cannot read {what} '{phrase.text}'", phrase.span, hint=hint,
                             code="E201")

    # --- references --------------------------------------------------------
    def _resolve_sel(self, sel: Selector, scope: Scope, span: Span) -> Selector:
        if sel.pick == "ref":
            for slot, kinds, is_place in reversed(scope.antecedents):
                if is_place:
                    continue
                if sel.kinds is None or kinds is None or (kinds & sel.kinds):
                    return replace(sel, slot=slot)
            raise SemanticError(f"'{sel.text}' refers to nothing said before it", span,
                                hint="name the card first (a target, 'a unit you choose', ...)",
                                code="E205")
        if sel.pick == "named":
            if sel.named not in scope.named:
                raise SemanticError(f"'{sel.text}' is not something an earlier step named", span,
                                    hint="known here: " + (", ".join(sorted(scope.named)) or
                                                           "nothing"), code="E205")
            return sel
        if sel.name is not None:
            self._check_name(sel.name, span)
        place = sel.place
        if place is not None:
            place = self._resolve_place(place, scope, span)
        slot = scope.fresh()
        sel = replace(sel, slot=slot, place=place)
        if sel.pick == "target":
            scope.targets.append((slot, sel))
        scope.antecedents.append((slot, sel.kinds, False))
        return sel

    def _resolve_place(self, pl: Place, scope: Scope, span: Span) -> Place:
        if pl.ref == "prev":
            for slot, kinds, is_place in reversed(scope.antecedents):
                return Place("slot", slot=slot) if is_place else \
                    Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
            return Place("here")
        anchor = self._resolve_place(pl.anchor, scope, span) if pl.anchor else None
        if pl.ref == "slot":
            for slot, kinds, is_place in reversed(scope.antecedents):
                if is_place or (kinds and "site" in kinds):
                    return replace(pl, slot=slot) if is_place else \
                        Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
            raise SemanticError("'that site' refers to no site said before it", span,
                                code="E205", hint="name the site or square first")
        if pl.ref == "of":
            return replace(pl, of=self._resolve_sel(pl.of, scope, span))
        if pl.ref in ("target", "choose", "adjacent", "any"):
            slot = scope.fresh()
            pl = replace(pl, slot=slot, anchor=anchor)
            if pl.ref == "target":
                scope.targets.append((slot, pl))
            if pl.ref in ("target", "choose"):
                scope.antecedents.append((slot, None, True))
            return pl
        return replace(pl, anchor=anchor)

    def _resolve_args(self, args: tuple, scope: Scope, span: Span) -> tuple:
        out = []
        for k, v in args:
            if isinstance(v, Selector):
                v = self._resolve_sel(v, scope, span)
            elif isinstance(v, Place):
                v = self._resolve_place(v, scope, span)
            out.append((k, v))
        return tuple(out)

    def _check_name(self, name: str, span: Span):
        if name not in self.cards:
            raise SemanticError(f'unknown card "{name}"', span, code="E202",
                                hint=did_you_mean(name, self.cards) or
                                "declare it with card \"...\": or load the file that does")

    # --- effects -----------------------------------------------------------
    def lower_effect(self, node, scope: Scope, card):
        if isinstance(node, ast.Sequence):
            return self._lower_seq(node.steps, scope, card)
        if isinstance(node, ast.Then):
            return ThenT(self.lower_effect(node.body, scope, card))
        if isinstance(node, ast.Repeat):
            return RepeatT(node.times, node.one_at_a_time, self.lower_effect(node.body, scope, card))
        if isinstance(node, ast.OneAtATime):
            body = self.lower_effect(node.body, scope, card)
            if not isinstance(body, Do):
                raise SemanticError("'one at a time' needs a single effect on a group of cards",
                                    node.span, code="E206",
                                    hint="write 'move each allied minion ..., one at a time'")
            return OneAtATimeT(body)
        if isinstance(node, ast.AllAtOnce):
            return AllAtOnceT(self.lower_effect(node.body, scope, card))
        if isinstance(node, ast.Conditional):
            conds = tuple(self.lower_condition(p, scope) for p in node.condition.parts)
            return IfT(conds, self.lower_effect(node.body, scope, card))
        if isinstance(node, ast.Choose):
            opts = tuple(self.lower_effect(o, scope, card) for o in node.options)
            texts = tuple(_effect_text(o) for o in node.options)
            return ChooseT(opts, texts)
        if isinstance(node, ast.Step):
            return self.lower_step(node.phrase, scope, card)
        raise TypeError(f"lowering does not handle {type(node).__name__}")

    def _lower_seq(self, steps, scope, card):
        steps = list(_merge_and(steps, self))
        items = []
        i = 0
        while i < len(steps):
            node = self.lower_effect(steps[i], scope, card)
            if isinstance(node, Do) and node.verb.search:
                # A search owns the steps joined to it, up to and including its shuffle.
                body, shuffle = [], None
                j = i + 1
                while j < len(steps):
                    nxt = steps[j]
                    inner = nxt.body if isinstance(nxt, ast.Then) else nxt
                    if isinstance(inner, ast.Step) and inner.phrase.words[0].lower == "shuffle":
                        shuffle = self.lower_effect(inner, scope, card)
                        j += 1
                        break
                    if isinstance(nxt, ast.Then):
                        break
                    body.append(self.lower_effect(nxt, scope, card))
                    j += 1
                node = SearchT(node, SeqT(tuple(body)), shuffle)
                i = j
            else:
                i += 1
            items.append(node)
        return items[0] if len(items) == 1 else SeqT(tuple(items))

    def lower_step(self, phrase: ast.Phrase, scope: Scope, card):
        words = phrase.words
        low = [w.lower for w in words]
        if low and low[0] == "or" and len(words) > 1:
            phrase = ast.Phrase(words[1:], phrase.span)
            return self.lower_step(phrase, scope, card)
        for prefix in (["you", "may"], ["may"]):
            if low[:len(prefix)] == prefix and len(words) > len(prefix):
                rest = ast.Phrase(words[len(prefix):], phrase.span)
                return MayT(self.lower_step(rest, scope, card), phrase.text)
        found = self.match_phrase("verbs", phrase)
        if found is None:
            raise self._unknown("verbs", phrase, "the effect")
        spec, args = found
        args = self._resolve_args(args, scope, phrase.span)
        scope.named |= set(spec.binds)
        if spec.check is not None:
            problem = spec.check(dict(args), self.cards)
            if problem:
                raise SemanticError(problem, phrase.span, code="E203",
                                    hint=f"'{spec.name}' cannot act on that kind of card")
        return Do(spec, args, phrase.text, phrase.span, spec.splits)

    def lower_condition(self, phrase: ast.Phrase, scope: Scope) -> CondT:
        found = self.match_phrase("conditions", phrase)
        if found is None:
            raise self._unknown("conditions", phrase, "the condition")
        spec, args = found
        args = self._resolve_args(args, scope, phrase.span)
        return CondT(spec, args, phrase.text)


def _effect_text(node) -> str:
    if isinstance(node, ast.Step):
        ws = node.phrase.words
        if ws and ws[0].lower == "or":
            ws = ws[1:]
        return " ".join(w.text for w in ws)
    if isinstance(node, ast.Sequence):
        return ", ".join(_effect_text(s) for s in node.steps)
    body = getattr(node, "body", None)
    return _effect_text(body) if body is not None else ""


def _merge_and(steps, lowerer):
    """'destroy each minion and artifact': a step that is no verb phrase joins the one before."""
    out = []
    for s in steps:
        inner = s
        wrappers = []
        while isinstance(inner, (ast.Repeat, ast.OneAtATime, ast.AllAtOnce)):
            wrappers.append(inner)
            inner = inner.body
        if out and isinstance(inner, ast.Step) and isinstance(out[-1], ast.Step) and \
                lowerer.match_phrase("verbs", inner.phrase) is None and \
                not inner.phrase.words[0].lower in ("you", "may", "or"):
            prev = out.pop()
            and_word = ast.Word("and", "word", prev.phrase.span)
            merged = ast.Phrase(prev.phrase.words + (and_word,) + inner.phrase.words,
                                Span(prev.span.file, prev.span.line, prev.span.column,
                                     inner.span.end_line, inner.span.end_column))
            node = ast.Step(merged, merged.span)
            for w in reversed(wrappers):
                node = replace(w, body=node)
            out.append(node)
        else:
            out.append(s)
    return out
