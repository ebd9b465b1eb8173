"""Players and their piles: the player words and possessives the readers take, and the slot
readers of a player, a pile ('your hand'), one player's piles and a pile of a verb's subject.

`PlayerReader` is the part of `Reader` (reader.py) that reads them; the formatter writes
the same words back (fmt/words.py).
"""

from __future__ import annotations

from .nouns import JOINERS
from .places import plain_word
from .shapes import FAIL

# The player words. Three name opponents, apart in a game of more than two players:
# 'opponent' is THE opponent of a two-player game ('your opponent'; a game of more players
# refuses it as it resolves), 'opponents' every opponent ('each opponent'), and
# 'chosen_opponent' one opponent the card's controller chooses ('an opponent'). The first
# words of each value are the ones the formatter writes.
PLAYERS = {("you",): "you", ("your", "opponent"): "opponent", ("the", "opponent"): "opponent",
           ("an", "opponent"): "chosen_opponent", ("target", "opponent"): "chosen_opponent",
           ("an", "opponent", "of", "your", "choice"): "chosen_opponent",
           ("each", "opponent"): "opponents", ("all", "opponents"): "opponents",
           ("its", "owner"): "owner", ("its", "controller"): "controller",
           ("each", "player"): "each"}
# 'they' as a player: the one who decided the latest 'PLAYER may' of the effect ('An opponent
# may discard a card. If they don't, they lose 3 life'); the compiler refuses it where no such
# 'may' came before (E205). Kept out of PLAYERS: 'they may ...' is a card's own 'may'.
DECIDER_WORDS = {("they",): "decider"}
# The values of PLAYERS that name an opponent: in a two-player game each names the one
# opponent.
OPPONENTS = frozenset({"opponent", "opponents", "chosen_opponent"})
# Possessives naming one player's piles ('your hand', "its owner's deck"): whose they are.
POSSESSIVE = {"your": "you", "their": "owner", "its": "owner", "its owner's": "owner",
              "their owner's": "owner", "their owners'": "owner",
              "its controller's": "controller",
              "your opponent's": "opponent", "an opponent's": "chosen_opponent"}

# Possessives naming the piles of several players at once, after 'in' or 'from' in a selector
# ('each card in each player's hand'): the player word whose players' piles are pooled,
# in turn order (interpreter/select.py `candidates`). A destination takes one player's pile.
EACH_POSSESSIVE = {"each player's": "each", "each opponent's": "opponents"}

# The possessives after which a pile may be plural: each card's owner's pile.
PLURAL_OWNERS = frozenset({"their", "their owner's", "their owners'"})


class PlayerReader:
    """The readers of players and piles (a part of `Reader`, which gives `lang`)."""

    def read_player(self, words):
        key = tuple(plain_word(w) for w in words)
        return PLAYERS.get(key) or DECIDER_WORDS.get(key, FAIL)

    def read_zone(self, words):
        ws = [plain_word(w) for w in words]
        if not ws:
            return FAIL
        whose = " ".join(ws[:-1])
        zone = self._pile(ws[-1], whose)
        if zone is None:
            return FAIL
        who = POSSESSIVE.get(whose)
        if who is None:
            return FAIL
        return (who, zone)

    def read_ownpile(self, words):
        """A pile of the player a verb's subject names: 'your hand' (no subject, or 'you'),
        'their hand' (a player word): the words as the value, the pile as its zone name
        ('their deck'), so that the formatter writes it back as read."""
        ws = [plain_word(w) for w in words]
        zone = self.lang.zones.get(ws[1]) if len(ws) == 2 else None
        if zone is None or ws[0] not in ("your", "their"):
            return FAIL
        return f"{ws[0]} {zone}"

    def read_own(self, words):
        """The possessive of the player a verb's subject names, as written: 'your' (agreeing
        with no subject, or 'you'), 'their' (with another player word). The verb's check
        refuses the one that disagrees ('an opponent loses half your life')."""
        w = plain_word(words[0]) if len(words) == 1 else ""
        return w if w in ("your", "their") else FAIL

    def read_piles(self, words):
        """'your deck, hand, or discard' (the commas joined as 'or' by the compiler):
        one player's piles, several of them -> (whose, (zone, ...)). One pile reads too."""
        ws = [plain_word(w) for w in words]
        for k in (2, 1):
            who = POSSESSIVE.get(" ".join(ws[:k]))
            if who is not None and len(ws) > k:
                break
        else:
            return FAIL
        rest = ws[k:]
        if len(rest) % 2 == 0 or any(w not in JOINERS for w in rest[1::2]):
            return FAIL
        zones = tuple(self._pile(w, " ".join(ws[:k])) for w in rest[::2])
        if None in zones or len(set(zones)) < len(zones):
            return FAIL
        return (who, zones)

    def _each_zone(self, ws: list):
        """'each player's hand', 'each opponent's hand': (player word, zone), or None."""
        who = EACH_POSSESSIVE.get(" ".join(ws[:2]))
        zone = self.lang.zones.get(ws[2]) if len(ws) == 3 and who is not None else None
        return None if zone is None else (who, zone)

    def _pile(self, w: str, whose: str):
        """The zone a pile word names, or None; plural after 'their' ('their owners' hands':
        each card's owner's hand)."""
        zones = self.lang.zones
        if w in zones:
            return zones[w]
        if whose not in PLURAL_OWNERS:
            return None
        if w.endswith("ies"):
            return zones.get(w[:-3] + "y")
        if not w.endswith("s"):
            return None
        return zones.get(w[:-1]) or (zones.get(w[:-2]) if w.endswith("es") else None)
