"""'its' in a trigger that names two cards: 'it' as the trigger's subject is the card itself,
and 'its controller' / "its owner's" name the player of the card 'it' would name there."""

from __future__ import annotations

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.codec import templates_from_data, templates_to_data
from cardscript.compiler.its_player import its_player, its_slot
from cardscript.compiler.scope import Scope
from cardscript.compiler.template import Do
from cardscript.fmt.render import card_text
from cardscript.grammar import parse_text
from cardscript.scenario.runner import load_pool


def _compile(text: str) -> dict:
    lang = rulesets.get("sorcery").language
    return compile_files([parse_text("# ruleset: sorcery\n" + text, "t.cards")], lang,
                         base=load_pool(rulesets.get("sorcery")))


def _ability(text: str):
    (tpl,) = [t for n, t in _compile(text).items() if n == "T"]
    return tpl.abilities[-1]


def _steps(effect) -> list:
    out, todo = [], [effect]
    while todo:
        node = todo.pop()
        if type(node) is Do:
            out.append(node)
        todo.extend(v for v in getattr(node, "__dict__", {}).values()
                    if hasattr(v, "__dict__"))
        for v in getattr(node, "__dict__", {}).values():
            if type(v) is tuple:
                todo.extend(x for x in v if hasattr(x, "__dict__"))
    return out


def test_its_slot_is_the_latest_card_and_never_the_source():
    """'its' names the latest card said, passing over places; the source or nothing is None."""
    scope = Scope()
    assert its_slot(scope) is None
    scope.antecedents.append(("self", None, False))
    assert its_slot(scope) is None
    scope.antecedents.append(("trigger:target", frozenset({"minion"}), False))
    scope.antecedents.append(("s1", None, True))
    assert its_slot(scope) == "trigger:target"


def test_its_player_rewrites_only_owner_and_controller():
    """A player or pile of 'controller' / 'owner' becomes (role, slot); 'you' stays."""
    scope = Scope()
    scope.antecedents.append(("trigger:target", None, False))
    assert its_player("player", "controller", scope) == ("controller", "trigger:target")
    assert its_player("piles", ("owner", ("atlas",)), scope) == \
        (("owner", "trigger:target"), ("atlas",))
    assert its_player("player", "you", scope) == "you"
    assert its_player("what", "controller", scope) == "controller"


def test_a_kill_triggers_its_controller_is_the_killed_minions():
    """'Whenever this X kills a minion, ... its controller's atlas': the minion's player."""
    ab = _ability('card "T": minion, cost 3, power 3\n'
                  "  Whenever this minion kills a minion, mill the top card of its controller's "
                  "atlas.\n")
    (step,) = _steps(ab.effect)
    assert dict(step.args)["piles"] == (("controller", "trigger:target"), ("atlas",))


def test_its_owner_with_nothing_said_before_is_the_card_itself():
    """'Genesis → Its owner draws a spell': no other card said, the plain word stays."""
    ab = _ability('card "T": minion, cost 2, power 1\n'
                  "  Genesis → Its owner draws a spell.\n")
    (step,) = _steps(ab.effect)
    assert dict(step.args)["who"] == "owner"


def test_it_as_a_triggers_subject_watches_the_card_itself():
    """'Whenever it strikes an enemy': the card's own strikes, as 'this' would be."""
    ab = _ability('card "T": minion, cost 3, power 3\n'
                  "  Whenever it strikes an enemy, its controller loses 1 life.\n")
    assert ab.hook.filter.get("self_card") is True
    (step,) = _steps(ab.effect)
    assert dict(step.args)["who"] == ("controller", "trigger:target")


def test_the_referent_survives_the_cache_and_the_canonical_text():
    """The (role, slot) player is stored and read back, and written as 'its controller'."""
    templates = _compile('card "T": minion, cost 3, power 3\n'
                         "  Whenever this minion kills a minion, its controller gains 2 life.\n")
    lang = rulesets.get("sorcery").language
    again = templates_from_data(templates_to_data({"T": templates["T"]}, lang), lang)
    assert again["T"] == templates["T"]
    assert "its controller gains 2 life" in card_text(templates["T"], lang)


def test_a_triggers_subject_reference_with_nothing_before_it_is_refused():
    """'When they enter play' with no card said before is E205, its hint naming both readings."""
    import pytest
    from cardscript.errors import SemanticError
    with pytest.raises(SemanticError) as err:
        _compile('card "T": minion, cost 2, power 1\n  When they enter play, you gain 1 life.\n')
    assert err.value.code == "E205"
    assert "'this minion'" in err.value.hint and "'a minion'" in err.value.hint


def test_explain_says_which_card_its_controller_names():
    """explain notes the card an 'its controller' reads, in text and in the JSON lines."""
    from cardscript.explain import explain_card, explain_json
    text = 'card "T": minion, cost 2, power 1\n  Whenever this minion kills a minion, ' \
           'its controller loses 1 life.\n'
    tpl = _compile(text)["T"]
    ruleset = rulesets.get("sorcery")
    note = "its controller (of 'a minion', the card the trigger names as its target, " \
           "read as the step resolves)"
    assert note in explain_card(tpl, ruleset)
    assert note.strip() in [line.strip() for line in
                            explain_json(tpl, ruleset)["abilities"][0]["explanation"]]


def test_explain_adds_no_note_when_its_is_the_card_itself():
    """With no other card said, 'its controller' is the card's own: explain adds nothing."""
    from cardscript.explain import explain_card
    tpl = _compile('card "T": minion, cost 2, power 1\n  Genesis → Its controller loses 1 '
                   'life.\n')["T"]
    assert "(of " not in explain_card(tpl, rulesets.get("sorcery"))
