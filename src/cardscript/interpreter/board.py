"""What the rules read of the board (the rules interface's board queries), as functions of
the game: each is bound as a method of `Game`."""

from __future__ import annotations

from ..language.selectors import Place, Selector, name_holds
from . import select as sel_eval
from .state import LastKnown
from .storyline import StoryEvent


def select(game, sel: Selector, ev) -> list:
    """The cards a selector names for event `ev`, asking the controller where it chooses."""
    pick = sel.pick
    if pick == "self":
        return [ev.source] if ev.source is not None else []
    if pick == "ref":
        if sel.slot == "self":
            return [ev.source] if ev.source is not None else []
        return list(ev.slots.get(sel.slot, ()))
    if pick == "named":
        out = list(ev.named.get(sel.named, ()))
        if sel.slot:
            ev.slots[sel.slot] = out          # for a later 'it' (compiler/references.py)
        return out
    if pick == "top" and sel.slot not in ev.slots:
        # 'the top 3 cards of a pile': its first cards, as they lie now
        ev.slots[sel.slot] = out = sel_eval.candidates(game, sel, ev)[:sel.count]
        return out
    if sel.slot in ev.slots:
        out = list(ev.slots[sel.slot])
        return sel_eval.still_targeted(game, ev, sel.slot, out) if pick == "target" else out
    pl = sel.place
    if pl is not None and pl.ref == "choose" and pl.slot is not None and pl.slot not in ev.slots:
        # 'all units on a nearby site': one site is chosen, then the selector reads there.
        where = sel_eval.places(game, pl, ev, ask=False)
        ev.slots[pl.slot] = sel_eval.places(game, pl, ev, prompt=pl.describe()) if where else []
    cands = sel_eval.candidates(game, sel, ev)
    if pick == "random":                 # 'a random ...': the game's seeded generator picks
        out = [game.rng.choice(cands)] if cands else []
        ev.slots[sel.slot] = out
        return out
    if sel.quant == "each":
        out = cands
    elif sel.quant == "up_to":
        out = game.ask_cards(ev.controller, sel.text if sel.count is None else
                             f"up to {sel.count} {sel.text}", cands, sel.count, kind="target")
    elif sel.quant == "count" and sel.count > 1:
        out = game.ask_cards(ev.controller, sel.text, cands, sel.count, kind="target",
                             exact=True)
    else:
        # a tie for a superlative the language lets the active player break ('the strongest')
        who = game.state.active if sel_eval.best_chooser(sel, ev) == "active" else \
            ev.controller
        out = [game.ask_target(who, sel.text, cands)] if cands else []
    ev.slots[sel.slot] = out
    return sel_eval.still_targeted(game, ev, sel.slot, out) if pick == "target" else out


def places(game, pl: Place, ev, *, source=None, ask=True, prompt="a square") -> list:
    """The locations a place names for `ev`, asking the controller where it chooses."""
    return sel_eval.places(game, pl, ev, source=source, ask=ask, prompt=prompt)


def last_known(game, card) -> LastKnown:
    """The card's public state now, granted keywords included: call it just before the
    card leaves play and pass it to `happen` (`library/moves.py` `leave_play` does)."""
    return LastKnown(card, game.keywords_of(card))


def keywords_of(game, card) -> frozenset:
    """Every keyword the card has now: printed, given to it, and granted by ongoing effects."""
    if card.__class__ is LastKnown:
        return card.keywords
    found = set(card.tpl.keywords) | set(card.granted)
    table = _statics_table(game)
    if "grant" not in table and "revoke" not in table:
        return frozenset(found)          # nothing in play grants or takes a keyword
    for src, _, args in game.statics("grant"):
        kw = args.get("keyword")
        if kw not in found and sel_eval.matches(game, args["what"], card, None, source=src):
            found.add(kw)
    for kw in list(found):
        if revoked(game, card, kw):
            found.discard(kw)
    return frozenset(found)


def has_keyword(game, card, kw: str) -> bool:
    """Whether the card has the keyword now: printed, given or granted, and not taken away
    by an ongoing effect (`revoked`), which wins over whatever gave it."""
    if card.__class__ is LastKnown:
        return kw in card.keywords
    if kw in card.tpl.keywords or kw in card.granted:
        return not revoked(game, card, kw)
    # The ongoing 'grant' effects in play, from the index `statics` keeps (a conditional one
    # is tested only once it speaks of this keyword and this card); read here while it is
    # up to date, as `statics` does (most cards asked have the keyword by no grant).
    index = game._statics_index
    table = index[1] if index is not None and index[0] == game.state.rules_version else \
        _statics_table(game)
    found = table.get("grant")
    if found is None:
        return False
    for src, _, args in found[0]:
        if args.get("keyword") == kw and sel_eval.matches(game, args["what"], card, None,
                                                          source=src):
            return not revoked(game, card, kw)
    for src, ab, (_, _, args) in found[1]:
        if args.get("keyword") == kw and sel_eval.matches(game, args["what"], card, None,
                                                          source=src) and \
                applies(game, src, ab):
            return not revoked(game, card, kw)
    return False


def stat_of(game, card, name: str) -> int:
    """A card's current value of a stat (a header field such as power): the ruleset's
    `stat` when it has one (ongoing and lasting changes), else the printed value."""
    fn = game.ruleset.stat
    if fn is not None and card.__class__ is not LastKnown:
        return fn(game, card, name)
    return card.tpl.stats.get(name, 0)


def revoked(game, card, kw: str) -> bool:
    """Does an ongoing effect of kind `revoke` ('X lose KEYWORD', 'KEYWORD of X is negated')
    take the keyword away from the card? Its args: `what` (the cards), `keyword`."""
    for src, _, args in game.statics("revoke"):
        if args.get("keyword") == kw and sel_eval.matches(game, args["what"], card, None,
                                                          source=src):
            return True
    return False


def has_subtype(game, card, sub: str) -> bool:
    """Has the card the subtype now: printed in its header, held by its name (a word the
    language's `name_subtypes` gives the subtype), or added by an ongoing effect of kind
    `subtype` ('this site is both a Tower and a River'; args `what` and the subtypes it adds,
    every other arg)."""
    if sub in card.tpl.subtypes:
        return True
    by_name = game.ruleset.language.name_subtypes.get(sub)
    if by_name is not None and name_holds(card.name, by_name):
        return True                       # a subtype the language reads in names
    if card.__class__ is LastKnown:
        return False
    for src, _, args in game.statics("subtype"):
        if sub in args.values() and sel_eval.matches(game, args["what"], card, None,
                                                     source=src):
            return True
    return False


def applies(game, src, ab) -> bool:
    """Whether a conditional ongoing effect ('X while Y') of `src` applies now: its
    conditions are tested as seen from the card, as a trigger's 'while' is. While they are
    being tested, conditional ongoing effects count as not applying, so a condition that
    reads the board (a keyword, a stat) cannot ask itself."""
    if game._testing_statics:
        return False
    game._testing_statics = True
    try:
        ev = StoryEvent(0, "ongoing", src, src.controller, None, ab.text, ab)
        return all(c.spec.test(game, ev, dict(c.args)) for c in ab.condition)
    finally:
        game._testing_statics = False


def statics(game, kind: str) -> list:
    """(card, spec, args) of every ongoing effect of a kind in play ('forbid', 'prevent', ...).

    Kept, like the hooks, until a card with any enters or leaves play (`rules_version`); a
    conditional one ('X while Y') is listed only while its conditions hold, tested at each
    call. The args dict is shared: read it, do not change it.
    """
    index = game._statics_index           # (read here, not through _statics_table: hot path)
    if index is None or index[0] != game.state.rules_version:
        index = (None, _statics_table(game))
    found = index[1].get(kind)
    if found is None:
        return ()
    plain, conditional = found
    if not conditional:
        return plain
    return plain + [entry for src, ab, entry in conditional if applies(game, src, ab)]


def has_statics(game, kind: str) -> bool:
    """Is an ongoing effect of this kind in play, whether or not its conditions hold now?
    (Read from the index `statics` keeps: no look at the board.)"""
    index = game._statics_index
    if index is None or index[0] != game.state.rules_version:
        return kind in _statics_table(game)
    return kind in index[1]


def statics_kinds(game):
    """The kinds of ongoing effect in play, whether or not their conditions hold now (the
    keys of the index `statics` keeps: read it, do not change it)."""
    index = game._statics_index
    if index is None or index[0] != game.state.rules_version:
        return _statics_table(game)
    return index[1]


def _statics_table(game) -> dict:
    """Kind -> (plain entries, (card, ability, entry) of the conditional ones): `statics`'s
    index, rebuilt when `rules_version` moves."""
    index = game._statics_index
    if index is None or index[0] != game.state.rules_version:
        table: dict = {}                # every kind at once, in one pass over the board
        for src in game.state.reacting_in(game.policy.play_zones):
            for ab in src.tpl.abilities:
                if ab.static is not None:
                    found = table.get(ab.static[0].kind)
                    if found is None:
                        found = table[ab.static[0].kind] = ([], [])
                    entry = (src, ab.static[0], dict(ab.static[1]))
                    if ab.condition:
                        found[1].append((src, ab, entry))
                    else:
                        found[0].append(entry)
        index = game._statics_index = (game.state.rules_version, table)
    return index[1]
