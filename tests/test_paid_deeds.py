"""A cost paid by choice for a deed ('you may <cost> to have it <deed>') and a discard of one
kind of card (compiler/cost_to_have.py, rulesets/sorcery/kind_discards.py)."""

from __future__ import annotations

from conftest import play_sorcery

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.template import IfT, MayT, SeqT
from cardscript.grammar import parse_text

CARDS = """\
card "Test Gust": minion spirit, cost 3, power 2
  Tap → You may discard a spell to have it deal 1 damage to each adjacent enemy minion.

card "Test Hoarder": minion mortal, cost 2, power 1
  Tap → Your opponent may discard a site. If they do, you gain 3 life.
"""


def play(tmp_path, setup: str, actions: str, choices: str = "[]") -> dict:
    """Run an inline scenario with this module's cards (conftest.play_sorcery)."""
    return play_sorcery(tmp_path, CARDS, setup, actions, choices)


def _did(result) -> list[str]:
    return [d for e in result["trace"] for d in e.get("did", ())]


def _effect(name):
    lang = rulesets.get("sorcery").language
    tpl = compile_files([parse_text(CARDS, "t.cards")], lang)[name]
    return tpl.abilities[0].effect


def test_a_cost_to_have_reads_as_may_then_if_you_do():
    """'you may X to have it Y' is a 'may' step, then Y under the condition 'you do'."""
    eff = _effect("Test Gust")
    seq = eff if isinstance(eff, SeqT) else next(i for i in eff.items if isinstance(i, SeqT))
    assert isinstance(seq.items[0], MayT) and seq.items[0].ask == "pay"
    assert isinstance(seq.items[1], IfT) and seq.items[1].conditions[0].text == "you do"


SETUP = """
alice:
  hand: [Firebolts, Iceberg]
  realm: [{card: Red Desert, at: 8}, {card: Test Gust, at: 8}]
bob:
  realm: [{card: Summer River, at: 9}, {card: Azuridge Caravan, at: 9}]
"""


def test_declining_the_cost_leaves_the_deed_undone(tmp_path):
    """Saying no to the cost keeps the hand and deals no damage."""
    r = play(tmp_path, SETUP, "[{player: alice, activate: Test Gust}]",
             "[{player: alice, kind: pay, answer: no}]")
    assert not any("damage" in d for d in _did(r))
    assert sorted(c["name"] for c in r["state"]["cards"]
                  if c["zone"] == "hand") == ["Firebolts", "Iceberg"]


def test_only_a_card_of_the_kind_is_discarded(tmp_path):
    """'discard a spell' with one spell and one site in hand takes the spell, unasked."""
    r = play(tmp_path, SETUP, "[{player: alice, activate: Test Gust}]",
             "[{player: alice, kind: pay, answer: yes}]")
    assert "alice discards Firebolts" in _did(r)
    assert "1 damage to Azuridge Caravan" in _did(r)


def test_another_player_discards_a_kind_of_card(tmp_path):
    """'your opponent may discard a site': bob decides and discards one of his sites."""
    r = play(tmp_path, """
alice:
  life: 10
  realm: [{card: Red Desert, at: 8}, {card: Test Hoarder, at: 8}]
bob:
  hand: [Boneyard, Firebolts]
""", "[{player: alice, activate: Test Hoarder}]", "[{player: bob, kind: may, answer: yes}]")
    assert "bob discards Boneyard" in _did(r)
    assert "alice gains 3 life" in _did(r)
