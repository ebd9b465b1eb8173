"""A tight LALR(1) driver over Lark's own tables, for the common case: text that parses.

Lark's `parse` costs some 40 Python calls a token (lexer thread, line counter, token
constructor, parser state, child filters, a `Tree` for every `x+`/`x*` repetition).
This driver runs the *same* automaton with the *same* per-state lexers that Lark's
contextual lexer built (their compiled regexes, keyword callbacks, ignore and newline
sets) and the same child filtering as Lark's parse-tree builder, in one loop, calling
the inline transformer's methods directly. Repetition rules become plain lists, and
a repetition that grows by one more item is extended in place (its LALR goto is the
state it already has, so no table look-up is needed).

A card's header line of the common shape (`card "Name": kind subtypes, cost 3, ...`, half
a card's tokens) is read in one step by `fastheader.HeaderPath`, which builds the same nodes
the reductions would and leaves any other line to the loop.

It reads Lark's private internals (the parse table, the contextual lexers' compiled
regexes, the parse-tree builder's rules), so it runs only under the Lark versions it was
built and tested against (`LARK_VERSIONS`); under any other version `FastParser.build`
returns None and Lark's own parser does all the work.

It only handles success: at the first token it cannot lex or shift it returns None,
and the caller re-parses the text with Lark itself, which raises the exact
`UnexpectedInput` (with its expected sets) the error messages are built from.
`FastParser.build` returns None when the Lark object uses a feature the driver does
not reproduce (a postlexer, lexer callbacks, tree-building rules, ...), and the
caller then simply uses Lark.
"""

from __future__ import annotations

import re
from functools import partial
from sys import intern as _intern
from operator import itemgetter

import lark
from lark import Token
from lark.lexer import ContextualLexer, UnlessCallback
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders
from lark.parsers.lalr_analysis import Shift
from lark.visitors import Transformer_InPlace

from .fastheader import HEADER_MARK, HeaderPath

# The Lark versions whose internals this driver was built and tested against: from the
# first, up to (not including) the second. pyproject.toml's bound on lark says the same.
LARK_VERSIONS = ((1, 3, 0), (1, 4, 0))

_new_str = str.__new__
_BLANK_RE = "[ \\t]+"  # the %ignore'd blank run whose tokens the driver steps over
_BLANK_FORMS = ("[ \\t]+", "[ \t]+", "[\\t ]+", "[\t ]+")  # as written, or unescaped
_UNLESS_CACHE_MAX = 4096       # word -> keyword type answers kept per lexer
CUT_AFTER = 64 * 1024          # characters parsed before the lexers are cut by first character


def _reducer(to_include, fn, size: int):
    """One rule's reducer: filter the children as Lark would, then call the builder's method.

    `to_include` is Lark's child filter: [(index, expand)], expand meaning the child is a
    repetition (a list here) whose items are spliced in. None: children pass unfiltered, as
    they do when the filter keeps each of the rule's `size` children in order and splices
    none (the driver hands every reducer a list of its own). Closures over the filter,
    specialised for the common shapes (no code is generated).
    """
    call = fn if fn is not None else _same
    if to_include is None or to_include == [(i, False) for i in range(size)]:
        return call
    if to_include and to_include[0][1]:
        # Left recursion ('x+' collects into the first child's list): extend it in place,
        # as Lark's ChildFilterLALR does (no list is shared in an LALR parse).
        first, rest = to_include[0][0], tuple(to_include[1:])

        def grow(s):
            r = s[first]
            for i, expand in rest:
                if expand:
                    r += s[i]
                else:
                    r.append(s[i])
            return call(r)
        return grow
    if not any(expand for _, expand in to_include):
        idx = [i for i, _ in to_include]
        if not idx:
            return lambda s: call([])
        if len(idx) == 1:
            only = idx[0]
            return lambda s: call([s[only]])
        pick = itemgetter(*idx)
        return lambda s: call(list(pick(s)))
    steps = tuple(to_include)

    def splice(s):
        out: list = []
        for i, expand in steps:
            if expand:
                out += s[i]
            else:
                out.append(s[i])
        return call(out)
    return splice


def _same(children):
    return children


class FastParser:
    """Parse with Lark's LALR tables and contextual lexers, without Lark's per-token machinery."""

    __slots__ = ("_lexers", "_built", "_regexes", "_starts", "_flags", "_cut", "_seen",
                 "lexinfo", "actions", "appends", "start_state", "end_state", "skip_blanks",
                 "header")

    @classmethod
    def build(cls, lark, transformer) -> "FastParser | None":
        """A driver equivalent to `lark.parse` (with `transformer` inline), or None.

        None also under a Lark version outside `LARK_VERSIONS`: its internals may differ.
        """
        if not lark_supported():
            return None
        try:
            return cls(lark, transformer)
        except _Unsupported:
            return None

    def __init__(self, lark, transformer):
        opts = lark.options
        if opts.parser != "lalr" or opts.postlex is not None or opts.lexer_callbacks or \
                opts.propagate_positions or opts.maybe_placeholders or \
                isinstance(transformer, Transformer_InPlace) or len(opts.start) != 1:
            raise _Unsupported
        frontend = lark.parser
        lexer = frontend.lexer
        if type(lexer) is not ContextualLexer or lexer.root_lexer.user_callbacks:
            raise _Unsupported
        table = frontend.parser._parse_table
        start = opts.start[0]
        self.start_state = table.start_states[start]
        self.end_state = table.end_states[start]

        # --- reducers: one generated function per rule --------------------------------
        reduce_info = {}
        for k, (rule, chain) in enumerate(lark._parse_tree_builder.rule_builders):
            name = rule.alias or rule.options.template_source or rule.origin.name
            fn = getattr(transformer, name, None)
            if fn is None and not rule.origin.name.startswith("_"):
                raise _Unsupported          # Lark would build a Tree here
            if fn is not None and getattr(fn, "visit_wrapper", None) is not None:
                raise _Unsupported
            to_include = None
            for w in chain:
                if isinstance(w, partial) and w.func is ChildFilterLALR_NoPlaceholders:
                    to_include = [tuple(x) for x in w.args[0]]
                else:
                    raise _Unsupported      # ExpandSingleChild, positions, ambiguity
            size = len(rule.expansion)
            if fn is None and size >= 2 and to_include == \
                    [(0, True)] + [(i, False) for i in range(1, size)]:
                # 'x+' growing by more items: extend its list in place. The list keeps its
                # LALR state (goto(below, x+) is the state it was pushed with), so the reduce
                # only pops the new items: encoded as -(number of items).
                reduce_info[rule] = -(size - 1)
                continue
            # The rule's name as a plain string: Lark's is a Token, whose own __eq__ (a
            # Python call) the goto table's look-up would run on every reduction.
            origin = _intern(str(rule.origin.name))
            reduce_info[rule] = (size, origin, _reducer(to_include, fn, size))

        # --- actions: shift -> state (>= 0), reduce -> (size, origin, reducer) or -n ---
        nstates = max(table.states) + 1
        if set(table.states) != set(range(nstates)):
            raise _Unsupported
        self.actions = [None] * nstates
        for state, acts in table.states.items():
            self.actions[state] = {_intern(str(tok)): (arg if action is Shift else reduce_info[arg])
                                   for tok, (action, arg) in acts.items()}
        # A state whose only action, whatever comes next, is "the list below grows by this
        # item" (-1) needs no look-ahead: shifting into it is appending to that list at once.
        # (A default reduction: for text that parses the result is the same; on bad text the
        # error is found one token later, and Lark's re-parse reports it where it is.)
        self.appends = [bool(acts) and all(a == -1 for a in acts.values())
                        for acts in self.actions]

        # --- lexers: Lark's, one per state, turned into tuples on first use ----------
        self._lexers = lexer.lexers
        self._built: dict = {}
        self._regexes: dict = {}        # alternatives (names) -> their compiled regex's match
        self._starts: dict = {}         # (terminal, character) -> may its match start with it
        self._cut = False               # regexes cut by first character in use (see _matcher)
        self._seen = 0                  # characters parsed so far
        self.lexinfo = [None] * nstates
        terms = lexer.root_lexer.terminals
        ignore = lexer.root_lexer.ignore_types
        blank = [t for t in terms if t.name in ignore and t.pattern.to_regexp() in _BLANK_FORMS]
        # Blanks can be stepped over before lexing iff no other terminal can start with one:
        # then at a blank every state's lexer matches the blank run and ignores it.
        self._flags = lexer.root_lexer.g_regex_flags
        self.skip_blanks = len(blank) == 1 and not any(
            _may_start(t.pattern.to_regexp(), ch, self._flags)
            for t in terms if t is not blank[0] for ch in (32, 9))

        # A card's header line in one step (fastheader.py), marked on the state CARD shifts to.
        self.header = HeaderPath.build(self, lark, transformer)
        if self.header is not None:
            self.appends[self.header.card_state] = HEADER_MARK

    def _lexinfo(self, state):
        basic = self._lexers[state]
        info = self._built.get(id(basic))
        if info is None:
            scanner = basic.scanner
            if len(scanner._mres) != 1 or scanner.use_bytes:
                raise _Unsupported
            unless = {}
            for typ, cb in basic.callback.items():
                if type(cb) is not UnlessCallback:
                    raise _Unsupported
                unless[typ] = (cb.scanner.fullmatch, {})
            info = ({}, unless, basic.ignore_types, basic.newline_types,
                    (tuple(scanner.terminals), scanner._mres[0].match))
            self._built[id(basic)] = info
        self.lexinfo[state] = info
        return info

    def _matcher(self, info, c: str):
        """The state's regex cut down to the alternatives that can start with `c`.

        Lark's regex tries its alternatives in order and takes the first that matches; one
        that cannot start with the next character never matches there, so leaving it out
        changes nothing but the time (an alternation of keywords, case-insensitive, is
        tried branch by branch before a plain word). Built on first need, kept per state
        and character; regexes are shared between states with the same alternatives.
        Only once CUT_AFTER characters have been parsed: compiling the cut regexes costs
        more than it saves on a few cards.
        """
        by_char = info[0]
        terminals, full = info[4]
        if not self._cut:
            by_char[c] = full
            return full
        ch = ord(c)
        keep = tuple(t for t in terminals if self._may(t, ch))
        if len(keep) == len(terminals):
            match = full
        elif not keep:
            match = _no_match
        else:
            names = tuple(t.name for t in keep)
            match = self._regexes.get(names)
            if match is None:
                pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in keep)
                match = self._regexes[names] = re.compile(pattern, self._flags).match
        if len(by_char) < 512:
            by_char[c] = match
        return match

    def _may(self, terminal, ch: int) -> bool:
        key = (terminal.name, ch)
        may = self._starts.get(key)
        if may is None:
            if len(self._starts) >= 1 << 16:
                self._starts.clear()
            may = self._starts[key] = _may_start(terminal.pattern.to_regexp(), ch, self._flags)
        return may

    def parse(self, text: str):
        """The transformer's result for `text`, or None if the text does not parse."""
        if not self._cut:
            self._seen += len(text)
            if self._seen > CUT_AFTER:
                self._cut = True
                for info in self._built.values():
                    info[0].clear()
        try:
            return self._parse(text)
        except _Unsupported:
            return None

    def _parse(self, text: str):
        lexinfo = self.lexinfo
        actions = self.actions
        sstack = [self.start_state]
        vstack: list = []
        spush = sstack.append
        vpush = vstack.append
        spop = sstack.pop
        vpop = vstack.pop
        skip = self.skip_blanks
        appends = self.appends
        blank_at = _BLANK_MATCH
        pos = 0
        n = len(text)
        line = 1
        line_start = 0
        state = self.start_state
        while pos < n:
            c = text[pos]
            if skip and (c == " " or c == "\t"):
                c = text[pos + 1:pos + 2]
                if c != " " and c != "\t":
                    pos += 1                        # one blank (the common case)
                else:
                    pos = blank_at(text, pos).end()
                if pos == n:
                    break
                c = text[pos]
            info = lexinfo[state]
            if info is None:
                info = self._lexinfo(state)
            by_char, unless, ignore, newline, _ = info
            match = by_char.get(c)
            if match is None:
                match = self._matcher(info, c)
            m = match(text, pos)
            if m is None:
                return None
            value = m.group()
            typ = m.lastgroup
            start = pos
            tcol = pos - line_start + 1
            tline = line
            pos = m.end()
            if "\n" in value and typ in newline:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            if typ in ignore:
                continue
            if typ in unless:
                # A keyword the word regex also matches ('card', 'if', 'and', ...).
                fullmatch, known = unless[typ]
                kw = known.get(value)
                if kw is None:
                    kw = fullmatch(value) or typ
                    if len(known) >= _UNLESS_CACHE_MAX:
                        known.clear()
                    known[value] = kw
                typ = kw
            # The fields the builder reads (type, text, line and column where it starts and
            # ends); `start_pos` and `end_pos` are left unset: nothing of ours reads them.
            tok = _new_str(Token, value)
            tok.type = typ
            tok.value = value
            tok.line = tline
            tok.column = tcol
            tok.end_line = line
            tok.end_column = pos - line_start + 1
            act = actions[state].get(typ)
            while True:
                if act.__class__ is int:
                    if act >= 0:                    # shift
                        step = appends[act]
                        if step:
                            if step is True:        # ... straight onto the list below
                                vstack[-1].append(tok)
                                break
                            # 'card': its header line in one step, if of the common shape
                            spush(act)
                            vpush(tok)
                            state = act
                            got = self.header.take(text, pos, line, line_start, spush, vpush)
                            if got is not None:
                                pos, state = got
                            break
                        spush(act)
                        vpush(tok)
                        state = act
                        break
                    if act == -1:                   # 'x+' grows by one: see __init__
                        spop()
                        tail = vpop()
                        vstack[-1].append(tail)
                    else:
                        k = -act
                        items = vstack[-k:]
                        del vstack[-k:]
                        del sstack[-k:]
                        vstack[-1].extend(items)
                    state = sstack[-1]
                elif act is None:
                    return None
                else:                               # reduce
                    size, origin, red = act
                    if size == 1:                   # the commonest: replaced in place
                        state = actions[sstack[-2]][origin]
                        sstack[-1] = state
                        vstack[-1] = red([vstack[-1]])
                        act = actions[state].get(typ)
                        continue
                    if size:
                        s = vstack[-size:]
                        del vstack[-size:]
                        del sstack[-size:]
                    else:
                        s = []
                    state = actions[sstack[-1]][origin]
                    spush(state)
                    vpush(red(s))
                act = actions[state].get(typ)
        # End of input: reduce on $END until the automaton accepts.
        end_state = self.end_state
        while True:
            act = actions[state].get("$END")
            if act is None or (act.__class__ is int and act >= 0):
                return None
            if act.__class__ is int:
                k = -act
                items = vstack[-k:]
                del vstack[-k:]
                del sstack[-k:]
                vstack[-1].extend(items)
                state = sstack[-1]
            else:
                size, origin, red = act
                if size:
                    s = vstack[-size:]
                    del vstack[-size:]
                    del sstack[-size:]
                else:
                    s = []
                state = actions[sstack[-1]][origin]
                spush(state)
                vpush(red(s))
            if state == end_state:
                return vstack[-1]


_BLANK_MATCH = re.compile(_BLANK_RE).match


def lark_supported(version: str | None = None) -> bool:
    """Whether the driver may read the internals of this Lark version (default: installed)."""
    text = lark.__version__ if version is None else version
    parts = []
    for piece in text.split("."):
        digits = "".join(ch for ch in piece if ch.isdigit()) if piece[:1].isdigit() else ""
        if not digits:
            break
        parts.append(int(digits))
        if not piece.isdigit():
            break                          # '3rc1': a pre-release of 3, nothing after
    if not parts:
        return False
    low, high = LARK_VERSIONS
    return low <= tuple(parts + [0] * (3 - len(parts))) < high


def _no_match(text, pos):
    return None


# --- which characters can a terminal's match start with? (an over-approximation) ---------
_CATEGORY_RE = {"DIGIT": r"\d", "NOT_DIGIT": r"\D", "SPACE": r"\s", "NOT_SPACE": r"\S",
                "WORD": r"\w", "NOT_WORD": r"\W"}
_TREES: dict = {}


def _may_start(regexp: str, ch: int, flags: int = 0) -> bool:
    """False only if no match of `regexp` (compiled with `flags`) starts with chr(ch).

    Reads the regex's parse tree: literals, sets and categories are tested, groups,
    branches and repeats followed; anything not understood (and any case-folding beyond
    ASCII) counts as 'may start'. Lookarounds only narrow a match, so they are skipped.
    """
    try:
        from re import _constants as C
        from re import _parser as P
        tree = _TREES.get((regexp, flags))
        if tree is None:
            tree = _TREES[(regexp, flags)] = list(P.parse(regexp, flags))
        return _first(tree, ch, bool(flags & C.SRE_FLAG_IGNORECASE), C)[0]
    except Exception:
        return True


def _first(items, ch, ic, C):
    """(can the sequence start with chr(ch), can it match empty)."""
    for op, av in items:
        can, nullable = _first_one(op, av, ch, ic, C)
        if can:
            return True, True
        if not nullable:
            return False, False
    return False, True


def _first_one(op, av, ch, ic, C):
    if op is C.LITERAL:
        if ic and (av >= 128 or ch >= 128):
            return True, False
        return (chr(av).lower() == chr(ch).lower()) if ic else av == ch, False
    if op is C.IN:
        return _in_set(av, ch, ic, C), False
    if op is C.SUBPATTERN:
        _group, add, dele, sub = av
        ic = (ic or bool(add & C.SRE_FLAG_IGNORECASE)) and not dele & C.SRE_FLAG_IGNORECASE
        return _first(list(sub), ch, ic, C)
    if op is C.BRANCH:
        res = [_first(list(alt), ch, ic, C) for alt in av[1]]
        return any(r[0] for r in res), any(r[1] for r in res)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT) or op is getattr(C, "POSSESSIVE_REPEAT", None):
        lo, _hi, sub = av
        can, nullable = _first(list(sub), ch, ic, C)
        return can, nullable or lo == 0
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _first(list(av), ch, ic, C)
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return False, True        # zero width
    return True, True             # NOT_LITERAL, ANY, back-references, ...: it may


def _in_set(items, ch, ic, C) -> bool:
    """May chr(ch) be in the set? (3-valued inside: in, out, or not known.)"""
    import re
    if ic and ch >= 128:
        return True
    codes = {ch, ord(chr(ch).lower()), ord(chr(ch).upper())} if ic else {ch}
    negate = False
    found = False
    unknown = False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            if ic and av >= 128:
                unknown = True
            found |= av in codes
        elif op is C.RANGE:
            lo, hi = av
            if ic and hi >= 128:
                unknown = True
            found |= any(lo <= x <= hi for x in codes)
        elif op is C.CATEGORY:
            name = str(av).replace("CATEGORY_", "").replace("UNI_", "").replace("LOC_", "")
            if name not in _CATEGORY_RE:
                unknown = True
            else:
                found |= any(re.match(_CATEGORY_RE[name], chr(x)) is not None for x in codes)
        else:
            unknown = True
    if found:
        return not negate          # surely in: a plain set may match, a negated one cannot
    if unknown:
        return True
    return negate                  # surely out


class _Unsupported(Exception):
    pass
