"""Oversized units (rulesets/sorcery/oversized.py, geometry.py `Grid.squares`): the shapes,
the squares asked through the interpreter's one hook, and the steps of a unit moving as one."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from conftest import put, sorcery_game

from cardscript.interpreter.select import squares_of
from cardscript.rulesets.sorcery.geometry import Grid
from cardscript.rulesets.sorcery.oversized import entered, shapes_of, shifts
from cardscript.rulesets.sorcery.setup import spans_problem

CARDS = '''
card "Big": minion, cost 6, power 5
  Oversized

card "Long": minion, cost 4, power 3
  Stands astride two neighbouring sites.

card "Small": minion, cost 1, power 1

card "Hulk": minion, cost 5, power 4
  Large

card "Tall": minion giant, cost 6, power 5
  This Giant occupies four sites.

card "Wide": minion, cost 4, power 3
  This minion occupies two sites.

card "Glade": site

card "Charm": artifact, cost 1
'''


def _placed(game, name, at, spans):
    card = put(game, name, "alice", at)
    card.ext["spans"] = spans
    return card


def test_a_shape_covers_its_squares_from_the_top_left_one():
    """intersection, across and down name four, two and two squares from the anchor."""
    assert Grid.span_squares(7, "intersection") == [7, 8, 12, 13]
    assert Grid.span_squares(7, "across") == [7, 8]
    assert Grid.span_squares(7, "down") == [7, 12]
    assert Grid.span_squares(7, None) == [7]


def test_a_shape_off_the_grid_covers_nothing():
    """A shape whose anchor is in the last column or row (as the shape needs) lies off the grid."""
    assert Grid.span_squares(5, "intersection") == []
    assert Grid.span_squares(5, "across") == []
    assert Grid.span_squares(16, "down") == []
    assert Grid.span_squares(5, "down") == [5, 10]


def test_only_units_and_auras_span():
    """A setup's spans: an aura at an intersection or on a border (walls.py), a unit in any
    shape, nothing else."""
    assert spans_problem("aura", 7, "intersection") is None
    assert spans_problem("minion", 7, "across") is None
    assert spans_problem("aura", 7, "across") is None
    assert "stands on a square" in spans_problem("artifact", 7, "across")[0]
    assert "stands on a square" in spans_problem("site", 7, "intersection")[0]
    assert spans_problem("minion", 5, "across")[0] == "no square east of square 5"
    assert "did you mean" in spans_problem("minion", 7, "acros")[1]


def test_the_board_answers_every_square_a_unit_stands_on():
    """Grid.squares: the shape of a spanning unit; one square for any other card; an aura at
    an intersection stands on its own square (it affects the four)."""
    game = sorcery_game(CARDS, "oversized-test")
    big = _placed(game, "Big", 7, "intersection")
    small = put(game, "Small", "alice", 9)
    assert game.geometry.squares(big) == [7, 8, 12, 13]
    assert game.geometry.squares(small) == [9]
    aura = SimpleNamespace(at=7, kind="aura", ext={"spans": "intersection"})
    assert game.geometry.squares(aura) == [7]


def test_the_hook_falls_back_to_the_one_location_on_a_board_without_squares():
    """squares_of asks the board when it can answer, else reads `at`."""
    game = SimpleNamespace(geometry=SimpleNamespace())
    assert squares_of(game, SimpleNamespace(at=4)) == [4]
    assert squares_of(game, SimpleNamespace(at=None)) == []


def test_the_shapes_a_unit_takes_come_from_its_keyword_or_its_line():
    """Oversized: an intersection; 'stands astride two neighbouring sites': across or down."""
    game = sorcery_game(CARDS, "oversized-test")
    assert shapes_of(game, put(game, "Big", "alice", 1)) == ("intersection",)
    assert shapes_of(game, put(game, "Long", "alice", 1)) == ("across", "down")
    assert shapes_of(game, put(game, "Small", "alice", 1)) == ()


def test_a_line_saying_the_card_occupies_four_or_two_sites_gives_the_same_shapes():
    """'This Giant occupies four sites.' is the body the keyword gives (an intersection);
    'This minion occupies two sites.' the line's body of two (across or down)."""
    game = sorcery_game(CARDS, "oversized-test")
    assert shapes_of(game, put(game, "Tall", "alice", 1)) == ("intersection",)
    assert shapes_of(game, put(game, "Wide", "alice", 1)) == ("across", "down")


@pytest.mark.parametrize("head", ["aura, cost 2", "artifact, cost 1", "site"])
def test_a_card_that_is_no_unit_occupying_sites_is_refused(head):
    """On a card that stays in play but is no unit the line would do nothing: E216, as the
    keyword is (on a magic it is no ongoing line at all)."""
    from cardscript.compiler import compile_files
    from cardscript.errors import SemanticError
    from cardscript.grammar import parse_text
    from cardscript.rulesets import get
    text = f'# ruleset: sorcery\ncard "Odd": {head}\n  This occupies four sites.\n'
    with pytest.raises(SemanticError) as info:
        compile_files([parse_text(text, "t.cards")], get("sorcery").language)
    assert info.value.code == "E216" and "only a unit stands on sites" in info.value.message


def test_large_is_the_same_keyword_as_oversized():
    """The rulebook's word 'Large' reads as the keyword Oversized: an intersection."""
    game = sorcery_game(CARDS, "oversized-test")
    assert shapes_of(game, put(game, "Hulk", "alice", 1)) == ("intersection",)


def test_a_unit_moving_as_one_enters_only_squares_it_did_not_cover():
    """entered: after a step east from 7, the intersection unit newly covers 9 and 14."""
    game = sorcery_game(CARDS, "oversized-test")
    big = _placed(game, "Big", 8, "intersection")
    assert entered(big, 7) == [9, 14]
    assert entered(big, 8) == []


def test_a_spanning_unit_shifts_only_where_its_shape_stays_on_the_grid():
    """shifts: from anchor 4 an intersection unit may go west or south, not east (off the grid)
    nor north (off the grid)."""
    game = sorcery_game(CARDS, "oversized-test")
    big = _placed(game, "Big", 4, "intersection")
    assert shifts(game, big, 4) == [3, 9]


def test_an_artifact_carried_by_an_oversized_unit_stands_on_all_its_squares():
    """A carried artifact stands where its bearer does, every square of it; dropped, it lies
    on its bearer's top-left square only."""
    game = sorcery_game(CARDS, "oversized-test")
    big = _placed(game, "Big", 7, "intersection")
    charm = put(game, "Charm", "alice", 1)
    game.state.link(charm, "carried_by", big)
    game.state.stand_with(charm, big)
    assert game.geometry.squares(charm) == [7, 8, 12, 13]
    game.state.link(charm, "carried_by", None)
    assert game.geometry.squares(charm) == [7]


def test_units_summoned_together_take_places_that_do_not_overlap():
    """summon_places: the second oversized unit of a group avoids the first one's squares,
    and a unit of one location stands on the location itself."""
    from cardscript.rulesets.sorcery.oversized import summon_places
    game = sorcery_game(CARDS, "oversized-test")
    for sq in (2, 3, 7, 8, 12, 13, 17, 18):
        put(game, "Glade", "alice", sq)
    cards = [game.state.new_card(game.templates[n], "alice") for n in ("Big", "Small", "Big")]
    ev = SimpleNamespace(controller="alice")
    assert summon_places(game, ev, cards, 8) == [2, 8, 12]


def test_an_oversized_shooter_aims_beside_its_body_and_shoots_from_that_side():
    """volleys.beside: the squares around the whole body; launch_square: the body's square
    next to the direction picked (a unit of one location: its own)."""
    from cardscript.rulesets.sorcery.volleys import beside, launch_square
    game = sorcery_game(CARDS, "oversized-test")
    big = _placed(game, "Big", 7, "intersection")
    small = put(game, "Small", "alice", 9)
    assert beside(game, big) == [2, 3, 6, 9, 11, 14, 17, 18]
    assert [launch_square(game, big, t) for t in (2, 9, 17)] == [7, 8, 12]
    assert launch_square(game, small, 10) == 9


def test_an_attack_is_at_every_location_attacker_and_target_share():
    """attack_spots: the shared locations (the target's own when none is shared);
    covering_anchors: every anchor from which a body would cover one of them."""
    from cardscript.rulesets.sorcery.oversized import attack_spots, covering_anchors
    game = sorcery_game(CARDS, "oversized-test")
    big = _placed(game, "Big", 2, "intersection")
    long = _placed(game, "Long", 3, "down")
    small = put(game, "Small", "bob", 9)
    assert attack_spots(game, big, long) == [3, 8]
    assert attack_spots(game, small, long) == [3, 8]
    assert covering_anchors(game, big, [8]) == [2, 3, 7, 8]
    assert covering_anchors(game, small, [8, 3]) == [3, 8]


def _template(text: str):
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    from cardscript.rulesets import get
    out = compile_files([parse_text("# ruleset: sorcery\n" + text, "t.cards")],
                        get("sorcery").language)
    return next(iter(out.values()))


def test_a_line_saying_the_card_occupies_four_sites_gives_the_keyword():
    """The line is the body the codex's Oversized names: the card has the keyword too, so
    a selector that picks oversized units picks it; two sites give no keyword."""
    tall = _template('card "Tall": minion giant, cost 6, power 5\n'
                     '  This Giant occupies four sites.\n')
    wide = _template('card "Wide": minion, cost 4, power 3\n  This minion occupies two sites.\n')
    assert tall.keywords == {"oversized": True}
    assert wide.keywords == {}
    game = sorcery_game(CARDS, "oversized-test")
    card = put(game, "Tall", "alice", 1)
    assert game.has_keyword(card, "oversized")


@pytest.mark.parametrize("line, condition", [
    ("This minion occupies four sites while you control a water site.",
     "you control a water site"),
    ("As long as you control a water site, this minion occupies four sites.",
     "you control a water site"),
    ("If you control a water site, this minion occupies two sites.",
     "you control a water site"),
])
def test_a_size_line_under_a_condition_is_refused_at_the_condition(line, condition):
    """A unit stands on its sites whether a condition holds or not: a size line under a
    condition (after it, 'as long as' or 'if' before it) is E219, the caret on the
    condition, never a line read and its condition not honoured."""
    from cardscript.errors import SemanticError
    with pytest.raises(SemanticError) as info:
        _template(f'card "Tide Giant": minion, cost 6, power 5\n  {line}\n')
    err = info.value
    assert err.code == "E219"
    assert f"the condition '{condition}'" in err.message
    assert err.span.line == 3 and err.span.column == 3 + line.index(condition)
    assert err.span.end_column - err.span.column == len(condition)
    assert "without the condition" in err.hint


def test_canonical_text_writes_the_line_and_not_the_keyword_it_gives():
    """The keyword a line gives is the line's to say: explain --text writes no keyword line
    for it, and reads back alike; explain names the line that gives it."""
    from cardscript.explain import explain_card
    from cardscript.fmt.render import Renderer
    from cardscript.rulesets import get
    tpl = _template('card "Tall": minion giant, cost 6, power 5\n'
                    '  This Giant occupies four sites.\n')
    text = Renderer(get("sorcery").language).card(tpl)
    assert text.splitlines()[1:] == ["  Occupies four sites."]
    told = explain_card(tpl, get("sorcery"))
    assert "keywords: oversized (by its line '" in told and "occupies four sites')" in told
