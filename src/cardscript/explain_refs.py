"""`explain`'s notes on what a reference names: which card an 'its controller' / "its
owner's" names (compiler/its_player.py: a player or pile of the form (role, slot) is the
controller or owner of the card in that slot as the step resolves), and which card an 'it'
inside a trigger's own pattern names (compiler/pattern_refs.py: the card itself)."""

from __future__ import annotations

from .compiler.template import CondT, Do, IfT, MayT
from .language.selectors import Place, Selector

_OF = {"controller": "its controller", "owner": "its owner"}


def slot_texts(ability) -> dict:
    """Each slot of the ability and the words that named it: a trigger's ('a minion', the
    trigger's target) and each selector of its effect ('target minion')."""
    out = {}
    hook = ability.hook
    if hook is not None:
        for key, value in hook.pattern_args:
            if isinstance(value, Selector) and value.pick != "self":
                out["trigger:" + key] = f"'{value.text}', the card the trigger names as its {key}"
    todo = [ability.effect]
    while todo:
        node = todo.pop()
        if node is None:
            continue
        if isinstance(node, Do) and node.gives and node.gives not in out:
            out[node.gives] = f"the cards '{node.text}' took"      # 'draw a spell'
        for value in _values(node):
            if isinstance(value, Selector) and value.slot and value.slot not in out:
                out[value.slot] = f"'{value.text}', named earlier in the effect"
        todo.extend(v for v in getattr(node, "__dict__", {}).values() if hasattr(v, "__dict__")
                    and not isinstance(v, Selector))
        for v in getattr(node, "__dict__", {}).values():
            if type(v) is tuple:
                todo.extend(x for x in v if hasattr(x, "__dict__") and
                            not isinstance(x, Selector))
    return out


def pattern_notes(hook, pad: str) -> list[str]:
    """Lines naming the card each 'it' of a trigger's own pattern names: the card itself,
    as the one acting when nothing was said before it, else as the card acted on."""
    out, said = [], False
    for key, value in hook.pattern_args if hook is not None else ():
        if isinstance(value, Place):
            words = hook.text.lower().split()
            its = next((i for i, w in enumerate(words[:-1]) if w in ("its", "their")), None)
            if said and value.ref == "here" and its is not None:
                out.append(f"{pad}'{words[its]} {words[its + 1]}' in the trigger names this "
                           f"card's place, as the happening's {key} (a pronoun after another "
                           "card of the trigger never names that card)")
            continue
        if not isinstance(value, Selector):
            continue
        if value.pick == "self" and value.text.lower() == "it":
            why = "a pronoun after another card of the trigger never names that card" \
                if said else "nothing was said before it"
            out.append(f"{pad}'it' in the trigger names this card, as the happening's {key} "
                       f"({why})")
        said = True
    return out


def _values(node) -> list:
    if isinstance(node, Do):
        return [v for _, v in node.args]
    if isinstance(node, CondT):
        return [v for _, v in node.args]
    if isinstance(node, MayT):
        return [node.who]
    return []


def its_notes(node, slots: dict, pad: str) -> list[str]:
    """Lines naming the card each 'its controller' / "its owner's" of this node reads."""
    found = []
    values = list(_values(node))
    if isinstance(node, IfT):
        values = [v for c in node.conditions for v in _values(c)]
    for value in values:
        if isinstance(value, Selector) and value.zone is not None:
            value = value.zone[0]
        elif value.__class__ is tuple and len(value) == 2 and value[0].__class__ is tuple:
            value = value[0]                                # a pile: ((role, slot), pile)
        if value.__class__ is tuple and len(value) == 2 and value[0] in _OF and \
                value[1].__class__ is str and value not in found:
            found.append(value)
    return [f"{pad}    {_OF[role]} (of {slots.get(slot, 'the card in ' + slot)}, "
            "read as the step resolves)" for role, slot in found]
