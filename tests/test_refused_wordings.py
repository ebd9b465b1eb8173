"""Wordings a game gives no meaning (language/refused_wordings.py, compiler/refused.py): a
line that fails to read and fits one is E217 with the rule that refuses it; a line that reads
is never refused, and a game with no such wordings keeps its E201."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.language.refused_wordings import refused_in
from cardscript.rulesets import get

ROOT = Path(__file__).resolve().parent.parent
SORCERY = get("sorcery").language


def error_of(text: str, lang=SORCERY) -> CardScriptError:
    """The error compiling `text` raises."""
    with pytest.raises(CardScriptError) as info:
        compile_files([parse_text(text, "t.cards")], lang)
    return info.value


# Our own lines, each one word from a form the language reads, and the rule that refuses it.
REFUSED = [
    ('minion, cost 1, power 1', "Genesis → Deal 2 damage to a nearby allied.",
     "'a nearby allied'", "needs the cards after it"),
    ('magic, cost 2', "Voidwalk each minion here.", "'Voidwalk'", "not an act"),
    ('artifact, cost 3', "Nearby damage is Stealth.", "'Stealth'", "one kind of damage"),
    ('minion, cost 3, power 3', "Units here are immune to non-Airborne damage.", "'non-Airborne'",
     "one kind of damage"),
    ('minion, cost 2, power 2', "This minion doesn't exit Burrowing when it attacks.",
     "'Burrowing'", "only Stealth is exited"),
    ('site', "Genesis → Deal 1 damage to each minion in this body of fire.", "'fire'",
     "no other element makes a body"),
    ('artifact, cost 2', "Nearby artifacts become units with power equal to their mana cost.",
     "'units'", "nothing becomes an avatar"),
    ('minion, cost 2, power 2', "Whenever this minion attacks, it loses +2 power this turn.",
     "'loses'", "'loses' says it already"),
    ('minion, cost 6, power 5', "Occupies three sites.", "'three sites'",
     "no unit's size is another number"),
    ('minion, cost 6, power 5', "This minion occupies five sites.", "'five sites'",
     "no unit's size is another number"),
    ('aura, cost 2', "Must be conjured at the intersection of five sites.", "'five sites'",
     "four squares meet"),
    ('minion, cost 2, power 2', "Tap → Summon a minion nearby from your cemetery or cemetery.",
     "'cemetery or cemetery'", "names the same pile twice"),
    ('minion, cost 2, power 1', "Genesis → Place the top site of your cemetery here.",
     "'cemetery'", "no top site to place"),
    ('minion, cost 2, power 1', "Genesis → Place the top site of an opponent's atlas here.",
     "'an opponent's atlas'", "its controller's own atlas"),
    ('minion, cost 2, power 1', "Start the game with only two sites in your cemetery.",
     "'your cemetery'", "nothing is in a cemetery then"),
    ('minion, cost 2, power 1', "This minion may move into a nearby void.",
     "'a nearby void'", "a diagonal step is no move"),
    ('site', "Genesis → If an opponent controls more sites than each opponent, draw a spell.",
     "'an opponent controls more sites than each opponent'", "never controls fewer or more"),
    ('aura, cost 2', "Must be conjured on a adjacent site.", "'a adjacent'",
     "the article does not agree"),
]


@pytest.mark.parametrize("head,line,words,why", REFUSED, ids=[r[1][:40] for r in REFUSED])
def test_a_refused_wording_is_e217_with_its_rule(head, line, words, why):
    """Each wording Sorcery refuses is E217 at the refused words, saying why, with a hint."""
    err = error_of(f'card "Odd Line": {head}\n  {line}\n')
    assert err.code == "E217", err.format()
    assert f"cannot read {words}:" in err.message and why in err.message
    assert err.hint
    assert line[err.span.column - 3:err.span.end_column - 3].lower() == words[1:-1].lower()


def test_the_wordings_refused_read_when_written_as_the_game_prints_them():
    """The hints' wordings read: an ally, a keyword given, Lethal damage, a body of water,
    a minion becoming, 'gets -3 power', the atlas, an adjacent void, 'than you'."""
    lines = ["Genesis → Deal 2 damage to a nearby ally.",
             "Genesis → Give a minion Voidwalk this turn.",
             "Nearby damage is Lethal.",
             "Genesis → Deal 1 damage to each minion in this body of water.",
             "Whenever this minion attacks, it gets -2 power this turn.",
             "Whenever this minion attacks, it loses 2 power this turn.",
             "Genesis → Place the top site of your atlas here.",
             "This minion may move into an adjacent void.",
             "Genesis → If an opponent controls more sites than you, draw a spell."]
    text = "".join(f'card "Plain Line {i}": minion, cost 1, power 1\n  {line}\n'
                   for i, line in enumerate(lines))
    assert len(compile_files([parse_text(text, "t.cards")], SORCERY)) == len(lines)


def test_no_refused_wording_fits_a_line_of_our_sorcery_cards():
    """Every line of the Sorcery card files reads; none of them fits a refused wording (a
    refusal that did would be one waiting to hide a real gap)."""
    files = sorted((ROOT / "cards" / "sorcery").rglob("*.cards"))
    assert files
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("  ") and not line.lstrip().startswith("#"):
                assert refused_in(SORCERY.refused_wordings, line) is None, f"{path}:{n}"


def test_a_game_without_refused_wordings_keeps_its_e201():
    """KeyForge registers no refused wordings: a line that fails to read stays E201."""
    err = error_of('# ruleset: keyforge\ncard "Odd Line": action, house dis\n'
                   "  Deal 2 damage to an allied.\n", get("keyforge").language)
    assert err.code == "E201"


def test_only_a_line_that_failed_to_read_is_refused():
    """An error of another kind on a line that fits a refused wording stays as it was
    (E216: a keyword on a magic)."""
    err = error_of('card "Odd Line": magic, cost 2\n  Airborne\n')
    assert err.code == "E216"
