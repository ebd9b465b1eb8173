"""`cardscript explain`: a card's compiled template in words — events, splits and hooks."""

from __future__ import annotations

from .explain_refs import its_notes, pattern_notes, slot_texts
from .language.amounts import Counted
from .compiler.body_keywords import given_by_lines
from .compiler.granted_lines import holder_said
from .compiler.template import (AbilityT, AllAtOnceT, ChooseT, Do, IfT, MayT, OneAtATimeT,
                                RepeatT, SearchT, SeqT, ThenT, group_of)


def _splits(do: Do, policy) -> str:
    hit = sorted(set(do.splits) & set(policy.split_on))
    words = {"enter_play": "a card enters play", "leave_play": "a card leaves play",
             "move": "a card moves"}
    if not hit:
        return ""
    return "  [splits here if " + " or ".join(words.get(h, h) for h in hit) + "]"


def _counted(node: Do, pad: str) -> list[str]:
    """What a counted amount of a step counts, and when (language/amounts.py)."""
    out = []
    for slot, value in node.args:
        if value.__class__ is Counted:
            what = f"{value.stat} of " + ("this card" if value.of.pick == "self" else
                                          f"'{value.of.text}'") if value.stat else \
                f"{value.times} for each card that fits '{value.of.text}'"
            out.append(f"{pad}    its number ({slot}): {what}, counted as the step resolves")
    return out


def _lines(node, policy, depth=2, slots=None) -> list[str]:
    """The node in lines, each 'its controller' / "its owner's" noted with the card it names
    (`slots`: explain_refs.py `slot_texts` of the ability)."""
    if slots is None:
        slots = {}
    out = _node_lines(node, policy, depth, slots)
    notes = its_notes(node, slots, " " * depth) if node is not None else []
    return out[:1] + notes + out[1:] if notes else out


def _node_lines(node, policy, depth, slots) -> list[str]:
    pad = " " * depth
    if node is None:
        return []
    if isinstance(node, Do):
        line = [f"{pad}- {node.text}  ({node.verb.name}){_splits(node, policy)}"]
        if any(v.__class__ is AbilityT for _, v in node.args):     # a quoted ability
            line.append(f"{pad}    {holder_said(node.args)}")
        return line + _counted(node, pad) if node.counted else line
    if isinstance(node, SeqT):
        return [l for i in node.items for l in _lines(i, policy, depth, slots)]
    if isinstance(node, ThenT) and node.line:
        if not policy.split_between_lines:
            return _lines(node.body, policy, depth, slots)
        return [f"{pad}next line:  [a new event part]"] + _lines(node.body, policy, depth + 2, slots)
    if isinstance(node, ThenT):
        note = "  [then: a new event part]" if policy.split_on_then else ""
        return [f"{pad}then:{note}"] + _lines(node.body, policy, depth + 2, slots)
    if isinstance(node, RepeatT):
        how = ", one at a time [splits between repetitions]" if node.one_at_a_time else ""
        return [f"{pad}{node.times} times{how}:"] + _lines(node.body, policy, depth + 2, slots)
    if isinstance(node, OneAtATimeT):
        group = group_of(node.body)
        what = group.describe() if group is not None else "the group"
        how = "splits between cards" if policy.split_one_at_a_time else \
            "no split between cards under this ruleset's policy"
        return [f"{pad}for each card of {what}, one at a time [{how}]:"] + \
            _lines(node.body, policy, depth + 2, slots)
    if isinstance(node, AllAtOnceT):
        return [f"{pad}all at once (one simultaneous event):"] + _lines(node.body, policy,
                                                                          depth + 2, slots)
    if isinstance(node, IfT):
        return [f"{pad}if " + " and ".join(c.text for c in node.conditions) + ":"] + \
            _lines(node.body, policy, depth + 2, slots)
    if isinstance(node, MayT):
        if node.who in ("each", "opponents"):
            who = "each player" if node.who == "each" else "each opponent"
            return [f"{pad}may ({who} decides in turn order as it resolves; those who do, do "
                    "it):"] + _lines(node.body, policy, depth + 2, slots)
        return [f"{pad}may (the named player, by default the controller, decides as it resolves):"] + \
            _lines(node.body, policy, depth + 2, slots)
    if isinstance(node, ChooseT):
        out = [f"{pad}choose one:"]
        for i, o in enumerate(node.options, 1):
            out.append(f"{pad}  option {i}: {node.texts[i - 1]}")
            out.extend(_lines(o, policy, depth + 4, slots))
        return out
    if isinstance(node, SearchT):
        note = " [no split until the search and its shuffle complete]" \
            if policy.search_completes_first else ""
        out = [f"{pad}search{note}:"] + _lines(node.search, policy, depth + 2, slots) + \
            _lines(node.body, policy, depth + 2, slots)
        return out + (_lines(node.shuffle, policy, depth + 2, slots) if node.shuffle else [])
    return [f"{pad}? {type(node).__name__}"]


def _head(tpl) -> str:
    stats = ", ".join(f"{k} {v}" for k, v in tpl.stats.items())
    return f'"{tpl.name}": {"token " if tpl.token else ""}{tpl.kind}' + (f", {stats}" if stats
                                                                           else "")


def _facts(tpl, lang=None) -> list[str]:
    """The lines between a card's head and its abilities: flags, properties, keywords (one a
    line of the card gives named with it: `lang`'s `body_keywords`)."""
    out = []
    if tpl.flags - {"token"}:
        out.append("  flags: " + ", ".join(sorted(tpl.flags - {"token"})))
    if tpl.props:
        out.append("  " + ", ".join(f"{k} {v}" for k, v in tpl.props.items()))
    if tpl.keywords:
        given = _given_by(tpl, lang)
        out.append("  keywords: " + ", ".join(
            (k if v is True else f"{k} {v}") + (f" (by its line '{given[k]}')" if k in given
                                                else "") for k, v in tpl.keywords.items()))
    for line, text in tpl.reminders:
        out.append(f"  reminder text, line {line} (not read as rules): {text}")
    return out


def _given_by(tpl, lang) -> dict:
    """{keyword: the text of the card's line that gives it} (a keyword's body, as a line)."""
    if lang is None or not lang.body_keywords:
        return {}
    out = {}
    for ab in tpl.abilities:
        for kw in given_by_lines((ab,), lang):
            out.setdefault(kw, ab.text)
    return out


def _watching(filt: dict) -> str:
    """Whose happenings a hook watches: `self` (its own card as the one acting) or a
    `self_<slot>` key ("when this dies": the card the happening is about) mean itself."""
    roles = sorted(k[5:] for k, v in filt.items() if k.startswith("self_") and v is True)
    if filt.get("self"):
        return "itself"
    if roles:
        return "itself (as the happening's " + " and ".join(roles) + ")"
    return "any matching card"


def _ability(tpl, i: int, ab, ruleset) -> list[str]:
    """One ability in words: its hook, how it goes on the storyline, costs, targets, plan."""
    policy = ruleset.policy
    out = [f"  ability {i} ({ab.kind}): {ab.text}"]
    if ab.hook is not None:
        who = _watching(ab.hook.filter)
        out.append(f"    listens to: '{ab.hook.happening}' happenings ({ab.hook.text}); "
                   f"watching {who}")
        out.extend(pattern_notes(ab.hook, "    "))
        if ab.hook.condition:
            out.append("    only while: " + " and ".join(c.text for c in ab.hook.condition))
        if ab.kind == "triggered":
            out.append(f"    goes on the storyline as a '{ab.trace_kind}' event "
                       f"({policy.new_events} of the storyline)")
    if ab.requires:
        out.append("    works only while: " + " and ".join(c.text for c in ab.requires) +
                   (" (tested as it triggers)" if ab.kind == "triggered" else ""))
    if ab.kind == "spell":
        how = getattr(ruleset, "spell_event", None)
        out.append("    goes on the storyline as " + (how(tpl) if how else "a 'cast' event"))
    if ab.kind == "cast cost":
        out.append("    paid as the card is cast, with its cost and before it goes on the "
                   "storyline (no split); a player who cannot pay it cannot cast the card")
    if ab.costs:
        out.append("    cost: " + ", ".join(c.name for c in ab.costs))
    if ab.targets:
        out.append("    targets (chosen when announced): " +
                   ", ".join(getattr(t, "text", "") or t.describe() for _, t in ab.targets))
    if ab.static is not None:
        spec, _ = ab.static
        out.append(f"    ongoing ({spec.kind}): applies without the storyline" + (
            " while " + " and ".join(c.text for c in ab.condition) if ab.condition else ""))
    out.extend(_lines(ab.effect, policy, 4, slot_texts(ab)))
    return out


def explain_card(tpl, ruleset) -> str:
    """Describe a compiled card: header, then each ability's hook, targets and event plan."""
    out = [_head(tpl), *_facts(tpl, ruleset.language)]
    for i, ab in enumerate(tpl.abilities, 1):
        out.extend(_ability(tpl, i, ab, ruleset))
    return "\n".join(out)


def explain_json(tpl, ruleset) -> dict:
    """The same description for tools: the card's facts, and each ability's lines in words."""
    return {"name": tpl.name, "kind": tpl.kind, "token": bool(tpl.token),
            "stats": dict(tpl.stats), "properties": dict(tpl.props),
            "flags": sorted(tpl.flags - {"token"}),
            "keywords": {k: v for k, v in tpl.keywords.items()},
            "ruleset": ruleset.name,
            "reminders": [{"line": line, "text": text} for line, text in tpl.reminders],
            "abilities": [{"kind": ab.kind, "text": ab.text,
                           "happening": ab.hook.happening if ab.hook is not None else None,
                           # each line as printed, less the ability's own indent
                           "explanation": [line[4:] for line in
                                           _ability(tpl, i, ab, ruleset)[1:]]}
                          for i, ab in enumerate(tpl.abilities, 1)],
            "text": explain_card(tpl, ruleset)}
