"""Copies: a card that enters the realm as a copy of another ('This Mirror Knight is
summoned as a copy of another nearby minion', 'This Echo Ward is conjured as a copy of a
relic near the caster'). docs/rulesets/sorcery.md, "Copies and changed faces".

As the card enters the realm its controller picks one card the words name, seen from where
the card entered; the card then reads as that card's printed face (`GameState.set_face`):
its name, kind, subtypes, cost, power, keywords and text, so its own Genesis is the copied
one's. It keeps what the game did to it (where it stands, its controller, its damage) and
copies nothing the game did to the other (damage, counters, what granted it keywords, other
lasting changes). When nothing fits, it enters as itself. It is its printed self again once it
leaves the realm (the face lasts while it stays).
"""

from __future__ import annotations

from ...interpreter.rules import Face, after

SUMMONED, CONJURED, NEAR_CASTER = ("summoned as a copy", "conjured as a copy",
                                   "conjured as a copy near the caster")
COPY = "copy"          # the key of a copy's face (and of a transformation's: `copiable`)
TRANSFORM = "transform"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(SUMMONED, "copy on entry", "{what:cards} is|are summoned as a copy of {of:cards}")
    lang.static(NEAR_CASTER, "copy on entry",
                "{what:cards} is|are conjured as a copy of {of:cards} near the caster")
    lang.static(CONJURED, "copy on entry", "{what:cards} is|are conjured as a copy of {of:cards}")


def copiable(card):
    """The face another card copies of `card`: what it is a copy of, or was transformed
    into, else its printed template; never what an effect changed for a while."""
    for face in reversed(card.faces):
        if face.key[0] in (COPY, TRANSFORM):
            return face.tpl
    return card.printed


def _copy_line(card):
    for ab in card.printed.abilities:
        static = ab.static
        if static is not None and static[0].kind == "copy on entry":
            args = dict(static[1])
            what = args.get("what")
            if what is None or what.pick in ("self", "ref"):
                return static[0], args
    return None


def _caster(game, card):
    """Who conjured an aura or artifact: its controller's avatar (Sorcery's avatar casts
    every spell but magic a Spellcaster casts)."""
    for c in game.state.in_zones(game.policy.play_zones):
        if c.controller == card.controller and c.kind == "avatar":
            return c
    return None


def _options(game, card, spec, sel):
    in_realm = [c for c in game.state.in_zones(game.policy.play_zones) if c is not card]
    if spec.name != NEAR_CASTER:
        return [c for c in in_realm if game.matches(sel, c, None, source=card)]
    caster = _caster(game, card)
    if caster is None:
        return []
    geo = game.geometry
    return [c for c in in_realm if game.matches(sel, c, None, source=card) and
            geo.near(c.at, caster.at, "nearby")]


@after("enter_play")
def entered_as_copy(game):
    """A card whose own text says it enters as a copy of another becomes that copy as it
    enters the realm, before the triggers of its entering are gathered."""
    for h in game.batch:
        card = h.card
        if h.kind != "enter_play" or card is None or card.faces:
            continue
        line = _copy_line(card)
        if line is None:
            continue
        spec, args = line
        options = _options(game, card, spec, args["of"])
        verb = spec.name.split(" as ")[0]
        if not options:
            game.note(f"{card.name} is {verb} as itself: nothing to copy "
                      f"({args['of'].text})")
            continue
        other = game.ask_target(card.controller, f"{card.name}: {args['of'].text} to copy",
                                options)
        was = card.name
        game.state.set_face(card, Face(copiable(other), f"a copy of {other.name}",
                                       (COPY, card.id)))
        game.note(f"{was} is {verb} as a copy of {other.name}")
