"""Find the scenario files under the paths `cardscript test` is given.

A folder is searched all the way down (hidden folders aside), whatever it is called
and wherever the command runs from. A YAML file there is taken for a scenario when
its top level has a `ruleset:` key, or a `name:` key beside one of the other keys
only a scenario has; any other YAML (a CI workflow, a data file) is skipped and
counted. A file named on the command line is always taken: if it is no scenario,
loading it says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import userfiles
from ..errors import CardScriptError

SUFFIXES = (".yaml", ".yml")
# Only the head of a file is read to tell a scenario from other YAML.
SNIFF_BYTES = 64 * 1024
TOP_KEY = re.compile(r"""^["']?([A-Za-z_][\w-]*)["']?[ \t]*:""", re.M)
SCENARIO_ONLY_KEYS = frozenset({"players", "setup", "actions", "choices", "expect"})


@dataclass
class Collected:
    """What a search found: scenario files (sorted, each once), skipped YAML, missing paths."""

    files: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def top_level_keys(path: Path) -> set[str]:
    """The keys written at the top level of a YAML file's head (empty if it cannot be read)."""
    try:
        with open(path, "rb") as f:
            head = f.read(SNIFF_BYTES)
    except OSError:
        return set()
    return set(TOP_KEY.findall(head.decode("utf-8", "replace")))


def looks_like_a_scenario(path: Path) -> bool:
    """A scenario names its ruleset, or has a name and a key only scenarios have."""
    keys = top_level_keys(path)
    return "ruleset" in keys or ("name" in keys and bool(keys & SCENARIO_ONLY_KEYS))


def _yaml_under(folder: Path) -> list[Path]:
    # A subfolder that cannot be read is an error (E001), never skipped in silence.
    try:
        found = userfiles.walk(folder, SUFFIXES)
    except userfiles.Refused as e:
        raise CardScriptError(f"cannot read {e.path}: {e.reason}", None, code="E001",
                              hint="make the folder readable, or name the scenario files "
                                   "you mean") from None
    out = []
    for p in found:
        rel = p.relative_to(folder).parts
        if p.is_file() and not any(part.startswith(".") for part in rel):
            out.append(p)
    return out


def collect_scenarios(paths) -> Collected:
    """Every scenario file under `paths` (files named directly are always taken)."""
    found = Collected()
    files: set[Path] = set()
    skipped: set[Path] = set()
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            for f in _yaml_under(p):
                (files if looks_like_a_scenario(f) else skipped).add(f)
        elif p.exists():
            files.add(p)
        else:
            found.missing.append(str(raw))
    found.files = sorted(files)
    found.skipped = sorted(skipped - files)
    return found
