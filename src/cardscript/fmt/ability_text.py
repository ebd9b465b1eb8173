"""An ability in canonical words: its labels (threshold icons, condition labels, `Name →`),
an ongoing effect ('If Y, X.'), a spell's lines, a trigger ('Whenever ..., ...', with its
opener and its 'while' condition), a replacement ('If X would Y, instead ...') and
conditions.

`AbilityWriter` is the part of `Renderer` (render.py) that writes abilities; their effects
are written by `EffectWriter` (effect_text.py), their entries by `EntryWriter`
(entry_text.py).
"""

from __future__ import annotations

import dataclasses
import re

from ..compiler.hooks import trigger_opener
from ..compiler.template import IfT, SeqT, ThenT
from .canonical import PLAIN_TRIGGERS
from .entry_text import PLAYER_WORDS, _cap, _text
from .phrases import phrase_words
from .words import Unrenderable

ARROW = "→"
# Words the grammar reads as the start of a trigger (grammar/cardscript.lark: TRIGGER).
TRIGGER_START = re.compile(r"(?:whenever|when|after|each time|at the (?:start|end|beginning) of)\b")


class AbilityWriter:
    """Writes abilities and conditions (a part of `Renderer`)."""

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
        """Conditions printed as labels ('Rank 2+: ', kept outermost first: compiler/
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
        return "".join(said), tuple(rest)

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
                # 'When destroyed, ...': a pattern with no subject reads only after 'when'
                # (the trigger words are one in meaning; 'Whenever destroyed' is no English)
                word = "when" if _about_itself(hook.pattern_entry) else \
                    self.conv.synonym(PLAIN_TRIGGERS)
                text = word + " " + text
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
