"""Figures of a set of cards: card length, abilities a card, vocabulary (no text kept).

The generated benchmark pool is shaped by these figures: read from the bundled pools
(cards/*/pool.cards) and, when a corpus file is given (`run.py --corpus PATH`), from its
rules texts. Only numbers leave this module: lengths, counts, the size of a vocabulary.

    from poolstats import pool_stats, corpus_stats
    pool_stats(paths)   # -> Stats
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

WORD = re.compile(r"[a-z][a-z']*")
QUOTED = re.compile(r'"[^"\n]*"')


@dataclass
class Stats:
    """Figures of a set of cards (numbers only)."""

    source: str
    cards: int = 0
    ability_lengths: list = field(default_factory=list)   # characters of each ability's text
    abilities_per_card: list = field(default_factory=list)
    vocabulary: int = 0                                   # distinct lower-case words

    @property
    def mean_text(self) -> float:
        """Mean characters of rules text a card (its abilities, without the header)."""
        return sum(self.ability_lengths) / max(1, self.cards)

    @property
    def mean_abilities(self) -> float:
        return sum(self.abilities_per_card) / max(1, self.cards)

    def summary(self) -> str:
        return (f"{self.source}: {self.cards:,} cards, {self.mean_text:.0f} chars of rules text "
                f"and {self.mean_abilities:.2f} abilities a card, {self.vocabulary} words")


def _words(text: str) -> set:
    return set(WORD.findall(QUOTED.sub(" ", text).lower()))


def card_text_stats(texts, source: str) -> Stats:
    """Figures of card files' texts: a card is a `card "..."` line and its indented lines."""
    st = Stats(source)
    vocab: set = set()
    for text in texts:
        abilities = None
        for line in text.splitlines():
            body = line.split("#", 1)[0].rstrip() if '"' not in line.split("#", 1)[0] \
                else line.rstrip()
            if line.startswith("card "):
                if abilities is not None:
                    st.abilities_per_card.append(abilities)
                abilities = 0
                st.cards += 1
            elif abilities is not None and body.strip() and not body.lstrip().startswith("#"):
                abilities += 1
                st.ability_lengths.append(len(body.strip()))
                vocab |= _words(body)
        if abilities is not None:
            st.abilities_per_card.append(abilities)
    st.vocabulary = len(vocab)
    return st


def pool_stats(paths) -> Stats:
    """Figures of card files (the bundled pools)."""
    paths = list(paths)
    return card_text_stats([Path(p).read_text(encoding="utf-8") for p in paths],
                           f"bundled pools ({len(paths)} files)")


def corpus_stats(path) -> Stats:
    """Figures of a corpus of printed cards (a YAML list of entries with a `rules_box`):
    each paragraph of a rules box counts as one ability. Nothing but figures is returned."""
    import yaml
    entries = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or []
    st = Stats(f"corpus {Path(path).name}")
    vocab: set = set()
    for e in entries:
        if not isinstance(e, dict):
            continue
        text = str(e.get("rules_box") or "")
        parts = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
        st.cards += 1
        st.abilities_per_card.append(len(parts))
        for p in parts:
            st.ability_lengths.append(len(" ".join(p.split())))
            vocab |= _words(p)
    st.vocabulary = len(vocab)
    return st
