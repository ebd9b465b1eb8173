"""Canonical text of a compiled card: its templates written back in the ruleset's words.

Where `canonical.py` keeps a card's sentences and changes only its word choices, this module
writes a card from what it compiled to, so a template has one text whatever the sentences
it was read from. Each node of the template tree has one canonical form:

- the header: `card "Name": [token] KIND [subtypes], stat N, ..., property value, flag`;
- the keywords on one line first (`Airborne, Hazardous 2`), then the abilities in their
  compiled order;
- a vocabulary entry (verb, trigger pattern, condition, ongoing effect) in the first of its
  phrase shapes that has a slot for each of its arguments, each alternative as its first
  listed word, optional words left out; the phrase must read back as that same entry (else
  the next shape is tried);
- a label as `Name → ...`; a plain trigger as `Whenever ...`; steps joined by `, `, `, then `;
  `you may`, `if ...,`, `N times`, `one at a time`, `all at once`, `Choose one: ...; or ...`;
  a spell's lines one a line.

The renderer reads only the registry's entries and the slot readers' words
(`fmt/phrases.py`, `fmt/words.py`), so a verb or pattern a ruleset adds renders with no
edit here.
"""

from __future__ import annotations

import dataclasses
import re

from ..compiler.abilities import trigger_opener
from ..compiler.template import ChooseT, Do, IfT, MayT, SearchT, SeqT, ThenT
from ..compiler.visit import TemplateVisitor
from ..language.reader import PLAYERS, Reader
from ..language.shapes import match
from .amounts import counted_text
from .canonical import PLAIN_TRIGGERS, Conventions, _synonyms
from .phrases import agrees_in_number, phrase_words
from .referents import referents
from .words import Unrenderable, Words, capitalised

__all__ = ["Renderer", "Unrenderable", "card_text", "phrase_words"]

ARROW = "→"
# Words the grammar reads as the start of a trigger (grammar/cardscript.lark: TRIGGER).
TRIGGER_START = re.compile(r"(?:whenever|when|after|each time|at the (?:start|end|beginning) of)\b")
TIMES = {1: "once", 2: "twice"}
# A header property written bare ('house logos', 'back sea event'); any other is quoted.
PLAIN_VALUE = re.compile(r"[a-z][\w'-]*( [a-z][\w'-]*)*|[+-]\d+\+?")
CHOOSE = {1: "one", 2: "two", 3: "three"}
# The renderings `Renderer.card` tries in turn, the first that reads back kept: (a place
# where an earlier card is as 'that site', a step naming its subject a sentence of its own,
# every phrase as written).
TRIES = ((False, True, False), (True, True, False), (False, False, False),
         (True, False, False), (False, False, True))
# The first words of the players the reader knows ('you', 'each', 'your', ...).
PLAYER_WORDS = frozenset(words[0] for words in PLAYERS)
# Words a shape may start with that are a subject of its own ('it deals ...', 'the story is
# resolved'), not the verb of a step ('deal ...').
SUBJECT_WORDS = PLAYER_WORDS | {"it", "they"}


def _text(words: list) -> str:
    return " ".join(w if isinstance(w, str) else f'"{w[1]}"' for w in words)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(words: list) -> tuple:
    return tuple(w.lower() if isinstance(w, str) else w for w in words)


class Renderer(TemplateVisitor):
    """Writes compiled cards of one language in its canonical text."""

    def __init__(self, lang, conv: Conventions | None = None):
        self.lang = lang
        self.conv = conv = conv or Conventions()
        self.words = Words(lang, conv.counts == "words", conv.amounts == "words")
        self.reader = Reader(lang)
        # The phrases of the last card kept as written, each with why (see `card`).
        self.as_written: list = []
        self._all_as_written = False
        self._decided_by = None       # the player word of the latest 'may' written
        self._last_shape = None       # the shape of the latest entry written (`_step`)
        self._own_sentences = True    # a step naming its own subject is a sentence (`card`)
        self.kind_words = {}
        for word, kind in lang.card_kinds.items():
            self.kind_words.setdefault(kind, word)
            if word == kind:
                self.kind_words[kind] = word

    # --- one vocabulary entry ----------------------------------------------------
    def entry(self, table: str, spec, args, modal: bool = False) -> str:
        """An entry with its arguments, in its first shape that reads back as the entry;
        a shape whose own pronoun disagrees in number with its subject comes last ('this
        minion ... it fights', not '... they fight')."""
        args = dict(args)
        first = None
        shapes = self._shapes(spec)
        if len(shapes) > 1:
            shapes.sort(key=lambda shape: not agrees_in_number(shape, args, self.words))
        for shape in shapes:
            got = phrase_words(shape, args, self.words, self.conv.prefer, modal)
            if got is None:
                continue
            if first is None:
                first, first_shape = got, shape
            if self._reads_as(table, spec, got):
                self._last_shape = shape
                return _text(got)
        if first is None:
            raise Unrenderable(f"no shape of '{spec.name}' has a slot for each of "
                               + ", ".join(sorted(args)))
        self._last_shape = first_shape
        return _text(first)

    def phrase(self, table: str, spec, args, text: str, modal: bool = False) -> str:
        """An entry in canonical words; a phrase the renderer cannot write (a value of a kind
        it does not know) is kept as written, and noted in `as_written`."""
        if self._all_as_written:
            return text
        try:
            return self.entry(table, spec, args, modal)
        except Unrenderable as e:
            self.as_written.append((text, str(e)))
            return text

    def _shapes(self, spec) -> list:
        """An entry's shapes in order, those with a word the pool prefers first ('destroyed'
        before 'dies' where the conventions prefer it)."""
        prefer = set(self.conv.prefer)
        if not prefer:
            return list(spec.shapes)
        return sorted(spec.shapes, key=lambda s: not any(
            p.rstrip("?").split("|")[0] in prefer or
            (_synonyms(p.rstrip("?").split("|")) and prefer & set(p.rstrip("?").split("|")))
            for p in s.text.split()))

    def _reads_as(self, table: str, spec, words: list) -> bool:
        low = _lower(words)
        for other in getattr(self.lang, table):
            for shape in other.shapes:
                if match(shape, low, self.reader.read) is not None:
                    return other is spec
        return False

    # --- cards --------------------------------------------------------------------
    def card(self, tpl, known: dict | None = None) -> str:
        """The canonical text of one card template: its header line and its ability lines.

        With `known` (the cards its text may name), the text is compiled back: where a word
        has two readings that depend on what came before it ('it' or 'that site' for where
        an earlier card is), the first that reads back as the template is kept; a step that
        names its own subject is a sentence of its own unless the card then reads back
        otherwise (a step that goes on the one before it: 'it rolls ..., and deals 1
        damage'); if none does, every phrase is kept as written (and `as_written` says
        so)."""
        first = None
        for as_noun, own_sentences, all_as_written in TRIES:
            self.words.ref_place_as_noun = as_noun
            self._own_sentences = own_sentences
            self._all_as_written = all_as_written
            try:
                text = self._card(tpl)
            finally:
                self._all_as_written = False
            if all_as_written:
                self.as_written = [(ab.text, "its canonical text did not read back as the card")
                                   for ab in tpl.abilities]
            if known is None or self._reads_back(tpl, text, known):
                return text
            first = first or text
        return first

    def _reads_back(self, tpl, text: str, known: dict) -> bool:
        from ..compiler import compile_files
        from ..errors import CardScriptError
        from ..grammar import parse_text
        from .sameness import meaning
        try:
            back = compile_files([parse_text(text + "\n", tpl.file or "<canonical>")],
                                 self.lang, base={**known, tpl.name: tpl})
        except CardScriptError:
            return False
        return tpl.name in back and meaning(back[tpl.name]) == meaning(tpl)

    def _card(self, tpl) -> str:
        self.as_written = []
        self.words.self_kinds = frozenset({tpl.kind})     # 'this' is written 'this KIND'
        lines = [self.header(tpl)]
        left = list(tpl.reminders)
        if tpl.keywords:
            lines.append("  " + ", ".join(
                " ".join(_cap(w) for w in self.words.keyword(k)) + self._keyword_value(k, v)
                for k, v in tpl.keywords.items()))
        keyword_line = len(lines) - 1 if tpl.keywords else None
        for ab in tpl.abilities:
            self._decided_by = None
            self.words.several = referents(ab)
            lines.extend("  " + line for line in self.ability(tpl, ab))
            own = [text for n, text in left if ab.span.line <= n <= ab.span.end_line]
            if own:
                lines[-1] += " " + " ".join(own)
                left = [(n, t) for n, t in left if not ab.span.line <= n <= ab.span.end_line]
        if left:        # a keyword line's reminders (or any line's that holds no ability)
            at = keyword_line if keyword_line is not None else len(lines) - 1
            lines[at] += " " + " ".join(text for _, text in left)
        return "\n".join(lines)

    def _keyword_value(self, kw: str, value) -> str:
        """A keyword's value as the game prints it: ' +1' where the language signs it
        ('Movement +1'), else ' 2' ('Hazardous 2'); nothing for a keyword alone."""
        if value is True:
            return ""
        return f" {value:+d}" if kw in self.lang.signed_keywords else f" {value}"

    def header(self, tpl) -> str:
        """The header line: name, [token] kind and subtypes, stats, properties, flags."""
        # the game's subtypes as cards print them ('minion Mortal Royal'), as a selector
        # writes them; another word of a type line as written ('sea event')
        first = (["token"] if tpl.token else []) + [self.kind_words[tpl.kind]] + \
            [capitalised(s) if s in self.lang.subtypes else s for s in tpl.subtypes]
        items = [" ".join(first)]
        items += [f"{k} {v}" for k, v in tpl.stats.items()]
        for k, v in tpl.props.items():
            plain = isinstance(v, str) and (v == "" or PLAIN_VALUE.fullmatch(v))
            items.append(f"{k} {v}".rstrip() if plain else f'{k} "{v}"')
        items += sorted(tpl.flags - {"token"})
        return f'card "{tpl.name}": ' + ", ".join(items)

    # --- abilities ------------------------------------------------------------------
    def ability(self, tpl, ab) -> list[str]:
        """The lines of one compiled ability; what it requires (threshold icons) and the
        conditions printed as labels before it."""
        required, icons = self._label_conditions(ab.requires)
        held, conds = self._label_conditions(ab.condition)
        if held:
            ab = dataclasses.replace(ab, condition=conds)
        conv = self.conv
        if (held or required) and ab.label is not None:
            # a label after a condition label is read after its colon: 'Rank 2+: Enter: ...'
            self.conv = dataclasses.replace(conv, label_separator=":")
        try:
            lines = self._ability(tpl, ab)
        finally:
            self.conv = conv
        if icons:
            lines[0] = "".join(c.text for c in icons) + ": " + lines[0]
        if held or required:
            lines[0] = held + required + lines[0]
        return lines

    def _label_conditions(self, conds) -> tuple[str, tuple]:
        """Conditions printed as labels ('Rank 2+: ', outermost first: compiler/
        condition_labels.py), and the other conditions."""
        keys = {id(spec): key for key, spec in self.lang.condition_labels.items()}
        said, rest = [], []
        for c in conds:
            key = keys.get(id(c.spec))
            if key is None:
                rest.append(c)
                continue
            numbers = iter(v for _, v in c.args)
            said.append(" ".join(w.replace("n", str(next(numbers)), 1) if w.startswith("n")
                                 and not w[1:].isalpha() else w.capitalize()
                                 for w in key.split()) + ": ")
        return "".join(reversed(said)), tuple(rest)

    def _ability(self, tpl, ab) -> list[str]:
        kind = ab.kind
        if kind in ("static", "prevention"):
            spec, args = ab.static
            said = self.phrase("statics", spec, args, ab.text)
            if ab.condition:                # 'X while Y.' is written 'If Y, X.'
                said = f"if {self.conditions(ab.condition)}, {said}"
            return [_cap(said) + "."]
        if ab.label is not None:
            sep = f" {ARROW}" if self.conv.label_separator in (ARROW, "->") else ":"
            # a cost the holder pays ('Bearer — Tap → ...') is written after its label
            held = any(c in self.lang.holder_costs.values() for c in ab.costs)
            lead = f"{_cap(sorted(self.lang.holder_words)[0])} — " if held else ""
            return [f"{lead}{_cap(ab.label)}{sep} " +
                    self.sentences(ab.effect, self.conv.capitalise_after_label)]
        if kind == "spell":
            eff = ab.effect
            if isinstance(eff, SeqT) and len(eff.items) > 1 and all(
                    isinstance(i, ThenT) and i.line for i in eff.items[1:]):
                return [self._spell_line(eff.items[0])] + \
                    [self._spell_line(i.body) for i in eff.items[1:]]
            return [self._spell_line(eff)]
        if kind == "triggered":
            return [self.trigger(tpl, ab.hook) + ", " + self.sentences(ab.effect, False)]
        if kind == "cast cost" and self.lang.cast_cost_leads:
            # 'As an additional cost to cast this, pay 2 life.' (compiler/cast_costs.py)
            return [_cap(self.lang.cast_cost_leads[0]) + ", " + self.chain(ab.effect) + "."]
        if kind == "replacement":
            if self._all_as_written:
                return [ab.text if ab.text.endswith(".") else ab.text + "."]
            try:
                return [self.replacement(tpl, ab)]
            except Unrenderable as e:
                self.as_written.append((ab.text, str(e)))
                return [ab.text if ab.text.endswith(".") else ab.text + "."]
        raise Unrenderable(f"an ability of kind {kind!r}")

    def _spell_line(self, node) -> str:
        """One line of a spell, a condition label before it when it has one."""
        if isinstance(node, IfT):
            labels, rest = self._label_conditions(node.conditions)
            if labels:
                return labels + self.sentences(IfT(rest, node.body) if rest else node.body)
        return self.sentences(node)

    def trigger(self, tpl, hook) -> str:
        opener = trigger_opener(hook.text)
        if opener is not None:          # its limit is the hook's last condition (_hook)
            return _cap(opener) + ", " + self._trigger_text(
                hook, hook.text[len(opener) + 1:].strip(), hook.condition[:-1])
        return _cap(self._trigger_text(hook, hook.text, hook.condition))

    def _trigger_text(self, hook, written: str, condition) -> str:
        try:
            if self._all_as_written or hook.pattern_entry is None:
                raise Unrenderable("a hook with no pattern")
            text = self.entry("patterns", hook.pattern_entry, hook.pattern_args)
            if not TRIGGER_START.match(text) and not _opens_itself(hook.pattern_entry):
                text = self.conv.synonym(PLAIN_TRIGGERS) + " " + text
        except Unrenderable as e:
            if not self._all_as_written:
                self.as_written.append((hook.text, str(e)))
            text = written
        if condition:
            text += " while " + self.conditions(condition)
        return text

    def replacement(self, tpl, ab) -> str:
        hook = ab.hook
        args = dict(hook.pattern_args)
        shape_words = None
        for shape in self._shapes(hook.pattern_entry):
            got = phrase_words(shape, args, self.words, self.conv.prefer, modal=True)
            if got is not None and shape.tokens[0].slot is not None:
                first = phrase_words(type(shape)(shape.text, shape.tokens[:1]),
                                     {shape.tokens[0].slot: args[shape.tokens[0].slot]},
                                     self.words)
                shape_words = (first, got[len(first):])
                break
        if shape_words is None:
            raise Unrenderable("a replacement whose pattern does not start with its subject")
        subject, event = shape_words
        return f"If {_text(subject)} would {_text(event)}, instead {self.chain(ab.effect)}."


    def conditions(self, conds) -> str:
        return " and ".join(self._condition(c) for c in conds)

    def _condition(self, c) -> str:
        """A condition in canonical words. 'if you do' and 'if they do' name their person
        themselves (each an entry of its own); another condition with no slot ('if they
        can't') says 'they' after a 'may' that another player decides ('an opponent may
        ...'), where the first shape says 'it' or 'you'."""
        if self._decided_by not in (None, "you") and not c.args and not self._all_as_written \
                and c.spec.reads_answer is None:
            for shape in c.spec.shapes:
                if shape.text.split()[0] == "they":
                    got = phrase_words(shape, {}, self.words, self.conv.prefer)
                    if got is not None and self._reads_as("conditions", c.spec, got):
                        return _text(got)
        return self.phrase("conditions", c.spec, c.args, c.text)

    # --- effects ---------------------------------------------------------------------
    def sentences(self, node, cap: bool = True) -> str:
        """An effect as whole sentences, each ending in a full stop, each but perhaps the
        first (`cap`) starting with a capital. A sentence in a sequence, a condition and a
        choice start sentences of their own (each is read back as one)."""
        out = []
        if isinstance(node, SeqT):
            chain: list = []
            # Steps joined by commas are one sentence, which reads back as a sequence of its
            # own: beside a sentence that must stand alone ('If you don't, ...'), that would
            # nest the steps one level deeper than the card has them, so each step is then a
            # sentence of its own ('An opponent may discard a card. You may draw a card.').
            # A step that names its own subject ('An opponent loses 2 life', 'It strikes
            # ...', 'You may ...') is a sentence of its own too, as printed cards have it: a
            # comma before or after it would splice two sentences.
            alone = any(isinstance(i, (SeqT, IfT, ChooseT)) or _lasting(i) for i in node.items)
            for item in node.items:
                if chain and alone and not isinstance(item, ThenT):
                    out.append(_joined(chain))
                    chain = []
                # A step after a search without its shuffle, in the same sentence, would be
                # read as part of the search ('..., reveal it. Shuffle.'): a sentence of its own.
                if chain and isinstance(chain[-1][0], SearchT) and \
                        chain[-1][0].shuffle is None and not isinstance(item, ThenT):
                    out.append(_joined(chain))
                    chain = []
                if isinstance(item, (SeqT, IfT, ChooseT)) or _lasting(item):
                    if chain:
                        out.append(_joined(chain))
                        chain = []
                    out.append(self.sentences(item))
                else:
                    text, own = self._step(item)
                    own = own and self._own_sentences
                    if chain and not isinstance(item, ThenT) and (own or chain[-1][2]):
                        out.append(_joined(chain))
                        chain = []
                    chain.append((item, text, own))
            if chain:
                out.append(_joined(chain))
        elif isinstance(node, ChooseT):
            out.append(self.visit(node))
        else:
            out.append(self.chain(node) + ".")
        out = [_cap(s) for s in out]
        if not cap:
            out[0] = out[0][:1].lower() + out[0][1:]
        return " ".join(out)

    def _step(self, node) -> tuple[str, bool]:
        """A step of a sequence in words, and whether it names its own subject (a 'may', a
        phrase whose shape starts with a slot it fills, 'an opponent loses 2 life', or with
        a subject of its own words, 'it deals 2 damage to the first unit it hits')."""
        self._last_shape = None
        text = self.chain(node)
        if isinstance(node, MayT):
            return text, True
        shape = self._last_shape
        if not isinstance(node, Do) or shape is None or not shape.tokens:
            return text, False
        first = shape.tokens[0]
        if first.slot is None:              # 'it deals 2 damage ...', 'the story is resolved'
            return text, not first.optional and bool(first.alts & SUBJECT_WORDS)
        return text, dict(node.args).get(first.slot) is not None

    def chain(self, node) -> str:
        """An effect as one chain of steps (inside a sentence)."""
        return self.visit(node)

    def visit_Do(self, node):
        if node.counted:                # 'for each ...', 'equal to ...' (fmt/amounts.py)
            return self.counted(node)
        return self.phrase("verbs", node.verb, node.args, node.text)

    def counted(self, node, modal: bool = False) -> str:
        """A step whose number is counted, in canonical words; as written when it cannot be."""
        if self._all_as_written:
            return node.text
        try:
            return counted_text(self, node, modal)
        except Unrenderable as e:
            self.as_written.append((node.text, str(e)))
            return node.text

    def visit_SeqT(self, node):
        parts = []
        for item in node.items:
            if isinstance(item, (SeqT, ChooseT)) or (isinstance(item, IfT) and
                                                     item is not node.items[-1]):
                raise Unrenderable("a sentence inside a step")
            parts.append(self.visit(item))
        return ", ".join(parts)

    def visit_ThenT(self, node):
        return "then " + self.visit(node.body)

    def visit_RepeatT(self, node):
        times = TIMES.get(node.times) or f"{self.words.count(node.times)[0]} times"
        return f"{self.visit(node.body)}, {times}" + (", one at a time"
                                                       if node.one_at_a_time else "")

    def visit_OneAtATimeT(self, node):
        return f"{self.visit(node.body)}, one at a time"

    def visit_AllAtOnceT(self, node):
        return f"{self.visit(node.body)}, all at once"

    def visit_IfT(self, node):
        cond = self.conditions(node.conditions)
        # A 'may' inside the body is decided there: 'if they don't' in a later sentence still
        # names the decider of the 'may' before this one, as the card's words have it.
        decided_by = self._decided_by
        try:
            return f"if {cond}, {self.visit(node.body)}"
        finally:
            self._decided_by = decided_by

    def visit_MayT(self, node):
        self._decided_by = node.who           # who 'if they do' after it names
        if self._all_as_written and node.who is not None:   # its words, 'an opponent' too
            return node.text[:1].lower() + node.text[1:]
        if node.who is not None and type(node.body).__name__ == "Do":
            body = self.counted(node.body, modal=True) if node.body.counted else \
                self.phrase("verbs", node.body.verb, node.body.args, node.body.text,
                            modal=True)
        else:
            body = self.visit(node.body)
        if node.who is None:
            own = self._subject_may(node.body) if type(node.body).__name__ == "Do" and \
                not node.body.counted and not self._all_as_written else None
            return own or "you may " + body
        who = " ".join(self.words.player(node.who)) + " "
        if not body.startswith(who):
            raise Unrenderable(f"'{node.who} may' before a step that does not name them")
        return who + "may " + body[len(who):]

    def _subject_may(self, do) -> str | None:
        """'It may strike that unit': a step whose phrase names its own subject, after the
        controller's 'may', says 'may' after that subject ('you may it strikes' does not
        read as English); None when its phrase does not start with its subject."""
        args = dict(do.args)
        for shape in self._shapes(do.verb):
            got = phrase_words(shape, args, self.words, self.conv.prefer, modal=True)
            if got is None or not self._reads_as("verbs", do.verb, got):
                continue
            first = shape.tokens[0] if shape.tokens else None
            if first is None or first.slot is None or first.type not in ("cards", "subject"):
                return None
            subject = phrase_words(type(shape)(shape.text, shape.tokens[:1]),
                                   {first.slot: args[first.slot]}, self.words)
            return _text(subject) + " may " + _text(got[len(subject):])
        return None

    def visit_ChooseT(self, node):
        opts = [self.visit(o) for o in node.options]
        return f"Choose {CHOOSE.get(node.count, node.count)}: " + "; or ".join(opts) + "."

    def visit_SearchT(self, node):
        parts = [self.visit(node.search)]
        body = node.body.items if isinstance(node.body, SeqT) else (node.body,)
        parts += [self.visit(b) for b in body]
        if node.shuffle is not None:
            parts.append("then " + self.visit(node.shuffle))
        return ", ".join(parts)


def _joined(chain: list) -> str:
    """The steps of one sentence ((step, text, names its subject) each), joined by commas."""
    return ", ".join(text for _, text, _ in chain) + "."


def _lasting(node) -> bool:
    """A step whose verb reads a duration 'as long as ...' (compiler/conditions.py
    `_lasting_phrase`): a sentence of its own, or the grammar would read the steps before it
    as under the duration too."""
    return isinstance(node, Do) and any(" as long as " in shape.text
                                        for shape in node.verb.shapes)


def _opens_itself(spec) -> bool:
    """A pattern that opens with a word of its own ('for every point of damage ...') is
    written without a trigger word before it, as a clause of a plain line; one that opens
    with a player ('you attack') is a happening, after its trigger word ('Whenever you
    attack')."""
    if _about_itself(spec):
        return False
    return all(s.tokens and s.tokens[0].slot is None and
               not s.tokens[0].alts & PLAYER_WORDS for s in spec.shapes)


def _about_itself(spec) -> bool:
    """A pattern with no subject that is about the card itself ('When destroyed, ...': no
    slot in any shape, a filter naming the card itself) follows its trigger word."""
    if any(t.slot is not None for s in spec.shapes for t in s.tokens):
        return False
    return any(k == "self" or k.startswith("self_") for k in spec.bind({}))


def card_text(tpl, lang, conv: Conventions | None = None, known: dict | None = None) -> str:
    """The canonical text of one compiled card (see the module docstring and `Renderer.card`)."""
    return Renderer(lang, conv).card(tpl, known)
