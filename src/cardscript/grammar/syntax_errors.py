"""Turn Lark's parse failures into CardSyntaxErrors a card designer can act on.

Lark says which terminals it expected (`UnexpectedToken.expected`,
`UnexpectedCharacters.allowed`); those are grammar names (`_NL`, `WORD`, `$END`).
This module reads them, with the text around the failure, as one of the mistakes
people make (a missing period, a header without a colon, a trigger without its
comma, a stray 'then', ...) and says what was expected in words.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import userfiles
from ..errors import CardScriptError, CardSyntaxError, Span, source_lines
from .typography import REFUSED

# The words of an effect: any of these can start or continue a phrase.
PHRASE = frozenset({"WORD", "NUMBER", "NAME", "SIGNED"})
MODIFIERS = frozenset({"COUNT_TIMES", "ONE_AT_A_TIME", "ALL_AT_ONCE"})
LINE_START = frozenset({"KEYWORD_LINE", "LABEL", "AMOUNT", "TRIGGER"})
END = frozenset({"_NL", "$END"})

# What each terminal is, in words, for "expected ..." hints.
TERMINAL_WORDS = {
    "WORD": "a word",
    "NUMBER": "a number",
    "NAME": 'a quoted card name like "Tawny"',
    "SIGNED": "a signed number like +2",
    "_NL": "the end of the line",
    "$END": "the end of the file",
    "COMMA": "','",
    "COLON": "':'",
    "ARROW": "'→'",
    "DOT": "'.'",
    "SEMICOLON": "';'",
    "CARD": "a card header (card \"Name\": ...)",
    "IF": "'if'",
    "THEN": "'then'",
    "AND": "'and'",
    "WHILE": "'while'",
    "WOULD": "'would'",
    "INSTEAD": "'instead'",
    "KEYWORD_LINE": "a line of keywords",
    "LABEL": "a label like 'Genesis' or 'Tap'",
    "AMOUNT": "an amount like '1 mana' before '→'",
    "TRIGGER": "'when', 'whenever' or 'after'",
    "CHOOSE_ONE": "'choose one:'",
    "COUNT_TIMES": "a repetition like 'three times'",
    "ONE_AT_A_TIME": "'one at a time'",
    "ALL_AT_ONCE": "'all at once'",
}

HEADER_EXAMPLE = 'card "Name": minion, cost 3, power 2'

# Words the grammar reserves, and where each belongs (for a reserved word out of place).
RESERVED = {
    "WHILE": "'while' only follows the event of a trigger: 'Whenever EVENT while CONDITION, "
             "EFFECT.'",
    "WOULD": "'would' belongs to a replacement: 'If EVENT would HAPPEN, instead EFFECT.'",
    "INSTEAD": "'instead' belongs to a replacement: 'If EVENT would HAPPEN, instead EFFECT.'",
    "IF": "'if' starts a condition: 'if CONDITION, EFFECT'",
    "AND": "'and' joins two effects or two conditions",
    "CARD": "'card' starts a card's header, at the beginning of a line",
    "CHOOSE_ONE": "'choose one:' starts a sentence: 'Choose one: EFFECT; or EFFECT.'",
    "TRIGGER": "a trigger word starts a line: 'Whenever EVENT, EFFECT.'",
    "LABEL": "a label starts a line: 'Genesis → EFFECT.'",
    "AMOUNT": "an amount cost starts a line: '1 mana → EFFECT.'",
}


def expected_words(names) -> str:
    """'expected X, Y or Z' for a set of terminal names, in words; '' if nothing useful."""
    names = set(names)
    parts = []
    if names & PHRASE:
        # Any word will do: naming NUMBER, NAME and the modifiers as well only adds noise.
        names -= PHRASE | MODIFIERS | {"CHOOSE_ONE"}
        parts.append("words of an effect")
    for n in ("DOT", "COMMA", "COLON", "SEMICOLON", "ARROW", "THEN", "AND", "IF", "WHILE",
              "WOULD", "INSTEAD", "CARD", "CHOOSE_ONE", "COUNT_TIMES", "ONE_AT_A_TIME",
              "ALL_AT_ONCE", "_NL", "$END"):
        if n in names:
            parts.append(TERMINAL_WORDS[n])
    parts = list(dict.fromkeys(parts))
    if not parts:
        return ""
    if len(parts) == 1:
        return "expected " + parts[0]
    return "expected " + ", ".join(parts[:-1]) + " or " + parts[-1]


def read_card_file(path: Path) -> str:
    """The text of a card file; a file that cannot be read or is not UTF-8 is a CardScriptError.

    Only a regular file of at most 8 MiB is read (userfiles.py); a byte order mark at the start
    is dropped, so columns count from the first character a reader sees.
    """
    try:
        data = userfiles.read_bytes(path)
    except userfiles.Refused as e:
        what = "a folder, not a card file" if e.reason == "a folder" else e.reason
        raise CardScriptError(f"cannot read card file {e.path}: {what}", None, code="E001",
                              hint="give card files (.cards) or folders that hold them") from None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise not_utf8(data, exc, str(path), CardSyntaxError, code="E100",
                       hint="save the card file as UTF-8") from None


def not_utf8(data: bytes, exc: UnicodeDecodeError, path: str, cls, **kw):
    """The error for bytes that are not UTF-8, at the line and column of the first bad byte."""
    start = data.rfind(b"\n", 0, exc.start) + 1
    end = data.find(b"\n", exc.start)
    line = data.count(b"\n", 0, exc.start) + 1
    col = len(data[start:exc.start].decode("utf-8")) + 1
    src = data[start:end if end >= 0 else len(data)].decode("utf-8", "replace").rstrip("\r")
    return cls(f"byte 0x{data[exc.start]:02x} is not UTF-8 text", Span(path, line, col, line,
                                                                      col + 1),
               source_line=src, **kw)


def syntax_error(exc: UnexpectedInput, text: str, path: str,
                 written: str | None = None) -> CardSyntaxError:
    """The CardSyntaxError for a Lark parse failure of `text` (the file at `path`).

    `written` is the user's own text when `text` is it with typographic characters read as
    plain ones (typography.py, the same length line by line): the error shows its line and
    its character, and is worked out on the plain text.
    """
    err = _syntax_error(exc, text, path, written or text)
    if written is not None and written is not text and err.span is not None:
        lines = source_lines(written)
        if err.source_line is not None and 1 <= err.span.line <= len(lines):
            err.source_line = lines[err.span.line - 1]
    return err


def _syntax_error(exc: UnexpectedInput, text: str, path: str, written: str) -> CardSyntaxError:
    line = getattr(exc, "line", None) or 1
    col = getattr(exc, "column", None) or 1
    lines = source_lines(text)
    if line > len(lines):                       # $END past the last line: point at its end
        line = max(1, len(lines))
        col = _code_end(lines[line - 1]) if lines else 1
    src = lines[line - 1] if lines else ""
    ctx = _Context(path, line, col, src, lines)
    if isinstance(exc, UnexpectedToken):
        return _unexpected_token(exc, ctx)
    if isinstance(exc, UnexpectedCharacters):
        return _unexpected_character(exc, text, ctx, written)
    if isinstance(exc, UnexpectedEOF):
        return ctx.error("the file ends in the middle of a card", code="E101",
                         hint=expected_words(exc.expected or ()) or None)
    return ctx.error("card text that does not read", code="E101")


class _Context:
    """Where the parse failed, and helpers to build errors there."""

    def __init__(self, path, line, col, src, lines):
        self.path, self.line, self.col, self.src, self.lines = path, line, col, src, lines

    def span(self, col=None, width=1) -> Span:
        c = col or self.col
        return Span(self.path, self.line, c, self.line, c + max(1, width))

    def error(self, message, *, code, hint=None, col=None, width=1) -> CardSyntaxError:
        return CardSyntaxError(message, self.span(col, width), hint=hint, source_line=self.src,
                               code=code)

    @property
    def before(self) -> str:
        """The code on this line before the failure, without trailing blanks."""
        return _strip_comment(self.src[:self.col - 1]).rstrip()

    @property
    def in_header(self) -> bool:
        return bool(re.match(r"\s*card\b", self.src, re.I)) and not self.before.endswith(".")

    def header_seen(self) -> bool:
        return any(re.match(r"\s*card\b", l, re.I) for l in self.lines[:self.line - 1])


def _unexpected_token(exc: UnexpectedToken, ctx: _Context) -> CardSyntaxError:
    tok = exc.token
    expected = set(exc.expected or ())
    at_end = tok.type in END
    if at_end:
        ctx.col = _code_end(ctx.src)
    width = 1 if at_end else len(str(tok))
    err = ctx.error
    before = ctx.before
    last = _last_mark(before)

    misspelt = _misspelt_header_error(ctx)
    if misspelt is not None:
        return misspelt
    if not ctx.header_seen() and not ctx.in_header and expected <= {"CARD", "_NL", "$END"}:
        return err("card text before the first card header", code="E104", width=width,
                   hint=f"every card starts with a header line, e.g. {HEADER_EXAMPLE}")
    if ctx.in_header:
        return _header_error(tok, expected, ctx, width)
    if tok.type == "THEN":
        return err("misplaced 'then': it joins two effects", code="E102", width=width,
                   hint="write 'EFFECT, then EFFECT.' in one sentence; a trigger's event or a "
                        "condition cannot hold 'then'")
    if tok.type == "ARROW" and expected & LINE_START:
        return err("'→' needs a label before it", code="E107", width=width,
                   hint="write a label such as 'Genesis' or 'Tap' before '→'")
    if expected == {"SEMICOLON"}:
        return err("'choose one' needs two or more options", code="E108", width=width,
                   hint="separate the options with ';', e.g. "
                        "'Choose one: draw a spell; or draw a site.'")
    if "COMMA" in expected and expected <= {"COMMA", "COLON", "WHILE"} and \
            re.match(r"\s*(when|whenever|after|each time|at the)\b", ctx.src, re.I):
        return err("the trigger has no ',' between its event and its effect", code="E109",
                   width=width, hint="write 'Whenever EVENT, EFFECT.' with a ',' after the event")
    if expected == {"COMMA"} and re.search(r"\bif\b", before, re.I):
        if re.search(r"\bwould\b", before, re.I):
            return err("the replacement has no ',' before its effect", code="E109", width=width,
                       hint="write 'If EVENT would HAPPEN, instead EFFECT.' with a ',' after "
                            "the event")
        return err("the condition has no ',' before its effect", code="E109", width=width,
                   hint="write 'if CONDITION, EFFECT' with a ',' after the condition")
    if "INSTEAD" in expected and not expected & {"COMMA", "DOT"} and \
            re.search(r"\bwould\b", before, re.I):
        return err(f"unexpected {_describe(tok)}: 'would' belongs to a replacement", code="E101",
                   width=width, hint=RESERVED["WOULD"] + ", or an ongoing line that ends with "
                   "'instead' ('Any damage that would be dealt to X is dealt to Y instead.')")
    if at_end and "DOT" in expected:
        return err("the sentence does not end with '.'", code="E103",
                   hint="end each sentence of card text with a period")
    if expected & PHRASE and not expected & LINE_START:
        # Something must be said here (after ',', 'then', '→', ':' or at a sentence start).
        if last == "." and tok.type == "DOT":
            return err("an extra '.' with no sentence before it", code="E110", width=width,
                       hint="remove the second '.'")
        if last and last != ".":
            where = "the line ends" if at_end else f"{_describe(tok)} comes"
            hint = f"write the effect after {_quote(last)}"
            if last in (",", "then", "and"):
                hint += f", or remove {_quote(last)}"
            return err(f"{where} right after {_quote(last)}, with no effect there", code="E110",
                       width=width, hint=hint)
    if at_end:
        return err("the line ends too early", code="E101",
                   hint=expected_words(expected) or None)
    if tok.type in RESERVED:
        return err(f"'{str(tok).strip()}' cannot stand here", code="E101", width=width,
                   hint=RESERVED[tok.type])
    return err(f"unexpected {_describe(tok)}", code="E101", width=width,
               hint=expected_words(expected) or None)


def _header_error(tok, expected, ctx: _Context, width) -> CardSyntaxError:
    err = ctx.error
    at_end = tok.type in END
    if expected == {"NAME"}:
        name = str(tok).strip()
        if tok.type != "LABEL" or not name:
            return err("the card header has no quoted name", code="E104",
                       width=1 if at_end else width, hint=f"a header reads: {HEADER_EXAMPLE}")
        fixed = ctx.src[:ctx.col - 1] + f'"{name}"' + ctx.src[ctx.col - 1 + len(str(tok)):]
        return err("the card's name must be in double quotes", code="E104", width=width,
                   hint=f"write: {fixed.strip()}")
    if expected == {"COLON"}:
        # Point where the ':' belongs: right after the name.
        where = len(ctx.before) + 1
        rest = _strip_comment(ctx.src[where - 1:]).rstrip()
        hint = f"write: {(ctx.before + ':' + rest).strip()}" if rest.strip() else \
            f"a header reads: {HEADER_EXAMPLE}"
        return err("expected ':' after the card's name", code="E104", col=where, hint=hint)
    if expected <= {"WORD"} and ctx.before.endswith(":"):
        return err("the card header names no kind of card", code="E104",
                   hint=f"after the name and ':' write the card's kind and stats, e.g. "
                        f"{HEADER_EXAMPLE}")
    if expected <= {"WORD"} and ctx.before.endswith(","):
        what = "the line ends" if at_end else f"{_describe(tok)} comes"
        return err(f"{what} right after ',' in the card header", code="E104",
                   width=1 if at_end else width,
                   hint="write a header item after ',' (power 2, cost 3, a flag), "
                        "or remove the ','")
    what = "the end of the line" if at_end else _describe(tok)
    return err(f"unexpected {what} in the card header", code="E104",
               width=1 if at_end else width,
               hint=f"a header reads: {HEADER_EXAMPLE}")


def _misspelt_header_error(ctx) -> CardSyntaxError | None:
    """A header line whose first word is not 'card' ('crad "X": ...'), or None."""
    misspelt = _misspelt_header(ctx.src)
    if not misspelt:
        return None
    word = misspelt.group(1)
    return ctx.error(f"this line reads like a card header, but starts with '{word}', not 'card'",
                     code="E104", col=misspelt.start(1) + 1, width=len(word),
                     hint=f"write: card {ctx.src[misspelt.end(1):].strip()}")


def _unexpected_character(exc: UnexpectedCharacters, text: str, ctx: _Context,
                          written: str) -> CardSyntaxError:
    ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
    typed = written[exc.pos_in_stream] if exc.pos_in_stream < len(written) else ""
    err = ctx.error
    misspelt = _misspelt_header_error(ctx)
    if misspelt is not None:
        return misspelt
    if not ctx.header_seen() and not ctx.in_header:
        return err("card text before the first card header", code="E104",
                   hint=f"every card starts with a header line, e.g. {HEADER_EXAMPLE}")
    if ch == '"':
        return err(f"unterminated card name: the '{typed}' is not closed on its line", code="E105",
                   hint="close the name with a double quote on the same line")
    if ch == "(":
        return err("unclosed reminder text: the '(' is not closed on its line", code="E106",
                   hint="close the reminder with ')' on the same line")
    if ch == ")":
        return err("')' with no '(' before it", code="E106", hint="remove the ')'")
    allowed = set(exc.allowed or ())
    shown = f"'{typed}'" if typed.isprintable() and not typed.isspace() else f"U+{ord(typed):04X}"
    hint = "card text is words, numbers, quoted card names and the marks , . : ; → ( ) #"
    if ch in "!?" and "DOT" in allowed:
        hint = "end a sentence with '.'"
    hint = REFUSED.get(ch, hint)
    return err(f"unexpected character {shown}", code="E106", hint=hint)


def _misspelt_header(src: str):
    """A match if `src` is a header whose first word is not 'card' ('crad "X": minion')."""
    m = re.match(r'\s*([^\W\d_]\w*)\s+"[^"\n]*"\s*:', src)
    if m and m.group(1).lower() != "card" and len(m.group(1)) <= 6:
        return m
    return None


def _describe(tok) -> str:
    val = str(tok)
    if tok.type in PHRASE | LINE_START | {"CARD", "CHOOSE_ONE"} | MODIFIERS:
        return f"'{val.strip()}'" if tok.type != "NAME" else val
    if tok.type in END:
        return "the end of the line"
    return f"'{val}'"


def _quote(mark: str) -> str:
    return f"'{mark}'"


def _last_mark(before: str) -> str:
    """The punctuation or joining word that ends `before` ('then', ',', '→', ...), or ''."""
    m = re.search(r"(→|->|[,.:;]|\b(?:then|and|if|while|instead)\b)\s*$", before, re.I)
    return m.group(1).lower() if m else ""


def _strip_comment(s: str) -> str:
    """The line without a trailing '# comment' (a '#' inside a quoted name does not count)."""
    quoted = False
    for i, ch in enumerate(s):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return s[:i]
    return s


def _code_end(src: str) -> int:
    """The column just after the last character of code on a line (before any comment)."""
    return len(_strip_comment(src).rstrip()) + 1
