"""Counted amounts in card text: '... for each CARDS' after a step, and 'NOUN equal to AMOUNT'
in place of a step's number (language/amounts.py says what a `Counted` is).

Both are read by every verb with a number slot, with no shape of the verb's own:

- `for_each`: a step that fits nothing as written and ends in 'for each CARDS' is the step
  before those words, its number counted: 'Gain 1 life for each site you control' is 'gain 1
  life' with a number of 1 for each site. The step must have one number slot ('draw a card'
  reads 'a' as 1; a count left out, as in 'draw cards', is 1).
- `equal_to`: a step that fits nothing as written is tried against the language's *amount
  shapes*: each verb shape with a number slot followed by a word, the number taken out and
  'equal to {n:amount}' put after that word ('deal {n:number} damage to {what:cards}' gives
  'deal damage equal to {n:amount} to {what:cards}'), and then against its *trailing
  shapes*, the amount closing the step instead, after the cards it acts on ('deal damage to
  {what:cards} equal to {n:amount}'), where an 'its' names those cards (the latest said, as
  every 'its'). Made once per language, never listed in its vocabulary: they are a form of
  the verbs there.

Both are tried only when a phrase fits nothing else, so a ruleset's own shape with these
words comes first and a card without them pays nothing. Errors: E213 for an amount that
counts nothing the game has (a 'for each' whose words name no cards, or that are chosen or
targeted rather than counted; a stat the ruleset does not have), E214 for 'for each' after a
step with no number to count.
"""

from __future__ import annotations

from dataclasses import replace as _replace

from .. import syntax as ast
from ..errors import SemanticError, Span, did_you_mean
from ..language.amounts import Counted
from ..language.shapes import FAIL, compile_shape, match
from .matching import _lacks, _needs, _said, _words
from .template import Do

# Slot types that hold a step's number.
NUMBER_TYPES = frozenset({"number", "count", "signed"})
# Of those, the ones 'equal to' may stand in for: an amount of something ('+N' changes a stat).
EQUAL_TYPES = frozenset({"number", "count"})
_AMOUNT_SHAPES = ("__amount_shapes__",)         # the language memo's key (`amount_shapes`)
_TRAILING_SHAPES = ("__trailing_amount_shapes__",)   # ... and `trailing_shapes`'
# Picks of a selector that choose cards rather than count them.
_CHOSEN = {"target": "targeted", "choose": "chosen", "random": "picked at random"}


def number_slots(spec) -> list:
    """The names of a verb's number slots, over all its shapes, in the order first met."""
    out: list = []
    for shape in spec.shapes:
        for tok in shape.tokens:
            if tok.slot is not None and tok.type in NUMBER_TYPES and tok.slot not in out:
                out.append(tok.slot)
    return out


def split_for_each(phrase: ast.Phrase):
    """(the phrase before the last 'for each', the words after it, where 'for each' is), or
    None."""
    words = phrase.words
    for k in range(len(words) - 3, 0, -1):
        if words[k].kind == "word" and words[k].text.lower() == "for" and \
                words[k + 1].kind == "word" and words[k + 1].text.lower() == "each":
            head = words[:k]
            return (ast.Phrase(head, Span(phrase.span.file, phrase.span.line,
                                          phrase.span.column, head[-1].span.end_line,
                                          head[-1].span.end_column)), words[k + 2:],
                    Span(phrase.span.file, words[k].span.line, words[k].span.column,
                         words[k + 1].span.end_line, words[k + 1].span.end_column))
    return None


def for_each(lowerer, phrase: ast.Phrase, scope, card):
    """'STEP for each CARDS': the step with its number counted, or None when the phrase does
    not end so. The step's own error when it reads as nothing; E213 / E214 (above)."""
    split = split_for_each(phrase)
    if split is None:
        return None
    head, tail, words = split
    step = lowerer.lower_step(head, scope, card)
    tail_text = " ".join(w.text for w in tail)
    at = Span(phrase.span.file, tail[0].span.line, tail[0].span.column, tail[-1].span.end_line,
              tail[-1].span.end_column)
    if step.__class__ is not Do:
        raise SemanticError(f"'for each {tail_text}' after '{head.text}', which is not one step",
                            words, code="E214",
                            hint="write 'for each' after one step with a number "
                                 "('gain 1 life for each ...')")
    slots = [s for s in number_slots(step.verb) if any(k == s for k, _ in step.args)]
    if len(slots) != 1:
        how = "no number" if not slots else "more than one number"
        raise SemanticError(f"'for each' counts a step's number, but '{head.text}' has {how}",
                            words, code="E214",
                            hint="write 'for each' after a step with one number ('deal 1 "
                                 "damage to ...', 'gain 1 life', 'draw a card')")
    sel = lowerer.reader.read("cards", _words(ast.Phrase(tail, at)))
    if sel is FAIL:
        raise SemanticError(f"'for each {tail_text}': '{tail_text}' names no cards to count",
                            at, code="E213", words=tail_text,
                            hint="name the cards counted ('for each allied unit here', "
                                 "'for each card in your hand'); players are not counted")
    slot = slots[0]
    if isinstance(step.arg(slot), Counted):      # 'for each X for each Y', 'equal to ... for each'
        raise SemanticError(f"'for each {tail_text}' counts a number that is counted already "
                            f"('{head.text}')", words, code="E214",
                            hint="count a number once: one 'for each', or one 'equal to'")
    args = []
    for key, value in step.args:
        if key == slot:
            times = 1 if value is None else value
            value = resolve(lowerer, Counted(sel, None, times, tail_text), scope, at)
        args.append((key, value))
    return Do.of(step.verb, tuple(args), phrase.text, phrase.span, step.splits,
                 gives=step.gives)


def amount_shapes(lang) -> list:
    """(spec, shape, needs) of every amount shape of the language's verbs (above), in the
    verbs' order: made once a language, kept in its memo."""
    return _made(lang, _AMOUNT_SHAPES, equal_shape)


def trailing_shapes(lang) -> list:
    """(spec, shape, needs) of every trailing amount shape of the language's verbs (above),
    in the verbs' order: made once a language, kept in its memo."""
    return _made(lang, _TRAILING_SHAPES, trailing_shape)


def _made(lang, key: tuple, make) -> list:
    made = lang._memo.get(key)
    if made is None:
        made = lang._memo[key] = []
        for spec in lang.verbs:
            for shape in spec.shapes:
                text = make(shape)
                if text is not None:
                    got = compile_shape(text)
                    made.append((spec, got, _needs(got)))
    return made


def equal_shape(shape) -> str | None:
    """The amount shape of one shape ('deal damage equal to {n:amount} to {what:cards}'), or
    None when it has no number slot, more than one, or none followed by a word."""
    parts = shape.text.split()
    at = [i for i, t in enumerate(shape.tokens) if t.slot is not None and t.type in
          NUMBER_TYPES]
    if len(at) != 1 or shape.tokens[at[0]].type not in EQUAL_TYPES or \
            at[0] + 1 >= len(parts):
        return None
    i = at[0]
    nxt = shape.tokens[i + 1]
    if nxt.slot is None and nxt.optional:
        return None
    noun = parts[i + 1]
    return " ".join(parts[:i] + [noun, "equal", "to", "{%s:amount}" % shape.tokens[i].slot] +
                    parts[i + 2:])


def trailing_shape(shape) -> str | None:
    """The trailing amount shape of one shape ('deal damage to {what:cards} equal to
    {n:amount}'): its number taken out and 'equal to' said at its end; None when it has no
    amount shape (`equal_shape`) or when that one ends the shape already ('gain life equal to
    {n:amount}')."""
    if equal_shape(shape) is None:
        return None
    parts = shape.text.split()
    i = next(i for i, t in enumerate(shape.tokens) if t.slot is not None and
             t.type in NUMBER_TYPES)
    if i + 2 >= len(parts):
        return None
    return " ".join(parts[:i] + parts[i + 1:] + ["equal", "to",
                                                 "{%s:amount}" % shape.tokens[i].slot])


def equal_to(lowerer, phrase: ast.Phrase, words: tuple):
    """(spec, args) of the first amount shape the phrase fits, else of the first trailing
    shape, or None."""
    if "equal" not in words:
        return None
    said = _said(words)
    lang = lowerer.lang
    for shapes in (amount_shapes(lang), trailing_shapes(lang)):
        for spec, shape, needs in shapes:
            if needs and _lacks(needs, said):
                continue
            args = match(shape, words, lowerer.reader.read)
            if args is not None:
                return spec, tuple(args.items())
    return None


def resolve(lowerer, counted: Counted, scope, span: Span) -> Counted:
    """A counted amount with its selector resolved ('its' linked to what it names) and its
    stat checked against the ruleset's (E213). The cards counted are no antecedent and take
    no slot: a later 'it' never names them, and the slots of the step's other cards are those
    of the step without the amount (so 'equal to' and 'for each' compile alike). The card
    whose stat is read is named as any card ("target ally's power": a target)."""
    sel = counted.of
    if counted.stat is not None:
        stat = lowerer.lang.stats.get(counted.stat)
        if stat is None:
            known = sorted(lowerer.lang.stats)
            raise SemanticError(
                f"'{counted.text}': this game's cards have no stat '{counted.stat}'", span,
                code="E213", words=counted.stat,
                hint=did_you_mean(counted.stat, known) or
                ("the stats its cards have: " + ", ".join(known) if known else
                 "no stat of this game's cards is read as a number"))
        counted = Counted(sel, stat, counted.times, counted.text)
    else:
        if sel.pick in _CHOSEN:
            raise SemanticError(f"'{counted.text}' names cards that are {_CHOSEN[sel.pick]}; a "
                                "count counts every card that fits", span, code="E213",
                                words=counted.text,
                                hint="count the cards that fit ('for each enemy unit "
                                     "here'), without 'target' or 'you choose'")
        if sel.pick not in ("ref", "named", "self"):
            # every card that fits is counted, however the words say it ('for each site',
            # 'the number of sites'): one selector, one text for the formatter
            sel = _replace(sel, quant="each", count=1)
    kept = len(scope.antecedents), len(scope.targets), dict(scope.sides), scope.n
    try:
        resolved = lowerer._resolve_sel(sel, scope, span)
    except SemanticError:
        if counted.stat is None or sel.pick != "ref" or sel.kinds is not None:
            raise
        # 'its power' with nothing said before it: the card whose text it is, which a
        # sentence with no subject is about ('Genesis → Deal damage equal to its power ...')
        resolved = lowerer._resolve_sel(_this(lowerer, sel), scope, span)
    if counted.stat is None:
        del scope.antecedents[kept[0]:]
        del scope.targets[kept[1]:]
        scope.sides, scope.n = kept[2], kept[3]
        if resolved.pick not in ("ref", "named", "self"):
            resolved = _replace(resolved, slot=None)     # counted, never kept for a later 'it'
    return Counted(resolved, counted.stat, counted.times, counted.text)


def _this(lowerer, sel):
    """The card itself, as 'this' reads, kept written as the reference was ('its')."""
    return _replace(lowerer.reader.read("cards", ("this",)), text=sel.text)
