"""The lowering pass: match each phrase to the ruleset's vocabulary and build templates.

Which vocabulary entry a phrase is (the memoised matching) is matching.py; this module turns
the entries found into template nodes. What 'it', 'that unit' and 'there' name is
references.py (over the `Scope` of scope.py); a 'may' is may.py; a condition and a
conditional effect conditions.py; the steps a sentence's commas and 'and's split that are
one step are sentence_steps.py and joined_steps.py."""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError
from ..language.reader import PLAYERS, Reader
from .amounts import equal_to, for_each
from .conditions import lower_condition, lower_conditional
from .diagnose import kind_error, pointing_into, unknown_phrase
from .forms import SelfReference, as_card_doing, token_names, verb_choice
from .given_cards import give
from .joined_steps import clause_choice, join_kinds, join_piles, join_rounding
from .granted_lines import lower_granted
from .matching import match_phrase, match_unmemoised, _words
from .may import card_may, player_may
from .references import check_keywords, check_name, resolve_args, resolve_place, resolve_sel
from .scope import Scope
from .self_subject import self_subject_error
from .sentence_steps import comma_or, effect_text, lead_words, merge_and, merge_participles
from .template import (AllAtOnceT, ChooseT, Do, OneAtATimeT, RepeatT, SearchT, SeqT, ThenT,
                       group_of)

# 'may' comes at most this many words in: after the longest player phrase the reader knows
# ('an opponent of your choice may ...').
_MAY_BY = max(map(len, PLAYERS)) + 1


def _search_enders(lang) -> frozenset:
    """The first words of the verbs that end a search (`ends_search`: a shuffle)."""
    return frozenset(alt for v in lang.verbs if v.ends_search for s in v.shapes
                     if s.tokens and s.tokens[0].slot is None for alt in s.tokens[0].alts)


def _reads_decider(args: tuple) -> bool:
    """Does a phrase's reading name the player who decided a 'may' ('they')? Only a string
    value can (a selector's generated `==` is a Python call: a step holds one or two)."""
    for _, v in args:
        if isinstance(v, str) and v == "decider":
            return True
    return False


class Lowerer:
    """Lowers one card's abilities against a Language and the table of known cards."""

    def __init__(self, lang, cards_by_name: dict, self_kind: str | None = None,
                 card=None):
        self.lang = lang
        self.reader = Reader.of(lang)     # one a language: it keeps no card's state
        self.cards = cards_by_name
        # What 'this' may be: the kind of the card being lowered; inside a quoted ability,
        # the kinds of the cards that gain it (granted_lines.py), None when unknown.
        self.self_kinds = frozenset({self_kind}) if self_kind else None
        # What 'this' is in words for a hint, when not the card itself ('the card that gains
        # it ...'): set with `self_kinds` inside a quoted ability.
        self.self_said: str | None = None
        self.card = card                # the declared card being lowered (name, subtypes)
        # Lowers a whole ability line (lower_ability.py `_lower_ability`, which imports this
        # module): set by whoever makes the lowerer; a quoted ability needs it (granted_lines).
        self.line_lowerer = None
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
        if found is not None and scope.decider is None and _reads_decider(found[1]):
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

    # --- references (references.py) ------------------------------------------
    _resolve_sel = resolve_sel
    _resolve_place = resolve_place
    _resolve_args = resolve_args
    check_keywords = check_keywords
    _check_name = check_name

    # --- conditions (conditions.py) and 'may' (may.py) -------------------------
    lower_condition = lower_condition
    _card_may = card_may

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
            return lower_conditional(self, node, scope, card)
        if isinstance(node, ast.Choose):
            opts = tuple(self.lower_effect(o, scope, card) for o in node.options)
            texts = tuple(effect_text(o) for o in node.options)
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
        steps = merge_participles(self, lead_words(list(merge_and(steps, self)), self), scope, card)
        steps = comma_or(steps, self._reads_option)     # 'Draw a spell, or lose 2 life'
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
        ws = _words(phrase)             # lower case, interned; a card name as ("name", text)
        # The first words in lower case, card names too: only these are looked at before
        # the phrase is matched.
        head = [w if w.__class__ is str else w[1].lower() for w in ws[:_MAY_BY]]
        if head and head[0] == "or" and len(words) > 1:
            phrase = ast.Phrase(words[1:], phrase.span)
            return self.lower_step(phrase, scope, card)
        # Every reading below needs 'may' right after a player phrase or none ('you may ...',
        # 'may ...', 'an opponent of your choice may ...'): most steps have none, and skip them.
        if "may" in head:
            body = player_may(self, phrase, scope, card, head[:2], head)
            if body is not None:
                return body
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
            args = self._resolve_args(args, scope, phrase.span, its=True)
        args = lower_granted(self, args, card, phrase)      # a quoted ability: lowered
        if spec.binds:
            scope.named |= set(spec.binds)
        gives = give(self.lang, spec, args, scope) if spec.gives else None
        if spec.check is not None:
            problem = spec.check(dict(args), self.cards)
            if problem:
                raise kind_error(problem, spec, dict(args), phrase, phrase.span, self.cards)
            # 'Burrow.', 'Kill this.': the card itself, whose kind the check did not see
            err = self_subject_error(spec, args, phrase, self.self_kinds, self.lang, self.cards,
                                     self.self_said)
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
