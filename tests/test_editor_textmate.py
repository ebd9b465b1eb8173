"""The TextMate grammar of the VS Code extension (editor-support/), tested on the real thing:
it is what the token table generates, vscode-tmgrammar-test's syntax-test files pass, VS Code's
own tokeniser (vscode-textmate + vscode-oniguruma) gives every pool the scopes the Pygments
lexer gives it, and the Markdown injection colours ```cardscript fences.

The Node packages come from editor-support/package-lock.json (`npm ci --prefix editor-support`,
run by scripts/test-setup.sh); these tests call them from editor-support/node_modules.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from cardscript.editor import textmate
from cardscript.editor.lexer import CardScriptLexer
from cardscript.editor.tokens import KINDS, pygments_token_of

ROOT = Path(__file__).resolve().parents[1]
EXT = ROOT / "editor-support"
BIN = EXT / "node_modules" / ".bin"
NODE_TIMEOUT = 120


def _node() -> str:
    node = shutil.which("node")
    assert node, "node is needed: run scripts/test-setup.sh"
    assert (EXT / "node_modules").is_dir(), "run: npm ci --prefix editor-support"
    return node


def _tokenize(*args: str) -> dict:
    out = subprocess.run([_node(), str(EXT / "tests" / "tokenize.js"), *args], cwd=EXT,
                         capture_output=True, text=True, timeout=NODE_TIMEOUT)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _expected_scopes(text: str) -> list[list[str | None]]:
    """The scope of each character of each line, as the Pygments lexer's tokens say."""
    scope = {pygments_token_of(k): v[1] for k, v in KINDS.items()}
    lines: list[list[str | None]] = [[]]
    for _, ttype, value in CardScriptLexer().get_tokens_unprocessed(text):
        for ch in value:
            if ch == "\n":
                lines.append([])
            else:
                lines[-1].append(scope[ttype])
    return lines


def _own_scope(scopes: list[str]) -> str | None:
    """The innermost scope a token has of its own (not the file's, not a meta scope)."""
    own = [s for s in scopes if s != "source.cardscript" and not s.startswith("meta.")]
    return own[-1] if own else None


def test_committed_grammar_is_generated_from_the_token_table():
    """editor-support/syntaxes/cardscript.tmLanguage.json is exactly what the token table
    makes (regenerate: python -m cardscript.editor.textmate --write THAT_FILE)."""
    committed = (ROOT / textmate.GRAMMAR_PATH).read_text(encoding="utf-8")
    assert committed == textmate.dumps()


def test_textmate_check_command_reports_a_stale_file(tmp_path, capsys):
    """`--check` exits 1 on a stale file and 0 on a fresh one."""
    stale = tmp_path / "g.json"
    stale.write_text("{}", encoding="utf-8")
    assert textmate.main(["--check", str(stale)]) == 1
    assert textmate.main(["--write", str(stale)]) == 0
    assert textmate.main(["--check", str(stale)]) == 0
    assert "stale" in capsys.readouterr().out


def test_syntax_test_files_pass():
    """vscode-tmgrammar-test passes every syntax-test file of the extension."""
    _node()
    tests = sorted((EXT / "tests" / "syntax").glob("*.test.cards"))
    assert len(tests) >= 2
    out = subprocess.run([str(BIN / "vscode-tmgrammar-test"), *[str(t) for t in tests]],
                         cwd=EXT, capture_output=True, text=True, timeout=NODE_TIMEOUT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("successfuly") == len(tests)


def test_vscode_tokeniser_agrees_with_the_lexer_on_every_pool():
    """VS Code's tokeniser gives each character of every card file of the repository the scope
    the Pygments lexer's token maps to (both come from one table; the two regex engines must
    read it alike)."""
    files = sorted(ROOT.glob("cards/**/*.cards")) + sorted(ROOT.glob("docs/**/*.cards"))
    got = _tokenize(*[str(f) for f in files])
    compared = 0
    for f in files:
        text = f.read_text(encoding="utf-8")
        expected = _expected_scopes(text)
        lines = got[str(f)]
        for n, (want, tokens) in enumerate(zip(expected, lines), 1):
            have: list[str | None] = [None] * len(want)
            for start, end, scopes in tokens:
                for i in range(start, min(end, len(want))):
                    have[i] = _own_scope(scopes)
            assert have == want, f"{f.relative_to(ROOT)}:{n}: {text.splitlines()[n - 1]!r}"
            compared += len(want)
    assert compared > 5000


def test_vscode_tokeniser_colours_typographic_characters_as_their_plain_forms(tmp_path):
    """Curly quotes and apostrophes, hyphens, minus signs, en dashes and non-breaking spaces
    get the scopes their plain forms get, in VS Code's tokeniser as in the lexer."""
    from test_typography import HEAD, PAIRS
    pasted, typed = tmp_path / "pasted.cards", tmp_path / "typed.cards"
    pasted.write_text("".join(HEAD + p + "\n" for p, _ in PAIRS), encoding="utf-8")
    typed.write_text("".join(HEAD + t + "\n" for _, t in PAIRS), encoding="utf-8")
    got = _tokenize(str(pasted), str(typed))
    scopes = {}
    for f in (pasted, typed):
        expected = _expected_scopes(f.read_text(encoding="utf-8"))
        have = []
        for want, tokens in zip(expected, got[str(f)]):
            line: list[str | None] = [None] * len(want)
            for start, end, sc in tokens:
                for i in range(start, min(end, len(want))):
                    line[i] = _own_scope(sc)
            assert line == want
            have.append(line)
        scopes[f] = have
    assert scopes[pasted] == scopes[typed]
    assert any("entity.name.function.label.cardscript" in line for line in scopes[pasted])


def test_markdown_fences_are_coloured_as_card_text(tmp_path):
    """The injection grammar colours a ```cardscript fence of a Markdown file, and nothing
    outside it."""
    doc = tmp_path / "doc.md"
    doc.write_text('Airborne here is prose.\n\n```cardscript\ncard "Gull": minion, power 1\n'
                   "  Airborne\n```\n\nAirborne again.\n", encoding="utf-8")
    lines = _tokenize("--markdown", str(doc))[str(doc)]
    scopes = [[_own_scope(s) for _, _, s in line] for line in lines]
    assert "storage.type.card.cardscript" in scopes[3]
    assert "support.constant.keyword.cardscript" in scopes[4]
    for n in (0, 7):
        assert not any(s and s.endswith(".cardscript") for s in scopes[n])
