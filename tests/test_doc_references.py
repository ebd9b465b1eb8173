"""The documents point at things that exist: every relative link and #anchor of the committed
Markdown files resolves; every code path, function and scenario file that docs/rulesets/*.md
name (their "rule -> code -> scenario" tables and lists) is in the tree; and engine.md's
tables name every field of a `Ruleset` and every policy setting.

Anchors are made as GitHub makes them: the heading's text in lower case, backticks, emphasis
and punctuation dropped, spaces turned into hyphens, and `-1`, `-2`, ... after a repeated one.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "cardscript"
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
INLINE_CODE = re.compile(r"`[^`\n]*`")


def _markdown_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return [ROOT / n for n in out.stdout.split() if (ROOT / n).is_file()]
    # outside git (a copy of the tree): every file but git's own and the installed node packages
    return sorted(p for p in ROOT.rglob("*.md") if not {".git", "node_modules"} & set(p.parts))


DOCS = _markdown_files()


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading (before a repeat's -N)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"`|\*|(?<!\w)_|_(?!\w)", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset:
    """Every #anchor a Markdown file offers: its headings (outside code blocks) and named tags."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict = {}
    out = set()
    for m in HEADING.finditer(text):
        s = slug(m.group(2))
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    out |= set(re.findall(r'<a (?:name|id)="([^"]+)"', text))
    return frozenset(out)


def links(path: Path) -> list[tuple[int, str]]:
    """(line, target) of each relative link of a Markdown file, code blocks and spans left out."""
    text = path.read_text(encoding="utf-8")
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    text = INLINE_CODE.sub("", text)
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in LINK.finditer(text)
            if not re.match(r"[a-z][a-z0-9+.-]*:", m.group(1))]


def test_slug_follows_github():
    """Headings with code, punctuation and a colon give the anchors GitHub makes of them."""
    assert slug("Players: `you`, your opponent, an opponent") == \
        "players-you-your-opponent-an-opponent"
    assert slug("What `explain --text` writes") == "what-explain---text-writes"
    assert slug("Printed forms (the card naming itself)") == "printed-forms-the-card-naming-itself"


def test_the_docs_have_links_to_check():
    """README.md and docs/ hold relative links and #anchors, so the checks below check something."""
    found = [t for p in DOCS for _, t in links(p)]
    assert len(found) >= 100 and sum("#" in t for t in found) >= 20


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_and_anchors_resolve(doc):
    """Every relative link of a document names a file that exists, and its #anchor a heading."""
    bad = []
    for line, target in links(doc):
        path, _, frag = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        where = f"{doc.relative_to(ROOT)}:{line}: {target}"
        if not dest.exists():
            bad.append(f"{where}: no such file")
        elif frag and dest.suffix == ".md" and frag not in anchors(dest):
            bad.append(f"{where}: {dest.name} has no heading #{frag}")
    assert bad == []


# `story.py` `fetch`, `_place`: a Python file, then the names the text says it holds
CODE_REF = re.compile(r"`([\w/]+\.py)`((?:,? `[A-Za-z_]\w*`)*)")
YAML_REF = re.compile(r"`([\w/.-]+\.ya?ml)`")
RULESET_DOCS = sorted((ROOT / "docs" / "rulesets").glob("*.md"))


def _python_file(game: str, name: str) -> Path | None:
    """The file a ruleset document means by NAME: from the repository, the game's folder, the
    rulesets folder or the package; a bare name elsewhere in the package when only one has it."""
    for base in (ROOT, SRC / "rulesets" / game, SRC / "rulesets", SRC):
        if (base / name).is_file():
            return base / name
    hits = [p for p in SRC.rglob(Path(name).name) if p.as_posix().endswith("/" + name)]
    return hits[0] if len(hits) == 1 else None


def _defines(path: Path, name: str) -> bool:
    text = path.read_text(encoding="utf-8")
    return re.search(rf"^\s*(?:async\s+)?(?:def|class)\s+{name}\b|^\s*{name}\s*[:=]|"
                     rf"\b{name}\s*=(?!=)|^\s*{name},", text, re.M) is not None


def _code_refs():
    out = []
    for doc in RULESET_DOCS:
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for m in CODE_REF.finditer(line):
                out.append((doc.stem, n, m.group(1), tuple(re.findall(r"`(\w+)`", m.group(2)))))
    return out


def test_ruleset_docs_name_code():
    """docs/rulesets/*.md name the code of each rule, and the functions in it."""
    refs = _code_refs()
    assert len(refs) >= 100 and sum(len(r[3]) for r in refs) >= 100


@pytest.mark.parametrize("doc", RULESET_DOCS, ids=lambda p: p.name)
def test_code_named_in_ruleset_docs_exists(doc):
    """Every Python file a ruleset document names exists, and holds each name given after it."""
    bad = []
    for game, line, name, idents in _code_refs():
        if game != doc.stem:
            continue
        path = _python_file(game, name)
        if path is None:
            bad.append(f"{doc.name}:{line}: no file {name}")
            continue
        bad += [f"{doc.name}:{line}: {name} defines no {i}" for i in idents
                if not _defines(path, i)]
    assert bad == []


@pytest.mark.parametrize("doc", RULESET_DOCS, ids=lambda p: p.name)
def test_scenario_files_named_in_ruleset_docs_exist(doc):
    """Every scenario a ruleset document names (from the repository, from the game's scenarios
    folder, or by a bare file name found anywhere in it) exists."""
    scenarios = ROOT / "cards" / doc.stem / "scenarios"
    names = {p.name for p in scenarios.rglob("*.y*ml")}
    bad = []
    for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        for m in YAML_REF.finditer(line):
            ref = m.group(1)
            if not ((ROOT / ref).is_file() or (scenarios / ref).is_file() or
                    ("/" not in ref and ref in names)):
                bad.append(f"{doc.name}:{n}: {ref}")
    assert bad == []


def _table_names(doc: Path, heading: str) -> set:
    """The `names` of the first cell of each table row under a heading (`a`, `b` | ...)."""
    text = doc.read_text(encoding="utf-8")
    start = text.index(heading)
    cells = re.findall(r"^\| ([^|]*)\|", text[start:text.find("\n## ", start + 1)], re.M)
    return {name for cell in cells for name in re.findall(r"^`(\w+)`|, `(\w+)`", cell)
            for name in name if name}


def test_engine_doc_lists_every_ruleset_field():
    """engine.md's "Adding a game" table has a row for each field of `Ruleset`."""
    import dataclasses

    from cardscript.rulesets import Ruleset
    rows = _table_names(ROOT / "docs" / "engine.md", "## Adding a game")
    missing = [f.name for f in dataclasses.fields(Ruleset) if f.name not in rows]
    assert missing == [], f"docs/engine.md's Adding a game table lacks {missing}"


def test_engine_doc_lists_every_policy_setting():
    """engine.md's "Policy settings" table has a row for each setting a policy table may set."""
    import dataclasses

    from cardscript.interpreter.policy import Policy
    rows = _table_names(ROOT / "docs" / "engine.md", "## Policy settings")
    missing = [f.name for f in dataclasses.fields(Policy)
               if f.name != "settings" and f.name not in rows]   # settings: the game's own
    assert missing == [], f"docs/engine.md's Policy settings table lacks {missing}"


def _raised_codes() -> set:
    """Every error code the source passes as `code=` to an error (or names in a constant it
    passes), defaults of helper parameters and of the error classes left out."""
    import ast
    codes = set()
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                     and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                     for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                if kw.arg != "code":
                    continue
                value = kw.value.value if isinstance(kw.value, ast.Constant) else \
                    constants.get(kw.value.id) if isinstance(kw.value, ast.Name) else None
                if isinstance(value, str) and re.fullmatch(r"[ESR]\d{3}", value):
                    codes.add(value)
    return codes


def test_every_error_code_is_documented():
    """Each error code a user can meet is explained in README.md, docs/ or editor-support/."""
    codes = _raised_codes()
    assert {"E101", "E201", "S001", "S206", "R102"} <= codes
    text = "\n".join(p.read_text(encoding="utf-8") for p in DOCS)
    missing = sorted(c for c in codes if not re.search(rf"\b{c}\b", text))
    assert missing == [], f"no document explains {missing}"
