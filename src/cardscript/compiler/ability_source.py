"""An ability's own text, for explain and the trace: as written when the source is at hand,
else rebuilt from its words."""

from __future__ import annotations

from .. import syntax as ast


def _quote(ab, decl) -> str | None:
    """The ability's text exactly as written, when the source is at hand (one line an ability)."""
    lines = getattr(decl, "lines", ())
    sp = ab.span
    if not lines or sp.line != sp.end_line or not 0 < sp.line <= len(lines):
        return None
    return lines[sp.line - 1][sp.column - 1:sp.end_column - 1].strip() or None


def _source(ab, decl) -> str:
    """The ability's text (for explain and the trace): as written, else rebuilt from its words."""
    return _quote(ab, decl) or _flat(ab)


def _flat(node) -> str:
    if isinstance(node, ast.Phrase):
        return node.text
    if isinstance(node, ast.Step):
        return node.phrase.text
    if isinstance(node, ast.Then):
        return "then " + _flat(node.body)
    if isinstance(node, ast.Sequence):
        return ", ".join(_flat(s) for s in node.steps)
    if isinstance(node, ast.Repeat):
        return f"{_flat(node.body)}, {node.times} times" + (", one at a time"
                                                            if node.one_at_a_time else "")
    if isinstance(node, ast.OneAtATime):
        return _flat(node.body) + ", one at a time"
    if isinstance(node, ast.AllAtOnce):
        return _flat(node.body) + ", all at once"
    if isinstance(node, ast.Conditional):
        return "if " + " and ".join(p.text for p in node.condition.parts) + ", " + _flat(node.body)
    if isinstance(node, ast.Choose):
        opts = [_flat(o) for o in node.options]
        opts = [o[3:] if o.lower().startswith("or ") else o for o in opts]
        return f"choose {node.count}: " + "; or ".join(opts)
    if isinstance(node, ast.LabelledAbility):
        return _flat(node.effect)
    if isinstance(node, ast.TriggeredAbility):
        return f"{node.word} {node.pattern.text}, {_flat(node.effect)}"
    if isinstance(node, ast.ReplacementAbility):
        return f"if {node.subject.parts[0].text} would {node.event.text}, instead " + \
            _flat(node.effect)
    if isinstance(node, ast.EffectLine):
        return _flat(node.effect)
    return ""
