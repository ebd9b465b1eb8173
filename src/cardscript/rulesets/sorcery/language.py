"""Sorcery's words: its kinds, nouns, keywords, labels and the verbs its cards need."""

from __future__ import annotations

from ...interpreter.rules import Split
from ...language.registry import LabelSpec
from ...language.selectors import Place
from ...library import common_language
from ...library.moves import in_play
from . import (becoming, copies, costs, durations, forced, lines, moving_others, own_acts,
               source_damage, volleys)
from .additional_costs import register as register_additional_costs
from .ability_threshold import register as register_ability_threshold
from .ranged_runs import register as register_ranged_runs
from .combat_triggers import register as register_combat_triggers
from .settling import register as register_settling
from .refused_wordings import register as register_refused_wordings
from .lost_power import register as register_lost_power
from .unit_casts import register as register_unit_casts
from .void_entry import register as register_void_entry
from .acts import register as register_acts
from .granted_triggers import register as register_granted_triggers
from .avatar import playable_squares
from .keywords import register as register_keywords
from .element_casters import register as register_element_casters
from .site_yield import register as register_site_yield
from .conjure_places import register as register_conjure_places
from .conjuring import register as register_conjuring
from .pick_ups import register as register_pick_ups
from .drops import register as register_drops
from .carried_units import register as register_carried_units
from .conjured_under import register as register_conjured_under
from .bearer_sacrifice import register as register_bearer_sacrifice
from .deck_rules import register as register_deck_rules
from .burrow_exits import register as register_burrow_exits
from .realm_edges import register as register_realm_edges
from .borders import register as register_borders, stops_projectile
from .walls import register as register_walls
from .site_swap import register as register_site_swap
from .standing import register as register_standing
from .oversized import register as register_oversized, summon_group
from .kinds import register as register_kinds
from .kills import register as register_kills
from .permanent_gains import register as register_permanent_gains
from .subject_deaths import register as register_subject_deaths
from .random_discards import register as register_random_discards
from .kind_discards import register as register_kind_discards
from .mills import register as register_mills
from .surfacing_attacks import register as register_surfacing_attacks
from .abandoned_artifacts import register as register_abandoned_artifacts
from .carried_lines import register as register_carried_lines
from .element_bonds import register as register_element_bonds
from .once_on_your_turn import register as register_once_on_your_turn
from .borne_artifacts import register as register_borne_artifacts
from .deck_kinds import register as register_deck_kinds
from .whole_hands import register as register_whole_hands
from .movement import move_group, move_one_step
from .first_strike import register as register_first_strike
from .kept_keywords import register as register_kept_keywords
from .obligations import register as register_obligations
from .summoning import register as register_summoning
from .summon_pair import register as register_summon_pair
from .summon_here import register as register_summon_here
from .pile_summons import ADJACENT_SITE, NEARBY_SITE, register as register_pile_summons
from .effect_casts import register as register_effect_casts, register_plays
from .lasting_permissions import register as register_lasting_permissions
from .spared import register as register_spared
from .redirects import register as register_redirects
from .half_life import register as register_half_life
from .next_attack import register as register_next_attack
from .cast_permits import register as register_cast_permits
from .genesis_again import register as register_genesis_again
from .damaged_by_this import register as register_damaged_by_this
from .lifetimes import register as register_lifetimes
from .deeds import register as register_deeds
from .site_damage import register as register_site_damage
from .ensnares import register as register_ensnares
from .losing import register as register_losing
from .codex_terms import register as register_codex_terms
from .player_heals import register as register_player_heals
from .lance import register as register_lance
from .lance_giving import register as register_lance_giving
from .royalty import register as register_royalty
from .deaths_door_words import register as register_deaths_door_words
from .disabled_for_a_while import register as register_disabled_for_a_while
from .silence import register as register_silence
from .ongoing import register as register_ongoing
from .innate_and_size import register as register_innate_and_size
from .lost_keywords import register as register_lost_keywords
from .oversized_gain import register as register_oversized_gain
from .oversized_loss import register as register_oversized_loss
from .players import register_life_verbs
from .resources import ELEMENTS, check_element_flags, check_threshold_item
from .standing import article
from .words import register as register_words, units_only
from .units import SPELLS, UNITS

ALL = frozenset({"minion", "avatar", "magic", "aura", "artifact", "site"})


def _is_element_site(element: str):
    def test(game, ev, args):
        """Every place the words name is a site of the element."""
        from ...language.selectors import Place
        locs = game.places(args.get("where") or Place("here"), ev)
        return bool(locs) and all(game.geometry.has_trait(game, l, element) for l in locs)
    return test


def build_language():
    lang = common_language(unit_kinds=UNITS | {"artifact"},
                           destroy_kinds=UNITS | {"artifact", "aura"})
    lang.name = "sorcery"
    lang.card_kinds = {k: k for k in ALL} | {"relic": "artifact", "spell": "magic"}
    lang.permanent_kinds = {"minion", "avatar", "site", "aura", "artifact"}
    lang.nouns = {"unit": UNITS, "minion": frozenset({"minion"}), "avatar": frozenset({"avatar"}),
                  "site": frozenset({"site"}), "spell": SPELLS, "magic": frozenset({"magic"}),
                  "aura": frozenset({"aura"}), "artifact": frozenset({"artifact"}),
                  "relic": frozenset({"artifact"}),
                  "card": ALL, "permanent": frozenset({"minion", "avatar", "site", "aura",
                                                       "artifact"})}
    # The game's keywords. Those without an entry in keyword_rules need rules of the game
    # this ruleset does not model yet (casting by a unit): card text naming them is E212.
    lang.keywords = {k: k for k in ("airborne", "submerge", "burrowing", "voidwalk",
                                    "spellcaster", "stealth", "lethal", "ranged", "charge",
                                    "immobile", "range", "movement", "waterbound")}
    lang.valued_keywords = {"range", "movement", "armor"}  # 'Range +1', 'Movement +2'
    lang.signed_keywords = {"range", "movement"}
    lang.capitalised_keywords = True      # 'Give an ally Stealth', 'Airborne minions'
    lang.dash_labels = {"bearer": "the minion carrying this artifact"}
    lang.threshold_icons = {"A": "air", "E": "earth", "F": "fire", "W": "water"}
    lang.keyword_rules = {
        "airborne": "steps diagonally too; reached (attacked, intercepted, defended against) "
                    "only by Airborne or Ranged units (rulesets/sorcery/realm.py "
                    "`step_neighbors`, strikes.py `can_engage`)",
        "submerge": "may go underwater at a water site, and be there without drowning "
                    "(rulesets/sorcery/realm.py `may_stand`, __init__.py `drowning`)",
        "burrowing": "may go underground beneath a land site and move there "
                     "(rulesets/sorcery/realm.py `may_stand`)",
        "voidwalk": "may step into the void, locations without a site "
                    "(rulesets/sorcery/realm.py `may_stand`)",
        "waterbound": "steps only onto water sites (rulesets/sorcery/realm.py `may_stand`)",
        "lethal": "a minion it deals damage to dies, whatever the amount "
                  "(rulesets/sorcery/__init__.py `lethal_damage`)",
        "immobile": "takes no step with the basic move; effects still move it "
                    "(rulesets/sorcery/combat.py `move_and_attack`)",
        "ranged": "may attack a unit one step away, which does not strike back; reaches "
                  "Airborne units (rulesets/sorcery/combat.py `_near_enough`, "
                  "strikes.py `can_engage`)",
        "charge": "may move and attack the turn it is summoned; Alpha prints it Haste "
                  "(rulesets/sorcery/combat.py `ready_unit`)",
        "stealth": "cannot be attacked, intercepted or defended against until it strikes or "
                   "attacks (rulesets/sorcery/strikes.py `stealthy`)",
        "movement": "Movement +X: X more steps with the basic ability "
                    "(rulesets/sorcery/stats.py `stat`)",
        "spellcaster": "may cast magic spells, which then come from its location "
                       "(rulesets/sorcery/kinds.py `caster_of`, `cast_action`)",
    }
    lang.header_fields |= {"power": "lethal damage and strikes (rulesets/sorcery/__init__.py "
                                    "`lethal_damage`, `attack_action`)"}
    lang.header_fields |= {"life": "the avatar's life, where the setup sets none "
                                   "(rulesets/sorcery/players.py `start_life`)",
                           "threshold": "the elements a spell needs, one word an icon: "
                                        "threshold fire fire (rulesets/sorcery/resources.py "
                                        "`check_threshold`)"}
    # Stats a counted amount may read ('equal to its power'): stats.py `stat`.
    lang.stats = {"power": "power"}
    lang.header_flags = {"token", *ELEMENTS}              # a site's elements: `site, water`
    lang.card_checks += [check_element_flags]
    lang.header_checks["threshold"] = check_threshold_item
    durations.register(lang)
    register_conjuring(lang)     # before costs: 'the first relic conjured ...' reads first
    costs.register(lang)
    register_life_verbs(lang)
    lang.place_nouns = {"site": True, "square": False,   # a site is a card, a square is not
                        "location": False}            # a location: a square
    lang.place_kinds = frozenset({"site"})                # "that site": where one stands
    lang.place_traits = {"water"}                         # "a water site"
    lang.area_words = {("in", "this", "body", "of", "water"): "body of water",
                       ("in", "its", "body", "of", "water"): "body of water",
                       ("on", "affected", "sites"): "affected sites",
                       ("at", "affected", "sites"): "affected sites",
                       # the one location ahead of the card, toward its controller's
                       # opponent (borders.py `in_front`)
                       ("directly", "in", "front", "of", "this"): "in front"}
    # 'each minion underwater' is a region as 'underground' is; 'below' is either of the
    # two beneath a site (geometry.py `in_region`).
    lang.region_words = {("underground",): "underground", ("underwater",): "underwater",
                         ("below",): "below", ("in", "the", "void"): "void",
                         ("on", "the", "surface"): "surface"}
    lang.referent_words = {"hit"}                          # "the hit unit" (a projectile)
    lang.zones = {"spellbook": "spellbook", "atlas": "atlas", "hand": "hand",
                  "cemetery": "cemetery", "realm": "realm"}
    lang.draw_zones = {"spell": "spellbook", "site": "atlas", "card": "spellbook"}
    register_words(lang, UNITS)
    lang.label(LabelSpec("Genesis", "trigger", happening="enter_play", kind="genesis"))
    lang.label(LabelSpec("Tap", "cost", pay=_pay_tap))

    @lang.verb("summon", "summon {what:cards} to {where:place}", "summon {what:cards} here",
               splits=("enter_play",))
    def summon(game, ev, node):
        where = node.arg("where")
        summon_to(game, ev, node.arg("what"), game.places(where, ev) if where is not None else
                  ([ev.source.at] if ev.source is not None else []))

    # 'Summon three Frog tokens nearby': to one site nearby the card (its own location among
    # them), which its controller picks as the step resolves (pile_summons.py's NEARBY_SITE).
    @lang.verb("summon nearby", "summon {what:cards} nearby", splits=("enter_play",))
    def summon_nearby(game, ev, node):
        summon_to(game, ev, node.arg("what"), game.places(NEARBY_SITE, ev))

    # '... adjacent': one site adjacent to the card (its own, or one sharing an edge)
    @lang.verb("summon adjacent", "summon {what:cards} adjacent", splits=("enter_play",))
    def summon_adjacent(game, ev, node):
        summon_to(game, ev, node.arg("what"), game.places(ADJACENT_SITE, ev))

    def summon_to(game, ev, sel, locs):
        """Summon what `sel` names (new cards when it names a card, else cards out of the
        realm) to the first of `locs`."""
        if not locs:
            ev.did.append(f"summon {sel.text}: no place to summon to")
            return
        at = locs[0]
        if sel.name is not None and sel.pick in ("name", "any"):
            tpl = game.templates[sel.name]
            cards = [game.state.new_card(tpl, ev.controller) for _ in range(sel.count)]
        else:
            cards = [c for c in game.select(sel, ev) if not in_play(game, c)]
        if not cards:
            ev.did.append(f"summon {sel.text}: nothing to summon")
            return
        ev.slots[sel.slot] = cards
        summon_group(game, ev, cards, at)

    # Before 'move': 'move X underwater to Y' is this verb, not 'move' with a region word
    # after X ('each minion underwater').
    @lang.verb("move underwater", "move {what:cards} underwater to {where:place}",
               "{what:cards} move|moves underwater to {where:place}", splits=("move",))
    def move_underwater(game, ev, node):
        yield from move_group(game, ev, node, region="underwater")

    @lang.verb("move", "move {what:cards} to {where:place}", "{what:cards} move|moves to "
               "{where:place}", splits=("move",))
    def move(game, ev, node):
        yield from move_group(game, ev, node, region=None)

    @lang.verb("move one step", "move {what:cards} one step", "{what:cards} move|moves one step",
               splits=("move",))
    def move_step(game, ev, node):
        yield from move_one_step(game, ev, node)

    @lang.verb("move along the projectile's path", "{what:cards} move|moves along the "
               "projectile's path", "move {what:cards} along the projectile's path",
               splits=("move",))
    def move_along(game, ev, node):
        path = ev.named.get("projectile path", [])
        yield from move_group(game, ev, node, region=None, path=path)

    @lang.verb("submerge", "submerge {what:cards}", splits=("move",),
               check=units_only("submerge"))
    def submerge(game, ev, node):
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to submerge")
        for c in cards:
            if c.ext["region"] != "underwater":
                was, c.ext["region"] = c.ext["region"], "underwater"
                game.happen("move", c, c.controller, frm=c.at, to=c.at, region="underwater")
                own_acts.crossed(game, c, was, "underwater")
                ev.did.append(f"submerge {c.name} at {c.at}")
                ev.subject = ev.subject or c.name

    @lang.verb("shoot a projectile", "{who:cards} shoot|shoots a projectile toward {dir:place}",
               "{who:cards} shoot|shoots a projectile in a cardinal direction",
               binds=("shooter", "hit unit"))
    def shoot(game, ev, node):
        shooters = game.select(node.arg("who"), ev)
        if node.arg("dir") is not None:
            dirs = game.places(node.arg("dir"), ev)
        else:
            # A cardinal direction: toward one of the squares sharing an edge with the
            # shooter's, which its controller picks as the shot is made.
            at = shooters[0].at if shooters else None
            dirs = [game.ask_target(ev.controller, "a cardinal direction to shoot toward",
                                    game.geometry.neighbors(at))] if at is not None else []
        ev.named["shooter"] = shooters[:1]
        ev.named["hit unit"] = []
        ev.named["projectile path"] = []
        if not shooters or not dirs or shooters[0].at is None:
            return
        geo = game.geometry
        shooter, prev, cur = shooters[0], shooters[0].at, dirs[0]
        if cur == prev:
            # Its own square is adjacent to it, but gives no direction to fly in.
            ev.did.append(f"{shooter.name} shoots: no direction (its own square)")
            return
        path = []
        while cur is not None:
            if stops_projectile(game, prev, cur):
                ev.did.append(f"{shooter.name} shoots: stopped at a border")
                return
            path.append(cur)
            here = [c for c in game.state.in_zones(game.policy.play_zones)
                    if c.kind in UNITS and c.at == cur and c is not shooter]
            if here:
                hit = here[0] if len(here) == 1 else game.ask_target(ev.controller,
                                                                     "the unit hit", here)
                ev.named["hit unit"] = [hit]
                ev.named["projectile path"] = path
                ev.did.append(f"{shooter.name} shoots: hits {hit.name} at {cur}")
                return
            prev, cur = cur, geo.step(prev, cur)
        ev.did.append(f"{shooter.name} shoots: hits nothing")

    @lang.verb("play a site", "play {what:cards} from your hand to {where:place}",
               splits=("enter_play",))
    def play_site(game, ev, node):
        sel, where = node.arg("what"), node.arg("where")
        hand = [c for c in game.state.players[ev.controller].zones["hand"]
                if game.matches(sel, c, ev)]
        if not hand:
            ev.did.append("no site in hand to play")
            return
        site = game.ask_cards(ev.controller, "a site from your hand", hand, 1)[0] \
            if len(hand) > 1 else hand[0]
        at = game.ask_target(ev.controller, "a square for the site",
                             playable_squares(game, ev.controller))
        ev.slots[sel.slot] = [site]
        if where.slot:
            ev.slots[where.slot] = [at]
        game.happen("play", site, ev.controller, to=at)
        from ...library.moves import enter_play
        enter_play(game, site, at, ev.controller)
        ev.did.append(f"play {site.name} at {at}")

    @lang.verb("strike", "{who:cards} strike|strikes {what:cards}")
    def strike_verb(game, ev, node):
        # Each unit named strikes the cards named: its power as damage to each, not struck
        # back; one strike of each unit however many it reaches (strikes.py).
        from .strikes import strike_several
        who = [c for c in game.select(node.arg("who"), ev) if in_play(game, c) and
               c.kind in UNITS]
        what = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not who or not what:
            ev.did.append(f"{node.text}: no one to strike" if what else
                          f"{node.text}: nothing to strike")
            return
        for s in who:      # one strike of each, reaching every card named
            dealt = strike_several(game, s, [(t, None) for t in what])
            ev.did.extend(f"{s.name} strikes {t.name}: {n} damage" for t, n in zip(what, dealt))

    # --- patterns, conditions, statics ----------------------------------------
    # 'enters the realm' before 'enters {place}': 'the realm' is no square.
    lang.trigger("enter the realm", "enter_play", "{card:cards} enter|enters the realm")
    register_void_entry(lang)                  # 'enters the void' too: the void is no square

    lang.trigger("enter", "enter", "{card:cards} enter|enters {place:place}")
    # Where a unit dies, written after the verb ('dies nearby', 'die on a Water site'): the
    # place it was at when it died (its last known place), tested as 'a minion here dies' is.
    lang.trigger("die on a site", "die", "{card:cards} die|dies on {place:place}")

    @lang.pattern("die nearby", "die", "{card:cards} die|dies nearby")
    def die_nearby(filt):
        """'a Mortal dies nearby': where it died is here or adjacent to the watching card."""
        return {**filt, "place": Place("adjacent", anchor=Place("here"), reach="nearby")}

    @lang.pattern("die adjacent", "die", "{card:cards} die|dies adjacent")
    def die_adjacent(filt):
        """'a minion dies adjacent': here or a square sharing an edge with the watching card."""
        return {**filt, "place": Place("adjacent", anchor=Place("here"))}

    @lang.pattern("die here", "die", "{card:cards} die|dies here")
    def die_here(filt):
        """'a minion dies here': where it died is the watching card's own square."""
        return {**filt, "place": Place("here")}

    lang.trigger("attack", "attack", "{card:cards} attack|attacks",
                 "{card:cards} attack|attacks {target:cards}")
    lang.trigger("strike", "strike", "{card:cards} strike|strikes {target:cards}")

    # 'is a Water site', and the other elements alike (a site whose threshold gives it);
    # 'an Air site', 'an Earth site' as English writes them (standing.py `article`).
    for element in ELEMENTS:
        a = article(element)
        lang.condition(f"{element} site", f"{{where:place}} is {a} {element} site",
                       f"it is|it's {a} {element} site")(_is_element_site(element))

    @lang.condition("hits", "it hits {what:cards}", "the projectile hits {what:cards}")
    def hits(game, ev, args):
        hit = ev.named.get("hit unit", [])
        return bool(hit) and game.matches(args["what"], hit[0], ev)

    register_kinds(lang)
    register_combat_triggers(lang)
    register_ongoing(lang)
    own_acts.register(lang)
    forced.register(lang)
    volleys.register(lang)
    lines.register(lang)
    source_damage.register(lang)
    moving_others.register(lang)
    register_obligations(lang)
    register_first_strike(lang)
    register_summoning(lang)
    register_summon_pair(lang)
    register_summon_here(lang)
    register_pile_summons(lang)
    register_effect_casts(lang)      # 'cast it for free', 'cast a spell from your cemetery'
    register_lasting_permissions(lang)   # 'you may cast that card this turn'
    register_spared(lang)
    register_redirects(lang)
    register_half_life(lang)
    register_next_attack(lang)
    register_cast_permits(lang)
    register_genesis_again(lang)
    register_damaged_by_this(lang)
    register_lifetimes(lang)
    register_deeds(lang)
    register_site_damage(lang)
    register_ensnares(lang)
    register_losing(lang)
    register_codex_terms(lang)
    register_player_heals(lang)
    register_lance(lang)
    register_lance_giving(lang)     # 'give its lance to target allied minion here'
    register_royalty(lang)
    register_deaths_door_words(lang)
    register_disabled_for_a_while(lang)
    register_silence(lang)
    register_ability_threshold(lang)
    register_unit_casts(lang)
    register_kills(lang)
    register_permanent_gains(lang)
    register_lost_power(lang)
    register_innate_and_size(lang)
    register_lost_keywords(lang)
    register_oversized_loss(lang)
    register_oversized_gain(lang)
    register_subject_deaths(lang)
    register_random_discards(lang)
    register_kind_discards(lang)
    register_mills(lang)
    register_additional_costs(lang)     # 'As an additional cost to cast this, ...'
    register_surfacing_attacks(lang)
    register_abandoned_artifacts(lang)
    register_once_on_your_turn(lang)
    register_borne_artifacts(lang)
    register_ranged_runs(lang)
    register_settling(lang)
    copies.register(lang)
    copies.register_transform(lang)
    becoming.register(lang)
    lang.static("grant", "grant", "{what:cards} have|has {keyword:keyword}",
                "{what:cards} have|has {keyword:keyword} {value:signed}",   # 'Movement +1'
                "{what:cards} is|are a|an? {keyword:keyword}")
    register_kept_keywords(lang)
    lang.static("forbid underwater entry", "forbid",
                "{what:cards} can't|cannot move underwater into {where:place}")
    lang.static("prevent damage", "prevent", "prevent all damage to {what:cards}",
                "prevent damage to {what:cards}")
    register_acts(lang)        # after the verbs above: their shapes read a phrase first
    register_granted_triggers(lang)
    register_keywords(lang)
    register_element_casters(lang)
    register_site_yield(lang)
    register_conjure_places(lang)
    register_pick_ups(lang)
    register_drops(lang)
    register_carried_units(lang)
    register_conjured_under(lang)
    register_bearer_sacrifice(lang)
    register_standing(lang)
    register_oversized(lang)
    register_deck_rules(lang)
    register_burrow_exits(lang)
    register_realm_edges(lang)
    register_borders(lang)
    register_walls(lang)
    register_site_swap(lang)
    register_carried_lines(lang)
    register_element_bonds(lang)
    register_whole_hands(lang)
    register_plays(lang)           # 'play it': after acts.py's 'play a site'
    register_deck_kinds(lang)      # last: it adds its check to the shared pile verbs
    register_refused_wordings(lang)    # after every verb: it reads what starts an act
    return lang


def _pay_tap(game, card, ev):
    if card.tapped:
        return f"{card.name} is already tapped"
    card.tapped = True
    ev.did.append(f"tap {card.name}")
    return None


__all__ = ["build_language", "Split"]
