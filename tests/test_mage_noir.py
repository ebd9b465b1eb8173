"""The Mage Noir ruleset: its policy, its pool, its errors, and what the scenarios do not pin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.template import MayT
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import load_pool, run_scenario
from cardscript.interpreter.waiting import json_default

ROOT = Path(__file__).resolve().parents[1]
POOL = ROOT / "cards" / "mage_noir"


def _run(text: str) -> dict:
    return run_scenario(parse_scenario(text, str(POOL / "scenarios" / "inline.yaml")))


def _compile(text: str) -> dict:
    ruleset = rulesets.get("mage_noir")
    return compile_files([parse_text(text, "inline.cards")], ruleset.language,
                         base=load_pool(ruleset))


BOARD = """
name: inline
ruleset: mage_noir
players: [alice, bob]
setup:
  alice:
    hand: [Tornado, Seed in the wind, Lightning Ark]
    preparation: [Draconic flame]
    channeled: [Fire whip]
  bob:
    preparation: [Divine hammer strike]
actions:
"""


def test_policy_declares_the_chain_of_events():
    """The chain is policy data: then and lines split, the active player orders, targets fizzle."""
    p = rulesets.get("mage_noir").policy
    assert p.split_on == frozenset()
    assert p.split_on_then and p.split_between_lines
    assert p.trigger_order == "active_player"
    assert p.new_events == "front"
    assert p.illegal_target == "fizzle" and p.targets_chosen == "on_announce"
    assert p.play_zones == ("channeled", "preparation", "permanents")
    assert p.trigger_zones == ("channeled", "permanents")


def test_ruleset_registers_its_zones_counters_and_actions():
    """Mage Noir has its zones, HP, a shared ether counter, and prepare/channel/activate."""
    rs = rulesets.get("mage_noir")
    assert rs.zones == ["deck", "hand", "preparation", "channeled", "permanents", "discard"]
    assert rs.counters == {"hp": 20} and rs.shared_counters == {"ether": 0}
    assert {"prepare", "channel", "activate", "cast", "pass", "end_turn"} <= set(rs.actions)


def test_pool_matches_the_spec_table():
    """The pool holds every card pools.md lists for Mage Noir."""
    names = set(load_pool(rulesets.get("mage_noir")))
    assert {"Tornado", "Seed in the wind", "Crimson ring", "Draconic flame", "Fire whip",
            "Warrior-Mage ritual", "Divine hammer strike", "Lightning Ark"} <= names
    spec = ROOT.parent / "shared" / "spec" / "pools.md"
    if spec.exists():
        section = spec.read_text(encoding="utf-8").split("## mage_noir", 1)[1].split("\n## ")[0]
        listed = {line.split("|")[1].strip() for line in section.splitlines()
                  if line.startswith("| ") and not line.startswith("| card") and "---" not in line}
        assert listed <= names, sorted(listed - names)


def test_lightning_ark_uses_then():
    """The card the spec leaves to us uses 'then' (two indivisible actions)."""
    assert "then" in load_pool(rulesets.get("mage_noir"))["Lightning Ark"].abilities[0].text


def test_you_may_pay_asks_a_pay_question():
    """'you may pay 1 fire mana' compiles to a `pay` question: pay is a cost verb."""
    ring = load_pool(rulesets.get("mage_noir"))["Crimson ring"]
    may = ring.abilities[0].effect.items[0]
    assert isinstance(may, MayT) and may.ask == "pay"


def test_a_regular_action_needs_the_players_own_turn():
    """Activating a prepared spell on the opponent's turn is an illegal action (S206)."""
    result = _run(BOARD + "  - {player: bob, activate: Divine hammer strike, target: Fire whip}\n")
    assert not result["ok"]
    assert result["error"]["code"] == "S206"
    assert "only for the player whose turn it is (alice)" in result["error"]["message"]


def test_preparing_a_channeled_card_says_to_channel_it():
    """A channeled card cannot be prepared; the hint names the right action."""
    result = _run(BOARD + "  - {player: alice, prepare: Seed in the wind}\n")
    assert result["error"]["code"] == "S206"
    assert "channel: Seed in the wind" in result["error"]["hint"]


def test_activating_a_card_in_hand_says_to_prepare_it():
    """Activating a spell still in hand fails with a hint to prepare it first."""
    result = _run(BOARD + "  - {player: alice, activate: Tornado}\n")
    assert result["error"]["code"] == "S201"
    assert "prepare it first" in result["error"]["hint"]


def test_any_target_must_be_a_player_or_a_permanent_with_hp():
    """'any target' takes a player or a Permanent with HP in play; another value is an
    illegal target listing them (here the players: no Permanent is in play)."""
    result = _run(BOARD.replace("preparation: [Draconic flame]", "preparation: [Tornado]")
                  .replace("channeled: [Fire whip]", "channeled: [Seed in the wind]") +
                  "  - {player: alice, activate: Tornado, targets: [carol, Seed in the wind]}\n")
    assert result["error"]["code"] == "S203"
    assert "alice, bob" in result["error"]["hint"]


def test_too_many_targets_are_refused():
    """Targets left over after every action's targets are chosen are an error (S207)."""
    result = _run(BOARD + "  - {player: alice, activate: Draconic flame, target: bob}\n")
    assert result["error"]["code"] == "S207"


def test_an_unpayable_preparation_is_an_error():
    """With its wind counter set, a player who cannot pay Tornado's cost cannot prepare it."""
    result = _run(BOARD.replace("  alice:\n", "  alice:\n    wind: 1\n") +
                  "  - {player: alice, prepare: Tornado}\n")
    assert result["error"]["code"] == "S202"
    assert "cannot pay 3 wind mana" in result["error"]["message"]


def test_an_unknown_action_lists_mage_noir_actions():
    """A verb Mage Noir does not have is an error listing its verbs."""
    result = _run(BOARD + "  - {player: alice, attack: Fire whip}\n")
    assert result["error"]["code"] == "S014"
    assert "prepare" in result["error"]["hint"] and "channel" in result["error"]["hint"]


def test_a_missing_pay_answer_is_an_error():
    """An optional cost with no scripted answer stops the run with S301, naming the question."""
    text = BOARD.replace("channeled: [Fire whip]", "channeled: [Fire whip]\n  bob:\n"
                         "    channeled: [Crimson ring]").replace(
        "  bob:\n    preparation: [Divine hammer strike]\n", "")
    result = _run(text + "  - {player: alice, activate: Draconic flame}\n")
    assert result["error"]["code"] == "S301"
    assert "pay" in result["error"]["message"]


def test_a_window_with_no_answer_is_an_error():
    """A player who could use an 'Any time' ability must answer the window (S301)."""
    text = BOARD.replace("channeled: [Fire whip]", "channeled: [Fire whip, Warrior-Mage ritual]")
    result = _run(text.replace("players: [alice, bob]", "players: [alice, bob]\nactive: bob") +
                  "  - {player: bob, activate: Divine hammer strike, target: Fire whip}\n")
    assert result["error"]["code"] == "S301"
    assert "respond" in result["error"]["message"]
    assert "pass, Warrior-Mage ritual" in result["error"]["hint"]


def test_a_missing_window_answer_is_a_pass_under_on_missing_first():
    """With `on_missing_choice: first` an unanswered window is a pass (its first answer)."""
    text = BOARD.replace("channeled: [Fire whip]", "channeled: [Fire whip, Warrior-Mage ritual]")
    result = _run(text.replace("players: [alice, bob]", "players: [alice, bob]\nactive: bob")
                  .replace("actions:\n", "options: {on_missing_choice: first}\nactions:\n") +
                  "  - {player: bob, activate: Divine hammer strike, target: Fire whip}\n")
    assert result["ok"], result["error"]
    assert [e["status"] for e in result["trace"] if e["kind"] == "activated"] == ["done"]


def test_a_player_who_cannot_pay_the_cost_is_not_asked():
    """With an empty hand the ritual's discard cannot be paid: no `respond` question at all."""
    text = BOARD.replace("hand: [Tornado, Seed in the wind, Lightning Ark]", "hand: []").replace(
        "channeled: [Fire whip]", "channeled: [Fire whip, Warrior-Mage ritual]")
    result = _run(text.replace("players: [alice, bob]", "players: [alice, bob]\nactive: bob") +
                  "  - {player: bob, activate: Divine hammer strike, target: Fire whip}\n")
    assert result["ok"], result["error"]
    assert result["state"]["players"]["alice"]["zones"]["discard"] == ["Fire whip"]


def test_an_unpayable_ability_is_an_illegal_action():
    """Using the ritual as an action of its own with an empty hand is S205, naming the cost."""
    text = BOARD.replace("hand: [Tornado, Seed in the wind, Lightning Ark]", "hand: []").replace(
        "channeled: [Fire whip]", "channeled: [Fire whip, Warrior-Mage ritual]")
    result = _run(text + "  - {player: alice, activate: Warrior-Mage ritual}\n")
    assert result["error"]["code"] == "S205"
    assert "Discard a card" in result["error"]["message"]


def test_an_action_with_nothing_to_target_fizzles_alone():
    """Tornado with no channeled wind spell: the damage happens, its other actions fizzle."""
    text = BOARD.replace("preparation: [Draconic flame]", "preparation: [Tornado]")
    result = _run(text + "  - {player: alice, activate: Tornado, target: bob}\n")
    assert result["ok"], result["error"]
    statuses = [(e["part"], e["status"]) for e in result["trace"] if e["kind"] == "activated"]
    assert statuses == [(1, "done"), (2, "fizzled"), (3, "fizzled")]
    assert result["state"]["players"]["bob"]["counters"]["hp"] == 16


def test_a_target_given_where_none_is_legal_is_an_error():
    """Naming a card that is no legal target is S203, even when no card would be legal."""
    text = BOARD.replace("preparation: [Draconic flame]", "preparation: [Tornado]")
    result = _run(text + "  - {player: alice, activate: Tornado, targets: [bob, Fire whip]}\n")
    assert result["error"]["code"] == "S203"


def test_unknown_words_are_card_errors():
    """A phrase no Mage Noir verb reads is E201, and an unknown element of mana is E203."""
    with pytest.raises(CardScriptError) as info:
        _compile('card "Odd": spell, cost 1\n  Juggle three torches.\n')
    assert info.value.code == "E201"
    with pytest.raises(CardScriptError) as info:
        _compile('card "Odd": spell, cost 1\n  You may pay 1 channeled mana.\n')
    assert info.value.code == "E203"


def test_same_scenario_gives_the_same_trace():
    """Determinism: running a scenario twice gives the same JSON."""
    path = POOL / "scenarios" / "draconic_flame_and_the_crimson_rings.yaml"
    from cardscript.scenario.loader import load_scenario
    first = json.dumps(run_scenario(load_scenario(path)), sort_keys=True,
                       default=json_default)
    assert first == json.dumps(run_scenario(load_scenario(path)), sort_keys=True,
                       default=json_default)


def test_explain_shows_each_line_as_its_own_part():
    """`explain` under Mage Noir says where a line and a 'then' start a new action."""
    from cardscript.explain import explain_card
    rs = rulesets.get("mage_noir")
    text = explain_card(load_pool(rs)["Tornado"], rs)
    assert "next line:  [a new event part]" in text and "[then: a new event part]" in text


def test_targets_may_be_given_in_any_order():
    """A card name given where a player is wanted is kept for the card target it fits."""
    text = BOARD.replace("preparation: [Draconic flame]", "preparation: [Tornado]").replace(
        "channeled: [Fire whip]", "channeled: [Seed in the wind]")
    result = _run(text + "  - {player: alice, activate: Tornado, "
                         "targets: [Seed in the wind, opponent]}\n")
    assert result["ok"], result["error"]
    assert result["state"]["players"]["bob"]["counters"]["hp"] == 16
    # put back into the (empty) deck, then drawn by its own trigger
    assert "Seed in the wind" in result["state"]["players"]["alice"]["zones"]["hand"]


SCENARIOS = sorted((POOL / "scenarios").glob("*.yaml"))
RINGS = """
name: inline
ruleset: mage_noir
players: [alice, bob]
setup:
  alice:
    fire: 5
    preparation: [Draconic flame]
    channeled: [Crimson ring]
  bob:
    fire: 5
    channeled: [Crimson ring]
actions:
  - {player: alice, activate: Draconic flame}
choices:
"""


def _trace(name: str) -> list:
    from cardscript.scenario.loader import load_scenario
    result = run_scenario(load_scenario(POOL / "scenarios" / f"{name}.yaml"))
    assert result["ok"], result["error"]
    return result["trace"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_parent_is_an_earlier_activation_or_first_part(path):
    """Each `parent` names an entry recorded before it; an activated action's is its activation."""
    from cardscript.scenario.loader import load_scenario
    trace = run_scenario(load_scenario(path))["trace"]
    seen = {}
    for e in trace:
        if e["parent"] is not None:
            assert e["parent"] in seen, e
            parent = seen[e["parent"]]
            assert parent["source_id"] == e["source_id"], (parent, e)
            if e["kind"] == "activated":
                assert parent["kind"] == "activate", (parent, e)
        elif e["kind"] == "activated":
            raise AssertionError(f"an activated action with no activation: {e}")
        seen[e["id"]] = e


def test_a_spell_chain_is_activation_actions_discard_release():
    """Activating a spell is its own first entry; its actions, then discard and release follow."""
    trace = _trace("damage_to_a_player_without_a_ring")
    assert [(e["kind"], e["parent"]) for e in trace] == [
        ("activate", None), ("activated", 1), ("lose_hp", None), ("discard", None),
        ("release", None)]
    assert list(trace[0]["did"]) == ["alice activates Draconic flame: its action joins the chain"]


def test_a_ritual_activation_has_its_discard_and_protection_under_it():
    """The ritual's activation entry comes first and is the parent of both of its actions."""
    trace = _trace("divine_hammer_strike_answered_by_the_warrior_mage_ritual")
    act, discard, protect = trace[:3]
    assert (act["kind"], act["source"], act["text"]) == (
        "activate", "Warrior-Mage ritual", "activate the ability of Warrior-Mage ritual")
    assert [discard["parent"], protect["parent"]] == [act["id"], act["id"]]
    assert [discard["part"], protect["part"]] == [1, 2]


def test_damage_and_hp_loss_are_two_entries():
    """The damage entry loses no HP; the next entry, `lose_hp`, does, naming the player."""
    trace = _trace("damage_to_a_player_without_a_ring")
    damage, loss = trace[1], trace[2]
    assert list(damage["did"]) == ["inflict 2 damage to bob"]
    assert (loss["kind"], loss["source"], loss["subject"], loss["controller"]) == (
        "lose_hp", "Draconic flame", "bob", "alice")
    assert list(loss["did"]) == ["bob loses 2 HP"] and loss["text"] == "bob loses 2 HP"


def test_a_ring_triggers_right_after_the_hp_loss_of_its_owner():
    """Every Crimson ring action comes right after a `lose_hp` entry whose player owns it."""
    trace = _trace("draconic_flame_and_the_crimson_rings")
    rings = [i for i, e in enumerate(trace) if e["kind"] == "triggered"]
    assert len(rings) == 4
    for i in rings:
        before = trace[i - 1]
        assert before["kind"] == "lose_hp" and before["subject"] == trace[i]["controller"]
    # and each damage the rings inflict is followed at once by its HP loss
    for i, e in enumerate(trace):
        if any(d.startswith("inflict") for d in e["did"]):
            victim = e["did"][-1].rsplit(" ", 1)[1]
            assert trace[i + 1]["kind"] == "lose_hp" and trace[i + 1]["subject"] == victim


def test_hp_is_lost_in_the_hp_loss_action_not_the_damage():
    """Declining at once: bob's HP falls only through the flame's `lose_hp`; alice loses none."""
    result = _run(RINGS + "  - {player: bob, kind: pay, answer: false}\n")
    assert result["ok"], result["error"]
    kinds = [(e["source"], e["kind"]) for e in result["trace"]]
    assert kinds == [("Draconic flame", "activate"), ("Draconic flame", "activated"),
                     ("Draconic flame", "lose_hp"), ("Crimson ring", "triggered"),
                     ("Draconic flame", "discard"), ("Draconic flame", "release")]
    players = result["state"]["players"]
    assert players["bob"]["counters"]["hp"] == 18 and players["alice"]["counters"]["hp"] == 20


def test_one_action_damaging_both_players_is_one_hp_loss():
    """Lightning Ark's damage to each player is lost in one action: both rings trigger at once."""
    trace = _trace("lightning_ark_then_lets_the_rings_act_before_the_draw")
    losses = [e for e in trace if e["kind"] == "lose_hp" and e["source"] == "Lightning Ark"]
    assert len(losses) == 1
    assert list(losses[0]["subjects"]) == ["alice", "bob"]
    assert list(losses[0]["storyline"][:2]) == ["Crimson ring (triggered)"] * 2


def test_losing_hp_without_damage_stays_in_its_action(tmp_path):
    """'You lose N HP' is HP lost in the action itself: no `lose_hp` entry of its own."""
    (tmp_path / "blood.cards").write_text(
        'card "Blood Price": spell, cost 1\n  Fire\n  You lose 2 HP.\n', encoding="utf-8")
    text = RINGS.replace("preparation: [Draconic flame]", "preparation: [Blood Price]").replace(
        "activate: Draconic flame", "activate: Blood Price").replace(
        "name: inline\n", "name: inline\ncards: [blood.cards]\n")
    result = run_scenario(parse_scenario(text + "  - {player: alice, kind: pay, answer: false}\n",
                                         str(tmp_path / "inline.yaml")))
    assert result["ok"], result["error"]
    assert [e["kind"] for e in result["trace"]] == [
        "activate", "activated", "triggered", "discard", "release"]
    assert list(result["trace"][1]["did"]) == ["alice loses 2 HP"]


def test_the_text_trace_nests_actions_under_their_activation():
    """`run` prints an activation, then its actions indented as parts of it."""
    from cardscript.render import render_trace
    from cardscript.scenario.loader import load_scenario
    text = render_trace(run_scenario(load_scenario(
        POOL / "scenarios" / "divine_hammer_strike_answered_by_the_warrior_mage_ritual.yaml")))
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("DONE: Warrior-Mage ritual "
                                                                  "(activate) #4"))
    assert lines[i + 1].startswith("    DONE: Warrior-Mage ritual (activated, part 1 of #4)")
    assert lines[i + 2].startswith("    DONE: Warrior-Mage ritual (activated, part 2 of #4)")
