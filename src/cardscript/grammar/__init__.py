"""Parse card text into the AST.

The Lark LALR parser (contextual lexer) is built once per process and its
analysis is cached as verified JSON in the user's private cache (cache.py), so
start-up does not pay for the grammar. The AST
is built during the parse (Lark's inline transformer): no parse tree is made.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import lark
from lark import Lark
from lark.exceptions import UnexpectedInput
from lark.grammar import Rule
from lark.lark import _LOAD_ALLOWED_OPTIONS
from lark.lexer import TerminalDef

from .. import syntax as ast, cache
from ..version import __version__
from ..errors import CardSyntaxError
from ..gcpause import gc_paused
from . import syntax_errors as _syntax_errors
from .builder import AstBuilder
from .fastparse import FastParser
from .limits import HAS_LONG_NUMBER, check_nesting
from .typography import plain_file

GRAMMAR_FILE = "cardscript.lark"

# The words for terminals in error hints live with the error code (syntax_errors.py).
TERMINAL_WORDS = _syntax_errors.TERMINAL_WORDS

_parser: Lark | None = None
_builder: AstBuilder | None = None
_fast: FastParser | None = None


def grammar_text() -> str:
    """The grammar source shipped as package data."""
    return resources.files(__package__).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def get_parser() -> tuple[Lark, AstBuilder]:
    """The process-wide parser, built (or loaded from the cache) on first use."""
    global _parser, _builder, _fast
    if _parser is None:
        _builder = AstBuilder()
        _parser = _load_or_build(_builder)
        # The same tables and lexers, driven without Lark's per-token machinery (fastparse.py);
        # Lark itself still parses any text the driver rejects, to report the error.
        _fast = FastParser.build(_parser, _builder)
    return _parser, _builder


# The analysed grammar is cached as JSON in the user's private cache (cache.py), never with
# Lark's own `cache=` (a pickle). Lark's serialised form is not a documented format, so it is
# used only with the Lark versions this was built and tested against; any other version builds
# the parser each time (public API only).
LARK_SERIAL_TESTED = ("1.2.", "1.3.")
CACHE_NAME = "grammar.json"
_PARSER_OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}


def cache_key(text: str) -> str:
    """What a cached parser must have been built from: this grammar, this Lark, this Python,
    this cardscript (its version, and the source of the code that gives the tables meaning)."""
    h = hashlib.sha256()
    for part in (text, lark.__version__, sys.version, __version__, _builder_source()):
        h.update(part.encode("utf-8") + b"\0")
    return h.hexdigest()


def _builder_source() -> str:
    # The code that gives the cached tables their meaning (callback names, options).
    here = resources.files(__package__)
    return "".join(here.joinpath(n).read_text(encoding="utf-8")
                   for n in ("__init__.py", "builder.py"))


def _load_or_build(builder: AstBuilder) -> Lark:
    """The parser from the private cache if a verified blob is there, else built (and stored)."""
    text = grammar_text()
    if not lark.__version__.startswith(LARK_SERIAL_TESTED):
        return Lark(text, transformer=builder, **_PARSER_OPTIONS)
    key = cache_key(text)
    blob = cache.read_json(CACHE_NAME, key)
    if isinstance(blob, dict) and blob.keys() == {"data", "memo"}:
        try:
            return Lark._load_from_dict(blob["data"], blob["memo"], transformer=builder)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass                 # verified yet unusable (a bug, not an attack): rebuild
    parser = Lark(text, transformer=builder, **_PARSER_OPTIONS)
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        # The options given again at load time (the transformer) are not data.
        data["options"] = {k: v for k, v in data["options"].items()
                           if k not in _LOAD_ALLOWED_OPTIONS}
        cache.write_json(CACHE_NAME, key, {"data": data, "memo": memo})
    except (ValueError, TypeError, AttributeError):
        pass                     # a form this Lark serialises differently: no cache
    return parser


def bare_parser() -> Lark:
    """A plain Lark LALR parser of the same grammar, building a parse tree (the benchmark baseline)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=False)


def parse_text(text: str, path: str = "<string>") -> ast.File:
    """Parse the text of a card file; raise CardSyntaxError (line, column, hint) if it is bad.

    Typographic characters are read as their plain forms (typography.py): the tree, and the
    text it keeps, hold the plain ones; an error shows the line as the user wrote it.
    """
    parser, builder = get_parser()
    builder.file = path
    written = text if text.endswith("\n") else text + "\n"
    source = plain_file(written)
    builder.long_numbers = HAS_LONG_NUMBER(source) is not None
    cards = _fast.parse(source) if _fast is not None else None
    if cards is None:
        try:
            cards = parser.parse(source)
        except UnexpectedInput as exc:
            raise _syntax_error(exc, source, path, written.removeprefix("\ufeff")) from None
    check_nesting(cards, source)
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


def _syntax_error(exc: UnexpectedInput, text: str, path: str,
                  written: str | None = None) -> CardSyntaxError:
    """A parse failure as a CardSyntaxError with location and hint (see syntax_errors.py)."""
    return _syntax_errors.syntax_error(exc, text, path, written)
