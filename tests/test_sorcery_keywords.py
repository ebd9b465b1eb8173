"""Sorcery's keywords (rulesets/sorcery/keywords.py and the rules that ask it): what the
bundled scenarios' `expect` blocks leave unsaid."""

from __future__ import annotations

from conftest import play_sorcery

from cardscript.rulesets.sorcery import RULESET

CARDS = '''card "Anchor Post": minion, cost 2, power 2
  Immovable

card "Drift Imp": minion, cost 1, power 1

card "Gap Runner": minion, cost 2, power 1
  Ranged

card "Far Runner": minion, cost 2, power 1
  Range +2

card "Whirl Brute": minion, cost 4, power 3
  Tap → This Brute strikes each enemy minion here.
  Whenever this Brute strikes a minion, you gain 1 life.

card "Blink": magic, cost 1
  Teleport target minion to target square.

card "Nudge": magic, cost 1
  Move target minion one step.

card "Old Charm": magic, cost 1
  Quick
  Draw a spell.
'''


def _sites(*squares):
    return "".join(f"\n      - {{card: Red Desert, id: site-{s}, at: {s}}}" for s in squares)


def _card(result, ref):
    return next(c for c in result["state"]["cards"] if c["id"] == ref or c["name"] == ref)


def test_every_sorcery_keyword_but_armor_has_rules():
    """Each keyword the language reads has rules behind it; Armor alone is a known word
    without them (E212), the one left for a later change."""
    lang = RULESET.language
    unruled = {k for k in lang.keywords.values() if k not in lang.keyword_rules}
    assert unruled == {"armor"}
    assert lang.keywords["haste"] == "charge"


def test_no_spell_teleports_or_nudges_an_immovable_minion(tmp_path):
    """Teleport and a one-step move pass an Immovable minion by (and say so); a plain minion
    teleported beside it goes."""
    setup = "alice:\n  hand: [Blink, Nudge, Blink]\n  mana: 5\n  realm:" + _sites(8, 9, 10) + \
        "\n      - {card: Anchor Post, at: 8}\n      - {card: Drift Imp, at: 8}"
    result = play_sorcery(tmp_path, CARDS, setup, """
- {player: alice, cast: Blink, targets: [Anchor Post, 10]}
- {player: alice, cast: Nudge, targets: [Anchor Post]}
- {player: alice, cast: Blink, targets: [Drift Imp, 10]}
""")
    assert _card(result, "Anchor Post")["at"] == 8
    assert _card(result, "Drift Imp")["at"] == 10
    said = [d for e in result["trace"] for d in e.get("did", [])]
    assert said.count("Anchor Post is immovable: it does not teleport") == 1
    assert said.count("Anchor Post is immovable: it does not move") == 1


def test_range_counts_orthogonal_steps_so_a_diagonal_is_two(tmp_path):
    """A diagonal square is two steps away: Range +2 reaches it, Ranged (one step) does not."""
    setup = ("alice:\n  realm:" + _sites(7, 13) +
             "\n      - {card: Far Runner, at: 7}\n      - {card: Gap Runner, at: 7}"
             "\nbob:\n  realm:\n      - {card: Drift Imp, at: 13}")
    result = play_sorcery(tmp_path, CARDS, setup,
                          "[{player: alice, attack: Far Runner, target: Drift Imp}]")
    assert _card(result, "Drift Imp")["zone"] == "cemetery"
    from cardscript.scenario.loader import parse_scenario
    from cardscript.scenario.runner import run_scenario
    text = (tmp_path / "s.yaml").read_text(encoding="utf-8").replace(
        "attack: Far Runner", "attack: Gap Runner")
    failed = run_scenario(parse_scenario(text, str(tmp_path / "s.yaml")))
    assert not failed["ok"] and failed["error"]["code"] == "S203"


def test_one_strike_reaching_several_minions_triggers_once(tmp_path):
    """'This Brute strikes each enemy minion here' is one strike of the Brute reaching both
    Imps: 'whenever this Brute strikes a minion' triggers once."""
    setup = ("alice:\n  life: 10\n  realm:" + _sites(8) + "\n      - {card: Whirl Brute, at: 8}"
             "\nbob:\n  realm:\n      - {card: Drift Imp, id: imp-a, at: 8}"
             "\n      - {card: Drift Imp, id: imp-b, at: 8}")
    result = play_sorcery(tmp_path, CARDS, setup, "[{player: alice, activate: Whirl Brute}]")
    assert result["state"]["players"]["alice"]["counters"]["life"] == 11
    assert _card(result, "imp-a")["zone"] == _card(result, "imp-b")["zone"] == "cemetery"


def test_quick_in_the_header_is_alphas_type_line(tmp_path):
    """Alpha printed Quick in a magic's type line ('Quick Magic'): a header subtype quick is
    read as the keyword, so the spell may be cast on the other player's turn."""
    cards = CARDS + '\ncard "Snap Charm": magic quick, cost 1\n  Draw a spell.\n'
    setup = ("alice:\n  spellbook: [Drift Imp]\n  realm:" + _sites(3) +
             "\nbob:\n  mana: 2\n  hand: [Snap Charm, Old Charm]\n  spellbook: [Drift Imp, Drift Imp]"
             "\n  realm:" + _sites(18))
    result = play_sorcery(tmp_path, cards, setup, """
- {player: alice, start_turn: true}
- {player: bob, cast: Snap Charm}
- {player: bob, cast: Old Charm}
""")
    assert result["state"]["players"]["bob"]["zones"]["hand"] == ["Drift Imp", "Drift Imp"]
