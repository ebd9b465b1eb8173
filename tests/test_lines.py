"""Line kinds of printed card text: conditional ongoing effects ('X while Y', 'as long as')
and trigger lines whose effect happens 'instead' (replacements)."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.explain import explain_card
from cardscript.grammar import get_parser, parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language
HEAD = 'card "Sable Duelist": minion, cost 2, power 1\n  '
FORMS = [
    "Units here have lethal while you control an aura.",
    "While you control an aura, units here have lethal.",
    "Units here have lethal as long as you control an aura.",
    "As long as you control an aura, units here have lethal.",
    "If you control an aura, units here have lethal.",
]


def compile_one(text: str):
    """The template of the one card in `text`."""
    (tpl,) = compile_files([parse_text(text, "t.cards")], LANG).values()
    return tpl


@pytest.mark.parametrize("line", FORMS)
def test_a_conditional_ongoing_effect_compiles_with_its_condition(line):
    """Each written form is one ongoing effect (grant lethal) with the condition 'you control'."""
    (ab,) = compile_one(HEAD + line + "\n").abilities
    assert ab.kind == "static" and ab.static[0].kind == "grant"
    assert [c.spec.name for c in ab.condition] == ["control"]
    assert [c.text for c in ab.condition] == ["you control an aura"]


def test_an_unconditional_ongoing_effect_has_no_condition():
    """A plain ongoing effect keeps an empty condition (it is read once per board change)."""
    (ab,) = compile_one(HEAD + "Units here have lethal.\n").abilities
    assert ab.kind == "static" and ab.condition == ()


def test_a_condition_the_vocabulary_lacks_is_e201_on_the_condition():
    """An unknown condition after 'while' is reported as a condition, not as the whole line."""
    with pytest.raises(CardScriptError) as info:
        compile_one(HEAD + "Units here have lethal while this minion is asleep.\n")
    assert info.value.code == "E201" and "condition" in info.value.message


def test_two_conditions_joined_by_and_must_both_hold():
    """'while A and B' gives the effect both conditions."""
    (ab,) = compile_one(HEAD + "Units here have lethal while you control an aura and "
                        "you control a site.\n").abilities
    assert [c.text for c in ab.condition] == ["you control an aura", "you control a site"]


def test_explain_shows_the_condition():
    """explain says the ongoing effect applies only while the condition holds."""
    tpl = compile_one(HEAD + FORMS[0] + "\n")
    assert "applies without the storyline while you control an aura" in \
        explain_card(tpl, get("sorcery"))


def test_the_canonical_text_writes_the_condition_first_and_reads_back_the_same():
    """explain --text writes 'If Y, X.', which compiles to the same conditional effect."""
    from cardscript.fmt.render import Renderer
    from cardscript.lint.config import Conventions
    tpl = compile_one(HEAD + FORMS[2] + "\n")
    text = Renderer(LANG, Conventions()).card(tpl, {tpl.name: tpl})
    assert "If you control an aura, each unit here has Lethal." in text
    (a,) = tpl.abilities
    (b,) = compile_one(text).abilities
    assert (a.static[0], a.condition[0].spec) == (b.static[0], b.condition[0].spec)


def test_several_sentences_on_a_permanent_are_several_ongoing_effects():
    """'A. B while C.' on one line is two ongoing effects, the second conditional."""
    a, b = compile_one(HEAD + "Units here have airborne. " + FORMS[0] + "\n").abilities
    assert (a.kind, b.kind) == ("static", "static")
    assert a.condition == () and [c.text for c in b.condition] == ["you control an aura"]


def test_a_sentence_that_is_no_ongoing_effect_among_several_is_e201_on_that_sentence():
    """The error names the sentence that fails, not the whole line."""
    with pytest.raises(CardScriptError) as info:
        compile_one(HEAD + "Units here have airborne. Units here juggle.\n")
    assert info.value.code == "E201" and "Units here juggle" in info.value.message


def test_while_then_a_comma_and_puts_only_the_first_part_under_the_condition():
    """'X while Y, and Z.' is X while Y, and Z always (two ongoing effects)."""
    a, b = compile_one(HEAD + "Units here have lethal as long as you control an aura, "
                       "and units here have airborne.\n").abilities
    assert [c.text for c in a.condition] == ["you control an aura"] and b.condition == ()
    assert (dict(a.static[1])["keyword"], dict(b.static[1])["keyword"]) == ("lethal", "airborne")


def test_steps_joined_by_then_on_a_permanent_stay_e210():
    """'A, then B' is one effect in order, never ongoing: E210 as before."""
    with pytest.raises(CardScriptError) as info:
        compile_one(HEAD + "Units here have airborne, then units here have lethal.\n")
    assert info.value.code == "E210"


SHRINE = 'card "Ferry Shrine": site\n  '
INSTEAD = ["When a minion here dies, return it to its owner's hand instead.",
           "When a minion here dies, instead return it to its owner's hand.",
           "If a minion here would die, instead return it to its owner's hand."]


@pytest.mark.parametrize("line", INSTEAD)
def test_a_trigger_line_with_instead_is_a_replacement_like_if_would(line):
    """'When X dies, Y instead.' compiles to the replacement 'If X would die, instead Y.' does."""
    (ab,) = compile_one(SHRINE + line + "\n").abilities
    (ref,) = compile_one(SHRINE + INSTEAD[2] + "\n").abilities
    assert ab.kind == "replacement" and ab.hook.happening == "die"
    assert (ab.effect.verb, ab.effect.args) == (ref.effect.verb, ref.effect.args)
    assert ab.hook.filter == ref.hook.filter


@pytest.mark.parametrize("line,said", [
    ("When a minion enters this site, draw a spell instead.", "'a minion enters this site'"),
    ("If a minion would enter this site, instead draw a spell.",
     "'a minion would enter this site'"),
])
def test_a_replacement_of_a_happening_the_rules_never_replace_is_e212(line, said):
    """Only happenings the engine asks replacements for (dying, damage) may be replaced."""
    with pytest.raises(CardScriptError) as info:
        compile_one(SHRINE + line + "\n")
    assert info.value.code == "E212" and said in info.value.message
    assert "damage, die" in info.value.hint


def test_a_trigger_line_without_instead_stays_a_trigger():
    """'When X dies, Y.' is still a triggered ability on the storyline."""
    (ab,) = compile_one(SHRINE + "When a minion here dies, draw a spell.\n").abilities
    assert ab.kind == "triggered"


@pytest.mark.parametrize("line", FORMS + INSTEAD + [
    "Whenever a minion dies while you control an aura, draw a spell.",
    "Deal 1 damage to target minion while you control an aura.",
    "Units here have lethal as long as you control an aura, and units here have airborne.",
    "Units here have lethal while you control an aura and a site, units here have airborne.",
    "When a minion here dies, return it to its owner's hand instead. Draw a spell.",
])
def test_fast_parser_agrees_with_lark_on_conditional_lines(line):
    """The fast driver builds what Lark builds for 'while', 'as long as' and 'if' lines."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = HEAD + line + "\n"
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)
