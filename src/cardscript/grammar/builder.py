"""Build AST nodes while Lark parses (its inline transformer), and fold modifiers.

Modifier folding: 'X, three times, one at a time' wraps X; 'Three times, one at a
time: X' wraps everything after the colon; 'X, then Y' wraps Y in Then.
"""

from __future__ import annotations

import unicodedata
from sys import intern as _intern

from lark import Token, Transformer

from .. import syntax as ast
from ..errors import CardSyntaxError, Span
from .limits import MAX_DIGITS, check_number, check_times

NUMBER_WORDS = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4,
                "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _times(text: str) -> int:
    first = text.split()[0].lower()
    return int(first) if first.isdigit() else NUMBER_WORDS[first]


class AstBuilder(Transformer):
    """Turns each reduced rule into its AST node; spans come from the tokens."""

    def __init__(self):
        super().__init__()
        self.file = "<string>"
        # Set by the caller when the text holds a run of digits longer than a number may be
        # (limits.LONG_NUMBER): then every phrase and line is checked for it (E112).
        self.long_numbers = False
        self._header_words: dict = {}      # a header item's words -> the one tuple of them
        self._two_on_a_line = False        # a line of this card gave two abilities

    def _check_number(self, tok: Token) -> None:
        check_number(str(tok), self.file, tok.line, tok.column)

    # --- spans ---------------------------------------------------------------
    def _tspan(self, tok: Token) -> Span:
        return Span(self.file, tok.line, tok.column, tok.end_line, tok.end_column)

    def _span(self, first, last) -> Span:
        # A token or span carries its own position (the common case, without a call).
        a = first if first.__class__ is Token or first.__class__ is Span else _where(first)
        b = last if last.__class__ is Token or last.__class__ is Span else _where(last)
        return Span(self.file, a.line, a.column, b.end_line, b.end_column)

    def _of(self, x) -> Span:
        if isinstance(x, Token):
            return self._tspan(x)
        if isinstance(x, tuple):  # a step item or sep, see below
            return x[-1]
        return x.span

    # --- file and card -------------------------------------------------------
    def start(self, items):
        return [c for c in items if isinstance(c, ast.Card)]

    def card(self, items):
        kw, name = items[0], items[1]
        if items[2].__class__ is list:          # as the grammar gives them: header, lines
            header = items[2]
            abilities = tuple(items[3:])
        else:
            header = next(i for i in items[2:] if isinstance(i, list))
            abilities = tuple(a for a in items[2:] if not isinstance(a, (Token, list)))
        if self._two_on_a_line:             # 'When X dies, Y instead. Z.': two abilities
            self._two_on_a_line = False
            abilities = tuple(a for ab in abilities
                              for a in (ab if ab.__class__ is tuple else (ab,)))
        end = abilities[-1].span if abilities else header[-1].span
        # (name, header, abilities, span, name_span), by position: one a card.
        return ast.Card(_name_text(name, self.file), tuple(header), abilities,
                        self._span(kw, end), self._tspan(name))

    def header(self, items):
        return [i for i in items if isinstance(i, ast.HeaderItem)]

    def hitem(self, items):
        # WORD+ and perhaps a value last (the grammar's hitem): the words are all but a value.
        last = items[-1]
        if last.type == "WORD":
            words = tuple([_intern(t.value.lower()) for t in items])
            value = None
        else:
            words = tuple([_intern(t.value.lower()) for t in items[:-1]])
            value = last
        a = items[0]
        return self.header_item(words, value, a.line, a.column, last.end_line, last.end_column)

    def header_item(self, words: tuple, last, line: int, column: int, end_line: int,
                    end_column: int):
        """A header item of these (lower-case, interned) words and value token (or None)."""
        if last is None:
            return self.header_value(words, None, "", 0, line, column, end_line, end_column)
        return self.header_value(words, last.type, last.value, last.column, line, column,
                                 end_line, end_column)

    def header_value(self, words: tuple, typ: str | None, text: str, at: int, line: int,
                     column: int, end_line: int, end_column: int):
        """`header_item` given its value's terminal type, text and column (on the item's line)
        rather than a token: the fast driver's header path reads them with no token made."""
        # Headers repeat their words ('minion', 'power'): equal tuples are one object.
        shared = self._header_words
        words = shared.setdefault(words, words) if len(shared) < _SHARED_MAX else \
            shared.get(words, words)
        value = None
        if typ is not None:
            if len(text) > MAX_DIGITS and typ in ("NUMBER", "SIGNED"):
                # (a shorter value holds no number too long)
                check_number(text, self.file, line, at)
            if typ == "NUMBER":
                value = int(text)
            elif typ == "NAME":
                value = _quoted(text, self.file, line, at)
            elif typ == "SIGNED":
                value = text
        return ast.HeaderItem(words, value, None, self.file, line, column, end_line, end_column)

    # --- lines ---------------------------------------------------------------
    def keyword_line(self, items):
        tok = items[0]
        if self.long_numbers:
            self._check_number(tok)
        return ast.KeywordLine(" ".join(str(tok).split()), self._tspan(tok))

    def dash_labelled(self, items):
        label, ability = items[0], items[1]
        if self.long_numbers:
            self._check_number(label)
        return ast.DashLabelled(label=" ".join(str(label).rstrip("—").split()), ability=ability,
                                span=self._span(label, ability))

    def threshold_cost(self, items):
        icons, ability = items[0], items[2]
        letters = tuple(ch.upper() for ch in str(icons) if ch.isalpha())
        return ast.ThresholdCost(icons=letters, ability=ability, span=self._span(icons, ability))

    def labelled(self, items):
        label, _arrow, effect = items[:3]
        if self.long_numbers:
            self._check_number(label)
        return ast.LabelledAbility(" ".join(str(label).split()), effect, self._span(label, effect))

    def triggered(self, items):
        word, pattern = items[0], items[1]
        condition = next((i for i in items[2:] if isinstance(i, ast.Condition)), None)
        effect = items[-2] if isinstance(items[-1], Token) and items[-1].type == "_NL" else items[-1]
        return ast.TriggeredAbility(word=" ".join(str(word).lower().split()), pattern=pattern,
                                    condition=condition, effect=effect, span=self._span(word, effect))

    def replacement(self, items):
        subject = items[1]
        event = items[3]
        chain = next(i for i in items[4:] if not isinstance(i, Token))
        return ast.ReplacementAbility(subject=subject, event=event, effect=chain,
                                      span=self._span(items[0], chain))

    def trigger_instead(self, items):
        """'When X dies, Y instead.': a replacement of the happening the pattern names."""
        word, pattern = items[0], items[1]
        chain = next(i for i in items[3:] if not isinstance(i, Token))
        return ast.ReplacementAbility(subject=ast.Condition(parts=(pattern,), span=pattern.span),
                                      event=ast.Phrase(words=(), span=pattern.span),
                                      effect=chain, span=self._span(word, items[-2]))

    def trigger_instead_then(self, items):
        """'When X dies, Y instead. Z.': the replacement, then the line of the sentences
        after it, as two abilities of the card (each with its own span)."""
        at = max(i for i, x in enumerate(items) if not isinstance(x, Token))
        rest = items[at]
        done = self.trigger_instead(items[:at] + items[at + 1:])
        self._two_on_a_line = True
        return (done, ast.EffectLine(rest, rest.span))

    def would_line(self, items):
        """'... that would be dealt to X be dealt to Y instead.': one ongoing line of all its
        words, 'would' and 'instead' among them (the ruleset's pattern reads them)."""
        head, would, tail, instead = items[0], items[1], items[2], items[3]
        words = head.words + (self._word(would),) + tail.words + (self._word(instead),)
        phrase = ast.Phrase(words, self._span(head, instead))
        return ast.EffectLine(effect=ast.Step(phrase=phrase, span=phrase.span), span=phrase.span)

    def _word(self, t):
        """A keyword token read as a plain word of a phrase."""
        return ast.Word(_intern(t.value), "word", None, self.file, t.line, t.column,
                        t.end_line, t.end_column)

    def effect_line(self, items):
        effect = items[0]
        return ast.EffectLine(effect, effect.span)

    # --- effects -------------------------------------------------------------
    def effects(self, items):
        if len(items) == 1:
            return items[0]
        return ast.Sequence(steps=tuple(items), span=self._span(items[0], items[-1]))

    def sentence(self, items):
        return items[0]

    def while_after(self, items):
        """'X while Y.': the effect holds while the condition does (a conditional)."""
        body, cond = items[0], items[2]
        self._check_whether(items[1], cond)
        done = ast.Conditional(condition=cond, body=body, span=self._span(body, cond),
                               lasting=True)
        rest = items[-2] if len(items) > 4 else None     # 'X while Y, and Z.': Z holds always
        if rest is None:
            return done
        steps = rest.steps if isinstance(rest, ast.Sequence) else (rest,)
        return ast.Sequence(steps=(done,) + tuple(steps), span=self._span(body, rest))

    def while_before(self, items):
        """'While Y, X.' and 'As long as Y, X.': as 'X while Y.'."""
        cond, body = items[1], items[3]
        self._check_whether(items[0], cond)
        return ast.Conditional(condition=cond, body=body, span=self._span(items[0], body),
                               lasting=True)

    def _check_whether(self, word, cond) -> None:
        """'Whether Y, X.' holds in either case Y names: Y must say two ('on or under')."""
        if str(word).lower() != "whether" or any(
                w.text.lower() == "or" for p in cond.parts for w in p.words):
            return
        raise CardSyntaxError("'Whether' opens a condition of two cases joined by 'or'",
                              self._tspan(word), code="E101",
                              hint="write 'While CONDITION, ...', or name both cases: "
                                   "'Whether this is on or under a Water site, ...'")

    def choose(self, items):
        word = items[0]
        options = tuple(i for i in items[2:] if not isinstance(i, Token))
        return ast.Choose(count=NUMBER_WORDS[str(word).split()[1].lower()], options=options,
                          span=self._span(word, options[-1]))

    def conditional(self, items):
        cond, body = items[1], items[3]
        return ast.Conditional(condition=cond, body=body, span=self._span(items[0], body))

    def condition(self, items):
        parts = tuple(i for i in items if isinstance(i, ast.Phrase))
        return ast.Condition(parts=parts, span=self._span(parts[0], parts[-1]))

    def modifier(self, items):
        if items[0].type == "COUNT_TIMES":
            self._check_number(items[0])
        return items[0]

    def step(self, items):
        phrase, mods = items[0], items[1:]
        step = ast.Step(phrase, phrase.span)
        if not mods:
            return ("step", step)
        return ("step", self._wrap(step, [str(m) for m in mods], mods[-1]))

    def prefix(self, items):
        return ("prefix", [str(m) for m in items], self._span(items[0], items[-1]))

    def sep(self, items):
        kinds = [t.type for t in items]
        return ("sep", "then" if "THEN" in kinds else "colon" if "COLON" in kinds else "and"
                if "AND" in kinds else "comma", self._span(items[0], items[-1]))

    def _wrap(self, body, mods, last_tok):
        if not mods:
            return body
        low = [" ".join(m.lower().split()) for m in mods]
        span = self._span(body.span, last_tok if isinstance(last_tok, (Token, Span)) else body.span)
        times = next((_times(m) for m in low if m.endswith("times") or m in NUMBER_WORDS), None)
        one = "one at a time" in low
        if times is not None:
            check_times(times, span)
            return ast.Repeat(times=times, one_at_a_time=one, body=body, span=span)
        if one:
            return ast.OneAtATime(body=body, span=span)
        return ast.AllAtOnce(body=body, span=span)

    def _merge(self, body, mods, last):
        # 'X, three times, one at a time' is one Repeat, not two wrappers.
        low = [" ".join(m.lower().split()) for m in mods]
        if isinstance(body, ast.Repeat) and low == ["one at a time"]:
            return ast.Repeat(body.times, True, body.body, self._span(body.span, last))
        if isinstance(body, ast.OneAtATime) and "one at a time" not in low:
            inner = self._wrap(body.body, mods, last)
            if isinstance(inner, ast.Repeat):
                return ast.Repeat(inner.times, True, inner.body, inner.span)
        return self._wrap(body, mods, last)

    def chain(self, items):
        if len(items) == 1:
            only = items[0]
            if only.__class__ is not tuple:
                return only                     # a conditional
            if only[0] == "step":
                return only[1]                  # one step: most chains
        # 'Twice: twice: X' nests; the rest after each prefix's colon is read in this same
        # loop (its outer part waits in `frames`), so a long run of them needs no recursion.
        frames: list = []            # (out, mods, span, items) of each prefix before a colon
        out: list = []
        pending_sep = None
        start = 0
        i = 0
        while i < len(items):
            it = items[i]
            if isinstance(it, tuple) and it[0] == "sep":
                pending_sep = it[1]
                i += 1
                continue
            if isinstance(it, tuple) and it[0] == "prefix":
                nxt = items[i + 1] if i + 1 < len(items) else None
                if nxt is not None and nxt[1] == "colon":
                    # 'Three times, one at a time: X' — the prefix wraps the rest.
                    mods = it[1]
                    while out and isinstance(out[-1], _PendingPrefix):
                        mods = out.pop().mods + mods
                    frames.append((out, mods, it[2], items[start:]))
                    out, pending_sep, start = [], None, i + 2
                    i += 2
                    continue
                if nxt is not None and nxt[0] == "sep" and i + 2 < len(items) and \
                        items[i + 2][0] == "prefix" and not out:
                    out.append(_PendingPrefix(it[1]))
                    i += 2
                    continue
                if out and not isinstance(out[-1], _PendingPrefix):
                    # A suffix: 'X, three times' wraps X (and what wrapped it).
                    prev = out.pop()
                    body = prev.body if isinstance(prev, ast.Then) else prev
                    wrapped = self._merge(body, it[1], it[2])
                    out.append(ast.Then(body=wrapped, span=wrapped.span)
                               if isinstance(prev, ast.Then) else wrapped)
                else:
                    out.append(_PendingPrefix(it[1]))
                pending_sep = None
                i += 1
                continue
            node = it[1] if isinstance(it, tuple) else it
            if pending_sep == "then":
                node = ast.Then(body=node, span=node.span)
            out.append(node)
            pending_sep = None
            i += 1
        node = self._chain_of(out, items[start:])
        while frames:
            out, mods, span, part = frames.pop()
            out.append(self._wrap(node, mods, span))
            node = self._chain_of(out, part)
        return node

    def _chain_of(self, out, items):
        out = [o for o in out if not isinstance(o, _PendingPrefix)]
        if not out:
            raise _modifier_alone(items)
        if len(out) == 1:
            return out[0]
        return ast.Sequence(steps=tuple(out), span=self._span(out[0].span, out[-1].span))

    def phrase(self, items):
        if self.long_numbers:
            for t in items:
                if t.type in ("NUMBER", "SIGNED"):
                    self._check_number(t)
        file = self.file
        word = ast.Word
        words = tuple([word(_name_text(t, file) if t.type == "NAME" else _intern(t.value),
                            _KIND[t.type], None, file, t.line, t.column, t.end_line,
                            t.end_column) for t in items])
        a, b = items[0], items[-1]
        return ast.Phrase(words, Span(file, a.line, a.column, b.end_line, b.end_column))


_SHARED_MAX = 4096      # distinct header word tuples kept to share (a bound, as memos have)
_KIND = {"WORD": "word", "NUMBER": "number", "NAME": "name", "SIGNED": "signed"}


def _where(x):
    """What carries x's position: a token or span itself, a step/sep tuple's span, a node's span."""
    if isinstance(x, (Token, Span)):
        return x
    if isinstance(x, tuple):  # a step item or sep
        return x[-1]
    return x.span


class _PendingPrefix:
    """A modifier prefix waiting for its colon ('Three times, one at a time: ...')."""

    __slots__ = ("mods",)

    def __init__(self, mods):
        self.mods = mods


def _name_text(tok: Token, file: str) -> str:
    """The text of a quoted name; a control character in it (a NUL, an escape) is an error."""
    return _quoted(tok.value, file, tok.line, tok.column)


def _quoted(value: str, file: str, line: int, column: int) -> str:
    """`_name_text` of a NAME's text standing at line:column."""
    text = value[1:-1]
    if text.isprintable():
        return text
    for i, ch in enumerate(text):
        if unicodedata.category(ch) == "Cc":
            col = column + 1 + i
            raise CardSyntaxError(f"a name cannot hold the control character U+{ord(ch):04X}",
                                  Span(file, line, col, line, col + 1), code="E106",
                                  hint="remove it; a name is plain text between quotes")
    return text


def _modifier_alone(items) -> CardSyntaxError:
    """'Three times.' or 'One at a time.' with no effect: bad input, reported where it stands."""
    spans = [it[-1] for it in items if isinstance(it, tuple) and isinstance(it[-1], Span)]
    mods = [m for it in items if isinstance(it, tuple) and it[0] == "prefix" for m in it[1]]
    span = Span(spans[0].file, spans[0].line, spans[0].column, spans[-1].end_line,
                spans[-1].end_column) if spans else None
    words = ", ".join(" ".join(str(m).split()) for m in mods) or "the modifier"
    return CardSyntaxError(f"'{words}' has no effect to apply to", span, code="E111",
                           hint="write the effect before it in the same sentence, "
                                "e.g. 'draw a spell, twice.'")
