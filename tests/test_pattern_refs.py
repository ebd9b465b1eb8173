"""References inside a trigger's own pattern (compiler/pattern_refs.py): an 'it' after the
card acting is the card itself; 'them', 'itself', 'that minion' there and a card never in
play are refused (a pile in a pattern's card: tests/test_language_features.py)."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.codec import templates_from_data, templates_to_data
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from cardscript.interpreter.select import hook_test
from cardscript.interpreter.storyline import Happening
from cardscript.scenario.runner import load_pool


def _compile(text: str) -> dict:
    lang = rulesets.get("sorcery").language
    return compile_files([parse_text("# ruleset: sorcery\n" + text, "t.cards")], lang,
                         base=load_pool(rulesets.get("sorcery")))


def _ability(line: str, kind: str = "minion, cost 2, power 2"):
    return _compile(f'card "T": {kind}\n  {line}\n')["T"].abilities[-1]


def _refused(line: str, kind: str = "minion, cost 2, power 2") -> SemanticError:
    with pytest.raises(SemanticError) as err:
        _ability(line, kind)
    return err.value


def test_it_after_the_card_acting_watches_the_card_itself_in_that_slot():
    """'Whenever a unit strikes it': the hook fits only strikes on this card."""
    hook = _ability("Whenever a unit strikes it, you gain 1 life.").hook
    assert hook.filter.get("self_target") is True
    assert "target" not in hook.filter
    assert hook.filter["card"].text == "a unit"


def test_that_unit_in_the_effect_passes_over_the_card_itself():
    """After 'a unit strikes it', a later 'that unit' names the striker, 'it' the card."""
    ab = _ability("Whenever a unit strikes it, deal 1 damage to that unit.")
    assert dict(ab.effect.args)["what"].slot == "trigger:card"
    ab = _ability("Whenever a unit strikes it, untap it.")
    assert dict(ab.effect.args)["what"].slot == "self"


def test_that_unit_passes_over_this_card_acted_on_too():
    """'a unit strikes this minion, ... that unit' reads as with 'it': the striker (the
    canonical text of the 'it' form, so both compile alike)."""
    written = _ability("Whenever a unit strikes this minion, deal 1 damage to that unit.")
    assert dict(written.effect.args)["what"].slot == "trigger:card"
    assert written.hook.filter == \
        _ability("Whenever a unit strikes it, deal 1 damage to that unit.").hook.filter


def test_its_controller_after_an_object_it_is_the_cards_own():
    """'its' names what 'it' would: the card itself, so the plain player word stays."""
    ab = _ability("Whenever a unit strikes it, its controller gains 1 life.")
    assert dict(ab.effect.args)["who"] == "controller"


def test_the_hook_fits_a_strike_reaching_several_cards_among_them_this_one():
    """A strike on several cards at once (a list) fits when this card is among them."""
    hook = _ability("Whenever a unit strikes it, you gain 1 life.").hook
    test = hook_test(hook)

    class Card:
        kind, also_kind, name, controller = "minion", None, "X", "alice"
        tpl = None

    me, striker, other = Card(), Card(), Card()
    hit_me = Happening("strike", striker, "bob", {"target": [other, me]}, True, None)
    hit_other = Happening("strike", striker, "bob", {"target": [other]}, True, None)
    assert test(None, hit_me, me) is not None
    assert test(None, hit_other, me) is None


def test_them_after_the_card_acting_is_refused_as_one_card():
    """'a unit strikes them' would name the card itself, which is one card: E205."""
    err = _refused("Whenever a unit strikes them, you gain 1 life.")
    assert err.code == "E205" and "'it'" in err.hint


def test_itself_after_the_card_acting_is_refused():
    """'a unit strikes itself' names the one acting: no happening holds it twice (E205)."""
    err = _refused("Whenever a unit strikes itself, you gain 1 life.")
    assert err.code == "E205" and "'a unit'" in err.message


def test_that_minion_after_the_card_acting_is_refused():
    """'a unit strikes that minion' has no card to name: E205, hint 'this minion'."""
    err = _refused("Whenever a unit strikes that minion, you gain 1 life.")
    assert err.code == "E205" and "'this minion'" in err.hint


def test_it_after_the_card_itself_is_refused():
    """'it strikes it' would name the card twice: E205."""
    err = _refused("Whenever it strikes it, you gain 1 life.")
    assert err.code == "E205" and "second time" in err.message


def test_it_after_the_card_acting_on_a_card_never_in_play_is_refused():
    """A magic is never in play to be struck: 'a unit strikes it' on one is E203."""
    err = _refused("Whenever a unit strikes it, you gain 1 life.", "magic, cost 1")
    assert err.code == "E203" and "a magic" in err.message


def test_it_as_the_subject_on_a_card_never_in_play_is_refused():
    """'Whenever it attacks' on a magic is E203 as the object's 'it' is, the caret on 'it'
    and the hint on naming the card acting; 'this magic' in either slot too."""
    err = _refused("Whenever it attacks, draw a spell.", "magic, cost 1")
    assert err.code == "E203" and "'it' names the card itself" in err.message
    assert "a magic is never in play" in err.message
    assert (err.span.column, err.span.end_column) == (12, 14)
    assert err.hint.startswith("name the card acting with a noun")
    err = _refused("Whenever this magic attacks, draw a spell.", "magic, cost 1")
    assert err.code == "E203" and (err.span.column, err.span.end_column) == (12, 22)
    err = _refused("Whenever a unit strikes this magic, draw a spell.", "magic, cost 1")
    assert err.code == "E203" and "after 'a unit'" in err.message
    assert err.hint.startswith("name the card acted on with a noun")


def test_it_as_the_subject_on_a_card_in_play_or_given_to_one_is_read():
    """The subject 'it' stays the card itself on a minion or an aura, and in a trigger a
    magic gives to a unit (the unit is in play)."""
    assert _ability("Whenever it attacks, draw a spell.").hook.filter.get("self_card")
    assert _ability("Whenever it attacks, draw a spell.", "aura, cost 1") is not None
    given = _ability('Target ally gains "Whenever it kills a minion, untap it" this turn.',
                     "magic, cost 1")
    assert given.kind != "triggered"


def test_its_site_after_the_card_acting_is_this_site():
    """'an enemy minion enters its site': 'its' names the card itself, so its site is
    'this site' (the watching card's own square), not the entering minion's."""
    hook = _ability("Whenever an enemy minion enters its site, you gain 1 life.").hook
    assert hook.filter["place"].ref == "here" and hook.filter["place"].of is None
    alike = _ability("Whenever an enemy minion enters this site, you gain 1 life.").hook
    assert hook.filter == alike.filter


def test_explain_says_its_site_is_this_cards_place():
    """explain notes that the pattern's 'its site' names this card's place."""
    from cardscript.explain import explain_card
    tpl = _compile('card "T": minion, cost 2, power 2\n'
                   "  Whenever an enemy minion enters its site, you gain 1 life.\n")["T"]
    assert "'its site' in the trigger names this card's place, as the happening's place" in \
        explain_card(tpl, rulesets.get("sorcery"))


def test_the_object_it_survives_the_cache():
    """The hook with 'it' as the card itself is stored and read back unchanged."""
    templates = _compile('card "T": minion, cost 2, power 2\n'
                         "  Whenever a unit strikes it, deal 1 damage to that unit.\n")
    lang = rulesets.get("sorcery").language
    again = templates_from_data(templates_to_data({"T": templates["T"]}, lang), lang)
    assert again["T"] == templates["T"]


def test_explain_says_the_object_it_names_this_card():
    """explain notes which card an 'it' of the pattern names, in text and JSON lines."""
    from cardscript.explain import explain_card, explain_json
    tpl = _compile('card "T": minion, cost 2, power 2\n'
                   "  Whenever a unit strikes it, you gain 1 life.\n")["T"]
    ruleset = rulesets.get("sorcery")
    note = "'it' in the trigger names this card, as the happening's target (a pronoun " \
           "after another card of the trigger never names that card)"
    assert note in explain_card(tpl, ruleset)
    assert note in explain_json(tpl, ruleset)["abilities"][0]["explanation"]
