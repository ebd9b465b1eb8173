"""Cost changes and mana in Sorcery card text (rulesets/sorcery/costs.py): mana cost and
threshold changed by ongoing effects, by who casts a spell and where, and mana gained."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from conftest import play_sorcery

LANG = rulesets.get("sorcery").language

CARDS = """# ruleset: sorcery
card "Home Shrine": site, fire
card "Far Shrine": site, water
card "Wayfarer": avatar, power 1
card "Rival": avatar, power 1
card "Adept": minion, cost 1, power 3
  Spellcaster
card "Cinder Spark": magic, cost 2, threshold fire fire
  Draw a spell.
card "Brine Spark": magic, cost 2, threshold water
  Draw a spell.
card "Ember Token": artifact, cost 1
  Fire spells the bearer casts cost 1 less mana and require one less Fire threshold.
card "Clamor Bell": artifact, cost 1
  Spells cast nearby cost 3 more mana.
card "Windfall": magic, cost 1
  Gain 2 mana this turn.
card "Recoil": magic, cost 1
  Deal 2 damage to the caster.
card "Thrift Idol": artifact, cost 1
  Spells you cast cost 1 less mana. Spells your opponents cast cost 1 more mana.
"""


def _statics(line: str) -> list:
    """The ongoing effects a one-line artifact compiles to: (spec name, args)."""
    src = f'# ruleset: sorcery\ncard "Probe": artifact, cost 1\n  {line}\n'
    tpl = compile_files([parse_text(src, "p.cards")], LANG)["Probe"]
    return [(a.static[0].name, dict(a.static[1])) for a in tpl.abilities]


def _paid(result, source: str) -> list:
    """What each cast of `source` paid, in trace order."""
    return [e.get("paid") for e in result["trace"] if e["source"] == source and
            e["kind"] == "cast"]


def _mana(result, player: str) -> int:
    return result["state"]["players"][player]["counters"].get("mana", 0)


@pytest.mark.parametrize("line, names", [
    ("Spells cost 2 more mana.", ["cost more"]),
    ("Your spells cost 1 less mana.", ["cost less"]),
    ("Spells cast nearby cost 1 less mana.", ["cost less nearby"]),
    ("Water spells the bearer casts cost 1 less mana and require one less Water threshold.",
     ["cost less by", "threshold less by"]),
    ("Spells require 1 less of each elemental threshold.", ["threshold less of each"]),
    ("Spells you cast cost 1 less mana.", ["cost less by you"]),
    ("Spells your opponents cast cost 1 more mana.", ["cost more by opponents"]),
])
def test_cost_change_sentences_compile_to_their_statics(line, names):
    """Each cost-change form is an ongoing effect the cast reads, one per sentence."""
    assert [n for n, _ in _statics(line)] == names


def test_the_second_sentence_shares_the_first_ones_subject():
    """'X cost ... and require ...': the threshold change names the same spells and caster."""
    (_, cost), (_, need) = _statics("Fire spells the bearer casts cost 1 less mana and "
                                    "require one less Fire threshold.")
    assert need["element"] == "fire" and need["n"] == 1
    assert need["what"].traits == cost["what"].traits == ("fire",)
    assert need["who"].holder and cost["who"].holder


def test_an_unknown_element_is_refused():
    """'require one less Mud threshold' names no element: not read, an error."""
    with pytest.raises(CardScriptError) as info:
        _statics("Spells require one less Mud threshold.")
    assert info.value.code == "E201"


def test_the_bearer_casts_cheaper_and_with_less_threshold(tmp_path):
    """Carried by the avatar, Ember Token takes 1 mana and one fire off its fire spells: one
    fire site is enough for Cinder Spark, paid 1 mana; Brine Spark (water) pays its 2."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  mana: 3
  hand: [Cinder Spark]
  spellbook: [Brine Spark, Windfall]
  realm:
    - {card: Wayfarer, id: me, at: 3}
    - {card: Home Shrine, at: 3}
    - {card: Ember Token, carried_by: me}
""", "[{player: alice, cast: Cinder Spark}]")
    assert _paid(result, "Cinder Spark") == ["1 mana"]
    assert _mana(result, "alice") == 2


def test_a_spell_cast_by_another_unit_is_not_the_bearers(tmp_path):
    """The Token's bearer is the avatar; a Spellcaster minion casting the same spell is no
    bearer, so it pays in full (2 mana) and needs both fire (two fire sites here)."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  mana: 3
  hand: [Cinder Spark]
  spellbook: [Brine Spark]
  realm:
    - {card: Wayfarer, id: me, at: 3}
    - {card: Home Shrine, at: 3}
    - {card: Home Shrine, at: 8}
    - {card: Adept, at: 8}
    - {card: Ember Token, carried_by: me}
""", "[{player: alice, cast: Cinder Spark, caster: Adept}]")
    assert _paid(result, "Cinder Spark") == ["2 mana"]


def test_spells_cast_nearby_cost_more_only_near_the_card(tmp_path):
    """Clamor Bell at 8: the Adept at 8 casting pays 3 more; the avatar at 1, two columns
    away, pays the printed cost."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  mana: 7
  hand: [Brine Spark, Brine Spark]
  spellbook: [Windfall, Windfall]
  realm:
    - {card: Wayfarer, at: 1}
    - {card: Far Shrine, at: 1}
    - {card: Far Shrine, at: 8}
    - {card: Adept, at: 8}
    - {card: Clamor Bell, at: 8}
""", "[{player: alice, cast: Brine Spark, caster: Adept}, {player: alice, cast: Brine Spark}]")
    assert _paid(result, "Brine Spark") == ["5 mana", "2 mana"]


def test_gained_mana_is_spent_like_a_sites(tmp_path):
    """Windfall gives 2 mana this turn: cast with 1, it leaves 2."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  mana: 1
  hand: [Windfall]
  realm:
    - {card: Wayfarer, at: 3}
    - {card: Home Shrine, at: 3}
""", "[{player: alice, cast: Windfall}]")
    assert _mana(result, "alice") == 2
    (cast,) = [e for e in result["trace"] if e["source"] == "Windfall"]
    assert list(cast["did"]) == ["alice gains 2 mana this turn"]


def test_gained_mana_is_only_said_where_mana_is_not_counted(tmp_path):
    """A scenario without mana counting (no `mana`, no turns): the gain changes nothing."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  hand: [Windfall]
  realm:
    - {card: Wayfarer, at: 3}
    - {card: Home Shrine, at: 3}
""", "[{player: alice, cast: Windfall}]")
    (cast,) = [e for e in result["trace"] if e["source"] == "Windfall"]
    assert list(cast["did"]) == ["alice gains 2 mana (mana is not counted in this game)"]
    assert "mana" not in result["state"]["players"]["alice"]["counters"]


def test_the_caster_is_the_unit_that_cast_the_spell(tmp_path):
    """'the caster' of Recoil: the Adept when it casts, the avatar by default."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  hand: [Recoil, Recoil]
  realm:
    - {card: Wayfarer, at: 3}
    - {card: Home Shrine, at: 3}
    - {card: Home Shrine, at: 8}
    - {card: Adept, at: 8}
""", "[{player: alice, cast: Recoil, caster: Adept}, {player: alice, cast: Recoil}]")
    dids = [list(e["did"]) for e in result["trace"] if e["source"] == "Recoil"]
    assert dids == [["cast by Adept", "2 damage to Adept"], ["2 damage to Wayfarer"]]


def test_the_caster_in_an_ongoing_sentence_names_nothing_said():
    """Only a magic spell has a caster: on a minion 'the caster' is E205."""
    with pytest.raises(CardScriptError) as info:
        compile_files([parse_text('# ruleset: sorcery\ncard "M": minion, cost 1, power 1\n'
                                  '  Genesis → Deal 1 damage to the caster.\n', "m.cards")],
                      LANG)
    assert info.value.code == "E205"


def test_spells_you_cast_and_your_opponents_cast(tmp_path):
    """Thrift Idol is alice's: her spell costs 1 less, bob's 1 more, wherever they are cast."""
    result = play_sorcery(tmp_path, CARDS, """
alice:
  mana: 1
  hand: [Brine Spark]
  spellbook: [Windfall]
  realm:
    - {card: Wayfarer, at: 3}
    - {card: Far Shrine, at: 3}
    - {card: Thrift Idol, at: 3}
bob:
  mana: 3
  hand: [Brine Spark]
  spellbook: [Windfall]
  realm:
    - {card: Rival, at: 18}
    - {card: Far Shrine, at: 18}
""", "[{player: alice, cast: Brine Spark}, {player: bob, cast: Brine Spark}]")
    assert _paid(result, "Brine Spark") == ["1 mana", "3 mana"]


def test_gain_mana_reads_with_and_without_this_turn():
    """'Gain 2 mana.' is the same verb as 'Gain 2 mana this turn.' (mana lasts a turn)."""
    for line in ("Gain 2 mana.", "Gain 2 mana this turn.", "You gain 2 mana."):
        src = f'# ruleset: sorcery\ncard "G": magic, cost 1\n  {line}\n'
        tpl = compile_files([parse_text(src, "g.cards")], LANG)["G"]
        node = tpl.abilities[0].effect
        assert node.verb.name == "gain mana" and dict(node.args)["n"] == 2
