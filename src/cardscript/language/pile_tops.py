"""The top cards of a pile as a selector: 'the top 3 cards of your deck', 'your top 4
site cards', 'your next three spells'.

`TopReader` is the part of `Reader` (reader.py) that reads them; the card reader
(card_reader.py) asks it first when the words hold 'top' or 'next'.
"""

from __future__ import annotations

from .selectors import NUMBERS, Selector
from .shapes import FAIL


class TopReader:
    """Readers of a pile's top cards (a part of `Reader`)."""

    def _top(self, ws: list, text: str):
        """The top cards of a pile: 'the top card of ZONE', 'the top 3 cards of ZONE', 'your
        top 4 ZONE cards' -> a selector of the first cards of that zone."""
        n = 1
        if ws[:2] == ["the", "top"] and len(ws) >= 5:
            rest = ws[2:]
            if rest[0] not in ("card", "cards"):
                n = int(rest[0]) if rest[0].isdecimal() else NUMBERS.get(rest[0])
                rest = rest[1:]
            if n is None or rest[:2] not in (["card", "of"], ["cards", "of"]):
                return None
            zone = self.read_zone(rest[2:])
        elif len(ws) >= 4 and "top" in ws[1:3] and ws[-1] in ("card", "cards"):
            # 'your top 3 atlas cards', 'an opponent's top 3 atlas cards'
            k = ws.index("top", 1)
            mid = ws[k + 1:-1]
            if len(mid) == 2:
                n = int(mid[0]) if mid[0].isdecimal() else NUMBERS.get(mid[0])
            if n is None or len(mid) not in (1, 2):
                return None
            zone = self.read_zone(ws[:k] + [mid[-1]])
        else:
            return None
        if zone is FAIL or n < 1:
            return None
        kinds = self.lang.nouns.get("card") or frozenset(self.lang.card_kinds.values())
        return Selector(quant="count", count=n, pick="top", kinds=kinds, zone=zone, text=text)

    def _next(self, ws: list, text: str):
        """A player's next cards of what is drawn: 'your next three spells', 'an opponent's
        next site' -> the top cards of the pile they are drawn from, as `_top` reads them
        (the next card drawn is the top one)."""
        k = ws.index("next", 1)
        rest = ws[k + 1:]
        n = 1
        if len(rest) == 2:
            n = int(rest[0]) if rest[0].isdecimal() else NUMBERS.get(rest[0])
            if rest[0] in ("a", "an"):
                n = None
        if n is None or len(rest) not in (1, 2) or n < 1:
            return None
        kind = self.read_cardtype((rest[-1],))
        if kind is FAIL or (n == 1) != (rest[-1] == kind) or \
                (len(rest) == 1 and rest[-1] != kind):
            return None                           # 'next spell', 'next 3 spells'
        zone = self.read_zone(ws[:k] + [self.lang.draw_zones[kind]])
        if zone is FAIL:
            return None
        kinds = self.lang.nouns.get("card") or frozenset(self.lang.card_kinds.values())
        return Selector(quant="count", count=n, pick="top", kinds=kinds, zone=zone, text=text)
