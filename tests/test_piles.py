"""The verbs about piles and hands (library/piles.py) and the top-of-a-pile selector they read:
look at, reveal, put into / on top of / at the bottom of a zone."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.grammar import parse_text
from conftest import play_sorcery

LANG = rulesets.get("sorcery").language


def _what(effect: str):
    src = f'# ruleset: sorcery\ncard "Probe": magic, cost 1\n  {effect}\n'
    tpl = compile_files([parse_text(src, "p.cards")], LANG)["Probe"]
    step = tpl.abilities[0].effect
    while not hasattr(step, "args"):
        step = step.steps[0]
    return dict(step.args)["what"]


@pytest.mark.parametrize("effect, count, zone", [
    ("Look at the top 3 cards of your spellbook.", 3, ("you", "spellbook")),
    ("Look at the top card of your atlas.", 1, ("you", "atlas")),
    ("Look at your top 3 atlas cards.", 3, ("you", "atlas")),
    ("Reveal the top two cards of your opponent's spellbook.", 2, ("opponent", "spellbook")),
])
def test_the_top_cards_of_a_pile(effect, count, zone):
    """'the top N cards of ZONE' and 'your top N ZONE cards' pick the first N of that pile."""
    sel = _what(effect)
    assert (sel.pick, sel.count, sel.zone) == ("top", count, zone)


CARDS = """# ruleset: sorcery
card "Peek": magic, cost 1
  Look at the top 2 cards of your spellbook.
card "Stash": magic, cost 1
  Put target minion on top of your spellbook.
card "Dredge": magic, cost 1
  Put the top card of your spellbook into your cemetery.
"""


def play(tmp_path, setup: str, actions: str) -> dict:
    """Run an inline scenario with this module's cards (conftest.play_sorcery)."""
    return play_sorcery(tmp_path, CARDS, setup, actions)


def test_looking_names_the_cards_and_tells_the_others_how_many(tmp_path):
    """The controller's note names what they saw; the opponent learns only the count."""
    r = play(tmp_path, "{alice: {hand: [Peek], spellbook: [Firebolts, Windblast, Druid]}, bob: {}}",
             "[{player: alice, cast: Peek}]")
    assert r["trace"][0]["did"] == ("alice looks at Firebolts, Windblast (bob sees 2 cards)",)
    assert r["state"]["players"]["alice"]["zones"]["spellbook"] == ["Firebolts", "Windblast",
                                                                     "Druid"]


def test_a_card_put_from_play_leaves_it_for_its_owners_pile(tmp_path):
    """A card in play put on top of a pile leaves play and lies first in its owner's pile."""
    r = play(tmp_path, """
alice: {hand: [Stash], realm: [{card: Red Desert, at: 1}]}
bob: {spellbook: [Firebolts], realm: [{card: Red Desert, at: 2}, {card: Lady Iseult, id: his, at: 2}]}
""", "[{player: alice, cast: Stash, targets: [his]}]")
    assert r["state"]["players"]["bob"]["zones"]["spellbook"] == ["Lady Iseult", "Firebolts"]
    assert r["state"]["players"]["bob"]["zones"]["realm"] == ["Red Desert"]


def test_put_into_a_zone_takes_the_top_card_off_its_pile(tmp_path):
    """'put the top card of your spellbook into your cemetery' moves exactly that card."""
    r = play(tmp_path, "{alice: {hand: [Dredge], spellbook: [Firebolts, Windblast]}, bob: {}}",
             "[{player: alice, cast: Dredge}]")
    zones = r["state"]["players"]["alice"]["zones"]
    assert (zones["spellbook"], zones["cemetery"]) == (["Windblast"], ["Firebolts", "Dredge"])
