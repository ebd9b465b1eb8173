"""Canonical text reads like the printed cards (fmt/render.py): each case is a card as written
and the line its canonical text gives, which compiles back to the same card."""

from __future__ import annotations

import pytest

from conftest import ROOT
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.fmt.render import Renderer
from cardscript.fmt.sameness import meaning
from cardscript.grammar import parse_text
from cardscript.lint.config import find_pyproject, load_config
from cardscript.scenario.runner import load_pool

PROJECT = load_config(find_pyproject(ROOT))


def rendered(ruleset: str, header: str, written: str) -> list[str]:
    """The canonical lines of a card whose header is `header` and whose text is `written`
    (lines joined by newlines), checked to compile back to the same card and to render the
    same again, under the project's conventions; the header line left out."""
    rs = rulesets.get(ruleset)
    pool = load_pool(rs)
    body = "\n".join("  " + line for line in written.split("\n"))
    tpl = compile_files([parse_text(f'card "Test Card": {header}\n{body}\n')], rs.language,
                        base=pool)["Test Card"]
    known = {**pool, tpl.name: tpl}
    conv = PROJECT.conventions_for(ruleset)
    renderer = Renderer(rs.language, conv)
    text = renderer.card(tpl, known)
    assert renderer.as_written == [], renderer.as_written
    back = compile_files([parse_text(text + "\n")], rs.language, base=pool)[tpl.name]
    assert meaning(back) == meaning(tpl), text
    assert Renderer(rs.language, conv).card(back, known) == text
    return [line.strip() for line in text.split("\n")[1:]]


@pytest.mark.parametrize("written,canonical", [
    ("Give target minion airborne until your next turn.",
     "Give target minion Airborne until your next turn."),
    ("Target minion gains airborne and +1 movement this turn.",
     "Give target minion Airborne and +1 Movement this turn."),
    ("Deal 2 damage to each airborne minion.", "Deal 2 damage to each Airborne minion."),
    ("Deal 1 damage to each minion without airborne.",
     "Deal 1 damage to each minion without Airborne."),
    ("Summon an undead here.", "Summon an Undead here."),
])
def test_a_keyword_mid_sentence_is_printed_capitalised(written, canonical):
    """Sorcery prints its keywords capitalised wherever they stand: in a keyword slot, before
    a noun, after 'without', and where a shape names one ('+1 Movement'); 'an' comes before
    a capitalised vowel too."""
    assert rendered("sorcery", "magic, cost 2", written) == [canonical]


@pytest.mark.parametrize("written,canonical", [
    ("Bearer — Movement +1", "Its bearer has Movement +1."),
    ("Bearer — Can attack stealth minions.", "Its bearer can attack Stealth minions."),
])
def test_a_bearers_keyword_is_printed_capitalised(written, canonical):
    """What a bearer has is a keyword as printed, its value signed ('Movement +1')."""
    assert rendered("sorcery", "artifact, cost 1", written) == [canonical]


def test_a_valued_keyword_keeps_its_sign_and_subtypes_their_capital():
    """'Range +2' on a keyword line keeps its sign, and the header's subtypes are printed with
    a capital ('minion Mortal Royal'), as the pools write them."""
    rs = rulesets.get("sorcery")
    tpl = compile_files([parse_text('card "Test Card": minion mortal royal, cost 1, power 1\n'
                                    "  Range +2\n")], rs.language)["Test Card"]
    assert Renderer(rs.language).card(tpl) == (
        'card "Test Card": minion Mortal Royal, cost 1, power 1\n  Range +2')


def test_a_game_printing_keywords_in_small_letters_keeps_them():
    """Grand Archive and Mage Noir print a keyword in small letters inside a sentence."""
    assert rendered("grand_archive", "item, cost 1", "Allies you control have fast.")[0] \
        .endswith(" fast.")
    assert rendered("mage_noir", "ritual, cost 2\n  Normal, Channeled",
                    "Any time → Target channeled spell you control becomes indestructible "
                    "until end of turn.")[1].endswith("becomes indestructible until end of turn.")


def test_mage_noir_writes_hp_as_printed():
    """Mage Noir's 'HP' is written in capitals, in a step and in a trigger."""
    assert rendered("mage_noir", "spell, cost 1\n  Fire",
                    "Whenever you lose HP, each opponent loses 1 HP.") == \
        ["Fire", "Whenever you lose HP, each opponent loses 1 HP."]


def test_mage_noir_writes_an_amount_of_hp_as_printed():
    """An amount of a Permanent's HP is written 'HP' (the word `printed_stats` gives), and a
    stat of the cards a step acts on closes a shape whose noun ends it ('gains HP equal to
    its HP')."""
    assert rendered("mage_noir", "spell, cost 1\n  Water",
                    "target permanent gains hp equal to its hp.\n"
                    "Target permanent gains 1 HP, then you gain HP equal to that permanent's "
                    "hp.") == \
        ["Water", "Target permanent gains HP equal to its HP.",
         "Target permanent gains 1 HP, then you gain HP equal to that permanent's HP."]


@pytest.mark.parametrize("ruleset,header,written,canonical", [
    ("grand_archive", "item, cost 1", "Each allied ally has fast.", "Each ally you control has fast."),
    ("grand_archive", "action, cost 1", "Deal 1 damage to target ally for each allied ally.",
     "Deal 1 damage to target ally for each ally you control."),
    ("grand_archive", "action, cost 0", "Deal 2 damage to an enemy ally.",
     "Deal 2 damage to an ally an opponent controls."),
    ("grand_archive", "action, cost 0", "Deal 2 damage to an ally your opponent controls.",
     "Deal 2 damage to an ally your opponent controls."),
    ("keyforge", "action, house dis", "Play: ready an allied creature.",
     "Play: ready a friendly creature."),
    ("keyforge", "action, house dis", "Play: deal 1 damage to each enemy creature.",
     "Play: deal 1 damage to each enemy creature."),
    ("sorcery", "magic, cost 1", "Deal 1 damage to each minion you control.",
     "Deal 1 damage to each allied minion."),
])
def test_a_controller_is_named_as_the_games_cards_name_it(ruleset, header, written, canonical):
    """Who controls a card is written in the words its game prints (the language's
    `controller_words`): after the noun in Grand Archive, 'friendly' in KeyForge, 'allied'
    and 'enemy' where a language declares none."""
    assert rendered(ruleset, header, written)[-1] == canonical


def test_mage_noir_names_its_controllers_spells_after_the_noun():
    """'target channeled spell you control', as Mage Noir's pool writes it."""
    assert rendered("mage_noir", "ritual, cost 2\n  Normal, Channeled",
                    "Any time → Target allied channeled spell becomes indestructible until "
                    "end of turn.")[-1] == ("Any time → Target channeled spell you control "
                                            "becomes indestructible until end of turn.")


def test_mage_noir_names_an_opponents_cards_after_the_noun():
    """'each permanent an opponent controls', not 'enemy', which the game does not print."""
    assert rendered("mage_noir", "spell, cost 2\n  Earth",
                    "Destroy each enemy permanent.")[-1] == \
        "Destroy each permanent an opponent controls."


def test_a_line_with_no_subject_about_the_card_itself_opens_with_when():
    """'When destroyed, ...' stays 'When': the trigger words are one in meaning, and a
    line with no subject reads only after 'when'."""
    assert rendered("mage_noir", "permanent, cost 2, hp 3\n  Earth",
                    "When destroyed, you gain 3 HP.")[-1] == "When destroyed, you gain 3 HP."
    assert rendered("mage_noir", "permanent, cost 2, hp 3\n  Earth",
                    "Whenever put into play, draw a card.")[-1] == \
        "When put into play, draw a card."


@pytest.mark.parametrize("written,canonical", [
    ("Each opponent loses 1 HP for each card in your hand.",
     "Each opponent loses 1 HP for each card in your hand."),
    ("Each opponent loses 1 HP for each spell in your hand.",
     "Each opponent loses 1 HP for each card in your hand."),
    ("Return target channeled spell to its owner's hand.",
     "Return target channeled spell to its owner's hand."),
])
def test_a_mage_noir_card_in_a_pile_is_a_card(written, canonical):
    """Mage Noir's 'spell' and 'card' name every card: one in play is a 'spell', one in a
    pile a 'card', as its pool writes them (the first declared noun gave 'each spell in
    your hand')."""
    assert rendered("mage_noir", "spell, cost 2\n  Fire", written) == ["Fire", canonical]


@pytest.mark.parametrize("written,canonical", [
    ("Deal 1 damage to each enemy minion nearby, then knock them back one step.",
     "Deal 1 damage to each enemy minion nearby, then push them one step."),
    ("Deal 1 damage to two target minions. Push them one step.",
     "Deal 1 damage to two target minions, push them one step."),
    ("Return each minion here to its owner's hand, then summon it here.",
     "Return each minion here to its owner's hand, then summon them here."),
    ("Look at your top 2 atlas cards. Put them back in any order.",
     "Look at the top 2 cards of your atlas, put them back on top in any order."),
    ("Draw two spells. If it is a minion, gain 2 life.",
     "Draw two spells. If they are minions, gain 2 life."),
    ("Draw a spell. If they are minions, gain 2 life.",
     "Draw a spell. If it is a minion, gain 2 life."),
    ("Draw two spells. If they are allied minions with 3 or more power, gain 2 life.",
     "Draw two spells. If they are allied minions with 3 or more power, gain 2 life."),
    ("Draw a spell. If it is an allied minion with 3 or more power, gain 2 life.",
     "Draw a spell. If it is an allied minion with 3 or more power, gain 2 life."),
    ("Deal 1 damage to target minion, then push it one step.",
     "Deal 1 damage to target minion, then push it one step."),
])
def test_a_reference_to_several_cards_is_them(written, canonical):
    """A reference is written in the number of the cards it names: 'them' after 'each enemy
    minion nearby', 'two target minions' or 'the top 3 cards', 'they are minions' after two
    drawn spells; 'it' and 'it is' after one card."""
    assert rendered("sorcery", "magic, cost 2", written) == [canonical]


def test_a_possessive_of_the_shape_agrees_with_its_subject():
    """'It strikes all units in its path': of the shapes 'in their path' and 'in its path',
    the one that agrees with the one card that charges."""
    assert rendered("sorcery", "minion beast, cost 5, power 3",
                    "Tap → This charges in a cardinal direction until it can't move further. "
                    "It strikes all units in their path.") == [
        "Tap → This minion charges in a cardinal direction until it can't move further. It "
        "strikes all units in its path."]


@pytest.mark.parametrize("header,written,canonical", [
    ("minion, cost 3, power 1",
     "Tap → This shoots 2 separate projectiles in a cardinal direction. They each deal 2 "
     "damage to the first minion they hit.",
     "Tap → This minion shoots 2 projectiles in a cardinal direction. They each deal 2 "
     "damage to the first minion they hit."),
    ("minion, cost 3, power 1", "This has +1 power for each minion in each player's cemetery.",
     "This minion has +1 power for each minion in each player's cemetery."),
    ("minion, cost 3, power 1", "This has +1 power for each other Test Card nearby.",
     'This minion has +1 power for each other "Test Card" nearby.'),
    ("artifact, cost 3", "Bearer — Tap → Throw this artifact in a cardinal direction, then it "
     "kill the first unit it hits.",
     "Bearer — Tap → Throw this artifact in a cardinal direction, then it kills the first unit "
     "it hits."),
    ("magic, cost 2", "Sneak an allied minion to a site with a single enemy unit. That ally "
     "strikes it.",
     "Sneak an allied minion to a site with a single enemy unit. That ally strikes it."),
])
def test_words_of_the_shape_and_its_cards_read_as_one_phrase(header, written, canonical):
    """After a word of the shape that picks the cards ('each', 'the first', 'a single') the
    cards take no article of their own ('each another' is 'each other'); a verb agrees with
    a pronoun of the shape before it ('it kills') and, of synonyms with their forms
    ('shoot|shoots|fire|fires'), with its subject ('this minion shoots')."""
    assert rendered("sorcery", header, written) == [canonical]


@pytest.mark.parametrize("written,canonical", [
    ("Genesis → Summon a Frog token here.", 'Genesis → Summon a "Frog" token here.'),
    ('Genesis → Summon "Apprentice Wizard" token here.',
     'Genesis → Summon an "Apprentice Wizard" token here.'),
    ('Genesis → Search your spellbook for "Brother Knight", summon it here, then shuffle your '
     'spellbook.',
     'Genesis → Search your spellbook for "Brother Knight", summon it here, then shuffle your '
     'spellbook.'),
])
def test_one_named_token_takes_an_article(written, canonical):
    """One token of a named card is 'a "Frog" token' ('an' before a vowel); a card named
    alone stays bare."""
    assert rendered("sorcery", "site", written) == [canonical]


@pytest.mark.parametrize("header,written,canonical", [
    ("avatar, power 2", "Whenever you attack, draw a spell.", "Whenever you attack, draw a spell."),
    ("minion, cost 3, power 1", "For each point of damage this deals to an enemy minion, you "
     "gain 1 life.", "For every point of damage this minion deals to an enemy minion, you gain "
     "1 life."),
])
def test_a_happening_opening_with_a_player_keeps_its_trigger_word(header, written, canonical):
    """'Whenever you attack' keeps its trigger word (it was written 'You attack, ...'); a
    pattern opening with a word of its own ('For every point of damage') takes none."""
    assert rendered("sorcery", header, written) == [canonical]


@pytest.mark.parametrize("header,written,canonical", [
    ("minion beast, cost 5, power 3",
     "Genesis → Carry a weaker unit from any site to this site. It may strike that unit.",
     "Genesis → Carry a weaker unit from any site to this site. It may strike that unit."),
    ("minion, cost 3, power 1", "Whenever this carries out a ranged attack, it may run to a "
     "nearby site.", "Whenever this minion carries out a ranged attack, it may run to a nearby "
     "site."),
    ("magic, cost 1", "You may draw a spell.", "You may draw a spell."),
])
def test_a_step_naming_its_subject_says_may_after_it(header, written, canonical):
    """A 'may' of the controller before a step that names its own subject is written after
    that subject ('it may strike that unit', not 'you may it strikes that unit')."""
    assert rendered("sorcery", header, written) == [canonical]


@pytest.mark.parametrize("ruleset,header,written,canonical", [
    ("grand_archive", "action, cost 0", "Target opponent loses 2 life. You gain 1 life.",
     ["An opponent loses 2 life. You gain 1 life."]),
    ("sorcery", "magic, cost 1", "Draw a spell. You may cast it for free.",
     ["Draw a spell. You may cast it for free."]),
    ("sorcery", "magic, cost 3", "Deal 2 damage to each unit here or nearby. The caster takes "
     "no damage.", ["Deal 2 damage to each unit nearby. The caster takes no damage."]),
    ("sorcery", "magic, cost 1", "Draw a spell. Draw a site.", ["Draw a spell, draw a site."]),
    ("sorcery", "magic, cost 1", "Shoot a firebolt in a cardinal direction. It deals 2 damage "
     "to the first unit it hits.", ["Launch a hook in a cardinal direction. It deals 2 damage "
                                    "to the first unit it hits."]),
    ("everrain", "sea event", "Gain 3 treasure. The story is resolved.",
     ["Gain 3 treasure. The story is resolved."]),
])
def test_a_step_naming_its_own_subject_is_a_sentence(ruleset, header, written, canonical):
    """A step that names its subject ('An opponent loses', 'You may', 'The caster takes', 'It
    deals' and 'The story' of the shape's own words) is a sentence of its own, as printed cards write it, not spliced on with a comma; steps
    without one stay joined ('Draw a spell, draw a site'). (A step that goes on the one
    before it stays joined to it, where a sentence of its own would read as another step:
    the round trip over the pools, tests/test_render.py, has such cards.)"""
    assert rendered(ruleset, header, written) == canonical


@pytest.mark.parametrize("header, written, canonical", [
    ("creature, house dis, power 2", "Reap: steal 1A.", "Reap: steal 1 aember."),
    ("creature, house dis, power 2", "Play: capture 2 Æmber.", "Play: capture 2 aember."),
    ("action, house logos", "Play: gain 3 Amber.", "Play: gain 3 aember."),
])
def test_keyforge_aember_is_written_as_the_pool_writes_it(header, written, canonical):
    """Every spelling of aember ('1A', 'Æmber', 'Amber') is written back in small letters,
    with the amount in digits, as the KeyForge pool writes it: '1 aember'."""
    assert rendered("keyforge", header, written) == [canonical]


@pytest.mark.parametrize("written, canonical", [
    ('card "X": creature, house dis, power 2, Æmber 1\n  Reap: steal 1A.\n',
     'card "X": creature, house dis, power 2, aember 1\n  Reap: steal 1 aember.\n'),
    ('card "X": action, house logos, amber 2\n  Play: Gain 2 Amber. Steal 1 A.\n',
     'card "X": action, house logos, aember 2\n  Play: gain 2 aember. Steal 1 aember.\n'),
    ('card "X": action, house logos, Aember 1\n  Play: steal one A.\n',
     'card "X": action, house logos, aember 1\n  Play: steal 1 aember.\n'),
])
def test_keyforge_fmt_canonical_writes_aember_in_small_letters(written, canonical):
    """`fmt --canonical` writes the header's 'Æmber 1' as 'aember 1' and a mid-sentence
    '1A' or 'Amber' as 'aember', never 'Aember'; a capital stays only where a sentence starts."""
    from cardscript.fmt.canonical import canonical_text
    conv = PROJECT.conventions_for("keyforge")
    got = canonical_text("# ruleset: keyforge\n" + written, rulesets.get("keyforge").language,
                         conv, "x.cards")
    assert got == "# ruleset: keyforge\n" + canonical
