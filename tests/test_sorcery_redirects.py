"""Damage that would be dealt to one card dealt to another instead, and selectors naming a kind
or subtype, or either of two subtypes (rulesets/sorcery/redirects.py, language/reader.py)."""

from __future__ import annotations

import pytest

from conftest import play_sorcery

CARDS = '''# ruleset: sorcery
card "Oath Keeper": minion Mortal, cost 3, power 3
  Any damage that would be dealt to an allied Avatar or Royal here is dealt to this instead.

card "Twin Sentry": minion Mortal, cost 2, power 4
  Any damage that would be dealt to an allied Mortal here is dealt to this instead.

card "Ward Hound": minion Beast, cost 2, power 2
  You may have damage that would be dealt to an allied Mortal or Beast here be dealt to this instead.

card "Young Prince": minion Mortal Royal, cost 2, power 1

card "Wild Boar": minion Beast, cost 2, power 2

card "Pike Raider": minion Mortal, cost 2, power 2

card "Spark": magic, cost 1
  Deal 1 damage to target minion.
'''


def _run(tmp_path, alice_realm, bob_realm, actions, choices="[]"):
    setup = f'''
alice:
  hand: [Spark, Spark]
  realm: {alice_realm}
bob:
  realm: {bob_realm}
'''
    return play_sorcery(tmp_path, CARDS, setup, actions, choices)


def _damage(result, name):
    return next(c["damage"] for c in result["state"]["cards"] if c["name"] == name)


def _did(result):
    return [d for e in result["trace"] for d in e.get("did", [])]


def test_a_strike_at_a_royal_is_taken_by_its_guard(tmp_path):
    """Combat damage is sent on too: the attacker strikes the Prince, the Keeper takes it."""
    r = _run(tmp_path, "[{card: Red Desert, at: 8}, {card: Pike Raider, at: 8}]",
             "[{card: Young Prince, at: 8}, {card: Oath Keeper, at: 8}]",
             "[{player: alice, attack: Pike Raider, target: Young Prince}]",
             "[{player: bob, kind: defend, answer: none}]")
    assert "2 damage to Young Prince dealt to Oath Keeper instead (Oath Keeper)" in _did(r)
    assert _damage(r, "Oath Keeper") == 2 and _damage(r, "Young Prince") == 0


def test_a_guard_far_away_sends_nothing(tmp_path):
    """'here': a Royal on another square than the guard takes its own damage."""
    r = _run(tmp_path, "[{card: Summer River, at: 8}, {card: Hedge Mage, at: 8}]",
             "[{card: Red Desert, at: 9}, {card: Young Prince, at: 9}, "
             "{card: Red Desert, at: 10}, {card: Oath Keeper, at: 10}]",
             "[{player: alice, cast: Spark, targets: [Young Prince]}]")
    assert "1 damage to Young Prince" in _did(r)
    assert not any("instead" in d for d in _did(r))


def test_either_subtype_is_covered_and_the_controller_may_decline(tmp_path):
    """'an allied Mortal or Beast': either is covered; a 'no' leaves the damage where it was."""
    r = _run(tmp_path, "[{card: Summer River, at: 8}, {card: Hedge Mage, at: 8}]",
             "[{card: Red Desert, at: 9}, {card: Wild Boar, at: 9}, "
             "{card: Pike Raider, at: 9}, {card: Ward Hound, at: 9}]",
             "[{player: alice, cast: Spark, targets: [Wild Boar]}, "
             "{player: alice, cast: Spark, targets: [Pike Raider]}]",
             "[{player: bob, kind: may, answer: true}, {player: bob, kind: may, answer: false}]")
    did = _did(r)
    assert "1 damage to Wild Boar dealt to Ward Hound instead (Ward Hound)" in did
    assert "1 damage to Pike Raider" in did
    assert _damage(r, "Ward Hound") == 1


def test_two_guards_of_each_other_send_damage_on_once(tmp_path):
    """Two Sentries covering each other: the damage moves once, never back where it was meant."""
    r = _run(tmp_path, "[{card: Summer River, at: 8}, {card: Hedge Mage, at: 8}]",
             "[{card: Red Desert, at: 9}, {card: Twin Sentry, at: 9}, "
             "{card: Twin Sentry, at: 9}]",
             "[{player: alice, cast: Spark, targets: [Twin Sentry]}]")
    sent = [d for d in _did(r) if "instead" in d]
    assert sent == ["1 damage to Twin Sentry dealt to Twin Sentry instead (Twin Sentry)"]


@pytest.mark.parametrize("line", [
    "Any damage that would be dealt to a Mortal or Beast is dealt to this instead.",
    "Any damage that would be dealt to an Avatar or Royal is dealt to this instead.",
    "You may have any damage that would be dealt to allied Beasts be dealt to this instead."])
def test_the_redirect_lines_compile(line):
    """Both forms of the sentence, with an either-or selector, read as one ongoing effect."""
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    from cardscript import rulesets
    text = f'# ruleset: sorcery\ncard "Q": minion Mortal, cost 1, power 1\n  {line}\n'
    tpl = compile_files([parse_text(text, "q.cards")], rulesets.get("sorcery").language)["Q"]
    assert [ab.static[0].kind for ab in tpl.abilities if ab.static] == ["redirect"]


def test_would_elsewhere_still_names_the_replacement_form(tmp_path, cli):
    """'would' in a line that is neither a replacement nor a redirect is still error E101."""
    p = tmp_path / "w.cards"
    p.write_text('# ruleset: sorcery\ncard "Q": minion Mortal, cost 1, power 1\n'
                 '  Minions here would die.\n', encoding="utf-8")
    code, out, err = cli("check", str(p))
    assert code == 1 and "E101" in out + err and "If EVENT would HAPPEN" in out + err
