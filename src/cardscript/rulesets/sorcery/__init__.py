"""Sorcery: Contested Realm's storyline, as a ruleset: policy data plus board primitives."""

from __future__ import annotations

from ...interpreter.rules import COMMON_ACTIONS, CardField, Policy, after
from ...errors import ScenarioError
from .. import Ruleset, repo_cards_dir
from ...library.moves import in_play, leave_play
from .geometry import Grid
from .language import UNITS, build_language
from .combat import arrivals, attack_action, end_turn_action, move_action
from .policy import POLICY, SETTINGS
from .kinds import activate_action, bearer_takes_up, cast_action, cast_by, leaving_clears
from .immunity import made_lethal
from .redirects import prevents
from .kept_keywords import kept_until_a_site
from .summoning import summoned_burrowed
from .genesis_again import genesis_as_deathrite
from .walls import passing_through
from .lifetimes import turns_lasted
from .deeds import site_control
from .unit_casts import HAPPENINGS as UNIT_CAST, unit_casts
from .void_entry import HAPPENINGS as VOID_ENTRY, entered_the_void
from .ongoing import can_target, left_with_stat_change, stats_may_change
from .stats import card_fields, stat
from .setup import check_places
from . import auras, avatar, costs, durations, kills, own_acts, players, resources, site_swap
from . import becoming, combat_triggers, copies, ranged_runs, settling, surfacing_attacks, turns
from . import conjured_under, conjuring, drops, lance, pick_ups, ward
from . import additional_costs, effect_casts


REASONS = {"damage": "lethal damage", "lethal": "damage from a lethal unit",
           "lethal spell": "damage from a lethal spell",
           "lethal here": "damage made lethal where it stands",
           "drown": "underwater without submerge or water"}


def _dies(game, card, why):
    """A rule of the game kills a card, unless a replacement effect says what happens instead.

    A replaced death is remembered for the state that caused it, so the same state does not
    kill (or ask the replacement) again; a new cause (more damage, another square) does.
    """
    if card.extra.get("spared") == (card.incarnation, why):
        return
    if game.would("die", card, card.controller):
        killer = kills.killer_in_batch(game, card)
        leave_play(game, card, "cemetery", why="die")
        game.note(f"{card.name} dies ({REASONS[why[0]]})")
        kills.report_kill(game, killer, card)
    elif in_play(game, card):
        card.extra["spared"] = (card.incarnation, why)


# The happenings after which a damaged minion's power may have fallen unseen (lethal_damage).
MOVES = frozenset({"enter_play", "leave_play", "move"})


@after("damage", "stats", "enter_play", "leave_play", "move")
def lethal_damage(game):
    """A unit with damage at least its power dies (a rule of the game, not a storyline event).

    Its power may fall without a happening about it (the card granting +1 power left, its
    condition stopped holding), so after a card enters, leaves or moves every damaged
    minion is looked at again (when anything in the realm changes a stat, or just left it).
    """
    touched = {}
    dealt = []                  # the damage happenings, for Lethal below
    moved = False
    for h in game.batch:        # one pass: most batches are one happening
        kind = h.kind
        if kind == "damage" or kind == "stats":
            if h.card is not None:
                touched[id(h.card)] = h.card
                if kind == "damage":
                    dealt.append(h)
        elif kind in MOVES:
            moved = True
    if moved and (stats_may_change(game) or left_with_stat_change(game)):
        for c in game.state.in_zones(game.policy.play_zones):
            if c.damage:
                touched.setdefault(id(c), c)
    # Every death is found before any happens: what one leaves behind (an artifact it
    # carried, and what that gave) is still there for the others, dealt at the same moment.
    doomed = []
    for c in touched.values():
        if c.kind == "minion" and c.damage and c.damage >= stat(game, c, "power"):
            doomed.append((c, ("damage", c.damage)))
    # Lethal: a minion dealt damage by a lethal card dies, whatever its power and however
    # little the damage (zero is no damage). A spell's damage is the spell's own: lethal when
    # the spell has Lethal, not when its caster has. Damage an ongoing effect makes lethal
    # where the minion stands kills it so too (immunity.py).
    # Most damage is not lethal: the source's keyword is asked first, and where the minion
    # stands only while an effect making damage lethal there is in play at all.
    made_here = dealt and game.has_statics("lethal damage")
    for h in dealt:
        c = h.card
        if c.kind != "minion" or h.data.get("amount", 0) <= 0:
            continue
        src = h.data.get("source")
        own = src is not None and game.has_keyword(src, "lethal")
        if not own and not (made_here and made_lethal(game, c) is not None):
            continue
        if in_play(game, c):
            why = ("lethal" if src.kind in UNITS else "lethal spell") if own else "lethal here"
            doomed.append((c, (why, c.damage)))
    for c, why in doomed:
        if in_play(game, c):
            _dies(game, c, why)


@after("move", "enter", "enter_play", "leave_play", "stats")
def drowning(game):
    """A unit underwater away from water, or underwater without Submerge, dies at once."""
    cards = game.state.in_zones(game.policy.play_zones)
    for c in cards:             # (most boards have no card underwater: nothing to look at)
        if c.ext["region"] == "underwater":
            break
    else:
        return
    for c in list(cards):
        if c.kind in UNITS and c.ext["region"] == "underwater":
            if not game.geometry.has_trait(game, c.at, "water") or \
                    not game.has_keyword(c, "submerge"):
                _dies(game, c, ("drown", c.at))


def cast_location(game, card, player, at):
    """Permanents go to a square; a site's square must be free, a unit's must hold a site."""
    geo = game.geometry
    if at is None:
        if card.kind == "site":
            raise ScenarioError(f"illegal action: casting {card.name} needs at: (the square to "
                                "play the site to)", None, code="S206",
                                hint="add at: with a free square, 1-20, to the action")
        squares = [s for s in geo.locations(game) if geo.has_site(game, s)]
        if len(squares) == 1:
            return squares[0]
        raise ScenarioError(f"illegal action: casting {card.name} needs at: (the square to "
                            "summon it to)", None, code="S206",
                            hint=("add at: with one of the squares that hold a site: " +
                                  ", ".join(map(str, squares))) if squares else
                            "no square holds a site yet: play a site first")
    at = geo.parse_location(at)
    if at not in geo.locations(game):
        raise ScenarioError(f"illegal action: {at!r} is not a square of the realm", None,
                            code="S206", key="at",
                            hint="squares are numbered 1-20, row by row (1-5 is the first row)")
    if card.kind == "site" and geo.has_site(game, at):
        raise ScenarioError(f"illegal action: square {at} already has a site", None, code="S206",
                            key="at", hint="play the site to a square without one")
    if card.kind in UNITS | {"aura"} and not geo.has_site(game, at):
        squares = [s for s in geo.locations(game) if geo.has_site(game, s)]
        raise ScenarioError(f"illegal action: no site at square {at} to summon {card.name} to",
                            None, code="S206", key="at",
                            hint="squares that hold a site: " + (", ".join(map(str, squares))
                                                                 or "none yet"))
    return at


def start(game) -> None:
    """Before the first action: each player's starting life, and the ongoing effects that
    change what cards are (cards a scenario set up near a card that makes them minions are
    minions from the start, not from the first event)."""
    players.start_life(game)
    becoming.relics_become_minions(game)


RULESET = Ruleset(
    name="sorcery",
    player_count=(2, 2),            # a game for two players
    happenings=frozenset({
        "activate", "attack", "cast", "control", "counter", "counters", "damage",
        "deaths_door", "die", "discard", "draw", "ensnare", "enter", "enter_play", "flood",
        "gain_life",
        "leave_play", "move", "play", "search", "stats", "strike", "turn_end", "turn_start"}
        | own_acts.HAPPENINGS | UNIT_CAST | VOID_ENTRY | kills.HAPPENINGS
        | surfacing_attacks.HAPPENINGS | ranged_runs.HAPPENINGS | settling.HAPPENINGS
        | conjuring.HAPPENINGS | pick_ups.HAPPENINGS | drops.HAPPENINGS
        | combat_triggers.HAPPENINGS),
    policy=Policy.from_dict(POLICY, SETTINGS),
    language=build_language(),
    zones=["atlas", "spellbook", "hand", "realm", "cemetery", "collection"],
    counters={"life": 20},
    actions={**COMMON_ACTIONS, "move": move_action, "attack": attack_action,
             "cast": cast_action, "play": cast_action,
             "activate": activate_action, "end_turn": end_turn_action,
             "start_game": turns.start_game_action, "start_turn": turns.start_turn_action,
             "play_site": avatar.play_site_action, "draw_site": avatar.draw_site_action,
             "swap_site": site_swap.swap_site_action, "pick_up": pick_ups.pick_up_action,
             "drop": drops.drop_action},
    geometry=Grid(),
    state_checks=[copies.entered_as_copy, becoming.relics_become_minions,
                  lethal_damage, drowning, players.damage_to_avatars,
                  resources.new_site_gives_mana, durations.left_the_realm, arrivals,
                  auras.conjured_at_intersection, leaving_clears, bearer_takes_up,
                  lance.arms_lancers,
                  own_acts.points_of_damage,
                  kept_until_a_site, summoned_burrowed, turns_lasted, site_control,
                  unit_casts, entered_the_void, genesis_as_deathrite, passing_through,
                  surfacing_attacks.surfaced_to_attack, conjuring.conjured,
                  conjured_under.goes_beneath],
    resource="mana",
    life_counter="life",
    graveyard="cemetery",
    pool_dir=(repo_cards_dir() / "sorcery") if repo_cards_dir() else None,
    card_keys={"flooded": "flag", "movement": "count", "disabled": "flag"},
    # A unit's region; the unit an artifact is carried by (dropped where it stood when the
    # unit leaves); the card a card is attached to.
    # Where an aura stands: on its square's site (None), or `intersection`, the four squares
    # meeting below and right of its square (rulesets/sorcery/geometry.py `Grid.affected`).
    card_ext={"region": CardField("place", in_play=Grid.default_region),
              "spans": CardField("place"),
              "carried_by": CardField("held_by"), "attached_to": CardField("card")},
    choice_kinds=frozenset({"path", "draw", "intercept", "defend", "remain", "divide",
                            "untap"}),
    # start_game / start_turn options; the region a unit moves in; an aura cast to an
    # intersection; who casts a magic spell; the unit that carries an artifact cast onto it;
    # the units a moving unit carries along (carried_units.py)
    action_keys=frozenset({"shuffle", "first_turn", "region", "spans", "caster", "bearer",
                           "carry"}),
    list_action_keys=frozenset({"carry"}),
    on_start=start,
    cost_of=effect_casts.cost_of,       # cost changes; nothing for a cast 'for free'
    cast_costs=additional_costs.pay,
    policy_settings=SETTINGS,
    view={"grid": {"zone": "realm", "rows": 4, "columns": 5,
                   "regions": ["surface", "underwater", "underground", "void"]},
          "piles": ["atlas", "spellbook"]},
    cast_location=cast_location,
    check_places=check_places,
    can_target=can_target,
    resolve_targets=ward.protect_targets,
    after_add=cast_by,
    card_fields=card_fields,
    prevents=ward.after_others(prevents),
    stat=stat,
)
