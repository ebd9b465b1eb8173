"""Language features end to end: several targets, each player, multi-line spells, self anchors."""

from __future__ import annotations

import textwrap

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.explain import explain_card
from cardscript.grammar import parse_text
from conftest import play_sorcery


CARDS = textwrap.dedent('''\
    card "Scatter": magic, cost 1
      Deal 1 damage to up to two target minions.
    card "Feast": magic, cost 1
      Each player draws a spell.
    card "Double": magic, cost 1
      Deal 1 damage to target minion.
      Draw a spell.
    card "Archer": minion, cost 1, power 1
      Airborne, Submerge
      Tap → This shoots a projectile toward target adjacent square. If it hits a unit, deal 1 damage to the hit unit.
    card "Watcher": site
      Whenever an enemy minion enters a site adjacent to this, deal 1 damage to that minion.
    card "Tok": minion, power 1, token
    card "Dier": minion, cost 1, power 1
      Whenever this dies, draw a spell.
    card "Each Prick": magic, cost 1
      Deal 1 damage to each minion at target square, one at a time.
    card "Up To Prick": magic, cost 1
      Deal 1 damage to up to two target minions, one at a time.
    card "Two Prick": magic, cost 1
      Deal 1 damage to two target minions, one at a time.
    card "Chosen Prick": magic, cost 1
      Deal 1 damage to two minions you choose, one at a time.
    card "Them Prick": magic, cost 1
      Tap each minion at target square, then deal 1 damage to them, one at a time.
    card "Prick Then Tap": magic, cost 1
      Deal 1 damage to each minion at target square, one at a time, then tap them.
    ''')


def play(tmp_path, setup: str, actions: str, choices: str = "[]") -> dict:
    """Run an inline scenario with this module's cards (conftest.play_sorcery)."""
    return play_sorcery(tmp_path, CARDS, setup, actions, choices)


BOARD = """
alice:
  hand: [Scatter, Feast, Double]
  spellbook: [Firebolts, Windblast]
  realm: [{card: Summer River, at: 8}, {card: Red Desert, at: 9}, {card: Lady Iseult, at: 8}]
bob:
  spellbook: [Maelström]
  realm: [{card: Plumed Pegasus, at: 8}]
"""


def test_up_to_two_targets_take_both_answers(tmp_path):
    """'up to two target minions' uses every target the action gives, up to two."""
    r = play(tmp_path, BOARD, "[{player: alice, cast: Scatter, targets: [Lady Iseult, Plumed Pegasus]}]")
    assert list(r["trace"][0]["did"]) == ["1 damage to Lady Iseult", "1 damage to Plumed Pegasus"]


def test_each_player_draws(tmp_path):
    """'Each player draws a spell' draws for every player, in turn order."""
    r = play(tmp_path, BOARD, "[{player: alice, cast: Feast}]")
    assert r["state"]["players"]["bob"]["zones"]["hand"] == ["Maelström"]
    assert r["state"]["players"]["alice"]["zones"]["hand"][-1] == "Firebolts"


def test_a_spell_with_two_lines_is_one_event(tmp_path):
    """A magic card's lines resolve in order, as one cast event."""
    r = play(tmp_path, BOARD, "[{player: alice, cast: Double, targets: [Lady Iseult]}]")
    (entry,) = [e for e in r["trace"] if e["source"] == "Double"]
    assert list(entry["did"]) == ["1 damage to Lady Iseult", "alice draws Firebolts"]


def test_this_anchors_a_target_square(tmp_path):
    """'This shoots ... toward target adjacent square' measures from the shooter."""
    setup = """
alice:
  realm: [{card: Summer River, at: 8}, {card: Red Desert, at: 9}, {card: Archer, at: 8}]
bob:
  realm: [{card: Lady Iseult, at: 9}]
"""
    r = play(tmp_path, setup, "[{player: alice, activate: Archer, to: 9}]")
    assert "1 damage to Lady Iseult" in r["trace"][0]["did"]


def test_adjacent_to_this_in_a_trigger(tmp_path):
    """A trigger place 'a site adjacent to this' is measured from the card with the hook."""
    setup = """
alice:
  realm: [{card: Watcher, at: 8}]
bob:
  hand: [Lady Iseult]
  realm: [{card: Red Desert, at: 9}]
"""
    r = play(tmp_path, setup, "[{player: bob, cast: Lady Iseult, at: 9}]")
    assert any(e["source"] == "Watcher" and "1 damage to Lady Iseult" in e["did"]
               for e in r["trace"])


def test_token_header_item_and_keyword_list(tmp_path):
    """'token' works as a later header item; 'Airborne, Submerge' is one keyword line."""
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    from cardscript.rulesets import get
    from cardscript.scenario.runner import load_pool
    pool = load_pool(get("sorcery"))
    out = compile_files([parse_text(CARDS, "extra.cards")], get("sorcery").language, base=pool)
    assert out["Tok"].token
    assert set(out["Archer"].keywords) == {"airborne", "submerge"}


def test_this_dies_triggers(tmp_path):
    """'Whenever this dies' triggers after the card has left the realm."""
    setup = """
alice:
  hand: [Firebolts]
  spellbook: [Windblast]
  realm: [{card: Summer River, at: 8}, {card: Dier, at: 8}]
bob: {}
"""
    r = play(tmp_path, setup, "[{player: alice, cast: Firebolts}]",
             "[{player: alice, kind: target, answer: Dier}]")
    assert any(e["source"] == "Dier" and e["status"] == "done" for e in r["trace"])
    assert r["state"]["players"]["alice"]["zones"]["hand"] == ["Windblast"]


PRICKS = [("Each Prick", "each minion at target square", "targets: [8]"),
          ("Up To Prick", "up to two target minions", "targets: [Lady Iseult, Plumed Pegasus]"),
          ("Two Prick", "two target minions", "targets: [Lady Iseult, Plumed Pegasus]"),
          ("Chosen Prick", "two minions you choose", ""),
          ("Them Prick", "them", "targets: [8]")]


@pytest.mark.parametrize("card, group, targets", PRICKS, ids=[p[0] for p in PRICKS])
def test_one_at_a_time_splits_every_group(tmp_path, card, group, targets):
    """'one at a time' makes one event part per card for every group the language names,
    and `explain` names that group and says it splits."""
    board = BOARD.replace("hand: [Scatter, Feast, Double]", f"hand: [{card}]")
    r = play(tmp_path, board, f"[{{player: alice, cast: {card}{', ' if targets else ''}"
                              f"{targets}}}]")
    parts = [e for e in r["trace"] if e["source"] == card]
    hits = [d for e in parts for d in e["did"] if "damage" in d]
    assert hits == ["1 damage to Lady Iseult", "1 damage to Plumed Pegasus"]
    assert [e["part"] for e in parts if any("damage" in d for d in e["did"])] == [1, 2]
    tpl = compile_files([parse_text(CARDS, "x.cards")], rulesets.get("sorcery").language,
                        base=None)[card]
    text = explain_card(tpl, rulesets.get("sorcery"))
    assert f"for each card of {group}, one at a time [splits between cards]" in text


def test_one_at_a_time_on_a_single_card_is_an_error():
    """'one at a time' on a step that names one card is E206: it would do nothing."""
    src = 'card "Lone": magic, cost 1\n  Deal 1 damage to target minion, one at a time.\n'
    with pytest.raises(SemanticError) as e:
        compile_files([parse_text(src, "x.cards")], rulesets.get("sorcery").language)
    assert e.value.code == "E206"


NEAR_FORMS = [("Deal 1 damage to each enemy minion nearby.", "nearby", 1),
              ("Deal 1 damage to each enemy minion here or nearby.", "nearby", 1),
              ("Deal 1 damage to each nearby enemy minion.", "nearby", 1),
              ("Deal 1 damage to each adjacent enemy minion.", "adjacent", 1),
              ("Deal 1 damage to each minion adjacent to this.", "adjacent", 1),
              ("Deal 1 damage to each minion within 2 steps.", "steps", 2),
              ("Deal 1 damage to each minion up to three steps away.", "steps", 3),
              ("Deal 1 damage to each minion within 1 step of target square.", "steps", 1),
              ("Deal 1 damage to each minion at target nearby site.", "nearby", 1),
              ("Deal 1 damage to each minion at a nearby site you choose.", "nearby", 1),
              ("Deal 1 damage to each minion at a site nearby.", "nearby", 1)]


@pytest.mark.parametrize("text, reach, steps", NEAR_FORMS, ids=[f[0] for f in NEAR_FORMS])
def test_near_and_far_words_read(text, reach, steps):
    """'nearby', 'here or nearby', 'adjacent', 'within N steps', 'up to N steps away' read as
    a place measured the way the geometry defines that word."""
    src = f'card "Near": minion, cost 1, power 1\n  Tap → {text}\n'
    tpl = compile_files([parse_text(src, "x.cards")], rulesets.get("sorcery").language)["Near"]
    place = dict(tpl.abilities[0].effect.args)["what"].place
    while place.reach == "adjacent" and place.anchor is not None and place.ref != "adjacent":
        place = place.anchor
    assert (place.reach, place.steps) == (reach, steps)


def test_sorcery_geometry_near():
    """Adjacent: the square and the four sharing an edge; nearby: the square and the eight
    around it; steps: orthogonal steps (the codex's definitions)."""
    geo = rulesets.get("sorcery").geometry
    assert [s for s in range(1, 21) if geo.near(s, 8, "adjacent")] == [3, 7, 8, 9, 13]
    assert [s for s in range(1, 21) if geo.near(s, 8, "nearby")] == [2, 3, 4, 7, 8, 9, 12, 13, 14]
    assert [s for s in range(1, 21) if geo.near(s, 20, "nearby")] == [14, 15, 19, 20]
    assert [s for s in range(1, 21) if geo.near(s, 1, "steps", 2)] == [1, 2, 3, 6, 7, 11]


def test_after_one_at_a_time_them_names_the_whole_group(tmp_path):
    """Once a group has been handled one card at a time, 'them' names every card again."""
    board = BOARD.replace("hand: [Scatter, Feast, Double]", "hand: [Prick Then Tap]")
    r = play(tmp_path, board, "[{player: alice, cast: Prick Then Tap, targets: [8]}]")
    tapped = {c["name"]: c["tapped"] for c in r["state"]["cards"]}
    assert tapped["Lady Iseult"] and tapped["Plumed Pegasus"]


def test_a_spell_with_two_lines_keeps_a_sentence_a_line():
    """The one spell ability made of several lines says each line as a sentence of its own."""
    src = 'card "Double": magic, cost 1\n  Deal 1 damage to target minion.\n  Draw a spell.\n'
    tpl = compile_files([parse_text(src, "x.cards")], rulesets.get("sorcery").language)["Double"]
    assert tpl.abilities[0].text == "Deal 1 damage to target minion. Draw a spell"


BOUNDS = [("with 3 or more power", ("power", "min", 3)),
          ("with 3 or greater power", ("power", "min", 3)),
          ("with power 3 or higher", ("power", "min", 3)),
          ("with power 2 or less", ("power", "max", 2)),
          ("with power 2 or lower", ("power", "max", 2)),
          ("with 2 or fewer power", ("power", "max", 2)),
          ("that costs 2 or lower", ("cost", "max", 2))]


@pytest.mark.parametrize("words, bound", BOUNDS, ids=[b[0] for b in BOUNDS])
def test_a_bound_on_a_stat_reads_in_either_order(words, bound):
    """A bound on a stat reads with the number before the stat or after it, and with each
    word printed cards use for its side."""
    src = f'card "Cull": magic, cost 1\n  Kill each minion {words}.\n'
    tpl = compile_files([parse_text(src, "x.cards")], rulesets.get("sorcery").language)["Cull"]
    assert dict(tpl.abilities[0].effect.args)["what"].stats == (bound,)


def test_a_bound_needs_a_stat_the_game_has():
    """'with luck 2 or less' names no header field: the selector is refused."""
    src = 'card "Cull": magic, cost 1\n  Kill each minion with luck 2 or less.\n'
    with pytest.raises(SemanticError):
        compile_files([parse_text(src, "x.cards")], rulesets.get("sorcery").language)


def test_a_keyword_stands_only_on_the_kinds_it_means_something_on():
    """Airborne on a magic is E216 (nothing would read it there); Lethal on a magic stands,
    since any card that deals damage may deal lethal damage."""
    lang = rulesets.get("sorcery").language
    ok = 'card "Killing Frost": magic, cost 3\n  Lethal\n  Deal 1 damage to target minion.\n'
    assert compile_files([parse_text(ok, "x.cards")], lang)["Killing Frost"].keywords == \
        {"lethal": True}
    bad = 'card "Flying Frost": magic, cost 3\n  Airborne\n  Deal 1 damage to target minion.\n'
    with pytest.raises(SemanticError) as err:
        compile_files([parse_text(bad, "x.cards")], lang)
    assert err.value.code == "E216"


@pytest.mark.parametrize("pattern", [
    "a minion from its owner's hand enters the realm",
    "a minion from your hand enters the realm",
    "a minion in its controller's cemetery dies",
])
def test_a_pile_in_a_triggers_own_card_is_refused(pattern):
    """A hook reads no pile, whoever's: 'from its owner's hand' in a pattern is E215
    (compiler/pattern_refs.py `no_pile`), never a trigger on every card the rest fits."""
    src = f'card "Moss Sentry": minion, cost 2, power 2\n  Whenever {pattern}, gain 1 life.\n'
    with pytest.raises(SemanticError) as err:
        compile_files([parse_text(src, "x.cards")], rulesets.get("sorcery").language)
    assert err.value.code == "E215" and "pile" in err.value.message
