"""`cardscript lsp` end to end: pytest-lsp starts the real server (`python -m cardscript.cli
lsp`) over stdio in a workspace of card files and a scenario, and speaks LSP to it. Every
wait has a timeout, so a server that hangs fails the test instead of stalling the suite."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 90

SORCERY_CARDS = '''# cards of a test workspace
card "Gull Scout": minion, cost 2, power 1
  Airborne
  Genesis → Draw a spell.

card "Tide Caller": magic, cost 1
  Summon "Gull Scout" here.
'''
BAD_CARDS = '''card "Typo Wizard": minion, cost 1, power 1
  Airbone

card "Label Typo": minion, cost 1, power 1
  Genisis → Draw a spell.

card "Fine Card": magic, cost 1
  Dela 1 damage to a unit you choose.
'''
SCENARIO = '''name: The gull arrives
ruleset: sorcery
cards: [../cards/sorcery/mine.cards]
players: [alice, bob]
setup:
  alice:
    hand: [Gull Scout]
actions:
  - {player: alice, cast: Gull Scout, at: 8}
expect:
  state:
    card.Gull Scout.at: 8
'''


def _workspace(root: Path) -> Path:
    (root / "cards" / "sorcery").mkdir(parents=True)
    (root / "cards" / "sorcery" / "mine.cards").write_text(SORCERY_CARDS, encoding="utf-8")
    (root / "cards" / "sorcery" / "bad.cards").write_text(BAD_CARDS, encoding="utf-8")
    (root / "scenarios").mkdir()
    (root / "scenarios" / "gull.yaml").write_text(SCENARIO, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    return _workspace(tmp_path_factory.mktemp("ws"))


SERVER = ClientServerConfig(
    server_command=[sys.executable, "-m", "cardscript.cli", "lsp"],
    server_env={**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])})


@pytest_lsp.fixture(config=SERVER, scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):
    params = lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(),
        root_uri=workspace.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(uri=workspace.as_uri(), name="ws")])
    await asyncio.wait_for(lsp_client.initialize_session(params), TIMEOUT)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


async def _open(client: LanguageClient, path: Path, text: str | None = None,
                language: str = "cardscript") -> str:
    """Open a file and wait for its diagnostics (card files) or just send it."""
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=uri, language_id=language, version=1,
        text=path.read_text(encoding="utf-8") if text is None else text)))
    if path.suffix == ".cards":
        await asyncio.wait_for(client.wait_for_notification("textDocument/publishDiagnostics"),
                               TIMEOUT)
    return uri


def _pos(line: int, character: int) -> lsp.Position:
    return lsp.Position(line=line, character=character)


def _doc(uri: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri=uri)


async def _wait(coro):
    return await asyncio.wait_for(coro, TIMEOUT)


@pytest.mark.asyncio(loop_scope="module")
async def test_diagnostics_are_those_of_check(client: LanguageClient, workspace: Path,
                                              monkeypatch):
    """The diagnostics of a file are `cardscript check --format json`'s: same codes, places,
    messages and hints."""
    path = workspace / "cards" / "sorcery" / "bad.cards"
    uri = await _open(client, path)
    got = sorted((d.code, d.range.start.line + 1, d.range.start.character + 1,
                  d.message) for d in client.diagnostics[uri] if d.source == "cardscript")
    monkeypatch.chdir(workspace)
    status, out, _ = run_cli("check", str(path), "--format", "json")
    assert status == 1
    want = sorted((d["code"], d["line"], d["column"], d["message"] +
                   (f"\nhint: {d['hint']}" if d["hint"] else ""))
                  for d in json.loads(out)["diagnostics"])
    assert got == want
    assert {c for c, *_ in got} == {"E204", "E207", "E201"}


@pytest.mark.asyncio(loop_scope="module")
async def test_an_edit_updates_the_diagnostics(client: LanguageClient, workspace: Path):
    """Fixing one card's typo with an incremental edit clears its diagnostic and keeps the
    others'."""
    uri = (workspace / "cards" / "sorcery" / "bad.cards").as_uri()
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(start=_pos(7, 2), end=_pos(7, 6)), text="Deal")]))
    await _wait(client.wait_for_notification("textDocument/publishDiagnostics"))
    assert sorted(d.code for d in client.diagnostics[uri]) == ["E204", "E207"]


@pytest.mark.asyncio(loop_scope="module")
async def test_code_action_offers_the_did_you_mean_fix(client: LanguageClient, workspace: Path):
    """A diagnostic whose hint says 'did you mean X?' has a quick fix that writes X, in the
    case the wrong word was written in."""
    uri = (workspace / "cards" / "sorcery" / "bad.cards").as_uri()
    label = next(d for d in client.diagnostics[uri] if d.code == "E207")
    actions = await _wait(client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=_doc(uri), range=label.range,
        context=lsp.CodeActionContext(diagnostics=[label]))))
    assert [a.title for a in actions] == ["Change to Genesis"]
    assert actions[0].edit.changes[uri][0].new_text == "Genesis"


UNTIDY = '# ruleset: sorcery\ncard "Quiet Owl":   minion, cost 2, power 1\n  Airborne\n'
OWL = ('# ruleset: sorcery\n\ncard "Quiet Owl": minion, cost 2, power 1\n'
       '  Genesis: draw a spell.\n')
LINT_CONFIG = '[tool.cardscript.lint]\nselect = ["L002"]\n'


@pytest.mark.asyncio(loop_scope="module")
async def test_formatting_returns_what_fmt_writes(client: LanguageClient, workspace: Path):
    """Document formatting is one edit to `cardscript fmt`'s text (format_text), and none
    once the file is formatted."""
    from cardscript.fmt import format_text
    path = workspace / "untidy.cards"
    path.write_text(UNTIDY, encoding="utf-8")
    uri = await _open(client, path)
    options = lsp.FormattingOptions(tab_size=2, insert_spaces=True)
    edits = await _wait(client.text_document_formatting_async(lsp.DocumentFormattingParams(
        text_document=_doc(uri), options=options)))
    assert len(edits) == 1 and edits[0].range.start == _pos(0, 0)
    assert edits[0].new_text == format_text(UNTIDY) != UNTIDY
    assert edits[0].range.end == _pos(3, 0)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_lint_finding_is_a_diagnostic_with_its_fix(client: LanguageClient,
                                                           workspace: Path):
    """A lint finding selected by the workspace's pyproject is a warning under its L-code, and
    its code action writes what `cardscript lint --fix` writes."""
    (workspace / "linted").mkdir()
    (workspace / "linted" / "pyproject.toml").write_text(LINT_CONFIG, encoding="utf-8")
    path = workspace / "linted" / "owl.cards"
    path.write_text(OWL, encoding="utf-8")
    uri = await _open(client, path)
    found = [d for d in client.diagnostics[uri] if d.code == "L002"]
    assert len(found) == 1 and found[0].range.start == _pos(3, 2)
    assert found[0].severity == lsp.DiagnosticSeverity.Warning
    actions = await _wait(client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=_doc(uri), range=found[0].range,
        context=lsp.CodeActionContext(diagnostics=found))))
    assert len(actions) == 1 and actions[0].title.startswith("Fix L002")
    new = actions[0].edit.changes[uri][0].new_text
    assert "  Genesis → Draw a spell.\n" in new
    fixed = workspace / "linted" / "fixed.cards"
    fixed.write_text(OWL, encoding="utf-8")
    status, _, _ = run_cli("lint", str(fixed), "--config",
                           str(workspace / "linted" / "pyproject.toml"), "--fix")
    assert status == 0 and fixed.read_text(encoding="utf-8") == new


@pytest.mark.asyncio(loop_scope="module")
async def test_a_two_player_word_offers_its_replacements(client: LanguageClient,
                                                         workspace: Path):
    """L012 is a warning with its hint, and offers each replacement as a quick fix that
    rewrites only the words (none is --fix's: each changes what the card does)."""
    (workspace / "players").mkdir()
    (workspace / "players" / "pyproject.toml").write_text("", encoding="utf-8")
    path = workspace / "players" / "tolls.cards"
    path.write_text('# ruleset: grand_archive\ncard "Brass Summons": action, cost 1\n'
                    "  Your opponent loses 2 life.\n", encoding="utf-8")
    uri = await _open(client, path)
    found = [d for d in client.diagnostics[uri] if d.code == "L012"]
    assert len(found) == 1 and found[0].range.start == _pos(2, 2)
    assert found[0].range.end == _pos(2, 15) and "\nhint: write 'each opponent'" in \
        found[0].message
    actions = await _wait(client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=_doc(uri), range=found[0].range,
        context=lsp.CodeActionContext(diagnostics=found))))
    assert [a.title for a in actions] == ["Change to 'Each opponent'",
                                          "Change to 'An opponent'",
                                          "Change to 'Target opponent'"]
    edit = actions[0].edit.changes[uri][0]
    assert edit.range == found[0].range and edit.new_text == "Each opponent"


@pytest.mark.asyncio(loop_scope="module")
async def test_an_ignore_comment_hides_the_lint_finding(client: LanguageClient,
                                                        workspace: Path):
    """A `# cardscript: ignore[L002]` comment on the line leaves no lint diagnostic."""
    path = workspace / "linted" / "ignored.cards"
    path.write_text(OWL.replace("spell.\n", "spell.  # cardscript: ignore[L002]\n"),
                    encoding="utf-8")
    uri = await _open(client, path)
    assert [d.code for d in client.diagnostics[uri]] == []


def _labels(result) -> list[str]:
    items = result.items if isinstance(result, lsp.CompletionList) else result
    return [i.label for i in items]


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_at_the_start_of_a_line(client: LanguageClient, workspace: Path):
    """At the start of an ability line: the ruleset's labels, trigger words, keywords and
    verb shapes."""
    text = 'card "New": minion, cost 1, power 1\n  \n'
    path = workspace / "cards" / "sorcery" / "new.cards"
    path.write_text(text, encoding="utf-8")
    uri = await _open(client, path)
    labels = _labels(await _wait(client.text_document_completion_async(
        lsp.CompletionParams(text_document=_doc(uri), position=_pos(1, 2)))))
    for want in ("Genesis →", "Tap →", "Whenever", "airborne",
                 "deal <number> damage to <cards>"):
        assert want in labels, want


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_of_names_patterns_and_grammar(client: LanguageClient, workspace: Path):
    """Inside quotes: the card names of the pool and the file; after 'Whenever': trigger
    patterns; mid-sentence: what the grammar accepts next ('.', 'then')."""
    text = ('card "New": minion, cost 1, power 1\n  Summon "Taw\n  Whenever \n'
            '  Deal 1 damage to a unit \n  Summon "Ne\n')
    uri = (workspace / "cards" / "sorcery" / "new.cards").as_uri()
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))
    await _wait(client.wait_for_notification("textDocument/publishDiagnostics"))

    async def at(line, col):
        return _labels(await _wait(client.text_document_completion_async(
            lsp.CompletionParams(text_document=_doc(uri), position=_pos(line, col)))))
    names = await at(1, 13)             # the pool has more names than one answer lists
    assert "Tawny" in names and all(n.startswith("Taw") for n in names)
    assert "New" in await at(4, 12)
    patterns = await at(2, 11)
    assert "<player> cast <cards>" in patterns
    grammar = await at(3, 26)
    assert "." in grammar and "then" in grammar and "," in grammar


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_shows_keyword_rules_and_explain(client: LanguageClient, workspace: Path):
    """Hovering a keyword shows its rule in words; hovering an ability shows its `explain`."""
    uri = await _open(client, workspace / "cards" / "sorcery" / "mine.cards")
    kw = await _wait(client.text_document_hover_async(lsp.HoverParams(
        text_document=_doc(uri), position=_pos(2, 4))))
    from cardscript.rulesets.sorcery import RULESET
    assert "airborne" in kw.contents.value
    assert RULESET.language.keyword_rules["airborne"] in kw.contents.value
    ability = await _wait(client.text_document_hover_async(lsp.HoverParams(
        text_document=_doc(uri), position=_pos(3, 14))))
    assert "ability 1 (triggered): Genesis → Draw a spell" in ability.contents.value
    assert "listens to" in ability.contents.value


@pytest.mark.asyncio(loop_scope="module")
async def test_definition_and_references_across_cards_and_scenarios(client: LanguageClient,
                                                                    workspace: Path):
    """From a name in a scenario, go to its card; its references are in the card files and
    the scenario (a list item, an action, a state path)."""
    scenario = await _open(client, workspace / "scenarios" / "gull.yaml", language="yaml")
    defs = await _wait(client.text_document_definition_async(lsp.DefinitionParams(
        text_document=_doc(scenario), position=_pos(6, 14))))
    mine = (workspace / "cards" / "sorcery" / "mine.cards").as_uri()
    assert [(d.uri, d.range.start.line, d.range.start.character) for d in defs] == [(mine, 1, 6)]
    refs = await _wait(client.text_document_references_async(lsp.ReferenceParams(
        text_document=_doc(mine), position=_pos(1, 8),
        context=lsp.ReferenceContext(include_declaration=False))))
    where = sorted((Path(r.uri).name if "://" not in r.uri else r.uri.rsplit("/", 1)[1],
                    r.range.start.line) for r in refs)
    assert where == [("gull.yaml", 6), ("gull.yaml", 8), ("gull.yaml", 11), ("mine.cards", 6)]


@pytest.mark.asyncio(loop_scope="module")
async def test_a_pool_card_is_found_but_not_renamed(client: LanguageClient, workspace: Path):
    """A pool card named in the workspace leads to its declaration in the bundled pool; it
    cannot be renamed from there (a rename edits the workspace only)."""
    path = workspace / "cards" / "sorcery" / "pooled.cards"
    path.write_text('card "Caller": magic, cost 1\n  Summon "Tawny" here.\n', encoding="utf-8")
    uri = await _open(client, path)
    defs = await _wait(client.text_document_definition_async(lsp.DefinitionParams(
        text_document=_doc(uri), position=_pos(1, 11))))
    assert [d.uri.endswith("/cards/sorcery/pool.cards") for d in defs] == [True]
    assert await _wait(client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
        text_document=_doc(uri), position=_pos(1, 11)))) is None


@pytest.mark.asyncio(loop_scope="module")
async def test_rename_changes_every_occurrence(client: LanguageClient, workspace: Path):
    """Renaming a card edits its header, the quoted uses and the scenario's mentions; a name
    with a quote in it is refused."""
    mine = (workspace / "cards" / "sorcery" / "mine.cards").as_uri()
    edit = await _wait(client.text_document_rename_async(lsp.RenameParams(
        text_document=_doc(mine), position=_pos(6, 12), new_name="Sea Gull")))
    counts = {uri.rsplit("/", 1)[1]: len(edits) for uri, edits in edit.changes.items()}
    assert counts == {"mine.cards": 2, "gull.yaml": 3}
    assert all(e.new_text == "Sea Gull" for es in edit.changes.values() for e in es)
    with pytest.raises(Exception):
        await _wait(client.text_document_rename_async(lsp.RenameParams(
            text_document=_doc(mine), position=_pos(6, 12), new_name='Bad "Name"')))


@pytest.mark.asyncio(loop_scope="module")
async def test_document_symbols_are_the_cards(client: LanguageClient, workspace: Path):
    """The document's symbols are its cards, each with its header as detail."""
    mine = (workspace / "cards" / "sorcery" / "mine.cards").as_uri()
    syms = await _wait(client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=_doc(mine))))
    assert [(s.name, s.detail, s.selection_range.start.line) for s in syms] == [
        ("Gull Scout", "minion, cost 2, power 1", 1), ("Tide Caller", "magic, cost 1", 5)]


@pytest.mark.asyncio(loop_scope="module")
async def test_semantic_tokens_full_and_range(client: LanguageClient, workspace: Path):
    """Semantic tokens come from the token table: the header's 'card' is a keyword and the
    name a class; a range request gives only the lines asked for."""
    mine = (workspace / "cards" / "sorcery" / "mine.cards").as_uri()
    full = await _wait(client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(text_document=_doc(mine))))
    from cardscript.lsp.server import TOKEN_TYPES
    tokens, line, col = [], 0, 0
    data = full.data
    for i in range(0, len(data), 5):
        line += data[i]
        col = data[i + 1] + (col if data[i] == 0 else 0)
        tokens.append((line, col, data[i + 2], TOKEN_TYPES[data[i + 3]]))
    assert (1, 0, 4, "keyword") in tokens and (1, 5, 12, "class") in tokens
    assert (2, 2, 8, "enumMember") in tokens and (3, 2, 7, "decorator") in tokens
    part = await _wait(client.text_document_semantic_tokens_range_async(
        lsp.SemanticTokensRangeParams(text_document=_doc(mine),
                                      range=lsp.Range(start=_pos(2, 0), end=_pos(3, 0)))))
    assert 0 < len(part.data) < len(full.data) and part.data[0] == 2


@pytest.mark.asyncio(loop_scope="module")
async def test_the_ruleset_line_picks_the_ruleset(client: LanguageClient, workspace: Path,
                                                 monkeypatch):
    """A `# ruleset:` line picks the ruleset as for `check` (a KeyForge label is then read),
    and one naming no ruleset is check's error E002, at the same place."""
    path = workspace / "elsewhere.cards"
    path.write_text("# ruleset: keyforj\ncard \"Bell\": artifact, house dis\n"
                    "  Reap: gain 1 aember.\n", encoding="utf-8")
    uri = await _open(client, path)
    got = [(d.code, d.range.start.line, d.range.start.character) for d in client.diagnostics[uri]]
    monkeypatch.chdir(workspace)
    _, out, _ = run_cli("check", str(path), "--format", "json")
    want = [(d["code"], d["line"] - 1, d["column"] - 1) for d in json.loads(out)["diagnostics"]]
    assert got == want == [("E002", 0, 11)]
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(start=_pos(0, 11), end=_pos(0, 18)), text="keyforge")]))
    await _wait(client.wait_for_notification("textDocument/publishDiagnostics"))
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="module")
async def test_positions_count_utf16_units(client: LanguageClient, workspace: Path):
    """Positions are in the client's UTF-16 units: a character outside the basic plane
    counts two, in diagnostics and in semantic tokens alike."""
    path = workspace / "cards" / "sorcery" / "bird.cards"
    path.write_text('card "Gull 🐦": minion, cost 1, power 1\n'
                    'card "Caller": magic, cost 1\n  Summon "Gull 🐦x" here.\n',
                    encoding="utf-8")
    uri = await _open(client, path)
    [d] = client.diagnostics[uri]
    assert d.code == "E202"
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == \
        (2, 9, 9 + len('"Gull 🐦x"'.encode("utf-16-le")) // 2)
    full = await _wait(client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(text_document=_doc(uri))))
    first_name = full.data[5:10]                     # the header's name, after 'card'
    assert first_name[1] == 5 and first_name[2] == len('"Gull 🐦"'.encode("utf-16-le")) // 2


def test_lsp_without_pygls_says_how_to_install_it(monkeypatch):
    """Without the `lsp` extra, `cardscript lsp` says which extra to install (exit 1, no
    traceback)."""
    monkeypatch.setitem(sys.modules, "pygls", None)
    status, _, err = run_cli("lsp")
    assert status == 1
    assert "error[E005]" in err and "cardscript[lsp]" in err and "Traceback" not in err


def test_a_broken_message_is_one_log_line_not_a_traceback():
    """A message the server cannot read (bad JSON, wrong parameters) is answered with an error
    and logged as one line on stderr, with no Python traceback; the server ends with its
    input."""
    import subprocess
    wrong = b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": "x"}}'
    out = subprocess.run([sys.executable, "-m", "cardscript.cli", "lsp"],
                         input=b"Content-Length: 5\r\n\r\n{bad}" +
                         b"Content-Length: %d\r\n\r\n%s" % (len(wrong), wrong),
                         capture_output=True, env=SERVER.server_env, timeout=60)
    assert out.returncode == 0
    assert b"window/showMessage" in out.stdout
    err = out.stderr.decode()
    lines = err.strip().splitlines()
    assert "Traceback" not in err and len(lines) >= 2
    assert all(line.startswith("cardscript lsp: error: ") for line in lines)
