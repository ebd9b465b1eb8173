"""The documentation's examples are tested: card blocks compile, error blocks fail with their
code, copies of example files match the files, pasted command output matches a real run, the
vocabulary tables match the registry, and the example rulesets play their scenarios.

Fenced blocks are recognised by their info string:

    ```cardscript                  must parse and compile against Sorcery (its pool loaded),
                                   or the ruleset its `# ruleset:` line names
    ```cardscript mod=heal_mod     the same, against docs/examples/heal_mod.py's language
    ```cardscript-error E203       must fail with that error code
    ```LANG file=PATH              must be exactly the text of PATH (relative to the repository)
    ```console                     `$ cardscript ...` lines; the lines after each are its stdout
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.grammar.ruleset_line import ruleset_line
from cardscript.scenario.expect import check
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import load_pool, run_scenario

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
DOC_FILES = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    """One fenced block of a Markdown file."""

    path: Path
    line: int
    lang: str
    args: tuple
    options: dict
    body: str

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(paths=DOC_FILES) -> list[Block]:
    """Every fenced block of the given Markdown files, with its info string split up."""
    out = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            words = shlex.split(m.group(1).strip()) or [""]
            options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
            args = tuple(w for w in words[1:] if "=" not in w)
            line = text.count("\n", 0, m.start()) + 1
            out.append(Block(path, line, words[0], args, options, m.group(2)))
    return out


ALL = blocks()
CARD_BLOCKS = [b for b in ALL if b.lang == "cardscript"]
ERROR_BLOCKS = [b for b in ALL if b.lang == "cardscript-error"]
FILE_BLOCKS = [b for b in ALL if "file" in b.options]
CONSOLE_BLOCKS = [b for b in ALL if b.lang == "console"]


def _example_module(name: str):
    """Import a module of docs/examples (they are not part of the installed package)."""
    if str(EXAMPLES) not in sys.path:
        sys.path.insert(0, str(EXAMPLES))
    return importlib.import_module(name)


def _compile(block: Block):
    line = ruleset_line(block.body, block.id)          # a block may name its ruleset
    ruleset = rulesets.get(line.name if line is not None else "sorcery")
    lang = ruleset.language
    if "mod" in block.options:
        lang = _example_module(block.options["mod"]).build_language()
    return compile_files([parse_text(block.body, block.id)], lang, base=load_pool(ruleset))


def test_docs_have_examples():
    """The language reference has card examples, error examples and command output to test."""
    language = [b for b in ALL if b.path == DOCS / "language.md"]
    assert sum(b.lang == "cardscript" for b in language) >= 15
    assert sum(b.lang == "cardscript-error" for b in language) >= 10
    assert CONSOLE_BLOCKS, "README.md's tour pastes real command output"


@pytest.mark.parametrize("block", CARD_BLOCKS, ids=lambda b: b.id)
def test_card_block_compiles(block):
    """A ```cardscript block parses and compiles (quoted names must exist: pool or same block)."""
    try:
        cards = _compile(block)
    except CardScriptError as e:
        pytest.fail(f"{block.id}: the example does not compile:\n{e.with_source(block.body)}")
    assert cards, f"{block.id}: the block declares no card"


@pytest.mark.parametrize("block", ERROR_BLOCKS, ids=lambda b: b.id)
def test_error_block_fails_with_its_code(block):
    """A ```cardscript-error CODE block fails to compile with exactly that code."""
    assert block.args, f"{block.id}: write the expected code after cardscript-error"
    with pytest.raises(CardScriptError) as info:
        _compile(block)
    assert info.value.code == block.args[0], info.value.with_source(block.body).format()


@pytest.mark.parametrize("block", FILE_BLOCKS, ids=lambda b: b.id)
def test_file_block_is_the_file(block):
    """A block marked file=PATH is a verbatim copy of that file."""
    path = ROOT / block.options["file"]
    assert path.is_file(), f"{block.id}: no file {block.options['file']}"
    assert block.body == path.read_text(encoding="utf-8"), \
        f"{block.id}: the block differs from {block.options['file']}; paste the file again"


def _console_runs(block: Block):
    """(argv, expected stdout) for each `$ cardscript ...` line of a console block."""
    runs, cmd, out = [], None, []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            if cmd is not None:
                runs.append((cmd, "\n".join(out)))
            cmd, out = shlex.split(line[2:]), []
        else:
            out.append(line)
    if cmd is not None:
        runs.append((cmd, "\n".join(out)))
    return runs


@pytest.mark.parametrize("block", CONSOLE_BLOCKS, ids=lambda b: b.id)
def test_console_block_is_real_output(block, monkeypatch, cli):
    """Pasted `cardscript` output is what the command prints now (re-paste it if the engine changed)."""
    monkeypatch.chdir(ROOT)
    runs = _console_runs(block)
    assert runs, f"{block.id}: a console block holds `$ cardscript ...` lines"
    for argv, expected in runs:
        assert argv[0] == "cardscript", f"{block.id}: only cardscript commands are run"
        status, out, err = cli(*argv[1:])
        assert out.rstrip("\n") == expected.rstrip("\n"), \
            f"{block.id}: `{' '.join(argv)}` now prints:\n{out}\n{err}"


def test_vocabulary_tables_match_the_registry():
    """The generated vocabulary of docs/language.md (keywords with their rules and header items
    included) is what each built-in ruleset's registry holds now."""
    gen = _example_module_from_path("gen_vocabulary", DOCS / "gen_vocabulary.py")
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    for name in rulesets.BUILTIN:
        assert gen.embedded(text, name) is not None, f"the {name} vocabulary markers are missing"
        assert gen.embedded(text, name) == gen.render(name), \
            f"docs/language.md's {name} vocabulary is stale: " \
            "run python docs/gen_vocabulary.py --write"


def _example_module_from_path(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _play(path: Path, name: str, module: str, monkeypatch) -> None:
    """Run a scenario of an example ruleset registered for this test only, and check `expect`."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setitem(rulesets.BUILTIN, name, f"{module}:RULESET")
    sc = load_scenario(path)
    result = run_scenario(sc)
    assert result["ok"], result["error"]
    assert check(sc.data["expect"], result, ordered=bool(sc.data.get("ordered"))) == []


def test_heal_mod_scenario(monkeypatch):
    """The worked example's new verb, pattern, label and keyword play a scenario."""
    _play(EXAMPLES / "heal_mod.yaml", "sorcery_heal", "heal_mod", monkeypatch)


def test_skirmish_ruleset_scenario(monkeypatch):
    """engine.md's sixth-game example ruleset loads and plays its scenario."""
    _play(EXAMPLES / "skirmish" / "scenarios" / "spark_and_the_mourner.yaml", "skirmish",
          "skirmish", monkeypatch)


def test_example_rulesets_stay_out_of_the_builtin_registry():
    """The docs' example rulesets are examples: the built-in registry does not list them."""
    assert "skirmish" not in rulesets.BUILTIN and "sorcery_heal" not in rulesets.BUILTIN


def test_tour_scenario_passes():
    """README's tour scenario meets its expectations."""
    sc = load_scenario(EXAMPLES / "tour" / "ember_imp.yaml")
    result = run_scenario(sc)
    assert check(sc.data["expect"], result) == []


SCENARIO_REF = re.compile(r"cards/([\w-]+)/scenarios/([\w./-]+?\.ya?ml)")


def _scenario_refs():
    out = []
    for path in sorted((DOCS / "rulesets").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for m in SCENARIO_REF.finditer(text):
            out.append((path.name, m.group(0)))
    return sorted(set(out))


def test_ruleset_docs_name_scenarios():
    """docs/rulesets/*.md point at the scenarios that show each rule."""
    assert len(_scenario_refs()) >= 10


@pytest.mark.parametrize("doc,ref", _scenario_refs(), ids=lambda x: str(x))
def test_scenario_named_in_ruleset_docs_exists(doc, ref):
    """Every scenario file a ruleset document names exists."""
    assert (ROOT / ref).is_file(), f"docs/rulesets/{doc} names {ref}, which does not exist"


OUTSIDE = re.compile(r"/w[o]rk/|\.\./shared|shared/spec|shared/seeds|spec/pools\.md|(?<![\w/])seeds/")


def _committed_text_files() -> list[Path]:
    import subprocess
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    # outside git (a copy of the tree): every file but git's own and the installed node packages
    names = out.stdout.split() if out.returncode == 0 else \
        [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
         if not {".git", "node_modules"} & set(p.parts)]
    keep = (".md", ".cards", ".yaml", ".yml", ".py", ".toml", ".sh", ".lark", ".json")
    return [ROOT / n for n in names if n.endswith(keep) and (ROOT / n).is_file()]


def test_no_file_names_a_path_outside_the_repository():
    """The project stands alone: no committed text file points at a path outside it."""
    here = Path(__file__).resolve()
    bad = []
    for path in _committed_text_files():
        if path.resolve() == here:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace")
                                 .splitlines(), 1):
            if OUTSIDE.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert bad == []


@pytest.mark.parametrize("doc", ["README.md", "docs/language.md", "docs/scenarios.md"])
@pytest.mark.parametrize("word", ["happening", "event", "storyline", "split"])
def test_words_are_defined_before_their_first_use(doc, word):
    """'happening', 'event', 'storyline', 'split' first appear where the text defines them."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    first = re.search(rf"\b{word}", text, re.I)
    assert first is not None
    around = text[max(0, first.start() - 2):first.end() + 4]
    assert "*" in around, f"{doc}: '{word}' is first used before it is defined: " + \
        text[max(0, first.start() - 80):first.end() + 40]


def test_scenarios_doc_covers_every_key_and_verb():
    """docs/scenarios.md names every key the loader accepts and every ruleset's action verbs."""
    from cardscript.scenario import loader
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    keys = (loader.TOP_KEYS | loader.CARD_KEYS | loader.ACTION_KEYS | loader.CHOICE_KINDS |
            loader.OPTION_KEYS | loader.EXPECT_KEYS | loader.CHOICE_KEYS)
    for name in rulesets.BUILTIN:                 # each game's own keys and question kinds
        rs = rulesets.get(name)
        keys |= set(rs.card_keys) | set(rs.action_keys) | set(rs.choice_kinds)
    verbs = {v for name in rulesets.BUILTIN for v in rulesets.get(name).actions}
    missing = sorted(k for k in keys | verbs if f"`{k}`" not in text)
    assert missing == [], f"docs/scenarios.md does not name: {missing}"
    for name in rulesets.BUILTIN:
        assert f"`{name}`" in text


def test_readme_mentions_run_html():
    """The README shows `run --html`, the storyline as a web page."""
    assert "run --html" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_skirmish_adds_its_own_key_question_and_setting(monkeypatch):
    """Skirmish's own card key, question kind and policy setting play a scenario."""
    _play(EXAMPLES / "skirmish" / "scenarios" / "a_veteran_retreats.yaml", "skirmish",
          "skirmish", monkeypatch)


def test_skirmish_setting_changes_the_resolution(monkeypatch):
    """With Skirmish's own `retreat: never` the veteran dies and the Mourner draws."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setitem(rulesets.BUILTIN, "skirmish", "skirmish:RULESET")
    import dataclasses
    rs = rulesets.get("skirmish")
    never = dataclasses.replace(rs, policy=rs.policy.replace(retreat="never"))
    monkeypatch.setattr(rulesets, "get", lambda name: never)
    path = EXAMPLES / "skirmish" / "scenarios" / "a_veteran_retreats.yaml"
    sc = load_scenario(path)
    sc.data["choices"] = []
    result = run_scenario(sc)
    assert result["ok"], result["error"]
    assert [e["source"] for e in result["trace"]] == ["Spark", "Mourner"]
    assert result["state"]["players"]["bob"]["zones"]["discard"] == ["Goblin"]


def test_skirmish_schema_needs_no_edit_outside_its_folder():
    """Nothing outside docs/examples/skirmish names Skirmish's key, question or setting."""
    src = ROOT / "src" / "cardscript"
    for path in src.rglob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        for word in ("veteran", "retreat"):
            assert word not in text, f"{path} names {word!r}"
