"""Decks and whole piles (rulesets/sorcery/deck_kinds.py, whole_hands.py): several players'
piles in a selector, cards shuffled into a deck by the seed, the top and bottom of a deck,
a whole hand discarded and 'that many' drawn; each deck holds its own kind (E203)."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.language.reader import Reader
from cardscript.language.shapes import FAIL
from scenario_text import run

LANG = rulesets.get("sorcery").language
READ = Reader(LANG)


def _compile(line: str, kind: str = "magic, cost 1"):
    text = f'# ruleset: sorcery\ncard "Probe": {kind}\n  {line}\n'
    return compile_files([parse_text(text, "d.cards")], LANG)["Probe"]


def _error(line: str) -> CardScriptError:
    with pytest.raises(CardScriptError) as info:
        _compile(line)
    return info.value


@pytest.mark.parametrize("words, zone", [
    ("each card in each player's cemetery", ("each", "cemetery")),
    ("all minions in each opponent's cemetery", ("opponents", "cemetery")),
    ("each site from each player's hand", ("each", "hand")),
])
def test_each_players_pile_is_a_zone_of_several_players(words, zone):
    """'in each player's PILE' / 'each opponent's' reads as the pile of every player named."""
    sel = READ.read("cards", tuple(words.split()))
    assert sel.zone == zone and sel.quant == "each"


def test_each_players_pile_is_no_destination():
    """A pile that cards are sent to stays one player's: 'to each player's hand' is refused."""
    assert READ.read("zone", ("each", "player's", "hand")) is FAIL
    assert isinstance(_error("Return target minion to each player's hand."), CardScriptError)


def test_ownpile_reads_your_and_their_only():
    """The pile of a verb's subject is 'your X' or 'their X'; another possessive is no such pile."""
    assert READ.read("ownpile", ("their", "hand")) == "their hand"
    assert READ.read("ownpile", ("your", "cemetery")) == "your cemetery"
    assert READ.read("ownpile", ("its", "owner's", "hand")) is FAIL
    assert READ.read("ownpile", ("their", "deck")) is FAIL


@pytest.mark.parametrize("line, message", [
    ("Return target minion to its owner's atlas.", "the atlas holds sites only"),
    ("Return target aura to the bottom of its owner's atlas.", "the atlas holds sites only"),
    ("Put target artifact on top of your atlas.", "the atlas holds sites only"),
    ("Shuffle target minion into your atlas.", "the atlas holds sites only"),
    ("Return target site to its owner's spellbook.", "a site belongs in the atlas"),
    ("Shuffle each card in your hand into your spellbook.", "a site belongs in the atlas"),
    ("Shuffle your hand into your atlas.", "the atlas holds sites only"),
    ("Shuffle target minion into your hand.", "not the hand"),
    ("Each player shuffles your hand into their spellbook.",
     "'your hand' is not a pile of the player who shuffles"),
    ("Each player discards your hand.", "'your hand' is not the hand of the player who"),
    ("Discard your cemetery.", "not the cemetery"),
])
def test_a_deck_that_cannot_hold_the_cards_is_e203(line, message):
    """Cards sent into a deck that cannot hold them, or a pile not the subject's, are E203."""
    err = _error(line)
    assert err.code == "E203" and message in str(err)


@pytest.mark.parametrize("line, words, hint", [
    ("Each opponent discards your hand.", "your hand", "write 'their hand'"),
    ("Discard their hand.", "their hand", "write 'your hand'"),
    ("Each player shuffles your hand into their spellbook.", "your hand", "write 'their hand'"),
    ("Shuffle your hand into their spellbook.", "their spellbook", "write 'your spellbook'"),
])
def test_a_pile_not_the_subjects_own_is_refused_at_its_words(line, words, hint):
    """A possessive naming another player's pile than the subject's is E203 with the caret
    on that pile's words and a hint naming the right possessive, not a hint about kinds."""
    err = _error(line)
    assert err.code == "E203" and err.hint.startswith(hint)
    assert err.span.column - 3 == line.index(words)
    assert err.span.end_column - err.span.column == len(words)


@pytest.mark.parametrize("line, hint", [
    ("Return target minion to its owner's atlas.", "write 'spellbook' for 'atlas'"),
    ("Return target card in your cemetery to your atlas.",
     "name sites ('target site in your cemetery')"),
    ("Return target site to its owner's spellbook.", "write 'atlas' for 'spellbook'"),
    ("Put target cards in your hand on top of your spellbook.",
     "name spells, or a kind of spell ('target spells in your hand')"),
])
def test_the_e203_hint_says_what_the_deck_holds_and_what_to_write(line, hint):
    """E203's hint names what the deck holds and the words to write, not every kind allowed."""
    err = _error(line)
    assert hint in err.hint and " or minion" not in err.hint


@pytest.mark.parametrize("line", [
    "Return target site to the top of its owner's atlas.",
    "Put the top card of your atlas on the bottom of your atlas.",
    "Shuffle target minion into its owner's spellbook.",
    "Return target minion to its owner's spellbook.",
    "Each player shuffles their hand into their spellbook, then draws that many spells.",
    "Discard your hand, then draw that many spells.",
])
def test_a_deck_that_holds_the_cards_compiles(line):
    """Sites to an atlas and spells to a spellbook, and a whole hand into a spellbook, compile."""
    assert _compile(line).abilities



def _scenario(setup: str, actions: str, players: str = "[alice, bob]", seed: int = 1) -> str:
    return (f"name: case\nruleset: sorcery\nplayers: {players}\nseed: {seed}\n"
            f"setup:\n{setup}\nactions:\n{actions}\n")


def _zones(result, player):
    return result["state"]["players"][player]["zones"]


BOTH = """# ruleset: sorcery
card "Grave Harrow": magic, cost 2
  Banish all minions in each player's cemetery.
"""


def test_each_players_cemetery_pools_both_players_piles(tmp_path):
    """'in each player's cemetery' reaches the caster's pile and the opponent's, spells stay."""
    from conftest import play_sorcery
    r = play_sorcery(tmp_path, BOTH, """{alice: {hand: [Grave Harrow], cemetery: [Hollow Shade,
        Thorn Dart], realm: [{card: Red Desert, at: 8}]}, bob: {cemetery: [Bone Thrall]}}""",
                     "[{player: alice, cast: Grave Harrow}]")
    assert r["trace"][0]["did"] == ("banish Hollow Shade", "banish Bone Thrall")
    assert _zones(r, "alice")["cemetery"] == ["Thorn Dart", "Grave Harrow"]
    assert _zones(r, "bob")["banished"] == ["Bone Thrall"]


TIDE = """  alice:
    hand: [Tide of Forgetting]
    cemetery: [Thorn Dart, Fickle Gust, Bone Thrall, Hollow Shade]
    spellbook: [Lady Iseult]
    realm:
      - {card: Red Desert, at: 8}"""


def test_a_shuffle_into_a_deck_is_the_same_for_the_same_seed():
    """The deck's order after a shuffle depends on the seed alone: the same seed, the same
    order; every card is there once."""
    orders = []
    for seed in (3, 3, 4):
        r = run(_scenario(TIDE, "  - {player: alice, cast: Tide of Forgetting}", seed=seed))
        assert r["ok"], r["error"]
        orders.append(_zones(r, "alice")["spellbook"])
    assert orders[0] == orders[1]
    assert sorted(orders[0]) == sorted(["Lady Iseult", "Thorn Dart", "Fickle Gust",
                                        "Bone Thrall", "Hollow Shade"])
    assert orders[2] != orders[0]


def test_a_site_in_a_whole_pile_goes_to_the_atlas_and_the_trace_says_so():
    """A site in a cemetery shuffled into a spellbook goes to its owner's atlas instead."""
    setup = TIDE.replace("[Thorn Dart, Fickle Gust, Bone Thrall, Hollow Shade]",
                         "[Gale Spire, Thorn Dart]")
    r = run(_scenario(setup, "  - {player: alice, cast: Tide of Forgetting}"))
    assert r["ok"], r["error"]
    assert _zones(r, "alice")["atlas"] == ["Gale Spire"]
    assert "put Gale Spire into alice's atlas (not the spellbook: it is a site)" in \
        r["trace"][0]["did"]


def test_a_whole_hand_is_discarded_and_draw_that_many_counts_it():
    """Every card of the hand goes to the cemetery; 'draw that many' draws that number."""
    setup = """  alice:
    hand: [Fevered Archivist, Thorn Dart, Fickle Gust, Bone Thrall]
    atlas: [Gale Spire, Iceberg, Cinder Flats, Loam Hollow]
    realm:
      - {card: Red Desert, at: 8}"""
    r = run(_scenario(setup, "  - {player: alice, cast: Fevered Archivist, at: 8}"))
    assert r["ok"], r["error"]
    assert _zones(r, "alice")["hand"] == ["Gale Spire", "Iceberg", "Cinder Flats"]
    assert _zones(r, "alice")["atlas"] == ["Loam Hollow"]
    assert _zones(r, "alice")["cemetery"] == ["Thorn Dart", "Fickle Gust", "Bone Thrall"]
    genesis = next(e for e in r["trace"] if e["kind"] == "genesis")
    assert genesis["did"][0] == "alice discards Thorn Dart, Fickle Gust, Bone Thrall"


def test_an_empty_hand_discards_nothing_and_draws_nothing():
    """With no card in hand the discard is no failure and 'that many' is none."""
    setup = """  alice:
    hand: [Fevered Archivist]
    atlas: [Gale Spire]
    realm:
      - {card: Red Desert, at: 8}"""
    r = run(_scenario(setup, "  - {player: alice, cast: Fevered Archivist, at: 8}"))
    assert r["ok"], r["error"]
    genesis = next(e for e in r["trace"] if e["kind"] == "genesis")
    assert list(genesis["did"]) == ["alice has no card to discard",
                                    "alice draws no card: that many is none"]
    assert _zones(r, "alice")["atlas"] == ["Gale Spire"]


THAT_MANY = """# ruleset: sorcery
card "Restless Night": magic, cost 3
  Each player discards their hand, then each player draws that many spells.
card "Pilfered Dreams": magic, cost 3
  Each opponent discards their hand. You draw that many spells.
"""

DECKS = """spellbook: [Hollow Shade, Bone Thrall, Fickle Gust, Thorn Dart]"""


def test_each_player_draws_the_number_they_discarded(tmp_path):
    """'each player draws that many' after each player's discard: each their own number."""
    from conftest import play_sorcery
    r = play_sorcery(tmp_path, THAT_MANY, f"""{{alice: {{hand: [Restless Night, Thorn Dart],
        {DECKS}, realm: [{{card: Red Desert, at: 8}}]}},
        bob: {{hand: [Lady Iseult, Thorn Dart, Loam Hollow], {DECKS}}}}}""",
                     "[{player: alice, cast: Restless Night}]")
    assert _zones(r, "alice")["hand"] == ["Hollow Shade"]
    assert _zones(r, "bob")["hand"] == ["Hollow Shade", "Bone Thrall", "Fickle Gust"]


def test_you_draw_as_many_as_the_opponents_discarded(tmp_path):
    """'You draw that many' after each opponent's discard: the number they discarded."""
    from conftest import play_sorcery
    r = play_sorcery(tmp_path, THAT_MANY, f"""{{alice: {{hand: [Pilfered Dreams],
        {DECKS}, realm: [{{card: Red Desert, at: 8}}]}},
        bob: {{hand: [Lady Iseult, Loam Hollow], {DECKS}}}}}""",
                     "[{player: alice, cast: Pilfered Dreams}]")
    assert _zones(r, "alice")["hand"] == ["Hollow Shade", "Bone Thrall"]
    assert _zones(r, "bob")["hand"] == []
    assert _zones(r, "bob")["cemetery"] == ["Lady Iseult", "Loam Hollow"]


def test_a_count_in_a_pile_reads_the_pile_and_not_the_realm(tmp_path):
    """'+1 power for each minion in your cemetery' counts that pile's minions, not the realm's."""
    from conftest import play_sorcery
    cards = """# ruleset: sorcery
card "Crypt Hound": minion Beast, cost 2, power 1
  This Hound has +1 power for each minion in your cemetery.
"""
    r = play_sorcery(tmp_path, cards, """{alice: {hand: [Crypt Hound], cemetery: [Bone Thrall],
        realm: [{card: Red Desert, at: 8}, {card: Lady Iseult, at: 8}]},
        bob: {cemetery: [Hollow Shade]}}""", "[{player: alice, cast: Crypt Hound, at: 8}]")
    hound = next(c for c in r["state"]["cards"] if c["name"] == "Crypt Hound")
    assert hound["power"] == 2


@pytest.mark.parametrize("words, top, zone", [
    ("your next three spells", "the top 3 cards of your spellbook", ("you", "spellbook")),
    ("your next site", "the top card of your atlas", ("you", "atlas")),
    ("an opponent's next 2 sites", "the top 2 cards of an opponent's atlas",
     ("chosen_opponent", "atlas")),
])
def test_a_players_next_cards_are_the_top_of_the_pile_they_are_drawn_from(words, top, zone):
    """'your next N spells' is the top N cards of the spellbook, as 'the top N cards of' is."""
    sel = READ.read("cards", tuple(words.split()))
    assert (sel.pick, sel.zone) == ("top", zone)
    assert sel == READ.read("cards", tuple(top.split()))


@pytest.mark.parametrize("words", ["your next 1 spells", "your next three spell",
                                   "your next a spell", "your next three minions"])
def test_a_next_with_the_wrong_number_or_noun_is_no_selector(words):
    """'next' takes a number that agrees with 'spell(s)' / 'site(s)' / 'card(s)' only."""
    assert READ.read("cards", tuple(words.split())) is FAIL
