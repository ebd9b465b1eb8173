"""`cardscript lint` inside the server: one open card file's findings and their safe fixes.

Lint runs when a file is opened or saved, not on every keystroke (the per-keystroke check
stays as fast as before); an edit drops the file's findings until the next save, since their
places may have moved. The workspace's pyproject `[tool.cardscript.lint]` table is honoured as
`cardscript lint` honours it (found from the file's folder upwards), and so are
`# cardscript: ignore[CODE]` comments. Pool-wide rules (L001, L010...) see the file's own
cards. No LSP library here: server.py turns findings into diagnostics and code actions.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import CardScriptError
from ..lint import Source, fixed_text, lint_sources
from ..lint.command import same_meaning
from ..lint.config import find_pyproject, load_config
from ..lint.fmt_command import in_pool
from ..lint.rules import Finding
from .analysis import ruleset_for


def lint_text(path: str, text: str) -> tuple[Source | None, list[Finding]]:
    """The lint findings (L-codes only) of a card file's text; none when its ruleset or the
    configuration cannot be read (check's diagnostics already say so)."""
    p = Path(path)
    try:
        config = load_config(find_pyproject(p.parent))
        ruleset = ruleset_for(path, text)
        source = Source(p, text, ruleset.name, in_pool(p, ruleset))
    except CardScriptError:
        return None, []
    found = lint_sources([source], config, [])
    return source, [f for f in found if f.code.startswith("L") and f.file == str(p)]


def fixed(source: Source, finding: Finding) -> str | None:
    """The text with one finding fixed, or None when it has no safe fix."""
    if not finding.fix:
        return None
    new = fixed_text(source, [finding])
    if new == source.text or not same_meaning(source, new):
        return None
    return new
