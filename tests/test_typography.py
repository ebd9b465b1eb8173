"""Typographic characters read as their plain forms (grammar/typography.py), or refused with
a hint: the parser, the compiler, card names in scenarios, fmt, explain --text and the editor."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardscript.compiler import compile_files
from cardscript.editor.lexer import CardScriptLexer
from cardscript.errors import CardScriptError, CardSyntaxError
from cardscript.fmt import format_text
from cardscript.grammar import get_parser, parse_text
from cardscript.grammar.typography import PLAIN_FORMS, plain, plain_file
from cardscript.rulesets import get
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
LANG = get("sorcery").language
HEAD = 'card "Gull Nest": magic, cost 2\n  '

# (as pasted, as typed): each pair must read as the same card text, column for column.
PAIRS = [
    ("Return target minion to its owner\u2019s hand.", "Return target minion to its owner's hand."),
    ("Return target minion to its owner\u2018s hand.", "Return target minion to its owner's hand."),
    ("Summon a \u201cBrood Whelp\u201d token here.", 'Summon a "Brood Whelp" token here.'),
    ("Target minion gets \u22121 power this turn.", "Target minion gets -1 power this turn."),
    ("Target minion gets \u20131 power this turn.", "Target minion gets -1 power this turn."),
    ("Kill each 2\u2010power minion.", "Kill each 2-power minion."),
    ("Kill each 2\u2011power minion.", "Kill each 2-power minion."),
    ("Kill each 2\u2013power minion.", "Kill each 2-power minion."),
    ("Draw\u00a0a\u202fspell.", "Draw a spell."),
    ("Draw a\u2007spell.", "Draw a spell."),
    ("Genesis \u2013> Draw a spell.", "Genesis -> Draw a spell."),
    ("Bearer \u2013 Lethal.", "Bearer \u2014 Lethal."),
]
WHELP = 'card "Brood Whelp": token minion beast, power 1\n\n'


def compiled(text: str) -> dict:
    """The templates of `text`, their spans and file aside (compared by what they do)."""
    return {name: repr(tpl.abilities) for name, tpl in
            compile_files([parse_text(text, "t.cards")], LANG).items()}


@pytest.mark.parametrize(("pasted", "typed"), PAIRS)
def test_a_typographic_line_parses_as_its_plain_form_column_for_column(pasted, typed):
    """The pasted line gives the very tree of the typed one, spans included."""
    assert len(pasted) == len(typed)
    assert parse_text(HEAD + pasted + "\n", "t.cards").cards == \
        parse_text(HEAD + typed + "\n", "t.cards").cards


@pytest.mark.parametrize(("pasted", "typed"), PAIRS[:9])
def test_a_typographic_effect_compiles_as_its_plain_form(pasted, typed):
    """The compiler reads the pasted effect as the typed one (no E201 'unknown word')."""
    assert compiled(WHELP + HEAD + pasted + "\n") == compiled(WHELP + HEAD + typed + "\n")


@pytest.mark.parametrize(("pasted", "typed"), PAIRS)
def test_the_fast_parser_agrees_with_lark_on_typographic_lines(pasted, typed):
    """The fast driver and Lark build the same tree from a pasted line read as plain text."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = plain_file(HEAD + pasted + "\n")
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)


def test_curly_double_quotes_name_the_same_card_as_straight_ones():
    """A header and a summon in curly double quotes name cards as straight quotes do."""
    got = compiled('card \u201cBrood Whelp\u201d: token minion beast, power 1\n\n'
                   'card \u201cTide Hook\u201d: magic, cost 2\n'
                   '  Summon two \u201cBrood Whelp\u201d tokens nearby.\n')
    assert set(got) == {"Brood Whelp", "Tide Hook"}
    assert got == compiled(WHELP + 'card "Tide Hook": magic, cost 2\n'
                                   '  Summon two "Brood Whelp" tokens nearby.\n')


@pytest.mark.parametrize(("declared", "named"), [("Mariner\u2019s Snare", "Mariner's Snare"),
                                                 ("Mariner's Snare", "Mariner\u2019s Snare")])
def test_a_name_with_either_apostrophe_is_one_card(declared, named):
    """A card declared with \u2019 is named with ' in card text, and the other way."""
    text = (f'card "{declared}": minion, cost 2, power 1\n\n'
            f'card "Cove Call": magic, cost 1\n  Return "{named}" to its owner\'s hand.\n')
    got = compiled(text)
    assert set(got) == {"Mariner's Snare", "Cove Call"}


def test_a_scenario_names_a_card_with_a_curly_apostrophe():
    """A bundled scenario rewritten with \u2019 in every name plays the same trace."""
    path = ROOT / "cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml"
    text = path.read_text(encoding="utf-8")
    curly = text.replace("Mariner's Curse", "Mariner\u2019s Curse")
    assert curly != text
    assert run_scenario(parse_scenario(curly, str(path)))["trace"] == \
        run_scenario(parse_scenario(text, str(path)))["trace"]


def test_a_card_declared_with_a_curly_apostrophe_is_named_plainly_in_a_scenario(tmp_path):
    """A card file's \u201cGull\u2019s Herald\u201d is the scenario's Gull's Herald."""
    (tmp_path / "t.cards").write_text(
        "# ruleset: sorcery\ncard \u201cGull\u2019s Herald\u201d: minion, cost 3, power 2, "
        "threshold fire\n  Whether this Herald is on or under a Fire site, it has +1 power.\n",
        encoding="utf-8")
    scenario = ("name: a curly name\nruleset: sorcery\ncards: [t.cards]\nplayers: [alice, bob]\n"
                "setup:\n  alice:\n    realm:\n      - {card: Cinder Flats, at: 8}\n"
                "      - {card: Gull's Herald, at: 8}\n")
    result = run_scenario(parse_scenario(scenario, str(tmp_path / "s.yaml")))
    (herald,) = [c for c in result["state"]["cards"] if c["name"] == "Gull's Herald"]
    assert herald["power"] == 3


@pytest.mark.parametrize(("line", "char", "hint"), [
    ("Draw a spell\u2026", "'\u2026'", "end a sentence with '.'"),
    ("Draw a spell.\ufeff", "U+FEFF", "only at the start of a file"),
])
def test_a_character_with_no_certain_plain_form_is_refused_with_a_hint(line, char, hint):
    """An ellipsis, or a byte order mark inside a file, is E106 with the plain character to
    write."""
    with pytest.raises(CardSyntaxError) as info:
        parse_text(HEAD + line + "\n", "t.cards")
    err = info.value
    assert err.code == "E106" and char in str(err) and hint in (err.hint or "")
    assert (err.span.line, err.span.column) == (2, 3 + line.index(line[-1]))


@pytest.mark.parametrize("dash", ["\u2014", "\u2013"])
def test_a_dash_inside_a_sentence_is_refused_naming_where_a_dash_may_stand(dash):
    """An em dash (or an en dash between blanks) is a label's dash; inside a sentence it is
    E106 at the dash, with a hint that says where one may stand and what to write instead."""
    line = f"Deal 2 damage to target minion {dash} then draw a spell."
    with pytest.raises(CardSyntaxError) as info:
        parse_text(HEAD + line + "\n", "t.cards")
    err = info.value
    assert err.code == "E106"
    assert (err.span.line, err.span.column) == (2, 3 + line.index(dash))
    assert "after a label that starts a line" in err.hint and "end the sentence" in err.hint


def test_an_error_shows_the_line_as_written_with_the_plain_columns():
    """A syntax error on a pasted line shows the user's own characters, caret in place."""
    with pytest.raises(CardSyntaxError) as info:
        parse_text(HEAD + "Return it to its owner\u2019s hand \u201cnow\u2026\n", "t.cards")
    err = info.value
    assert err.source_line == "  Return it to its owner\u2019s hand \u201cnow\u2026"
    assert err.span.column == err.source_line.index("\u201c") + 1
    assert err.code == "E105"      # an unclosed name, whichever quote opened it


def test_a_compile_error_names_the_plain_word_at_the_pasted_column():
    """An unknown word after a curly apostrophe is reported at its column, in plain form."""
    with pytest.raises(CardScriptError) as info:
        compiled(HEAD + "Frobnicate its owner\u2019s hand.\n")
    assert info.value.span.column == 3 and "\u2019" not in info.value.message


def test_a_leading_byte_order_mark_is_dropped():
    """A BOM at the start of a text is not a character of its first line."""
    text = 'card "Tide Hook": magic, cost 2\n  Draw a spell.\n'
    assert parse_text("\ufeff" + text).cards == parse_text(text).cards


@given(st.text(alphabet=st.sampled_from([*PLAIN_FORMS, "a", " ", "\n", "-", "'", "\u2014"])))
def test_plain_keeps_every_line_and_column(text):
    """plain() changes no length and no line break: one character for one."""
    out = plain(text)
    assert len(out) == len(text) and out.count("\n") == text.count("\n")
    assert not set(out) & set(PLAIN_FORMS)


def test_fmt_writes_the_plain_form():
    """cardscript fmt's layout writes typographic characters as the plain ones."""
    pasted = ("card \u201cTide Hook\u201d: magic, cost 2\n"
              "  Return target minion to its owner\u2019s hand.  # a \u201cnote\u201d\n")
    assert format_text(pasted) == ('card "Tide Hook": magic, cost 2\n  Return target minion to '
                                   "its owner's hand.  # a \"note\"\n")


def test_explain_text_renders_the_plain_form():
    """explain --text writes a pasted card back with plain apostrophes and quotes."""
    from cardscript.fmt.render import Renderer
    from cardscript.lint.config import Conventions
    tpls = compile_files([parse_text(WHELP + 'card \u201cTide Hook\u201d: magic, cost 2\n'
                                     "  Return target minion to its owner\u2019s hand.\n",
                                     "t.cards")], LANG)
    text = Renderer(LANG, Conventions()).card(tpls["Tide Hook"], tpls)
    assert "owner's hand" in text and 'card "Tide Hook"' in text
    assert not set(text) & set(PLAIN_FORMS)


@pytest.mark.parametrize(("pasted", "typed"), PAIRS)
def test_the_lexer_colours_a_typographic_line_as_its_plain_form(pasted, typed):
    """The Pygments lexer (the TextMate grammar's table) gives each pasted character the
    token type of the plain one."""
    lex = CardScriptLexer()

    def types(text):
        return [t for _, t, v in lex.get_tokens_unprocessed(HEAD + text + "\n") for _ in v]
    assert types(pasted) == types(typed)


def test_the_language_server_hovers_a_word_as_the_parser_reads_it():
    """Hover takes a word with a curly apostrophe or a non-ASCII hyphen in its plain form."""
    from cardscript.lsp.hover import word_at
    assert word_at("  Return it to its owner\u2019s hand.", 22) == "owner's"
    assert word_at("  Kill each 2\u2011power minion.", 15) is not None
    assert word_at("  Kill a fire\u2011born minion.", 10) == "fire-born"


def test_the_language_server_reads_a_pasted_file_as_check_does():
    """The editor's analysis of a pasted file finds its cards and the names they quote."""
    from cardscript.lsp.analysis import CardFileAnalysis
    pasted = ('card \u201cGull Scout\u201d: minion, cost 2, power 1\n  Airborne\n\n'
              '\u00a0card \u201cTide Caller\u201d: magic, cost 1\n'
              '  Summon \u201cGull Scout\u201d here.\n')
    a = CardFileAnalysis.for_path("mine.cards")
    report = a.analyse(pasted)
    assert [r.card.name for r in report.cards if r.card] == ["Gull Scout", "Tide Caller"]
    assert report.problems == []
    calls = []
    real = a._lower
    a._lower = lambda pr, known: calls.append(pr.card.name) or real(pr, known)
    a.analyse(pasted.replace("power 1", "power 2"))
    assert calls == ["Gull Scout", "Tide Caller"]      # the quoted name ties the two


@pytest.mark.parametrize("written", ["\u201cKiln Herald\u201d", "\u2018Kiln Herald\u2019",
                                     "Kiln\u00a0Herald"])
def test_a_scenario_value_in_curly_quotes_is_read_as_yaml_quotes_it(written):
    """card: \u201cKiln Herald\u201d in a scenario names Kiln Herald, as "Kiln Herald" does."""
    scenario = ("name: quoted\nruleset: sorcery\nplayers: [alice, bob]\nsetup:\n  alice:\n"
                "    realm:\n      - {card: Cinder Flats, at: 8}\n"
                f"      - {{card: {written}, at: 8}}\n")
    sc = parse_scenario(scenario, str(ROOT / "cards/sorcery/scenarios/quoted.yaml"))
    names = [c["name"] for c in run_scenario(sc)["state"]["cards"]]
    assert "Kiln Herald" in names


def test_explain_finds_a_card_named_with_a_curly_apostrophe(cli):
    """`cardscript explain "Mariner’s Curse"` explains the pool's Mariner's Curse."""
    status, out, err = cli("explain", "Mariner\u2019s Curse", "--ruleset", "sorcery")
    assert status == 0 and "Mariner's Curse" in out, err
