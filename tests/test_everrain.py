"""The Everrain ruleset: its policy data, its words, its story rules and its error messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import load_script
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_file, parse_text
from cardscript.rulesets.everrain.outcomes import split_options
from cardscript.rulesets.everrain.story import FETCHED_BY, deck_of, fetches, matches, number_of
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import load_pool, run_scenario
from cardscript.interpreter.waiting import json_default

ROOT = Path(__file__).resolve().parents[1]
POOL = ROOT / "cards" / "everrain"
SPEC = ROOT.parent / "shared" / "spec" / "pools.md"


def _compile(text: str):
    rs = rulesets.get("everrain")
    return compile_files([parse_text(text, "test.cards")], rs.language, base=load_pool(rs))


def _run(text: str, tmp_path: Path | None = None) -> dict:
    path = str(tmp_path / "s.yaml") if tmp_path else "<scenario>"
    if tmp_path:
        Path(path).write_text(text, encoding="utf-8")
    return run_scenario(parse_scenario(text, path))


def test_ruleset_loads_with_its_zones_and_counters():
    """The ruleset is registered under its name, with its per-player zones and counters."""
    rs = rulesets.get("everrain")
    assert rs.name == rs.policy.name == "everrain"
    assert rs.zones == ["hand", "story_slot"]
    assert rs.counters == {"treasure": 0, "crew": 0}
    assert {"draw", "end_act", "end_turn", "pass"} <= set(rs.actions)


def test_policy_is_data_with_the_story_settings():
    """A card's outcome resolves whole, the active player orders, and no source can 'leave'."""
    p = rulesets.get("everrain").policy
    assert p.split_on == frozenset()
    assert p.trigger_order == "active_player"
    assert p.source_left_play == "resolve"
    assert p.new_events == "front"


def test_pool_holds_every_card_of_the_spec_table():
    """Every card pools.md lists for everrain is in the pool, under its exact name."""
    names = {c.name for f in POOL.glob("*.cards") for c in parse_file(f).cards}
    required = {"Ghost Light", "The Drowned Bell", "The Bell Tolls", "Lost Cartographer",
                "The Hidden Chart", "Chart's End"}
    assert required <= names
    if SPEC.exists():
        section = SPEC.read_text(encoding="utf-8").split("## everrain", 1)[1].split("\n## ")[0]
        listed = {line.split("|")[1].strip().split(" (Story")[0] for line in section.splitlines()
                  if line.startswith("| ") and not line.startswith("| card") and "---" not in line}
        assert listed <= names, sorted(listed - names)


def test_story_cards_have_their_number_and_back():
    """Each Story card of the pool says its number and the deck its back belongs to."""
    pool = load_pool(rulesets.get("everrain"))
    want = {"The Drowned Bell": (13, "sea_events"), "The Bell Tolls": (14, "sea_events"),
            "The Hidden Chart": (21, "denizens"), "Chart's End": (22, "expeditions")}

    class Card:          # deck_of reads a card's kind and template
        def __init__(self, tpl):
            self.kind, self.tpl = tpl.kind, tpl
    for name, (number, deck) in want.items():
        assert (number_of(pool[name]), deck_of(Card(pool[name]))) == (number, deck)


def test_matching_cards_are_read_from_the_outcome_numbers():
    """The numbers a card's text fetches: what matches a Story card no fetch recorded."""
    pool = load_pool(rulesets.get("everrain"))
    assert fetches(pool["Ghost Light"]) == {13}
    assert fetches(pool["The Drowned Bell"]) == {14}
    assert fetches(pool["Lost Cartographer"]) == {21}
    assert fetches(pool["The Hidden Chart"]) == {22}
    assert fetches(pool["Chart's End"]) == set()


def test_the_card_that_fetched_a_story_card_is_its_only_match():
    """A recorded fetch decides the match; a card whose text could fetch it does not."""
    pool = load_pool(rulesets.get("everrain"))

    class Card:
        def __init__(self, tpl, id_):
            self.tpl, self.kind, self.id, self.flags, self.extra = tpl, tpl.kind, id_, set(), {}
    bell, light, other = (Card(pool["The Drowned Bell"], "bell"),
                          Card(pool["Ghost Light"], "light"), Card(pool["Ghost Light"], "light2"))
    assert matches(light, bell) and matches(other, bell)      # set up by hand: by the text
    bell.extra[FETCHED_BY] = "light2"
    assert not matches(light, bell) and matches(other, bell)
    other.flags.add("face_down")
    assert not matches(other, bell)                           # a face-down card marks nothing


def test_choice_options_are_cut_at_each_to():
    """'to A, to B or to C' (the comma read as 'and') gives three options; 'A or B' two."""
    assert split_options("trade with the witch and to fight the witch or to flee",
                         ("or to", "and to")) == ["trade with the witch", "fight the witch", "flee"]
    assert split_options("help or ignore", ("or",)) == ["help", "ignore"]
    assert split_options("rest", ("or to", "and to")) == ["rest"]


def test_a_choice_of_one_option_is_not_asked(tmp_path):
    """A choice with a single option resolves without an `option` answer."""
    (tmp_path / "extra.cards").write_text(
        'card "Calm Sea": expedition\n  Choose to rest. If you chose to rest, gain 1 crew.\n',
        encoding="utf-8")
    out = _run("name: x\nruleset: everrain\nplayers: [alice, bob]\ncards: [extra.cards]\n"
               "setup: {shared: {expeditions: [Calm Sea]}}\n"
               "actions: [{player: alice, draw: expeditions}]\n", tmp_path)
    assert out["ok"], out["error"]
    assert out["state"]["players"]["alice"]["counters"]["crew"] == 1


def test_explain_says_how_an_everrain_card_reaches_the_storyline():
    """`explain` names the encounter / story event and a Story card's back, not a 'cast'."""
    from cardscript.explain import explain_card
    rs = rulesets.get("everrain")
    pool = load_pool(rs)
    light, bell = explain_card(pool["Ghost Light"], rs), explain_card(pool["The Drowned Bell"], rs)
    assert "'encounter' event when drawn from sea_events" in light
    assert "back sea event" in bell and "'story' event" in bell and "+13+" in bell
    assert "'cast'" not in light + bell


def test_a_number_needs_both_pluses():
    """'+13+' is an outcome number; '+13' is not, and is reported as an unknown phrase."""
    assert _compile('card "Omen": sea event\n  +7+.\n')["Omen"]
    with pytest.raises(CardScriptError) as info:
        _compile('card "Omen": sea event\n  +7.\n')
    assert info.value.code == "E201"


def test_unknown_verb_points_at_the_card_text():
    """An unknown phrase in an Everrain card is file:line:col error E201, not a traceback."""
    with pytest.raises(CardScriptError) as info:
        _compile('card "Squall": sea event\n  Summon the kraken.\n')
    text = info.value.format()
    assert info.value.code == "E201"
    assert text.startswith("test.cards:2:3: error[E201]")


def test_counters_are_words_of_the_language():
    """'gain N treasure' and 'lose N crew' read; an unknown counter does not."""
    cards = _compile('card "Cache": expedition\n  Gain 2 treasure, then lose 1 crew.\n')
    assert cards["Cache"]
    with pytest.raises(CardScriptError):
        _compile('card "Gold": expedition\n  Gain 2 gold.\n')


def test_unset_story_deck_holds_every_story_card(tmp_path):
    """With no `story:` in the setup, the story deck holds all Story cards, by number."""
    out = _run("name: x\nruleset: everrain\nplayers: [alice, bob]\n"
               "setup: {alice: {crew: 0}, shared: {sea_events: [Ghost Light]}}\n"
               "actions: [{player: alice, draw: sea_events}]\n"
               "choices: [{player: alice, kind: option, answer: success}]\n", tmp_path)
    assert out["ok"], out["error"]
    zones = out["state"]["shared"]["zones"]
    assert zones["ongoing"] == ["The Drowned Bell"]
    assert zones["story"] == ["The Bell Tolls", "The Hidden Chart", "Chart's End"]


def test_empty_deck_is_an_illegal_action(tmp_path):
    """Drawing from an empty deck is error S206 at the action, with a hint."""
    out = _run("name: x\nruleset: everrain\nplayers: [alice, bob]\n"
               "actions: [{player: alice, draw: denizens}]\n", tmp_path)
    assert not out["ok"]
    assert out["error"]["code"] == "S206"
    assert "the denizens deck is empty" in out["error"]["message"]
    assert out["error"]["line"] == 4


def test_story_card_without_a_back_cannot_end_its_act(tmp_path):
    """A Story card with no back has no deck to return to: a clear error, not a traceback."""
    (tmp_path / "extra.cards").write_text(
        'card "Loose Page": story, number 90\n  Gain 1 treasure.\n', encoding="utf-8")
    out = _run("name: x\nruleset: everrain\nplayers: [alice, bob]\ncards: [extra.cards]\n"
               "setup: {shared: {ongoing: [Loose Page]}}\n"
               "actions: [{player: alice, end_act: true}]\n", tmp_path)
    assert not out["ok"]
    assert out["error"]["code"] == "E208"
    assert "Story card 'Loose Page' has no back" in out["error"]["message"]
    assert (out["error"]["file"].endswith("extra.cards"), out["error"]["line"]) == (True, 1)


def test_same_scenario_gives_the_same_run():
    """Determinism: every Everrain scenario played twice gives the same JSON."""
    from cardscript.scenario.loader import load_scenario
    for path in sorted((POOL / "scenarios").rglob("*.yaml")):
        a = json.dumps(run_scenario(load_scenario(path)), sort_keys=True,
                       default=json_default)
        b = json.dumps(run_scenario(load_scenario(path)), sort_keys=True,
                       default=json_default)
        assert a == b, path.name


def test_cli_run_json_reports_the_story_kinds(cli):
    """`cardscript run --json` on an Everrain scenario gives the contract's fields."""
    path = POOL / "scenarios" / "ongoing_story_drawn_on_another_turn_waits_face_down.yaml"
    status, out, err = cli("run", str(path), "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["ruleset"] == "everrain" and data["ok"]
    assert [(e["source"], e["kind"]) for e in data["trace"]] == \
        [("game", "draw"), ("The Bell Tolls", "story")]


def test_language_doc_lists_the_everrain_vocabulary():
    """docs/language.md's generated Everrain tables are what the registry holds now."""
    gen = load_script("docs/gen_vocabulary.py")
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert gen.embedded(text, "everrain") == gen.render("everrain"), \
        "stale: run python docs/gen_vocabulary.py --write"
