"""Sorcery sites damaged by a player's cards, 'one of' a plural, and 'that much' life
(rulesets/sorcery/site_damage.py, strikes.py `damage_player`)."""

from __future__ import annotations

from conftest import play_sorcery

CARDS = """\
card "Test Hermit": minion mortal, cost 3, power 2
  Whenever an opponent damages one of your sites, your opponent loses that much life.

card "Test Loss": magic, cost 1
  Lose that much life.
"""


def play(tmp_path, setup: str, actions: str, choices: str = "[]") -> dict:
    """Run an inline scenario with this module's cards (conftest.play_sorcery)."""
    return play_sorcery(tmp_path, CARDS, setup, actions, choices)


def _did(result) -> list[str]:
    return [d for e in result["trace"] for d in e.get("did", ())]


def test_an_attack_on_a_site_is_damage_the_site_does_not_keep(tmp_path):
    """An attacked site is damaged by the attacker's power, keeps none, and the trigger hears it."""
    r = play(tmp_path, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Hermit, at: 20}]
bob:
  realm: [{card: Lady Iseult, at: 8}]
""", "[{player: bob, attack: Lady Iseult, target: Red Desert}]")
    assert "bob loses 3 life" in _did(r)
    desert = next(c for c in r["state"]["cards"] if c["name"] == "Red Desert")
    assert desert.get("damage", 0) == 0


def test_your_own_attack_on_an_enemy_site_is_not_heard(tmp_path):
    """An attack by the Hermit's controller on an enemy site is no opponent damaging hers."""
    r = play(tmp_path, """
alice:
  realm: [{card: Test Hermit, at: 20}, {card: Lady Iseult, at: 8}]
bob:
  realm: [{card: Red Desert, at: 8}]
""", "[{player: alice, attack: Lady Iseult, target: Red Desert}]")
    assert "Lady Iseult deals 3 to bob through Red Desert" in _did(r)
    assert not any("loses" in d for d in _did(r))


def test_that_much_outside_a_trigger_says_there_is_no_amount(tmp_path):
    """'Lose that much life' where no happening gives an amount loses nothing, and says so."""
    r = play(tmp_path, """
alice:
  hand: [Test Loss]
""", "[{player: alice, cast: Test Loss}]")
    assert any("no amount to lose" in d for d in _did(r))
    assert r["state"]["players"]["alice"]["counters"].get("life", 20) == 20


def test_one_of_a_plural_is_one_card_of_them():
    """'one of your sites' reads as one card of the kinds and side the plural names."""
    from cardscript import rulesets
    from cardscript.language.reader import Reader
    reader = Reader(rulesets.get("sorcery").language)
    one = reader.read_cards(("one", "of", "your", "sites"))
    assert (one.quant, one.count, one.controller, one.kinds) == \
        ("one", 1, "you", frozenset({"site"}))
    assert reader._read_cards(("one", "of", "a", "site")) is None


def _lowered(text):
    """The effect of the first ability of a one-card Sorcery file."""
    from cardscript import rulesets
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    tpl = next(iter(compile_files([parse_text(text, "t.cards")],
                                  rulesets.get("sorcery").language).values()))
    return tpl.abilities[0].effect


def test_a_comma_before_or_is_a_choice_of_each_step():
    """'A, B, or C' lowers to one choice of three options, not three steps done in turn."""
    from cardscript.compiler.template import ChooseT
    eff = _lowered('card "T": magic, cost 1\n  Draw a spell, gain 1 life, or lose 2 life.\n')
    assert isinstance(eff, ChooseT)
    assert eff.texts == ("Draw a spell", "gain 1 life", "lose 2 life")


def test_a_comma_choice_takes_only_its_own_sentence():
    """A sentence before the comma choice is done whatever is chosen: only its steps are options."""
    from cardscript.compiler.template import ChooseT, Do, SeqT
    eff = _lowered('card "T": magic, cost 1\n  Gain 1 life. Draw a spell, or lose 2 life.\n')
    assert isinstance(eff, SeqT) and isinstance(eff.items[0], Do)
    assert isinstance(eff.items[1], ChooseT) and len(eff.items[1].options) == 2
