"""Mage Noir's Permanents: the kind, its HP, and the words the game never prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import load_pool, run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "cards" / "mage_noir" / "scenarios"


def _compile(text: str) -> dict:
    ruleset = rulesets.get("mage_noir")
    return compile_files([parse_text(text, "inline.cards")], ruleset.language,
                         base=load_pool(ruleset))


def _run(text: str) -> dict:
    return run_scenario(parse_scenario(text, str(SCENARIOS / "inline.yaml")))


BOARD = """
name: inline
ruleset: mage_noir
cards: [cards/permanents.cards]
players: [alice, bob]
setup:
  alice:
    preparation: [Ember lance, Mending dew]
  bob:
    permanents: [{card: Thornback warden, id: warden}, {card: Cinder moth, id: moth}]
actions:
"""


def _card(result, card_id) -> dict:
    return next(c for c in result["state"]["cards"] if c["id"] == card_id)


def test_a_permanent_declares_its_hp():
    """'permanent' is a kind and 'hp N' a stat of its header, kept with the card."""
    out = _compile('card "Bog idol": permanent, cost 2, hp 5\n  Water\n')
    assert out["Bog idol"].kind == "permanent" and out["Bog idol"].stats["hp"] == 5


@pytest.mark.parametrize("text, code, word", [
    ('card "X": creature, cost 1\n', "E208", "creature"),
    ('card "X": permanent, cost 1, attack 2\n', "E208", "attack"),
    ('card "X": spell, cost 1\n  Fire\n  Target creature cannot attack this turn.\n', "E201",
     "creature"),
    ('card "X": spell, cost 1\n  Fire\n  Target permanent cannot attack this turn.\n', "E201",
     "attack"),
    ('card "X": spell, cost 1\n  Fire\n  Target permanent gains 1 armor.\n', "E201", "armor"),
])
def test_words_the_game_never_prints_are_refused_with_what_to_write(text, code, word):
    """A creature, an attack, a shield or armour: refused at the word, with the hint that
    says what Mage Noir prints instead."""
    with pytest.raises(CardScriptError) as info:
        _compile(text)
    assert info.value.code == code
    assert word in str(info.value)
    assert "Permanent" in info.value.hint


def test_permanents_set_up_in_play_hold_their_printed_hp():
    """A Permanent the setup puts in play has its printed HP unless its entry sets them."""
    result = _run(BOARD.replace("{card: Cinder moth, id: moth}",
                                "{card: Cinder moth, id: moth, counters: {hp: 3}}") +
                  "  - {player: alice, pass: true}\n")
    assert _card(result, "warden")["counters"]["hp"] == 4
    assert _card(result, "moth")["counters"]["hp"] == 3


def test_damage_below_one_hp_destroys_and_releases():
    """3 damage to a 1-HP Permanent: it loses 3 HP in the next action, is destroyed there,
    and its Mana goes to the Available Ether."""
    result = _run(BOARD + "  - {player: alice, activate: Ember lance, target: moth}\n")
    loss = next(e for e in result["trace"] if e["kind"] == "lose_hp")
    assert loss["subject"] == "Cinder moth"
    assert "Cinder moth has no HP left and is destroyed" in loss["did"]
    assert result["state"]["players"]["bob"]["zones"]["discard"] == ["Cinder moth"]


def test_hp_rise_above_the_printed_number():
    """'gains N HP' has no upper limit: a 4-HP warden healed by 2 has 6."""
    result = _run(BOARD + "  - {player: alice, activate: Mending dew, target: warden}\n")
    assert _card(result, "warden")["counters"]["hp"] == 6


def test_any_target_names_a_permanent_only_with_hp():
    """A Permanent with HP is one of the legal values of 'any target'; one named that is not
    in play is an illegal target whose hint lists players and Permanents."""
    text = BOARD.replace("preparation: [Ember lance, Mending dew]",
                         "preparation: [Tornado]\n    channeled: [Seed in the wind]")
    result = _run(text + "  - {player: alice, activate: Tornado, "
                         "targets: [Rockslide, Seed in the wind]}\n")
    assert result["error"]["code"] == "S203"
    assert "warden" in result["error"]["hint"] and "alice" in result["error"]["hint"]


def test_an_amount_reads_a_permanents_hp_and_no_other_stat():
    """'equal to its HP' and "equal to that permanent's HP" read the HP stat; a stat the
    game's cards lack ('its power') is E213, its hint naming HP."""
    out = _compile('card "Bog idol": permanent, cost 2, hp 5\n  Water\n'
                   '  At the start of your turn, you gain HP equal to its HP.\n\n'
                   'card "Bog toll": spell, cost 1\n  Water\n'
                   "  Target permanent gains 1 HP, then you gain HP equal to that permanent's"
                   " HP.\n")
    assert {"Bog idol", "Bog toll"} <= set(out)
    with pytest.raises(CardScriptError) as e:
        _compile('card "X": spell, cost 1\n  Fire\n'
                 '  Target permanent gains HP equal to its power.\n')
    assert e.value.code == "E213" and "hp" in e.value.hint


def test_a_permanents_hp_as_an_amount_is_the_hp_it_has_now():
    """The ruleset's stat of a Permanent's HP is its counter in play (above or below what
    it prints), and its printed HP out of play (a destroyed one's counter is below 1)."""
    from cardscript.rulesets.mage_noir.permanents import stat
    ruleset = rulesets.get("mage_noir")
    assert ruleset.stat is stat
    tpl = _compile('card "Bog idol": permanent, cost 2, hp 5\n  Water\n')["Bog idol"]

    class Card:
        def __init__(self, counters, zone="permanents"):
            self.tpl, self.counters, self.zone = tpl, counters, zone

    class Game:
        policy = ruleset.policy
    assert stat(Game, Card({}), "hp") == 5
    assert stat(Game, Card({"hp": 8}), "hp") == 8
    assert stat(Game, Card({"hp": 2}), "hp") == 2
    assert stat(Game, Card({"hp": -2}, zone="discard"), "hp") == 5
    assert stat(Game, Card({"hp": 8}), "cost") == 2
