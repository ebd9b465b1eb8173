"""A card file read one card at a time, so that a keystroke costs one card.

The text is cut before each `card` line (where the grammar starts a card, whatever came
before). Each piece is parsed and its header declared on its own, cached by its text; its
abilities are lowered against the other cards' declarations and the pool, cached by its text
and by the file's declarations (every card's name and header line). Editing an ability line
re-lowers one card; editing a header re-lowers them all (a kind or a name may have changed
what another card's text means).

The diagnostics are `cardscript check`'s for the same file (the same codes, messages, hints
and places), with one difference: a syntax error stops one card, not the whole file.
Nothing here imports the LSP libraries (the benchmarks and tests drive it directly).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

from .. import syntax as ast, rulesets
from ..compiler import declare
from ..compiler import compile_files
from ..errors import CardScriptError, ErrorList, SemanticError, Span
from ..grammar import parse_text
from ..grammar.typography import plain
from ..scenario.runner import load_pool

# A line that starts a card, found by its newline (a search for '\n' is much faster than
# trying '^' at every position).
CARD_LINE = re.compile(r"\n[ \t]*(?i:card)(?![\w'’-])")
QUOTED = re.compile(r'"([^"\n]*)"')


class Piece(NamedTuple):
    """One card's text (or the text before the first card), and the 0-based line it starts on.
    (A named tuple: a 1,000-card file makes 1,000 of them a keystroke.)"""

    line: int
    text: str


@dataclass(frozen=True, slots=True)
class Problem:
    """A diagnostic in 0-based lines and columns (columns count characters of the line)."""

    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    message: str
    hint: str | None

    def shifted(self, lines: int) -> "Problem":
        """The same problem, `lines` further down (a card's lines -> the file's)."""
        return replace(self, line=self.line + lines, end_line=self.end_line + lines)


@dataclass(slots=True)
class Parsed:
    """What a piece reads as: its card (or None), or the error that stops it."""

    card: ast.Card | None
    file: ast.File | None
    declared: object = None            # compiler.Declared, or None
    problems: tuple[Problem, ...] = ()
    header: tuple = ()                 # (card name, header line): what other cards may see


@dataclass(slots=True)
class CardResult:
    """A card of the file, with where its piece starts and what compiling it gave."""

    piece: Piece
    card: ast.Card | None
    template: object = None            # CardTemplate, or None when it does not compile
    problems: tuple[Problem, ...] = ()


@dataclass(slots=True)
class Report:
    """The analysis of one text: its cards in order and every problem, in absolute lines."""

    cards: list[CardResult]
    problems: list[Problem]


def split(text: str) -> list[Piece]:
    """Cut the text before each `card` line; the text before the first card is a piece too.

    The lines are found as the parser reads them, typographic characters as plain ones (a
    header after a no-break space is a header); `plain` keeps every position."""
    # The first piece starts at 0: the first card, or the text before it.
    starts = [0] + [m.start() + 1 for m in CARD_LINE.finditer(plain(text))] + [len(text)]
    out = []
    line = 0
    count = text.count
    for start, end in zip(starts, starts[1:]):
        if end > start or not out:
            out.append(Piece(line, text[start:end]))
        line += count("\n", start, end)
    return out


def problem_of(err: CardScriptError, source: str | None = None) -> Problem:
    """An error as a Problem (0-based); an error without a place stands at the start."""
    s = err.span
    if s is None:
        return Problem(0, 0, 0, 1, err.code, err.message, err.hint)
    end_line = (s.end_line or s.line) - 1
    end_col = (s.end_column or s.column) - 1
    if (end_line, end_col) <= (s.line - 1, s.column - 1):
        end_line, end_col = s.line - 1, s.column
    return Problem(s.line - 1, s.column - 1, end_line, end_col, err.code, err.message, err.hint)


def _errors(exc: CardScriptError) -> list[CardScriptError]:
    return list(exc.errors) if isinstance(exc, ErrorList) else [exc]


def ruleset_for(path: str, text: str | None = None):
    """The ruleset `cardscript check` reads a file with: the one its `# ruleset:` line names
    (in the text given, else on disk), else the `cards/<ruleset>/` folder it is in, else
    sorcery. A ruleset line naming no ruleset raises check's error (E002)."""
    from ..rulesets.detect import DEFAULT, from_folder, from_header, from_text
    p = Path(path)
    name = (from_text(text, path) if text is not None else from_header(p)) or \
        from_folder(p) or DEFAULT
    return rulesets.get(name)


def base_for(path: str, ruleset) -> dict:
    """The cards a file's names may refer to, as `check` decides: none for the pool's own
    files, else the ruleset's pool."""
    p = Path(path).resolve()
    if ruleset.pool_dir:
        pool_dir = ruleset.pool_dir.resolve()
        if p.is_relative_to(pool_dir) and "scenarios" not in p.relative_to(pool_dir).parts:
            return {}
    return load_pool(ruleset)


@dataclass
class CardFileAnalysis:
    """The analysis of one card file, kept between edits (one per open document)."""

    path: str
    ruleset: object
    base: dict
    _parsed: dict = field(default_factory=dict)      # piece text -> Parsed
    _lowered: dict = field(default_factory=dict)     # piece text -> (template, problems)
    _declarations: tuple | None = None               # what _lowered and _context hold for
    _context: tuple = ()
    _headers: dict = field(default_factory=dict)     # declared name -> (name, header line)
    _refs: dict = field(default_factory=dict)        # piece text -> the names it quotes
    last: Report | None = None

    @classmethod
    def for_path(cls, path: str, text: str | None = None) -> "CardFileAnalysis":
        """The analysis of a file, under the ruleset its text (or the file on disk) picks."""
        ruleset = ruleset_for(path, text)
        return cls(path, ruleset, base_for(path, ruleset))

    def _parse(self, piece: Piece) -> Parsed:
        hit = self._parsed.get(piece.text)
        if hit is not None:
            return hit
        try:
            f = parse_text(piece.text, self.path)
        except CardScriptError as e:
            out = Parsed(None, None, problems=(problem_of(e),))
        else:
            card = f.cards[0] if f.cards else None
            out = Parsed(card, f, header=(card.name, piece.text.partition("\n")[0])
                         if card is not None else ())
            if card is not None:
                try:
                    out.declared = declare(card, self.ruleset.language,
                                           tuple(f.text.splitlines()))
                except CardScriptError as e:
                    out.problems = (problem_of(e),)
        self._parsed[piece.text] = out
        return out

    def analyse(self, text: str) -> Report:
        """Diagnostics and templates of the text, re-doing only what its edit changed."""
        pieces = split(text)
        parsed = [self._parse(p) for p in pieces]
        # The file's declarations: each card's name and header line. While they stay the
        # same (an edit inside an ability), every other card's lowering still holds; when
        # some change, a card is lowered again if it names one of them or had an error (an
        # error's hint may name any card).
        declarations = tuple(pr.header for pr in parsed)
        if declarations != self._declarations:
            self._declarations = declarations
            known, seen, dupes = self._context = self._declare(pieces, parsed)
            headers = {name: parsed[i].header for name, i in seen.items()
                       if parsed[i].declared is not None}
            changed = {n for n in headers.keys() | self._headers.keys()
                       if headers.get(n) != self._headers.get(n)}
            self._headers = headers
            self._lowered = {text: hit for text, hit in self._lowered.items()
                             if not hit[1] and not (self._refs.get(text, changed) & changed)}
        known, seen, dupes = self._context
        lowered: dict = {}
        cards: list[CardResult] = []
        problems: list[Problem] = []
        for i, (piece, pr) in enumerate(zip(pieces, parsed)):
            result = CardResult(piece, pr.card, problems=pr.problems)
            if i in dupes:
                first = pieces[seen[pr.card.name]].line + pr.card.name_span.line
                err = SemanticError(f'card "{pr.card.name}" is declared twice in this file',
                                    pr.card.name_span, code="E209",
                                    hint=f"the first is on line {first}; give each card its "
                                         "own name")
                result.problems = (problem_of(err),)
            elif pr.declared is not None:
                hit = self._lowered.get(piece.text)
                if hit is None:
                    hit = self._lower(pr, known)
                    self._refs[piece.text] = frozenset(QUOTED.findall(plain(piece.text)))
                lowered[piece.text] = hit
                result.template, result.problems = hit
            cards.append(result)
            if result.problems:
                problems.extend(p.shifted(piece.line) for p in result.problems)
        self._lowered = lowered
        if len(self._refs) > len(lowered) + 64:
            self._refs = {t: r for t, r in self._refs.items() if t in lowered}
        if len(self._parsed) > len(pieces) + 64:        # forget pieces no longer in the text
            live = {p.text for p in pieces}
            self._parsed = {t: v for t, v in self._parsed.items() if t in live}
        self.last = Report(cards, problems)
        return self.last

    def _declare(self, pieces: list[Piece], parsed: list[Parsed]):
        """(the cards names may refer to, first piece of each name, pieces that repeat a
        name) for the file's current declarations."""
        seen: dict[str, int] = {}
        known = dict(self.base)
        dupes = set()
        for i, pr in enumerate(parsed):
            if pr.card is None:
                continue
            if pr.card.name in seen:
                dupes.add(i)
                continue
            seen[pr.card.name] = i
            if pr.declared is not None:
                known[pr.card.name] = pr.declared
        return known, seen, dupes

    def _lower(self, pr: Parsed, known: dict):
        """(template or None, problems) of one card against the others' declarations."""
        try:
            out = compile_files([pr.file], self.ruleset.language, base=known, collect=True)
        except CardScriptError as e:
            return None, tuple(problem_of(x) for x in _errors(e))
        return out.get(pr.card.name), ()


def check_problems(path: str) -> list[Problem]:
    """What `cardscript check PATH` reports, as Problems (the tests compare the two)."""
    from ..grammar import parse_file
    try:
        ruleset = ruleset_for(path)
        files = [parse_file(path)]
        compile_files(files, ruleset.language, base=base_for(path, ruleset), collect=True)
    except CardScriptError as e:
        return [problem_of(x) for x in _errors(e)]
    return []


__all__ = ["CardFileAnalysis", "Piece", "Problem", "Report", "Span", "check_problems", "split"]
