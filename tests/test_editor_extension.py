"""The VS Code extension in editor-support/: its manifest, snippets and language configuration,
and a real .vsix packaged by @vscode/vsce (the standard packager), and its client starting the
real server."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.grammar import parse_text
from cardscript.scenario.runner import load_pool

ROOT = Path(__file__).resolve().parents[1]
EXT = ROOT / "editor-support"


def _json(name: str):
    return json.loads((EXT / name).read_text(encoding="utf-8"))


def _expand(body: list[str]) -> str:
    """A snippet's text with each placeholder at its default (the first choice of a list)."""
    text = "\n".join(body)
    text = re.sub(r"\$\{\d+\|([^,|}]*)[^}]*\}", r"\1", text)
    text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", text)
    return re.sub(r"\$\d+", "", text)


def test_manifest_contributes_language_grammars_snippets_and_client():
    """package.json declares the language, both grammars (the Markdown one injected), the
    snippets and an entry point whose client starts `cardscript lsp`."""
    pkg = _json("package.json")
    langs = pkg["contributes"]["languages"]
    assert langs[0]["id"] == "cardscript" and ".cards" in langs[0]["extensions"]
    grammars = {g["scopeName"]: g for g in pkg["contributes"]["grammars"]}
    assert grammars["source.cardscript"]["language"] == "cardscript"
    assert grammars["markdown.cardscript.codeblock"]["injectTo"] == ["text.html.markdown"]
    for g in grammars.values():
        assert (EXT / g["path"]).is_file()
    client = (EXT / pkg["main"]).read_text(encoding="utf-8")
    assert "vscode-languageclient" in client and "server.command" in client
    default = pkg["contributes"]["configuration"]["properties"]["cardscript.server.command"]
    assert default["default"] == ["cardscript", "lsp"]
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in
               {**pkg["dependencies"], **pkg["devDependencies"]}.values()), "pin exact versions"
    assert (EXT / "package-lock.json").is_file()
    # Card files activate it (their language), and so does a workspace that holds any, so
    # that names in scenario YAML lead to their cards before a card file is opened.
    assert pkg["activationEvents"] == ["workspaceContains:**/*.cards"]


def test_language_configuration_comments_and_indents():
    """Line comments are '#', and a card header line indents the next one."""
    conf = _json("language-configuration.json")
    assert conf["comments"]["lineComment"] == "#"
    assert re.match(conf["indentationRules"]["increaseIndentPattern"].replace("(?i:", "(?:"),
                    'card "X": minion')


def test_card_and_trigger_snippets_expand_to_cards_that_compile():
    """The card snippet, with the trigger and label snippets as its abilities, expands (at its
    defaults) to card text that parses and compiles against Sorcery."""
    snippets = _json("snippets/cardscript.json")
    card = _expand(snippets["Card"]["body"])
    lines = [card] + ["  " + _expand(snippets[k]["body"]) for k in ("Trigger", "Labelled ability")]
    text = "\n".join(lines) + "\n"
    ruleset = rulesets.get("sorcery")
    out = compile_files([parse_text(text, "snippet.cards")], ruleset.language,
                        base=load_pool(ruleset))
    assert len(out["Name"].abilities) == 3


def test_scenario_snippet_names_every_ruleset_and_required_keys():
    """The scenario snippet offers each built-in ruleset and writes the required keys."""
    body = "\n".join(_json("snippets/scenario.json")["Scenario"]["body"])
    for name in rulesets.BUILTIN:
        assert name in body
    for key in ("name:", "ruleset:", "players:", "actions:", "expect:"):
        assert key in body


def test_vsce_packages_the_extension(tmp_path):
    """@vscode/vsce packages the folder into a .vsix holding the manifest, both grammars, the
    snippets, the language configuration, the client and its runtime dependency."""
    assert shutil.which("node") and (EXT / "node_modules").is_dir(), \
        "run: npm ci --prefix editor-support"
    vsix = tmp_path / "cardscript.vsix"
    out = subprocess.run([str(EXT / "node_modules" / ".bin" / "vsce"), "package",
                          "--skip-license", "--allow-missing-repository", "-o", str(vsix)],
                         cwd=EXT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    names = set(zipfile.ZipFile(vsix).namelist())
    for member in ("extension/package.json", "extension/extension.js",
                   "extension/language-configuration.json",
                   "extension/syntaxes/cardscript.tmLanguage.json",
                   "extension/syntaxes/cardscript.markdown.tmLanguage.json",
                   "extension/snippets/cardscript.json", "extension/snippets/scenario.json",
                   "extension/node_modules/vscode-languageclient/package.json"):
        assert member in names, member
    assert not any(n.startswith("extension/tests/") for n in names)


def test_the_client_starts_the_real_server():
    """extension.js, run by Node with vscode-languageclient (the `vscode` API a stand-in),
    starts the server command the settings give, completes the LSP handshake with the real
    `cardscript lsp`, and serves card files and scenario YAML."""
    import os
    import sys
    assert shutil.which("node") and (EXT / "node_modules").is_dir(), \
        "run: npm ci --prefix editor-support"
    command = json.dumps([sys.executable, "-m", "cardscript.cli", "lsp"])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"),
                                                       os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([shutil.which("node"), str(EXT / "tests" / "client.js"), command],
                         cwd=EXT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    got = json.loads(out.stdout)
    assert got["running"] and got["server"] == "cardscript"
    for capability in ("completionProvider", "hoverProvider", "definitionProvider",
                       "referencesProvider", "renameProvider", "documentSymbolProvider",
                       "semanticTokensProvider", "codeActionProvider"):
        assert capability in got["capabilities"], capability
    assert {"scheme": "file", "language": "cardscript"} in got["selector"]
