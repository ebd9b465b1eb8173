"""Lowering of whole abilities: keyword lines, labels, triggers, replacements, statics, spells."""

from __future__ import annotations

from sys import intern as _intern

from .. import syntax as ast
from ..errors import CardScriptError, SemanticError
from ..language.selectors import Place, Selector
from ..errors import Span
from .cast_costs import lower_cost, split_line
from .condition_labels import condition_label, restricted, unknown_label
from .copying import copy_with as replace    # dataclasses.replace, its field names found once
from .diagnose import not_an_ongoing_effect, pointing_into
from .forms import keyword_parts, reminders, unread_form
from .keyword_lines import is_keyword as _is_keyword, keyword_values as _keyword_values
from .keyword_lines import keyword_sentences as _keyword_sentences
from .lower import Lowerer
from .scope import Scope
from .trailing_trigger import TRIGGER_WORDS as TRAILING_WORDS, trailing_trigger
from .sentences import follows_nothing, several_sentences, trigger_sentence, which_sentence
from .template import AbilityT, CardTemplate, CondT, HookT, SeqT, ThenT

# A template's dicts are read, never written: an empty one is this one dict, shared by every
# card that has none (a card without hooks, keywords, stats or properties holds no dict of
# its own).
_EMPTY: dict = {}


def lower_card(decl, lang, known) -> CardTemplate:
    """Lower every ability of a declared card into a CardTemplate."""
    card = decl.node
    lines = getattr(decl, "lines", ())
    low = Lowerer(lang, known, decl.kind, decl)
    keywords: dict = {}
    abilities = []
    spell_scope = Scope()        # a spell's lines are one effect: 'it' may reach back a line
    cast_costs = []              # 'As an additional cost to cast this, ...' (cast_costs.py)
    for ab in _one_trigger_each(card.abilities):
        sentence, steps, ab = split_line(ab, lang.cast_cost_leads)
        if sentence is not None:
            cast_costs.append(lower_cost(sentence, steps, decl, low, _source(sentence, decl)))
            if ab is None:
                continue
        if isinstance(ab, ast.DashLabelled) and ab.label.lower() in lang.holder_words:
            # 'Bearer — Lethal', 'Bearer — Tap → ...': what follows is the holder's while it
            # holds this card.
            abilities.extend(_holder_abilities(ab, decl, low, lang))
            continue
        if isinstance(ab, ast.ThresholdCost) and lang.threshold_ability is not None:
            abilities.append(_needing_threshold(ab, decl, low, lang))
            continue
        if isinstance(ab, (ast.DashLabelled, ast.ThresholdCost)):
            raise unread_form(ab, lang)
        if isinstance(ab, ast.KeywordLine):
            keywords.update(_keyword_values(ab, lang, decl.kind))
            continue
        printed = _keyword_sentences(ab, lang)
        if printed:
            # 'Elusive. Skirmish.': keywords printed as sentences, read as the keyword line
            for line in printed:
                keywords.update(_keyword_values(line, lang, decl.kind))
            continue
        if isinstance(ab, ast.EffectLine) and decl.kind in lang.permanent_kinds:
            sentences = several_sentences(ab.effect)
            if sentences is not None and not _reads_clause_trigger(sentences[0], low):
                # 'Units here have Airborne. Whenever a unit here dies, ...': each sentence
                # is read as the line it would be alone (compiler/sentences.py).
                abilities.extend(_sentences(sentences, decl, low, lang))
                continue
        abilities.extend(_read_line(ab, decl, low, lang, spell_scope))
    abilities = cast_costs + _merge_spell_lines(abilities)     # a cost first, as printed
    hooks: dict = {}
    for i, a in enumerate(abilities):
        if a.hook is not None:
            hooks.setdefault(a.hook.happening, []).append(i)
        if a.kind == "replacement":
            hooks.setdefault("replace:" + a.hook.happening, []).append(i)
    span = card.span
    # By position (a template a card): name, kind, subtypes, stats, props, flags, keywords,
    # abilities, span, token, file, hooks_by_happening, reminders.
    return CardTemplate(card.name, decl.kind, decl.subtypes, decl.stats or _EMPTY,
                        decl.props or _EMPTY, decl.flags, keywords or _EMPTY, tuple(abilities),
                        span, decl.token, span.file, hooks or _EMPTY,
                        reminders(card, lines) if getattr(decl, "parens", True) else ())


def _read_line(ab, decl, low, lang, spell_scope) -> list:
    """The abilities of a line, read through any condition label before it
    (compiler/condition_labels.py)."""
    cond = condition_label(ab.label, lang) if lang.condition_labels and \
        isinstance(ab, ast.LabelledAbility) else None
    if cond is None:
        return _line(ab, decl, low, lang, spell_scope)
    return restricted(ab, cond, lang,
                      lambda node: _read_line(node, decl, low, lang, spell_scope))


def _line(ab, decl, low, lang, spell_scope) -> list:
    """The abilities one line of a card stands for (one, or several ongoing effects)."""
    abilities: list = []
    one_step = _one_step(ab.effect) if isinstance(ab, ast.EffectLine) else None
    if one_step is not None and decl.kind in lang.permanent_kinds and \
            low.match_phrase("statics", one_step.phrase) is None:
        # 'Untap it after it attacks an enemy unit.': a trigger written last.
        found = _trailing(one_step, decl, low, lang)
        if found is not None:
            abilities.append(found)
            return abilities
    if isinstance(ab, ast.EffectLine) and decl.kind in lang.permanent_kinds and \
            isinstance(ab.effect, ast.Sequence) and \
            all(isinstance(s, (ast.Step, ast.Conditional)) for s in ab.effect.steps) and \
            not _reads_clause_trigger(ab.effect.steps[0], low):
        # 'Units here have airborne. Units here have lethal.': several ongoing effects
        # written on one line are read one by one (each must be one ongoing effect).
        prev = None
        for step in _group_statics(ab.effect.steps, low):
            if prev is not None and isinstance(step, ast.Step):
                step = _shared_subject(prev, step, low)
            abilities.append(_lower_ability(ast.EffectLine(effect=step, span=step.span),
                                            decl, low, lang))
            prev = step
        return abilities
    shared = spell_scope if isinstance(ab, ast.EffectLine) and \
        decl.kind not in lang.permanent_kinds else None
    abilities.append(_lower_ability(ab, decl, low, lang, shared))
    return abilities


def _sentences(sentences, decl, low, lang) -> list:
    """A permanent's line of several sentences: each a trigger, the follow-up of the
    permission before it, or ongoing effects; a sentence after a trigger that is no ongoing
    effect goes on with the trigger's effect (as on a line that starts with the trigger). An
    E210 names the sentence that failed."""
    units, before = [], None     # (index of its first sentence, trigger or None, sentences)
    for n, sentence in enumerate(sentences):
        try:
            wrong = follows_nothing(sentence, before)
            if wrong is not None:
                raise wrong
        except CardScriptError as err:
            raise which_sentence(err, n, len(sentences)) from None
        trig = trigger_sentence(sentence, before)
        if trig is not None:
            units.append((n, trig, [sentence]))
        elif units and units[-1][1] is not None and not _reads_static(
                _first_step_phrase(sentence), low):
            units[-1][2].append(sentence)
        else:
            units.append((n, None, [sentence]))
        before = sentence
    out = []
    for n, trig, said in units:
        try:
            if trig is not None:
                out.append(_lower_ability(_go_on(trig, said[1:]), decl, low, lang))
            else:
                out.extend(_line(ast.EffectLine(effect=said[0], span=said[0].span), decl,
                                 low, lang, None))
        except CardScriptError as err:
            raise which_sentence(err, n, len(sentences)) from None
    return out


def _go_on(trig, more):
    """The trigger with the sentences after it added to its effect."""
    if not more:
        return trig
    last = more[-1].span
    effect = ast.Sequence((trig.effect,) + tuple(more), Span(
        last.file, trig.effect.span.line, trig.effect.span.column, last.end_line,
        last.end_column))
    return replace(trig, effect=effect, span=Span(last.file, trig.span.line, trig.span.column,
                                                  last.end_line, last.end_column))


def _first_step_phrase(sentence):
    node = sentence
    while isinstance(node, ast.Sequence):
        node = node.steps[0]
    if isinstance(node, ast.Conditional):
        node = node.body
    while isinstance(node, ast.Sequence):
        node = node.steps[0]
    return node.phrase if isinstance(node, ast.Step) else ast.Phrase((), sentence.span)


def _first_of(node):
    return node.steps[0] if isinstance(node, ast.Sequence) else node


def _reads_clause_trigger(step, low) -> bool:
    """Is this first clause a trigger pattern opening with a word of its own ('For each
    point of damage ...')? Then the line is one triggered ability (`_clause_trigger`)."""
    return _opens_a_trigger(step, low.lang) and (
        low.match_phrase("patterns", step.phrase) is not None or
        low.match_phrase("patterns", low.own_words(step.phrase)) is not None)


def _one_step(effect):
    """The line as one step: a step, or steps the grammar split at 'and' ('Return this and its
    borne relics to ... when ...'), joined back when the last holds a trigger word (the
    trailing trigger reads them whole)."""
    if isinstance(effect, ast.Step):
        return effect
    if not isinstance(effect, ast.Sequence) or \
            not all(isinstance(s, ast.Step) for s in effect.steps) or \
            not any(w.lower in TRAILING_WORDS for w in effect.steps[-1].phrase.words[1:]):
        return None
    words = []
    for s in effect.steps:
        if words:
            words.append(ast.Word("and", "word", s.span))
        words.extend(s.phrase.words)
    return ast.Step(ast.Phrase(tuple(words), effect.span), effect.span)


def _trailing(step, decl, low, lang) -> AbilityT | None:
    """A line whose trigger comes last ('Untap it after it attacks ...'), lowered as the
    trigger written first (compiler/trailing_trigger.py); None when it does not read so (the
    line then gives its own error as an ongoing line)."""
    trig = trailing_trigger(step, lang)
    if trig is None:
        return None
    try:
        return _lower_ability(trig, decl, low, lang)
    except CardScriptError:
        return None


def _needing_threshold(ab, decl, low, lang) -> AbilityT:
    """'(W)(W): Genesis → ...': a triggered or activated ability that works only while its
    controller has the threshold its icons name (`lang.threshold_ability` tests it). Icons
    before anything else (an ongoing line, a spell's effect) are error E212."""
    unread = unread_form(ab, lang)          # an unknown icon is E207 before anything else
    if unread.code != "E212":
        raise unread
    done = None if isinstance(ab.ability, (ast.EffectLine, ast.KeywordLine)) else \
        _lower_ability(ab.ability, decl, low, lang)
    if done is None or done.kind not in ("triggered", "activated"):
        said = "".join(f"({letter})" for letter in ab.icons)
        raise SemanticError(f"the threshold icons '{said}:' have no rules before this line: "
                            "only before a triggered or activated ability", unread.span,
                            code="E212",
                            hint="write the icons before 'Genesis →', a cost such as 'Tap →', "
                                 "or a trigger ('When ..., ...')")
    said = "".join(f"({letter})" for letter in ab.icons)
    need = CondT(lang.threshold_ability, (("icons", tuple(lang.threshold_icons[letter]
                                                          for letter in ab.icons)),), said)
    return replace(done, text=f"{said}: {done.text}", requires=(need,))


PRONOUNS = frozenset({"they"})


def _shared_subject(prev, step, low):
    """'These cost less and require less': a second ongoing effect written without its
    subject shares the one before it. The step as it is
    when it reads as an ongoing effect; else with the longest run of the previous step's
    first words before it that makes it one (the subject); else as it is (its error)."""
    if not isinstance(prev, ast.Step):
        return step
    words = prev.phrase.words
    if step.phrase.words and step.phrase.words[0].text.lower() in PRONOUNS:
        # 'Nearby relics become minions ... They must attack if able.': the pronoun names
        # what the sentence before named, read as its subject.
        rest = step.phrase.words[1:]
        for n in range(len(words) - 1, 0, -1):
            phrase = ast.Phrase(words[:n] + rest, step.phrase.span)
            if low.match_phrase("statics", phrase) is not None:
                return ast.Step(phrase, step.span)
    if low.match_phrase("statics", step.phrase) is not None:
        return step
    for n in range(len(words) - 1, 0, -1):
        phrase = ast.Phrase(words[:n] + step.phrase.words, step.phrase.span)
        if low.match_phrase("statics", phrase) is not None:
            return ast.Step(phrase, step.span)
    return step


def _amount_cost(label: str, lang):
    """'1 mana', 'Pay 2 life': an amount of a resource the language pays costs in
    (`amount_costs`), whose `pay` reads the amount from the ability's label; else None."""
    words = label.lower().split()
    if len(words) == 3 and words[0] == "pay":
        words = words[1:]                       # 'Pay 2 life': the same amount, said so
    if len(words) == 2 and words[0].isdecimal():
        return lang.amount_costs.get(words[1])
    return None


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


def _text(node) -> str:
    return getattr(node, "text", "")


def _merge_spell_lines(abilities: list) -> list:
    """A spell with several effect lines resolves them in order, as one event.

    Each line after the first is marked (`ThenT(line=True)`): the policy's
    `split_between_lines` may make it a new part of the event.
    """
    spells = [a for a in abilities if a.kind == "spell"]
    if len(spells) < 2:
        return abilities
    first = spells[0]
    text = " ".join(a.text if a.text.endswith((".", "!", "?")) else a.text + "."
                    for a in spells[:-1]) + " " + spells[-1].text   # one sentence a line
    merged = AbilityT("spell", text, first.span,
                      SeqT((first.effect,) + tuple(ThenT(a.effect, line=True)
                                                   for a in spells[1:])),
                      trace_kind=first.trace_kind,
                      targets=tuple({t[0]: t for a in spells for t in a.targets}.values()))
    return [merged] + [a for a in abilities if a.kind != "spell"]


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
        if isinstance(node, ast.Conditional) and isinstance(node.body, ast.Step):
            # 'X while Y.', 'As long as Y, X.', 'If Y, X.': an ongoing effect that applies
            # only while its condition holds (tested each time the effect is read).
            conds = tuple(low.lower_condition(p, scope) for p in node.condition.parts)
            node = node.body
        if isinstance(node, ast.Step):
            found = low.match_phrase("statics", node.phrase)
            if found is None:
                own = low.own_words(node.phrase)          # 'these Hounds have ...'
                if own is not node.phrase:
                    node = ast.Step(own, node.span)
                    found = low.match_phrase("statics", own)
            if found is not None:
                spec, args = found
                with pointing_into(node.phrase):
                    args = low._resolve_args(args, scope, node.span)
                    _no_superlative(args, node.span)
                kind = "prevention" if spec.kind == "prevent" else "static"
                return AbilityT(kind, node.phrase.text, ab.span, static=(spec, args),
                                trace_kind=kind, condition=conds)
            raise low.as_written(not_an_ongoing_effect(node, low, lang), node.phrase)
        raise not_an_ongoing_effect(node, low, lang)
    raise TypeError(f"no lowering for {type(ab).__name__}")


TRIGGER_WORDS = ("whenever", "when")


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


def _one_trigger_each(abilities) -> list:
    """A line of two triggered abilities ('When this burrows, X. When this unburrows, Y.'):
    the grammar reads the second as a sentence of the first's effect; it is an ability of its
    own, from its trigger word to the end of the line."""
    out = []
    for ab in abilities:
        while isinstance(ab, ast.TriggeredAbility) and isinstance(ab.effect, ast.Sequence):
            steps = ab.effect.steps
            cut = next((i for i, s in enumerate(steps) if i and _starts_trigger(s)), None)
            if cut is None:
                break
            head, tail = steps[:cut], steps[cut]
            first = tail.steps[0] if isinstance(tail, ast.Sequence) else tail
            words = first.phrase.words
            lead = words[0]
            body = ast.Sequence(tail.steps[1:], tail.span) if len(tail.steps) > 2 else \
                tail.steps[1]
            rest = tuple(steps[cut + 1:])
            if rest:
                body = ast.Sequence((body,) + rest, tail.span)
            end = ab.effect.span
            effect = head[0] if len(head) == 1 else ast.Sequence(tuple(head), Span(
                end.file, head[0].span.line, head[0].span.column, head[-1].span.end_line,
                head[-1].span.end_column))
            out.append(ast.TriggeredAbility(ab.word, ab.pattern, ab.condition, effect, Span(
                ab.span.file, ab.span.line, ab.span.column, effect.span.end_line,
                effect.span.end_column + 1)))
            ab = ast.TriggeredAbility(lead.text.lower(), ast.Phrase(words[1:], Span(
                first.span.file, words[1].span.line, words[1].span.column,
                first.span.end_line, first.span.end_column)), None, body, Span(
                ab.span.file, lead.span.line, lead.span.column, ab.span.end_line,
                ab.span.end_column))
        out.append(ab)
    return out


def _starts_trigger(node) -> bool:
    """Does this sentence of an effect start with a trigger word and go on after a comma?"""
    if not isinstance(node, ast.Sequence) or len(node.steps) < 2:
        return False
    first = node.steps[0]
    return isinstance(first, ast.Step) and len(first.phrase.words) > 1 and \
        first.phrase.words[0].kind == "word" and \
        first.phrase.words[0].text.lower() in TRIGGER_WORDS


def _opens_a_trigger(step, lang) -> bool:
    """Does this step start with the first word of a pattern whose every shape opens with a
    word ('For every point of damage ...')?"""
    if not isinstance(step, ast.Step) or not step.phrase.words or \
            step.phrase.words[0].kind != "word":
        return False
    leads = lang._memo.get(("__clause_trigger_leads__",))
    if leads is None:          # once a language: the first words of such patterns
        leads = lang._memo[("__clause_trigger_leads__",)] = frozenset(
            w for p in lang.patterns
            if all(s.tokens and s.tokens[0].slot is None for s in p.shapes)
            for s in p.shapes for w in s.tokens[0].alts)
    return step.phrase.words[0].text.lower() in leads


def _clause_trigger(ab, decl, low: Lowerer, scope: Scope) -> AbilityT | None:
    """A permanent's plain line whose first clause is a trigger pattern that opens with a
    word of its own ('For each point of damage this deals to an enemy card, you gain 1 life.'):
    a triggered ability, the clause its trigger and the rest of the sentence its effect.

    Only a pattern whose every shape opens with a word (not a slot) reads so, when the clause
    starts with that word (a pattern opening with a slot, 'a card dies', needs a trigger
    word before it); else None, and the line is read as an ongoing effect."""
    node = ab.effect
    if not isinstance(node, ast.Sequence) or len(node.steps) < 2 or \
            not _opens_a_trigger(node.steps[0], low.lang):
        return None
    phrase = node.steps[0].phrase
    found = low.match_phrase("patterns", phrase) or \
        low.match_phrase("patterns", low.own_words(phrase))
    if found is None:
        return None
    with pointing_into(phrase):
        hook = _hook("", phrase, None, scope, low)
    hook = replace(hook, text=phrase.text)
    rest = node.steps[1:]
    body = rest[0] if len(rest) == 1 else ast.Sequence(tuple(rest), node.span)
    effect = low.lower_effect(body, scope, decl)
    return AbilityT("triggered", _source(ab, decl), ab.span, effect, hook,
                    trace_kind="triggered", targets=tuple(scope.targets))
def _group_statics(steps, low) -> list:
    """'This site is both a Tower and a River.', 'no damage from Demons, Spirits, and
    Undead.': the grammar reads ',' and 'and' as joining steps. Steps that are no ongoing
    effect alone join the step before them when all read together as one ongoing effect
    (as `sentence_steps.merge_and` joins an effect's nouns); the longest such run is taken."""
    out, i = [], 0
    while i < len(steps):
        first, joined = steps[i], None
        if isinstance(first, ast.Step):
            words = first.phrase.words
            for j in range(i + 1, len(steps)):
                nxt = steps[j]
                if not isinstance(nxt, ast.Step) or _reads_static(nxt.phrase, low):
                    break
                words += (ast.Word("and", "word", nxt.phrase.span),) + nxt.phrase.words
                span = Span(first.span.file, first.span.line, first.span.column,
                            nxt.span.end_line, nxt.span.end_column)
                if _reads_static(ast.Phrase(words, span), low):
                    joined = (ast.Step(ast.Phrase(words, span), span), j + 1)
        if joined is None:
            out.append(first)
            i += 1
        else:
            out.append(joined[0])
            i = joined[1]
    return out


def _reads_static(phrase, low) -> bool:
    return low.match_phrase("statics", phrase) is not None or \
        low.match_phrase("statics", low.own_words(phrase)) is not None


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
            if v.pick in ("ref", "named"):
                v = low._resolve_sel(v, scope, pattern.span) if v.pick != "ref" else v
            if v.pick == "self":
                filt["self_" + k] = True
                scope.antecedents.append((_trigger_slot(k), None, False))
                raw.append((k, v))
                continue
            if v.place is not None:
                v = replace(v, place=low._resolve_place(v.place, scope, pattern.span))
            v = replace(v, slot=_trigger_slot(k))
            scope.antecedents.append((_trigger_slot(k), v.kinds, False))
        elif isinstance(v, Place):
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


def _quote(ab, decl) -> str | None:
    """The ability's text exactly as written, when the source is at hand (one line an ability)."""
    lines = getattr(decl, "lines", ())
    sp = ab.span
    if not lines or sp.line != sp.end_line or not 0 < sp.line <= len(lines):
        return None
    return lines[sp.line - 1][sp.column - 1:sp.end_column - 1].strip() or None


def _source(ab, decl) -> str:
    """The ability's text (for explain and the trace): as written, else rebuilt from its words."""
    return _quote(ab, decl) or _flat(ab)


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
        opts = [_flat(o) for o in node.options]
        opts = [o[3:] if o.lower().startswith("or ") else o for o in opts]
        return f"choose {node.count}: " + "; or ".join(opts)
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
