"""Genesis abilities that resolve again: 'Reactivate the Genesis ability of each allied Desert
nearby', and a site's 'Genesis abilities of nearby Beasts are also Deathrite abilities'
(docs/rulesets/sorcery.md, "Genesis abilities again").

A Genesis ability resolves as its card enters the realm. Reactivated, each Genesis ability
of the cards named (never the card whose ability reactivates: that would never end) is
triggered again, now: a new event of the card's own (its controller's),
ordered with the other triggers of this moment, that is ignored as any event whose source
has left the realm. One whose threshold its controller lacks does not trigger. Read as
Deathrite, a minion's Genesis abilities also trigger when it dies, if the cards the sentence
names ('nearby Beasts', 'each minion nearby') held it as it last was in the realm; they
resolve from where it last stood.
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.moves import in_play

GENESIS = "genesis"
ALSO_DEATHRITE = "genesis also deathrite"


def register(lang) -> None:
    """The verb and the ongoing sentence of this module."""

    @lang.verb("reactivate genesis", "reactivate the genesis abilities of {what:cards}",
               "reactivate the genesis ability of {what:cards}")
    def reactivate(game, ev, node):
        # never the card reactivating: its own Genesis would reactivate itself without end
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c) and
                 c is not ev.source]
        made = [n for c in cards for n in _trigger_genesis(game, c)]
        ev.did.append("reactivate the Genesis abilities of " +
                      (", ".join(f"{c.name} ({n})" for c, n in made) or "nothing"))

    lang.static(ALSO_DEATHRITE, ALSO_DEATHRITE,
                "genesis abilities of {what:cards} are also deathrite abilities")


def _genesis_abilities(card) -> list:
    return [ab for ab in card.tpl.abilities if ab.trace_kind == GENESIS and ab.effect is not None]


def _trigger_genesis(game, card, frm=None) -> list:
    """Trigger each Genesis ability of the card once more: [(card, its text), ...]."""
    out = []
    for ab in _genesis_abilities(card):
        ev = game.new_event(GENESIS, card, card.controller, ab.effect, ab.text, ability=ab)
        if frm is None:
            ev.source_in_play, ev.inc = True, card.incarnation
        else:
            ev.frm = frm                 # a card that died resolves from where it stood
        if ab.requires and not all(c.spec.test(game, ev, dict(c.args)) for c in ab.requires):
            continue
        game.add_trigger(ev)
        out.append((card, ab.text))
    return out


@after("die", statics=(ALSO_DEATHRITE,))
def genesis_as_deathrite(game):
    """A minion that dies as one of the cards a 'Genesis abilities of CARDS are also Deathrite
    abilities' effect names: its Genesis abilities trigger as its Deathrite would."""
    found = game.statics(ALSO_DEATHRITE)
    if not found:
        return
    for h in game.batch:
        c, last = h.card, h.last_known
        if h.kind != "die" or c is None or last is None or c.kind != "minion" or \
                not _genesis_abilities(c):
            continue
        # It has left the realm: what it was as it last stood there is what is matched.
        src = next((s for s, _, args in found
                    if game.matches(args["what"], last, None, source=s)), None)
        if src is None:
            continue
        for card, text in _trigger_genesis(game, c, frm=last.at):
            game.note(f"{card.name}'s Genesis is also a Deathrite ({src.name}): {text}")
