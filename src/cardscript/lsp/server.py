"""The language server: pygls wiring of the analysis, names, completion and hover modules.

Each request handler converts positions between the client's units (UTF-16 by default) and
the characters the analysis counts, and leaves the work to a module of its own. Formatting
is `cardscript fmt`'s format_text, returned as one edit; lint findings (linting.py) join the
check's diagnostics on open and save, and their safe fixes are code actions.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ..editor.tokens import KINDS, pygments_token_of
from ..errors import CardScriptError
from ..grammar.ruleset_line import HEAD_BYTES, ruleset_line
from .analysis import (CARD_LINE, CardFileAnalysis, Problem, Report, base_for, problem_of,
                       ruleset_for)
from .complete import complete
from .fixes import fixes
from .hover import hover

VERSION = "0.1.0"
CARD_SUFFIXES = (".cards",)
TOKEN_TYPES = list(dict.fromkeys(v[2] for v in KINDS.values() if v[2]))
TOKEN_INDEX = {pygments_token_of(k): TOKEN_TYPES.index(v[2]) for k, v in KINDS.items() if v[2]}
LEGEND = lsp.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=[])
# A card's name on its header line (searched from the newline before it: much faster than
# '^' with re.M over a long file).
HEADER_NAMES = re.compile(r'(?:^|\n)[ \t]*(?i:card)[ \t]+"([^"\n]+)"')


class CardScriptServer(LanguageServer):
    """The server, with one analysis per open card file and a workspace name index."""

    def __init__(self):
        super().__init__("cardscript", VERSION)
        self.analyses: dict[str, CardFileAnalysis] = {}
        self.index = None
        self._versions: dict[str, int | None] = {}      # uri -> version of its last analysis
        self._names: dict[str, tuple] = {}               # uri -> (version, declared names)
        self._ruleset_keys: dict[str, tuple | None] = {}  # uri -> its ruleset line, as read
        self.lint: dict[str, tuple] = {}                 # uri -> (Source, lint findings)

    # --- documents -----------------------------------------------------------------
    def analysis(self, uri: str) -> CardFileAnalysis | None:
        """The document's analysis under the ruleset its text picks now (a new one when an
        edit of its `# ruleset:` line changes it); None when that line names no ruleset."""
        doc = self.workspace.get_text_document(uri)
        path = path_of(uri)
        a = self.analyses.get(uri)
        # The choice depends on the ruleset line alone (and the path): while that line stays
        # as it was, the choice does too (making it again asks every installed package for
        # entry points: milliseconds a keystroke).
        line = ruleset_line(doc.source[:HEAD_BYTES], path)
        key = (line.name, line.span.line) if line is not None else None
        if a is not None and self._ruleset_keys.get(uri) == key:
            return a
        try:
            ruleset = ruleset_for(path, doc.source)
        except CardScriptError:
            self._ruleset_keys.pop(uri, None)
            return None
        self._ruleset_keys[uri] = key
        if a is None or a.ruleset is not ruleset:
            a = self.analyses[uri] = CardFileAnalysis(path, ruleset, base_for(path, ruleset))
            self._versions.pop(uri, None)
        return a

    def report(self, uri: str) -> Report:
        """The analysis of the document's current text (kept until its next change); a
        ruleset line that names no ruleset is the file's one problem, as for `check`."""
        doc = self.workspace.get_text_document(uri)
        a = self.analysis(uri)
        if a is None:
            try:
                ruleset_for(path_of(uri), doc.source)
            except CardScriptError as e:
                return Report([], [problem_of(e)])
            return Report([], [])
        if a.last is None or self._versions.get(uri) != doc.version:
            a.analyse(doc.source)
            self._versions[uri] = doc.version
        return a.last

    def names(self):
        """The workspace's name index (names.py, and the lexer it uses, load on first use:
        the first diagnostics do not wait for them)."""
        from .names import NameIndex
        if self.index is None:
            roots = [path_of(f.uri) for f in (self.workspace.folders or {}).values()]
            if not roots and self.workspace.root_uri:
                roots = [path_of(self.workspace.root_uri)]
            from ..rulesets import repo_cards_dir
            pools = repo_cards_dir()
            self.index = NameIndex(roots, [str(pools)] if pools else [])
        return self.index

    def declared_names(self, uri: str, doc) -> set[str]:
        """The names an open card file declares, read from its header lines (so that a card
        being written, which may not parse yet, counts), kept per version of the file."""
        hit = self._names.get(uri)
        if hit is None or hit[0] != doc.version:
            hit = self._names[uri] = (doc.version, set(HEADER_NAMES.findall(doc.source)))
        return hit[1]

    def open_texts(self) -> dict[str, str]:
        """The text of each open document, by path."""
        return {path_of(uri): doc.source for uri, doc in self.workspace.text_documents.items()}

    def publish(self, uri: str, lint: bool = False) -> None:
        """Analyse a card file's current text and send its diagnostics; with `lint`, lint it
        again too (else an edit drops its lint findings, whose places may have moved)."""
        if not path_of(uri).endswith(CARD_SUFFIXES):
            return
        doc = self.workspace.get_text_document(uri)
        self._versions.pop(uri, None)
        problems = self.report(uri).problems
        if lint:
            from .linting import lint_text
            self.lint[uri] = lint_text(path_of(uri), doc.source)
        else:
            self.lint.pop(uri, None)
        found = self.lint.get(uri, (None, []))[1]
        view = View(doc) if problems or found else None
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, version=doc.version,
            diagnostics=[diagnostic(view, p) for p in problems]
            + [lint_diagnostic(view, f) for f in found]))


def path_of(uri: str) -> str:
    """A file URI's path."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def uri_of(path: str) -> str:
    """A path's file URI."""
    from pathlib import Path
    return Path(path).resolve().as_uri()


class View:
    """A document's lines, split once per request, and position conversion between the
    client's units (UTF-16 by default) and characters."""

    def __init__(self, doc):
        self.doc = doc
        self.lines = doc.lines
        self.codec = doc.position_codec

    def to_client(self, line: int, column: int) -> lsp.Position:
        """A (line, character) position in the client's units."""
        pos = lsp.Position(line=line, character=column)
        if line < len(self.lines) and self.lines[line].isascii():
            return pos
        return self.codec.position_to_client_units(self.lines, pos)

    def from_client(self, pos: lsp.Position) -> tuple[int, int]:
        """A client position as (line, character)."""
        if pos.line < len(self.lines) and self.lines[pos.line].isascii():
            return pos.line, pos.character
        p = self.codec.position_from_client_units(self.lines, pos)
        return p.line, p.character

    def range(self, line, start, end_line, end) -> lsp.Range:
        """A range of characters in the client's units."""
        return lsp.Range(start=self.to_client(line, start), end=self.to_client(end_line, end))


def diagnostic(view: View, p: Problem) -> lsp.Diagnostic:
    """A Problem as an LSP diagnostic: the message, then the hint on its own line."""
    message = p.message + (f"\nhint: {p.hint}" if p.hint else "")
    return lsp.Diagnostic(range=view.range(p.line, p.column, p.end_line, p.end_column),
                          message=message, severity=lsp.DiagnosticSeverity.Error, code=p.code,
                          source="cardscript", data={"hint": p.hint})


def lint_diagnostic(view: View, f) -> lsp.Diagnostic:
    """A lint finding as a warning (an ignore that ignores nothing, L900: information)."""
    line = f.line - 1
    end = f.end_column - 1 if f.end_column else len(view.lines[line]) if line < len(
        view.lines) else f.column - 1
    severity = (lsp.DiagnosticSeverity.Information if f.code == "L900"
                else lsp.DiagnosticSeverity.Warning)
    message = f.message + (f"\nhint: {f.hint}" if f.hint else "")
    return lsp.Diagnostic(range=view.range(line, f.column - 1, line, max(end, f.column - 1)),
                          message=message, severity=severity, code=f.code,
                          source="cardscript lint",
                          data={"lint": [f.code, f.line, f.column]})


server = CardScriptServer()


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CardScriptServer, params: lsp.DidOpenTextDocumentParams):
    """Check and lint a card file when it is opened."""
    ls.publish(params.text_document.uri, lint=True)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CardScriptServer, params: lsp.DidChangeTextDocumentParams):
    """Check a card file again after an edit (the cards it did not touch are kept)."""
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CardScriptServer, params: lsp.DidSaveTextDocumentParams):
    """Check and lint a card file again when it is saved."""
    ls.publish(params.text_document.uri, lint=True)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CardScriptServer, params: lsp.DidCloseTextDocumentParams):
    """Forget the file, and clear its diagnostics (it is no longer checked as it is typed)."""
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
        uri=params.text_document.uri, diagnostics=[]))
    ls.analyses.pop(params.text_document.uri, None)
    ls._versions.pop(params.text_document.uri, None)
    ls._names.pop(params.text_document.uri, None)
    ls.lint.pop(params.text_document.uri, None)
    ls._ruleset_keys.pop(params.text_document.uri, None)


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=['"', " "]))
def completion(ls: CardScriptServer, params: lsp.CompletionParams):
    """Completion at the cursor of a card file (complete.py)."""
    uri = params.text_document.uri
    doc = ls.workspace.get_text_document(uri)
    if not path_of(uri).endswith(CARD_SUFFIXES):
        return None
    view = View(doc)
    line, col = view.from_client(params.position)
    lines = view.lines
    text_line = lines[line].rstrip("\r\n") if line < len(lines) else ""
    line_before = text_line[:col]
    a = ls.analysis(uri)
    if a is None:
        return None
    start = line
    while start > 0 and not CARD_LINE.match("\n" + lines[start]):
        start -= 1
    card_before = "".join(lines[start:line]) + line_before
    names = set(a.base)
    for other_uri, other in ls.workspace.text_documents.items():
        if path_of(other_uri).endswith(CARD_SUFFIXES):
            names |= ls.declared_names(other_uri, other)
    found = complete(a.ruleset.name, card_before, line_before, names)
    return lsp.CompletionList(is_incomplete=found.incomplete, items=[
        lsp.CompletionItem(
            label=i.label, kind=lsp.CompletionItemKind(i.kind), detail=i.detail or None,
            documentation=i.doc or None, insert_text=i.insert,
            insert_text_format=lsp.InsertTextFormat.Snippet if i.snippet
            else lsp.InsertTextFormat.PlainText)
        for i in found.items])


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def on_hover(ls: CardScriptServer, params: lsp.HoverParams):
    """A keyword's reminder text, or the `explain` of the ability under the cursor."""
    uri = params.text_document.uri
    if not path_of(uri).endswith(CARD_SUFFIXES):
        return None
    view = View(ls.workspace.get_text_document(uri))
    line, col = view.from_client(params.position)
    text_line = view.lines[line] if line < len(view.lines) else ""
    if not text_line.strip():
        return None
    a = ls.analysis(uri)
    if a is None:
        return None
    found = hover(ls.report(uri), a.ruleset, line, col, text_line)
    if found is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=found))


def _name_at(ls: CardScriptServer, uri: str, position: lsp.Position):
    from .names import at
    doc = ls.workspace.get_text_document(uri)
    line, col = View(doc).from_client(position)
    return at(path_of(uri), doc.source, line, col)


def _location(ls: CardScriptServer, o) -> lsp.Location:
    uri = uri_of(o.path)
    view = View(ls.workspace.get_text_document(uri))
    return lsp.Location(uri=uri, range=view.range(o.line, o.start, o.line, o.end))


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: CardScriptServer, params: lsp.DefinitionParams):
    """Where the card whose quoted name is under the cursor is declared."""
    found = _name_at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    defs = [o for o in ls.names().of(found.name, ls.open_texts()) if o.declaration]
    return [_location(ls, o) for o in defs] or None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def references(ls: CardScriptServer, params: lsp.ReferenceParams):
    """Every use of the card name under the cursor, in card files and scenarios."""
    found = _name_at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    every = ls.names().of(found.name, ls.open_texts())
    if not any(o.declaration for o in every):
        return None
    keep = params.context.include_declaration
    return [_location(ls, o) for o in every if keep or not o.declaration]


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: CardScriptServer, params: lsp.PrepareRenameParams):
    """The name under the cursor, if it is a card the workspace declares."""
    uri = params.text_document.uri
    found = _name_at(ls, uri, params.position)
    if found is None or not any(o.declaration for o in
                                ls.names().of(found.name, ls.open_texts(), pools=False)):
        return None
    view = View(ls.workspace.get_text_document(uri))
    return view.range(found.line, found.start, found.line, found.end)


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
def rename(ls: CardScriptServer, params: lsp.RenameParams):
    """Rename a card everywhere in the workspace (card files and scenarios)."""
    found = _name_at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    new = params.new_name
    if not new.strip() or '"' in new or "\n" in new or new != new.strip():
        raise ValueError(f"a card name cannot be {new!r}: no quotes, line breaks or "
                         "spaces at its ends")
    every = ls.names().of(found.name, ls.open_texts(), pools=False)
    if not any(o.declaration for o in every):
        return None
    changes: dict[str, list[lsp.TextEdit]] = {}
    for o in every:
        loc = _location(ls, o)
        changes.setdefault(loc.uri, []).append(lsp.TextEdit(range=loc.range, new_text=new))
    return lsp.WorkspaceEdit(changes=changes)


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: CardScriptServer, params: lsp.DocumentSymbolParams):
    """The cards of the file, each with its header as detail."""
    uri = params.text_document.uri
    if not path_of(uri).endswith(CARD_SUFFIXES):
        return None
    view = View(ls.workspace.get_text_document(uri))
    out = []
    for r in ls.report(uri).cards:
        if r.card is None:
            continue
        lines = r.piece.text.rstrip("\n").split("\n")
        last = r.piece.line + len(lines) - 1
        ns = r.card.name_span
        header = lines[0].split(":", 1)[1].strip() if ":" in lines[0] else ""
        out.append(lsp.DocumentSymbol(
            name=r.card.name, detail=header, kind=lsp.SymbolKind.Class,
            range=view.range(r.piece.line, 0, last, len(lines[-1])),
            selection_range=view.range(r.piece.line + ns.line - 1, ns.column - 1,
                                         r.piece.line + (ns.end_line or ns.line) - 1,
                                         (ns.end_column or ns.column) - 1)))
    return out


def _semantic(view: View, first: int, last: int) -> list[int]:
    """Encoded semantic tokens of lines first..last (0-based, inclusive), from the lexer."""
    data: list[int] = []
    prev_line = prev_col = 0
    line = col = 0
    from ..editor.lexer import CardScriptLexer
    for _, ttype, value in CardScriptLexer().get_tokens_unprocessed(view.doc.source):
        kind = TOKEN_INDEX.get(ttype)
        if kind is not None and first <= line <= last and "\n" not in value:
            start = view.to_client(line, col)
            end = view.to_client(line, col + len(value))
            delta_line = start.line - prev_line
            delta_col = start.character - (prev_col if delta_line == 0 else 0)
            data += [delta_line, delta_col, end.character - start.character, kind, 0]
            prev_line, prev_col = start.line, start.character
        nl = value.count("\n")
        if nl:
            line += nl
            col = len(value) - value.rfind("\n") - 1
        else:
            col += len(value)
        if line > last:
            break
    return data


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
def semantic_full(ls: CardScriptServer, params: lsp.SemanticTokensParams):
    """Semantic tokens of the whole file (from the token table)."""
    view = View(ls.workspace.get_text_document(params.text_document.uri))
    return lsp.SemanticTokens(data=_semantic(view, 0, len(view.lines)))


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
def semantic_range(ls: CardScriptServer, params: lsp.SemanticTokensRangeParams):
    """Semantic tokens of the lines asked for."""
    view = View(ls.workspace.get_text_document(params.text_document.uri))
    return lsp.SemanticTokens(data=_semantic(view, params.range.start.line,
                                             params.range.end.line))


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def code_actions(ls: CardScriptServer, params: lsp.CodeActionParams):
    """Quick fixes of the diagnostics in the range (fixes.py: did-you-mean for now)."""
    uri = params.text_document.uri
    view = View(ls.workspace.get_text_document(uri))
    out = []
    for d in params.context.diagnostics:
        if isinstance(d.data, dict) and "lint" in d.data:
            out.extend(_lint_fix(ls, uri, d))
            continue
        if d.range.start.line != d.range.end.line or d.range.start.line >= len(view.lines):
            continue
        hint = d.data.get("hint") if isinstance(d.data, dict) else None
        line = view.lines[d.range.start.line]
        old = line[view.from_client(d.range.start)[1]:view.from_client(d.range.end)[1]]
        message = d.message.split("\nhint: ", 1)[0]
        for title, new in fixes(str(d.code or ""), message, hint, old):
            out.append(lsp.CodeAction(
                title=title, kind=lsp.CodeActionKind.QuickFix, diagnostics=[d],
                is_preferred=len(out) == 0, edit=lsp.WorkspaceEdit(
                    changes={uri: [lsp.TextEdit(range=d.range, new_text=new)]})))
    return out


def _lint_fix(ls: CardScriptServer, uri: str, d: lsp.Diagnostic) -> list[lsp.CodeAction]:
    """A lint finding's safe fix (as `cardscript lint --fix` makes it) as a code action
    that rewrites the document."""
    source, found = ls.lint.get(uri, (None, []))
    key = list(d.data["lint"])
    finding = next((f for f in found if [f.code, f.line, f.column] == key), None)
    if source is None or finding is None:
        return []
    from .linting import fixed
    # Replacements that change what the card does (never --fix's): the writer picks one.
    out = [lsp.CodeAction(title=f"Change to '{text}'", kind=lsp.CodeActionKind.QuickFix,
                          diagnostics=[d], is_preferred=False,
                          edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(
                              range=d.range, new_text=text)]}))
           for text in finding.suggest]
    new = fixed(source, finding)
    if new is None:
        return out
    return [lsp.CodeAction(title=f"Fix {finding.code}: {finding.message}",
                           kind=lsp.CodeActionKind.QuickFix, diagnostics=[d],
                           is_preferred=True,
                           edit=lsp.WorkspaceEdit(changes={uri: [whole(source.text, new)]}))
            ] + out


def whole(old: str, new: str) -> lsp.TextEdit:
    """An edit that replaces the whole of `old` (its lines counted as the client counts)
    with `new`."""
    lines = old.split("\n")
    end = lsp.Position(line=len(lines) - 1, character=len(lines[-1].encode("utf-16-le")) // 2)
    return lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=0, character=0), end=end),
                        new_text=new)


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: CardScriptServer, params: lsp.DocumentFormattingParams):
    """The document as `cardscript fmt` writes it, as one edit (none when it is already so;
    format_text never raises, whatever the text)."""
    from ..fmt import format_text
    text = ls.workspace.get_text_document(params.text_document.uri).source
    new = format_text(text)
    return [] if new == text else [whole(text, new)]


class _OneLine(logging.Formatter):
    """Log records as one line each: a message the client could not be answered for (bad
    JSON, say) is reported to it and logged, never as a Python traceback."""

    def format(self, record: logging.LogRecord) -> str:
        # The first line only: pygls writes a traceback into some messages themselves.
        message = (record.getMessage().splitlines() or [""])[0]
        text = f"cardscript lsp: {record.levelname.lower()}: {message}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
        return text


def main() -> int:
    """Serve over stdio until the client says exit (log lines go to stderr)."""
    handler = logging.StreamHandler()
    handler.setFormatter(_OneLine())
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    server.start_io()
    return 0
