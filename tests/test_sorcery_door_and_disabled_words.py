"""Death's Door as a condition (rulesets/sorcery/deaths_door_words.py) and a unit disabled
for a while (disabled_for_a_while.py): how they read, render back and answer."""

from __future__ import annotations

import pytest

from conftest import sorcery_game
from scenario_text import run, scenario_yaml
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.fmt.render import card_text
from cardscript.grammar import parse_text

SORCERY = rulesets.get("sorcery")
CARDS = '''
card "Field": site
card "Seer": avatar, power 1
card "Footman": minion mortal, cost 1, power 2
card "Rites": magic, cost 1
  If you are at Death's Door, draw a spell.
card "Vulture": minion, cost 2, power 1
  This Vulture has +2 power while an opponent is at Death's Door.
card "Daze": magic, cost 1
  Target minion is disabled this turn.
'''


def _compile(text: str) -> dict:
    return compile_files([parse_text(text, "t.cards")], SORCERY.language)


@pytest.mark.parametrize("line,rendered", [
    ("If you're at Death's Door, draw a spell.", "If you are at Death's Door, draw a spell."),
    ("If your opponent is at death's door, draw a spell.",
     "If an opponent is at Death's Door, draw a spell."),
    ("Disable target minion this turn.", "Target minion is disabled this turn."),
    ("Each enemy minion is disabled until your next turn.",
     "Each enemy minion is disabled until your next turn."),
])
def test_the_new_words_render_back_in_canonical_words(line, rendered):
    """fmt and `explain --text` write each form back, Death's Door capitalised."""
    tpl = _compile(f'card "Probe": magic, cost 1\n  {line}\n')["Probe"]
    text = card_text(tpl, SORCERY.language)
    assert text.endswith("\n  " + rendered), text
    again = _compile(text + "\n")["Probe"]
    assert card_text(again, SORCERY.language) == text


def test_disabled_for_a_while_needs_cards_in_the_realm():
    """A duration on cards in a pile changes nothing: refused with a clear error."""
    with pytest.raises(SemanticError) as info:
        _compile('card "Probe": magic, cost 1\n'
                 '  Each minion in your hand is disabled this turn.\n')
    assert info.value.code == "E203" and "only a unit in the realm" in str(info.value)


def test_the_conditions_ask_the_players_at_deaths_door():
    """'you' is the effect's controller; 'an opponent' any other player."""
    from cardscript.interpreter.storyline import StoryEvent
    from cardscript.rulesets.sorcery.players import door
    game = sorcery_game(CARDS, "door.cards")
    conds = {c.name: c for c in SORCERY.language.conditions if "Death's Door" in c.name}
    ev = StoryEvent(0, "ongoing", None, "alice", None, "", None)
    you, them = conds["you at Death's Door"], conds["an opponent at Death's Door"]
    assert not you.test(game, ev, {}) and not them.test(game, ev, {})
    door(game).since["bob"] = 1
    assert not you.test(game, ev, {}) and them.test(game, ev, {})
    door(game).since["alice"] = 1
    assert you.test(game, ev, {})


def test_an_avatar_is_not_disabled_for_a_while(tmp_path):
    """As with `disable`, an avatar can't be: the trace says so, and it still moves."""
    (tmp_path / "daze.cards").write_text('# ruleset: sorcery\ncard "Daze": magic, cost 1\n'
                                         '  Target unit is disabled this turn.\n',
                                         encoding="utf-8")
    result = run(scenario_yaml("sorcery", """
        cards: [daze.cards]
        setup:
          alice:
            hand: [Daze]
            realm:
              - {card: Red Desert, at: 8}
          bob:
            realm:
              - {card: Saltmarsh Seer, at: 8}
              - {card: Red Desert, at: 9}
        actions:
          - {player: alice, cast: Daze, target: Saltmarsh Seer}
          - {player: bob, move: Saltmarsh Seer, to: 9}
    """), str(tmp_path / "case.yaml"))
    assert result["error"] is None
    cast = next(e for e in result["trace"] if e["kind"] == "cast")
    assert list(cast["did"]) == ["Saltmarsh Seer is an avatar: it can't be disabled"]
    assert any(e["kind"] != "cast" and e["source"] == "Saltmarsh Seer" and e["status"] == "done"
               for e in result["trace"])                    # its move is no illegal action
