"""The codex's terms as card words (rulesets/sorcery/codex_terms.py, silence.py): Evil,
wounded, land site, Landbound, dispel, fully heal and silence."""

from __future__ import annotations

import pytest

from conftest import put, sorcery_game
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import get_parser, parse_text

CARDS = '''
card "Field": site
card "Pool": site, water
card "Seer": avatar, power 1
card "Ghoul": minion undead, cost 1, power 2
card "Imp": minion demon, cost 1, power 1
card "Ogre": minion monster, cost 1, power 3
card "Squire": minion mortal, cost 1, power 1
card "Hoofbeast": minion beast, cost 1, power 2
  Landbound
card "Hush": magic, cost 1
  Silence target minion.
'''


def _game():
    return sorcery_game(CARDS, "codex.cards")


def _compile(text: str):
    return compile_files([parse_text(text, "t.cards")], rulesets.get("sorcery").language)


def test_evil_is_an_undead_demon_or_monster_minion():
    """Evil: the minions of the three subtypes, no other."""
    from cardscript.rulesets.sorcery.codex_terms import is_evil
    game = _game()
    put(game, "Field", "alice", 3)
    cards = {n: put(game, n, "alice", 3) for n in ("Ghoul", "Imp", "Ogre", "Squire")}
    assert {n for n, c in cards.items() if is_evil(game, c)} == {"Ghoul", "Imp", "Ogre"}


def test_a_wounded_avatar_has_less_life_than_its_most():
    """An avatar is wounded when its player's life is below the most they started with."""
    from cardscript.rulesets.sorcery.codex_terms import is_wounded
    from cardscript.rulesets.sorcery.players import start_life
    game = _game()
    seer = put(game, "Seer", "alice", 3)
    start_life(game)
    assert not is_wounded(game, seer)
    game.state.players["alice"].counters["life"] -= 1
    assert is_wounded(game, seer)


def test_a_flooded_site_is_no_land_site():
    """A site that provides water, printed or flooded, is no land site."""
    from cardscript.rulesets.sorcery.codex_terms import is_land_site
    game = _game()
    field, pool = put(game, "Field", "alice", 3), put(game, "Pool", "alice", 4)
    assert is_land_site(game, field) and not is_land_site(game, pool)
    field.flags.add("flooded")
    assert not is_land_site(game, field)


@pytest.mark.parametrize("site, disabled", [("Field", False), ("Pool", True), (None, True)])
def test_a_landbound_minion_is_disabled_off_land(site, disabled):
    """Landbound: disabled at a water site or in the void, not at a land site."""
    from cardscript.rulesets.sorcery.kinds import disabled as is_disabled
    game = _game()
    if site:
        put(game, site, "alice", 3)
    beast = put(game, "Hoofbeast", "alice", 3)
    assert is_disabled(beast, game) is disabled


def test_silence_takes_keywords_and_abilities_and_keeps_power():
    """A silenced minion has no keyword (given ones too) and no ability, and its power."""
    from cardscript.rulesets.sorcery.silence import silence
    from cardscript.interpreter.storyline import StoryEvent
    game = _game()
    put(game, "Field", "alice", 3)
    beast = put(game, "Hoofbeast", "alice", 3)
    beast.granted.add("airborne")
    ev = StoryEvent(0, "cast", beast, "alice", None, "", None)
    silence(game, ev, beast, None)
    assert game.keywords_of(beast) == frozenset()
    assert beast.tpl.abilities == () and beast.tpl.stats["power"] == 2
    assert ev.did == ["silence Hoofbeast"]


@pytest.mark.parametrize("text, message", [
    ("Dispel target minion.", "cannot dispel target minion: it is not an aura"),
    ("Fully heal target site.", "cannot fully heal target site: it is not an avatar or minion"),
])
def test_a_verb_of_the_codex_refuses_a_kind_it_cannot_act_on(text, message):
    """Dispel acts on auras, fully heal on minions and avatars: another kind is E203."""
    with pytest.raises(SemanticError) as err:
        _compile(f'card "X": magic, cost 1\n  {text}\n')
    assert err.value.code == "E203" and message in str(err.value)


def test_land_qualifies_the_site_alone_in_a_list_of_kinds():
    """'a relic or land site': the trait is kept for the site's noun, the relic not held to it."""
    tpl = _compile('card "X": magic, cost 1\n  Return target relic or land site to its '
                   "owner's hand.\n")["X"]
    assert "traits=('land',)" in repr(tpl.abilities[0])


@pytest.mark.parametrize("line", [
    "Genesis → Deal 1 damage to each Evil minion nearby.",
    "Kill target wounded minion.",
    "Deal 1 damage to each minion at target land site.",
    "Landbound",
    "Dispel target aura. Fully heal your avatar.",
    "Silence target minion until your next turn.",
    "Genesis → Deal 3 damage to the strongest enemy minion nearby.",
    "Kill the weakest minion here. Deal 1 damage to the closest enemy unit.",
    "Pay 2 life: Draw a spell.",
    "Non-Airborne minions nearby have +1 power.",
    "Non-Mortal minions nearby have +1 power.",
    "Genesis → Deal 1 damage to each non-Beast minion nearby.",
    "Each enemy unit at target site takes 2 damage.",
    "Genesis → Non-Spirit minions nearby take 1 damage.",
])
def test_fast_parser_agrees_with_lark_on_the_codex_terms(line):
    """The fast driver builds what Lark builds for the lines of the codex's terms."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": magic\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)


@pytest.mark.parametrize("text, stat", [
    ("Kill the strongest enemy minion nearby.", ("power", "most", "active")),
    ("Kill the weakest minion here.", ("power", "least", "active")),
    ("Kill the closest enemy unit.", ("steps", "least", "controller")),
    ("Kill the farthest ally.", ("steps", "most", "controller")),
])
def test_a_superlative_is_kept_with_who_breaks_its_ties(text, stat):
    """Strongest/weakest (power, the active player chooses), closest/farthest (steps, the
    controller chooses): each read after 'the' into the selector's stats."""
    tpl = _compile(f'card "X": magic, cost 1\n  {text}\n')["X"]
    assert repr(stat) in repr(tpl.abilities[0])


@pytest.mark.parametrize("text", ["Kill each strongest minion.", "Kill a closest minion.",
                                  "Kill target weakest minion."])
def test_a_superlative_reads_only_after_the(text):
    """'each strongest', 'a closest', 'target weakest' name no one card: refused (E201)."""
    with pytest.raises(SemanticError) as err:
        _compile(f'card "X": magic, cost 1\n  {text}\n')
    assert err.value.code == "E201"


def test_the_strongest_is_chosen_among_the_tied_by_the_active_player():
    """With two minions tied for most power, the active player (not the card's controller)
    is asked which: bob's effect on alice's turn asks alice."""
    from cardscript.interpreter.storyline import StoryEvent
    from cardscript.interpreter.board import select
    game = _game()
    put(game, "Field", "alice", 3)
    ghoul, hoof = put(game, "Ghoul", "alice", 3), put(game, "Hoofbeast", "alice", 3)
    put(game, "Squire", "alice", 3)
    src = put(game, "Imp", "bob", 3)
    asked = []
    game.ask_target = lambda who, text, cands: asked.append((who, list(cands))) or cands[-1]
    from cardscript.language.reader import Reader
    what = Reader(rulesets.get("sorcery").language).read_cards(
        ("the", "strongest", "minion", "here"))
    game.state.active = "alice"
    ev = StoryEvent(0, "cast", src, "bob", None, "", None)
    assert select(game, what, ev) == [hoof]
    assert asked == [("alice", [ghoul, hoof])]


def test_the_closest_is_counted_in_steps_from_the_source():
    """Closest: the fewest orthogonal steps from the card whose text it is (0 on its square)."""
    from cardscript.interpreter.select import extremes
    game = _game()
    src = put(game, "Squire", "alice", 8)
    near, mid, far = (put(game, "Ghoul", "bob", sq) for sq in (13, 10, 20))
    assert extremes(game, [far, mid, near], (("steps", "least", "controller"),), src) == [near]
    assert extremes(game, [near, mid, far], (("steps", "most", "controller"),), src) == [far]


@pytest.mark.parametrize("life, paid", [(3, True), (2, True), (1, False), (0, False)])
def test_life_is_paid_only_by_a_player_with_that_much(life, paid):
    """Pay Life: 2 life is paid from 2 or more, never from less (the ability is refused)."""
    from cardscript.rulesets.sorcery.codex_terms import pay_life
    from cardscript.interpreter.storyline import StoryEvent
    game = _game()
    src = put(game, "Imp", "alice", 3)
    game.state.players["alice"].counters["life"] = life
    ev = StoryEvent(0, "activated", src, "alice", None, "", None)
    ev.ability = type("A", (), {"label": "pay 2 life"})()
    refused = pay_life(game, src, ev)
    assert (refused is None) is paid
    assert game.state.players["alice"].counters["life"] == (life - 2 if paid else life)


def test_non_keyword_reads_at_the_start_of_a_sentence_and_after_each():
    """'Non-Airborne minions ...' and 'each non-Airborne minion' read as without Airborne."""
    for text in ("Non-Airborne minions nearby have +1 power.",
                 "Each non-Airborne minion nearby has +1 power."):
        tpl = _compile(f'card "X": minion, cost 1, power 1\n  {text}\n')["X"]
        assert "without_keywords=('airborne',)" in repr(tpl.abilities[0])


def test_random_with_no_determiner_is_refused():
    """'Random minions here ...' names no number of random cards: refused, not one random."""
    with pytest.raises(SemanticError) as err:
        _compile('card "X": minion, cost 1, power 1\n  Random minions here have +1 power.\n')
    assert err.value.code == "E201"


def test_an_ongoing_sentence_cannot_use_a_superlative():
    """'The strongest ally nearby has +1 power' names no cards at every moment: E210."""
    with pytest.raises(SemanticError) as err:
        _compile('card "X": minion, cost 1, power 1\n  The strongest ally nearby has +1 power.\n')
    assert err.value.code == "E210" and "ongoing sentence" in str(err.value)


def test_non_subtype_reads_at_the_start_of_a_sentence_and_after_each():
    """'Non-Mortal minions ...' and 'each non-Beast minion' keep the subtype as one lacked."""
    for text, sub in (("Non-Mortal minions nearby have +1 power.", "non-mortal"),
                      ("Each non-Beast minion nearby has +1 power.", "non-beast")):
        tpl = _compile(f'card "X": minion, cost 1, power 1\n  {text}\n')["X"]
        assert f"subtypes=('{sub}',)" in repr(tpl.abilities[0])


def test_non_subtype_with_no_noun_is_refused():
    """'each non-Beast nearby' names no cards (only what they are not): E201."""
    with pytest.raises(SemanticError) as err:
        _compile('card "X": magic, cost 1\n  Deal 1 damage to each non-Beast nearby.\n')
    assert err.value.code == "E201"


def test_non_subtype_fits_the_minions_without_it():
    """'each non-Mortal minion' fits the Demon and the Beast, not the Mortal."""
    from cardscript.interpreter.select import matcher
    game = _game()
    put(game, "Field", "alice", 3)
    cards = {n: put(game, n, "alice", 3) for n in ("Imp", "Squire", "Hoofbeast")}
    tpl = _compile('card "X": magic, cost 1\n  Kill each non-Mortal minion.\n')["X"]
    test = matcher(dict(tpl.abilities[0].effect.args)["what"])
    assert {n for n, c in cards.items() if test(game, c, None, None, "alice")} == \
        {"Imp", "Hoofbeast"}


@pytest.mark.parametrize("taken, dealt", [
    ("Each enemy minion here takes 2 damage.", "Deal 2 damage to each enemy minion here."),
    ("Mortal minions nearby take 1 damage.", "Deal 1 damage to each Mortal minion nearby."),
    ("Target minion takes 3 damage.", "Deal 3 damage to target minion."),
])
def test_cards_that_take_damage_mean_dealing_it_to_them(taken, dealt):
    """'X take(s) N damage' compiles to what 'deal N damage to X' does."""
    from cardscript.fmt.sameness import meaning
    a = _compile(f'card "X": magic, cost 1\n  {taken}\n')["X"]
    b = _compile(f'card "X": magic, cost 1\n  {dealt}\n')["X"]
    assert meaning(a) == meaning(b)
