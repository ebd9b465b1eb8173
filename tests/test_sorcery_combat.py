"""Sorcery's realm, movement and combat rules (rulesets/sorcery/realm.py, combat.py): what the
bundled scenarios' `expect` blocks cannot say (which questions are asked, and which not)."""

from __future__ import annotations

from pathlib import Path

import yaml

from cardscript.rulesets.sorcery.realm import intersections
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "cards" / "sorcery" / "scenarios"


def _run(setup: dict, actions: list, choices=(), **top) -> dict:
    """Run a Sorcery scenario built here, with the scenario cards of realm.cards."""
    data = {"name": "t", "ruleset": "sorcery", "cards": ["cards/realm.cards"],
            "players": ["alice", "bob"], "setup": setup, "actions": actions,
            "choices": list(choices), **top}
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return run_scenario(parse_scenario(text, str(SCENARIOS / "t.yaml")))


def _sites(*squares, water=()):
    return [{"card": "Summer River" if s in water else "Red Desert", "id": f"site-{s}", "at": s}
            for s in squares]


def _card(result, ref) -> dict:
    return next(c for c in result["state"]["cards"] if c["id"] == ref or c["name"] == ref)


def test_intersections_are_the_twelve_points_where_four_squares_meet():
    """A 4x5 realm has 3x4 intersections, each named by its four squares, top-left first."""
    points = intersections()
    assert len(points) == 12
    assert points[0] == (1, 2, 6, 7) and points[-1] == (14, 15, 19, 20)


def test_an_airborne_unit_reaches_a_diagonal_square_a_walker_cannot():
    """Airborne adds the four diagonal squares to a step; a unit on foot has only four."""
    setup = {"alice": {"realm": _sites(8, 14) + [
        {"card": "Gale Kestrel", "at": 8}, {"card": "Lady Iseult", "at": 8}]}}
    flown = _run(setup, [{"player": "alice", "move": "Gale Kestrel", "to": 14}])
    assert flown["ok"] and _card(flown, "Gale Kestrel")["at"] == 14
    walked = _run(setup, [{"player": "alice", "move": "Lady Iseult", "to": 14}])
    assert walked["error"]["code"] == "S206"
    assert "cannot reach 14" in walked["error"]["message"]


def test_going_underwater_is_a_step_and_ties_are_a_path_question():
    """Two steps from the surface at 13 to underwater at 14: down then across, or across then
    down; the controller's `path` answer names each step with its region."""
    setup = {"alice": {"realm": _sites(13, 14, water=(13, 14)) + [
        {"card": "Giant Shark", "at": 13, "movement": 2}]}}
    actions = [{"player": "alice", "move": "Giant Shark", "to": 14, "region": "underwater"}]
    down_first = _run(setup, actions, [{"player": "alice", "kind": "path",
                                        "answer": ["13 underwater", "14 underwater"]}])
    assert down_first["ok"], down_first.get("error")
    steps = [e for e in down_first["trace"] if e["kind"] == "move"]
    assert [(e["from"], e["to"]) for e in steps] == [(13, 13), (13, 14)]
    assert _card(down_first, "Giant Shark")["region"] == "underwater"
    across_first = _run(setup, actions, [{"player": "alice", "kind": "path",
                                          "answer": ["14", "14 underwater"]}])
    steps = [e for e in across_first["trace"] if e["kind"] == "move"]
    assert [(e["from"], e["to"]) for e in steps] == [(13, 14), (14, 14)]


def test_a_unit_moved_by_a_spell_is_not_intercepted():
    """Only the Move and Attack ability can be intercepted: Windblast moves alice's Lady
    Iseult onto bob's untapped caravan and no `intercept` question is asked."""
    setup = {"alice": {"hand": ["Windblast"], "realm": _sites(8, 9) + [
        {"card": "Lady Iseult", "at": 8}]},
             "bob": {"realm": [{"card": "Azuridge Caravan", "at": 9}]}}
    result = _run(setup, [{"player": "alice", "cast": "Windblast", "targets": [8], "to": 9}])
    assert result["ok"], result.get("error")
    assert _card(result, "Lady Iseult")["at"] == 9
    assert _card(result, "Azuridge Caravan")["damage"] == 0


def test_no_intercept_question_without_an_untapped_enemy_there():
    """A tapped enemy, or one in another region, cannot intercept: nothing is asked."""
    setup = {"alice": {"realm": _sites(8, 9, water=(9,)) + [{"card": "Lady Iseult", "at": 8}]},
             "bob": {"realm": [{"card": "Azuridge Caravan", "at": 9, "tapped": True},
                               {"card": "Giant Shark", "at": 9, "region": "underwater"}]}}
    result = _run(setup, [{"player": "alice", "move": "Lady Iseult", "to": 9}])
    assert result["ok"], result.get("error")
    assert _card(result, "Lady Iseult")["at"] == 9


def test_a_stealthy_mover_is_not_intercepted_and_a_ground_unit_cannot_stop_a_flier():
    """Stealth and Airborne keep an untapped enemy on foot from intercepting the mover."""
    for mover in ("Mist Stalker", "Gale Kestrel"):
        setup = {"alice": {"realm": _sites(8, 9) + [{"card": mover, "at": 8}]},
                 "bob": {"realm": [{"card": "Lady Iseult", "at": 9}]}}
        result = _run(setup, [{"player": "alice", "move": mover, "to": 9}])
        assert result["ok"], (mover, result.get("error"))


def test_a_unit_too_far_to_reach_is_not_offered_as_a_defender():
    """A defender must reach the attacked location with its own Movement: bob's Shield
    Bearer two steps away is not offered, so no `defend` question is asked."""
    setup = {"alice": {"realm": _sites(8, 9, 10) + [{"card": "Lady Iseult", "at": 8}]},
             "bob": {"realm": [{"card": "Azuridge Caravan", "at": 8},
                               {"card": "Shield Bearer", "at": 10}]}}
    result = _run(setup, [{"player": "alice", "attack": "Lady Iseult",
                           "target": "Azuridge Caravan"}])
    assert result["ok"], result.get("error")
    assert _card(result, "Shield Bearer")["tapped"] is False


def test_attacking_a_friendly_unit_or_a_unit_elsewhere_is_an_illegal_target():
    """A unit attacks only an enemy where it stands: its own ally, or an enemy a step away
    (without Ranged), is an illegal target (S203) that lists what it can attack."""
    setup = {"alice": {"realm": _sites(8, 9) + [{"card": "Lady Iseult", "at": 8},
                                                {"card": "Azuridge Caravan", "at": 8}]},
             "bob": {"realm": [{"card": "Tawny", "at": 9}]}}
    for target in ("Azuridge Caravan", "Tawny"):
        result = _run(setup, [{"player": "alice", "attack": "Lady Iseult", "target": target}])
        assert result["error"]["code"] == "S203", target
        assert result["error"]["hint"] == "what it can attack: none"
        assert _card(result, "Lady Iseult")["tapped"] is False


def test_an_unknown_region_or_a_missing_enemy_is_an_illegal_action_before_anything_taps():
    """`region: sky` is refused with the realm's regions; a move-and-attack naming no enemy
    is refused before the unit moves or taps."""
    setup = {"alice": {"realm": _sites(8, 9) + [{"card": "Lady Iseult", "at": 8}]}}
    sky = _run(setup, [{"player": "alice", "move": "Lady Iseult", "to": 9, "region": "sky"}])
    assert sky["error"]["code"] == "S206" and "unknown region 'sky'" in sky["error"]["message"]
    assert "regions: surface, underwater, underground, void" in sky["error"]["hint"]
    nobody = _run(setup, [{"player": "alice", "attack": "Lady Iseult", "to": 9,
                           "target": "Tawny"}])
    assert nobody["error"]["code"] == "S203"
    iseult = _card(nobody, "Lady Iseult")
    assert (iseult["at"], iseult["tapped"]) == (8, False)


def test_region_words_read_before_or_after_the_noun():
    """'each underground enemy minion', 'each enemy minion underground', 'each minion in
    the void', 'each minion underwater' and 'each minion below' narrow the selector to a
    region ('below': either region beneath a site)."""
    from cardscript.language.reader import Reader
    from cardscript.rulesets import get
    reader = Reader(get("sorcery").language)

    def region(text):
        sel = reader.read_cards(tuple(text.split()))
        return sel.place.region if sel.place is not None else None
    assert region("each underground enemy minion") == "underground"
    assert region("each enemy minion underground") == "underground"
    assert region("each minion in the void") == "void"
    assert region("each minion on the surface") == "surface"
    assert region("each enemy minion") is None
    assert region("each minion underwater") == "underwater"
    assert region("each underwater minion") == "underwater"
    assert region("each minion below") == "below"
    # before 'to', 'underwater' is still the move's word
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    tpl = compile_files([parse_text('card "X": magic, cost 1\n  Move target minion underwater '
                                    'to target site.\n', "<t>")], get("sorcery").language)["X"]
    assert "move underwater" in repr(tpl.abilities[0])
    assert region("each minion nearby") is None


def test_going_down_at_its_own_location_ends_the_move_there_and_may_be_intercepted():
    """A burrower going underground where an enemy burrower waits ends its movement there,
    so the enemy may intercept it: the `intercept` question is asked, the two fight and both
    die."""
    setup = {"alice": {"realm": _sites(8) + [{"card": "Loam Burrower", "id": "mine", "at": 8}]},
             "bob": {"realm": [{"card": "Loam Burrower", "id": "theirs", "at": 8,
                                "region": "underground"}]}}
    actions = [{"player": "alice", "move": "mine", "to": 8, "region": "underground"}]
    unanswered = _run(setup, actions)
    assert "intercept" in unanswered["error"]["message"]
    result = _run(setup, actions, [{"player": "bob", "kind": "intercept", "answer": "theirs"}])
    assert result["ok"], result.get("error")
    assert (_card(result, "mine")["zone"], _card(result, "theirs")["zone"]) == \
        ("cemetery", "cemetery")
    assert any(d.startswith("Loam Burrower intercepts Loam Burrower")
               for e in result["trace"] for d in e.get("did", []))


def test_an_enemy_passed_on_the_way_is_not_asked_to_intercept():
    """A unit passing through a location on its way is not intercepted there: with no enemy
    where the move ends, no `intercept` question is asked and the mover arrives."""
    setup = {"alice": {"realm": _sites(7, 8, 9) + [{"card": "Dune Strider", "at": 7}]},
             "bob": {"realm": [{"card": "Lady Iseult", "at": 8}]}}
    result = _run(setup, [{"player": "alice", "move": "Dune Strider", "to": 9}])
    assert result["ok"], result.get("error")
    assert _card(result, "Dune Strider")["at"] == 9
    assert _card(result, "Lady Iseult")["tapped"] is False


def test_a_move_and_attack_toward_a_target_out_of_reach_is_refused_before_moving():
    """The target of a move and attack must stand at the destination (or a step away for a
    Ranged unit): otherwise the action is refused before the unit moves or taps."""
    setup = {"alice": {"realm": _sites(8, 9, 10) + [{"card": "Lady Iseult", "at": 8},
                                                    {"card": "Reed Archer", "at": 8}]},
             "bob": {"realm": [{"card": "Tawny", "at": 10}]}}
    far = _run(setup, [{"player": "alice", "attack": "Lady Iseult", "to": 9, "target": "Tawny"}])
    assert far["error"]["code"] == "S203" and "out of reach from 9" in far["error"]["message"]
    iseult = _card(far, "Lady Iseult")
    assert (iseult["at"], iseult["tapped"]) == (8, False)
    ranged = _run(setup, [{"player": "alice", "attack": "Reed Archer", "to": 9,
                           "target": "Tawny"}])
    assert ranged["ok"], ranged.get("error")
    assert _card(ranged, "Tawny")["damage"] == 1 and _card(ranged, "Reed Archer")["at"] == 9


def test_area_and_region_words_have_canonical_text():
    """The canonical renderer writes area and region words back in the language's words, a
    region after another place too ('nearby underground'), and nothing is kept as written."""
    from cardscript.compiler import compile_files
    from cardscript.fmt.render import Renderer
    from cardscript.grammar import parse_text
    from cardscript.rulesets import get
    lang = get("sorcery").language
    src = ('card "Seer": minion, cost 1, power 1\n'
           "  Tap → Deal 1 damage to each enemy minion nearby underground.\n"
           "  Tap → Deal 1 damage to each minion in this body of water.\n")
    tpl = compile_files([parse_text(src, "t.cards")], lang)["Seer"]
    renderer = Renderer(lang)
    text = renderer.card(tpl)
    assert renderer.as_written == []
    assert "each enemy minion nearby underground" in text
    assert "each minion in this body of water" in text


def test_a_region_word_narrows_another_place_in_either_order():
    """'each underground minion nearby' and 'each minion nearby underground' are one selector:
    nearby this card, and underground."""
    from cardscript.language.reader import Reader
    from cardscript.rulesets import get
    reader = Reader(get("sorcery").language)
    first = reader.read_cards(tuple("each underground minion nearby".split()))
    second = reader.read_cards(tuple("each minion nearby underground".split()))
    assert first.place == second.place
    assert (first.place.reach, first.place.region) == ("nearby", "underground")


def test_an_immobile_unit_attacks_only_where_it_stands():
    """Immobile takes no step, so a move and attack toward a target elsewhere is refused
    before anything taps; one at its own location is attacked."""
    setup = {"alice": {"realm": _sites(8, 9) + [{"card": "Stone Sentinel", "at": 8}]},
             "bob": {"realm": [{"card": "Tawny", "at": 9}, {"card": "Skeleton", "at": 8}]}}
    extra = {"cards": ["cards/realm.cards", "cards/extra.cards"]}
    far = _run(setup, [{"player": "alice", "attack": "Stone Sentinel", "to": 9,
                        "target": "Tawny"}], **extra)
    assert far["error"]["code"] == "S203" and "out of reach from 8" in far["error"]["message"]
    assert _card(far, "Stone Sentinel")["tapped"] is False
    here = _run(setup, [{"player": "alice", "attack": "Stone Sentinel", "to": 9,
                         "target": "Skeleton"}],
                [{"player": "bob", "kind": "defend", "answer": "none"}], **extra)
    assert here["ok"], here.get("error")
    assert _card(here, "Stone Sentinel")["at"] == 8
    attack = next(e for e in here["trace"] if e["kind"] == "attack")
    assert attack["did"][0] == "Stone Sentinel and Skeleton strike: 2 and 1 damage"


def test_a_permission_to_attack_stealth_minions_lifts_stealth_only_in_an_attack(monkeypatch):
    """'can attack Stealth minions' lets its unit attack a hidden unit, never intercept or
    defend against it (strikes.py `can_engage`)."""
    from types import SimpleNamespace
    from cardscript.rulesets.sorcery import strikes
    asked = []
    monkeypatch.setattr(strikes, "permitted",
                        lambda game, card, act: asked.append(act) or act == "attack stealth")
    foe = SimpleNamespace(extra={}, incarnation=1)
    game = SimpleNamespace(has_keyword=lambda card, kw: card is foe and kw == "stealth")
    unit = SimpleNamespace(extra={}, incarnation=1)
    assert strikes.can_engage(game, unit, foe) is False
    assert strikes.can_engage(game, unit, foe, attacking=True) is True
    assert asked == ["attack stealth"]
