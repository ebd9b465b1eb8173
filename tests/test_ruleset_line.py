"""The `# ruleset: NAME` line of a card file (grammar/ruleset_line.py) and the order in which
a card file's ruleset is chosen (rulesets/detect.py)."""

from __future__ import annotations

import pytest

from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript import userfiles
from cardscript.grammar.ruleset_line import file_ruleset_line, ruleset_line
from cardscript.rulesets.detect import ruleset_of

CARD = 'card "Hearth Mote": minion, cost 1, power 1\n  Genesis → Draw a spell.\n'


@pytest.mark.parametrize("text,name,line,column", [
    ("# ruleset: keyforge\n" + CARD, "keyforge", 1, 12),
    ("\n# Cards for the river.\n  #Ruleset:everrain  \n" + CARD, "everrain", 3, 12),
    ("\ufeff# ruleset: mage_noir\n" + CARD, "mage_noir", 1, 13),
])
def test_the_line_is_found_among_the_top_comments(text, name, line, column):
    """The line may follow blank lines and other comments, in any case and spacing."""
    found = ruleset_line(text, "f.cards")
    assert (found.name, found.span.line, found.span.column) == (name, line, column)


def test_a_comment_after_the_first_card_is_only_a_comment():
    """Only the comments before the first card count."""
    assert ruleset_line(CARD + "# ruleset: keyforge\n", "f.cards") is None


def test_the_line_is_a_comment_to_the_parser():
    """The parser reads a file with a ruleset line as if the line were not there."""
    assert parse_text("# ruleset: keyforge\n" + CARD).cards[0].name == "Hearth Mote"


def test_the_order_line_folder_option_default(tmp_path):
    """The file's line beats its folder, the folder beats --ruleset, --ruleset beats the
    default, and the default is said to be one."""
    folder = tmp_path / "grand_archive"
    folder.mkdir()
    lined = folder / "a.cards"
    lined.write_text("# ruleset: keyforge\n" + CARD, encoding="utf-8")
    plain = folder / "b.cards"
    plain.write_text(CARD, encoding="utf-8")
    loose = tmp_path / "c.cards"
    loose.write_text(CARD, encoding="utf-8")
    assert ruleset_of(lined, "everrain").source == "header"
    assert ruleset_of(plain, "everrain").name == "grand_archive"
    assert ruleset_of(loose, "everrain").name == "everrain"
    choice = ruleset_of(loose, None)
    assert (choice.name, choice.source) == ("sorcery", "default")
    assert choice.describe() == "sorcery (assumed: nothing names a ruleset)"


def test_an_empty_ruleset_line_is_an_error(tmp_path):
    """`# ruleset:` with no name is E002 listing the rulesets."""
    card = tmp_path / "a.cards"
    card.write_text("# ruleset:\n" + CARD, encoding="utf-8")
    with pytest.raises(CardScriptError) as info:
        ruleset_of(card, None)
    assert info.value.code == "E002" and "rulesets: sorcery" in info.value.hint


def test_a_line_separator_in_a_comment_does_not_shift_the_line():
    """Lines are split at '\\n' only, as the parser counts them: a U+2028 in an earlier
    comment leaves the ruleset line on line 2."""
    found = ruleset_line("# old\u2028notes\n# ruleset: keyforge\n" + CARD, "f.cards")
    assert (found.name, found.span.line) == ("keyforge", 2)


def test_the_file_is_read_through_the_safe_reader(tmp_path, monkeypatch):
    """A file the safe reader refuses (here: one standing where the kernel's pseudo-files
    would) is never read for its ruleset line."""
    card = tmp_path / "a.cards"
    card.write_text("# ruleset: keyforge\n" + CARD, encoding="utf-8")
    assert file_ruleset_line(card).name == "keyforge"
    monkeypatch.setattr(userfiles, "PSEUDO_ROOTS", (str(tmp_path.resolve()),))
    assert file_ruleset_line(card) is None
