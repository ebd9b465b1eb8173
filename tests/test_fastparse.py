"""The fast parse driver runs only under the Lark versions it was built against."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import lark

from cardscript.grammar import fastparse
from cardscript.grammar.fastparse import LARK_VERSIONS, lark_supported

ROOT = Path(__file__).resolve().parents[1]


def test_versions_inside_the_range_are_supported():
    """Versions from the first pinned one up to the next minor bound use the fast driver."""
    low, high = LARK_VERSIONS
    assert lark_supported(".".join(map(str, low)))
    assert lark_supported(f"{low[0]}.{low[1]}.{low[2] + 7}")
    assert not lark_supported(".".join(map(str, high)))


def test_versions_outside_the_range_or_unreadable_are_not_supported():
    """An older, newer or unreadable Lark version is refused."""
    for version in ("1.1.9", "1.2.2", "1.4.0", "2.0", "0.12.0", "", "dev", "1.4.0rc1"):
        assert not lark_supported(version), version


def test_installed_lark_is_inside_the_pinned_range():
    """pyproject.toml's bound on lark matches the range the driver was tested against."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"lark>=1.1.9,<{LARK_VERSIONS[1][0]}.{LARK_VERSIONS[1][1]}"' in text
    assert lark_supported(lark.__version__)


def test_another_lark_version_falls_back_to_larks_own_parser():
    """Under a Lark version outside the range no fast driver is built; Lark's own parser parses."""
    code = textwrap.dedent("""
        import lark
        lark.__version__ = "1.4.0"
        from cardscript import grammar
        from cardscript.errors import CardSyntaxError
        grammar.get_parser()
        print("fast:", grammar._fast)
        f = grammar.parse_text('card "Spark": magic, cost 1\\n  Draw a card.\\n')
        print("cards:", [c.name for c in f.cards])
        try:
            grammar.parse_text('card "Bad" magic\\n')
        except CardSyntaxError as exc:
            print("error:", exc.code)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    lines = out.stdout.splitlines()
    assert lines[0] == "fast: None"
    assert lines[1] == "cards: ['Spark']"
    assert lines[2].startswith("error: E")


def test_the_installed_version_builds_the_fast_driver():
    """Under the installed (supported) Lark the grammar uses the fast driver."""
    from cardscript import grammar
    grammar.get_parser()
    assert isinstance(grammar._fast, fastparse.FastParser)
