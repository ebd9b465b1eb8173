"""Sorcery's words of printed text (rulesets/sorcery/words.py and the readers they use): how each
selector and place word reads, the errors for words the game does not have, and the rules of
the verbs and conditions in small games. The scenarios under cards/sorcery/scenarios show each
word on a card of its own."""

from __future__ import annotations

import json
import textwrap

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.codec import templates_from_data, templates_to_data
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from conftest import play_sorcery

LANG = rulesets.get("sorcery").language
UNITS = frozenset({"minion", "avatar"})


def _templates(text: str) -> dict:
    return compile_files([parse_text("# ruleset: sorcery\n" + text, "w.cards")], LANG)


def _what(effect: str):
    """The selector of the first step of a spell reading `effect`."""
    tpl = _templates(f'card "Probe": magic, cost 1\n  {effect}\n')["Probe"]
    step = tpl.abilities[0].effect
    while not hasattr(step, "args"):
        step = step.steps[0]
    return dict(step.args)["what"]


@pytest.mark.parametrize("effect, controller, kinds", [
    ("Untap each ally.", "you", UNITS),
    ("Untap all allies.", "you", UNITS),
    ("Deal 1 damage to an enemy.", "opponent", UNITS),
    ("Deal 1 damage to all nearby enemies.", "opponent", UNITS),
    ("Deal 1 damage to each enemy minion.", "opponent", frozenset({"minion"})),
    ("Deal 1 damage to each enemy avatar.", "opponent", frozenset({"avatar"})),
    ("Deal 1 damage to each enemy airborne minion.", "opponent", frozenset({"minion"})),
    ("Deal 1 damage to each enemy other minion.", "opponent", frozenset({"minion"})),
    ("Deal 1 damage to each enemy here.", "opponent", UNITS),
])
def test_ally_and_enemy_are_nouns_of_units_by_side(effect, controller, kinds):
    """'ally' / 'enemy' name units by side; 'enemy' before a noun stays an adjective."""
    sel = _what(effect)
    assert (sel.controller, sel.kinds) == (controller, kinds)


@pytest.mark.parametrize("effect, kinds, subtypes", [
    ("Gain control of every Mortal in the realm.", None, ["mortal"]),
    ("Destroy an allied Dragon.", None, ["dragon"]),
    ("Destroy each Beast minion.", frozenset({"minion"}), ["beast"]),
    ("Destroy all Deserts.", None, ["desert"]),
])
def test_subtype_words_filter_by_the_header_subtypes(effect, kinds, subtypes):
    """A subtype word is a noun on its own (any kind) or narrows the noun after it."""
    sel = _what(effect)
    assert (sel.subtypes, sel.kinds) == (tuple(subtypes), kinds)


@pytest.mark.parametrize("effect, traits, without, layer, ref", [
    ("Destroy every fire minion or aura on or under a nearby site.", ("fire",), (), None,
     "choose"),
    ("Submerge each minion on a water site.", (), (), "on", "choose"),
    ("Deal 1 damage to each minion under a nearby site.", (), (), "under", "choose"),
    ("Deal 1 damage to all units on sites.", (), (), "on", "any"),
    ("Deal 1 damage to all units on nearby sites.", (), (), "on", "adjacent"),
    ("Submerge target minion that's on a water site.", (), (), "on", "choose"),
    ("Deal 1 damage to each minion on this site.", (), (), "on", "here"),
    ("Destroy each non-water minion.", (), ("non-water",), None, None),
])
def test_element_and_layer_words(effect, traits, without, layer, ref):
    """Element words test the card's traits; 'on' is above a site, 'under' beneath it, 'on or
    under' either; 'a nearby site' after them is one site chosen, a plural every one."""
    sel = _what(effect)
    assert (sel.traits, sel.place.layer if sel.place else None) == (traits + without, layer)
    assert (sel.place.ref if sel.place else None) == ref


def test_a_non_water_site_is_a_place_without_the_trait():
    """'a non-water site' is a site place whose site must not be a water site."""
    sel = _what("Destroy each minion on a non-water site.")
    assert (sel.place.without_trait, sel.place.site_only) == ("water", True)


def test_another_site_is_not_the_cards_own():
    """'another nearby site' is a nearby site chosen once, never the card's own site."""
    sel = _what("Deal 1 damage to each enemy on another nearby site.")
    assert (sel.place.ref, sel.place.other, sel.place.reach) == ("choose", True, "nearby")


@pytest.mark.parametrize("effect, controller, trait", [
    ("Deal 1 damage to each minion on sites you control.", "you", ()),
    ("Deal 1 damage to each minion on your water sites.", "you", ("water",)),
    ("Deal 1 damage to each minion on an opponent's sites.", "opponent", ()),
    ("Deal 1 damage to each minion under sites an opponent controls.", "opponent", ()),
])
def test_on_sites_a_player_controls_is_the_squares_of_every_such_site(effect, controller, trait):
    """After 'on' / 'under', a plural of sites with a side ('sites you control', 'your water
    sites', "an opponent's sites") is the squares of every such site, read as the step is."""
    place = _what(effect).place
    assert (place.ref, place.of.quant, place.of.kinds) == ("of", "each", frozenset({"site"}))
    assert (place.of.controller, place.of.traits) == (controller, trait)


def test_on_sites_a_player_controls_reads_the_sites_of_the_moment(tmp_path):
    """'each minion on an opponent's sites': the minions at the squares of bob's sites only."""
    cards = """# ruleset: sorcery
card "Scour": magic, cost 0
  Deal 1 damage to each minion on an opponent's sites.
"""
    setup = """
alice:
  hand: [Scour]
  realm:
    - {card: Hedgerow Magus, at: 3}
    - {card: Red Desert, at: 3}
    - {card: Red Desert, at: 8}
    - {card: Lady Iseult, at: 8}
    - {card: Azuridge Caravan, at: 13}
bob:
  realm:
    - {card: Summer River, at: 13}
    - {card: Stone Sentinel, at: 8}
    - {card: Plumed Pegasus, at: 13}
"""
    result = play_sorcery(tmp_path, cards, setup, "[{player: alice, cast: Scour}]")
    cards = {c["name"]: c for c in result["state"]["cards"]}
    assert [cards[n]["damage"] for n in ("Lady Iseult", "Stone Sentinel", "Plumed Pegasus")] \
        == [0, 0, 1]
    assert cards["Azuridge Caravan"]["zone"] == "cemetery"      # 1 damage, power 1


def test_a_site_near_them_is_nearby_that_card():
    """'a site near them' is a site nearby the card 'them' names, its own site included."""
    tpl = _templates('card "Hop": magic, cost 1\n  Teleport an allied unit to a site near it.\n')
    where = dict(tpl["Hop"].abilities[0].effect.args)["where"]
    assert (where.ref, where.reach, where.anchor.ref) == ("adjacent", "nearby", "of")


@pytest.mark.parametrize("effect, word", [
    ("Destroy each Wizard.", "Wizard"),          # no subtype of the game
    ("Deal 1 damage to each ally minion.", "ally"),  # 'ally' is no adjective ('allied' is)
    ("Destroy each legendary minion.", "legendary"),  # no rarity of the game
])
def test_words_the_game_does_not_read_are_errors(effect, word):
    """A word without rules behind it is an error, never a filter that does nothing."""
    with pytest.raises(SemanticError) as e:
        _templates(f'card "Probe": magic, cost 1\n  {effect}\n')
    assert e.value.code == "E201"


def test_destroy_reaches_auras_but_kill_does_not():
    """Sorcery destroys auras (they leave play without dying); only units can be killed."""
    _templates('card "Probe": magic, cost 1\n  Destroy target aura.\n')
    with pytest.raises(SemanticError) as e:
        _templates('card "Probe": magic, cost 1\n  Kill target aura.\n')
    assert e.value.code == "E203"


def test_new_selector_fields_survive_the_card_cache():
    """Subtypes, traits, layers and a place without a trait are stored and read back."""
    fresh = _templates(textwrap.dedent('''\
        card "A": magic, cost 1
          Destroy every fire minion or aura on or under a nearby site.
        card "B": magic, cost 1
          Gain control of every Mortal in the realm. Destroy each minion on a non-water site.
        '''))
    data = templates_to_data(fresh, LANG)
    assert templates_from_data(json.loads(json.dumps(data)), LANG) == fresh


CARDS = textwrap.dedent('''\
    # ruleset: sorcery
    card "Tithe": magic, cost 1
      Sacrifice a minion.
    card "Exile": magic, cost 1
      Banish target minion.
    card "Blink": magic, cost 1
      Teleport target minion to target site.
    card "Deluge": magic, cost 1
      Flood target site.
    card "Wake": magic, cost 1
      Untap each ally.
    card "Rise": magic, cost 1
      Unburrow each minion at target square.
    card "Mourner": artifact, cost 1
      Whenever a minion dies, you gain 1 life.
    card "Stronghold": magic, cost 1
      If you control more sites than each opponent, gain 3 life.
    ''')


def play(tmp_path, setup: str, actions: str, choices: str = "[]") -> dict:
    """Run an inline scenario with this module's cards (conftest.play_sorcery)."""
    return play_sorcery(tmp_path, CARDS, setup, actions, choices)


def _did(result) -> list:
    return [d for e in result["trace"] for d in e["did"]]


def _card(result, card_id: str) -> dict:
    return next(c for c in result["state"]["cards"] if c["id"] == card_id)


def test_sacrifice_takes_only_what_you_control(tmp_path):
    """Sacrifice picks among the controller's own cards; an opponent's minion is never one."""
    r = play(tmp_path, """
alice: {hand: [Tithe], realm: [{card: Red Desert, at: 1}]}
bob: {realm: [{card: Red Desert, at: 2}, {card: Lady Iseult, id: his, at: 2}]}
""", "[{player: alice, cast: Tithe}]")
    assert _did(r) == ["Sacrifice a minion: nothing alice controls to sacrifice"]
    assert _card(r, "his")["zone"] == "realm"


def test_a_sacrificed_minion_dies(tmp_path):
    """A sacrificed unit dies: its owner's cemetery, and a 'die' happening."""
    r = play(tmp_path, """
alice: {hand: [Tithe], realm: [{card: Red Desert, at: 1}, {card: Lady Iseult, id: mine, at: 1}]}
bob: {}
""", "[{player: alice, cast: Tithe}]")
    assert _card(r, "mine")["zone"] == "cemetery"
    assert "die" in [h["kind"] for e in r["trace"] for h in e.get("happened", [])] or \
        _did(r) == ["sacrifice Lady Iseult"]


def test_banish_from_play_skips_the_cemetery(tmp_path):
    """A banished card goes to its owner's banished pile, not the cemetery."""
    r = play(tmp_path, """
alice: {hand: [Exile], realm: [{card: Red Desert, at: 1}]}
bob: {realm: [{card: Red Desert, at: 2}, {card: Lady Iseult, id: his, at: 2}]}
""", "[{player: alice, cast: Exile, targets: [his]}]")
    assert _card(r, "his")["zone"] == "banished"
    assert r["state"]["players"]["bob"]["zones"].get("cemetery", []) == []


def test_teleport_lands_on_the_surface(tmp_path):
    """A teleported unit arrives on its new site's surface, even from underwater."""
    r = play(tmp_path, """
alice: {hand: [Blink], realm: [{card: Summer River, at: 1}, {card: Red Desert, at: 20},
        {card: Giant Shark, id: shark, at: 1, region: underwater}]}
bob: {}
""", "[{player: alice, cast: Blink, targets: [shark, 20]}]")
    card = _card(r, "shark")
    assert (card["at"], card["region"], card["zone"]) == (20, "surface", "realm")


def test_flooding_twice_changes_nothing_the_second_time(tmp_path):
    """Flooding a flooded site notes nothing: it already is a water site."""
    r = play(tmp_path, """
alice: {hand: [Deluge, Deluge], realm: [{card: Red Desert, id: desert, at: 1}]}
bob: {}
""", "[{player: alice, cast: Deluge, targets: [1]}, {player: alice, cast: Deluge, targets: [1]}]")
    assert _did(r) == ["flood Red Desert at 1", "Red Desert at 1 is flooded already"]
    assert _card(r, "desert")["flags"] == ["flooded"]


def test_untap_notes_only_the_cards_it_untaps(tmp_path):
    """Untapping a ready card changes nothing and says nothing."""
    r = play(tmp_path, """
alice: {hand: [Wake], realm: [{card: Red Desert, at: 1}, {card: Lady Iseult, id: a, at: 1,
        tapped: true}, {card: Azuridge Caravan, id: b, at: 1}]}
bob: {}
""", "[{player: alice, cast: Wake}]")
    assert _did(r) == ["untap Lady Iseult"]
    assert _card(r, "a")["tapped"] is False


@pytest.mark.parametrize("mine, theirs, gained", [(3, 2, True), (2, 2, False), (1, 2, False)])
def test_control_more_counts_against_each_opponent(tmp_path, mine, theirs, gained):
    """'you control more sites than each opponent' is strictly more than every opponent."""
    sites = lambda first, n: ", ".join(f"{{card: Red Desert, at: {first + k}}}" for k in range(n))
    r = play(tmp_path, f"""
alice: {{hand: [Stronghold], realm: [{sites(1, mine)}]}}
bob: {{realm: [{sites(16, theirs)}]}}
""", "[{player: alice, cast: Stronghold}]")
    assert (r["state"]["players"]["alice"]["counters"]["life"] == 23) is gained


@pytest.mark.parametrize("effect", [
    "Destroy each non-water minion on a non-water site.",
    "Deal 1 damage to each enemy under a nearby site.",
    "Deal 1 damage to all units on sites.",
    "Deal 1 damage to all units on nearby sites.",
    "Gain control of every Mortal in the realm.",
    "Destroy each fire Beast minion.",
    "Teleport an ally to another nearby site.",
    "Look at the top 3 cards of your spellbook.",
])
def test_canonical_text_reads_back_as_the_same_card(effect):
    """The canonical renderer writes each new word so that it compiles to the same template."""
    from cardscript.fmt.render import card_text
    from cardscript.fmt.sameness import meaning
    tpl = _templates(f'card "Probe": magic, cost 1\n  {effect}\n')["Probe"]
    text = card_text(tpl, LANG)
    again = compile_files([parse_text(text, "again.cards")], LANG)["Probe"]
    assert meaning(again) == meaning(tpl), text


def test_unburrow_comes_up_only_from_the_ground(tmp_path):
    """Unburrowing brings up a unit underground; one underwater is not in the ground."""
    r = play(tmp_path, """
alice: {hand: [Rise], realm: [{card: Summer River, at: 1},
        {card: Giant Shark, id: shark, at: 1, region: underwater}]}
bob: {realm: [{card: Red Desert, at: 2}]}
""", "[{player: alice, cast: Rise, targets: [1]}]")
    assert _did(r) == ["Giant Shark cannot unburrow at 1"]
    assert _card(r, "shark")["region"] == "underwater"


def test_unburrow_brings_a_unit_to_the_surface(tmp_path):
    """An underground unit unburrowed stands on its site's surface."""
    r = play(tmp_path, """
alice: {hand: [Rise], realm: [{card: Red Desert, at: 1},
        {card: Lady Iseult, id: iseult, at: 1, region: underground}]}
bob: {}
""", "[{player: alice, cast: Rise, targets: [1]}]")
    assert _did(r) == ["unburrow Lady Iseult at 1"]
    assert _card(r, "iseult")["region"] == "surface"
