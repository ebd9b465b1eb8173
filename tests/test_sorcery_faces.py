"""A card's face changing in play: copies on entry, transformations and cards that become
minions (rulesets/sorcery: copies.py, becoming.py)."""

from __future__ import annotations

import pytest

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


HAUNT = CARDS + '''
card "Rattling Haunt": minion Spirit, cost 3, power 1
  Artifacts here or nearby become minions with power equal to their mana cost, and they must attack if able.
'''


@pytest.mark.parametrize("line", [
    "Artifacts here or nearby have +1 power. They must attack if able.",
    "Artifacts here or nearby become minions with power equal to their mana cost, and they "
    "must attack if able."])
def test_they_after_an_ongoing_sentence_names_its_subject(line):
    """'They' opening the second ongoing sentence (or after ', and') names the first one's
    subject."""
    from conftest import sorcery_game
    game = sorcery_game(CARDS + f'card "Haunt": minion Spirit, cost 3, power 1\n  {line}\n',
                        "<haunt>")
    first, second = [ab.static for ab in game.templates["Haunt"].abilities]
    assert second[0].name == "must attack"
    assert dict(second[1])["what"].kinds == dict(first[1])["what"].kinds == frozenset({"artifact"})


def test_a_carried_relic_that_becomes_a_minion_is_carried_no_more():
    """A carried relic made a minion is carried no more, is still a relic, and reverts."""
    from conftest import sorcery_game
    from cardscript.rulesets.sorcery import becoming
    game = sorcery_game(HAUNT, "<haunt>")
    state = game.state
    grunt = state.new_card(game.templates["Grunt"], "alice")
    lantern = state.new_card(game.templates["Lantern"], "alice")
    for c in (grunt, lantern):
        state.put(c, "realm")
        c.at = 8
    state.link(lantern, "carried_by", grunt)
    becoming.become_minion(game, lantern, ("become", "x"), "test")
    assert lantern.ext["carried_by"] is None
    assert (lantern.kind, lantern.also_kind, lantern.tpl.stats["power"]) == \
        ("minion", "artifact", 1)
    becoming.revert(game, lantern, ("become", "x"))
    assert (lantern.kind, lantern.also_kind) == ("artifact", None)


SPELLS = '''# ruleset: sorcery
card "Newt": token minion beast, power 1

card "Croak Hex": magic, cost 2
  Transform target enemy minion here into a Newt token, or draw a spell.

card "Waking Kiss": magic, cost 2
  Transform a Newt here into a Mortal from your collection.
'''


def test_a_comma_before_or_is_a_choice_of_two_clauses():
    """'X, or Y' lowers to a choice of one of the two effects, not to both in turn."""
    from conftest import sorcery_game
    from cardscript.compiler.template import ChooseT
    game = sorcery_game(SPELLS, "<spells>")
    effect = game.templates["Croak Hex"].abilities[0].effect
    assert isinstance(effect, ChooseT) and effect.count == 1 and len(effect.options) == 2


def test_a_bare_token_name_names_the_card_and_a_subtype_stays_a_subtype():
    """'a Newt here' names the card Newt; 'a Mortal from your collection' stays a subtype."""
    from conftest import sorcery_game
    game = sorcery_game(SPELLS, "<spells>")
    step = game.templates["Waking Kiss"].abilities[0].effect
    args = dict(step.args)
    assert args["what"].name == "Newt"
    assert args["into"].name is None and args["into"].subtypes == ("mortal",)
    assert args["into"].zone == ("you", "collection")
