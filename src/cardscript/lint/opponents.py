"""L012: a player word of two-player games in a ruleset whose games may have more players.

'your opponent', 'the opponent' and "your opponent's" name the one opponent of a two-player
game (interpreter/players.py); in a game of more players the run stops with R104 when the
card resolves or its filter is tested. `check` cannot refuse them, since a card file does not
say how many play. This rule reads the ruleset's `player_count` (fewest, most):

- at most two players (Sorcery, KeyForge: (2, 2)): the words are always right, nothing is
  reported;
- more than two in every game (fewest above 2): the words are certainly wrong;
- two or more (Grand Archive, Mage Noir, The Everrain: (2, None); a (2, 4) alike): possibly
  wrong, right only in the ruleset's two-player games.

Both are reported, the message saying which. A card written for two-player games keeps its
words with `# cardscript: ignore[L012]` (on the line, or on the card's header line). There is
no `--fix`: each replacement means something else (every opponent, one the controller
chooses), so the writer picks; an editor offers them as quick fixes (`Finding.suggest`).
"""

from __future__ import annotations

from .rules import Finding, PoolCard, _phrases

FIRST = frozenset({"your", "the"})
# The second word: the player ('opponent') or its possessive ("opponent's").
SECOND = frozenset({"opponent", "opponent's"})
# What each may become, in the order an editor offers them: the possessive has one reading.
INSTEAD = {"opponent": ("each opponent", "an opponent", "target opponent"),
           "opponent's": ("an opponent's",)}
KEEP = ("; a card meant for two-player games only keeps its words with "
        "'# cardscript: ignore[L012]'")
HINTS = {"opponent": "write 'each opponent' (every opponent), 'an opponent' (one the controller "
                     "chooses; in a filter, any opponent) or 'target opponent'" + KEEP,
         "opponent's": "write \"an opponent's\" (one the controller chooses; in a filter, any "
                       "opponent's)" + KEEP}


def players_allowed(ruleset) -> str:
    """'2 or more', '2 to 4', '3': the player counts a ruleset's games may have, in words."""
    fewest, most = getattr(ruleset, "player_count", (2, None))
    if most is None:
        return f"{fewest} or more"
    return f"{fewest}" if fewest == most else f"{fewest} to {most}"


def two_player_words(cards: list[PoolCard], ruleset) -> list[Finding]:
    """L012 on the cards of one ruleset (see the module docstring for when it reports)."""
    fewest, most = getattr(ruleset, "player_count", (2, None))
    if most is not None and most <= 2:
        return []
    allowed = players_allowed(ruleset)
    if fewest > 2:
        why = (f"every {ruleset.name} game has {allowed} players: the run always stops "
               "here with R104")
    else:
        why = (f"{ruleset.name} allows {allowed} players, and with more than two the run "
               "stops here with R104")
    out = []
    for c in cards:
        for ab in c.node.abilities:
            for phrase in _phrases(ab):
                words = phrase.words
                for a, b in zip(words, words[1:]):
                    if a.kind != "word" or b.kind != "word" or a.text.lower() not in FIRST \
                            or b.text.lower() not in SECOND:
                        continue
                    said = f"{a.text} {b.text}"
                    end = b.span.column + len(b.text) if b.span.line == a.span.line else 0
                    second = b.text.lower()
                    suggest = tuple(_as_written(said, new) for new in INSTEAD[second])
                    out.append(Finding(
                        "L012", f"'{said}' names the one opponent of a two-player game; "
                        f"{why}", c.path, a.span.line, a.span.column, end, hint=HINTS[second],
                        suggest=suggest))
    return out


def _as_written(old: str, new: str) -> str:
    """The replacement with the old words' capital ('Your opponent' -> 'Each opponent')."""
    return new[:1].upper() + new[1:] if old[:1].isupper() else new
