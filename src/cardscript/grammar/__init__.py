"""Parse card text into the AST.

The Lark LALR parser (contextual lexer) is built once per process and its
analysis is cached to a file, so start-up does not pay for the grammar. The AST
is built during the parse (Lark's inline transformer): no parse tree is made.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from lark import Lark
from lark.exceptions import UnexpectedInput

from .. import ast
from ..errors import CardSyntaxError
from ..gcpause import gc_paused
from . import syntax_errors as _syntax_errors
from .builder import AstBuilder
from .fastparse import FastParser

GRAMMAR_FILE = "cardscript.lark"

# The words for terminals in error hints live with the error code (syntax_errors.py).
TERMINAL_WORDS = _syntax_errors.TERMINAL_WORDS

_parser: Lark | None = None
_builder: AstBuilder | None = None
_fast: FastParser | None = None


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
    global _parser, _builder, _fast
    if _parser is None:
        _builder = AstBuilder()
        try:
            _parser = Lark(grammar_text(), parser="lalr", lexer="contextual",
                           transformer=_builder, cache=cache_path(), maybe_placeholders=False)
        except OSError:
            _parser = Lark(grammar_text(), parser="lalr", lexer="contextual",
                           transformer=_builder, maybe_placeholders=False)
        # The same tables and lexers, driven without Lark's per-token machinery (fastparse.py);
        # Lark itself still parses any text the driver rejects, to report the error.
        _fast = FastParser.build(_parser, _builder)
    return _parser, _builder


def bare_parser() -> Lark:
    """A plain Lark LALR parser of the same grammar, building a parse tree (the benchmark baseline)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=False)


def parse_text(text: str, path: str = "<string>") -> ast.File:
    """Parse the text of a card file; raise CardSyntaxError (with line, column, hint) if it is bad."""
    parser, builder = get_parser()
    builder.file = path
    source = text if text.endswith("\n") else text + "\n"
    cards = _fast.parse(source) if _fast is not None else None
    if cards is None:
        try:
            cards = parser.parse(source)
        except UnexpectedInput as exc:
            raise _syntax_error(exc, source, path) from None
    return ast.File(cards=tuple(cards), path=path, text=source)


def parse_many(sources: Iterable[str | tuple[str, str]]) -> list[ast.File]:
    """Parse many card texts at once: each item a text, or a (text, path) pair.

    The batch API: the parser is built once and the garbage collector is paused for the
    batch (see `gc_paused`). The first bad text raises its CardSyntaxError.
    """
    get_parser()
    out = []
    with gc_paused():
        for item in sources:
            text, path = (item, "<string>") if isinstance(item, str) else item
            out.append(parse_text(text, path))
    return out


def parse_files(paths: Iterable[str | Path]) -> list[ast.File]:
    """Parse card files from disk as one batch (see `parse_many`)."""
    return parse_many([(_syntax_errors.read_card_file(Path(p)), str(p)) for p in paths])


def parse_file(path: str | Path) -> ast.File:
    """Parse a card file from disk."""
    p = Path(path)
    return parse_text(_syntax_errors.read_card_file(p), str(path))


def _syntax_error(exc: UnexpectedInput, text: str, path: str) -> CardSyntaxError:
    """A parse failure as a CardSyntaxError with location and hint (see syntax_errors.py)."""
    return _syntax_errors.syntax_error(exc, text, path)
