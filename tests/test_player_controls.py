"""'If PLAYER controls CARDS': which player(s) the words name, and 'you control' kept apart."""

from __future__ import annotations

from scenario_text import run, scenario_yaml

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.grammar import parse_text
from cardscript.scenario.runner import load_pool

CARDS = """# ruleset: sorcery
card "Any Foe Test": minion, cost 2, power 1
  Genesis → If an opponent controls a minion, gain 2 life.

card "Every Player Test": minion, cost 2, power 1
  Genesis → If each player controls a minion, gain 2 life.
"""


def _life(tmp_path, card: str, bob_realm: str) -> int:
    (tmp_path / "t.cards").write_text(CARDS)
    text = scenario_yaml("sorcery", f"""\
        cards: [t.cards]
        setup:
          alice:
            hand: [{card}]
            realm:
              - {{card: Summer River, at: 8}}
          bob:
            realm: {bob_realm}
        actions:
          - {{player: alice, cast: {card}, at: 8}}
        """)
    result = run(text, (tmp_path / "case.yaml").as_posix())
    assert result["ok"], result
    return result["state"]["players"]["alice"]["counters"]["life"]


def _condition(line: str):
    lang = rulesets.get("sorcery").language
    card = f'card "T": minion, cost 2, power 1\n  Genesis → If {line}, gain 1 life.\n'
    tpl = compile_files([parse_text("# ruleset: sorcery\n" + card, "t.cards")], lang,
                        base=load_pool(rulesets.get("sorcery")))["T"]
    return tpl.abilities[-1].effect.conditions[0]


def test_you_control_keeps_its_own_entry():
    """'you control' reads as the plain 'control' condition, not the player one."""
    assert _condition("you control a minion").spec.name == "control"
    assert _condition("its controller controls a minion").spec.name == "player controls"


def test_an_opponent_controls_when_any_opponent_does(tmp_path):
    """'an opponent controls a minion' holds when one does, and asks no one to choose."""
    assert _life(tmp_path, "Any Foe Test", "[{card: Giant Shark, at: 3}]") == 22
    assert _life(tmp_path, "Any Foe Test", "[]") == 20


def test_each_player_controls_when_every_player_does(tmp_path):
    """'each player controls a minion' holds only when every player does."""
    assert _life(tmp_path, "Every Player Test", "[{card: Giant Shark, at: 3}]") == 22
    assert _life(tmp_path, "Every Player Test", "[]") == 20
