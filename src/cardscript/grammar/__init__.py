"""Parse card text into the AST.

The Lark LALR parser (contextual lexer) is built once per process and its
analysis is cached to a file, so start-up does not pay for the grammar. The AST
is built during the parse (Lark's inline transformer): no parse tree is made.
"""

from __future__ import annotations

import os
import tempfile
from importlib import resources
from pathlib import Path

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import ast
from ..errors import CardSyntaxError, Span
from .builder import AstBuilder

GRAMMAR_FILE = "cardscript.lark"

# What each terminal is, in words, for "expected ..." hints.
TERMINAL_WORDS = {
    "WORD": "a word",
    "NUMBER": "a number",
    "NAME": 'a quoted card name like "Tawny"',
    "SIGNED": "a signed number like +2",
    "_NL": "the end of the line",
    "COMMA": "','",
    "COLON": "':'",
    "ARROW": "'→'",
    "DOT": "'.'",
    "SEMICOLON": "';'",
    "CARD": "'card'",
    "IF": "'if'",
    "THEN": "'then'",
    "AND": "'and'",
    "WHILE": "'while'",
    "WOULD": "'would'",
    "INSTEAD": "'instead'",
    "KEYWORD_LINE": "a keyword line",
    "LABEL": "a label like 'Genesis' or 'Tap'",
    "TRIGGER": "'when', 'whenever' or 'after'",
    "CHOOSE_ONE": "'choose one'",
    "COUNT_TIMES": "a repetition like 'three times'",
    "ONE_AT_A_TIME": "'one at a time'",
    "ALL_AT_ONCE": "'all at once'",
    "$END": "the end of the file",
}

_parser: Lark | None = None
_builder: AstBuilder | None = None


def grammar_text() -> str:
    """The grammar source shipped as package data."""
    return resources.files(__package__).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def cache_path() -> str:
    """Where the analysed grammar is cached (one file, keyed by Lark on the grammar's hash)."""
    base = os.environ.get("CARDSCRIPT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(tempfile.gettempdir()), "cardscript")
    try:
        os.makedirs(base, exist_ok=True)
    except OSError:
        base = tempfile.gettempdir()
    return os.path.join(base, "grammar.lark.cache")


def get_parser() -> tuple[Lark, AstBuilder]:
    """The process-wide parser, built (or loaded from the cache) on first use."""
    global _parser, _builder
    if _parser is None:
        _builder = AstBuilder()
        try:
            _parser = Lark(grammar_text(), parser="lalr", lexer="contextual",
                           transformer=_builder, cache=cache_path(), maybe_placeholders=False)
        except OSError:
            _parser = Lark(grammar_text(), parser="lalr", lexer="contextual",
                           transformer=_builder, maybe_placeholders=False)
    return _parser, _builder


def bare_parser() -> Lark:
    """A plain Lark LALR parser of the same grammar, building a parse tree (the benchmark baseline)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=False)


def parse_text(text: str, path: str = "<string>") -> ast.File:
    """Parse the text of a card file; raise CardSyntaxError (with line, column, hint) if it is bad."""
    parser, builder = get_parser()
    builder.file = path
    source = text if text.endswith("\n") else text + "\n"
    try:
        cards = parser.parse(source)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, source, path) from None
    return ast.File(cards=tuple(cards), path=path)


def parse_file(path: str | Path) -> ast.File:
    """Parse a card file from disk."""
    p = Path(path)
    return parse_text(p.read_text(encoding="utf-8"), str(path))


def _expected_words(names) -> str:
    words = sorted({TERMINAL_WORDS.get(n, f"'{n.lower()}'") for n in names
                    if n not in ("COMMENT", "REMINDER", "KEYWORD_LINE")})
    if not words:
        return ""
    if len(words) > 6:
        words = words[:6] + ["..."]
    return "expected " + ", ".join(words)


def _syntax_error(exc: UnexpectedInput, text: str, path: str) -> CardSyntaxError:
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    lines = text.splitlines()
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        expected = set(exc.expected or ())
        width = max(1, len(str(tok)))
        span = Span(path, line, col, line, col + width)
        val = str(tok)
        if tok.type == "THEN":
            return CardSyntaxError(
                "misplaced 'then': it joins two effects and cannot start one", span,
                hint="write 'EFFECT, then EFFECT' within one sentence", source_line=src, code="E102")
        if tok.type == "_NL" or tok.type == "$END":
            if "DOT" in expected or "." in expected or any(e in expected for e in ("COMMA", "THEN")):
                span = Span(path, line, max(1, col), line, col + 1)
                return CardSyntaxError("the sentence does not end with '.'", span,
                                       hint="end each sentence of card text with a period",
                                       source_line=src, code="E103")
            return CardSyntaxError("the line ends too early", span,
                                   hint=_expected_words(expected) or None, source_line=src, code="E101")
        if tok.type == "CARD":
            return CardSyntaxError("a card's header needs a quoted name and a colon", span,
                                   hint='write: card "Name": minion, power 2', source_line=src,
                                   code="E104")
        return CardSyntaxError(f"unexpected {TERMINAL_WORDS.get(tok.type, repr(val))} {val!r}"
                               if tok.type in TERMINAL_WORDS else f"unexpected {val!r}", span,
                               hint=_expected_words(expected) or None, source_line=src, code="E101")
    if isinstance(exc, UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        span = Span(path, line, col, line, col + 1)
        if line == 1 or not src.strip().lower().startswith("card"):
            if not any(l.strip().lower().startswith("card") for l in lines[:line]):
                return CardSyntaxError("card text must start with a card header", span,
                                       hint='write: card "Name": minion, power 2',
                                       source_line=src, code="E104")
        if ch == '"':
            return CardSyntaxError("unterminated card name", span,
                                   hint='close the name with a double quote', source_line=src,
                                   code="E105")
        return CardSyntaxError(f"unexpected character {ch!r}", span,
                               hint=_expected_words(exc.allowed or ()) or None, source_line=src,
                               code="E106")
    if isinstance(exc, UnexpectedEOF):
        span = Span(path, line, col, line, col + 1)
        return CardSyntaxError("the file ends in the middle of a card", span,
                               hint=_expected_words(exc.expected or ()), source_line=src, code="E101")
    return CardSyntaxError(str(exc), Span(path, line, col), source_line=src)
