"""Sorcery's `mill` (rulesets/sorcery/mills.py): the top cards of a deck, or of the one of two
decks its controller picks, go to their owner's cemetery. The scenarios under
cards/sorcery/scenarios (`a_card_milled_from_the_deck_its_caster_picks_...`,
`a_looter_that_kills_mills_...`, `a_deck_milled_past_its_last_card_...`) show it in a game."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.template import SeqT
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text

LANG = rulesets.get("sorcery").language


def _steps(effect: str) -> list:
    tpl = compile_files([parse_text(f'# ruleset: sorcery\ncard "Probe": magic, cost 1\n'
                                    f'  {effect}\n', "a.cards")], LANG)["Probe"]
    eff = tpl.abilities[0].effect
    return list(eff.items) if isinstance(eff, SeqT) else [eff]


@pytest.mark.parametrize("effect, piles, n", [
    ("Mill the top card of your spellbook.", ("you", ("spellbook",)), None),
    ("Mill the top 3 cards of an opponent's atlas.", ("chosen_opponent", ("atlas",)), 3),
    ("Mill the top card of your spellbook or atlas.", ("you", ("spellbook", "atlas")), None),
])
def test_mill_reads_whose_decks_and_how_many(effect, piles, n):
    """'mill the top [N] card(s) of PILES': the player, the deck or decks, the count."""
    (step,) = _steps(effect)
    args = dict(step.args)
    assert (step.verb.name, args["piles"], args.get("n")) == ("mill", piles, n)


@pytest.mark.parametrize("pile", ["cemetery", "hand"])
def test_only_a_deck_is_milled(pile):
    """A pile no one draws from is refused with E203, naming the decks."""
    with pytest.raises(CardScriptError) as e:
        _steps(f"Mill the top card of your {pile}.")
    assert e.value.code == "E203" and f"not the {pile}" in e.value.message


def test_the_card_milled_is_that_card_for_a_later_step():
    """'You may play that card this turn' after a mill names the card milled."""
    mill, permit = _steps("Mill the top card of your spellbook or atlas. "
                          "You may play that card this turn.")
    assert mill.gives is not None
    assert dict(permit.args)["what"].slot == mill.gives
