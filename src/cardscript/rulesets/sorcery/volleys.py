"""Several projectiles shot at once ("Shoot 3 separate projectiles in a cardinal direction.
They each deal 2 damage to whatever they hit first.").

The rulebook's "Projectiles", in our words: a projectile's flight begins at the shooting
unit's location and goes on within that unit's region in a cardinal direction, until it
reaches the edge of the region (the edge of the realm, or the void for a flight above
ground) or the first unit along its path, allies or enemies alike, except the allies at its
starting location. Where several units could be hit at once, the player who shot it picks
one. Each projectile of a volley has its own direction, picked by the shooter's controller,
and its own flight; what it hit is named for the next sentence (`the first unit they hit`:
a unit hit twice is named twice). docs/rulesets/sorcery.md, "Triggers on a card's own acts,
forced movement and volleys".
"""

from __future__ import annotations

from ...library.common import damage
from ...library.moves import in_play
from .realm import region_of, regions_at
from .borders import stops_projectile

HITS = "first unit they hit"
# What a flight hit, by the noun that names it: 'the first minion it hits' is the unit the
# flight stopped at if that is a minion (a flight stops at the first unit, whatever it is:
# the rulebook's projectiles), 'the first enemy they hit' each hit enemy.
HIT_NOUNS = {"unit": lambda card, ev: True,
             "minion": lambda card, ev: card.kind == "minion",
             "ally": lambda card, ev: card.controller == ev.controller,
             "enemy": lambda card, ev: card.controller != ev.controller}
_TAILS = ("they hit", "it hits", "hit")
# Each noun's names: after a volley ('they hit'), a single projectile ('it hits'), or either.
NOUN_NAMES = {noun: tuple(f"first {noun} {tail}" for tail in _TAILS) for noun in HIT_NOUNS}
HIT_NAMES = tuple(name for names in NOUN_NAMES.values() for name in names)   # HITS first
THEY_HIT = frozenset(names[0] for names in NOUN_NAMES.values())


def name_hits(ev) -> list:
    """Fresh lists of the units hit, under each of their names: the list of all of them
    (returned) and, for each other noun, the list of those it names (`record_hit` fills
    them)."""
    for names in NOUN_NAMES.values():
        hits = []
        for name in names:
            ev.named[name] = hits
    return ev.named[HITS]


def record_hit(ev, card) -> None:
    """A flight hit `card`: it goes into the list of every noun that names it."""
    for noun, test in HIT_NOUNS.items():
        if test(card, ev):
            ev.named[NOUN_NAMES[noun][0]].append(card)


def beside(game, shooter) -> list:
    """The squares a projectile of the shooter may fly toward first (its direction): those
    beside its location; beside any of an oversized shooter's, outside its body."""
    geo = game.geometry
    body = geo.squares(shooter) or [shooter.at]
    return sorted({n for s in body for n in geo.neighbors(s) if n not in body})


def launch_square(game, shooter, toward):
    """Where the flight toward `toward` leaves from: the shooter's location, or the one of
    an oversized shooter's locations beside `toward` (ours: the rulebook starts a flight at
    one location, and here the shot leaves the body on the side it flies to)."""
    geo = game.geometry
    return next((s for s in geo.squares(shooter) if toward in geo.neighbors(s)), shooter.at)


def flight(game, ev, shooter, toward) -> tuple:
    """One projectile from the shooter's location toward a square beside it: (the unit hit
    or None, the squares it flew over)."""
    region, start = region_of(shooter), launch_square(game, shooter, toward)
    units = game.ruleset.language.nouns["unit"]

    def there(loc, allies_too):
        return [c for c in game.state.in_zones(game.policy.play_zones)
                if c.kind in units and loc in game.geometry.squares(c) and c is not shooter and
                region_of(c) == region and (allies_too or c.controller != ev.controller)]
    path = [start]
    found = there(start, False)
    prev, cur = start, toward
    while not found and cur is not None and region in regions_at(game, cur) and \
            not stops_projectile(game, prev, cur):
        path.append(cur)
        found = there(cur, True)
        prev, cur = cur, game.geometry.step(prev, cur)
    if not found:
        return None, path
    hit = found[0] if len(found) == 1 else game.ask_target(ev.controller, "the unit hit", found)
    return hit, path


def _it_deals(name: str):
    def it_deals(game, ev, node):
        """A single projectile's damage to the unit it hit ('Fire a firebolt in a cardinal
        direction. It deals 2 damage to the first unit it hits.'), if the noun names it;
        none when it hit nothing (or no projectile was shot before it in the ability)."""
        n = node.arg("n")
        hits = [c for c in ev.named.get(name, []) if in_play(game, c)]
        if not hits:
            ev.did.append(f"{node.text}: " + ("nothing was hit" if not ev.named.get(HITS) else
                                              f"{ev.named[HITS][0].name} is not one"))
        for c in hits:
            if damage(game, c, n, ev.controller, ev.source):
                ev.did.append(f"{n} damage to {c.name}")
    return it_deals


def register(lang) -> None:
    """The verbs of volleys."""

    @lang.verb("shoot projectiles", "{who:cards?} shoot|shoots|fire|fires {n:number} "
               "separate? projectiles|firebolts|bolts|arrows in a cardinal direction",
               "{who:cards?} launch|launches a hook in a cardinal direction",
               "{who:cards?} shoot|shoots|fire|fires|launch|launches a|an "
               "firebolt|bolt|arrow|hook in a cardinal direction",
               binds=HIT_NAMES)
    def volley(game, ev, node):
        """Each projectile in turn: its direction asked (a `target` question among the
        squares beside the shooter's), then its flight."""
        who = node.arg("who")
        shooters = game.select(who, ev) if who is not None else \
            ([ev.source] if ev.source is not None else [])
        name_hits(ev)
        shooter = shooters[0] if shooters else None
        if shooter is None or shooter.at is None or \
                (shooter.kind in lang.permanent_kinds and not in_play(game, shooter)):
            ev.did.append(f"{node.text}: no one to shoot")
            return
        n = node.arg("n") or 1
        for k in range(1, n + 1):
            toward = game.ask_target(ev.controller, f"a cardinal direction for shot {k} of {n}",
                                     beside(game, shooter))
            hit, path = flight(game, ev, shooter, toward)
            if hit is not None:
                record_hit(ev, hit)
            ev.did.append(f"shot {k} toward {toward}: " +
                          (f"hits {hit.name} at {path[-1]}" if hit is not None else
                           "hits nothing") + " (" + " → ".join(map(str, path)) + ")")

    # One entry a noun ('the first minion it hits'), so that each renders back as written.
    for noun, names in NOUN_NAMES.items():
        name = "the projectile deals damage" + ("" if noun == "unit" else f" to a {noun}")
        lang.verb(name, f"it deals {{n:number}} damage to the first {noun} it hits")(
            _it_deals(names[0]))

    @lang.verb("a card deals damage",
               "{who:subject} deal|deals {n:number} damage to {what:cards}")
    def card_deals(game, ev, node):
        """A card named as the subject ('it deals 3 damage to ...', after 'this Storm'
        was named) deals the damage: the damage is that card's own (Lethal reads it)."""
        n = node.arg("n")
        dealers = [c for c in game.select(node.arg("who"), ev)]
        what = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not dealers or not what:
            ev.did.append(f"{node.text}: " + ("no one to deal it" if what else
                                              "nothing to damage"))
            return
        for src in dealers:
            for c in what:
                if damage(game, c, n, ev.controller, src):
                    ev.did.append(f"{n} damage to {c.name}")

    def each_hit(args, known):
        what = args.get("what")
        if what is None or what.pick != "named" or what.named not in THEY_HIT:
            return "'they each deal' is said of projectiles: write 'to the first unit " \
                   "they hit' after a volley"
        return None

    # 'deals' as well as 'deal', as the subject's verb agrees or not everywhere else
    # ('{who:subject} deal|deals' above).
    @lang.verb("projectiles deal damage",
               "they each deal|deals {n:number} damage to {what:cards}", check=each_hit)
    def each_deals(game, ev, node):
        """Each projectile deals its damage to the unit it hit (twice to a unit hit twice);
        the damage is the source's (the spell's, or the shooting unit's)."""
        n = node.arg("n")
        hits = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not hits:
            ev.did.append(f"{node.text}: nothing was hit")
        for c in hits:
            if damage(game, c, n, ev.controller, ev.source):
                ev.did.append(f"{n} damage to {c.name}")
