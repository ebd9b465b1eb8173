"""Sorcery's acts of printed text (rulesets/sorcery/acts.py and the compiler forms they lean
on): the avatar's "play or draw a site", tokens by name, durations given or opening a sentence,
bare plurals, rarity and countering, the steps through a pile. The scenarios under
cards/sorcery/scenarios show each at work in a game."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.template import ChooseT, Do, SeqT
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text

LANG = rulesets.get("sorcery").language
TOKENS = ('card "Foot Soldier": token minion mortal, power 1\n\n'
          'card "Lantern Keeper": minion mortal, cost 2, power 1\n\n')


def _card(text: str, name: str = "Probe"):
    return compile_files([parse_text("# ruleset: sorcery\n" + TOKENS + text, "a.cards")],
                         LANG)[name]


def _steps(effect: str, kind: str = "magic, cost 1") -> list:
    eff = _card(f'card "Probe": {kind}\n  {effect}\n').abilities[0].effect
    return list(eff.items) if isinstance(eff, SeqT) else [eff]


def test_play_or_draw_a_site_is_a_choice_of_two_verbs():
    """The avatar's printed line is a choice between the verbs 'play a site' and 'draw'."""
    tpl = _card('card "Probe": avatar, power 1\n  Tap → Play or draw a site.\n')
    choice = tpl.abilities[0].effect
    assert isinstance(choice, ChooseT)
    assert [o.verb.name for o in choice.options] == ["play a site", "draw"]


def test_a_declared_token_is_read_by_its_unquoted_name():
    """'two Foot Soldier tokens' names the declared token, two of it."""
    (step,) = _steps("Summon two Foot Soldier tokens here.")
    what = dict(step.args)["what"]
    assert (what.name, what.count, what.token) == ("Foot Soldier", 2, True)


def test_a_card_not_declared_a_token_is_not_read_before_token():
    """Capitalised words before 'token' that name a card without the token flag stay words."""
    with pytest.raises(CardScriptError) as e:
        _steps("Summon a Lantern Keeper token here.")
    assert e.value.code == "E201"


@pytest.mark.parametrize("effect, stat, until", [
    ("This turn, target minion gains +2 power.", "power", "this turn"),
    ("Until your next turn, target minion gains +1 Movement.", "movement",
     "until your next turn"),
])
def test_a_duration_opening_a_sentence_belongs_to_its_step(effect, stat, until):
    """'This turn, X' reads as 'X this turn': the entry of that stat and that duration."""
    (step,) = _steps(effect)
    assert step.verb.name == f"give {stat} {until}"


def test_a_duration_opening_a_sentence_belongs_to_every_step_after_it():
    """'This turn, X, and Y' is 'X this turn' and 'Y this turn'."""
    steps = _steps("This turn, target minion gains +2 power and each ally gains +1 Movement.")
    assert [s.verb.name for s in steps] == ["give power this turn", "give movement this turn"]


def test_a_duration_first_with_a_step_it_cannot_end_is_an_error():
    """When a step does not read with the duration after it, nothing is rewritten: E201."""
    with pytest.raises(CardScriptError) as e:
        _steps("This turn, draw a spell.")
    assert e.value.code == "E201"


def test_gains_joined_by_and_after_an_opening_duration_are_one_step():
    """'This turn, X gains +2 power and Airborne' is one step with both: X chosen once."""
    (step,) = _steps("This turn, target minion gains +2 power and Airborne.")
    assert (step.verb.name, dict(step.args)["kw"]) == ("give power and a keyword this turn",
                                                       "airborne")


@pytest.mark.parametrize("effect, verb", [
    ("This turn, target minion gains +3 power and +2 Movement.",
     "give power and movement this turn"),
    ("Give target minion +3 power and +2 Movement until your next turn.",
     "give power and movement until your next turn"),
    ("Target minion gets +3 power and +2 Movement until the end of your next turn.",
     "give power and movement until the end of your next turn"),
])
def test_power_and_movement_together_are_one_step(effect, verb):
    """'+N power and +M Movement' for a while: one entry, the minion chosen once, both numbers."""
    (step,) = _steps(effect)
    args = dict(step.args)
    assert (step.verb.name, args["n"], args["m"]) == (verb, 3, 2)


def test_a_step_with_no_lasting_form_after_an_opening_duration_is_named():
    """When one step reads with the opening duration and another does not, the error is on
    the one that does not."""
    with pytest.raises(CardScriptError) as e:
        _steps("This turn, target minion gains Airborne and draw a spell.")
    assert e.value.code == "E201" and "'draw a spell' has no form" in e.value.message


@pytest.mark.parametrize("effect, verb, keyword", [
    ("Give an ally Stealth until your next turn.",
     "give a keyword until your next turn", "stealth"),
    ("Give an ally Charge and +1 Movement this turn.",
     "give a keyword and movement this turn", "charge"),
])
def test_give_reads_a_keyword_and_a_stat_for_a_while(effect, verb, keyword):
    """'Give X KEYWORD [and +N Movement] DURATION': the entry of that stat and duration."""
    (step,) = _steps(effect)
    assert (step.verb.name, dict(step.args)["kw"]) == (verb, keyword)


def test_a_bare_plural_is_every_such_card():
    """'Nearby Airborne minions gain ...' acts on each of them, not on one picked."""
    (step,) = _steps("Nearby Airborne minions gain +1 Movement this turn.")
    what = dict(step.args)["what"]
    assert what.quant == "each" and what.with_keywords == ("airborne",)


def test_a_plural_after_a_quantity_keeps_the_quantity():
    """'two minions' stays two: only a plural without a quantity word is each."""
    (step,) = _steps("Deal 1 damage to two minions.")
    assert dict(step.args)["what"].quant == "count"


def test_rarities_joined_by_or_are_either_one():
    """'an Ordinary or Exceptional Mortal' asks for a Mortal of either rarity."""
    search = _steps("Search your spellbook for an Ordinary or Exceptional Mortal, then "
                    "shuffle your spellbook.")[0].search
    what = dict(search.args)["what"]
    assert what.traits == ("ordinary|exceptional",) and what.subtypes == ("mortal",)


def test_rarity_is_a_header_item_of_four_values_read_by_selectors():
    """'rarity elite' is read; a card's rarity is what 'an Elite spell' tests."""
    tpl = _card('card "Probe": magic, cost 1, rarity elite\n  Counter an Elite spell.\n')
    assert tpl.props["rarity"] == "elite"
    (step,) = [tpl.abilities[0].effect]
    assert isinstance(step, Do) and dict(step.args)["what"].traits == ("elite",)


def test_a_bare_shuffle_ends_the_search_it_follows():
    """'..., then shuffle and put that spell on top of it' keeps the shuffle in the search."""
    eff = _card('card "Probe": magic, cost 1\n  Search your spellbook for a spell, then '
                'shuffle and put that spell on top of it.\n').abilities[0].effect
    items = eff.items if isinstance(eff, SeqT) else [eff]
    assert items[0].shuffle is not None and items[0].shuffle.verb.name == \
        "shuffle the pile searched"


def test_a_named_referent_never_holds_and():
    """'look at the top 3 cards ... and put one of them ...' is two steps, not one referent."""
    steps = _steps("Look at the top 3 cards of your spellbook and put one of them on top and "
                   "the others on the bottom.")
    assert [s.verb.name for s in steps] == ["look at",
                                            "put one on top and the rest on the bottom"]


@pytest.mark.parametrize("effect, verb", [
    ("Look at the top 2 cards of your spellbook. Put one back on top and the other on the "
     "bottom.", "put one on top and the rest on the bottom"),
    ("Look at your top 3 spellbook cards. Put them back in any order.",
     "put back in any order"),
])
def test_what_follows_a_look_reads_in_its_printed_variants(effect, verb):
    """'the other' (one card left) and 'put them back in any order' read after a look."""
    steps = _steps(effect)
    assert [s.verb.name for s in steps] == ["look at", verb]
