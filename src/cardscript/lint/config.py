"""Lint settings from pyproject.toml's [tool.cardscript.lint] table (read with tomllib).

    [tool.cardscript.lint]
    select = ["L"]                     # codes or prefixes; default: every rule but L002
    ignore = ["L011"]
    per-file-ignores = {"cards/drafts/*.cards" = ["L001"]}
    cost-tolerance = 3                 # L011: how far off the pool's curve a cost may be

    [tool.cardscript.lint.reminders]               # L007: canonical reminder texts
    airborne = "it flies over what stands in its way"
    [tool.cardscript.lint.reminders.keyforge]      # one ruleset's

    [tool.cardscript.lint.conventions]             # every pool
    amounts = "digits"
    [tool.cardscript.lint.conventions.keyforge]    # one ruleset's pool
    label-separator = ":"
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from ..errors import CardScriptError
from ..fmt.canonical import Conventions

RULES = {
    "L001": "the same effect worded two ways in one pool",
    "L002": "a line differs from its canonical text",
    "L003": "a card names itself instead of saying 'this'",
    "L004": "a number in digits where the pool writes words, or the other way",
    "L005": "a keyword not capitalised as the pool writes it",
    "L006": "a label without the pool's separator (Genesis →)",
    "L007": "a keyword's reminder text missing or other than its canonical reminder",
    "L008": "a synonym the game treats alike, other than the pool's word",
    "L009": "a triggered ability that can never trigger",
    "L010": "two cards that do the same thing",
    "L011": "a cost far off the pool's curve for the card's stats",
    "L012": "'your opponent' (two players only) in a ruleset whose games may have more",
    "L013": "a card replaced by a card of the same name in a later file",
    "L014": "a phrasing the game reads but prints another way",
    "L900": "an ignore comment that ignores nothing",
}
DEFAULT_OFF = frozenset({"L002"})
_CONV_KEYS = {f.name.replace("_", "-"): f.name for f in fields(Conventions)}


@dataclass
class LintConfig:
    """What to check and the conventions to check against."""

    select: tuple = ()
    ignore: tuple = ()
    per_file_ignores: dict = field(default_factory=dict)
    conventions: dict = field(default_factory=dict)     # ruleset (or "") -> Conventions
    cost_tolerance: int = 3
    reminders: dict = field(default_factory=dict)       # ruleset (or "") -> {keyword: text}
    root: Path = field(default_factory=Path.cwd)

    def enabled(self, code: str, path: Path | None = None) -> bool:
        """Whether a rule runs (on a file, when one is given)."""
        if self.select:
            on = any(code.startswith(s) for s in self.select)
        else:
            on = code not in DEFAULT_OFF
        if any(code.startswith(s) for s in self.ignore):
            return False
        if on and path is not None:
            rel = _relative(path, self.root)
            for pattern, codes in self.per_file_ignores.items():
                if fnmatch.fnmatch(rel, pattern) and any(code.startswith(c) for c in codes):
                    return False
        return on

    def reminders_for(self, ruleset: str) -> dict:
        """The configured canonical reminder texts of one ruleset's keywords."""
        return {**self.reminders.get("", {}), **self.reminders.get(ruleset, {})}

    def conventions_for(self, ruleset: str) -> Conventions:
        """The conventions of one ruleset's pool."""
        return self.conventions.get(ruleset) or self.conventions.get("") or Conventions()


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start`."""
    for folder in [start, *start.parents]:
        cand = folder / "pyproject.toml"
        if cand.is_file():
            return cand
    return None


def _bad(msg: str, path: Path) -> CardScriptError:
    return CardScriptError(f"{path}: {msg}", None, code="E006",
                           hint="see docs/lint.md for the [tool.cardscript.lint] keys")


def _conventions(table: dict, base: Conventions, path: Path) -> Conventions:
    changes = {}
    for key, value in table.items():
        if isinstance(value, dict):
            continue
        if key not in _CONV_KEYS:
            raise _bad(f"unknown convention {key!r}; known: {', '.join(sorted(_CONV_KEYS))}",
                       path)
        name = _CONV_KEYS[key]
        if name == "prefer":
            value = tuple(str(v).lower() for v in value)
        changes[name] = value
    conv = replace(base, **changes)
    for name, allowed in (("amounts", ("digits", "words")), ("counts", ("digits", "words")),
                          ("label_separator", ("→", ":")), ("self_reference", ("this", "name")),
                          ("reminder_text", ("when-known", "optional"))):
        if getattr(conv, name) not in allowed:
            raise _bad(f"{name.replace('_', '-')} must be one of {', '.join(allowed)}", path)
    return conv


def load_config(pyproject: Path | None) -> LintConfig:
    """The settings of a pyproject.toml (defaults when there is none or it says nothing)."""
    if pyproject is None:
        return LintConfig()
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise _bad(f"cannot read it: {e}", pyproject) from None
    table = data.get("tool", {}).get("cardscript", {}).get("lint", {})
    known = {"select", "ignore", "per-file-ignores", "conventions", "cost-tolerance",
             "reminders"}
    for key in table:
        if key not in known:
            raise _bad(f"unknown key {key!r} in [tool.cardscript.lint]", pyproject)
    conv_table = table.get("conventions", {})
    base = _conventions(conv_table, Conventions(), pyproject)
    conventions = {"": base}
    for ruleset, sub in conv_table.items():
        if isinstance(sub, dict):
            conventions[ruleset] = _conventions(sub, base, pyproject)
    reminders: dict = {"": {}}
    for key, value in table.get("reminders", {}).items():
        if isinstance(value, dict):
            reminders[key] = {str(k).lower(): str(v) for k, v in value.items()}
        else:
            reminders[""][str(key).lower()] = str(value)
    codes = lambda key: tuple(str(c).upper() for c in table.get(key, ()))  # noqa: E731
    return LintConfig(select=codes("select"), ignore=codes("ignore"),
                      per_file_ignores={k: tuple(str(c).upper() for c in v)
                                        for k, v in table.get("per-file-ignores", {}).items()},
                      conventions=conventions,
                      cost_tolerance=int(table.get("cost-tolerance", 3)),
                      reminders=reminders,
                      root=pyproject.parent)
