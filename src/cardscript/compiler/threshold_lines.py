"""'(W)(W): Genesis → ...': threshold icons before a triggered or activated ability, which
then works only while its controller has that threshold (`lang.threshold_ability`)."""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError
from .copying import copy_with as replace    # dataclasses.replace, its field names found once
from .forms import unread_form
from .lower_ability import _lower_ability
from .template import AbilityT, CondT


def _needing_threshold(ab, decl, low, lang) -> AbilityT:
    """'(W)(W): Genesis → ...': a triggered or activated ability that works only while its
    controller has the threshold its icons name (`lang.threshold_ability` tests it). Icons
    before anything else (an ongoing line, a spell's effect) are error E212."""
    unread = unread_form(ab, lang)          # an unknown icon is E207 before anything else
    if unread.code != "E212":
        raise unread
    done = None if isinstance(ab.ability, (ast.EffectLine, ast.KeywordLine)) else \
        _lower_ability(ab.ability, decl, low, lang)
    if done is None or done.kind not in ("triggered", "activated"):
        said = "".join(f"({letter})" for letter in ab.icons)
        raise SemanticError(f"the threshold icons '{said}:' have no rules before this line: "
                            "only before a triggered or activated ability", unread.span,
                            code="E212",
                            hint="write the icons before 'Genesis →', a cost such as 'Tap →', "
                                 "or a trigger ('When ..., ...')")
    said = "".join(f"({letter})" for letter in ab.icons)
    need = CondT(lang.threshold_ability, (("icons", tuple(lang.threshold_icons[letter]
                                                          for letter in ab.icons)),), said)
    return replace(done, text=f"{said}: {done.text}", requires=(need,))
