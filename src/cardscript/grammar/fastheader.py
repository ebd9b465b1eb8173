"""The fast driver's path for a card's header line: the common shape read in one step.

See `HeaderPath`. The driver (fastparse.py) marks the state CARD shifts to and hands the
text over there; anything this path does not take, the driver reads token by token.
"""

from __future__ import annotations

import re
from sys import intern as _intern

from lark import Token

_new_str = str.__new__

_WORDS_MAX = 4096     # header items' words as written, kept with their tuple (a bound)
HEADER_MARK = 2      # the driver's `appends` mark of the state CARD shifts to (True: an append)

# The common header line after 'card', to its end: a quoted name, a colon, and items of plain
# words (ASCII letters) each perhaps ending in a number, a signed number or a quoted name,
# with blanks between (see HeaderPath for why this lexes as the grammar's lexers would).
_H_WORD = r"[A-Za-z]++"
_H_VALUE = r'(?:\d++|[+-]\d++\+?+|"[^"\n]*+")'
_H_ITEM = rf"{_H_WORD}(?:[ \t]++{_H_WORD})*+(?:[ \t]++{_H_VALUE})?+"
_HEADER_LINE = re.compile(
    rf'[ \t]*+("[^"\n]*+")[ \t]*+(:)[ \t]*+({_H_ITEM}(?:[ \t]*+,[ \t]*+{_H_ITEM})*+)'
    r"[ \t]*+(?=\r?\n)").match
# One item of a matched header: its words, and its value if it has one (commas and blanks
# between items are stepped over by the search).
_HEADER_ITEMS = re.compile(rf"({_H_WORD}(?:[ \t]++{_H_WORD})*+)(?:[ \t]++({_H_VALUE}))?+").finditer
_HEADER_TYPE = {'"': "NAME", "+": "SIGNED", "-": "SIGNED"}
_HEADER_TYPE.update((d, "NUMBER") for d in "0123456789")

# The grammar's rules the header path stands for, as Lark names them: any other shape (an
# edited grammar) leaves it off.
_HEADER_RULES = {
    "card": {("CARD", "NAME", "COLON", "header", "_NL", "__card_star_1"),
             ("CARD", "NAME", "COLON", "header", "_NL")},
    "header": {("hitem", "__header_star_2"), ("hitem",)},
    "hitem": {("__hitem_plus_3", "NUMBER"), ("__hitem_plus_3", "NAME"),
              ("__hitem_plus_3", "SIGNED"), ("__hitem_plus_3",)},
    "__header_star_2": {("COMMA", "hitem"), ("__header_star_2", "COMMA", "hitem")},
    "__hitem_plus_3": {("WORD",), ("__hitem_plus_3", "WORD")},
}
_HEADER_TERMINALS = {"WORD", "NUMBER", "NAME", "SIGNED", "COMMA", "_NL"}


class HeaderPath:
    """A card's header line (`card "Name": kind subtypes, cost 3, power 2`) in one step.

    Half a card's tokens are its header's. When the CARD token has been shifted, one regex
    checks that the rest of the line has the common shape (`_HEADER_LINE`); if so, each item's
    words and value are read from it and the builder's `header_value` (what its `hitem` makes
    of an item's tokens) and `header` are called as the reductions would call them, and the
    NAME, COLON and header go on the stacks with the states the automaton gives them: the
    parse goes on at the line's end, where the next token is its newline. Any other
    line (hyphens, a comment, a reminder, a word with digits, a missing colon) is left to the
    loop, token by token, as before.

    Why this lexes as the grammar does: in the states of a header, Lark's contextual lexers
    hold only WORD, NUMBER, NAME, SIGNED, COMMA and _NL besides the ignored blanks, comments
    and reminders, and no keyword callback (`build` checks it); a run of ASCII letters between
    blanks or commas is a whole WORD match, a run of digits so ended is a NUMBER (WORD needs
    a hyphen after digits), and a quote or sign starts only NAME or SIGNED.
    """

    __slots__ = ("card_state", "name_state", "colon_state", "header_state", "item", "build_header",
                 "words")

    @classmethod
    def build(cls, driver, lark, transformer) -> "HeaderPath | None":
        """The header path for this driver's tables, or None if the grammar is not the one
        it was written for (the loop then reads headers as it reads everything else)."""
        try:
            return cls(driver, lark, transformer)
        except (_NotThisGrammar, KeyError, TypeError, AttributeError):
            return None

    def __init__(self, driver, lark, transformer):
        rules: dict = {}
        for rule, _chain in lark._parse_tree_builder.rule_builders:
            name = str(rule.origin.name)
            if name in _HEADER_RULES:
                if rule.alias or rule.options.template_source:
                    raise _NotThisGrammar
                rules.setdefault(name, set()).add(tuple(str(x.name) for x in rule.expansion))
        if rules != _HEADER_RULES:
            raise _NotThisGrammar
        acts = driver.actions
        cards = {a["CARD"] for a in acts
                 if a and a.get("CARD").__class__ is int and a["CARD"] >= 0}
        if len(cards) != 1:
            raise _NotThisGrammar     # CARD shifts to two states
        self.card_state = cards.pop()
        self.name_state = acts[self.card_state]["NAME"]
        self.colon_state = acts[self.name_state]["COLON"]
        self.header_state = acts[self.colon_state]["header"]
        states = (self.card_state, self.name_state, self.colon_state, self.header_state)
        if any(st.__class__ is not int or st < 0 or driver.appends[st] for st in states) or \
                set(acts[self.header_state]) != {"_NL"}:
            raise _NotThisGrammar
        # Every state a header's tokens pass through: each lexer as the docstring says.
        seen, todo = set(), [self.colon_state]
        while todo:
            st = todo.pop()
            if st in seen:
                continue
            seen.add(st)
            todo += [a for t, a in acts[st].items()
                     if t != "_NL" and a.__class__ is int and a >= 0]
        for st in seen | set(states):
            _table, unless, ignore, _newline, (terminals, _match) = \
                driver.lexinfo[st] or driver._lexinfo(st)
            if unless or {t.name for t in terminals} - set(ignore) - _HEADER_TERMINALS - \
                    {"COLON"}:
                raise _NotThisGrammar
        self.item = transformer.header_value
        self.build_header = transformer.header
        self.words: dict = {}      # an item's words as written -> their tuple (see take)

    def take(self, text, pos, line, line_start, spush, vpush):
        """Push the header after 'card' at `pos`: (position after it, state), or None."""
        m = _HEADER_LINE(text, pos)
        if m is None:
            return None
        item = self.item
        items = []
        known = self.words
        for t in _HEADER_ITEMS(text, m.start(3), m.end(3)):
            # An item's words as hitem makes them from its WORD tokens (lower-case, interned);
            # its value a token. Headers repeat their items' words ('minion', 'cost'): the
            # tuple made for a run of words as written is kept, keyed by that text.
            raw = t.group(1)
            words = known.get(raw)
            if words is None:
                words = tuple([_intern(w.lower()) for w in raw.split()])
                if len(known) >= _WORDS_MAX:
                    known.clear()
                known[raw] = words
            value = t.group(2)
            if value is None:
                items.append(item(words, None, "", 0, line, t.start(1) - line_start + 1, line,
                                  t.end(1) - line_start + 1))
            else:
                start, end = t.span(2)
                items.append(item(words, _HEADER_TYPE[value[0]], value, start - line_start + 1,
                                  line, t.start(1) - line_start + 1, line, end - line_start + 1))
        start, end = m.span(1)
        spush(self.name_state)
        vpush(_token("NAME", m.group(1), line, start - line_start + 1, end - line_start + 1))
        spush(self.colon_state)
        start = m.start(2)
        vpush(_token("COLON", ":", line, start - line_start + 1, start - line_start + 2))
        spush(self.header_state)
        vpush(self.build_header(items))
        return m.end(), self.header_state


def _token(typ: str, value: str, line: int, column: int, end_column: int) -> Token:
    """A token with the fields the driver's own tokens carry."""
    tok = _new_str(Token, value)
    tok.type = typ
    tok.value = value
    tok.line = tok.end_line = line
    tok.column = column
    tok.end_column = end_column
    return tok


class _NotThisGrammar(Exception):
    pass
