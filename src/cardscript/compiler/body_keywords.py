"""Keywords a card has by a line of its own: a language's `body_keywords` names ongoing lines
that are a keyword's body (the static's name -> the keyword). A card whose own line is one
has the keyword too, as if it were printed, so words that pick cards by the keyword pick it,
wherever it is; a line that holds only under a condition gives no keyword (the keyword would
hold where the line does not)."""

from __future__ import annotations


def body_keywords(keywords: dict, abilities, lang) -> dict:
    """The card's keywords with those its own lines give (the printed ones kept as they are:
    a keyword printed with a value keeps its value)."""
    if not lang.body_keywords:
        return keywords
    given = given_by_lines(abilities, lang)
    if not given - set(keywords):
        return keywords
    return {**keywords, **{kw: True for kw in sorted(given) if kw not in keywords}}


def given_by_lines(abilities, lang) -> set:
    """The keywords that the card's own lines give (see the module docstring)."""
    out = set()
    for ab in abilities:
        if ab.static is not None and not ab.condition and not ab.requires:
            kw = lang.body_keywords.get(ab.static[0].name)
            if kw is not None:
                out.add(kw)
    return out
