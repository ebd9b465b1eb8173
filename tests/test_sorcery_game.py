"""Sorcery's whole-game rules: resources, players, turns, durations, the avatar's abilities
(rulesets/sorcery/resources.py, players.py, turns.py, durations.py, avatar.py)."""

from __future__ import annotations

from collections import Counter

from scenario_text import error_of, run, scenario_yaml

BOARD = """\
setup:
  alice:
    hand: [Kiln Guard, War Cry, Ember Dart, Cinder Flats]
    atlas: [Gale Spire, Loam Hollow]
    spellbook: [Ember Dart, War Cry]
    realm:
      - {card: Hedgerow Magus, at: 3}
      - {card: Cinder Flats, at: 3}
  bob:
    atlas: [Summer River]
    spellbook: [Frost Needle]
    realm:
      - {card: Saltmarsh Seer, at: 18}
      - {card: Summer River, at: 18}
"""


def game(actions: str, choices: str = "", board: str = BOARD, extra: str = "") -> dict:
    """Run alice and bob's game on `board` with the given actions (YAML list items)."""
    text = scenario_yaml("sorcery", extra + board + "actions:\n" + actions +
                         ("choices:\n" + choices if choices else ""))
    result = run(text)
    assert result["ok"], result["error"]
    return result


def did(result, text: str) -> list:
    """The `did` lists of the trace entries whose text is `text`."""
    return [e["did"] for e in result["trace"] if e["text"] == text]


def test_threshold_words_count_each_icon():
    """`threshold fire fire water` is 2 fire and 1 water; a site gives its element flags."""
    from cardscript.rulesets.sorcery import resources
    from cardscript.rulesets import get
    from cardscript.cardcache import load_pool
    pool = load_pool(get("sorcery"))
    assert resources.printed_threshold(pool["Kiln Guard"]) == Counter({"fire": 2})
    assert resources.printed_threshold(pool["War Cry"]) == Counter()
    assert resources.describe(Counter({"water": 1, "fire": 2})) == "2 fire, 1 water"
    assert resources.describe(Counter()) == "none"


def test_one_fire_site_does_not_pay_two_fire():
    """Kiln Guard (fire fire) cannot be cast with one fire site: S202 naming what lacks."""
    err = error_of(scenario_yaml("sorcery", BOARD + """\
actions:
  - {player: alice, cast: Kiln Guard, at: 3}
"""))
    assert err["code"] == "S202"
    assert "needs 2 fire threshold" in err["message"] and "give 1 fire" in err["message"]
    assert "lacks 1 fire" in err["hint"]


def test_a_flooded_site_is_water_but_gives_no_threshold():
    """Flooding makes a site a water site for movement, not a source of water threshold."""
    err = error_of(scenario_yaml("sorcery", """\
setup:
  bob:
    hand: [Frost Needle]
    realm:
      - {card: Red Desert, at: 8, flooded: true}
      - {card: Lady Iseult, at: 8}
actions:
  - {player: bob, cast: Frost Needle, target: Lady Iseult}
"""))
    assert err["code"] == "S202" and "sites give none" in err["message"]


def test_mana_fills_to_the_sites_and_a_new_site_adds_one():
    """At the start of a turn mana is one a site; a site played that turn gives one more."""
    result = game("""\
  - {player: alice, start_turn: true, first_turn: true}
  - {player: alice, play_site: Cinder Flats, at: 8}
  - {player: alice, cast: Kiln Guard, at: 8}
""")
    assert "alice has 1 mana, threshold 1 fire" in did(result, "start of alice's turn 1")[0]
    assert result["state"]["players"]["alice"]["counters"]["mana"] == 0
    assert any(c["name"] == "Kiln Guard" and c["at"] == 8 for c in result["state"]["cards"])


def test_unspent_mana_is_lost_when_the_turn_passes():
    """Mana left at the end of the turn is emptied, and says how much."""
    result = game("""\
  - {player: alice, start_turn: true, first_turn: true}
  - {player: alice, end_turn: true}
""", choices="  - {player: bob, kind: draw, answer: atlas}\n")
    assert "alice loses 1 unspent mana" in did(result, "alice's turn 1 passes")[0]
    assert result["state"]["players"]["alice"]["counters"]["mana"] == 0
    assert result["state"]["active"] == "bob"


def test_end_turn_without_turns_only_passes_the_turn():
    """Before any start_turn, end_turn is every game's: no mana, no draw, no end phase."""
    result = game("""\
  - {player: alice, end_turn: true}
""")
    assert result["trace"] == []
    assert result["state"]["active"] == "bob"
    assert "mana" not in result["state"]["players"]["bob"]["counters"]
    assert result["state"]["players"]["bob"]["zones"]["hand"] == []


def test_the_draw_asks_which_deck_when_both_hold_cards():
    """A `draw` question picks the atlas or the spellbook; the answer decides the card."""
    result = game("""\
  - {player: alice, start_turn: true}
""", choices="  - {player: alice, kind: draw, answer: atlas}\n")
    assert "alice draws Gale Spire from their atlas" in did(result, "start of alice's turn 1")[0]


def test_a_missing_draw_answer_is_an_error_naming_the_decks():
    """With no `draw` answer the run stops with S301 listing atlas and spellbook."""
    err = error_of(scenario_yaml("sorcery", BOARD + """\
actions:
  - {player: alice, start_turn: true}
"""))
    assert err["code"] == "S301" and "atlas, spellbook" in err["hint"]


def test_start_turn_twice_is_an_error():
    """A turn already being played is ended with end_turn, not started again."""
    err = error_of(scenario_yaml("sorcery", BOARD + """\
actions:
  - {player: alice, start_turn: true, first_turn: true}
  - {player: alice, start_turn: true}
"""))
    assert err["code"] == "S206" and "already being played" in err["message"]


def test_start_game_needs_an_avatar_for_each_player():
    """A whole game without bob's avatar is refused before anything is dealt."""
    err = error_of(scenario_yaml("sorcery", """\
setup:
  alice:
    realm:
      - {card: Hedgerow Magus, at: 3}
actions:
  - {player: alice, start_game: true}
"""))
    assert err["code"] == "S206" and "bob has no avatar" in err["message"]


def test_a_shuffled_start_is_the_same_for_the_same_seed_and_differs_by_seed():
    """start_game with shuffle: true deals by the seed: same seed, same hands."""
    board = """\
setup:
  alice:
    realm:
      - {card: Hedgerow Magus, at: 3}
    atlas: [Cinder Flats, Gale Spire, Loam Hollow, Summer River, Red Desert, Boneyard]
    spellbook: [Ember Dart, War Cry, Kiln Guard, Wind Step, Dawn Herald, Dusk Toller]
  bob:
    realm:
      - {card: Saltmarsh Seer, at: 18}
"""

    def hand(seed):
        result = game("  - {player: alice, start_game: true, shuffle: true}\n", board=board,
                      extra=f"seed: {seed}\n")
        return result["state"]["players"]["alice"]["zones"]["hand"]

    hands = {seed: hand(seed) for seed in range(4)}
    assert hand(2) == hands[2]
    assert len({tuple(h) for h in hands.values()}) > 1
    assert all(len(h) == 6 for h in hands.values())


def test_an_unshuffled_start_deals_the_top_three_of_each_deck():
    """Without shuffle: the setup's order, top first: three sites, then three spells."""
    board = BOARD.replace("atlas: [Gale Spire, Loam Hollow]",
                          "atlas: [Gale Spire, Loam Hollow, Red Desert, Boneyard]")
    board = board.replace("hand: [Kiln Guard, War Cry, Ember Dart, Cinder Flats]", "hand: []")
    result = game("  - {player: alice, start_game: true}\n", board=board)
    zones = result["state"]["players"]["alice"]["zones"]
    assert zones["hand"] == ["Gale Spire", "Loam Hollow", "Red Desert", "Ember Dart", "War Cry"]
    assert zones["atlas"] == ["Boneyard"]


def test_power_this_turn_is_read_by_the_lethal_damage_rule():
    """+2 power this turn keeps a 1-power minion alive through 2 damage; it ends after."""
    board = BOARD.replace("      - {card: Cinder Flats, at: 3}\n",
                         "      - {card: Cinder Flats, at: 3}\n      - {card: Cinder Flats, "
                         "at: 8}\n      - {card: Dawn Herald, at: 8}\n")
    result = game("""\
  - {player: alice, start_turn: true, first_turn: true}
  - {player: alice, cast: War Cry, target: Dawn Herald}
  - {player: alice, cast: Ember Dart, target: Dawn Herald}
  - {player: alice, end_turn: true}
""", board=board, choices="  - {player: bob, kind: draw, answer: atlas}\n")
    herald = next(c for c in result["state"]["cards"] if c["name"] == "Dawn Herald")
    assert herald["zone"] == "realm" and herald["damage"] == 0
    assert did(result, "alice's turn 1 passes")[0][0] == "ends: Dawn Herald +2 power"


def test_a_keyword_this_turn_goes_with_a_card_that_leaves():
    """A minion that dies with a lasting keyword keeps it no longer (its new stay has none)."""
    board = BOARD.replace("      - {card: Cinder Flats, at: 3}\n",
                          "      - {card: Cinder Flats, at: 3}\n      - {card: Gale Spire, "
                          "at: 8}\n      - {card: Dawn Herald, at: 8}\n")
    board = board.replace("hand: [Kiln Guard", "hand: [Wind Step, Kiln Guard")
    result = game("""\
  - {player: alice, cast: Wind Step, target: Dawn Herald}
  - {player: alice, cast: Ember Dart, target: Dawn Herald}
""", board=board)
    herald = next(c for c in result["state"]["cards"] if c["name"] == "Dawn Herald")
    assert herald["zone"] == "cemetery"
    assert herald["keywords"] == []


class _LastingCard:
    """Just what durations.expire reads of a card in the realm."""
    incarnation, name, zone = 1, "Y", "realm"

    def __init__(self, granted):
        self.granted = set(granted)


class _LastingGame:
    """Just what durations.expire reads of a game: its slots and its play zones."""

    def __init__(self):
        self.slots = {}
        self.policy = type("P", (), {"play_zones": ("realm",)})()

    def slot(self, name, make):
        return self.slots.setdefault(name, make())

    def set_slot(self, name, value):
        self.slots[name] = value


def test_until_your_next_turn_ends_only_at_its_makers_turn():
    """An effect of alice's lasting until her next turn survives bob's turn start."""
    from cardscript.rulesets.sorcery.durations import NEXT_TURN, Lasting, expire

    g, card = _LastingGame(), _LastingCard({"airborne"})
    g.slot("lasting", list).append(Lasting(card, 1, "keyword", "airborne", 0, NEXT_TURN,
                                           "alice"))
    assert expire(g, NEXT_TURN, "bob") == [] and card.granted == {"airborne"}
    assert expire(g, NEXT_TURN, "alice") == ["Y airborne"] and card.granted == set()


def test_until_the_end_of_your_next_turn_made_in_an_opponents_turn_ends_with_the_coming_one():
    """Made by alice in bob's turn, it is armed as her next turn starts and ends as it ends."""
    from cardscript.rulesets.sorcery.durations import (ARMED, END_NEXT_TURN, Lasting, arm,
                                                       expire)

    g, card = _LastingGame(), _LastingCard({"haste"})
    g.slot("lasting", list).append(Lasting(card, 1, "keyword", "haste", 0, END_NEXT_TURN,
                                           "alice"))
    assert expire(g, ARMED, "bob") == [] and card.granted == {"haste"}    # bob's turn ends
    arm(g, "bob")
    assert expire(g, ARMED, "alice") == [] and card.granted == {"haste"}  # not armed yet
    arm(g, "alice")                                                       # her turn starts
    assert expire(g, ARMED, "alice") == ["Y haste"] and card.granted == set()


def test_the_first_site_goes_to_the_avatars_square():
    """With no site yet, only the avatar's own square takes a site."""
    err = error_of(scenario_yaml("sorcery", """\
setup:
  alice:
    hand: [Gale Spire]
    realm:
      - {card: Hedgerow Magus, at: 3}
actions:
  - {player: alice, play_site: Gale Spire, at: 8}
"""))
    assert err["code"] == "S206" and err["hint"].endswith(": 3")


def test_play_site_takes_only_a_site():
    """play_site with a spell is refused, pointing at cast:."""
    err = error_of(scenario_yaml("sorcery", BOARD + """\
actions:
  - {player: alice, play_site: War Cry, at: 8}
"""))
    assert err["code"] == "S206" and "is not a site" in err["message"]


def test_damage_to_an_avatar_is_life_and_leaves_no_damage():
    """2 damage to an avatar takes 2 life; the avatar card shows no damage."""
    result = game("""\
  - {player: alice, cast: Ember Dart, target: Saltmarsh Seer}
""")
    assert result["state"]["players"]["bob"]["counters"]["life"] == 18
    seer = next(c for c in result["state"]["cards"] if c["name"] == "Saltmarsh Seer")
    assert seer["damage"] == 0


def test_life_lost_at_deaths_door_is_no_death_blow():
    """Life lost (a site attacked), not damage, in a later turn is no death blow."""
    board = BOARD.replace("      - {card: Cinder Flats, at: 3}\n",
                          "      - {card: Cinder Flats, at: 3}\n      - {card: Lady Iseult, "
                          "at: 18}\n").replace("  bob:\n", "  bob:\n    life: 2\n")
    result = game("""\
  - {player: alice, start_turn: true, first_turn: true}
  - {player: alice, cast: Ember Dart, target: Saltmarsh Seer}
  - {player: alice, end_turn: true}
  - {player: bob, end_turn: true}
  - {player: alice, attack: Lady Iseult, target: Summer River}
""", board=board, choices="""\
  - {player: bob, kind: draw, answer: spellbook}
  - {player: alice, kind: draw, answer: atlas}
  - {player: bob, kind: defend, answer: none}
""")
    assert result["state"]["winner"] is None
    assert result["state"]["players"]["bob"]["counters"]["life"] == 0


def test_a_verb_of_no_card_takes_true():
    """start_turn: false is no action: an error at the value, not a turn started."""
    err = error_of(scenario_yaml("sorcery", BOARD + """\
actions:
  - {player: alice, start_turn: false}
"""))
    assert err["code"] == "S206" and "start_turn: false is no action" in err["message"]
