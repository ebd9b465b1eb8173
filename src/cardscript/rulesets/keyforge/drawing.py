"""Drawing in KeyForge: a deck that runs out is refilled by shuffling the discard pile into it
(in step 5 and for a card's effect alike)."""

from __future__ import annotations


def draw_cards(game, player, n, ev) -> list:
    """Draw n cards; an empty deck is refilled by shuffling the discard pile into it."""
    ps = game.state.players[player]
    drawn, told = [], 0

    def tell():                    # what was drawn so far, before what happens next
        nonlocal told
        if len(drawn) > told:
            ev.did.append(f"{player} draws {', '.join(c.name for c in drawn[told:])}")
            told = len(drawn)

    for _ in range(n):
        if not ps.zones["deck"] and ps.zones["discard"]:
            tell()
            ps.zones["deck"][:] = ps.zones["discard"]
            ps.zones["discard"].clear()
            for c in ps.zones["deck"]:
                c.zone = "deck"
            game.rng.shuffle(ps.zones["deck"])
            game.state.touch()
            ev.did.append(f"{player} shuffles their discard into their deck")
        if not ps.zones["deck"]:
            tell()
            ev.did.append(f"{player} has no card left to draw")
            break
        card = ps.zones["deck"][0]
        game.state.put(card, "hand", player)
        drawn.append(card)
        game.happen("draw", card, player, frm="deck")
    tell()
    return drawn
