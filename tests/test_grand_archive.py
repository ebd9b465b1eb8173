"""Grand Archive (the effects stack): what its scenarios do not pin by themselves.

The ruleset's policy values, the settings it added to the engine shown by replaying its
scenarios under other values, its pool against the spec's table, and the errors a bad
scenario gets.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import cardscript.rulesets as registry
from cardscript.interpreter.policy import CHOICES, Policy
from cardscript.grammar import parse_file
from cardscript.scenario.loader import load_scenario, parse_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SC = ROOT / "cards/grand_archive/scenarios"
GA = registry.get("grand_archive")


@pytest.fixture
def play(monkeypatch):
    """Replay a bundled scenario with some of Grand Archive's policy settings changed."""
    def run(name, **changes):
        rs = dataclasses.replace(GA, policy=dataclasses.replace(GA.policy, **changes))
        real = registry.get
        monkeypatch.setattr(registry, "get", lambda n: rs if n == "grand_archive" else real(n))
        result = run_scenario(load_scenario(SC / name))
        assert result["ok"], result["error"]
        return result
    return run


def _run(text: str) -> dict:
    return run_scenario(parse_scenario(text, "inline.yaml"))


BOARD = """
name: inline
ruleset: grand_archive
players: [alice, bob]
setup:
  alice:
    hand: [Arc Bolt, Glimpse and Draw, Tithe, Town Guard]
    deck: [Scatter Shot, Sudden Strike]
  bob:
    hand: [Arc Bolt]
    field: [Town Guard]
"""


def test_ruleset_is_registered_and_loads():
    """grand_archive is in the built-in registry and loads with its own policy and words."""
    assert "grand_archive" in registry.available()
    assert GA.name == GA.policy.name == "grand_archive"
    assert {"materialize", "attack", "activate", "cast"} <= set(GA.actions)
    assert GA.zones[:7] == ["deck", "material", "hand", "field", "memory", "graveyard",
                            "banishment"]


def test_policy_values():
    """The stack is last in, first out; targets fizzle; rules are checked once a card ends."""
    p = GA.policy
    assert p.new_events == "front"
    assert p.split_on == frozenset() and not p.split_on_then and not p.split_one_at_a_time
    assert p.illegal_target == "fizzle" and p.targets_chosen == "on_announce"
    assert p.cast_zone == "stack" and p.play_zones == ("field",)
    assert p.state_check_timing == "end_of_event"


def test_state_check_timing_is_a_declared_setting():
    """state_check_timing is general policy data: Sorcery keeps the default, bad values fail."""
    assert CHOICES["state_check_timing"] == {"each_step", "end_of_event"}
    assert registry.get("sorcery").policy.state_check_timing == "each_step"
    with pytest.raises(ValueError):
        Policy.from_dict({"name": "x", "state_check_timing": "sometimes"})


def test_checks_between_steps_would_destroy_the_guard(play):
    """Under each_step the guard is destroyed right after the first instruction."""
    result = play("no_state_based_check_between_instructions.yaml",
                  state_check_timing="each_step")
    did = result["trace"][0]["did"]
    assert list(did[:2]) == ["2 damage to Town Guard", "Town Guard is destroyed (lethal damage)"]


def test_without_fizzle_the_crown_resolves_doing_nothing(play):
    """illegal_target=proceed: Crown of Embers resolves (done) and finds nothing to damage."""
    result = play("crown_of_embers_fizzles_to_banishment.yaml", illegal_target="proceed")
    crown = [e for e in result["trace"] if e["source"] == "Crown of Embers"][0]
    assert crown["status"] == "done"
    assert "Deal 2 damage to target ally: nothing to damage" in crown["did"]


def test_stack_order_comes_from_new_events(play):
    """new_events=back turns the stack into a queue: Scatter Shot resolves before the bolts."""
    result = play("stack_resolves_last_in_first_out.yaml", new_events="back")
    assert [e["source_id"] for e in result["trace"]] == ["Scatter Shot", "bob_bolt",
                                                         "alice_bolt"]


def test_pool_matches_the_spec_table():
    """The pool holds every card pools.md lists for grand_archive."""
    names = {c.name for c in parse_file(ROOT / "cards/grand_archive/pool.cards").cards}
    required = {"Ember Squire", "Ember Knight", "Town Guard", "Arc Bolt", "Scatter Shot",
                "Glimpse and Draw", "Tithe", "Crown of Embers", "Sudden Strike"}
    assert required <= names, sorted(required - names)
    spec = ROOT.parent / "shared" / "spec" / "pools.md"
    if spec.exists():
        section = spec.read_text(encoding="utf-8").split("## grand_archive", 1)[1]
        section = section.split("\n## ", 1)[0]
        listed = {line.split("|")[1].strip() for line in section.splitlines()
                  if line.startswith("| ") and not line.startswith("| card") and "---" not in line}
        assert listed <= names, sorted(listed - names)


def test_same_file_same_trace():
    """Determinism: the same scenario gives the same trace twice."""
    path = SC / "stack_resolves_last_in_first_out.yaml"
    assert run_scenario(load_scenario(path))["trace"] == run_scenario(load_scenario(path))["trace"]


def test_missing_respond_answer_is_a_clear_error():
    """A response window with no scripted answer names the player, the kind and the answers."""
    result = _run(BOARD + "actions:\n  - {player: alice, activate: Arc Bolt, target: Town Guard}\n")
    err = result["error"]
    assert not result["ok"] and err["code"] == "S301"
    assert "bob's respond question" in err["message"] and "pass, Arc Bolt" in err["hint"]
    assert err["line"] == 13            # the action's line


def test_a_slow_card_is_not_a_legal_response():
    """Only fast cards are offered in a response window."""
    result = _run(BOARD + "actions:\n  - {player: alice, activate: Arc Bolt, target: Town Guard}\n"
                  "choices:\n  - {player: bob, kind: respond, answer: Tithe}\n")
    assert result["error"]["code"] == "S302"
    assert "legal answers: pass, Arc Bolt" in result["error"]["hint"]


def test_unknown_action_lists_the_rulesets_verbs():
    """A verb Grand Archive does not have is an error listing the ones it has."""
    result = _run(BOARD + "actions:\n  - {player: alice, move: Town Guard}\n")
    assert result["error"]["code"] == "S014"
    assert "materialize" in result["error"]["hint"]


def test_materialize_names_where_it_looked():
    """Materializing a card the player does not hold is an illegal action naming the zones."""
    result = _run(BOARD + "actions:\n  - {player: alice, materialize: Ember Knight}\n")
    assert result["error"]["code"] == "S201"
    assert "material or hand" in result["error"]["message"]


def test_attack_needs_an_attack_card():
    """attack: takes an attack card; anything else is an illegal action, not a traceback."""
    result = _run(BOARD + "actions:\n  - {player: alice, attack: Tithe}\n")
    assert result["error"]["code"] == "S206"


def test_discarding_the_wrong_number_is_refused():
    """An optional cost is paid whole: a discard answer with too few cards is an error."""
    text = BOARD.replace("hand: [Arc Bolt, Glimpse and Draw, Tithe, Town Guard]",
                         "hand: [Double Tithe, Tithe, Town Guard, Glimpse and Draw]")
    text = text.replace("players:", "cards: [cards/extra.cards]\nplayers:")
    sc = parse_scenario(text + "actions:\n  - {player: alice, activate: Double Tithe}\n"
                        "choices:\n  - {player: bob, kind: respond, answer: pass}\n"
                        "  - {player: alice, kind: may, answer: true}\n"
                        "  - {player: alice, kind: cards, answer: [Tithe]}\n",
                        str(SC / "inline.yaml"))
    result = run_scenario(sc)
    assert result["error"]["code"] == "S302"
    assert "exactly 2" in result["error"]["message"]
    assert result["error"]["line"] == 18          # the answer's line, not the action's
    assert "Glimpse and Draw" in result["error"]["hint"]   # the legal answers are listed


def test_a_pay_question_takes_a_may_answer_when_no_pay_answer_is_left():
    """Tithe's discard asks `pay` (an optional cost); a scenario written with `may` still works."""
    text = BOARD.replace("hand: [Arc Bolt, Glimpse and Draw, Tithe, Town Guard]",
                         "hand: [Tithe, Town Guard]")
    text = text.replace("    hand: [Arc Bolt]\n    field: [Town Guard]\n", "    hand: []\n")
    result = _run(text + "actions:\n  - {player: alice, activate: Tithe}\n"
                  "choices:\n  - {player: alice, kind: may, answer: true}\n")
    assert result["ok"], result["error"]
    assert list(result["trace"][0]["did"][:2]) == ["alice discards Town Guard",
                                                   "alice draws Scatter Shot, Sudden Strike"]


def test_a_missing_pay_answer_names_the_pay_question():
    """With neither a `pay` nor a `may` answer, the error asks for a `pay` answer."""
    text = BOARD.replace("    hand: [Arc Bolt]\n    field: [Town Guard]\n", "    hand: []\n")
    result = _run(text + "actions:\n  - {player: alice, activate: Tithe}\n"
                  "choices:\n  - {player: alice, kind: respond, answer: pass}\n")
    assert result["error"]["code"] == "S301"
    assert "alice's pay question" in result["error"]["message"]


def test_a_may_naming_the_opponent_is_lowered_with_its_player():
    """'Your opponent may discard a card' makes a `MayT` whose decider is the opponent."""
    from cardscript.compiler import compile_files
    from cardscript.compiler.template import MayT
    tpl = compile_files([parse_file(SC / "cards/extra.cards")], GA.language)["Toll"]
    may = tpl.spell_abilities[0].effect.items[0]
    assert isinstance(may, MayT) and may.who == "opponent" and may.ask == "pay"
    assert may.body.text == "discard a card"


def test_every_item_put_on_the_stack_opens_a_window():
    """Grand Archive's `after_add` hook is set; a ruleset with no windows keeps none."""
    assert GA.after_add is not None
    assert registry.get("everrain").after_add is None


def test_bestow_is_an_action_and_names_where_it_looked():
    """`bestow` is a Grand Archive verb; bestowing a card the player lacks is S201."""
    assert "bestow" in GA.actions
    result = _run(BOARD + "actions:\n  - {player: alice, bestow: Ember Knight}\n")
    assert result["error"]["code"] == "S201"
    assert "hand or material" in result["error"]["message"]


def test_only_the_turn_player_ends_the_turn():
    """end_turn by a player whose turn it is not is an illegal action (S206), not a turn change."""
    result = _run(BOARD + "actions:\n  - {player: bob, end_turn: true}\n")
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert "only alice can end it, not bob" in result["error"]["message"]
    ok = _run(BOARD + "actions:\n  - {player: alice, end_turn: true}\n")
    assert ok["ok"] and ok["state"]["active"] == "bob"
