"""Evaluate selectors and places against the board (the algebra of language/selectors.py)."""

from __future__ import annotations

from dataclasses import replace

from ..language.reader import OPPONENTS
from ..language.selectors import Place, Selector
from .players import refuse_your_opponent
from .state import LastKnown

# The selector controllers of an opponent's card: 'enemy' and 'an opponent controls' (any
# opponent), 'your opponent controls' (the one opponent of a two-player game).
THEIRS = frozenset({"opponent", "your_opponent"})


def squares_of(game, card) -> list:
    """Every location a card stands on, asked of the board (`squares`: a large unit
    stands on several); a board without that question: the card's one location."""
    squares = getattr(game.geometry, "squares", None)
    if squares is not None:
        return squares(card)
    return [card.at] if card.at is not None else []


def _stands_in(game, card, allowed) -> bool:
    """Does the card stand on one of the `allowed` locations (any of its squares)?"""
    if card.at in allowed:
        return True
    return card.at is not None and any(s in allowed for s in squares_of(game, card))


def matches(game, sel: Selector, card, ev, source=None) -> bool:
    """Does `card` fit the selector's noun and filters, seen from event `ev` (or a source)?"""
    src = source if source is not None else (ev.source if ev is not None else None)
    controller = ev.controller if ev is not None else (src.controller if src else None)
    return matcher(sel)(game, card, ev, src, controller)


def matcher(sel: Selector):
    """The selector as one test `(game, card, ev, source, controller) -> bool`.

    Built once per selector: the test keeps only the checks the selector has, with its
    fields read into the closure (hooks test every happening of their kind against one).
    """
    memo = sel.memo
    if memo.value is not None:
        return memo.value
    kinds, name, other, place = sel.kinds, sel.name, sel.other, sel.place
    mine = sel.controller == "you"
    theirs = sel.controller in THEIRS
    with_kw, without_kw = sel.with_keywords, sel.without_keywords
    region = place.region if place is not None else None     # the region words of a language
    subtypes, holder = sel.subtypes, sel.holder
    # 'this' in an ongoing sentence, or 'it' that names it ('while this is untapped, it has
    # ...'): its own card only
    itself = sel.pick == "self" or (sel.pick == "ref" and sel.slot == "self")
    traits = sel.traits
    layer = place.layer if place is not None else None
    stats = sel.stats
    best = tuple(b for b in stats if b[1] in BEST)
    if best:
        # 'the strongest card' tested card by card (a trigger's filter; an ongoing sentence
        # may not use one, compiler/lower_ability.py `_no_superlative`): it fits when none
        # of the cards the rest names has more (or less); no one is asked there, so each of
        # the tied fits.
        # `candidates` keeps the same cards.
        base = replace(sel, stats=tuple(b for b in stats if b[1] not in BEST))
        base_test = matcher(base)

        def test_best(game, card, ev, src, controller) -> bool:
            if not base_test(game, card, ev, src, controller):
                return False
            pool = _pool(game, base, ev)
            fit = [c for c in pool if base_test(game, c, ev, src, controller)]
            return card in extremes(game, fit, best, src)
        memo.value = test_best
        return test_best
    simple = not with_kw and not without_kw and place is None and not subtypes and not holder \
        and not traits and not stats
    # 'here', 'nearby', 'adjacent to this': measured from the source, so the geometry may
    # also ask that the card be in the source's region (`same_region`); squares named on
    # their own ('at target square') reach every region.
    # An area a language names (`area_words`) is a set of squares: it reaches every region.
    relative = place is not None and (place.ref == "here" or (
        place.ref == "adjacent" and place.anchor is not None and place.anchor.ref == "here"
        and place.reach in ("adjacent", "nearby", "steps")))

    def test(game, card, ev, src, controller) -> bool:
        if itself and card is not src and getattr(card, "card", None) is not src:
            return False
        if kinds is not None and card.kind not in kinds and card.also_kind not in kinds:
            return False
        if name is not None and card.name != name:
            return False
        if mine:
            if card.controller != controller:
                return False
        elif theirs and card.controller == controller:
            return False
        if other and (card is src or (card.__class__ is LastKnown and card.card is src)):
            return False
        if simple:
            return True
        for sub in subtypes:
            if sub[:4] == "non-":               # 'non-' and a subtype: the card lacks it
                if sub[4:] in card.tpl.subtypes or game.has_subtype(card, sub[4:]):
                    return False
            elif sub not in card.tpl.subtypes and not game.has_subtype(card, sub) and \
                    not ("|" in sub and _either(game, card, sub)):
                return False
        if holder and (src is None or not game.state.holds(card, src)):
            return False
        for kw in with_kw:
            if not game.has_keyword(card, kw):
                return False
        for kw in without_kw:
            if game.has_keyword(card, kw):
                return False
        for bound_of in stats:
            stat, bound, n = bound_of[:3]
            if len(bound_of) > 3 and card.kind not in bound_of[3]:
                continue                # a bound held to another noun's kinds
            if bound == "printed":      # 'with HP': the card prints the stat, or lacks it
                if (stat in card.tpl.stats) is not n:
                    return False
                continue
            value = game.stat_of(card, stat)
            if bound == "is":
                if value != n:
                    return False
            elif n is None:               # 'weaker', 'stronger': compared with the source's
                if src is None:
                    return False
                theirs_now = game.stat_of(src, stat)
                if (value >= theirs_now) if bound == "below" else (value <= theirs_now):
                    return False
            elif (value < n) if bound == "min" else (value > n):
                return False
        if traits:
            has = game.geometry.card_trait
            for t in traits:
                if t[:4] == "non-":
                    if has(game, card, t[4:]):
                        return False
                elif not any(has(game, card, one) for one in t.split("|")):
                    return False                    # 'ordinary|exceptional': either one
        if layer is not None and game.geometry.layer(card) != layer:
            return False
        if place is not None and not _stands_in(
                game, card, places(game, place, ev, source=src, ask=False)):
            return False
        if region is not None:
            in_region = getattr(game.geometry, "in_region", None)
            if in_region is None or not in_region(card, region):
                return False
        if relative and src is not None:
            same = getattr(game.geometry, "same_region", None)
            if same is not None and not same(src, card):
                return False
        return True

    if sel.controller == "your_opponent":     # 'a card your opponent controls'
        plain = test

        def test(game, card, ev, src, controller) -> bool:
            refuse_your_opponent(game, src, "in a selector")
            return plain(game, card, ev, src, controller)

    memo.value = test
    return test


def hook_test(hook):
    """The hook's filter as one test `(game, happening, card) -> slots | None`, built once.

    `card` is the card whose hook it is. The slots are what the triggered event starts with
    ('it' = the card the happening was about, a place it names, ...).
    """
    memo = hook.memo
    if memo.value is not None:
        return memo.value
    f = hook.filter
    self_only = bool(f.get("self"))
    add_trigger_card = "card" not in f
    steps = []
    for kind, key, val in hook.plan:
        if kind == "card":
            steps.append(_card_step(key, val))
        elif kind == "player":
            steps.append(_player_step(val))
        elif kind == "self":
            steps.append(_self_step(key))
        else:
            steps.append(_place_step(val))
    steps = tuple(steps)

    plan = hook.plan
    if len(plan) == 1 and plan[0][:2] == ("card", "card") and not self_only:
        test = _about_card_test(plan[0][2])
    elif len(steps) == 1 and not self_only and not add_trigger_card:
        only = steps[0]

        def test(game, h, card):
            slots = {}
            return slots if only(game, h, card, slots) else None
    else:
        def test(game, h, card):
            if self_only and h.card is not card:
                return None
            slots = {}
            for step in steps:
                if not step(game, h, card, slots):
                    return None
            if add_trigger_card and h.card is not None:
                slots.setdefault("trigger:card", [h.card])
            return slots

    memo.value = test
    return test


class TemplateFacts:
    """What the engine works out once from a card template (kept in its `memo`): its hooks
    with their tests (`template_hooks`), and the names and kinds of its ongoing effects
    (`static_names`, `static_kinds`), so that 'has this card such a line?' is a set look-up;
    and what a ruleset works out once from it (`derived`, by name: `template_fact`)."""

    __slots__ = ("hooks", "hook_kinds", "self_kinds", "static_rows", "static_names",
                 "static_kinds", "derived")

    def __init__(self, tpl):
        rows = []
        for kind, indices in tpl.hooks_by_happening.items():
            want = "replacement" if kind.startswith("replace:") else "triggered"
            rows += [(kind, tpl.abilities[i], hook_test(tpl.abilities[i].hook))
                     for i in indices if tpl.abilities[i].kind == want]
        self.hooks = tuple(rows)
        self.hook_kinds = tuple(dict.fromkeys(kind for kind, _, _ in rows))
        # kinds whose triggered hooks watch the card itself in some slot ('strikes it'): a
        # card out of play may still hear them (triggers.objects_hear)
        self.self_kinds = frozenset(kind for kind, ab, _ in rows if ab.kind == "triggered"
                                    and any(k.startswith("self_") for k in ab.hook.filter))
        # (kind, ability) of each ongoing effect, in the template's order
        self.static_rows = tuple((ab.static[0].kind, ab) for ab in tpl.abilities
                                 if ab.static is not None)
        statics = [ab.static[0] for ab in tpl.abilities if ab.static is not None]
        self.static_names = frozenset(spec.name for spec in statics)
        self.static_kinds = frozenset(spec.kind for spec in statics)
        self.derived: dict = {}


_NO_FACT = object()


def template_fact(tpl, name: str, make):
    """What a ruleset works out from a template alone (its printed threshold, say):
    `make(tpl)` on first use, then kept in the template's memo under `name`. The value is
    shared by every card of the template: read it, do not change it."""
    facts = tpl.memo.value
    if facts is None:
        facts = tpl.memo.value = TemplateFacts(tpl)
    got = facts.derived.get(name, _NO_FACT)
    if got is _NO_FACT:
        got = facts.derived[name] = make(tpl)
    return got


def template_facts(tpl) -> TemplateFacts:
    """The template's `TemplateFacts`, worked out on first use."""
    memo = tpl.memo
    facts = memo.value
    if facts is None:
        facts = memo.value = TemplateFacts(tpl)
    return facts


def template_hooks(tpl) -> tuple:
    """A card template's hooks as (happening kind, ability, test), kind after kind in the
    template's order, built once per template: one flat row a hook, what an index of the
    board's hooks is rebuilt from (triggers.hooks_index).

    Under a happening kind are the triggered abilities listening to it; under
    "replace:KIND" the replacement effects for it.
    """
    facts = tpl.memo.value
    if facts is None:
        facts = tpl.memo.value = TemplateFacts(tpl)
    return facts.hooks


def has_static(card, name: str) -> bool:
    """Has the card's current face an ongoing effect named `name` (its own text says so)?"""
    facts = card.tpl.memo.value
    if facts is None:
        facts = card.tpl.memo.value = TemplateFacts(card.tpl)
    return name in facts.static_names


def has_static_kind(card, kind: str) -> bool:
    """Has the card's current face an ongoing effect of kind `kind`?"""
    facts = card.tpl.memo.value
    if facts is None:
        facts = card.tpl.memo.value = TemplateFacts(card.tpl)
    return kind in facts.static_kinds


def _about_card_test(sel):
    """The commonest hook ('whenever an enemy unit is dealt damage'): one selector on the
    card the happening is about. Its plain checks are made here, without a call per check."""
    kinds, name, other, slot = sel.kinds, sel.name, sel.other, sel.slot
    mine = sel.controller == "you"
    theirs = sel.controller in THEIRS
    rest = None
    if sel.with_keywords or sel.without_keywords or sel.place is not None or sel.subtypes or \
            sel.holder or sel.traits or sel.stats or sel.controller == "your_opponent":
        rest = matcher(sel)

    def test(game, h, card):
        target = h.card
        if target is None:
            return None
        slot_value = target
        if h.last_known is not None:     # a card that left play: test it as it last was
            target = h.last_known
        if kinds is not None and target.kind not in kinds and target.also_kind not in kinds:
            return None
        if name is not None and target.name != name:
            return None
        if mine:
            if target.controller != card.controller:
                return None
        elif theirs and target.controller == card.controller:
            return None
        if other and slot_value is card:
            return None
        if rest is not None and not rest(game, target, None, card, card.controller):
            return None
        return {slot: [slot_value]}
    return test


def _card_step(key, sel):
    m, slot = matcher(sel), sel.slot
    if key == "card":
        def step(game, h, card, slots):
            target = h.card
            if target is None or not m(game, h.last_known or target, None, card,
                                       card.controller):
                return False
            slots[slot] = [target]
            return True
    else:
        def step(game, h, card, slots):
            target = h.data.get(key)
            if isinstance(target, list):
                # A happening about several cards at once (one strike reaching several):
                # it fits when one of them does, and names those that do.
                fit = [t for t in target if m(game, t, None, card, card.controller)]
                if fit:
                    slots[slot] = fit
                return bool(fit)
            if target is None or not m(game, target, None, card, card.controller):
                return False
            slots[slot] = [target]
            return True
    return step


def _player_step(who):
    if who == "opponent":              # 'whenever your opponent draws': two players only
        def step(game, h, card, slots):
            refuse_your_opponent(game, card, "in a trigger")
            return h.player is not None and h.player != card.controller
        return step

    def step(game, h, card, slots):
        if who == "you":
            return h.player == card.controller
        if who in OPPONENTS:           # 'whenever an opponent draws': any opponent
            return h.player is not None and h.player != card.controller
        return True
    return step


def _self_step(key):
    # The card itself in another slot than the happening's own card ('picks up this Chest'):
    # a later 'it' names the slot (compiler/hooks.py `_hook`), so the step fills it.
    slot = "trigger:" + key

    def step(game, h, card, slots):
        found = h.data.get(key, h.card)
        # A happening about several cards at once (one strike reaching several): it fits
        # when the card is one of them ('whenever a unit strikes it').
        if found is not card and (found.__class__ is not list or card not in found):
            return False
        if key != "card":
            slots[slot] = [card]
        return True
    return step


def _place_step(pl):
    def step(game, h, card, slots):
        seen = h.last_known or h.card
        allowed = places(game, pl, None, source=card, ask=False)
        # A unit on several locations (a board's `squares`) enters those it newly covers
        # (the happening's `entered`), and is at each of them.
        entered = h.data.get("entered")
        if entered is not None:
            loc = next((s for s in entered if s in allowed), None)
        else:
            loc = h.data.get("to", seen.at if seen is not None else None)
            if loc not in allowed and seen is not None and seen.at == loc:
                loc = next((s for s in squares_of(game, seen) if s in allowed), None)
        if loc is None or loc not in allowed:
            return False
        if pl.slot:
            slots[pl.slot] = [loc]
        return True
    return step


BEST = frozenset({"most", "least"})


def extremes(game, cards: list, best: tuple, src) -> list:
    """Of `cards`, those with the most or least of each superlative's stat, in turn: a
    header stat (the ruleset's `stat_of`), or 'steps', the fewest steps between the card's
    squares and the source's (the geometry's `steps_between`; a board without it measures
    nothing, so no card is closest)."""
    for stat, bound, *_ in best:
        if stat == "steps":
            between = getattr(game.geometry, "steps_between", None)
            here = squares_of(game, src) if src is not None else []
            if between is None or not here:
                return []

            def value(c, between=between, here=here):
                there = squares_of(game, c)
                return min((between(a, b) for a in here for b in there), default=None)
        else:
            def value(c, stat=stat):
                return game.stat_of(c, stat)
        scored = [(value(c), c) for c in cards]
        scored = [(v, c) for v, c in scored if v is not None]
        if not scored:
            return []
        top = (max if bound == "most" else min)(v for v, _ in scored)
        cards = [c for v, c in scored if v == top]
    return cards


def best_chooser(sel: Selector, ev):
    """Who chooses among cards tied for a superlative: the active player where the
    language says so ('active'), else the effect's controller."""
    return "active" if any(len(b) == 3 and b[1] in BEST and b[2] == "active"
                           for b in sel.stats) else None


def _pool(game, sel: Selector, ev) -> list:
    """The cards a selector reads from before its filters: its zone's, else those in play."""
    if sel.zone is not None:
        return candidates(game, sel, ev) if ev is not None else []
    return game.state.in_zones(game.policy.play_zones)


def candidates(game, sel: Selector, ev) -> list:
    """Cards the selector could pick: in its zone if it names one, else in play."""
    best = tuple(b for b in sel.stats if b[1] in BEST)
    if best:
        # 'the strongest enemy card': the cards the rest of it names, then the extremes
        base = replace(sel, stats=tuple(b for b in sel.stats if b[1] not in BEST))
        return extremes(game, candidates(game, base, ev), best,
                        ev.source if ev is not None else None)
    if sel.zone is not None:
        who, zone = sel.zone
        # 'its owner's': the source card's; 'an opponent's': one the controller chooses
        # (a chosen one is kept in the event, so that evaluating the selector again asks
        # nothing)
        if who in ("each", "opponents"):     # 'in each player's hand': theirs, pooled
            pool = [c for p in game.players_named(ev, who, sel.text)
                    for c in game.state.players[p].zones.get(zone, ())]
        else:
            player = ev.controller if who in (None, "you") else game.player_named(
                ev, who, sel.text,
                f"opponent for {sel.slot or sel.text}" if who == "chosen_opponent" else None)
            pool = list(game.state.players[player].zones.get(zone, ()))
    else:
        pool = game.state.in_zones(game.policy.play_zones)
    test = matcher(sel)                   # `matches` for each card, its setup done once
    src, controller = (ev.source, ev.controller) if ev is not None else (None, None)
    found = [c for c in pool if test(game, c, ev, src, controller)]
    allow = game.ruleset.can_target if sel.pick == "target" else None
    return [c for c in found if allow(game, ev, c)] if allow is not None else found


def places(game, pl: Place, ev, *, source=None, ask=True, prompt="a square") -> list:
    """The locations a Place names. With `ask`, a place the controller chooses is asked for."""
    src = source if source is not None else (ev.source if ev is not None else None)
    geo = game.geometry
    ref = pl.ref
    if ref == "here":
        if src is not None and src.at is None and ev is not None and ev.source is src and \
                ev.frm is not None:
            return [ev.frm]     # a card's own ability as it leaves: where it last stood
        return squares_of(game, src) if src is not None else []
    if ref in ("slot", "target", "choose", "random") and ev is not None and pl.slot in ev.slots:
        out = list(ev.slots[pl.slot])
        return still_targeted(game, ev, pl.slot, out) if ref == "target" else out
    if ref == "of":
        if pl.of.slot == "self" or pl.of.pick == "self":
            return squares_of(game, src) if src is not None else []
        if ev is None and pl.of.pick == "any" and src is not None:
            # a group of cards in an ongoing effect ('allies on sites you control'): said
            # from the card's controller, as the effect is
            test = matcher(pl.of)
            cards = [c for c in game.state.in_zones(game.policy.play_zones)
                     if test(game, c, None, src, src.controller)]
        else:
            cards = game.select(pl.of, ev) if ev is not None else []
        return [s for c in cards for s in squares_of(game, c)]
    allowed = list(geo.locations(game)) if geo is not None else []
    if pl.site_only or pl.trait or pl.without_trait:
        allowed = [loc for loc in allowed if geo.has_site(game, loc)]
    if pl.trait:
        allowed = [loc for loc in allowed if geo.has_trait(game, loc, pl.trait)]
    if pl.without_trait:
        allowed = [loc for loc in allowed if not geo.has_trait(game, loc, pl.without_trait)]
    if pl.other:
        here = squares_of(game, src) if src is not None else []
        allowed = [loc for loc in allowed if loc not in here]
    if pl.anchor is not None:
        anchors = places(game, pl.anchor, ev, source=src, ask=ask)
        near_on = getattr(geo, "near_on", None)      # a reach the board decides
        near = getattr(geo, "near", None)
        if near_on is not None:
            reach, steps = pl.reach, pl.steps
            allowed = [loc for loc in allowed
                       if any(near_on(game, loc, a, reach, steps, src) for a in anchors)]
        elif near is not None:
            reach, steps = pl.reach, pl.steps
            allowed = [loc for loc in allowed if any(near(loc, a, reach, steps) for a in anchors)]
        else:
            allowed = [loc for loc in allowed if any(geo.adjacent(loc, a) for a in anchors)]
    if ref == "any" or not ask or ev is None:
        return allowed
    if ref == "random":                   # 'a random location': the seeded generator picks
        out = [game.rng.choice(allowed)] if allowed else []
        if pl.slot:
            ev.slots[pl.slot] = out
        return out
    if ref in ("choose", "adjacent", "target"):
        loc = game.ask_target(ev.controller, prompt, allowed)
        ev.slots[pl.slot] = [loc]
        return still_targeted(game, ev, pl.slot, [loc]) if ref == "target" else [loc]
    return allowed


def still_targeted(game, ev, slot, targets: list) -> list:
    """The targets (cards or locations) of `slot` as the effect resolves: the ruleset may take
    some out (`Ruleset.resolve_targets`, which writes the slot back)."""
    check = game.ruleset.resolve_targets
    return targets if check is None or not targets else check(game, ev, slot, targets)


def _either(game, card, subs: str) -> bool:
    """'a Mortal or Beast', 'an Avatar or Royal': the card has one of the subtypes, or is of
    the kind one of them names."""
    return any(card.kind == sub or sub in card.tpl.subtypes or game.has_subtype(card, sub)
               for sub in subs.split("|"))
