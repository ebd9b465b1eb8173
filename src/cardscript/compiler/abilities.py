"""Lowering of a card's lines into abilities: keyword lines, labels, triggers, replacements,
statics, spells.

`lower_card` reads each line of a card and hands it on: one ability (lower_ability.py),
'HOLDER — ...' lines (holder_lines.py), threshold icons (threshold_lines.py), several
ongoing effects on one line (ongoing_lines.py), triggers inside a line (trigger_lines.py);
a trigger's hook is lowered in hooks.py, an ability's own text in ability_source.py.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import CardScriptError, Span
from .cast_costs import lower_cost, split_line
from .condition_labels import condition_label, restricted
from .copying import copy_with as replace    # dataclasses.replace, its field names found once
from .forms import reminders, unread_form
from .hooks import PLAIN_TRIGGER_WORDS, TRIGGER_OPENERS, trigger_opener
from .holder_lines import _holder_abilities
from .keyword_lines import keyword_values as _keyword_values
from .keyword_lines import keyword_sentences as _keyword_sentences
from .lower import Lowerer
from .lower_ability import _lower_ability
from .ability_source import _source
from .body_keywords import body_keywords
from .ongoing_lines import _group_statics, _reads_static, _shared_subject
from .scope import Scope
from .sentences import follows_nothing, several_sentences, trigger_sentence, which_sentence
from .template import AbilityT, CardTemplate, SeqT, ThenT
from .threshold_lines import _needing_threshold
from .trailing_trigger import TRIGGER_WORDS as TRAILING_WORDS, trailing_trigger
from .trigger_lines import _one_trigger_each, _reads_clause_trigger

__all__ = ["lower_card", "PLAIN_TRIGGER_WORDS", "TRIGGER_OPENERS", "trigger_opener"]


# A template's dicts are read, never written: an empty one is this one dict, shared by every
# card that has none (a card without hooks, keywords, stats or properties holds no dict of
# its own).
_EMPTY: dict = {}


def lower_card(decl, lang, known) -> CardTemplate:
    """Lower every ability of a declared card into a CardTemplate."""
    card = decl.node
    lines = getattr(decl, "lines", ())
    low = Lowerer(lang, known, decl.kind, decl)
    low.line_lowerer = _lower_ability
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
        printed = _keyword_sentences(ab, lang) if ab.__class__ is ast.EffectLine else None
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
        abilities.extend(_read_line(ab, decl, low, lang, spell_scope) if lang.condition_labels
                         else _line(ab, decl, low, lang, spell_scope))
    abilities = cast_costs + _merge_spell_lines(abilities)     # a cost first, as printed
    keywords = body_keywords(keywords, abilities, lang)   # a line that is a keyword's body
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
