"""The common vocabulary: verbs, patterns and conditions most card games share.

A ruleset starts from `common_language()` and adds its own words. Nothing here
names a game; zones and nouns come from the ruleset.
"""

from .common import common_language

__all__ = ["common_language"]
