"""The fast parse driver runs only under the Lark versions it was built against."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import lark
import pytest

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


def _fast_and_lark(source: str):
    """What the fast driver and Lark each make of `source`: the AST, 'bad', or the error."""
    from lark.exceptions import UnexpectedInput

    from cardscript import grammar
    from cardscript.errors import CardScriptError
    parser, builder = grammar.get_parser()
    builder.file, builder.long_numbers = "h.cards", False
    out = []
    for parse in (grammar._fast.parse, parser.parse):
        try:
            got = parse(source)
            out.append("bad" if got is None else got)
        except UnexpectedInput:
            out.append("bad")
        except CardScriptError as exc:
            out.append(str(exc))
    return out


def test_the_header_path_is_on_for_the_grammar():
    """The driver reads a common header line in one step under the shipped grammar."""
    from cardscript import grammar
    grammar.get_parser()
    header = grammar._fast.header
    assert header is not None
    assert grammar._fast.appends[header.card_state] == fastparse.HEADER_MARK


@pytest.mark.parametrize("header", [
    '"Tarn Lurker": minion beast, cost 4, power 3, mark "Hollow Pike", lift -2, edge +1+',
    '"Tarn Lurker" :\tMinion  Beast ,cost 4',
    '"Tarn Lurker": minion two-headed, cost 4',           # a hyphen: token by token
    "\"Tarn Lurker\": minion, rider's mark 2",             # an apostrophe
    '"Tarn Lurker": minion x3, cost 4',                    # a word with a digit
    '"Tarn Lurker": minion, cost 4 # cheap',               # a comment
    '"Tarn Lurker": minion, cost 4 (four)',                # a reminder
    '"Tarn Lurker": minion, cost4',                        # no blank before the value
    '"Tarn Lurker": minion, cost 4x',                      # a value glued to a word
    '"Tarn Lurker": minion, cost 4 4',                     # two values
    '"Tarn Lurker": minion,, cost 4',                      # an empty item
    '"Tarn Lurker": minion, cost 4,',                      # a trailing comma
    '"Tarn Lurker" minion',                                # no colon
    '"Tarn\x01Lurker": minion',                            # a control character: E106
    '"Tarn Lurker": minion, mark "Hol\x02low"',
    '"Tarn Lurker": minion, cost 4\r',                     # CRLF
    '"Tarn Lurker": élan',                                 # beyond ASCII: token by token
])
def test_the_header_path_builds_what_lark_builds(header):
    """A header line, common or not, gives the fast driver's AST or error exactly as Lark's."""
    for rest in ("", "  Draw a spell.\n", '  Airborne\ncard "Fen Moth": site\n'):
        fast, slow = _fast_and_lark(f"card {header}\n{rest}")
        assert fast == slow


def test_an_edited_header_rule_leaves_the_header_path_off():
    """A grammar whose header rule is not the one the path was written for keeps it off."""
    from lark import Lark

    from cardscript.grammar import _PARSER_OPTIONS, grammar_text
    from cardscript.grammar.builder import AstBuilder
    text = grammar_text().replace("hitem: WORD+ (NUMBER | NAME | SIGNED)?",
                                  "hitem: WORD+ (NUMBER | NAME)?")
    assert text != grammar_text()
    builder = AstBuilder()
    driver = fastparse.FastParser.build(Lark(text, transformer=builder, **_PARSER_OPTIONS),
                                        builder)
    assert driver is not None and driver.header is None
    builder.file = "h.cards"
    assert driver.parse('card "Fen Moth": site, cost 2\n')[0].header[1].value == 2
