"""L013: a card replaced by a card of the same name in a later file of the same group.

A scenario's cards may stand in for its pool's, but two files compiled together may not
declare one name: `check` refuses the later card (E209), and lint reports the pair once, here,
on the earlier card's name, saying which card would replace it.
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
                    "a later file: the two cannot be compiled together (check: E209)",
            early_file, at.line, at.column,
            hint="give one of the two cards another name, or delete the one you do not mean"))
    return out
