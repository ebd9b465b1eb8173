"""Royalty: which cards are Royals (docs/rulesets/sorcery.md, "Royalty"; the codex's entry
"Royalty").

The codex makes a card royal by its name, not by a subtype: a card whose name holds King,
Queen, Prince or Princess as a whole word is a Royal ('an allied Royal', 'a nearby Avatar or
Royal', 'non-Royal minions'). The language reads it as the subtype `royal` that names give
(`Language.name_subtypes`, tested by `interpreter/board.py` `has_subtype` through
`language/selectors.py` `name_holds`); a card of ours may still declare `Royal` in its header.
"""

from __future__ import annotations

ROYAL = "royal"
# The codex's royal words, each a whole word of a name.
ROYAL_WORDS = frozenset({"king", "queen", "prince", "princess"})


def register(lang) -> None:
    """'Royal' as a selector word, and the names that make a card one."""
    lang.subtypes |= {ROYAL}
    lang.name_subtypes = {**lang.name_subtypes, ROYAL: ROYAL_WORDS}
