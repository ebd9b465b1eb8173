"""Canonical wording: each choice the language treats alike, made the ruleset's one way.

A card's text offers choices that compile to the same template: a number as a digit or a
word, one of a phrase's synonyms ('deal' or 'inflict'), a plain trigger word ('When',
'Whenever', 'After', 'Each time'), a label's separator and case, a keyword's case, a shape
the game reads but does not print (printed_shapes.py). Each
choice is read off the parse and the fit of each phrase to the ruleset's shapes, so only
words the language reads as that choice are touched; the sentences stay as written.

`wording_edits` lists every place where a card differs from its canonical wording, each
with the rule it belongs to; `canonical_text` applies them. Callers check that the result
compiles to the same templates (`sameness.meaning`); the tests do so over every pool.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import syntax as ast
from ..compiler.hooks import PLAIN_TRIGGER_WORDS
from ..language.reader import PLAYERS, Reader
from ..language.selectors import NUMBERS
from .edits import Edit, apply_edits, fit
from .header_words import header_edits
from .printed_shapes import fold_first_letters, lead_words, printed_edits, touchable_words

# 'may' comes at most this many words in: after the longest player phrase the reader knows.
MAY_BY = max(map(len, PLAYERS)) + 1

__all__ = ["Conventions", "Wording", "Edit", "apply_edits", "canonical_text"]

WORD_OF = {v: k for k, v in NUMBERS.items() if k not in ("a", "an")}
PLAIN_TRIGGERS = ("whenever", "when", "after", "each time")
INFLECTIONS = {frozenset(p) for p in (("is", "are"), ("has", "have"), ("was", "were"),
                                      ("does", "do"), ("doesn't", "don't"))}


@dataclass(frozen=True)
class Conventions:
    """A pool's chosen wording (pyproject.toml: [tool.cardscript.lint.conventions])."""

    amounts: str = "digits"            # a number slot ('deal 2 damage'): digits | words
    counts: str = "words"              # how many cards ('draw two cards'): digits | words
    label_separator: str = "→"         # '→' or ':' after a label ('Genesis →', 'Play:')
    capitalise_after_label: bool = True
    self_reference: str = "this"       # 'this <kind>' | 'name' (the card's own quoted name)
    prefer: tuple = ()                 # synonyms to prefer ('inflict', 'after')
    reminder_text: str = "when-known"  # L007: when-known | optional

    def synonym(self, group) -> str:
        """The canonical word of a group of synonyms (the first preferred, else the first)."""
        for p in self.prefer:
            if p in group:
                return p
        return group[0]


def _words(phrase: ast.Phrase) -> tuple:
    return tuple(w.text.lower() if w.kind != "name" else ("name", w.text) for w in phrase.words)


def _alternatives(shape) -> list[list[str]]:
    """Each token's alternatives in the order the shape's text gives them."""
    return [part.rstrip("?").lower().split("|") for part in shape.text.split()]


def _synonyms(alts: list[str]) -> bool:
    """Alternatives that are different words, not forms of one (move|moves, is|are)."""
    if len(alts) < 2 or frozenset(alts) in INFLECTIONS:
        return False
    a, b = sorted(alts, key=len)[:2]
    return not (b.startswith(a) or a.endswith("y") and b == a[:-1] + "ies")


class Wording:
    """Finds the wording edits of cards under one language and its conventions."""

    def __init__(self, lang, conv: Conventions | None = None):
        self.lang = lang
        self.conv = conv or Conventions()
        self.reader = Reader(lang)
        self._fits: dict = {}
        # The words an edit can touch: numbers and the synonyms the shapes list. A phrase
        # with none of them has no edit, and is not fitted at all (most phrases of a pool).
        self._touchable = set(WORD_OF.values())
        for table in ("verbs", "patterns", "conditions", "statics"):
            for spec in getattr(lang, table):
                for shape in spec.shapes:
                    for alts in _alternatives(shape):
                        if _synonyms(alts):
                            self._touchable.update(alts)
        self._touchable |= touchable_words(lang)
        self._lines: list = []          # the lines of the card being edited (L014)

    # --- fitting phrases -----------------------------------------------------
    def fit_phrase(self, table: str, phrase: ast.Phrase):
        """(spec, shape, {token: (start, end)}) of the first shape the phrase fits, as the
        compiler finds it; None when none does, or when no word of it could be edited."""
        touchable = self._touchable
        if not any(w.kind == "number" or w.text.lower() in touchable for w in phrase.words):
            return None
        words = _words(phrase)
        key = (table, words)
        if key not in self._fits:
            found = None
            for spec in getattr(self.lang, table):
                for shape in spec.shapes:
                    where = fit(shape, words, self.reader.read)
                    if where is not None:
                        found = (spec, shape, where)
                        break
                if found:
                    break
            self._fits[key] = found
        return self._fits[key]

    def _step_fit(self, phrase: ast.Phrase):
        """The verb fit of a step, past 'or', 'you may', 'may' and 'PLAYER may'."""
        words = phrase.words
        low = [w.text.lower() for w in words[:MAY_BY]]
        skip = 0
        if low[:1] == ["or"]:
            skip = 1
        elif low[:2] == ["you", "may"]:
            skip = 2
        elif low[:1] == ["may"]:
            skip = 1
        elif "may" in low:
            k = low.index("may")
            if PLAYERS.get(tuple(low[:k])) is not None:
                rest = ast.Phrase(words[:k] + words[k + 1:], phrase.span)
                found = self.fit_phrase("verbs", rest)
                if found is not None:
                    return found, rest
        rest = ast.Phrase(words[skip:], phrase.span) if skip else phrase
        if skip and len(words) > skip and low[:1] != ["or"]:
            inner = self._step_fit(rest)
            if inner[0] is not None:
                return inner
        return self.fit_phrase("verbs", rest), rest

    # --- edits of one phrase -------------------------------------------------
    def phrase_edits(self, phrase: ast.Phrase, found, printed: bool = True) -> list[Edit]:
        """Numbers and synonyms of one fitted phrase that differ from the conventions, and
        (`printed`) its words where its shape is one the game does not print (L014)."""
        if found is None:
            return []
        spec, shape, where = found
        out = printed_edits(self.lang, self.conv, phrase.words, found, self._lines) \
            if printed else []
        alts = _alternatives(shape)
        for ti, (a, b) in where.items():
            tok = shape.tokens[ti]
            if tok.slot is None:
                w = phrase.words[a]
                if _synonyms(alts[ti]) and not any(   # L014 writes these words anew
                        e.rule == "L014" and e.start <= w.span.column < max(e.end, e.start + 1)
                        for e in out):
                    want = self.conv.synonym(alts[ti])
                    if w.text != (_case(want, w.text) if a == 0 else want):
                        # A capital is kept where the phrase starts (a sentence may start
                        # there); in mid-sentence the word is written as the shape writes it
                        # ('steal 1A' is 'steal 1 aember', not '1 Aember').
                        out.append(_edit(w, _case(want, w.text) if a == 0 else want, "L008",
                                         f"'{w.text}' and '{want}' mean the same here"))
                continue
            if tok.type == "number":
                out.extend(self._number(phrase.words[a:b], self.conv.amounts, "amounts"))
            elif tok.type == "count":
                out.extend(self._number(phrase.words[a:b], self.conv.counts, "counts of cards"))
            elif tok.type == "cards":
                ws = phrase.words[a:b]
                low = [w.text.lower() for w in ws]
                i = 2 if low[:2] == ["up", "to"] else 0
                if len(ws) > i + 1 and (low[i] in WORD_OF.values() or low[i].isdecimal()):
                    out.extend(self._number(ws[i:i + 1], self.conv.counts, "counts of cards"))
        return out

    def _number(self, words, style: str, what: str) -> list[Edit]:
        if len(words) != 1 or words[0].kind not in ("word", "number"):
            return []
        w = words[0]
        low = w.text.lower()
        if style == "digits" and low in WORD_OF.values():
            return [_edit(w, str(NUMBERS[low]), "L004", f"{what} are written in digits in this pool")]
        if style == "words" and low.isdecimal() and int(low) in WORD_OF:
            return [_edit(w, _case(WORD_OF[int(low)], w.text), "L004",
                          f"{what} are written in words in this pool")]
        return []

    # --- edits of one card ---------------------------------------------------
    def card_edits(self, card: ast.Card, lines: list[str]) -> list[Edit]:
        """Every place where the card's wording differs from the canonical wording."""
        self._lines = lines
        out: list[Edit] = header_edits(self.lang, card, lines)
        for ab in card.abilities:
            out.extend(self._ability_edits(ab, lines))
            if not isinstance(ab, ast.KeywordLine):
                out.extend(_sentence_starts(ab, lines))
                out.extend(_then_separators(ab, lines))
        return fold_first_letters(out) if self.lang.printed_shapes else out

    def _ability_edits(self, ab, lines) -> list[Edit]:
        if isinstance(ab, ast.ThresholdCost):     # the icons stay; the ability is worded
            return self._ability_edits(ab.ability, lines)
        if isinstance(ab, ast.KeywordLine):
            return self._keyword_edits(ab, lines)
        out: list[Edit] = []
        if isinstance(ab, ast.LabelledAbility):
            out.extend(self._label_edits(ab, lines))
            out.extend(self._effect_edits(ab.effect))
        elif isinstance(ab, ast.TriggeredAbility):
            out.extend(self._trigger_word(ab, lines))
            word = ab.word
            pattern = ab.pattern
            if word not in PLAIN_TRIGGER_WORDS:
                lead = lead_words(ab, lines)
                whole = ast.Phrase(lead + pattern.words, pattern.span)
                found = self.fit_phrase("patterns", whole)
                if found is not None:        # the lead words are the grammar's: only L014's
                    out.extend(printed_edits(self.lang, self.conv, whole.words, found, lines))
                    spec, shape, where = found
                    where = {t: (a - len(lead), b - len(lead)) for t, (a, b) in where.items()
                             if a >= len(lead)}
                    out.extend(self.phrase_edits(pattern, (spec, shape, where), False))
                else:
                    out.extend(self.phrase_edits(pattern, self.fit_phrase("patterns", pattern)))
            else:
                out.extend(self.phrase_edits(pattern, self.fit_phrase("patterns", pattern)))
            if ab.condition is not None:
                out.extend(self._condition_edits(ab.condition))
            out.extend(self._effect_edits(ab.effect))
        elif isinstance(ab, ast.ReplacementAbility):
            out.extend(self._effect_edits(ab.effect))
        elif isinstance(ab, ast.EffectLine):
            node = ab.effect
            if isinstance(node, ast.Step):
                found = self.fit_phrase("statics", node.phrase)
                if found is not None:
                    return self.phrase_edits(node.phrase, found)
            out.extend(self._effect_edits(node))
        return out

    def _condition_edits(self, cond: ast.Condition) -> list[Edit]:
        return [e for p in cond.parts for e in self.phrase_edits(p, self.fit_phrase("conditions", p))]

    def _effect_edits(self, node) -> list[Edit]:
        if isinstance(node, ast.Step):
            found, rest = self._step_fit(node.phrase)
            return self.phrase_edits(rest, found)
        if isinstance(node, ast.Sequence):
            return [e for s in node.steps for e in self._effect_edits(s)]
        if isinstance(node, ast.Conditional):
            return self._condition_edits(node.condition) + self._effect_edits(node.body)
        if isinstance(node, ast.Choose):
            return [e for o in node.options for e in self._effect_edits(o)]
        body = getattr(node, "body", None)
        return self._effect_edits(body) if body is not None else []

    def _trigger_word(self, ab: ast.TriggeredAbility, lines) -> list[Edit]:
        if ab.word not in PLAIN_TRIGGERS:
            return []
        sp = ab.span
        line = lines[sp.line - 1] if 0 < sp.line <= len(lines) else ""
        start = sp.column - 1
        written = " ".join(line[start:].split()[:len(ab.word.split())])
        if written.lower() != ab.word or line[start:start + len(written)] != written:
            return []
        want = _case(self.conv.synonym(list(PLAIN_TRIGGERS)), "X")   # it starts the line
        if written == want:
            return []
        if written.lower() == want.lower():
            return [Edit(sp.line, sp.column, sp.column + len(written), written, want, "L002",
                         "a line starts with a capital letter")]
        return [Edit(sp.line, sp.column, sp.column + len(written), written, want, "L008",
                     f"'{written}' and '{want}' start the same trigger")]

    def _label_edits(self, ab: ast.LabelledAbility, lines) -> list[Edit]:
        spec = self.lang.labels.get(ab.label.lower())
        sp = ab.span
        if spec is None or not 0 < sp.line <= len(lines):
            return []
        line = lines[sp.line - 1]
        start = sp.column - 1
        i = start + len(ab.label)
        while i < len(line) and line[i] in " \t":
            i += 1
        sep = "→" if line.startswith("→", i) else "->" if line.startswith("->", i) else \
            ":" if line.startswith(":", i) else None
        if sep is None or line[start:start + len(ab.label)] != ab.label:
            return []
        j = i + len(sep)
        while j < len(line) and line[j] in " \t":
            j += 1
        old = line[start:j + 1]
        first = line[j:j + 1]
        cap = first.upper() if self.conv.capitalise_after_label else first.lower()
        want_sep = self.conv.label_separator
        new = spec.name + (" → " if want_sep == "→" else ": ") + (cap if first.isalpha()
                                                                  else first)
        if new == old:
            return []
        rule = "L006" if sep.strip() not in (want_sep,) or spec.name != ab.label else "L002"
        why = (f"this pool writes the label as '{spec.name}{' ' if want_sep == '→' else ''}"
               f"{want_sep}'" if rule == "L006" else "the effect after a label starts with "
               + ("a capital" if self.conv.capitalise_after_label else "a small letter"))
        return [Edit(sp.line, sp.column, j + 2, old, new, rule, why)]

    def _keyword_edits(self, ab: ast.KeywordLine, lines) -> list[Edit]:
        sp = ab.span
        if not 0 < sp.line <= len(lines):
            return []
        line = lines[sp.line - 1]
        old = line[sp.column - 1:sp.end_column - 1] if sp.end_line == sp.line else ""
        if " ".join(old.split()) != ab.text:
            return []
        parts = []
        for part in ab.text.split(","):
            words = part.strip().split()
            value = words.pop() if words and words[-1].isdecimal() else None
            # The word as printed, capitalised: a printing's own name for a keyword (Alpha's
            # 'Haste' for 'Charge') stays the word the card prints.
            # A keyword of several words is printed with each one capitalised ('Fire
            # Spellcaster').
            canon = " ".join(w[:1].upper() + w[1:] for w in " ".join(words).lower().split()) \
                if " ".join(words).lower() in self.lang.keywords else " ".join(words)
            canon = canon[:1].upper() + canon[1:]
            parts.append(canon + (f" {value}" if value else ""))
        new = ", ".join(parts)
        if new == old:
            return []
        return [Edit(sp.line, sp.column, sp.column + len(old), old, new, "L005",
                     "keywords start with a capital letter")]


def _sentence_starts(ab, lines) -> list[Edit]:
    """A small letter where a sentence starts: the line's first word (unless a label comes
    first: its own convention) and each word after a full stop."""
    sp = ab.span
    if sp.line != sp.end_line or not 0 < sp.line <= len(lines):
        return []
    line = lines[sp.line - 1]
    starts = [] if isinstance(ab, ast.LabelledAbility) else [sp.column - 1]
    end = sp.end_column - 1
    i = line.find(". ", 0, end)
    while i >= 0:
        if line.count('"', 0, i) % 2 == 0:          # not inside a quoted name
            starts.append(i + 2)
        i = line.find(". ", i + 1, end)
    out = []
    for i in starts:
        c = line[i:i + 1]
        if c.isalpha() and c.islower():
            out.append(Edit(sp.line, i + 1, i + 2, c, c.upper(), "L002",
                            "a sentence starts with a capital letter"))
    return out


THEN_FORMS = frozenset({"then", ", then", "and then", ", and then"})


def _then_separators(ab, lines) -> list[Edit]:
    """'A then B', 'A and then B', 'A, and then B' read as 'A, then B': the canonical one."""
    out = []
    for seq in _sequences(ab):
        for prev, cur in zip(seq.steps, seq.steps[1:]):
            a, b = prev.span, cur.span
            if not isinstance(cur, ast.Then) or a.end_line != b.line or \
                    not 0 < b.line <= len(lines):
                continue
            gap = lines[b.line - 1][a.end_column - 1:b.column - 1]
            said = " ".join(gap.replace(",", " , ").split()).replace(" ,", ",")
            said = said.replace(" , ", ", ").lower()
            if said in THEN_FORMS and gap != ", then ":
                out.append(Edit(b.line, a.end_column, b.column, gap, ", then ", "L002",
                                "steps in order are joined by ', then'"))
    return out


def _sequences(node) -> list:
    """Every Sequence of an ability's effect."""
    out = []
    stack = [getattr(node, "effect", None)]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if isinstance(node, ast.Sequence):
            out.append(node)
            stack.extend(node.steps)
        elif isinstance(node, ast.Choose):
            stack.extend(node.options)
        else:
            stack.append(getattr(node, "body", None))
    return out


def _edit(word: ast.Word, new: str, rule: str, why: str) -> Edit:
    sp = word.span
    return Edit(sp.line, sp.column, sp.column + len(word.text), word.text, new, rule, why)


def _case(word: str, like: str) -> str:
    """`word` with the first letter's case of `like`."""
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def canonical_text(text: str, lang, conv: Conventions | None = None,
                   path: str = "<string>") -> str:
    """A card file's text with every card in its canonical wording (layout untouched)."""
    from ..grammar import parse_text
    tree = parse_text(text, path)
    lines = text.split("\n")
    wording = Wording(lang, conv)
    edits = [e for card in tree.cards for e in wording.card_edits(card, lines)]
    return apply_edits(text, edits)
