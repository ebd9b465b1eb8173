"""The grammar and AST builder: what card text parses into."""

from __future__ import annotations

import pytest

from cardscript import syntax as ast
from cardscript.errors import CardSyntaxError
from cardscript.grammar import get_parser, parse_text


def one_ability(body: str):
    f = parse_text(f'card "X": minion, power 1\n  {body}\n', "t.cards")
    (card,) = f.cards
    (ab,) = card.abilities
    return ab


def test_header_reads_kind_stats_and_flags():
    """A header item is words and an optional number or quoted value."""
    f = parse_text('card "Summer River": site, water\ncard "Tawny": token minion, power 2\n')
    river, tawny = f.cards
    assert river.name == "Summer River"
    assert [h.words for h in river.header] == [("site",), ("water",)]
    assert tawny.header[0].words == ("token", "minion")
    assert tawny.header[1].value == 2


def test_several_cards_comments_and_blank_lines():
    """Comments and blank lines are skipped; each `card` starts a new card."""
    text = "# pool\ncard \"A\": minion\n\n  # note\n  Airborne  # flies\ncard \"B\": site\n"
    f = parse_text(text)
    assert [c.name for c in f.cards] == ["A", "B"]
    assert isinstance(f.cards[0].abilities[0], ast.KeywordLine)
    assert f.cards[0].abilities[0].text == "Airborne"


def test_keywords_are_case_insensitive():
    """Structural keywords read in any case."""
    ab = one_ability("WHENEVER a minion enters this site, KILL it THEN draw a spell.")
    assert isinstance(ab, ast.TriggeredAbility)
    assert isinstance(ab.effect, ast.Sequence)
    assert isinstance(ab.effect.steps[1], ast.Then)


def test_label_arrow_and_ascii_arrow():
    """`Genesis → x` and `Tap -> x` are labelled abilities."""
    a = one_ability("Genesis → Draw a spell.")
    b = one_ability("Tap -> Draw a spell.")
    assert isinstance(a, ast.LabelledAbility) and a.label == "Genesis"
    assert isinstance(b, ast.LabelledAbility) and b.label == "Tap"


def test_trigger_with_while_condition():
    """`whenever P while C, E` keeps the pattern, the condition and the effect apart."""
    ab = one_ability("Whenever an enemy minion enters this site while this site is a water "
                     "site, submerge that minion.")
    assert ab.word == "whenever"
    assert ab.pattern.text == "an enemy minion enters this site"
    assert ab.condition.parts[0].text == "this site is a water site"


def test_suffix_repetition_one_at_a_time_is_one_repeat():
    """', three times, one at a time' wraps the step in a single Repeat."""
    ab = one_ability("Deal 1 damage to a unit you choose, three times, one at a time.")
    assert isinstance(ab.effect, ast.Repeat)
    assert (ab.effect.times, ab.effect.one_at_a_time) == (3, True)


def test_prefix_repetition_with_colon():
    """'Three times, one at a time: X' wraps X."""
    ab = one_ability("Three times, one at a time: deal 1 damage to a unit you choose.")
    assert isinstance(ab.effect, ast.Repeat) and ab.effect.one_at_a_time


def test_twice_as_much_is_no_repetition():
    """'twice as much' stays words of the sentence; 'twice' alone repeats it."""
    ab = one_ability("Affected sites give twice as much mana.")
    assert isinstance(ab.effect, ast.Step)
    assert [w.text for w in ab.effect.phrase.words][3:6] == ["twice", "as", "much"]
    assert isinstance(one_ability("Draw a spell, twice.").effect, ast.Repeat)


def test_whether_opens_a_condition_of_two_cases():
    """'Whether A or B, X.' is X under the condition; 'Whether' with no 'or' is E101."""
    ab = one_ability("Whether this X is on or under a Water site, units here have +1 power.")
    assert isinstance(ab.effect, ast.Conditional)
    assert [w.text for w in ab.effect.condition.parts[0].words][-5:] == \
        ["or", "under", "a", "Water", "site"]
    with pytest.raises(CardSyntaxError) as err:
        one_ability("Whether this X is tapped, units here have +1 power.")
    assert err.value.code == "E101" and "joined by 'or'" in str(err.value)


def test_twice_and_all_at_once():
    """'twice' is two times; 'all at once' marks a simultaneous group."""
    assert one_ability("Draw a spell, twice.").effect.times == 2
    assert isinstance(one_ability("Destroy each minion here, all at once.").effect, ast.AllAtOnce)


def test_choose_one_options():
    """'Choose one: A; or B.' has two options."""
    ab = one_ability("Tap → Choose one: draw a spell; or draw a site.")
    assert isinstance(ab.effect, ast.Choose)
    assert len(ab.effect.options) == 2


def test_conditional_takes_rest_of_sentence():
    """'If C and D, E, then F.' puts E and F under the condition."""
    ab = one_ability('If you control "X" and you played a site, draw a spell, then draw a site.')
    cond = ab.effect
    assert isinstance(cond, ast.Conditional)
    assert len(cond.condition.parts) == 2
    assert isinstance(cond.body, ast.Sequence)


def test_replacement_ability():
    """'If X would Y, instead Z.' is a replacement."""
    ab = one_ability("If a unit here would die, instead return it to its owner's hand.")
    assert isinstance(ab, ast.ReplacementAbility)
    assert ab.event.text == "die"


def test_reminder_text_is_ignored():
    """Parenthesised reminder text does not reach the AST."""
    ab = one_ability("Draw a spell (from your spellbook).")
    assert ab.effect.phrase.text == "Draw a spell"


def test_spans_point_at_words():
    """Every word carries its line and column."""
    ab = one_ability("Draw a spell.")
    w = ab.effect.phrase.words[1]
    assert (w.span.line, w.span.column, w.span.end_column) == (2, 8, 9)


def test_quoted_names_and_unicode():
    """Quoted card names keep their accents and apostrophes."""
    f = parse_text('card "Maelström": magic\n  Summon "Mariner\'s Curse" here.\n')
    assert f.cards[0].name == "Maelström"
    words = f.cards[0].abilities[0].effect.phrase.words
    assert words[1].kind == "name" and words[1].text == "Mariner's Curse"


def test_parser_is_built_once():
    """The parser is a process-wide singleton."""
    assert get_parser()[0] is get_parser()[0]


@pytest.mark.parametrize("text", [
    'card "X": minion\n  Draw a spell\n  Genesis → draw a spell\n',
    'card X: minion\n',
    'card "X: minion\n',
])
def test_bad_text_raises_syntax_error_with_location(text):
    """Bad card text raises CardSyntaxError with a line and column."""
    with pytest.raises(CardSyntaxError) as info:
        parse_text(text, "bad.cards")
    assert info.value.span is not None and info.value.span.line >= 1
    assert "bad.cards:" in info.value.format()
