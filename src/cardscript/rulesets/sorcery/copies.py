"""Copies: a card that enters the realm as a copy of another ('This Mimeling is summoned as
a copy of an allied minion nearby', 'This Echoveil is conjured as a copy of an artifact near
the caster'), and transformations ('Transform a Newt here into a Mortal from your
collection'). docs/rulesets/sorcery.md, "Copies and changed faces".

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
from ...library.moves import in_play

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


def register_transform(lang) -> None:
    """'Transform X into a Y token' and 'transform X into a Y from your collection': each X
    in the realm reads as Y from now on, until it leaves the realm."""
    lang.zones["collection"] = "collection"        # a player's cards outside the game

    @lang.verb("transform", "transform {what:cards} into {into:cards}")
    def transform(game, ev, node):
        into = node.arg("into")
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to transform")
            return
        if into.name is not None:                  # a token (or card) by its name
            tpl = game.templates[into.name]
        else:                                      # one the controller picks: its printed face
            chosen = game.select(into, ev)
            if not chosen:
                ev.did.append(f"{node.text}: no {into.text} to transform into")
                return
            tpl = chosen[0].printed
        for c in cards:
            was = c.name
            game.state.set_face(c, Face(tpl, f"transformed into {tpl.name}", (TRANSFORM, c.id)))
            ev.did.append(f"{was} is transformed into {tpl.name}")
            ev.subject = ev.subject or was
