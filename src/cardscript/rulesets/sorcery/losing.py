"""Losing the game by a card's word, and the empty site.

'you lose the game' (docs/rulesets/sorcery.md, "Losing the game"): the rulebook's ways to
lose are a death blow at Death's Door and drawing from an empty pile (players.py, turns.py);
a card may also say so. The player named loses at once: the event resolving finishes and
nothing else resolves (`game.end_game`), as with the other ways.

'an empty site': a site with no unit on it, above or beneath it (the codex names no rule for
the word; this is our reading). In a list of kinds ('a relic, aura or empty site') the word
qualifies the site alone (`Language.kind_traits`).
"""

from __future__ import annotations

from ...library.common import _players as players_named


def register(lang) -> None:
    """Add 'lose the game' and the adjective 'empty' to Sorcery's language."""
    lang.kind_traits = {**lang.kind_traits, "empty": "site"}

    @lang.verb("lose the game", "{who:player?} lose|loses the game")
    def lose_the_game(game, ev, node):
        """The player named loses; its opponent wins."""
        for player in players_named(game, ev, node.arg("who")):
            ev.did.append(f"{player} loses the game")
            game.end_game(game.opponent_of(player), f"{player} lost the game by "
                          f"{ev.source.name if ev.source is not None else 'a card'}")
            return


def is_empty(game, site, unit_kinds) -> bool:
    """Is no unit on the site, above or beneath it (an oversized unit on every square of its
    span)?"""
    squares = game.geometry.squares
    return not any(c.kind in unit_kinds and site.at in squares(c)
                   for c in game.state.in_zones(game.policy.play_zones))
