"""Cards a step picks by itself as the antecedent of a later 'it' (compiler/given_cards.py,
`VerbSpec.gives`, library/common.py `gave`): the slot a step gets, the kinds it gives, the
references it does not give, the stored form, the canonical text and the cards given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import play_sorcery
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.codec import templates_from_data, templates_to_data
from cardscript.compiler.template import CondT, Do, IfT, MayT, SeqT
from cardscript.errors import CardScriptError
from cardscript.fmt.canonical import Conventions, canonical_text
from cardscript.grammar import parse_text

ROOT = Path(__file__).resolve().parent.parent


def _compile(ruleset: str, body: str, header: str = 'card "X": magic, cost 1'):
    text = f"# ruleset: {ruleset}\n{header}\n  {body}\n"
    return compile_files([parse_text(text, "t.cards")], rulesets.get(ruleset).language)["X"]


def _steps(node) -> list:
    """The Do and CondT nodes of an effect, in order."""
    if isinstance(node, (Do, CondT)):
        return [node]
    if isinstance(node, SeqT):
        return [s for item in node.items for s in _steps(item)]
    if isinstance(node, IfT):
        return list(node.conditions) + _steps(node.body)
    if isinstance(node, MayT):
        return _steps(node.body)
    return []


def _first_ref(node):
    """The slot of the first card reference among a step's or condition's args (a counted
    amount's cards included: 'equal to its power')."""
    sels = [getattr(v, "of", v) for _, v in node.args]
    return next((v.slot for v in sels if getattr(v, "pick", None) == "ref"), None)


def test_a_draw_gives_its_slot_to_a_later_it():
    """'Draw a spell. You may cast it for free.': the cast reads the slot the draw fills."""
    draw, cast = _steps(_compile("sorcery", "Draw a spell. You may cast it for free.")
                        .abilities[0].effect)
    assert draw.verb.name == "draw" and draw.gives is not None
    assert _first_ref(cast) == draw.gives
    assert cast.gives is None                    # a cast names its card: it gives none


@pytest.mark.parametrize("ruleset, body, verb", [
    ("sorcery", "Discard a card. If it is a minion, draw a spell.", "discard"),
    ("sorcery", "Discard a spell. If it is a minion, draw a spell.", "discard spells"),
    ("sorcery", "Discard a random card. If it is a minion, draw a spell.", "discard at random"),
    ("grand_archive", "Draw a card. Draw cards equal to its power.", "draw"),
    ("mage_noir", "Discard a card. Return it to your hand.", "discard"),
])
def test_each_draw_and_discard_gives(ruleset, body, verb):
    """The draw and discard verbs of every ruleset give the cards they took."""
    header = 'card "X": action, cost 1' if ruleset == "grand_archive" else \
        'card "X": spell, cost 1' if ruleset == "mage_noir" else 'card "X": magic, cost 1'
    steps = _steps(_compile(ruleset, body, header).abilities[0].effect)
    assert steps[0].verb.name == verb and steps[0].gives is not None
    assert _first_ref(steps[1]) == steps[0].gives


def test_keyforge_draw_gives():
    """KeyForge's own draw gives the cards drawn too."""
    tpl = _compile("keyforge", "Play: draw a card. Gain aember equal to its power.",
                   'card "X": action, house logos')
    draw, gain = _steps(tpl.abilities[0].effect)
    assert draw.gives is not None
    counted = next(v for _, v in gain.args if v.__class__.__name__ == "Counted")
    assert counted.of.slot == draw.gives


def test_a_step_that_takes_no_card_gives_none():
    """'Gain 2 life. Kill it.': nothing named, nothing taken: E205, as before."""
    with pytest.raises(CardScriptError) as err:
        _compile("sorcery", "Gain 2 life. Kill it.")
    assert err.value.code == "E205"


def test_that_noun_passes_over_a_draw_of_other_kinds():
    """'Draw a site. Kill that minion.': the draw gives sites, so 'that minion' has nothing."""
    with pytest.raises(CardScriptError) as err:
        _compile("sorcery", "Draw a site. Kill that minion.")
    assert err.value.code == "E205"
    draw, kill = _steps(_compile("sorcery", "Draw a spell. Kill that minion.")
                        .abilities[0].effect)
    assert _first_ref(kill) == draw.gives


def test_the_nearest_antecedent_is_the_draw():
    """After a target and a draw, 'it' is the card drawn (the latest), 'that minion' too."""
    tpl = _compile("sorcery", "Deal 1 damage to target minion. Draw a spell. Kill it.")
    hit, draw, kill = _steps(tpl.abilities[0].effect)
    assert _first_ref(kill) == draw.gives != hit.args[1][1].slot


def test_the_stored_form_keeps_the_slot():
    """The compiled-card codec stores `Do.gives` and reads it back."""
    lang = rulesets.get("sorcery").language
    path = ROOT / "cards/sorcery/scenarios/cards/drawn_cards.cards"
    fresh = compile_files([parse_text(path.read_text(encoding="utf-8"), str(path))], lang)
    data = templates_to_data(fresh, lang)
    back = templates_from_data(json.loads(json.dumps(data)), lang)
    assert back == fresh
    gives = [s.gives for t in back.values() for s in _steps(t.abilities[0].effect)
             if isinstance(s, Do) and s.gives]
    assert len(gives) == 4


@pytest.mark.parametrize("ruleset", ["sorcery", "keyforge", "grand_archive"])
def test_the_canonical_text_reads_back(ruleset):
    """The drawn-card files are written back in canonical words that say the same again."""
    lang = rulesets.get(ruleset).language
    text = (ROOT / f"cards/{ruleset}/scenarios/cards/drawn_cards.cards").read_text("utf-8")
    canon = canonical_text(text, lang, Conventions(), "t.cards")
    assert "cast it for free" in canon or "equal to its power" in canon
    assert canonical_text(canon, lang, Conventions(), "t.cards") == canon
    before = compile_files([parse_text(text, "t.cards")], lang)
    after = compile_files([parse_text(canon, "t.cards")], lang)
    assert list(before) == list(after)
    assert all(before[n].abilities[0].effect.__class__ is after[n].abilities[0].effect.__class__
               for n in before)


SITES = '''
alice:
  mana: 3
  hand: [X]
  spellbook: [Lady Iseult, Azuridge Caravan, Ember Dart]
  realm:
    - {card: Hedgerow Magus, at: 3}
    - {card: Summer River, at: 3}
'''


def test_the_slot_holds_every_card_drawn(tmp_path):
    """'Draw two spells. Put them on the bottom ...': both cards drawn are 'them'."""
    cards = ('# ruleset: sorcery\ncard "X": magic, cost 1\n'
             "  Draw two spells. Put them on the bottom of your spellbook.\n")
    result = play_sorcery(tmp_path, cards, SITES, "[{player: alice, cast: X}]")
    assert result["state"]["players"]["alice"]["zones"]["spellbook"] == ["Ember Dart", "Lady Iseult",
                                                     "Azuridge Caravan"]
