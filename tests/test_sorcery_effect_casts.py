"""Effects that cast or play a card (rulesets/sorcery/effect_casts.py, card_is.py): the words
read, their canonical text, what 'for free' waives, who casts, and the cards that are not
cast."""

from __future__ import annotations

import pytest

from conftest import play_sorcery, sorcery_game
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt.canonical import Conventions, canonical_text
from cardscript.grammar import parse_text
from cardscript.rulesets.sorcery import effect_casts

SORCERY = rulesets.get("sorcery")

CARDS = '''# ruleset: sorcery
card "Free Hand": magic, cost 1
  You may cast a spell from your hand for free.

card "Dredge Call": magic, cost 1
  Cast a minion from your cemetery ignoring threshold.

card "Grave Echo": artifact, cost 1
  Tap → Cast target magic in your cemetery for free.

card "Self Sting": magic, cost 3, threshold fire
  Deal 1 damage to the caster.

card "Tumble Play": magic, cost 1
  Put the top card of your spellbook into your cemetery. Play it ignoring threshold.

card "Odd Spill": magic, cost 0
  Put the top card of your atlas into your cemetery. Cast it.

card "Kind Check": magic, cost 0
  Put the top card of your spellbook into your cemetery. If they are minions, draw a spell.

card "Grunt": minion, cost 2, power 1
'''

SITES = '''
alice:
  realm:
    - {card: Hedgerow Magus, at: 3}
    - {card: Summer River, at: 3}
    - {card: Summer River, at: 8}
'''


def _verbs(text: str) -> list:
    tpl = compile_files([parse_text(text, "t.cards")], SORCERY.language)
    names = []

    def walk(node):
        verb = getattr(node, "verb", None)
        if verb is not None:
            names.append(verb.name)
        for child in getattr(node, "items", ()) or ():
            walk(child)
        for attr in ("then", "body", "effect"):
            sub = getattr(node, attr, None)
            if sub is not None and not isinstance(sub, (str, list, tuple)):
                walk(sub)
    for card in tpl.values():
        for ab in card.abilities:
            walk(ab.effect)
    return names


@pytest.mark.parametrize("line, verb", [
    ("Cast it for free.", "cast for free"),
    ("Cast it ignoring threshold.", "cast ignoring threshold"),
    ("Cast it.", "cast"),
    ("You may cast a spell from your hand for free.", "cast for free from piles"),
    ("Cast a minion from your cemetery ignoring threshold.", "cast ignoring threshold from piles"),
    ("You may cast a spell from your cemetery.", "cast from piles"),
    ("Play it.", "play"),
    ("Play it ignoring threshold.", "play ignoring threshold"),
])
def test_each_form_is_its_own_verb(line, verb):
    """Each waiver is a verb of its own, so that the canonical text keeps its words."""
    text = ('# ruleset: sorcery\ncard "X": magic, cost 1\n'
            f"  Put the top card of your spellbook into your cemetery. {line}\n")
    assert verb in _verbs(text)


def test_the_canonical_text_keeps_each_waiver():
    """`explain --text` writes each form back in the words it was read from."""
    canon = canonical_text(CARDS, SORCERY.language, Conventions(), "t.cards")
    for words in ("cast a spell from your hand for free", "ignoring threshold",
                  "Cast target magic in your cemetery for free", "play it ignoring threshold"):
        assert words.lower() in canon.lower()
    assert canonical_text(canon, SORCERY.language, Conventions(), "t.cards") == canon


def test_the_pile_form_needs_a_pile():
    """`cast ... from` with no pile after it is no form the language reads (E201)."""
    text = '# ruleset: sorcery\ncard "X": magic, cost 1\n  Cast a minion from nowhere.\n'
    with pytest.raises(CardScriptError) as err:
        compile_files([parse_text(text, "t.cards")], SORCERY.language)
    assert err.value.code.startswith("E2")


def test_for_free_waives_the_mana_cost_and_only_while_it_is_cast():
    """The ruleset's `cost_of` is nothing for a card cast for free, the cost changes' figure
    otherwise."""
    game = sorcery_game(CARDS, "t.cards")
    card = game.state.new_card(game.templates["Self Sting"], "alice")
    assert effect_casts.cost_of(game, "alice", card) == 3
    game.slot(effect_casts.FREE, set).add(card.id)
    assert effect_casts.cost_of(game, "alice", card) == 0
    assert SORCERY.cost_of is effect_casts.cost_of


def test_for_free_does_not_waive_the_threshold(tmp_path):
    """A spell cast for free still needs its threshold: with water sites only, the fire
    magic is not cast and the ability says why."""
    result = play_sorcery(tmp_path, CARDS, SITES.replace(
        "  realm:", "  cemetery: [Self Sting]\n  realm:") + "    - {card: Grave Echo, at: 3}\n",
        "[{player: alice, activate: Grave Echo, target: Self Sting}]")
    did = result["trace"][0]["did"]
    assert did[-1] == ("Self Sting cannot be cast: it needs 1 fire threshold, and alice's "
                       "sites give 2 water")


def test_a_magic_an_effect_casts_has_the_avatar_as_its_caster(tmp_path):
    """'The caster' of a magic an effect casts is the avatar of the effect's controller."""
    setup = '''
alice:
  cemetery: [Self Sting]
  realm:
    - {card: Hedgerow Magus, at: 3}
    - {card: Cinder Flats, at: 3}
    - {card: Grave Echo, at: 3}
'''
    result = play_sorcery(tmp_path, CARDS, setup,
                          "[{player: alice, activate: Grave Echo, target: Self Sting}]")
    sting = next(e for e in result["trace"] if e["source"] == "Self Sting")
    assert sting["did"][0] == "cast by Grave Echo for free"
    assert "1 damage to Hedgerow Magus" in sting["did"]
    assert sting["cause"] == result["trace"][0]["id"]


def test_a_site_is_not_cast(tmp_path):
    """'Cast it' of a site casts nothing: a site is played, and the step says so."""
    setup = SITES.replace("  realm:", "  atlas: [Cinder Flats]\n  realm:")
    result = play_sorcery(tmp_path, CARDS, setup.replace("    - {card: Summer River, at: 8}\n",
                                                         "    - {card: Summer River, at: 8}\n"
                                                         "  hand: [Odd Spill]\n"),
                          "[{player: alice, cast: Odd Spill}]")
    assert "Cinder Flats is not cast: a site is played" in result["trace"][0]["did"]


def test_play_casts_a_spell_and_ignores_its_threshold(tmp_path):
    """'Play it ignoring threshold' of a fire magic with only water sites casts it."""
    setup = SITES + "  hand: [Tumble Play]\n  spellbook: [Self Sting]\n"
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Tumble Play}]")
    kinds = [(e["source"], e["kind"]) for e in result["trace"]]
    assert kinds == [("Tumble Play", "cast"), ("Self Sting", "cast")]
    assert result["trace"][1]["did"][0] == "cast by Tumble Play ignoring threshold"


def test_the_kind_condition_needs_a_card_of_that_kind(tmp_path):
    """'If they are minions' holds for a minion named, not for a magic."""
    for top, draws in (("Grunt", True), ("Self Sting", False)):
        setup = SITES + f"  hand: [Kind Check]\n  spellbook: [{top}, Free Hand]\n"
        result = play_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Kind Check}]")
        assert any("draws Free Hand" in d for d in result["trace"][0]["did"]) is draws


def test_an_effects_magic_finds_its_targets_from_the_avatars_square(tmp_path):
    """'Target minion nearby' of a magic an effect casts is measured from the avatar that
    casts it: a minion far from it is no legal target, one beside it is."""
    cards = CARDS + '''
card "Near Jab": magic, cost 1
  Deal 1 damage to target minion nearby.
'''
    for at, cast in ((18, False), (8, True)):
        setup = f'''
alice:
  cemetery: [Near Jab]
  realm:
    - {{card: Hedgerow Magus, at: 3}}
    - {{card: Summer River, at: 3}}
    - {{card: Grave Echo, at: 3}}
bob:
  realm:
    - {{card: Summer River, at: {at}}}
    - {{card: Grunt, at: {at}}}
'''
        result = play_sorcery(tmp_path, cards, setup,
                              "[{player: alice, activate: Grave Echo, target: Near Jab}]")
        sources = [e["source"] for e in result["trace"]]
        assert ("Near Jab" in sources) is cast
        if not cast:
            assert result["trace"][0]["did"][-1] == \
                "Near Jab cannot be cast: it has no legal target"
