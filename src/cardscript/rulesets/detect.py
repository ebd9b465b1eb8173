"""Which ruleset a card file is written for, and how that was decided.

In order: the file's own `# ruleset: NAME` line (grammar/ruleset_line.py), else the
nearest folder up its path named after a ruleset (`cards/keyforge/...`), else the
ruleset given on the command line, else Sorcery, said as an assumption so the user
sees it and can name one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import CardScriptError, did_you_mean
from ..grammar.ruleset_line import HEAD_BYTES, file_ruleset_line, ruleset_line
from . import available

DEFAULT = "sorcery"
# How the ruleset was chosen, in the words `check` prints.
SOURCES = {"header": "from its ruleset line", "folder": "from its folder",
           "option": "from --ruleset", "default": "assumed: nothing names a ruleset"}


@dataclass(frozen=True, slots=True)
class RulesetChoice:
    """A ruleset name and where it came from: header, folder, option or default."""

    name: str
    source: str

    def describe(self) -> str:
        """'keyforge (from its folder)'."""
        return f"{self.name} ({SOURCES[self.source]})"


def from_header(path: Path) -> str | None:
    """The ruleset the file's ruleset line names; an unknown name is an error (E002)."""
    return _named(file_ruleset_line(path))


def from_text(text: str, path: str) -> str | None:
    """The same, from the text of a card file as an editor holds it."""
    return _named(ruleset_line(text[:HEAD_BYTES], path))


def _named(found) -> str | None:
    """The ruleset a ruleset line names, checked against the known ones."""
    if found is None:
        return None
    table = available()
    if found.name not in table:
        what = f"unknown ruleset {found.name!r}" if found.name else "the ruleset line names none"
        raise CardScriptError(what, found.span, code="E002", source_line=found.line,
                              hint=" ".join(filter(None, [did_you_mean(found.name, table),
                                                          "rulesets: " + ", ".join(table)])))
    return found.name


def from_folder(path: Path) -> str | None:
    """The nearest folder up the path that is named after a ruleset."""
    table = available()
    for part in path.resolve().parent.parts[::-1]:
        if part in table:
            return part
    return None


def ruleset_of(path: Path, given: str | None) -> RulesetChoice:
    """The ruleset to read the card file `path` with (see the module's docstring)."""
    name = from_header(path)
    if name:
        return RulesetChoice(name, "header")
    name = from_folder(path)
    if name:
        return RulesetChoice(name, "folder")
    if given:
        return RulesetChoice(given, "option")
    return RulesetChoice(DEFAULT, "default")
