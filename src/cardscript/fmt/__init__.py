"""Canonical layout and canonical wording of card files (`cardscript fmt`).

`layout.format_text` is the layout, a pure function of text; `canonical` renders a compiled
card back into its ruleset's wording; `sameness` says whether two compilations are the same.
"""

from .layout import format_text

__all__ = ["format_text"]
