"""A trigger written after its effect ('Untap it after it attacks an enemy unit.'), and
threshold icons before an ability, as the compiler reads them."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language


def compile_one(line: str, header: str = 'card "A": minion, cost 2, power 2'):
    """The template of one card made of `header` and one ability line."""
    (tpl,) = compile_files([parse_text(f"{header}\n  {line}\n", "t.cards")], LANG).values()
    return tpl


@pytest.mark.parametrize("last, first, happening", [
    ("Untap it after it attacks an enemy unit.", "After this attacks an enemy unit, untap this.",
     "attack"),
    ("Unburrow if a minion dies nearby.", "When a minion dies nearby, unburrow.", "die"),
])
def test_a_trailing_trigger_reads_as_the_trigger_written_first(last, first, happening):
    """'X after/if Y' compiles to what 'After/When Y, X' does ('if' at the end reads as 'when')."""
    (a,), (b,) = compile_one(last).abilities, compile_one(first).abilities
    assert a.kind == b.kind == "triggered"
    assert a.hook.happening == b.hook.happening == happening
    assert a.hook.filter == b.hook.filter


def test_their_site_in_a_trailing_trigger_is_the_cards_own_site():
    """'their site' after the trigger word names where the card stands ('this site')."""
    last = compile_one("Unburrow them when an enemy minion enters their site.")
    first = compile_one("When an enemy minion enters this site, unburrow this.")
    assert last.abilities[0].hook.filter == first.abilities[0].hook.filter


def test_a_line_whose_trailing_trigger_does_not_read_keeps_its_own_error():
    """No trailing reading: the line is an ongoing line and its error says so (E201)."""
    with pytest.raises(CardScriptError) as info:
        compile_one("Untap it after it juggles an enemy minion.")
    assert info.value.code == "E201"


def test_threshold_icons_are_what_the_ability_requires():
    """'(W)(W): Genesis → ...' keeps the icons as the ability's requirement, two water."""
    tpl = compile_one("(W)(W): Genesis → Draw a spell.", 'card "A": site, water')
    (ab,) = tpl.abilities
    assert ab.kind == "triggered" and ab.label == "Genesis"
    assert [(c.text, dict(c.args)["icons"]) for c in ab.requires] == \
        [("(W)(W)", ("water", "water"))]
