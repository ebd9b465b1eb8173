"""Summons from several piles, spells that spare or name their casters, a choice of clauses,
half one's life, and double damage on the next attack (rulesets/sorcery: pile_summons.py,
spared.py, cast_permits.py, half_life.py, next_attack.py)."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from conftest import play_sorcery, run_sorcery

CARDS = '''# ruleset: sorcery
card "Scorch Wake": magic, cost 4
  An allied Dragon may cast this.
  Deal 2 damage to each enemy minion here.

card "Cave Drake": minion Dragon, cost 3, power 2

card "Plain Guard": minion Mortal, cost 3, power 2

card "Tithe Rite": magic, cost 1
  Sacrifice the caster or lose half your life, rounding down. If you do, draw a spell.

card "Echo Moth": minion Beast, cost 2, power 1
  Tap → Summon an Echo Moth here from your spellbook or hand.

card "Spark": magic, cost 1
  Deal 1 damage to each unit here.
'''

def _setup(alice_extra: str = "", bob: str = "{}") -> str:
    return f'''
alice:
  hand: [Scorch Wake, Tithe Rite, Echo Moth]
  spellbook: [Spark, Echo Moth]
  life: 9
  realm:
    - {{card: Cave Drake, at: 8}}
    - {{card: Plain Guard, at: 9}}
{alice_extra}
bob: {bob}
'''


def test_a_unit_the_spell_does_not_name_cannot_cast_it(tmp_path):
    """A Mortal without Spellcaster is refused as the caster of a spell naming Dragons (S206)."""
    result = run_sorcery(tmp_path, CARDS, _setup(),
                         "[{player: alice, cast: Scorch Wake, caster: Plain Guard}]")
    error = result["error"]
    assert not result["ok"] and error["code"] == "S206" and "Plain Guard" in error["message"]
    assert error["hint"] == "your units that can cast magic: Cave Drake"


def test_a_dragon_named_by_the_spell_casts_it(tmp_path):
    """An allied Dragon may be the caster the action names; the spell comes from its square."""
    result = play_sorcery(tmp_path, CARDS, _setup(),
                          "[{player: alice, cast: Scorch Wake, caster: Cave Drake}]")
    did = result["trace"][0]["did"]
    assert did[0] == "cast by Cave Drake"


def test_half_of_odd_life_rounded_down(tmp_path):
    """'lose half your life, rounding down' from 9 loses 4, and 'If you do' then holds."""
    result = play_sorcery(tmp_path, CARDS, _setup(), "[{player: alice, cast: Tithe Rite}]",
                          "[{player: alice, kind: option, answer: 2}]")
    did = result["trace"][0]["did"]
    assert list(did) == ["chose: lose half your life rounding down",
                         "alice loses 4 life (half of 9)",
                         "alice draws Spark"]


def _half_life_line(line: str):
    text = f'# ruleset: sorcery\ncard "Probe": magic, cost 1\n  {line}\n'
    return compile_files([parse_text(text, "half.cards")], rulesets.get("sorcery").language)


@pytest.mark.parametrize("line", ["An opponent loses half your life, rounded up.",
                                  "You lose half their life, rounding down.",
                                  "Lose half their life, rounded up.",
                                  "Each opponent may lose half your life, rounded up."])
def test_half_of_another_players_life_is_refused(line):
    """A possessive naming another player than the one who loses is E203 at its words: the
    step would lose half the loser's own life, not what the line says."""
    with pytest.raises(SemanticError) as err:
        _half_life_line(line)
    said = "your" if " your " in line else "their"
    assert err.value.code == "E203"
    assert err.value.message.startswith(f"'{said} life' is not the life of the player")
    assert err.value.span.column == 3 + line.index(f"{said} life")


@pytest.mark.parametrize("line", ["An opponent loses half their life, rounded up.",
                                  "You lose half your life, rounding down.",
                                  "Lose half your life, rounded up.",
                                  "Its controller loses half their life, rounded up.",
                                  "Each opponent may lose half their life, rounded up."])
def test_half_of_ones_own_life_compiles(line):
    """'your life' after no subject or 'you', 'their life' after another player word."""
    assert "Probe" in _half_life_line(line)


def test_a_summon_from_two_piles_offers_both(tmp_path):
    """Both piles named are offered (the spellbook's card first), and the one picked enters."""
    result = play_sorcery(tmp_path, CARDS, _setup(
        alice_extra="    - {card: Echo Moth, at: 8}"),
        "[{player: alice, activate: Echo Moth}]",
        "[{player: alice, kind: target, answer: Echo Moth#2}]")
    did = result["trace"][0]["did"]
    assert list(did) == ["tap Echo Moth", "summon Echo Moth from spellbook to 8"]


def test_a_bare_plural_subtype_names_every_such_card():
    """'your Deserts' (a plural subtype as the noun, no quantity word) is each of them."""
    from cardscript import rulesets
    from cardscript.language.reader import Reader
    sel = Reader(rulesets.get("sorcery").language).read("cards", ("your", "deserts"))
    assert (sel.quant, sel.subtypes, sel.controller) == ("each", ("desert",), "you")


def test_a_pile_list_reads_as_one_players_piles():
    """'your spellbook or hand' is one player's two piles; a pile named twice is refused."""
    from cardscript import rulesets
    from cardscript.language.reader import Reader
    from cardscript.language.shapes import FAIL
    reader = Reader(rulesets.get("sorcery").language)
    assert reader.read("piles", ("your", "spellbook", "or", "hand")) == \
        ("you", ("spellbook", "hand"))
    assert reader.read("piles", ("your", "hand", "or", "hand")) is FAIL
