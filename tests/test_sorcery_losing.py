"""Sorcery: a comma list of kinds, the empty site, 'If it can't, ...' and losing the game by a
card's word (rulesets/sorcery/losing.py, compiler/joined_steps.py `join_kinds`, the condition
'could not' of library/common.py)."""

from __future__ import annotations

import pytest
from conftest import run_sorcery

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt.render import card_text
from cardscript.grammar import parse_text

SORCERY = rulesets.get("sorcery")

CARDS = """\
card "Test Warden": minion spirit, cost 3, power 2
  Tap → This Spirit banishes an enemy minion or empty site here. If it can't, you gain 3 life.

card "Test Forfeit": minion spirit, cost 3, power 2
  Tap → Your opponent loses the game.
"""


def _compile(text: str) -> dict:
    return compile_files([parse_text("# ruleset: sorcery\n" + text, "t.cards")],
                         SORCERY.language)


def _did(result) -> list[str]:
    return [d for e in result["trace"] for d in e.get("did", ())]


def _selector(tpl):
    """The first selector of the card's first ability's first step."""
    node = tpl.abilities[0].effect
    while not hasattr(node, "args"):
        node = node.items[0] if hasattr(node, "items") else node.body
    return next(v for _, v in node.args if hasattr(v, "kinds"))


def test_a_comma_list_of_kinds_is_one_selector():
    """'another relic, minion or empty site nearby' picks a card of any of the three kinds."""
    tpl = _compile('card "T": minion, cost 1, power 1\n'
                   '  At the end of your turn, this banishes another relic, minion or empty '
                   'site nearby.\n')["T"]
    sel = _selector(tpl)
    assert sel.kinds == frozenset({"artifact", "minion", "site"})
    assert sel.traits == ("empty",) and sel.other


def test_empty_is_refused_before_another_kind():
    """'empty' qualifies a site only: 'an empty minion' is no selector (E201)."""
    with pytest.raises(CardScriptError) as err:
        _compile('card "T": magic, cost 1\n  Banish an empty minion.\n')
    assert err.value.code == "E201"


def test_the_canonical_text_puts_empty_before_its_site():
    """The renderer writes the kind's adjective before that kind's noun, not first."""
    cards = _compile('card "T": magic, cost 1\n  Banish a relic or empty site.\n')
    text = card_text(cards["T"], SORCERY.language, None, cards)
    assert "empty site" in text and "empty artifact" not in text


def test_if_it_cannot_skips_when_the_step_banished_something(tmp_path):
    """A step that banished a card did act: 'If it can't' does not hold."""
    r = run_sorcery(tmp_path, CARDS, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Warden, at: 8}]
bob:
  realm: [{card: Lady Iseult, id: iseult, at: 8}]
""", "[{player: alice, activate: Test Warden}]")
    assert r["ok"], r.get("error")
    assert "banish Lady Iseult" in _did(r) and "not so: it can't" in _did(r)
    assert r["state"]["players"]["alice"]["counters"]["life"] == 20


def test_if_it_cannot_runs_when_the_step_found_nothing(tmp_path):
    """A banish with nothing to banish (the Warden's own site holds a unit) could not."""
    r = run_sorcery(tmp_path, CARDS, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Warden, at: 8}]
  life: 15
bob:
  realm: [{card: Red Desert, at: 12}]
""", "[{player: alice, activate: Test Warden}]")
    assert r["ok"], r.get("error")
    assert any(d.endswith("nothing to banish") for d in _did(r))
    assert r["state"]["players"]["alice"]["counters"]["life"] == 18


QUIET = """\
card "Test Rouser": magic, cost 1
  Untap an allied minion nearby. If it can't, draw a spell.

card "Test Mender": magic, cost 1
  Heal an allied minion nearby. If it can't, draw a spell.
"""


@pytest.mark.parametrize("name, state, acted", [
    ("Test Rouser", "tapped: true", True), ("Test Rouser", "tapped: false", False),
    ("Test Mender", "damage: 1", True), ("Test Mender", "damage: 0", False)])
def test_if_it_cannot_sees_a_change_without_a_happening(tmp_path, name, state, acted):
    """An untap or a heal that changed the minion acted (no draw); one that changed nothing could not."""
    r = run_sorcery(tmp_path, QUIET, f"""
alice:
  hand: [{name}]
  spellbook: [Thorn Dart]
  realm: [{{card: Red Desert, at: 8}}, {{card: Hedgerow Magus, id: magus, at: 8}},
          {{card: Lady Iseult, at: 8, {state}}}]
""", f"[{{player: alice, cast: {name}, caster: magus}}]")
    assert r["ok"], r.get("error")
    assert ("not so: it can't" in _did(r)) is acted
    assert r["state"]["players"]["alice"]["zones"]["hand"] == ([] if acted else ["Thorn Dart"])


def test_a_player_who_loses_the_game_ends_it(tmp_path):
    """'Your opponent loses the game': bob loses at once and alice wins."""
    r = run_sorcery(tmp_path, CARDS, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Forfeit, at: 8}]
bob:
  realm: [{card: Red Desert, at: 12}]
""", "[{player: alice, activate: Test Forfeit}]")
    assert r["ok"], r.get("error")
    assert "bob loses the game" in _did(r)
    assert r["state"]["winner"] == "alice" and r["state"]["over"] is True
