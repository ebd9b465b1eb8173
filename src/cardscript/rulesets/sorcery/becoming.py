"""Cards that become minions: 'Artifacts here or nearby become minions with power equal to
their mana cost' (ongoing, while the card saying it is in the realm and they are where it
says) and 'You may have an allied aura become a minion ... this turn' (an effect that
lasts the turn; or 'until your next turn', 'until the end of your next turn'). docs/rulesets/sorcery.md, "Copies and changed faces".

A card that becomes a minion reads as a minion of its own name, subtypes, keywords and text,
whose power is its printed mana cost (`GameState.set_face`); it stays one while the reason
holds, and is its own kind again when that ends or it leaves the realm. A relic that becomes
a minion is carried no more: it stands where its bearer stood.
"""

from __future__ import annotations

from dataclasses import replace

from ...interpreter.rules import Face, after
from ...library.moves import in_play
from . import durations
from .durations import DURATIONS, THIS_TURN, Lasting, lasting

ONGOING = "become minions"
KEY = "become"             # the key of an ongoing effect's minion face: (KEY, its source's id)
LASTING = "lasting"        # of a lasting one: (LASTING, MINION), taken back by durations.expire
MINION = "a minion"


def _take_back(game, r):
    """A face laid for a while ends: taken back (its name said as it was), if still laid."""
    was = r.card.name
    return f"{was} as {r.name}" if game.state.drop_face(r.card, (LASTING, r.name)) else None


durations.ENDINGS["face"] = _take_back


def register(lang) -> None:
    """The ongoing sentence and the verb of this module."""
    lang.static(ONGOING, "become minion",
                "{what:cards} become|becomes minions with power equal to their mana cost")

    # One entry a duration ('this turn' keeps its old row name), as durations.py writes them.
    for until in DURATIONS:
        lang.verb("become a minion " + ("this turn" if until == THIS_TURN else until),
                  "have {what:cards} become a minion with power equal to its mana cost " +
                  until)(_become_for(until))


def _become_for(until: str):
    def become_for_a_while(game, ev, node):
        """Each card named that is in the realm and no minion becomes one until `until`."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to change")
        for c in cards:
            if c.kind == "minion":
                ev.did.append(f"{c.name} is a minion already")
                continue
            # Ended by durations.expire with what else lasts as long (key: LASTING).
            lasting(game).append(Lasting(c, c.incarnation, "face", MINION, 0, until,
                                         ev.controller))
            become_minion(game, c, (LASTING, MINION), until)
            ev.subject = ev.subject or c.name
    return become_for_a_while


def as_minion(tpl):
    """The template of a minion with `tpl`'s name, subtypes, keywords and text whose power is
    its mana cost."""
    return replace(tpl, kind="minion", stats={**tpl.stats, "power": tpl.stats.get("cost", 0)})


def become_minion(game, card, key, why: str) -> None:
    """Lay the minion face on `card` for `key`, and say so."""
    beneath = card.tpl
    # Still a relic (or an aura) too: the words that named it name it still.
    game.state.set_face(card, Face(as_minion(beneath), why, key, keeps_kind=True))
    if key[0] == KEY:
        game.slot(KEY, dict)["laid"] = True   # relics_become_minions looks for them now
    if card.ext.get("carried_by") is not None:
        game.state.link(card, "carried_by", None)       # a minion is no one's to carry
    game.note(f"{beneath.name} becomes a minion with power {card.tpl.stats['power']} ({why})")


def revert(game, card, key) -> None:
    """Take back the minion face `key` laid on `card`, and say so."""
    if game.state.drop_face(card, key):
        game.note(f"{card.name} is {'an' if card.kind[0] in 'aeiou' else 'a'} {card.kind} "
                  "again")


@after("enter_play", "leave_play", "move", "enter", "control", statics=("become minion",),
       slots=(KEY,))
def relics_become_minions(game):
    """Each ongoing 'CARDS become minions ...' holds for the cards it names now: those newly
    named become minions, those no longer named (or whose source left) are their kind again."""
    wanted = {}
    for src, _, args in game.statics("become minion"):
        key = (KEY, src.id)
        for c in game.state.in_zones(game.policy.play_zones):
            if c is not src and game.matches(args["what"], c, None, source=src):
                wanted[(id(c), key)] = (c, key, src)
    if not wanted and not game.slot(KEY, dict):
        return                  # no such minion face was laid in this game: none to take back
    for c in list(game.state.in_zones(game.policy.play_zones)):
        for face in list(c.faces):
            if face.key[0] == KEY and (id(c), face.key) not in wanted:
                revert(game, c, face.key)
    for c, key, src in wanted.values():
        if c.kind != "minion" and not any(f.key == key for f in c.faces):
            become_minion(game, c, key, src.name)
