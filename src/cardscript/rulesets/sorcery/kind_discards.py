"""A discard of one kind of card: 'discard a spell', 'your opponent discards two sites'.

Like any discard (library/common.py `discard`) the player picks the cards from their own
hand and puts them in their cemetery, but only cards of the kind named: a spell is any card
drawn from the spellbook (minion, magic, aura, artifact), a site one drawn from the atlas.
It is a cost: a 'may' offers it only to a player who holds enough cards of that kind, and a
player who holds fewer discards none. docs/rulesets/sorcery.md, "Discarding a kind of card".
"""

from __future__ import annotations

from ...errors import ChoiceError
from ...library.common import _players, gave


def _of_kind(game, player, noun) -> list:
    kinds = game.ruleset.language.nouns[noun]
    return [c for c in game.state.players[player].zones.get("hand", []) if c.kind in kinds]


def register(lang) -> None:
    """The verbs 'discard <N> spells' and 'discard <N> sites'."""
    for noun in ("spell", "site"):
        _discard_of(lang, noun)


def _discard_of(lang, noun) -> None:
    def able(game, ev, node):
        n = node.arg("n") or 1
        return all(len(_of_kind(game, p, noun)) >= n for p in _players(game, ev, node.arg("who")))

    @lang.verb(f"discard {noun}s", f"{{who:player?}} discard|discards {{n:count}} {noun}|{noun}s",
               able=able, cost=True, gives=lang.nouns[noun])
    def discard_kind(game, ev, node):
        """Discard N cards of the kind named, chosen by their holder: all, or none."""
        n = node.arg("n") or 1
        gone = []
        for who in _players(game, ev, node.arg("who")):
            held = _of_kind(game, who, noun)
            if len(held) < n:
                ev.did.append(f"{who} cannot discard {n} {noun}(s) (holds {len(held)})")
                continue
            picked = game.ask_cards(who, f"discard {n} {noun}", held, n, kind="cards",
                                    exact=True)
            if len(picked) != n:
                raise ChoiceError(f"{who} must discard exactly {n} {noun}(s), chose "
                                  f"{len(picked)}", None, code="S302",
                                  hint=f"answer with a list of {n} card names")
            for c in picked:
                game.state.put(c, game.ruleset.graveyard, c.owner)
                game.happen("discard", c, who)
            gone += picked
            ev.did.append(f"{who} discards {', '.join(c.name for c in picked)}")
        gave(ev, node, gone)
