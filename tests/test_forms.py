"""Sentence forms of printed card text (compiler/forms.py and the grammar's line forms)."""

from __future__ import annotations

import pytest

from cardscript import syntax as ast
from cardscript.compiler import compile_files
from cardscript.compiler.forms import keyword_parts, verb_forms
from cardscript.compiler.template import Do
from cardscript.errors import CardScriptError, SemanticError
from cardscript.explain import explain_card, explain_json
from cardscript.fmt import format_text
from cardscript.grammar import get_parser, parse_text
from cardscript.rulesets import get

SORCERY = get("sorcery")
LANG = SORCERY.language


def compile_one(text: str):
    """The template of the one card in `text`."""
    (tpl,) = compile_files([parse_text(text, "t.cards")], LANG).values()
    return tpl


def error_of(text: str) -> CardScriptError:
    with pytest.raises(CardScriptError) as info:
        compile_files([parse_text(text, "t.cards")], LANG)
    return info.value


def first_do(tpl, ability: int = 0) -> Do:
    node = tpl.abilities[ability].effect
    while not isinstance(node, Do):
        node = node.items[0] if hasattr(node, "items") else node.body
    return node


# --- self-reference -----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Tap → Deal 1 damage to this Drake.",        # a word of its name
    "Tap → Deal 1 damage to this Dragon.",       # a subtype in its header
    "Tap → Deal 1 damage to these Dragons.",     # the plural, after 'these'
    "Tap → Deal 1 damage to Ember Drake.",       # its own name, unquoted
    "Tap → Deal 1 damage to this minion.",       # its kind (as before)
])
def test_a_card_names_itself_by_subtype_name_word_or_name(line):
    """'this <subtype>', 'these <plural>', 'this <word of its name>' and its own unquoted name
    all read as `this`: the step acts on the card itself."""
    tpl = compile_one(f'card "Ember Drake": minion dragon, cost 3, power 2\n  {line}\n')
    what = first_do(tpl).arg("what")
    assert (what.pick, what.slot) == ("self", "self")


def test_a_part_of_a_hyphenated_name_is_a_word_of_the_name():
    """'this Wisp' on "Marsh-o'-the-wisp" names the card (a part of a hyphenated name word)."""
    tpl = compile_one('card "Marsh-o\'-the-wisp": minion spirit, cost 1, power 1\n'
                      '  Tap → Deal 1 damage to this Wisp.\n')
    assert first_do(tpl).arg("what").pick == "self"


def test_this_with_a_subtype_the_card_lacks_is_e205_with_a_did_you_mean():
    """'this Drage' on a Dragon is E205 at the two words, suggesting the closest of its own."""
    err = error_of('card "Ember Drake": minion dragon, cost 3, power 2\n'
                   '  Tap → Deal 1 damage to this Drage.\n')
    assert err.code == "E205"
    assert '"Ember Drake" is no Drage' in err.message
    assert "dragon" in err.hint and "did you mean" in err.hint
    assert (err.span.line, err.span.column, err.span.end_column) == (2, 26, 36)


def test_this_with_a_class_word_the_card_does_not_declare_names_the_card():
    """'This Skirmisher' on a card whose header declares no class is the card itself."""
    tpl = compile_one('card "Fen Archer": minion mortal, cost 2, power 1\n'
                      '  Tap → Deal 1 damage to this Skirmisher.\n')
    assert first_do(tpl).arg("what").pick == "self"


def test_this_before_an_unknown_lower_case_word_is_left_to_the_vocabulary():
    """'this way' names no card and is no self-reference: the phrase error stays E201."""
    err = error_of('card "Ember Drake": minion dragon, cost 3, power 2\n'
                   '  Tap → Deal 1 damage to this way.\n')
    assert err.code == "E201"


def test_an_error_in_a_phrase_that_names_the_card_quotes_it_as_written():
    """A phrase read with 'this Dragon' as 'this' that still fails is quoted as written."""
    err = error_of('card "Ember Drake": minion dragon, cost 3, power 2\n'
                   '  Tap → This Dragon juggles a spell.\n')
    assert err.code == "E201" and "'This Dragon juggles a spell'" in err.message


def test_the_name_after_an_article_is_another_card_so_named():
    """'an Ember Drake' is a card named so, not this one: it summons a new one."""
    tpl = compile_one('card "Ember Drake": minion dragon, cost 3, power 2\n'
                      '  Tap → Summon an Ember Drake here.\n')
    what = first_do(tpl).arg("what")
    assert (what.pick, what.name) == ("name", "Ember Drake")


def test_the_own_name_in_a_trigger_watches_the_card_itself():
    """'Whenever Reed Stalker dies' on Reed Stalker listens to its own death only."""
    tpl = compile_one('card "Reed Stalker": minion beast, cost 2, power 1\n'
                      '  Whenever Reed Stalker dies, draw a spell.\n')
    assert tpl.abilities[0].hook.filter.get("self_card") is True


# --- the card as subject, and no subject --------------------------------------------------

@pytest.mark.parametrize("line", ["Tap → This deals 2 damage to target minion.",
                                  "Tap → This Dragon deals 2 damage to target minion.",
                                  "Tap → Deals 2 damage to target minion.",
                                  "Tap → These Dragons deal 2 damage to target minion.",
                                  "Tap → This minion deals 2 damage to target minion.",
                                  "Tap → This card deals 2 damage to target minion."])
def test_card_subject_and_subjectless_lines_are_the_card_dealing_damage(line):
    """A sentence whose subject is the card, or that has none, is the card doing it: the
    plain verb, with the card as the event's source."""
    tpl = compile_one(f'card "Ember Drake": minion dragon, cost 3, power 2\n  {line}\n')
    do = first_do(tpl)
    assert do.verb.name == "deal damage" and do.arg("n") == 2


@pytest.mark.parametrize("line", ["Tap: deals 2 damage to target minion.",
                                  "Draw a spell. Deals 2 damage to target minion.",
                                  "Tap: ember Drake deals 2 damage to target minion."])
def test_a_sentence_start_after_a_label_or_a_period_may_have_a_small_letter(line):
    """Where a sentence starts is read from the source (after a label, a colon or a period),
    so a small letter there, as fmt may write after a label, reads alike."""
    tpl = compile_one(f'card "Ember Drake": minion dragon, cost 3, power 2\n  {line}\n'
                      if line.startswith("Tap") else
                      f'card "Ember Drake": magic, cost 3\n  {line}\n')
    dos = [n for ab in tpl.abilities for n in _dos(ab.effect)]
    assert any(d.verb.name == "deal damage" for d in dos)


def _dos(node):
    if isinstance(node, Do):
        return [node]
    out = []
    for child in getattr(node, "items", ()) or ((node.body,) if hasattr(node, "body") else ()):
        out += _dos(child)
    return out


def test_a_lower_case_third_person_verb_after_another_step_is_not_read_as_the_card():
    """'..., and draws a spell' has a subject said earlier: it is not made the card's act."""
    err = error_of('card "Ember Drake": minion, cost 3, power 2\n'
                   '  Tap → Your opponent gains 1 life and draws a spell.\n')
    assert err.code == "E201"


def test_two_verbs_joined_by_or_share_what_follows_as_a_choice():
    """'Draw or discard a card' is a choice of 'Draw a card' and 'discard a card'; 'Summon or
    draw a site' fails at the option that reads as nothing, not at the 'or'."""
    from cardscript.compiler.template import ChooseT
    tpl = compile_one('card "A": minion, power 1\n  Tap → Draw or discard a card.\n')
    node = tpl.abilities[0].effect
    assert isinstance(node, ChooseT) and node.texts == ("Draw a card", "discard a card")
    err = error_of('card "A": minion, power 1\n  Tap → Summon or draw a site.\n')
    assert err.code == "E201" and "'Summon a site'" in err.message


def test_verb_forms_undo_the_third_person():
    """'deals' -> 'deal', 'carries' -> 'carry', 'pushes' -> 'push' (with 'pushe' tried too)."""
    assert verb_forms("Deals") == ("deal",)
    assert "carry" in verb_forms("carries") and "push" in verb_forms("pushes")
    assert verb_forms("pass") == ()


# --- keyword lines ------------------------------------------------------------------------

def test_keyword_lists_take_and_as_well_as_commas():
    """'Airborne and Lethal' and 'Airborne, and Lethal' give both keywords."""
    for line in ("Airborne and Lethal", "Airborne, and Lethal", "Airborne, Lethal"):
        tpl = compile_one(f'card "A": minion, power 1\n  {line}\n')
        assert tpl.keywords == {"airborne": True, "lethal": True}, line
    assert keyword_parts("Burrowing, Submerge, and Voidwalk") == ["Burrowing", "Submerge",
                                                                 "Voidwalk"]


def test_a_valued_keyword_with_rules_keeps_its_number():
    """'Movement +2' reads as the keyword movement with the value 2 (its rules: 2 more steps)."""
    tpl = compile_one('card "A": minion, power 1\n  Airborne, Movement +2\n')
    assert tpl.keywords == {"airborne": True, "movement": 2}


@pytest.mark.parametrize("line,keyword", [("Armor +2", "armor"),
                                          ("Armor +1, Lethal", "armor")])
def test_valued_keywords_read_with_their_number_and_are_e212_without_rules(line, keyword):
    """'Armor +1' parses as a valued keyword; with no rules yet it is E212 at the keyword,
    never accepted silently."""
    err = error_of(f'card "A": minion, power 1\n  {line}\n')
    assert err.code == "E212" and f"'{keyword}'" in err.message
    assert (err.span.column, err.span.end_column) == (3, 3 + len(line.split(",")[0]))


def test_a_signed_value_on_a_keyword_that_takes_none_is_e204():
    """'Lethal +1': a keyword without a value says so."""
    err = error_of('card "A": minion, power 1\n  Lethal +1\n')
    assert err.code == "E204" and "takes no number" in err.message


# --- labels with an em dash, threshold costs -----------------------------------------------

def test_dash_label_and_threshold_cost_parse_into_their_nodes():
    """'Bearer — ability' and '(W)(W): ability' wrap the ability the rest of the line is."""
    f = parse_text('card "A": artifact\n  Bearer — Tap → Draw a spell.\n'
                   '  (W)(W): Genesis → Draw a spell.\n  Bearer — Lethal\n')
    dash, cost, kw = f.cards[0].abilities
    assert isinstance(dash, ast.DashLabelled) and dash.label == "Bearer"
    assert isinstance(dash.ability, ast.LabelledAbility) and dash.ability.label == "Tap"
    assert isinstance(cost, ast.ThresholdCost) and cost.icons == ("W", "W")
    assert isinstance(cost.ability, ast.LabelledAbility)
    assert isinstance(kw.ability, ast.KeywordLine)


@pytest.mark.parametrize("line", ["Bearer — Tap → Draw a spell.", "Bearer — Lethal",
                                  "(W)(W): Draw a spell.", "(F): Genesis → Draw a spell.",
                                  "Ward — Draw a spell.", "Genesis — Draw a spell.",
                                  "(Q): Draw a spell.", "Airborne and Lethal (flies)",
                                  "Haste", "Range +2", "Voidbound, Voidwalk",
                                  "Bearer — Disabled",
                                  "This X moves freely through sites without any enemies.",
                                  "This X doesn't exit Stealth when it carries out a ranged "
                                  "attack.",
                                  "2 mana → Draw a spell.", "10 mana -> Draw a spell.",
                                  "(F)(F): Sacrifice → Draw a spell.",
                                  "Untap it after it attacks an enemy unit.",
                                  "This X gains Stealth whenever it enters the void.",
                                  "Fire Spellcaster",
                                  "Each affected site gives twice as much mana and "
                                  "elemental threshold.", "Draw a spell, twice.",
                                  "Whether this X is on or under a Water site, other allied "
                                  "minions have +1 power.", "Oversized, Spellcaster",
                                  "Stands astride two neighbouring sites.",
                                  "Any damage that would be dealt to an allied Mortal or "
                                  "Royal is dealt to this X instead.",
                                  "You may have damage that would be dealt to allied "
                                  "Beasts be dealt to this instead.",
                                  "These X may move into an adjacent void. When they do, "
                                  "draw a site. Once settled, they gain Immobile.",
                                  "This X may move into an adjacent void. When it does, "
                                  "place the top site from your atlas there.", "Once, draw a spell.",
                                  "This X may run to a nearby site when it carries out a "
                                  "ranged attack.",
                                  "This X is summoned as a copy of an allied minion nearby.",
                                  "This X is conjured as a copy of an artifact near the caster.",
                                  "Artifacts here become minions with power equal to their "
                                  "mana cost, and they must attack if able.",
                                  "Transform target minion here into a Frog token, or draw a "
                                  "spell.",
                                  "Transform a Newt here into a Mortal from your collection."])
def test_fast_parser_agrees_with_lark_on_the_printed_forms(line):
    """The fast driver builds what Lark builds for dash labels, icons and keyword lists."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": artifact, cost 1\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)


@pytest.mark.parametrize("line,code,said", [
    ("Bearer — Genesis → Draw a spell.", "E212", "'Bearer — Genesis →' abilities have no rules"),
    ("Wearer — Lethal", "E207", "unknown label 'Wearer —'"),
    ("Genesis — Draw a spell.", "E207", "written before '→'"),
    ("(W)(W): Draw a spell.", "E212", "the threshold icons '(W)(W):' have no rules before"),
    ("(W)(W): Lethal", "E212", "the threshold icons '(W)(W):' have no rules before"),
    ("(Q): Draw a spell.", "E207", "unknown threshold icon '(Q)'"),
])
def test_dash_labels_and_threshold_costs_without_rules_are_errors(line, code, said):
    """A form the engine cannot honour yet is an error at the label or icons, never a line
    silently kept: E212 for what the game has, E207 for a word it does not."""
    err = error_of(f'card "A": artifact, cost 1\n  {line}\n')
    assert err.code == code and said in err.message
    assert (err.span.line, err.span.column) == (2, 3)


def test_dash_label_error_suggests_the_ruleset_labels():
    """An unknown dash label is E207 with a did-you-mean among the game's."""
    err = error_of('card "A": artifact, cost 1\n  Bearr — Lethal\n')
    assert err.code == "E207" and "bearer" in err.hint.lower()


# --- reminder text --------------------------------------------------------------------------

def test_reminder_text_is_shown_by_explain_and_not_read():
    """Reminder text is kept on the template for people and shown by explain, never rules."""
    tpl = compile_one('card "A": minion, power 1\n  Airborne (it flies over things)\n'
                      '  Genesis → Draw a spell. (a small "reminder")\n')
    assert tpl.reminders == ((2, "(it flies over things)"), (3, '(a small "reminder")'))
    assert "reminder text, line 2 (not read as rules): (it flies over things)" in \
        explain_card(tpl, SORCERY)
    assert explain_json(tpl, SORCERY)["reminders"][0] == {"line": 2,
                                                          "text": "(it flies over things)"}


def test_fmt_keeps_reminders_and_threshold_icons_as_printed():
    """fmt leaves reminder text as written and writes threshold icons in a row."""
    text = 'card "A": site\n  (W) (W):  Genesis → Draw a spell.  (only with water)\n'
    assert format_text(text) == 'card "A": site\n  (W)(W): Genesis → Draw a spell. ' \
                                '(only with water)\n'


def test_a_this_x_error_in_a_file_is_a_located_cli_error(cli, tmp_path):
    """`cardscript check` prints E205 for a wrong 'this X' with file:line:col, a caret and a
    hint, and exits 1."""
    f = tmp_path / "bad.cards"
    f.write_text('card "Ember Drake": minion dragon, power 2\n  Tap → Deal 1 damage to this '
                 'Wyrm.\n', encoding="utf-8")
    status, _, err = cli("check", str(f))
    assert status == 1 and "Traceback" not in err
    assert f"{f}:2:26: error[E205]" in err and "^^^^^^^^^" in err and "hint:" in err


def test_semantic_error_type():
    """The self-reference error is a SemanticError (the root is CardScriptError)."""
    err = error_of('card "Ember Drake": minion dragon, power 2\n  Tap → Deal 1 damage to this '
                   'Wyrm.\n')
    assert isinstance(err, SemanticError)


# --- what a bearer gains ------------------------------------------------------------------------

def _bearer_abilities(line: str):
    return compile_one(f'card "A": artifact, cost 1\n  {line}\n').abilities


@pytest.mark.parametrize("line, static", [
    ("Bearer — Lethal.", "grant"),
    ("Bearer — This minion has Airborne.", "grant"),
    ("Bearer — Can attack Stealth minions.", "can attack stealth"),
    ("Bearer — +1 power.", "power change"),
    ("Bearer — This minion is bound to no element.", "element bonds"),
])
def test_a_bearer_line_sentence_is_an_ongoing_effect_on_the_bearer(line, static):
    """After 'Bearer —' a keyword sentence or an ongoing sentence has the bearer as subject."""
    (ab,) = _bearer_abilities(line)
    spec, args = ab.static
    what = dict(args)["what"]
    assert static in (spec.kind, spec.name) and what.holder
    assert ab.text.startswith("Bearer — ")


def test_a_bearer_tap_ability_is_paid_by_the_bearer():
    """'Bearer — Tap → ...' is the artifact's activated ability; its cost is the holder's."""
    (ab,) = _bearer_abilities("Bearer — Tap → Draw a spell.")
    assert ab.kind == "activated" and ab.costs == (LANG.holder_costs["tap"],)
    assert ab.text.startswith("Bearer — Tap →")


def test_a_bearer_sentence_about_other_cards_applies_while_the_artifact_is_carried():
    """'Bearer — Allies may ...' is the artifact's own ongoing effect, while it has a bearer."""
    (ab,) = _bearer_abilities("Bearer — Allies may move as if the realm's opposite edges were "
                              "joined.")
    assert ab.static[0].kind == "joined edges" and not dict(ab.static[1])["what"].holder
    assert [c.spec.name for c in ab.condition] == ["carried"]
    assert ab.text.startswith("Bearer — Allies")


def test_a_bearer_sentence_that_reads_nowhere_is_reported_as_written():
    """An error in a bearer sentence quotes the words printed, not the bearer put before them."""
    err = error_of('card "A": artifact, cost 1\n  Bearer — Allies can dance wildly.\n')
    assert err.code == "E201" and "its bearer" not in err.message


def test_its_controllers_pile_is_the_sources_controllers():
    """'its controller's spellbook' reads the pile of the player controlling the source."""
    tpl = compile_one('card "A": magic, cost 1\n  Look at the top card of its controller\'s '
                      'spellbook.\n')
    node = tpl.abilities[0].effect
    while not hasattr(node, "args"):
        node = node.steps[0]
    assert dict(node.args)["what"].zone == ("controller", "spellbook")


def test_a_mana_amount_before_the_arrow_is_a_cost_of_that_much():
    """'2 mana → ...' is an activated ability paid with the language's amount cost."""
    (ab,) = compile_one('card "A": minion, cost 1, power 1\n  2 mana → Draw a spell.\n'
                        ).abilities
    assert ab.kind == "activated" and ab.costs == (LANG.amount_costs["mana"],)
    assert ab.label == "2 mana"


def test_an_amount_of_no_resource_is_an_unknown_label():
    """'2 gold →' names no resource of the game: E207, whose hint names the amount form."""
    err = error_of('card "A": minion, cost 1, power 1\n  2 gold → Draw a spell.\n')
    assert err.code == "E207" and "N mana" in err.hint


def test_a_valued_keyword_on_a_bearer_line_keeps_its_number():
    """'Bearer — Movement +1' grants Movement with its value, which the rules add up."""
    (ab,) = _bearer_abilities("Bearer — Movement +1")
    args = dict(ab.static[1])
    assert (args["keyword"], args["value"]) == ("movement", 1) and args["what"].holder


def test_a_number_on_a_keyword_that_takes_none_is_refused_when_granted():
    """'Its bearer has Lethal +2': Lethal takes no number (E204), granted or printed."""
    err = error_of('card "A": artifact, cost 1\n  Its bearer has Lethal +2.\n')
    assert err.code == "E204" and "takes no number" in err.message


@pytest.mark.parametrize("line", [
    "Target minion gains Airborne and +1 power this turn.",
    "Target minion gains +1 power and Airborne this turn.",
    "Give target minion Airborne and +1 power until your next turn.",
])
def test_a_keyword_and_a_stat_after_and_share_the_subject(line):
    """'+1 power this turn' after 'and' reads by itself (the card's own power), but in one
    sentence with a subject before it, it is that subject's: one step giving both, never a
    change of the spell's own power (which a magic has not: E203)."""
    tpl = compile_one(f'card "Wing Gift": magic, cost 1\n  {line}\n')
    (do,) = _dos(tpl.abilities[0].effect)
    assert do.verb.name.startswith(("give a keyword and power", "give power and a keyword"))
    assert do.arg("kw") == "airborne" and do.arg("n") == 1
