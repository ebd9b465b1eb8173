"""L013: a card replaced by a card of the same name in a later file of the same group.

Loading files in order, a later card replaces an earlier one of the same name (that is how a
scenario's cards stand in for a pool's). Inside one pool being linted that is a mistake: the
earlier card is never played, and `check` counts it as a card. The finding stands on the
replaced card's name, and says which card replaces it.
"""

from __future__ import annotations

from .rules import Finding


def replaced_cards(replaced: list) -> list[Finding]:
    """One finding a replaced card: `replaced` holds (the earlier card's node, its file, the
    later card's node, its file), as `compile_group` met them."""
    out = []
    for early, early_file, late, late_file in replaced:
        at = early.name_span
        out.append(Finding(
            "L013", f'"{early.name}" is declared again in {late_file}:{late.name_span.line}, '
                    "a later file, which replaces this one: this card is never played",
            early_file, at.line, at.column,
            hint="give one of the two cards another name, or delete the one you do not mean"))
    return out
