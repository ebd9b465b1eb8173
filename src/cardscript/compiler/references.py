"""References in card text: what 'it', 'that unit', 'that site', 'there' and a named
referent name (the antecedents of the `Scope`), and the slots each selector and place of a
step is given, so that a later word may name what it picked. Each function takes the
`Lowerer` of the card first; the Lowerer has them as its methods."""

from __future__ import annotations

from ..errors import SemanticError, Span, did_you_mean
from ..language.amounts import Counted
from ..language.selectors import Place, Selector
from .amounts import resolve as resolve_amount
from .copying import copy_with
from .diagnose import unruled_keyword
from .its_player import its_player
from .scope import Scope


def resolve_sel(low, sel: Selector, scope: Scope, span: Span) -> Selector:
    """The selector with its slot: 'it' / 'that unit' the latest antecedent it may name
    (E205 if none), a named referent its slot, 'this' the reserved one; any other a fresh
    slot, kept as an antecedent for a later word (and as a target if it is one)."""
    if sel.pick == "ref":
        for slot, kinds, is_place in reversed(scope.antecedents):
            if is_place:
                continue
            if sel.controller and scope.sides.get(slot, sel.controller) != sel.controller:
                continue                # 'that ally' passes over the enemy named after it
            if slot == "self" and sel.kinds is not None and sel.text[:4].lower() in (
                    "that", "thos"):
                continue                # a card says 'this', never 'that minion', of itself
            if sel.kinds is None or kinds is None or (kinds & sel.kinds):
                return copy_with(sel, slot=slot)
        raise SemanticError(f"'{sel.text}' refers to nothing said before it", span,
                            hint="name the card first (a target, 'a unit you choose', ...)",
                            code="E205", words=sel.text)
    if sel.pick == "named":
        if sel.named in scope.aliases:
            return copy_with(sel, quant="ref", pick="ref", slot=scope.aliases[sel.named])
        if sel.named not in scope.named:
            raise SemanticError(f"'{sel.text}' is not something an earlier step named", span,
                                hint=did_you_mean(sel.named, scope.named | set(scope.aliases))
                                or "known here: " + (", ".join("the " + n for n in sorted(
                                    scope.named | set(scope.aliases))) or "nothing"),
                                code="E205",
                                words=sel.text)
        # A later 'it' may name what the referent named ('drags the first unit hit
        # here, and deals 2 damage to it'): the cards read are kept in a slot.
        slot = scope.fresh()
        scope.antecedents.append((slot, sel.kinds, False))
        return copy_with(sel, slot=slot)
    if sel.pick == "self":
        # 'this': later 'it' / 'adjacent' may name it; the reserved slot reads the source.
        sel = copy_with(sel, slot="self")
        kinds = sel.kinds or low.self_kinds
        scope.antecedents.append(("self", kinds, False))
        return sel
    if sel.name is not None:
        check_name(low, sel.name, span)
    place = sel.place
    if place is not None:
        place = resolve_place(low, place, scope, span)
    zone = its_player("zone", sel.zone, scope)     # 'a card in its owner's hand'
    slot = scope.fresh()
    sel = copy_with(sel, slot=slot, place=place, zone=zone)
    if sel.controller:
        scope.sides[slot] = sel.controller
    if sel.pick == "target":
        scope.targets.append((slot, sel))
    scope.antecedents.append((slot, sel.kinds, False))
    return sel


def resolve_place(low, pl: Place, scope: Scope, span: Span, *,
                  announced: bool = False) -> Place:
    """The place with its slot, as `resolve_sel` does a selector's: 'that site' and 'there'
    the latest place (or card standing for one) said before, a chosen place a fresh slot."""
    if pl.ref == "prev":
        # 'target adjacent square' is chosen when the effect is announced, so it can only
        # be adjacent to something also known then: the latest target, not a later group.
        chosen = {slot for slot, _ in scope.targets}
        cands = [a for a in reversed(scope.antecedents) if not announced or a[0] in chosen]
        for slot, kinds, is_place in cands or reversed(scope.antecedents):
            return Place("slot", slot=slot) if is_place else \
                Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
        return Place("here")
    anchor = resolve_place(low, pl.anchor, scope, span, announced=pl.ref == "target") \
        if pl.anchor else None
    if pl.ref == "slot":
        for slot, kinds, is_place in reversed(scope.antecedents):
            if is_place or (kinds and kinds & low.lang.place_kinds):
                return copy_with(pl, slot=slot) if is_place else \
                    Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
        noun = pl.noun or "place"
        nouns = list(low.lang.place_nouns) or [noun]
        places = " or ".join(nouns) if len(nouns) < 3 else \
            ", ".join(nouns[:-1]) + " or " + nouns[-1]
        raise SemanticError(f"'that {noun}' refers to no {places} said before it",
                            span, code="E205", words=f"that {noun}|the {noun}",
                            hint=f"name the {places} first (target {noun}, "
                                 f"a {noun} you choose, ...)")
    if pl.ref == "there":
        # 'there': the latest place (or card standing for one) said before; else the
        # card's own square, as 'here'.
        for slot, kinds, is_place in reversed(scope.antecedents):
            if is_place or (kinds and kinds & low.lang.place_kinds):
                return copy_with(pl, ref="slot", slot=slot) if is_place else \
                    Place("of", of=Selector(quant="ref", pick="ref", slot=slot, text="it"))
        return copy_with(pl, ref="here")
    if pl.ref == "of":
        return copy_with(pl, of=resolve_sel(low, pl.of, scope, span))
    if pl.ref in ("target", "choose", "adjacent", "any", "random"):
        slot = scope.fresh()
        pl = copy_with(pl, slot=slot, anchor=anchor)
        if pl.ref == "target":
            scope.targets.append((slot, pl))
        if pl.ref in ("target", "choose", "random"):
            scope.antecedents.append((slot, None, True))
        return pl
    return copy_with(pl, anchor=anchor)


def check_keywords(low, sel: Selector, span: Span) -> None:
    """A selector may only test keywords that have rules (E212 otherwise)."""
    for kw in sel.with_keywords + sel.without_keywords:
        if kw not in low.lang.keyword_rules:
            raise unruled_keyword(kw, span, low.lang)


def resolve_args(low, args: tuple, scope: Scope, span: Span, *, its: bool = False) -> tuple:
    """A phrase's arguments with each selector, place and counted amount resolved, in the
    order the phrase says them; a keyword without rules is E212, a 'they' no 'may' names
    E205. With `its` (a step's arguments), 'its controller' / "its owner's" (and 'their')
    name the player of the card 'it' would name there (its_player.py)."""
    out = []
    for k, v in args:
        if its:
            v = its_player(k, v, scope)
        if k == "keyword" and isinstance(v, str) and v not in low.lang.keyword_rules:
            raise unruled_keyword(v, span, low.lang)
        if isinstance(v, Selector):
            check_keywords(low, v, span)
            v = resolve_sel(low, v, scope, span)
        elif isinstance(v, Place):
            v = resolve_place(low, v, scope, span)
        elif v.__class__ is Counted:                   # 'equal to its power'
            v = resolve_amount(low, v, scope, span)
        elif v == "decider" and scope.decider is None:
            raise SemanticError(
                "'they' refers to no player said before it", span, code="E205",
                words="they", hint="'they' names the player who decided a 'may' said "
                "before it ('An opponent may discard a card. If they don't, they lose 3 "
                "life'); else name the player ('an opponent', 'each opponent', ...)")
        out.append((k, v))
    return tuple(out)


def check_name(low, name: str, span: Span):
    """A quoted card name must be a known card (E202)."""
    if name not in low.cards:
        raise SemanticError(f'unknown card "{name}"', span, code="E202",
                            hint=did_you_mean(name, low.cards) or
                            f'declare it (card "{name}": ...) or load the file that does')
