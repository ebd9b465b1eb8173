"""Sorcery's card kinds and what the rules do with each: who casts a magic spell
(Spellcaster), where a minion, aura or artifact may be summoned or conjured, an artifact's
bearer, Deathrite, disabled units, counters. docs/rulesets/sorcery.md "Card kinds" says each
rule in words, with the rulebook section it comes from.
"""

from __future__ import annotations

from ...errors import ScenarioError, SemanticError
from ...interpreter.rules import after, find_card
from ...language.registry import LabelSpec
from ...library.moves import in_play
from . import avatar, effect_casts, element_casters, lasting_permissions
from .codex_terms import off_land
from .ensnares import held_down
from .ongoing import PERMIT
from .players import avatar_of
from .units import UNITS
from .ward_marks import remove_mark


# The game's subtypes that selectors read ('each Beast you control', 'a River site'). A
# card header naming another is error E208. Minions and avatars; artifacts; sites.
SUBTYPES = frozenset({
    "angel", "automaton", "beast", "demon", "dragon", "dwarf", "elf", "faerie", "giant",
    "gnome", "golem", "knight", "monster", "mortal", "mythic", "spirit", "troll", "undead",
    "armor", "device", "immovable", "instrument", "monument", "weapon", "quick",
    "desert", "forest", "lake", "mountain", "river", "tower", "village"})
SITE_TYPES = frozenset({"desert", "forest", "lake", "mountain", "river", "tower", "village"})


def register(lang) -> None:
    """Add the words of card kinds to Sorcery's language."""
    lang.subtypes |= SUBTYPES
    lang.place_traits |= SITE_TYPES                 # 'a River site': the site's subtype
    lang.holder_words |= {"bearer"}                 # 'its bearer': the unit carrying this
    lang.card_checks.append(lambda tpl: check_granted_values(tpl, lang))
    lang.kind_referents["magic"] = frozenset({"caster"})   # 'the caster': who casts it
    lang.label(LabelSpec("Deathrite", "trigger", happening="die", kind="deathrite"))
    # 'Bearer — Tap → ...': an ability of the artifact that its bearer pays for by tapping
    # (its own name, so that the bearer's Tap and the card's own are told apart)
    lang.holder_costs["tap"] = LabelSpec("Bearer Tap", "cost", pay=pay_bearer_tap)
    # 'Bearer — Can attack Stealth minions' (or 'Airborne minions'): a permission strikes.py
    # `can_engage` asks
    for kw in ("stealth", "airborne"):
        lang.static(f"can attack {kw}", "permit", f"{{what:cards}} can attack {kw.title()} minions|units")
        PERMIT[f"can attack {kw}"] = f"attack {kw}"

    @lang.verb("disable", "disable|disables {what:cards}")
    def disable(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            if not in_play(game, c):
                continue
            if c.kind == "avatar":
                ev.did.append(f"{c.name} is an avatar: it can't be disabled")
                continue
            c.flags.add("disabled")
            remove_mark(c)                  # a disabled card loses its ward (ward_marks.py)
            ev.did.append(f"disable {c.name}")
            ev.subject = ev.subject or c.name

    @lang.verb("put counters", "put {n:count} counter|counters on {what:cards}")
    def put_counters(game, ev, node):
        n = node.argmap["n"]
        for c in game.select(node.arg("what"), ev):
            c.counters["counter"] = c.counters.get("counter", 0) + n
            game.happen("counters", c, ev.controller, delta=n)
            ev.did.append(f"put {n} counter{'s' * (n != 1)} on {c.name}")

    @lang.verb("remove counters", "remove {n:count} counter|counters from {what:cards}")
    def remove_counters(game, ev, node):
        n = node.argmap["n"]
        for c in game.select(node.arg("what"), ev):
            had = c.counters.get("counter", 0)
            took = min(had, n)
            if took:
                c.counters["counter"] = had - took
            game.happen("counters", c, ev.controller, delta=-took)
            ev.did.append(f"remove {took} counter{'s' * (took != 1)} from {c.name}")

    @lang.condition("counters", "{what:cards} has|have {n:number} or more counters")
    def has_counters(game, ev, args):
        cards = game.select(args["what"], ev)
        return bool(cards) and all(c.counters.get("counter", 0) >= args["n"] for c in cards)


def bearer_of(card):
    """The unit carrying the artifact `card` now, or None."""
    return card.ext.get("carried_by")


def pay_bearer_tap(game, card, ev):
    """The cost of a 'Bearer — Tap →' ability: the artifact's bearer taps. An artifact no
    unit carries has no bearer to pay it; a tapped or disabled bearer can't (codex "Bearer",
    "Disabled")."""
    bearer = bearer_of(card)
    if bearer is None or not in_play(game, bearer):
        return f"{card.name} is carried by no unit, so no bearer can tap for it"
    if disabled(bearer, game):
        return f"{card.name}'s bearer {bearer.name} is disabled"
    if bearer.tapped:
        return f"{card.name}'s bearer {bearer.name} is already tapped"
    bearer.tapped = True
    ev.did.append(f"tap {bearer.name} (bearer of {card.name})")
    return None


def granted_value(game, card, kw: str) -> int:
    """What ongoing grants of a valued keyword add to `card` now ('Bearer — Movement +1'):
    the sum of their numbers (stats.py reads it beside the printed value)."""
    total = 0
    for src, spec, args in game.statics("grant"):
        if args.get("keyword") == kw and args.get("value") is not None and \
                game.matches(args["what"], card, None, source=src):
            total += args["value"]
    return total


def check_granted_values(tpl, lang) -> None:
    """A number granted with a keyword ('has Lethal +1') only on a keyword that takes one
    (compile time, E204), as on a keyword line."""
    for ab in tpl.abilities:
        if ab.static is None or ab.static[0].kind != "grant":
            continue
        args = dict(ab.static[1])
        if args.get("value") is not None and args["keyword"] not in lang.valued_keywords:
            raise SemanticError(f"keyword '{args['keyword']}' takes no number", ab.span,
                                code="E204", hint=f"write '{args['keyword']}' alone")


def disabled(card, game=None) -> bool:
    """Is the unit disabled? (It can't use the basic move and attack, nor its activated
    abilities; its ongoing and triggered abilities still work.) Disabled by an effect (a
    flag), or by the keyword Disabled it has (printed or given: 'Bearer — Disabled'); an
    avatar never is. A Landbound minion off land is too (codex_terms.py `off_land`)."""
    return "disabled" in card.flags or (
        game is not None and card.kind != "avatar" and (game.has_keyword(card, "disabled") or
                                                        held_down(game, card) or
                                                        off_land(game, card)))


def check_not_disabled(card, doing: str, game=None) -> None:
    """A disabled unit's action is illegal (S206)."""
    if disabled(card, game):
        raise ScenarioError(f"illegal action: {card.name} is disabled, so it can't {doing}",
                            None, code="S206", hint="a disabled unit can't move, attack or "
                                                    "use its abilities")


@after("leave_play")
def leaving_clears(game):
    """A card that leaves the realm is a new object: it is no longer disabled and keeps no
    counters."""
    for h in game.batch:
        c = h.card
        if h.kind == "leave_play" and c is not None and not in_play(game, c):
            c.flags.discard("disabled")
            c.counters.pop("counter", None)


@after("enter_play", slots=("bearers",))
def bearer_takes_up(game):
    """An artifact cast onto a unit (`bearer:`) is carried by it as it enters the realm."""
    waiting = game.slot("bearers", dict)
    if not waiting:
        return
    for h in game.batch:
        c = h.card
        if h.kind == "enter_play" and c is not None and c.id in waiting:
            bearer = waiting.pop(c.id)
            if in_play(game, bearer) and bearer.at == c.at:
                game.state.link(c, "carried_by", bearer)
                game.note(f"{bearer.name} carries {c.name}")


def caster_of(game, player, card, ref):
    """The unit that casts a magic spell: `caster:` of the action, else the player's avatar
    in the realm, else none (a scenario with no avatar casts from no location)."""
    if ref is None:
        return avatar_of(game, player)   # the first avatar of theirs in the realm, or None
    mine = [c for c in game.state.in_zones(game.policy.play_zones)
            if c.controller == player and c.kind in UNITS]
    unit = find_card(game, player, ref, list(game.policy.play_zones), key="caster")
    if unit.kind not in element_casters.CASTERS or \
            (unit.kind == "site" and not element_casters.may_cast_some(game, unit)):
        raise ScenarioError(f"illegal action: {unit.name} is no unit, so it can't cast "
                            f"{card.name}", None, code="S206", key="caster",
                            hint="a magic spell is cast by your avatar or a Spellcaster")
    if not element_casters.casts(game, unit, card):
        casters = [c.id for c in mine + element_casters.casting_sites(game, player)
                   if element_casters.casts(game, c, card)]
        # an element's Spellcaster casts only spells of its element (element_casters.py)
        what = "Spellcaster of its element" if element_casters.may_cast_some(game, unit) \
            else "Spellcaster"
        raise ScenarioError(f"illegal action: {unit.name} is no {what}, so it can't cast "
                            f"{card.name}", None, code="S206", key="caster",
                            hint="your units that can cast magic: " + (", ".join(casters)
                                                                      or "none"))
    check_not_disabled(unit, f"cast {card.name}", game)
    return unit


def cast_action(game, player, action):
    """Cast a card from hand, or from another pile while a lasting permission lets its player
    (lasting_permissions.py: its waivers apply to this cast alone)."""
    card = lasting_permissions.find_castable(game, player, action.get("cast", action.get("play")))
    permit = lasting_permissions.using(game, card)
    if permit is None:
        return _cast_found(game, player, card, action)
    waived = game.slot(effect_casts.FREE, set)        # 'for free': no mana (`cost_of`)
    if permit.free:
        waived.add(card.id)
    try:
        return _cast_found(game, player, card, action)
    finally:
        waived.discard(card.id)
        lasting_permissions.done(game, card)


def _cast_found(game, player, card, action):
    """Cast the card found: a magic spell through its caster, an artifact onto its bearer."""
    if action.get("caster") is not None and card.kind != "magic":
        raise ScenarioError(f"illegal action: caster: is for magic spells; {card.name} is "
                            f"{'an' if card.kind[0] in 'aeiou' else 'a'} {card.kind}", None,
                            code="S206", key="caster", hint="leave caster: out")
    if action.get("bearer") is not None:
        if card.kind != "artifact":
            raise ScenarioError(f"illegal action: bearer: is for artifacts; {card.name} is "
                                f"{'an' if card.kind[0] in 'aeiou' else 'a'} {card.kind}",
                                None, code="S206", key="bearer", hint="leave bearer: out")
        bearer = find_card(game, player, action["bearer"], list(game.policy.play_zones),
                           key="bearer")
        if bearer.kind not in UNITS:
            raise ScenarioError(f"illegal action: {bearer.name} is no unit, so it can't carry "
                                f"{card.name}", None, code="S206", key="bearer",
                                hint="an artifact is carried by a minion or an avatar")
        action = {**action, "at": bearer.at}
        waiting = game.slot("bearers", dict)
        waiting[card.id] = bearer
        try:
            return avatar.cast_card(game, player, card, action)
        finally:
            waiting.pop(card.id, None)      # taken up as it entered, or the cast was refused
    if card.kind != "magic":
        return avatar.cast_card(game, player, card, action)
    caster = caster_of(game, player, card, action.get("caster"))
    if caster is None:
        return avatar.cast_card(game, player, card, action)
    # A magic spell comes from its caster: 'here', 'nearby' and the like measure from there.
    card.at = caster.at
    for name, _ in game.state.ext_places:
        card.ext[name] = caster.ext.get(name)
    if action.get("caster") is not None:     # the trace names a caster the action chose
        game.slot("casters", dict)[card.id] = caster
    # While the cast is checked and paid, cost changes ask who casts it (costs.py)
    casting = game.slot("casting unit", dict)
    casting[card.id] = caster
    try:
        avatar.cast_card(game, player, card, action)
    finally:
        casting.pop(card.id, None)
        if not in_play(game, card):
            card.at = None
            for name, _ in game.state.ext_places:
                card.ext[name] = None


def cast_by(game, events) -> None:
    """The ruleset's `after_add`: a magic spell's event says which unit casts it, when the
    action named one (`caster:`; the avatar casting by default goes without saying), and
    its text may name that unit 'the caster' (`kind_referents`)."""
    if lasting_permissions.in_use(game):
        for ev in events:
            if ev.kind == "cast":
                lasting_permissions.say(game, ev)   # 'cast from the cemetery, as X permits'
    casting = game.slot("casting unit", dict)
    if not casting:
        return
    casters = game.slot("casters", dict)
    for ev in events:
        if ev.kind != "cast" or ev.source is None or ev.source.id not in casting:
            continue
        ev.named["caster"] = [casting[ev.source.id]]
        if ev.source.id in casters:
            ev.did.append(f"cast by {casters.pop(ev.source.id).name}")


def activate_action(game, player, action):
    """Activate a card's ability: not a disabled unit's."""
    card = find_card(game, player, action["activate"], list(game.policy.play_zones))
    check_not_disabled(card, "use its abilities", game)
    return avatar.activate_action(game, player, action)
