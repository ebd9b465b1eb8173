"""Sorcery's printed ongoing lines (rulesets/sorcery/ongoing.py, entry.py, immunity.py): what
each form compiles to and how the board reads it."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import ErrorList, SemanticError
from cardscript.grammar import parse_text
from conftest import play_sorcery, put, sorcery_game
from cardscript.rulesets.sorcery.entry import may_enter
from cardscript.rulesets.sorcery.immunity import is_lethal, prevents
from cardscript.rulesets.sorcery.stats import stat

CARDS = '''
card "Field": site
card "Tor": site Tower
card "Twin": site
  This site is both a Tower and a River.
card "Grunt": minion Mortal, power 2
card "Brute": minion Giant, power 5
card "Hawk": minion Beast, power 1
  Airborne
card "Hunters": minion Beast, power 1
  These Hunters have +1 power for each other Hunters nearby.
card "Anchor": minion, power 1
  Other minions nearby lose Airborne.
card "Gate": site
  Minions with 4 or more power can't enter this site.
card "Warder": minion, power 2
  This Warder is harmed by Lethal damage only.
card "Pilgrim": minion Mortal, power 2
  This Pilgrim takes no damage from Demons, Spirits, and Undead.
card "Ghoul": minion Undead, power 1
card "Drum": artifact
  Nearby damage is Lethal.
'''


@pytest.fixture
def game():
    return sorcery_game(CARDS, "<ongoing lines test>")


def compile_one(text: str):
    """Compile one Sorcery card's text; the errors, if any."""
    lang = rulesets.get("sorcery").language
    try:
        compile_files([parse_text(text, "<t>")], lang)
    except (ErrorList, SemanticError) as e:
        return e
    return None


def test_counted_power_takes_the_count_now(game):
    """'+1 power for each other Hunters nearby' adds one for each such card in reach now."""
    for at in (8, 9, 15):
        put(game, "Field", "alice", at)
    west, middle, east = (put(game, "Hunters", "alice", at) for at in (8, 9, 15))
    assert [stat(game, c, "power") for c in (west, middle, east)] == [2, 3, 2]


def test_a_lost_keyword_wins_over_the_printed_one(game):
    """'Other minions nearby lose Airborne': a nearby Hawk has no Airborne; the Anchor's own
    text does not reach a Hawk far away."""
    for at in (8, 9, 20):
        put(game, "Field", "alice", at)
    put(game, "Anchor", "alice", 8)
    near, far = put(game, "Hawk", "bob", 9), put(game, "Hawk", "bob", 20)
    assert not game.has_keyword(near, "airborne")
    assert "airborne" not in game.keywords_of(near)
    assert game.has_keyword(far, "airborne")


def test_added_subtypes_are_read_by_selectors_and_places(game):
    """'This site is both a Tower and a River' makes the site each, as a printed subtype is."""
    twin, tor = put(game, "Twin", "alice", 8), put(game, "Tor", "alice", 9)
    assert game.has_subtype(twin, "river") and game.has_subtype(twin, "tower")
    assert game.has_subtype(tor, "tower") and not game.has_subtype(tor, "river")
    assert game.geometry.has_trait(game, 8, "river")


def test_a_stat_bound_in_a_selector_reads_the_current_power(game):
    """'Minions with 4 or more power can't enter this site' keeps out a power-5 Brute, not a
    power-2 Grunt."""
    put(game, "Gate", "alice", 8)
    put(game, "Field", "bob", 9)
    brute, grunt = put(game, "Brute", "bob", 9), put(game, "Grunt", "bob", 9)
    assert not may_enter(game, brute, 8)
    assert may_enter(game, grunt, 8)


def test_immunity_prevents_only_the_damage_it_names(game):
    """The Warder takes only lethal damage; the Pilgrim none from an Undead, all from others."""
    put(game, "Field", "alice", 8)
    warder, pilgrim = put(game, "Warder", "alice", 8), put(game, "Pilgrim", "alice", 8)
    ghoul, grunt = put(game, "Ghoul", "bob", 8), put(game, "Grunt", "bob", 8)
    assert prevents(game, "damage", warder, {"source": grunt}) is warder
    assert prevents(game, "damage", pilgrim, {"source": ghoul}) is pilgrim
    assert prevents(game, "damage", pilgrim, {"source": grunt}) is None
    assert prevents(game, "die", warder, {}) is None


def test_nearby_damage_is_lethal_only_nearby(game):
    """'Nearby damage is Lethal' makes damage lethal to a minion nearby the card, not beyond."""
    for at in (8, 9, 10):
        put(game, "Field", "alice", at)
    put(game, "Drum", "alice", 8)
    near, far = put(game, "Grunt", "bob", 9), put(game, "Grunt", "bob", 10)
    assert is_lethal(game, None, near)
    assert not is_lethal(game, None, far)


@pytest.mark.parametrize("line", [
    "Units here are Spellcasters.",
    "Nearby enemy minion Stealth is negated.",
    "This Probe may be summoned anywhere.",
    "Airborne enemy minions can't enter this site.",
    "Nearby enemies must stay nearby when moving.",
    "While this is burrowed, minions on its site are immobile.",
])
def test_printed_ongoing_forms_compile(line):
    """Each printed ongoing form of this module compiles on a minion."""
    assert compile_one(f'card "Probe": minion, power 1\n  {line}\n') is None


@pytest.mark.parametrize("line, word", [
    ("Minions here are Wizards.", "Wizards"),
    ("This site is both a River and a Swamp.", "<subtype>"),
    ("Minions with 4 or more armor can't enter this site.", "armor"),
])
def test_forms_with_unknown_words_are_refused(line, word):
    """A subtype, keyword or stat the game does not have is an error, not a silent no-op."""
    err = compile_one(f'card "Probe": site\n  {line}\n')
    assert err is not None and "E201" in str(err) and word.lower() in str(err).lower()


def test_it_in_an_ongoing_effect_names_only_its_own_card(game):
    """'While this is untapped, it has +2 power': 'it' is the card itself, not every card."""
    game.templates.update(compile_files([parse_text(
        'card "Sentry": minion, power 1\n  While this is untapped, it has +2 power.\n',
        "<it test>")], rulesets.get("sorcery").language, base=game.templates))
    put(game, "Field", "alice", 8)
    sentry, grunt = put(game, "Sentry", "alice", 8), put(game, "Grunt", "alice", 8)
    assert (stat(game, sentry, "power"), stat(game, grunt, "power")) == (3, 2)
    sentry.tapped = True
    assert stat(game, sentry, "power") == 1


def test_a_first_striker_struck_back_only_when_it_does_not_doom(game):
    """A unit that deals combat damage first is struck back only by a foe it left alive."""
    from cardscript.rulesets.sorcery.strikes import fight
    game.templates.update(compile_files([parse_text(
        'card "Pikes": minion, power 2\n'
        '  These Pikes deal combat damage before other minions they fight.\n',
        "<first strike test>")], rulesets.get("sorcery").language, base=game.templates))
    put(game, "Field", "alice", 8)
    pikes, grunt, brute = (put(game, n, o, 8) for n, o in
                           (("Pikes", "alice"), ("Grunt", "bob"), ("Brute", "bob")))
    assert fight(game, grunt, pikes).endswith("0 and 2 damage (Pikes first)")
    assert pikes.damage == 0 and grunt.damage == 2
    assert fight(game, pikes, brute).endswith("2 and 5 damage (Pikes first)")
    assert pikes.damage == 5


def test_affected_sites_cease_to_be_sites_of_any_element(tmp_path):
    """'cease to be ELEMENT sites' reads any element: under a Fire version a fire site is no
    fire site, so a bonus for minions on fire sites is gone there; outside it, it stays."""
    cards = ('card "Ash Flat": site, fire\n\n'
             'card "Kiln Totem": artifact, cost 2\n'
             '  Minions on fire sites have +2 power.\n\n'
             'card "Smother": aura, cost 2\n'
             '  Affected sites cease to be Fire sites.\n')
    setup = """
alice:
  realm:
    - {card: Ash Flat, at: 8}
    - {card: Ash Flat, at: 10}
    - {card: Kiln Totem, at: 10}
    - {card: Smother, at: 8, spans: intersection}
    - {card: Tawny, id: covered, at: 8}
    - {card: Tawny, id: open, at: 10}
"""
    result = play_sorcery(tmp_path, cards, setup, "[]")
    power = {c["id"]: c["power"] for c in result["state"]["cards"]}
    assert power["covered"] + 2 == power["open"]
