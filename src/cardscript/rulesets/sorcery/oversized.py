"""Oversized units: a unit that stands on several locations at once (docs/rulesets/sorcery.md,
"Oversized units").

An Oversized unit stands at an intersection, on the four locations meeting there; a unit whose
text says it occupies two sites stands on two locations side by side (`across`) or one above
the other (`down`). Its `at` is its anchor, the top-left square, and its `spans:` place field
names the shape (geometry.py `SPANS`); `Grid.squares` answers every square it stands on, and
the interpreter asks that for here, nearby, adjacent and a site's "here" (select.py
`squares_of`). This module says which shapes a unit may take, checks a cast's `spans:`
against them, and reads where a spanning unit goes when it moves as one.
"""

from __future__ import annotations

from ...errors import ScenarioError, SemanticError
from ...interpreter.rules import has_static
from ...library.moves import enter_together
from .geometry import UNIT_KINDS, Grid

KEYWORD = "oversized"
TWO_SITES = "occupies two sites"
FOUR_SITES = "occupies four sites"      # the printed line for the keyword's body


def register(lang) -> None:
    """The keyword and the ongoing sentence of this module."""
    lang.keywords[KEYWORD] = KEYWORD
    lang.keywords["large"] = KEYWORD        # the rulebook's word for the same units
    lang.keyword_rules[KEYWORD] = (
        "stands at an intersection, on the four locations meeting there: summoned there, "
        "moving as one, reached at any of them (rulesets/sorcery/oversized.py `shapes_of`, "
        "geometry.py `Grid.squares`)")
    # Its size is the card's own: no subject, or the card itself ('This minion', 'This Golem'
    # and its unquoted name read as 'this': compiler/forms.py `SelfReference`).
    lang.static(TWO_SITES, "size", "stands astride two neighbouring sites",
                "this? occupies two sites", "this minion|unit|avatar occupies two sites")
    lang.static(FOUR_SITES, "size", "this? occupies four sites",
                "this minion|unit|avatar occupies four sites")
    # The line is the keyword's body (the codex: Oversized units occupy four sites), so a
    # unit whose line says so has the keyword as well: 'each oversized minion' picks it.
    lang.body_keywords[FOUR_SITES] = KEYWORD
    # A unit stands where it stands whether a condition holds or not: taking the body on and
    # off as a condition comes and goes would be a move no rule describes, so a size line
    # takes no condition (E219, compiler/unconditional.py), never read and not honoured.
    for size in (TWO_SITES, FOUR_SITES):
        lang.unconditional_statics[size] = (
            "a unit's size is its body, on its sites whatever holds: write the line without "
            "the condition (a size for a while is an effect's: 'target minion loses "
            "Oversized this turn')")
    lang.card_checks.append(check_size_kind)


def check_size_kind(tpl) -> None:
    """A line giving a card a body of two or four sites is read on a unit only: on a magic,
    an aura, an artifact or a site it would do nothing, so it is refused, as the keyword
    Oversized is there (E216)."""
    if tpl.kind in UNIT_KINDS:
        return
    for ab in tpl.abilities:
        if ab.static is not None and ab.static[0].name in (TWO_SITES, FOUR_SITES):
            raise SemanticError(f"'{ab.text}' on {tpl.name!r}, a{'n' * (tpl.kind[0] in 'aeiou')}"
                                f" {tpl.kind}: only a unit stands on sites", ab.span,
                                code="E216", hint="a minion or an avatar occupies two or four "
                                                  "sites (rulesets/sorcery/oversized.py)")


def shapes_of(game, card) -> tuple:
    """The shapes (`SPANS` names) the unit stands in: an Oversized unit at an intersection;
    one that occupies two sites across or down; () for a unit of one location."""
    if card.kind not in UNIT_KINDS:
        return ()
    if game.has_keyword(card, KEYWORD):     # printed or given by its line (which takes no
        return ("intersection",)            # condition): the body is the keyword's
    if has_static(card, TWO_SITES):                 # (a set look-up a template)
        return ("across", "down")
    return ()


def spans_of(card):
    """The shape the card stands in now (its `spans:` field), or None (one location)."""
    spans = card.ext.get("spans")
    return spans if card.kind in UNIT_KINDS else None


def squares_at(card, loc) -> list:
    """The squares the card would stand on with its anchor at `loc` ([] off the grid)."""
    return Grid.span_squares(loc, spans_of(card))


def check_unit_spans(game, card, action) -> None:
    """A unit's cast: an oversized one names its shape (`spans:`) and stands on sites only;
    a unit of one location takes no `spans:`. Told before anything is paid (S206)."""
    if card.kind not in UNIT_KINDS:
        return
    shapes, spans = shapes_of(game, card), action.get("spans")
    if spans is not None and spans not in shapes:
        raise ScenarioError(f"illegal action: {card.name} stands on one location, never "
                            f"spans: {spans}" if not shapes else
                            f"illegal action: {card.name} stands in the shape "
                            f"{' or '.join(shapes)}, not {spans}", None, code="S206",
                            key="spans", hint="remove spans:" if not shapes else
                            "write spans: " + " or spans: ".join(shapes))
    if spans is None and shapes:
        raise ScenarioError(f"illegal action: {card.name} stands on more than one location: "
                            "its cast names where", None, code="S206", key="at",
                            hint="add spans: " + " or spans: ".join(shapes) +
                                 ", with at: the top-left square")
    if spans is None or action.get("at") is None:
        return
    geo = game.geometry
    at = geo.parse_location(action["at"])
    missing = [s for s in Grid.span_squares(at, spans) if not geo.has_site(game, s)]
    if missing:
        raise ScenarioError(f"illegal action: {card.name} is summoned onto sites only, and "
                            f"square{'s' if len(missing) > 1 else ''} "
                            f"{', '.join(map(str, missing))} hold{'s' if len(missing) == 1 else ''}"
                            " no site", None, code="S206", key="at",
                            hint="choose a place where every square it covers holds a site")


def summon_place(game, ev, card, loc):
    """Where an effect that summons an oversized unit to `loc` puts it: its controller picks
    (a `target` question: the top-left square, and the shape, `3 down`, for a unit of two
    shapes) a place of its shape that covers `loc` and
    where every location covered holds a site; it is marked to take that shape as it enters
    (auras.py `conjured_at_intersection`). Returns the anchor, or `loc` when the unit stands on
    one location, or None when no such place exists (then it is not summoned)."""
    return summon_places(game, ev, [card], loc)[0]


def summon_places(game, ev, cards, loc) -> list:
    """Where an effect that summons several units together to `loc` puts each, in the
    group's order: a unit of one location at `loc`; an oversized one in a place of its shape
    with a site under each square that overlaps none of the group's earlier oversized units,
    covering `loc`, or, once the group's earlier ones cover `loc`, as few steps from it as
    any place left (its controller picks among equals, as `summon_place`). None for a unit
    left with no place (it is not summoned)."""
    taken, out = set(), []
    for card in cards:
        shapes = shapes_of(game, card)
        if not shapes or loc is None:
            out.append(loc)
            continue
        anchor = _free_place(game, ev, card, shapes, loc, taken)
        if anchor is not None:
            taken.update(Grid.span_squares(anchor, game.slot("conjured at an intersection")
                                           [card.id]))
        out.append(anchor)
    return out


def summon_group(game, ev, cards, loc) -> None:
    """Summon `cards` together to `loc` (the `summon` verb): each in its place
    (`summon_places`), entering the realm at the same moment; one left with no place is not
    summoned, and the trace says so."""
    anchors = summon_places(game, ev, cards, loc)
    placed = [(c, a) for c, a in zip(cards, anchors) if a is not None]
    if placed:
        enter_together(game, [c for c, _ in placed], loc, ev.controller,
                       each_at=[a for _, a in placed])
        if len({a for _, a in placed}) == 1:
            ev.did.append(f"summon {', '.join(c.name for c, _ in placed)} to {placed[0][1]}")
        else:
            ev.did.append("summon " + ", ".join(f"{c.name} to {a}" for c, a in placed))
    for c, a in zip(cards, anchors):
        if a is None:
            ev.did.append(f"summon {c.name}: no place of its size at {loc}")


def _free_place(game, ev, card, shapes, loc, taken):
    """One place for `card` (see `summon_places`), asked of its controller; its anchor."""
    geo = game.geometry
    places = sorted({(anchor, spans) for spans in shapes for anchor in geo.locations(game)
                     if (squares := Grid.span_squares(anchor, spans)) and
                     not taken.intersection(squares) and
                     all(geo.has_site(game, s) for s in squares)})
    options = [(a, s) for a, s in places if loc in Grid.span_squares(a, s)]
    if not options and loc in taken and places:
        away = {(a, s): min(_steps(loc, q) for q in Grid.span_squares(a, s))
                for a, s in places}
        options = [p for p in places if away[p] == min(away.values())]
    if not options:
        return None
    labels = {(a if len(shapes) == 1 else f"{a} {s}"): (a, s) for a, s in options}
    where = f"covering {loc}" if loc in Grid.span_squares(*options[0]) else f"nearest {loc}"
    anchor, spans = labels[game.ask_target(
        ev.controller, f"the top-left square of {card.name}'s place {where}", list(labels))]
    game.slot("conjured at an intersection")[card.id] = spans
    return anchor


def attack_spots(game, unit, foe) -> list:
    """Where an attack is: the locations the attacker shares with what it attacks (an
    oversized attacker or target: those of its own the other covers too); the target's
    locations when they share none (an attack from a step away)."""
    geo = game.geometry
    mine = geo.squares(unit)
    return [s for s in geo.squares(foe) if s in mine] or geo.squares(foe)


def covering_anchors(game, card, spots) -> list:
    """The anchors from which the card, in its shape, would cover one of `spots` (a unit of
    one location: the spots themselves), in square order."""
    if spans_of(card) is None:
        return sorted(spots)
    return sorted({a for a in game.geometry.locations(game)
                   if any(s in spots for s in squares_at(card, a))})


def _steps(a, b) -> int:
    """Orthogonal steps between two squares."""
    (r1, c1), (r2, c2) = Grid.rc(a), Grid.rc(b)
    return abs(r1 - r2) + abs(c1 - c2)


def meets(game, card, squares) -> bool:
    """Does the card stand on one of these squares (an oversized one: on any of its own)?"""
    return any(s in squares for s in game.geometry.squares(card))


def steps_apart(game, card, squares) -> int:
    """The fewest orthogonal steps between a square of the card and one of `squares`."""
    geo = game.geometry
    return min((abs(r1 - r2) + abs(c1 - c2)
                for (r1, c1) in map(geo.rc, geo.squares(card))
                for (r2, c2) in map(geo.rc, squares)), default=99)


def entered(card, frm) -> list:
    """The squares a spanning unit covers now and did not with its anchor at `frm` (what it
    enters as it moves as one), in square order; [] for a unit of one location."""
    if spans_of(card) is None or card.at is None:
        return []
    before = set(Grid.span_squares(frm, spans_of(card))) if frm is not None else set()
    return [s for s in Grid.span_squares(card.at, spans_of(card)) if s not in before]


def shifts(game, unit, loc) -> list:
    """The anchors one step from `loc` for a spanning unit: the whole shape moves one
    location north, west, east or south (diagonally too when Airborne), staying on the
    grid; which of them it may stand on is `realm.may_cover`'s."""
    r, c = Grid.rc(loc)
    offsets = [(-1, 0), (0, -1), (0, 1), (1, 0)]
    if game.has_keyword(unit, "airborne"):
        offsets += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    out = []
    for dr, dc in offsets:
        anchor = Grid.sq(r + dr, c + dc)
        if anchor is not None and squares_at(unit, anchor):
            out.append(anchor)
    return sorted(out)

