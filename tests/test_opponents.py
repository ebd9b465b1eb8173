"""The opponent words in games of more than two players: 'each opponent' names every one,
'an opponent' one the controller chooses, 'your opponent' is refused; two players as before."""

from __future__ import annotations

import pytest

from conftest import ROOT, run_cli
from scenario_text import error_of, run
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.template import MayT
from cardscript.compiler.visit import walk
from cardscript.fmt.canonical import canonical_text
from cardscript.fmt.sameness import compiles_alike
from cardscript.grammar import parse_text
from cardscript.language.reader import OPPONENTS, PLAYERS
from cardscript.scenario.runner import load_pool

MAGE_NOIR = rulesets.get("mage_noir")
OPPONENT_CARDS = (ROOT / "cards/mage_noir/scenarios/cards/opponents.cards").as_posix()


@pytest.mark.parametrize("words,value", [
    ("your opponent", "opponent"), ("the opponent", "opponent"),
    ("an opponent", "chosen_opponent"), ("target opponent", "chosen_opponent"),
    ("an opponent of your choice", "chosen_opponent"),
    ("each opponent", "opponents"), ("all opponents", "opponents"),
])
def test_each_opponent_word_reads_as_its_own_value(words, value):
    """The reader keeps 'your', 'an' and 'each opponent' apart; all three name opponents."""
    assert PLAYERS[tuple(words.split())] == value
    assert value in OPPONENTS


CARD = 'card "Test Hex": spell, cost 1\n  Fire\n  {}\n'


@pytest.mark.parametrize("written,words", [
    ("An opponent loses 2 HP.", "An opponent loses 2 HP."),
    ("Target opponent loses 2 HP.", "An opponent loses 2 HP."),
    ("An opponent of your choice loses 2 HP.", "An opponent loses 2 HP."),
    ("Each opponent loses 2 HP.", "Each opponent loses 2 HP."),
    ("All opponents lose 2 HP.", "Each opponent loses 2 HP."),
    ("Inflict 2 damage to your opponent.", "Inflict 2 damage to your opponent."),
    ("Target opponent may discard a card.", "An opponent may discard a card."),
    ("An opponent of your choice may discard a card.", "An opponent may discard a card."),
    ("Each opponent may discard a card.", "Each opponent may discard a card."),
    ("All opponents may discard a card.", "Each opponent may discard a card."),
    ("Each player may draw a card.", "Each player may draw a card."),
])
def test_the_opponent_words_round_trip(tmp_path, written, words):
    """Canonical text and `explain --text` keep each opponent word apart ('an', 'each',
    'your'), and what they write compiles to the same templates."""
    text = CARD.format(written)
    got = canonical_text(text, MAGE_NOIR.language, path="case.cards")
    assert compiles_alike(text, got, MAGE_NOIR.language, load_pool(MAGE_NOIR), "case.cards")
    assert canonical_text(got, MAGE_NOIR.language, path="case.cards") == got
    path = tmp_path / "opp.cards"
    path.write_text("# ruleset: mage_noir\n\n" + text, encoding="utf-8")
    status, out, err = run_cli("explain", "--text", str(path))
    assert status == 0, err
    assert out.rstrip().splitlines()[-1].strip() == words
    back = CARD.format(words)
    assert compiles_alike(text, back, MAGE_NOIR.language, load_pool(MAGE_NOIR), "case.cards")


def test_explain_text_and_fmt_keep_the_opponent_words(tmp_path):
    """`explain --text` renders 'an' and 'each opponent'; `fmt --check` leaves them alone."""
    path = tmp_path / "opp.cards"
    path.write_text("# ruleset: mage_noir\n\n" + CARD.format("Each opponent loses 1 HP.") +
                    "\n" + CARD.replace("Test Hex", "Test Sleet").format(
                        "An opponent loses 3 HP."), encoding="utf-8")
    status, out, err = run_cli("explain", "--text", str(path))
    assert status == 0, err
    assert "Each opponent loses 1 HP." in out and "An opponent loses 3 HP." in out
    status, out, err = run_cli("fmt", "--check", str(path))
    assert status == 0, out + err


def test_each_opponent_may_is_read_as_a_question_for_each(tmp_path):
    """'each opponent may', 'each player may', 'an opponent of your choice may': a 'may'
    keeping its player word, for the interpreter to ask each player it names (or the one)."""
    for written, who in (("Each opponent may discard a card.", "opponents"),
                         ("Each player may draw a card.", "each"),
                         ("An opponent of your choice may discard a card.", "chosen_opponent")):
        path = tmp_path / "may.cards"
        path.write_text("# ruleset: mage_noir\n\n" + CARD.format(written), encoding="utf-8")
        status, out, err = run_cli("check", str(path))
        assert status == 0, out + err
        cards = compile_files([parse_text(CARD.format(written), "case.cards")],
                              MAGE_NOIR.language, base=load_pool(MAGE_NOIR))
        mays = [n for n in walk(cards["Test Hex"].abilities[0].effect) if type(n) is MayT]
        assert [m.who for m in mays] == [who]


def _scenario(players: str, spell: str, choices: str = "", options: str = "") -> str:
    return (f"name: case\nruleset: mage_noir\ncards: [{OPPONENT_CARDS}]\nplayers: {players}\n"
            f"setup:\n  alice:\n    fire: 2\n    preparation: [{spell}]\n"
            f"actions:\n  - {{player: alice, activate: {spell}}}\n{choices}{options}")


def _did(result: dict, source: str, kind: str = "activated") -> list:
    return next(list(e["did"]) for e in result["trace"]
                if e["source"] == source and e["kind"] == kind)


def test_an_opponent_asks_an_opponent_question_answered_by_name():
    """With two opponents alice is asked as she announces the spell (Mage Noir names targets
    then); her answer names the one who loses HP."""
    res = run(_scenario("[alice, bob, carol]", "Hex Drizzle",
                        "choices:\n  - {player: alice, kind: opponent, answer: bob}\n"))
    assert res["ok"], res["error"]
    assert _did(res, "Hex Drizzle", "activate")[0] == "chose opponent: bob"
    assert _did(res, "Hex Drizzle") == ["bob loses 3 HP"]


def test_an_opponent_without_an_answer_names_the_question():
    """No `opponent` answer: S301 names alice's opponent question and both legal answers."""
    err = error_of(_scenario("[alice, bob, carol]", "Hex Drizzle"))
    assert err["code"] == "S301"
    assert "alice's opponent question" in err["message"]
    assert "bob, carol" in err["hint"]


def test_an_illegal_opponent_answer_lists_the_opponents():
    """Alice is no opponent of her own: the answer is an S302 error listing bob and carol."""
    err = error_of(_scenario("[alice, bob, carol]", "Hex Drizzle",
                             "choices:\n  - {player: alice, kind: opponent, answer: alice}\n"))
    assert err["code"] == "S302" and "bob, carol" in err["hint"]


def test_on_missing_choice_first_takes_the_next_player_in_turn_order():
    """`on_missing_choice: first` takes the first opponent after the controller."""
    res = run(_scenario("[carol, alice, bob]", "Hex Drizzle",
                        options="options: {on_missing_choice: first}\nactive: alice\n"))
    assert res["ok"], res["error"]
    assert _did(res, "Hex Drizzle", "activate")[0] == "chose opponent: bob"
    assert res["state"]["players"]["bob"]["counters"]["hp"] == 17


def test_an_opponent_in_a_game_of_two_asks_nothing():
    """One opponent: no question, no choice in `did`, the same trace as 'your opponent'."""
    res = run(_scenario("[alice, bob]", "Hex Drizzle"))
    assert res["ok"], res["error"]
    assert _did(res, "Hex Drizzle") == ["bob loses 3 HP"]
    assert not any(d.startswith("chose") for d in _did(res, "Hex Drizzle", "activate"))


def test_your_opponent_in_a_game_of_three_is_r104_with_the_player_count():
    """'your opponent' with two opponents stops the run, naming the card and the counts."""
    err = error_of(_scenario("[alice, bob, carol]", "Old Grudge"))
    assert err["code"] == "R104"
    assert "Old Grudge" in err["message"] and "this game has 3 players" in err["message"]
    assert "mage_noir is a game for 2 or more players" in err["message"]
    assert "an opponent" in err["hint"] and "each opponent" in err["hint"]


def test_your_opponent_in_a_game_of_two_is_the_other_player():
    """Two players: 'your opponent' is bob, as it always was."""
    res = run(_scenario("[alice, bob]", "Old Grudge"))
    assert res["ok"], res["error"]
    assert res["state"]["players"]["bob"]["counters"]["hp"] == 18


def test_each_opponent_goes_in_turn_order_from_the_next_player():
    """'each opponent' of bob in [alice, bob, carol] is carol, then alice."""
    text = _scenario("[alice, bob, carol]", "Cinder Sleet").replace(
        "  alice:\n    fire: 2", "  bob:\n    fire: 2").replace(
        "player: alice, activate", "player: bob, activate") + "active: bob\n"
    res = run(text)
    assert res["ok"], res["error"]
    assert _did(res, "Cinder Sleet") == ["carol loses 1 HP", "alice loses 1 HP"]


def test_the_chosen_opponent_decides_the_may_and_is_asked_once():
    """'an opponent may discard': one opponent question, then that opponent's pay question."""
    text = _scenario("[alice, bob, carol]", "Bitter Levy",
                     "choices:\n  - {player: alice, kind: opponent, answer: carol}\n"
                     "  - {player: carol, kind: pay, answer: false}\n")
    text = text.replace("actions:", "  deck: [Fire whip]\n  carol:\n    hand: [Fire whip]\n"
                        "actions:".replace("  deck", "    deck"), 1)
    res = run(text)
    assert res["ok"], res["error"]
    assert _did(res, "Bitter Levy", "activate")[0] == "chose opponent: carol"
    assert _did(res, "Bitter Levy") == ["carol declines: discard a card", "alice draws Fire whip"]
    assert res.get("warnings", []) == []


def test_a_mage_noir_any_target_of_opponent_needs_a_name_with_three_players(tmp_path):
    """An action's `target: opponent` names bob of two players; of three it is illegal."""
    text = ("name: case\nruleset: mage_noir\nplayers: [alice, bob, carol]\nsetup:\n  alice:\n"
            "    wind: 3\n    preparation: [Tornado]\nactions:\n"
            "  - {player: alice, activate: Tornado, target: opponent}\n")
    err = error_of(text)
    assert err["code"] == "S203" and "alice, bob, carol" in err["hint"]


GA_OPPONENT_CARDS = (ROOT / "cards/grand_archive/scenarios/cards/opponents.cards").as_posix()


def _each_may(players: str, caster: str, spell: str, choices: str = "",
              hands: str = "") -> str:
    return (f"name: case\nruleset: mage_noir\ncards: [{OPPONENT_CARDS}]\nplayers: {players}\n"
            f"active: {caster}\nsetup:\n  {caster}:\n    fire: 2\n    preparation: [{spell}]\n"
            f"{hands}actions:\n  - {{player: {caster}, activate: {spell}}}\n{choices}")


def test_each_opponent_may_asks_the_player_after_the_caster_first():
    """Bob's 'each opponent may' in [alice, bob, carol] asks carol first: the first question
    left unanswered is hers, then (with hers answered) alice's."""
    hands = "  alice:\n    hand: [Fire whip]\n  carol:\n    hand: [Lightning Ark]\n"
    err = error_of(_each_may("[alice, bob, carol]", "bob", "Ember Toll", hands=hands))
    assert err["code"] == "S301" and "carol's pay question" in err["message"]
    err = error_of(_each_may("[alice, bob, carol]", "bob", "Ember Toll",
                             "choices:\n  - {player: carol, kind: pay, answer: false}\n", hands))
    assert err["code"] == "S301" and "alice's pay question" in err["message"]


def test_each_player_may_asks_the_active_player_first():
    """'each player may' asks the active player first, even of a trigger another controls."""
    text = (f"name: case\nruleset: grand_archive\ncards: [{GA_OPPONENT_CARDS}]\n"
            "players: [alice, bob, carol]\nsetup:\n  alice:\n    hand: [Open Tithes]\n"
            "  bob:\n    field: [Common Boon]\n    deck: [Town Guard]\n"
            "  carol:\n    deck: [Tithe]\nactions:\n  - {player: alice, activate: Open Tithes}\n")
    err = error_of(text)
    assert err["code"] == "S301" and "alice's may question" in err["message"]


def test_each_opponent_may_skips_who_cannot_and_records_it():
    """An opponent with no card to discard is not asked; `did` says that they cannot."""
    hands = "  bob:\n    hand: [Lightning Ark]\n"
    res = run(_each_may("[alice, bob, carol]", "alice", "Ember Toll",
                        "choices:\n  - {player: bob, kind: pay, answer: true}\n", hands))
    assert res["ok"], res["error"]
    assert _did(res, "Ember Toll") == ["carol cannot: discard a card",
                                       "bob discards Lightning Ark"]


def test_each_player_may_in_a_game_of_two_asks_both_active_first():
    """Two players: alice (active) and bob each answer; only those who said yes draw."""
    text = _each_may("[alice, bob]", "alice", "Kindling Round",
                     "choices:\n  - {player: alice, kind: may, answer: true}\n"
                     "  - {player: bob, kind: may, answer: true}\n",
                     "  alice:\n    deck: [Fire whip]\n  bob:\n    deck: [Lightning Ark]\n")
    text = text.replace("setup:\n  alice:\n    fire: 2\n    preparation: [Kindling Round]\n"
                        "  alice:\n    deck", "setup:\n  alice:\n    fire: 2\n"
                        "    preparation: [Kindling Round]\n    deck")
    res = run(text)
    assert res["ok"], res["error"]
    assert _did(res, "Kindling Round") == ["alice draws Fire whip", "bob draws Lightning Ark"]


def test_if_they_do_after_each_opponent_may_holds_when_one_of_them_did(tmp_path):
    """'If they do' after 'each opponent may' holds when at least one opponent said yes."""
    cards = tmp_path / "may.cards"
    cards.write_text("# ruleset: mage_noir\n\n" + CARD.format(
        "Each opponent may discard a card. If they do, draw a card."), encoding="utf-8")
    base = ("name: case\nruleset: mage_noir\ncards: [may.cards]\n"
            "players: [alice, bob, carol]\nsetup:\n  alice:\n    fire: 2\n"
            "    preparation: [Test Hex]\n    deck: [Fire whip]\n  bob:\n    hand: [Lightning Ark]\n"
            "  carol:\n    hand: [Draconic flame]\n"
            "actions:\n  - {player: alice, activate: Test Hex}\nchoices:\n")
    here = (tmp_path / "case.yaml").as_posix()
    one = run(base + "  - {player: bob, kind: pay, answer: false}\n"
                     "  - {player: carol, kind: pay, answer: true}\n", here)
    assert one["ok"], one["error"]
    assert _did(one, "Test Hex") == ["bob declines: discard a card",
                                     "carol discards Draconic flame", "alice draws Fire whip"]
    none = run(base + "  - {player: bob, kind: pay, answer: false}\n"
                      "  - {player: carol, kind: pay, answer: false}\n", here)
    assert none["ok"], none["error"]
    assert _did(none, "Test Hex")[-1] == "not so: they do"


GRAND_ARCHIVE = rulesets.get("grand_archive")
GA_CARD = 'card "Test Rebuke": action, cost 0\n  Deal 2 damage to {}.\n'


@pytest.mark.parametrize("written,controller", [
    ("an ally your opponent controls", "your_opponent"),
    ("an ally an opponent controls", "opponent"),
    ("an enemy ally", "opponent"),
])
def test_the_selector_keeps_your_opponent_apart_from_any_opponent(written, controller):
    """'your opponent controls' is its own controller; 'an opponent controls' is 'enemy'."""
    cards = compile_files([parse_text(GA_CARD.format(written), "case.cards")],
                          GRAND_ARCHIVE.language, base=load_pool(GRAND_ARCHIVE))
    do = cards["Test Rebuke"].abilities[0].effect
    assert dict(do.args)["what"].controller == controller


@pytest.mark.parametrize("written,words", [
    ("an ally your opponent controls", "Deal 2 damage to an ally your opponent controls."),
    ("an ally an opponent controls", "Deal 2 damage to an ally an opponent controls."),
    ("an enemy ally", "Deal 2 damage to an ally an opponent controls."),
])
def test_the_selector_opponent_words_round_trip(tmp_path, written, words):
    """`explain --text` writes 'your opponent controls' back as read, 'an opponent controls'
    (and 'enemy') as Grand Archive's cards print it; each compiles to what was written."""
    path = tmp_path / "opp.cards"
    text = GA_CARD.format(written)
    path.write_text("# ruleset: grand_archive\n\n" + text, encoding="utf-8")
    status, out, err = run_cli("explain", "--text", str(path))
    assert status == 0, err
    assert out.rstrip().splitlines()[-1].strip() == words
    back = 'card "Test Rebuke": action, cost 0\n  ' + words + "\n"
    pool = load_pool(GRAND_ARCHIVE)
    assert compiles_alike(text, back, GRAND_ARCHIVE.language, pool, "case.cards")
    got = canonical_text(text, GRAND_ARCHIVE.language, path="case.cards")
    assert compiles_alike(text, got, GRAND_ARCHIVE.language, pool, "case.cards")


def _ga(players: str, setup: str, spell: str) -> str:
    return (f"name: case\nruleset: grand_archive\ncards: [{GA_OPPONENT_CARDS}]\n"
            f"players: {players}\nsetup:\n{setup}actions:\n"
            f"  - {{player: alice, activate: {spell}}}\n")


def test_your_opponent_in_a_trigger_of_a_game_of_three_is_r104():
    """'whenever your opponent draws' with two opponents stops the run with R104."""
    err = error_of(_ga("[alice, bob, carol]", "  alice:\n    hand: [Open Tithes]\n"
                       "    field: [Grudge Abacus]\n  bob:\n    deck: [Town Guard]\n",
                       "Open Tithes"))
    assert err["code"] == "R104"
    assert err["message"].startswith("Grudge Abacus: 'your opponent' in a trigger")
    assert "an opponent" in err["hint"]


def test_an_opponent_in_a_trigger_of_a_game_of_three_fits_each_opponent():
    """'whenever an opponent draws' fits bob's and carol's draws alike, not alice's own."""
    res = run(_ga("[alice, bob, carol]", "  alice:\n    hand: [Open Tithes]\n"
                  "    field: [Tally Abacus]\n  bob:\n    deck: [Town Guard]\n"
                  "  carol:\n    deck: [Tithe]\n", "Open Tithes"))
    assert res["ok"], res["error"]
    assert res["state"]["players"]["alice"]["counters"]["life"] == 22


def test_your_opponent_in_a_selector_of_a_game_of_three_is_r104():
    """'an ally your opponent controls' with two opponents stops the run with R104."""
    err = error_of(_ga("[alice, bob, carol]", "  alice:\n    hand: [Narrow Rebuke]\n"
                       "  bob:\n    field: [Town Guard]\n", "Narrow Rebuke"))
    assert err["code"] == "R104"
    assert err["message"].startswith("Narrow Rebuke: 'your opponent' in a selector")


def test_your_opponent_in_a_selector_of_a_game_of_two_is_the_other_player():
    """Two players: 'an ally your opponent controls' is bob's ally, never alice's."""
    res = run(_ga("[alice, bob]", "  alice:\n    hand: [Narrow Rebuke]\n"
                  "    field: [Town Guard]\n  bob:\n    field: [Town Guard]\n", "Narrow Rebuke"))
    assert res["ok"], res["error"]
    assert [c["name"] if isinstance(c, dict) else c
            for c in res["state"]["players"]["bob"]["zones"]["graveyard"]] == ["Town Guard"]


def test_explain_says_each_player_named_decides_in_turn():
    """`explain` says each opponent (each player) decides in turn, those who do doing it."""
    status, out, err = run_cli("explain", OPPONENT_CARDS)
    assert status == 0, err
    assert "may (each opponent decides in turn order as it resolves; those who do, do it):" in out
    assert "may (each player decides in turn order as it resolves; those who do, do it):" in out


def test_they_as_a_player_without_a_may_before_it_is_e205():
    """'they' names a player only after a 'PLAYER may': with none before it, E205 points at
    it and the hint shows the 'may' it wants."""
    from cardscript.errors import SemanticError
    text = CARD.format("Draw a card. They lose 2 HP.")
    with pytest.raises(SemanticError) as e:
        compile_files([parse_text(text, "t.cards")], MAGE_NOIR.language,
                      base=load_pool(MAGE_NOIR))
    assert e.value.code == "E205" and "'they' refers to no player" in e.value.message
    assert "An opponent may discard a card" in e.value.hint
    assert (e.value.span.line, e.value.span.column) == (3, 16)


def test_they_after_each_opponent_may_is_not_one_player():
    """'each opponent may' names several deciders: a later 'they' as one player is E205."""
    from cardscript.errors import SemanticError
    text = CARD.format("Each opponent may discard a card. If they do, they lose 2 HP.")
    with pytest.raises(SemanticError, match="'they' refers to no player"):
        compile_files([parse_text(text, "t.cards")], MAGE_NOIR.language,
                      base=load_pool(MAGE_NOIR))


def test_they_with_no_may_asked_is_r105_naming_the_card():
    """'they' read when its 'may' was never asked: one player wanted is R105, every player
    named is no one."""
    from types import SimpleNamespace
    from cardscript.errors import RuntimeRuleError
    from cardscript.interpreter.players import DECIDED, players_named, the_decider
    ev = SimpleNamespace(_named=None, controller="alice",
                         source=SimpleNamespace(name="Odd Toll"))
    assert players_named(None, ev, "decider") == []
    with pytest.raises(RuntimeRuleError) as e:
        the_decider(None, ev, "they draw a card")
    assert e.value.code == "R105" and "Odd Toll" in e.value.message
    ev._named = {DECIDED: ["carol"]}
    assert players_named(None, ev, "decider") == ["carol"]
