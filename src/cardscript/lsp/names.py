"""Quoted card names across a workspace: where each is declared and where it is used.

In card files a name is a quoted token (`card "Tawny": ...` declares, `summon "Tawny"` uses),
found with the lexer so that a name inside a comment or reminder text does not count. In
scenario YAML a name is a scalar that is exactly the name (`hand: [Tawny]`,
`{card: Tawny}`), a state path `card.Tawny.at`, or a storyline entry `Tawny (genesis)`;
prose (`name:`, `description:`, `did:` lines) is left alone.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import yaml

from ..editor.lexer import CardScriptLexer
from ..userfiles import Refused, read_bytes
from ..editor.tokens import pygments_token_of

CARD_SUFFIXES = (".cards",)
YAML_SUFFIXES = (".yaml", ".yml")
SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "__pycache__", ".hypothesis",
             ".pytest_cache", "build", "dist"}
PROSE_KEYS = {"name", "description", "did", "text", "hint", "message"}
MAX_FILES = 5000
MAX_DEPTH = 12
MAX_BYTES = 4_000_000           # a card file or scenario past this is not read for names
MAX_YAML = 1_000_000            # characters: a scenario is a few kilobytes
SCENARIO_KEY = re.compile(r"^ruleset[ \t]*:", re.M)


@dataclass(frozen=True, slots=True)
class Occurrence:
    """A name in a file: 0-based line, the columns of the name itself (no quotes)."""

    path: str
    line: int
    start: int
    end: int
    name: str
    declaration: bool


_DEF = pygments_token_of("card_name_def")
_REF = pygments_token_of("card_name")


def in_cards(path: str, text: str) -> list[Occurrence]:
    """Every quoted card name of a card file, declarations marked."""
    out = []
    line = col = 0
    for _, ttype, value in CardScriptLexer().get_tokens_unprocessed(text):
        if ttype is _DEF or ttype is _REF:
            out.append(Occurrence(path, line, col + 1, col + len(value) - 1, value[1:-1],
                                  ttype is _DEF))
        nl = value.count("\n")
        if nl:
            line += nl
            col = len(value) - value.rfind("\n") - 1
        else:
            col += len(value)
    return out


def in_yaml(path: str, text: str) -> list[Occurrence]:
    """Every card-name scalar of a scenario file (see the module's docstring); none if the
    YAML does not read, is too big, or is no scenario (it has no top-level `ruleset:`)."""
    if len(text) > MAX_YAML or not SCENARIO_KEY.search(text):
        return []
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    lines = text.splitlines()
    out: list[Occurrence] = []
    stack = [(root, None)]
    seen: set[int] = set()
    while stack:
        node, key = stack.pop()
        # A node an alias repeats is one place in the text: visit it once (and a file of
        # aliases of aliases costs its size, not the size of its expansion).
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value.startswith("card."):
                    _scalar(path, k, lines, out)
                name = k.value if isinstance(k, yaml.ScalarNode) else None
                if name not in PROSE_KEYS:
                    stack.append((v, name))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((v, key) for v in node.value)
        elif isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str"):
            _scalar(path, node, lines, out)
    return sorted(out, key=lambda o: (o.line, o.start))


def _scalar(path: str, node, lines: list[str], out: list[Occurrence]) -> None:
    """Record the name a one-line scalar holds, at its place in the source line."""
    start, end = node.start_mark, node.end_mark
    if start.line != end.line or start.line >= len(lines):
        return
    value = node.value
    if value.startswith("card.") and value.count(".") >= 2:
        name = value[5:value.rindex(".")]
        offset = 5
    elif " (" in value and value.endswith(")"):
        name, offset = value.split(" (", 1)[0], 0
    else:
        name, offset = value, 0
    raw = lines[start.line][start.column:end.column]
    at = raw.find(name, offset)
    if not name or at < 0 or raw[at:at + len(name)] != name:
        return
    col = start.column + at
    out.append(Occurrence(path, start.line, col, col + len(name), name, False))


def occurrences(path: str, text: str) -> list[Occurrence]:
    """The names of a file, by its kind (card file or scenario)."""
    if path.endswith(CARD_SUFFIXES):
        return in_cards(path, text)
    if path.endswith(YAML_SUFFIXES):
        return in_yaml(path, text)
    return []


def workspace_files(roots: list[str]) -> list[str]:
    """Card files and YAML files under the workspace folders: regular files (no links), at
    most MAX_DEPTH folders down and MAX_FILES in all, sorted."""
    out: list[str] = []
    for root in roots:
        base = root.rstrip(os.sep).count(os.sep)
        for folder, dirs, files in os.walk(root):
            if folder.count(os.sep) - base >= MAX_DEPTH:
                dirs[:] = []
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
            for f in sorted(files):
                full = os.path.join(folder, f)
                if f.endswith(CARD_SUFFIXES + YAML_SUFFIXES) and not os.path.islink(full):
                    out.append(full)
                    if len(out) >= MAX_FILES:
                        return out
    return out


class NameIndex:
    """Names over the workspace, and over the bundled pools (read only: a card a file names
    may be declared there); open documents are read from the editor, the rest from disk
    (cached by modification time)."""

    def __init__(self, roots: list[str], pools: list[str] = ()):
        self.roots = roots
        inside = [os.path.realpath(r) for r in roots]
        # A pool already under the workspace is the workspace's own (and may be renamed in).
        self.pools = [p for p in pools if not any(
            os.path.realpath(p) == r or os.path.realpath(p).startswith(r + os.sep)
            for r in inside)]
        self._disk: dict[str, tuple[float, list[Occurrence]]] = {}

    def _file(self, path: str, open_docs: dict[str, str]) -> list[Occurrence]:
        if path in open_docs:
            return occurrences(path, open_docs[path])
        try:
            mtime = os.stat(path).st_mtime
        except OSError:
            return []
        hit = self._disk.get(path)
        if hit is None or hit[0] != mtime:
            try:                     # a regular file of at most MAX_BYTES (userfiles.py)
                text = read_bytes(path, limit=MAX_BYTES).decode("utf-8")
            except (Refused, UnicodeDecodeError):
                text = ""
            hit = self._disk[path] = (mtime, occurrences(path, text))
        return hit[1]

    def all(self, open_docs: dict[str, str], pools: bool = True) -> list[Occurrence]:
        """Every name occurrence of the workspace and the open documents, and of the bundled
        pools unless `pools` is false (a rename edits the workspace only)."""
        paths = set(workspace_files(self.roots)) | set(open_docs)
        if pools:
            paths |= {p for p in workspace_files(self.pools) if p.endswith(CARD_SUFFIXES)}
        return [o for p in sorted(paths) for o in self._file(p, open_docs)]

    def of(self, name: str, open_docs: dict[str, str], pools: bool = True) -> list[Occurrence]:
        """Every occurrence of one name."""
        return [o for o in self.all(open_docs, pools) if o.name == name]


def at(path: str, text: str, line: int, column: int) -> Occurrence | None:
    """The name under a 0-based position of a file (the quotes count as part of it)."""
    for o in occurrences(path, text):
        if o.line == line and o.start - 1 <= column <= o.end + 1:
            return o
    return None
