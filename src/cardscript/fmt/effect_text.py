"""An effect in canonical words: whole sentences, each ending in a full stop; steps joined
by `, ` and `, then `; `you may`, `if ...,`, `N times`, `one at a time`, `all at once`,
`Choose one: ...; or ...`, a search and its shuffle.

`EffectWriter` is the part of `Renderer` (render.py) that writes effects: the visitor over
the template tree; each step's entry is written by `EntryWriter` (entry_text.py), a counted
amount by fmt/amounts.py.
"""

from __future__ import annotations

from ..compiler.template import ChooseT, Do, IfT, MayT, SearchT, SeqT, ThenT
from ..compiler.visit import TemplateVisitor
from .amounts import counted_text
from .entry_text import PLAYER_WORDS, _cap, _text
from .phrases import phrase_words
from .words import Unrenderable

TIMES = {1: "once", 2: "twice"}
CHOOSE = {1: "one", 2: "two", 3: "three"}
# Words a shape may start with that are a subject of its own ('it deals ...', 'the story is
# resolved'), not the verb of a step ('deal ...').
SUBJECT_WORDS = PLAYER_WORDS | {"it", "they"}


class EffectWriter(TemplateVisitor):
    """Writes effects (a part of `Renderer`)."""

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
