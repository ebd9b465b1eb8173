"""A card's face changing in play: copies on entry, transformations and cards that become
minions (rulesets/sorcery: copies.py, faces.py)."""

from __future__ import annotations

from conftest import play_sorcery

CARDS = '''# ruleset: sorcery
card "Mimeling": minion Mortal, cost 3
  This Mimeling is summoned as a copy of an allied minion nearby.

card "Echoveil": aura, cost 2
  This Echoveil is conjured as a copy of an artifact near the caster.

card "Field": site

card "Hedge Witch": avatar, power 1

card "Lantern": artifact, cost 1

card "Grunt": minion, cost 1, power 2
'''


def test_a_copy_with_nothing_to_copy_enters_as_itself(tmp_path):
    """No allied minion nearby: the Mimeling enters as itself and the trace says so."""
    setup = "alice:\n  hand: [Mimeling]\n  realm:\n    - {card: Field, at: 8}\n"
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Mimeling, at: 8}]")
    assert result["trace"][0]["did"][-1] == \
        "Mimeling is summoned as itself: nothing to copy (an allied minion nearby)"


def test_an_artifact_far_from_the_caster_is_not_copied(tmp_path):
    """'near the caster' measures from the conjuring avatar, not from where the aura goes."""
    setup = ("alice:\n  hand: [Echoveil]\n  realm:\n    - {card: Field, at: 1}\n"
             "    - {card: Field, at: 20}\n    - {card: Hedge Witch, at: 1}\n"
             "    - {card: Lantern, at: 20}\n")
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Echoveil, at: 20}]")
    assert result["trace"][0]["did"][-1] == \
        "Echoveil is conjured as itself: nothing to copy (an artifact)"


def test_a_copy_copies_the_printed_card_not_its_damage(tmp_path):
    """The copy of a damaged Grunt has the Grunt's printed power and no damage of its own."""
    setup = ("alice:\n  hand: [Mimeling]\n  realm:\n    - {card: Field, at: 8}\n"
             "    - {card: Grunt, at: 8, damage: 1}\n")
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Mimeling, at: 8}]")
    copy = [c for c in result["state"]["cards"] if c["id"] == "Mimeling"][0]
    assert (copy["name"], copy["damage"], copy["power"]) == ("Grunt", 0, 2)
