"""The KeyForge ruleset: it loads, its policy is the chart's, its words compile, bad input is told."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import load_pool, run_scenario

ROOT = Path(__file__).resolve().parents[1]
POOL = {"Tollkeeper", "Iron Ward", "Veiled Sentry", "Spiked Brute", "Bone Collector", "Martyr",
        "Seed Reaper", "Duelist", "Dawn Bell", "Dusk Bell", "Guardian Aura", "Quick Study"}


def _keyforge():
    return rulesets.get("keyforge")


def _compile(text: str) -> dict:
    rs = _keyforge()
    return compile_files([parse_text(text, "test.cards")], rs.language, base=load_pool(rs))


def _run(body: str) -> dict:
    text = "name: t\nruleset: keyforge\nplayers: [alice, bob]\n" + body
    return run_scenario(parse_scenario(text, str(ROOT / "cards" / "keyforge" / "scenarios" /
                                                  "inline.yaml")))


def test_ruleset_is_registered_and_loads():
    """`keyforge` is a built-in ruleset with the zones and counters of the pools spec."""
    rs = _keyforge()
    assert rs.name == "keyforge" and rs.policy.name == "keyforge"
    assert rs.zones == ["deck", "hand", "battleline", "artifacts", "archives", "discard",
                        "purged"]
    assert rs.counters == {"aember": 0, "keys": 0}


def test_policy_is_the_timing_chart():
    """The active player orders a timing point's effects, which resolve next; effects never split."""
    p = _keyforge().policy
    assert p.trigger_order == "active_player"
    assert p.new_events == "front"
    assert p.split_on == frozenset()
    assert p.play_zones == ("battleline", "artifacts")
    assert p.resolved_spells == {"action": "discard"}


def test_pool_holds_every_card_of_the_spec():
    """The bundled pool has exactly the twelve cards pools.md lists for keyforge."""
    assert set(load_pool(_keyforge())) == POOL


def test_chart_labels_are_trigger_points():
    """Play:, Reap:, Fight:, Before Fight: and Destroyed: listen to the card's own happening."""
    labels = _keyforge().language.labels
    assert {k: (v.role, v.happening) for k, v in labels.items() if v.role == "trigger"} == {
        "play": ("trigger", "play"), "reap": ("trigger", "reap"), "fight": ("trigger", "fight"),
        "before fight": ("trigger", "before_fight"), "destroyed": ("trigger", "destroyed")}
    assert {k for k, v in labels.items() if v.role == "cost"} == {"action", "omni"}


def test_start_and_end_of_turn_are_different_patterns():
    """The trigger word is part of the pattern: start and end of turn listen to different points."""
    cards = _compile('card "A": artifact, house dis\n  At the start of your turn, gain 1 aember.\n'
                     'card "B": artifact, house dis\n  At the end of your turn, gain 1 aember.\n'
                     'card "C": artifact, house dis\n  At the start of each turn, gain 1 aember.\n')
    assert cards["A"].abilities[0].hook.happening == "turn_start"
    assert cards["A"].abilities[0].hook.filter == {"player": "you"}
    assert cards["B"].abilities[0].hook.happening == "turn_end"
    assert cards["C"].abilities[0].hook.filter == {}


def test_before_fight_names_the_creature_it_fights():
    """'the creature it fights' reads the defender the before_fight happening carries."""
    duelist = load_pool(_keyforge())["Duelist"]
    before = next(a for a in duelist.abilities if a.trace_kind == "before_fight")
    assert set(before.hook.filter) == {"self", "target"}
    step = before.effect
    assert step.arg("what").slot == "trigger:target"


def test_the_creature_it_fights_is_only_known_to_fight_labels():
    """Outside a fight label, 'the creature it fights' is a reference to nothing (E205)."""
    with pytest.raises(CardScriptError) as err:
        _compile('card "X": creature, house dis, power 1\n  Reap: deal 1 damage to the creature '
                 'it fights.\n')
    assert err.value.code == "E205"


def test_unknown_verb_is_a_clear_error():
    """A phrase no KeyForge verb fits is E201 with the file position, not a traceback."""
    with pytest.raises(CardScriptError) as err:
        _compile('card "X": action, house logos\n  Play: swindle 2 aember.\n')
    assert err.value.code == "E201"
    assert "test.cards:2" in err.value.format()


def test_unknown_label_is_a_clear_error():
    """A label the chart does not name is E207 with the labels KeyForge knows."""
    with pytest.raises(CardScriptError) as err:
        _compile('card "X": creature, house dis, power 1\n  Genesis: gain 1 aember.\n')
    assert err.value.code == "E207"
    assert "Before Fight" in (err.value.hint or "")


def test_playing_before_choosing_a_house_is_refused():
    """Step 3's actions need a house: without choose_house the action is an illegal action."""
    res = _run("setup: {alice: {hand: [Tollkeeper]}}\nactions:\n"
               "  - {player: alice, play: Tollkeeper}\n")
    assert not res["ok"]
    assert "has not chosen a house" in res["error"]["message"]
    assert res["error"]["code"] == "S206"


def test_unknown_house_lists_the_houses():
    """choose_house with a word that is no house says so and lists the houses."""
    res = _run("actions:\n  - {player: alice, choose_house: brobanr}\n")
    assert not res["ok"]
    assert "'brobanr' is not a house" in res["error"]["message"]
    assert "brobnar" in res["error"]["hint"]


def test_only_the_active_player_acts():
    """bob cannot act in alice's turn."""
    res = _run("actions:\n  - {player: bob, choose_house: dis}\n")
    assert not res["ok"] and "it is alice's turn" in res["error"]["message"]


def test_fight_needs_an_enemy_creature():
    """Fighting a creature that is not an enemy creature in play is an illegal target (S203)."""
    res = _run("setup: {alice: {battleline: [Duelist, Martyr]}, bob: {battleline: [Iron Ward]}}\n"
               "actions:\n  - {player: alice, choose_house: brobnar}\n"
               "  - {player: alice, fight: Duelist, target: Martyr}\n")
    assert not res["ok"] and res["error"]["code"] == "S203"
    assert "Iron Ward" in res["error"]["hint"]


def test_missing_archives_answer_is_a_missing_choice():
    """With cards in the archives, step 2 asks a may question; no answer is error S301."""
    res = _run("setup: {alice: {archives: [Martyr]}}\n"
               "actions:\n  - {player: alice, choose_house: sanctum}\n")
    assert not res["ok"] and res["error"]["code"] == "S301"


def test_flank_must_be_left_or_right():
    """A flank other than left or right is an illegal action naming the two flanks."""
    res = _run("setup: {alice: {hand: [Tollkeeper]}}\nactions:\n"
               "  - {player: alice, choose_house: brobnar}\n"
               "  - {player: alice, play: Tollkeeper, flank: middle}\n")
    assert not res["ok"] and "left or the right flank" in res["error"]["message"]


def test_aember_never_goes_below_zero():
    """Losing more aember than a player has leaves them at 0."""
    res = _run("setup: {alice: {hand: [Tollkeeper]}}\nactions:\n"
               "  - {player: alice, choose_house: brobnar}\n"
               "  - {player: alice, play: Tollkeeper}\n")
    assert res["ok"]
    assert res["state"]["players"]["bob"]["counters"]["aember"] == 0


def test_same_file_same_trace():
    """A KeyForge run is deterministic: the same scenario gives the same trace twice."""
    path = ROOT / "cards" / "keyforge" / "scenarios" / "ready_then_draw_up_to_six_then_end_of_turn.yaml"
    from cardscript.scenario.loader import load_scenario
    a, b = run_scenario(load_scenario(path)), run_scenario(load_scenario(path))
    assert a["trace"] == b["trace"] and a["state"] == b["state"]


def test_missing_flank_answer_is_a_missing_choice():
    """A creature played without `flank:` next to another creature asks an option; none is S301."""
    res = _run("setup: {alice: {hand: [Tollkeeper], battleline: [Duelist]}}\nactions:\n"
               "  - {player: alice, choose_house: brobnar}\n"
               "  - {player: alice, play: Tollkeeper}\n")
    assert not res["ok"] and res["error"]["code"] == "S301"
    assert "left flank" in res["error"]["hint"] and "right flank" in res["error"]["hint"]


def test_first_creature_needs_no_flank():
    """Into an empty battleline there is one place only: no question is asked."""
    res = _run("setup: {alice: {hand: [Tollkeeper]}}\nactions:\n"
               "  - {player: alice, choose_house: brobnar}\n"
               "  - {player: alice, play: Tollkeeper}\n")
    assert res["ok"] and res["state"]["players"]["alice"]["zones"]["battleline"] == ["Tollkeeper"]


def test_third_key_names_the_winner_in_the_state():
    """`state.winner` is null while nobody has won and the player once their third key is forged."""
    won = _run("setup: {alice: {aember: 6, keys: 2}}\nactions:\n"
               "  - {player: alice, choose_house: brobnar}\n")
    assert won["ok"] and won["state"]["winner"] == "alice"
    not_yet = _run("setup: {alice: {aember: 6, keys: 1}}\nactions:\n"
                   "  - {player: alice, choose_house: brobnar}\n")
    assert not_yet["ok"] and not_yet["state"]["winner"] is None


@pytest.mark.parametrize("exhausted, acted", [(False, True), (True, False)])
def test_if_it_cannot_sees_an_exhaust(tmp_path, exhausted, acted):
    """Exhausting a ready creature acted ('If it can't' does not hold); one exhausted already could not."""
    (tmp_path / "x.cards").write_text(
        "# ruleset: keyforge\ncard \"Test Latch\": action, house brobnar\n"
        "  Play: Exhaust an enemy creature. If it can't, gain 1 aember.\n", encoding="utf-8")
    text = ("name: t\nruleset: keyforge\nplayers: [alice, bob]\ncards: [x.cards]\n"
            "setup: {alice: {hand: [Test Latch]}, bob: {battleline: "
            f"[{{card: Martyr, exhausted: {str(exhausted).lower()}}}]}}}}\n"
            "actions:\n  - {player: alice, choose_house: brobnar}\n"
            "  - {player: alice, play: Test Latch}\n")
    res = run_scenario(parse_scenario(text, str(tmp_path / "s.yaml")))
    assert res["ok"], res["error"]
    assert res["state"]["players"]["alice"]["counters"]["aember"] == (0 if acted else 1)
    assert any(c["name"] == "Martyr" and c.get("exhausted", c.get("tapped")) for c in res["state"]["cards"])
