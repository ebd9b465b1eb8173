"""The lowering pass: match each phrase to the ruleset's vocabulary and build templates.

Which vocabulary entry a phrase is (the memoised matching) is matching.py; this module turns
the entries found into template nodes, linking 'it', 'that unit' and 'there' to what they
name (`Scope`), and joins the steps a sentence's commas split that are one step."""

from __future__ import annotations

from dataclasses import fields, replace
from inspect import signature
from operator import attrgetter
from sys import intern as _intern

from .. import syntax as ast
from ..errors import SemanticError, Span, did_you_mean
from ..language.amounts import Counted
from ..language.reader import PLAYERS, Reader
from ..language.selectors import Place, Selector
from ..language.shapes import FAIL
from .diagnose import kind_error, pointing_into, unknown_phrase, unruled_keyword
from .joined_steps import clause_choice, join_kinds, join_piles, join_rounding
from .amounts import equal_to, for_each, resolve as resolve_amount
from .cost_to_have import to_have
from .given_cards import give
from .forms import SelfReference, as_card_doing, token_names, verb_choice
from .matching import match_phrase, match_unmemoised, _words
from .self_subject import self_subject_error
from .template import (AllAtOnceT, ChooseT, CondT, Do, IfT, MayT, OneAtATimeT, RepeatT, SearchT,
                       SeqT, ThenT, group_of)

# 'may' comes at most this many words in: after the longest player phrase the reader knows
# ('an opponent of your choice may ...').
_MAY_BY = max(map(len, PLAYERS)) + 1


_INIT_FIELDS: dict = {}      # class -> (its __init__ fields' positions, their getter, names)


def _replace(obj, **changes):
    """A copy of a frozen value (selector, place, template) with some fields changed.

    What `dataclasses.replace` does, made by the class's own constructor, with the positions
    of its __init__ fields and one getter of their values found once a class (lowering makes
    a copy or more a phrase); the values are passed by position, which a constructor of
    twenty fields takes in half the time of keywords. A field outside __init__ (a Memo of
    the interpreter's, which may not fit the copy) starts fresh; changing one is an error, as
    with dataclasses.replace.
    """
    cls = obj.__class__
    entry = _INIT_FIELDS.get(cls)
    if entry is None:
        names = tuple(f.name for f in fields(cls) if f.init)
        get = attrgetter(*names) if len(names) > 1 else (lambda o, n=names[0]: (getattr(o, n),))
        # By position when the constructor takes the fields in their order (a class with a
        # constructor of its own, as Word's, may take other arguments first): else by name.
        params = tuple(signature(cls).parameters)
        entry = _INIT_FIELDS[cls] = ({n: i for i, n in enumerate(names)}, get,
                                     None if params == names else names)
    at, get, by_name = entry
    values = list(get(obj))
    for name, value in changes.items():
        i = at.get(name)
        if i is None:
            return replace(obj, **changes)       # raises, naming the field
        values[i] = value
    return cls(*values) if by_name is None else cls(**dict(zip(by_name, values)))


def _search_enders(lang) -> frozenset:
    """The first words of the verbs that end a search (`ends_search`: a shuffle)."""
    return frozenset(alt for v in lang.verbs if v.ends_search for s in v.shapes
                     if s.tokens and s.tokens[0].slot is None for alt in s.tokens[0].alts)


class Scope:
    """What 'it', 'that unit' and 'that site' can name while one ability is lowered."""

    def __init__(self):
        self.antecedents: list = []   # (slot, kinds or None, is_place)
        self.sides: dict = {}         # slot -> the side its selector named ('you', ...)
        self.named: set = set()
        self.aliases: dict = {}       # named referent -> the trigger slot it reads (labels)
        self.n = 0
        self.targets: list = []
        # The player word of the latest 'PLAYER may' naming one player other than you
        # ('an opponent may ...'): a later 'they' as a player names the one who decided.
        self.decider: str | None = None
        # Whose 'may' was said so far: "you" (a 'you may', a choice of yours), "they" (a 'may'
        # another player decides): an 'if you do' / 'if they do' reads an answer of theirs.
        self.answered: set = set()

    def fresh(self) -> str:
        self.n += 1
        n = self.n
        if n < len(_SLOT_NAMES):
            return _SLOT_NAMES[n]
        return _intern(f"s{n}")          # a few names, on every selector of a pool


# The first slot names, made once: 's1', 's2', ... (interned, as `Scope.fresh` makes the rest).
_SLOT_NAMES = tuple(_intern(f"s{n}") for n in range(64))


class Lowerer:
    """Lowers one card's abilities against a Language and the table of known cards."""

    def __init__(self, lang, cards_by_name: dict, self_kind: str | None = None,
                 card=None):
        self.lang = lang
        self.reader = Reader(lang)
        self.cards = cards_by_name
        self.self_kind = self_kind      # the kind of the card being lowered: what 'this' is
        self.card = card                # the declared card being lowered (name, subtypes)
        self.own: SelfReference | None = None      # made on first need (own_words)
        self._bare_words: frozenset | None = None   # made on first need (_reserved)

    def own_words(self, phrase: ast.Phrase) -> ast.Phrase:
        """The phrase with the card's references to itself ('this Dragon', its own name) read
        as `this`, and declared tokens named without quotes read as names (forms.py), or the
        phrase itself if it has none of them. Asked only of a phrase that fits nothing as
        written, so a card that names itself plainly pays nothing."""
        own = self.own
        if own is None:
            d = self.card
            if d is None:
                return token_names(phrase, self.cards, self._reserved())
            own = self.own = SelfReference(d.node.name, d.kind, d.subtypes, self.lang)
        # ... and a declared token named as printed ('a Foot Soldier token'), forms.py.
        return token_names(own.rewrite(phrase), self.cards, self._reserved())

    def _reserved(self) -> frozenset:
        """The words of the language a card's bare name never stands for (forms.py)."""
        got = self._bare_words
        if got is None:
            lang = self.lang
            got = self._bare_words = frozenset(lang.subtypes) | frozenset(lang.nouns) | \
                frozenset(lang.keywords)
        return got

    # --- phrase matching (matching.py, memoised per language: a pool repeats its phrases) ---
    def match_phrase(self, table: str, phrase: ast.Phrase, words: tuple | None = None):
        """The entry of the table the phrase is and its arguments, or None (matching.py)."""
        return match_phrase(self.lang, self.reader, table, phrase, words)

    def match_in_scope(self, table: str, phrase: ast.Phrase, scope: Scope,
                       words: tuple | None = None):
        """`match_phrase`, where 'they' reads as a player only after a 'PLAYER may': with no
        such 'may' before, the first shape that reads 'they' otherwise (a card said before),
        else the player reading (which `_resolve_args` refuses with E205)."""
        found = self.match_phrase(table, phrase, words)
        if found is not None and scope.decider is None and \
                any(v == "decider" for _, v in found[1]):
            other = match_unmemoised(self.lang, self.reader, table,
                                    _words(phrase) if words is None else words,
                                    no_decider=True)
            if other is not None:
                return other
        return found

    def _unknown(self, table: str, phrase: ast.Phrase, what: str) -> SemanticError:
        return self.as_written(unknown_phrase(self.lang, table, phrase, what), phrase)

    def as_written(self, err, phrase: ast.Phrase):
        """An error about a phrase the card's self-references were read in, quoting the
        phrase as written ('this Dragon casts ...', not 'this casts ...')."""
        return err if self.own is None else self.own.as_written(err, phrase)

    # --- references --------------------------------------------------------
    def _resolve_sel(self, sel: Selector, scope: Scope, span: Span) -> Selector:
        if sel.pick == "ref":
            for slot, kinds, is_place in reversed(scope.antecedents):
                if is_place:
                    continue
                if sel.controller and scope.sides.get(slot, sel.controller) != sel.controller:
                    continue                # 'that ally' passes over the enemy named after it
                if slot == "self" and sel.kinds is not None and sel.text[:4].lower() in (
                        "that", "thos"):
                    continue                # a card says 'this', never 'that minion', of itself
                if sel.kinds is None or kinds is None or (kinds & sel.kinds):
                    return _replace(sel, slot=slot)
            raise SemanticError(f"'{sel.text}' refers to nothing said before it", span,
                                hint="name the card first (a target, 'a unit you choose', ...)",
                                code="E205", words=sel.text)
        if sel.pick == "named":
            if sel.named in scope.aliases:
                return _replace(sel, quant="ref", pick="ref", slot=scope.aliases[sel.named])
            if sel.named not in scope.named:
                raise SemanticError(f"'{sel.text}' is not something an earlier step named", span,
                                    hint=did_you_mean(sel.named, scope.named | set(scope.aliases))
                                    or "known here: " + (", ".join("the " + n for n in sorted(
                                        scope.named | set(scope.aliases))) or "nothing"),
                                    code="E205",
                                    words=sel.text)
            # A later 'it' may name what the referent named ('drags the first unit hit
            # here, and deals 2 damage to it'): the cards read are kept in a slot.
            slot = scope.fresh()
            scope.antecedents.append((slot, sel.kinds, False))
            return _replace(sel, slot=slot)
        if sel.pick == "self":
            # 'this': later 'it' / 'adjacent' may name it; the reserved slot reads the source.
            sel = _replace(sel, slot="self")
            kinds = sel.kinds or (frozenset({self.self_kind}) if self.self_kind else None)
            scope.antecedents.append(("self", kinds, False))
            return sel
        if sel.name is not None:
            self._check_name(sel.name, span)
        place = sel.place
        if place is not None:
            place = self._resolve_place(place, scope, span)
        slot = scope.fresh()
        sel = _replace(sel, slot=slot, place=place)
        if sel.controller:
            scope.sides[slot] = sel.controller
        if sel.pick == "target":
            scope.targets.append((slot, sel))
        scope.antecedents.append((slot, sel.kinds, False))
        return sel

    def _resolve_place(self, pl: Place, scope: Scope, span: Span, *,
                       announced: bool = False) -> Place:
        if pl.ref == "prev":
            # 'target adjacent square' is chosen when the effect is announced, so it can only
            # be adjacent to something also known then: the latest target, not a later group.
            chosen = {slot for slot, _ in scope.targets}
            cands = [a for a in reversed(scope.antecedents) if not announced or a[0] in chosen]
            for slot, kinds, is_place in cands or reversed(scope.antecedents):
                return Place("slot", slot=slot) if is_place else \
                    Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
            return Place("here")
        anchor = self._resolve_place(pl.anchor, scope, span, announced=pl.ref == "target") \
            if pl.anchor else None
        if pl.ref == "slot":
            for slot, kinds, is_place in reversed(scope.antecedents):
                if is_place or (kinds and kinds & self.lang.place_kinds):
                    return _replace(pl, slot=slot) if is_place else \
                        Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
            noun = pl.noun or "place"
            nouns = list(self.lang.place_nouns) or [noun]
            places = " or ".join(nouns) if len(nouns) < 3 else \
                ", ".join(nouns[:-1]) + " or " + nouns[-1]
            raise SemanticError(f"'that {noun}' refers to no {places} said before it",
                                span, code="E205", words=f"that {noun}|the {noun}",
                                hint=f"name the {places} first (target {noun}, "
                                     f"a {noun} you choose, ...)")
        if pl.ref == "there":
            # 'there': the latest place (or card standing for one) said before; else the
            # card's own square, as 'here'.
            for slot, kinds, is_place in reversed(scope.antecedents):
                if is_place or (kinds and kinds & self.lang.place_kinds):
                    return _replace(pl, ref="slot", slot=slot) if is_place else \
                        Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
            return _replace(pl, ref="here")
        if pl.ref == "of":
            return _replace(pl, of=self._resolve_sel(pl.of, scope, span))
        if pl.ref in ("target", "choose", "adjacent", "any", "random"):
            slot = scope.fresh()
            pl = _replace(pl, slot=slot, anchor=anchor)
            if pl.ref == "target":
                scope.targets.append((slot, pl))
            if pl.ref in ("target", "choose", "random"):
                scope.antecedents.append((slot, None, True))
            return pl
        return _replace(pl, anchor=anchor)

    def check_keywords(self, sel: Selector, span: Span) -> None:
        """A selector may only test keywords that have rules (E212 otherwise)."""
        for kw in sel.with_keywords + sel.without_keywords:
            if kw not in self.lang.keyword_rules:
                raise unruled_keyword(kw, span, self.lang)

    def _resolve_args(self, args: tuple, scope: Scope, span: Span) -> tuple:
        out = []
        for k, v in args:
            if k == "keyword" and isinstance(v, str) and v not in self.lang.keyword_rules:
                raise unruled_keyword(v, span, self.lang)
            if isinstance(v, Selector):
                self.check_keywords(v, span)
                v = self._resolve_sel(v, scope, span)
            elif isinstance(v, Place):
                v = self._resolve_place(v, scope, span)
            elif v.__class__ is Counted:                   # 'equal to its power'
                v = resolve_amount(self, v, scope, span)
            elif v == "decider" and scope.decider is None:
                raise SemanticError(
                    "'they' refers to no player said before it", span, code="E205",
                    words="they", hint="'they' names the player who decided a 'may' said "
                    "before it ('An opponent may discard a card. If they don't, they lose 3 "
                    "life'); else name the player ('an opponent', 'each opponent', ...)")
            out.append((k, v))
        return tuple(out)

    def _check_name(self, name: str, span: Span):
        if name not in self.cards:
            raise SemanticError(f'unknown card "{name}"', span, code="E202",
                                hint=did_you_mean(name, self.cards) or
                                f'declare it (card "{name}": ...) or load the file that does')

    # --- effects -----------------------------------------------------------
    def lower_effect(self, node, scope: Scope, card):
        if node.__class__ is ast.Step:                  # the common case, first
            return self.lower_step(node.phrase, scope, card)
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
                                    hint="write one step on a group: 'VERB each ..., one at a time'")
            if group_of(body) is None:
                raise SemanticError(f"'one at a time' needs a group of cards, but "
                                    f"'{body.text}' names one card at a time already",
                                    node.span, code="E206",
                                    hint="name a group ('each ...', 'up to two target ...', "
                                         "'them'), or drop 'one at a time'")
            return OneAtATimeT(body)
        if isinstance(node, ast.AllAtOnce):
            return AllAtOnceT(self.lower_effect(node.body, scope, card))
        if isinstance(node, ast.Conditional):
            whole = _lasting_phrase(node)     # 'X as long as Y': a verb that makes X last
            if whole is not None and self._reads_alone(whole):
                return self.lower_step(whole, scope, card)
            conds = tuple(self.lower_condition(p, scope) for p in node.condition.parts)
            body = _same_subject(node)          # 'If it can't, it banishes ...'
            return IfT(conds, self.lower_effect(body, scope, card))
        if isinstance(node, ast.Choose):
            opts = tuple(self.lower_effect(o, scope, card) for o in node.options)
            texts = tuple(_effect_text(o) for o in node.options)
            if node.count > len(opts):
                raise SemanticError(f"choose {node.count} needs at least {node.count} options",
                                    node.span, code="E211",
                                    hint="separate the options with ';'")
            scope.answered.add("you")               # 'If you do': the option could be done
            return ChooseT(opts, texts, node.count)
        if isinstance(node, ast.Step):
            return self.lower_step(node.phrase, scope, card)
        raise TypeError(f"lowering does not handle {type(node).__name__}")

    def _lower_seq(self, steps, scope, card):
        steps = join_rounding(join_piles(list(steps), self.lang.zones))  # 'hand, or ...'
        steps = join_kinds(steps, self.lang.nouns, self.lang.kind_traits)  # 'minion, relic'
        steps = self._merge_participles(_lead_words(list(_merge_and(steps, self)), self),
                                        scope, card)
        steps = _comma_or(steps, self._reads_option)     # 'Draw a spell, or lose 2 life'
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
                    if isinstance(inner, ast.Step) and \
                            inner.phrase.words[0].lower in _search_enders(self.lang):
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
        low = [w.text.lower() for w in words[:2]]       # only the first two are looked at
        if low and low[0] == "or" and len(words) > 1:
            phrase = ast.Phrase(words[1:], phrase.span)
            return self.lower_step(phrase, scope, card)
        # Every reading below needs 'may' right after a player phrase or none ('you may ...',
        # 'may ...', 'an opponent of your choice may ...'): most steps have none, and skip them.
        head = [w.text.lower() for w in words[:_MAY_BY]]
        if "may" in head:
            paid = to_have(phrase)          # 'you may <cost> to have it <deed>'
            if paid is not None:
                cost, deed, did = paid
                return SeqT((self.lower_step(cost, scope, card),
                             IfT((self.lower_condition(did, scope),),
                                 self.lower_step(deed, scope, card))))
            # A verb whose own shape opens with 'you may' (a choice the rules ask for later, as
            # the ruleset says), not a question asked now.
            may_verb = low == ["you", "may"] and self._reads_alone(phrase)
            for prefix in (["you", "may"], ["may"]):
                if not may_verb and low[:len(prefix)] == prefix and len(words) > len(prefix):
                    rest = ast.Phrase(words[len(prefix):], phrase.span)
                    body = self.lower_step(rest, scope, card)
                    # 'you may pay ...': a verb registered as a cost asks a `pay` question.
                    ask = "pay" if isinstance(body, Do) and body.verb.cost else "may"
                    scope.answered.add("you")
                    return MayT(body, phrase.text, ask)
            # 'your opponent may discard a card': the player named before 'may' decides, and the
            # rest is read with that player as the verb's subject ('your opponent discard ...').
            if not may_verb:
                k = head.index("may")
                who = PLAYERS.get(tuple(head[:k]))
                # 'each player may', 'each opponent may': each of them is asked in turn
                # (interpret.py), and the step names the one who said yes.
                if who is not None and len(words) > k + 1:
                    rest = ast.Phrase(words[:k] + words[k + 1:], phrase.span)
                    body = self.lower_step(rest, scope, card)
                    if isinstance(body, Do):          # its words as printed, after 'may'
                        body = _replace(body, text=" ".join(w.text for w in words[k + 1:]))
                    ask = "pay" if isinstance(body, Do) and body.verb.cost else "may"
                    if who not in ("you", "each", "opponents"):
                        scope.decider = who
                    # 'each player may': you decide too (a later 'if you do' reads yours)
                    scope.answered |= {"you"} if who == "you" else \
                        {"you", "they"} if who == "each" else {"they"}
                    return MayT(body, phrase.text, ask, None if who == "you" else who)
        ws = _words(phrase)
        body = self._card_may(phrase, scope, card, ws) if "may" in ws else None
        if body is not None:
            return body
        found = self.match_in_scope("verbs", phrase, scope, ws)
        if found is None:
            own = self.own_words(phrase)                  # 'this Dragon', its own name
            if own is not phrase:
                return self.lower_step(own, scope, card)
            # 'This deals 2 damage to ...', 'Deals 2 damage to ...': the card does it.
            for form in as_card_doing(phrase, getattr(card, "lines", ()), self.lang.nouns):
                found = self.match_phrase("verbs", form) or \
                    equal_to(self, form, _words(form))      # '... deals damage equal to'
                if found is not None:
                    break
        if found is None:
            found = equal_to(self, phrase, ws)            # 'gain life equal to ...'
        if found is None:
            counted = for_each(self, phrase, scope, card)  # 'gain 1 life for each ...'
            if counted is not None:
                return counted
            either = verb_choice(phrase, self.lang)       # 'Play or draw a site'
            if either is not None:
                opts = tuple(self.lower_step(p, scope, card) for p in either)
                scope.answered.add("you")           # 'If you do': the option could be done
                return ChooseT(opts, tuple(p.text for p in either), 1)
            either = clause_choice(phrase, self._reads_alone)   # 'Sacrifice X or lose ...'
            if either is not None:
                opts = tuple(self.lower_step(p, scope, card) for p in either)
                scope.answered.add("you")           # 'If you do': the option could be done
                return ChooseT(opts, tuple(p.text for p in either), 1)
            raise self._unknown("verbs", phrase, "the effect")
        spec, args = found
        with pointing_into(phrase):
            args = self._resolve_args(args, scope, phrase.span)
        if spec.binds:
            scope.named |= set(spec.binds)
        gives = give(self.lang, spec, args, scope) if spec.gives else None
        if spec.check is not None:
            problem = spec.check(dict(args), self.cards)
            if problem:
                raise kind_error(problem, spec, dict(args), phrase, phrase.span, self.cards)
            # 'Burrow.', 'Kill this.': the card itself, whose kind the check did not see
            err = self_subject_error(spec, args, phrase, self.self_kind, self.lang, self.cards)
            if err is not None:
                raise self.as_written(err, phrase)
        return Do.of(spec, args, phrase.text, phrase.span, spec.splits, gives=gives)

    def _reads_option(self, step) -> bool:
        """Does a step (without the 'or' it may open with) read as one effect?"""
        words = step.phrase.words
        if words[0].lower == "or":
            words = words[1:]
        return self._reads_alone(ast.Phrase(words, step.phrase.span))

    def _reads_alone(self, phrase: ast.Phrase) -> bool:
        """Does the phrase read as one effect, as written or naming its own card?"""
        return self.match_phrase("verbs", phrase) is not None or \
            self.match_phrase("verbs", self.own_words(phrase)) is not None

    def _merge_participles(self, steps: list, scope: Scope, card) -> list:
        """'lure an enemy card, drawing it one step closer': a step that opens with a
        participle ('-ing') and reads as nothing alone says how the step before it is done,
        when the two read as one phrase (a shape of the ruleset holds both). Tried on a copy
        of the scope, so a failed reading leaves no trace."""
        out: list = []
        for s in steps:
            prev = out[-1] if out else None
            if isinstance(s, ast.Step) and isinstance(prev, ast.Step) and \
                    s.phrase.words[0].kind == "word" and \
                    s.phrase.words[0].text.lower().endswith("ing") and \
                    self.match_phrase("verbs", s.phrase) is None:
                merged = ast.Phrase(prev.phrase.words + s.phrase.words, Span(
                    prev.span.file, prev.span.line, prev.span.column, s.span.end_line,
                    s.span.end_column))
                trial = Scope()
                trial.antecedents, trial.named = list(scope.antecedents), set(scope.named)
                trial.aliases, trial.n = dict(scope.aliases), scope.n
                trial.targets = list(scope.targets)
                try:
                    self.lower_step(merged, trial, card)
                except SemanticError:
                    out.append(s)
                    continue
                out[-1] = ast.Step(merged, merged.span)
                continue
            out.append(s)
        return out

    def _card_may(self, phrase: ast.Phrase, scope: Scope, card, ws: tuple | None = None):
        """'a nearby allied card may hide', 'this card may strike it': the controller
        may have the cards named before 'may' do it. Read as the cards doing the verb
        ('this strikes it', 'X moves to ...'), else as the verb done to them ('hide a
        nearby allied card'); a MayT, or None when no card is named before 'may'."""
        words = phrase.words
        if ws is None:
            ws = _words(phrase)
        # 'may' as a word ('_words' gives a card name as a tuple, never the string 'may')
        k = ws.index("may") if "may" in ws else None
        if not k or k + 1 >= len(words) or words[k + 1].kind != "word":
            return None
        subject = words[:k]
        named = _words(self.own_words(ast.Phrase(subject, phrase.span)))   # 'these Sirens'
        if PLAYERS.get(_words(ast.Phrase(subject, phrase.span))) is not None or \
                self.reader.read("cards", named) is FAIL:
            return None
        rest = words[k + 1:]
        for cand in (subject + rest, rest[:1] + subject + rest[1:]):
            try:
                body = self.lower_step(ast.Phrase(cand, phrase.span), scope, card)
            except SemanticError:
                continue
            if isinstance(body, Do):          # its words as printed, after 'may'
                body = _replace(body, text=" ".join(w.text for w in rest))
            scope.answered.add("you")
            return MayT(body, phrase.text, "may")
        return None

    def lower_condition(self, phrase: ast.Phrase, scope: Scope) -> CondT:
        found = self.match_in_scope("conditions", phrase, scope)
        if found is None:
            own = self.own_words(phrase)                  # 'this Dragon', its own name
            if own is not phrase:
                return self.lower_condition(own, scope)
            raise self._unknown("conditions", phrase, "the condition")
        spec, args = found
        if spec.reads_answer is not None and spec.reads_answer not in scope.answered:
            raise no_answer(spec.reads_answer, phrase)
        with pointing_into(phrase):
            args = self._resolve_args(args, scope, phrase.span)
        return CondT(spec, args, phrase.text)


def no_answer(person: str, phrase: ast.Phrase) -> SemanticError:
    """E205: 'if you do' / 'if they do' with no 'may' of that person said before it."""
    said = " ".join(w.text for w in phrase.words)
    if person == "you":
        return SemanticError(
            f"'if {said}' reads your answer to a 'may', but no 'may' of yours is said before it",
            phrase.span, code="E205", words=said,
            hint="say 'you may ...' before it, or 'if they do' after another player's 'may' "
                 "('An opponent may discard a card. If they don't, ...')")
    return SemanticError(
        f"'if {said}' reads another player's answer to a 'may', but no other player's 'may' "
        "is said before it", phrase.span, code="E205", words=said,
        hint="say 'an opponent may ...' (or 'each opponent may ...') before it, or 'if you "
             "do' after your own 'may'")


def _lasting_phrase(node) -> ast.Phrase | None:
    """'X as long as Y' (a one-off effect under 'while' / 'as long as'): the step and its one
    condition as one phrase, 'as long as' between, for a verb whose shape holds both (it
    makes the effect last while the condition does); None for any other conditional."""
    if not node.lasting or not isinstance(node.body, ast.Step) or \
            len(node.condition.parts) != 1:
        return None
    body, cond = node.body.phrase, node.condition.parts[0]
    at = cond.words[0].span
    joint = tuple(ast.Word(w, "word", at) for w in ("as", "long", "as"))
    return ast.Phrase(body.words + joint + cond.words, node.span)


def _starts_with_or(node) -> bool:
    return isinstance(node, ast.Step) and len(node.phrase.words) > 1 and \
        node.phrase.words[0].lower == "or"


def _comma_or(steps, reads) -> list:
    """'Draw a spell, or lose 2 life' (and 'A, B, or C'): the plain steps before a step that
    opens with 'or', and that step, are the options of one choice (as 'choose one: A; or B'),
    when each reads as an effect on its own (`reads`); else the steps stay as they are."""
    at = next((i for i, s in enumerate(steps) if i > 0 and _starts_with_or(s)), None)
    if at is None:
        return steps
    first = at
    while first > 0 and steps[first - 1].__class__ is ast.Step and \
            not _starts_with_or(steps[first - 1]):
        first -= 1
    options = steps[first:at + 1]
    if len(options) < 2 or not all(reads(o) for o in options):
        return steps
    span = options[0].span
    choice = ast.Choose(count=1, options=tuple(options),
                        span=Span(span.file, span.line, span.column, options[-1].span.end_line,
                                  options[-1].span.end_column))
    return steps[:first] + [choice] + _comma_or(steps[at + 1:], reads)


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
    """'destroy each unit and artifact': a step that is no verb phrase joins the one before;
    so does a stat change with no subject ('+1 power this turn', a verb phrase of its own),
    which shares the subject said before 'and' ('Give X a keyword and +1 power this turn',
    'X gains a keyword and +1 power this turn'), when the two read as one."""
    out = []
    for s in steps:
        inner = s
        wrappers = []
        while isinstance(inner, (ast.Repeat, ast.OneAtATime, ast.AllAtOnce)):
            wrappers.append(inner)
            inner = inner.body
        if out and isinstance(inner, ast.Step) and isinstance(out[-1], ast.Step) and \
                not inner.phrase.words[0].lower in ("you", "may", "or", "then") and \
                (lowerer.match_phrase("verbs", inner.phrase) is None or
                 _signed_first(inner)) and \
                _reads_joined(out[-1], inner, lowerer):
            prev = out.pop()
            and_word = ast.Word("and", "word", prev.phrase.span)
            merged = ast.Phrase(prev.phrase.words + (and_word,) + inner.phrase.words,
                                Span(prev.span.file, prev.span.line, prev.span.column,
                                     inner.span.end_line, inner.span.end_column))
            node = ast.Step(merged, merged.span)
            for w in reversed(wrappers):
                node = _replace(w, body=node)
            out.append(node)
        else:
            out.append(s)
    return out


def _lead_words(steps, lowerer):
    """'This turn, an ally gains +3 power and Stealth': words that open a sentence and are no
    step of their own ('this turn', 'until your next turn') belong to every step after them,
    as if written at the end of each. Only when each step then reads; else the steps are
    left as written (and the first is reported as it stands)."""
    if len(steps) < 2 or not all(isinstance(s, ast.Step) for s in steps):
        return steps
    lead = steps[0].phrase
    if lowerer.match_phrase("verbs", lead) is not None or \
            lowerer.match_phrase("verbs", lowerer.own_words(lead)) is not None:
        return steps            # a step of its own ('These Drakelings shoot ...'), no lead
    out = []
    for s in steps[1:]:
        words = s.phrase.words + lead.words
        phrase = ast.Phrase(words, Span(s.span.file, s.span.line, s.span.column,
                                        s.span.end_line, s.span.end_column))
        if lowerer.match_phrase("verbs", phrase) is None and \
                lowerer.match_phrase("verbs", lowerer.own_words(phrase)) is None:
            return steps
        out.append(ast.Step(phrase, phrase.span))
    return out


def _signed_first(step) -> bool:
    """Does the step open with a signed number ('+1 power this turn')?"""
    w = step.phrase.words[0].text
    return w[:1] in "+-" and w[1:].isdecimal()


def _reads_joined(prev, step, lowerer) -> bool:
    """Join a step to the one before only if the two read as one verb phrase; a typo in the
    second step is then reported as itself, not as part of a merged phrase."""
    words = prev.phrase.words + (ast.Word("and", "word", prev.phrase.span),) + step.phrase.words
    phrase = ast.Phrase(words, prev.phrase.span)
    return lowerer.match_phrase("verbs", phrase) is not None or \
        lowerer.match_phrase("verbs", lowerer.own_words(phrase)) is not None   # 'this Drake'


_COULD_NOT = (("it", "can't"), ("it", "cannot"))


def _same_subject(node):
    """'If it can't, it <verb> ...': each 'it' that starts a step of the body is the subject
    of the step that could not, the card whose text it is ('this Lord banishes ... If it
    can't, it banishes ...'), so those steps read with 'this' for it. Any other body is kept
    as written."""
    if len(node.condition.parts) != 1 or \
            tuple(w.text.lower() for w in node.condition.parts[0].words) not in _COULD_NOT:
        return node.body
    body = node.body
    if isinstance(body, ast.Sequence):
        return _replace(body, steps=tuple(_this_for_it(s) for s in body.steps))
    return _this_for_it(body)


def _this_for_it(step):
    """A step 'it <verb> ...' as 'this <verb> ...'; any other node as it is."""
    if not isinstance(step, ast.Step) or len(step.phrase.words) < 2 or \
            step.phrase.words[0].text.lower() != "it":
        return step
    this = ast.Word("this", "word", step.phrase.words[0].span)
    return ast.Step(ast.Phrase((this,) + step.phrase.words[1:], step.phrase.span), step.span)
