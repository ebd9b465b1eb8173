"""KeyForge's words: kinds, houses, keywords, the chart's trigger points and the verbs its cards need.

The chart names its trigger points; each one is a label (`Play:`, `Reap:`, `Fight:`,
`Before Fight:`, `Destroyed:`: the card's own happening) or a trigger pattern (`after a creature
reaps`, `at the start of your turn`, ...) listening to the happening the ruleset's sequence
reports at that point. The common verbs that KeyForge does differently (damage, destroy, draw)
are replaced by versions that follow the chart.
"""

from __future__ import annotations

from ...language.registry import LabelSpec
from ...library import common_language
from ...library.common import gave
from ...library.moves import in_play
from . import (aember, archives, board, chains, forging, keywords, printed_shapes, splash,
               use_verbs)
from .aember import AEMBER, gain_aember
from .drawing import draw_cards

CREATURES = frozenset({"creature"})
ALL = frozenset({"creature", "artifact", "upgrade", "action"})
PERMANENTS = frozenset({"creature", "artifact", "upgrade"})

# The common verbs and patterns KeyForge has no use for, or does its own way.
REPLACED_VERBS = {"deal damage", "kill", "destroy", "draw", "gain life", "lose life", "tap",
                  "untap"}
# Words of other games a KeyForge card might borrow, and what KeyForge prints instead (the
# error's hint: Language.unprinted).
_READY = "KeyForge prints 'ready': 'ready a friendly creature'"
_EXHAUST = "KeyForge prints 'exhaust': 'exhaust an enemy creature'"
UNPRINTED = {"untap": _READY, "untaps": _READY, "tap": _EXHAUST, "taps": _EXHAUST}
DROPPED_PATTERNS = {"cast", "gain life"}


def build_language():
    lang = common_language(unit_kinds=CREATURES)
    lang.name = "keyforge"
    lang.verbs = [v for v in lang.verbs if v.name not in REPLACED_VERBS]
    lang.patterns = [p for p in lang.patterns if p.name not in DROPPED_PATTERNS]
    lang.unprinted = dict(UNPRINTED)
    lang.card_kinds = {k: k for k in ALL}
    lang.permanent_kinds = set(PERMANENTS)
    lang.nouns = {"creature": CREATURES, "artifact": frozenset({"artifact"}),
                  "upgrade": frozenset({"upgrade"}), "action": frozenset({"action"}),
                  "card": ALL}
    lang.keywords = {k: k for k in keywords.KEYWORDS}
    lang.keyword_rules = dict(keywords.RULES)
    lang.valued_keywords = set(keywords.VALUED)
    lang.keyword_kinds = {k: frozenset({"creature"}) for k in keywords.CREATURE_ONLY}
    lang.header_spellings = dict(aember.HEADER_SPELLINGS)
    # Its cards call their controller's creatures friendly: 'each friendly creature' (text
    # written back: fmt/words.py)
    lang.controller_words = {"you": (("friendly",), False)}
    lang.header_fields |= {
        "power": "damage dealt in a fight and what destroys a creature "
                 "(rulesets/keyforge/board.py)",
        "armor": "damage a creature ignores each turn (rulesets/keyforge/board.py)",
        "aember": "the aember bonus gained when the card is played "
                  "(rulesets/keyforge/sequences.py)",
        "house": "which cards the active house lets a player use (rulesets/keyforge/turn.py)"}
    # Stats a counted amount may read ('equal to its power'): board.py `stat`.
    lang.stats = {"power": "power", "armor": "armor"}
    lang.zones = {"deck": "deck", "hand": "hand", "discard": "discard", "archives": "archives",
                  "battleline": "battleline", "artifacts": "artifacts", "purged": "purged"}
    lang.draw_zones = {"card": "deck"}

    # The chart's timing points that belong to one card: its own happening.
    lang.label(LabelSpec("Play", "trigger", happening="play", kind="play_effect"))
    lang.label(LabelSpec("Reap", "trigger", happening="reap", kind="reap_effect"))
    fought = (("target", "creature it fights"), ("target", "creature it fought"))
    lang.label(LabelSpec("Fight", "trigger", happening="fight", kind="fight_effect",
                         binds=fought))
    lang.label(LabelSpec("Before Fight", "trigger", happening="before_fight",
                         kind="before_fight", binds=fought))
    lang.label(LabelSpec("Destroyed", "trigger", happening="destroyed", kind="destroyed"))
    lang.label(LabelSpec("Action", "cost", pay=_exhaust))
    lang.label(LabelSpec("Omni", "cost", pay=_exhaust))

    _verbs(lang)
    aember.register(lang)
    use_verbs.register(lang)
    archives.register(lang)
    splash.register(lang)
    chains.register(lang, _players)
    forging.register(lang, _players)
    _patterns(lang)
    printed_shapes.register(lang)
    lang.static("armor", "armor", "{what:cards} get|gets {n:signed} armor",
                "{what:cards} have|has {n:signed} armor")
    lang.static("prevent damage unless damaged", "shield_undamaged",
                "prevent all damage to {what:cards} unless it is damaged",
                "prevent damage to {what:cards} unless it is damaged")
    lang.static("prevent damage", "shield", "prevent all damage to {what:cards}",
                "prevent damage to {what:cards}")
    return lang


def _exhaust(game, card, ev):
    """Exhaust the card (an exhausted card cannot be used)."""
    if card.tapped:
        return f"{card.name} is exhausted"
    card.tapped = True
    ev.did.append(f"exhaust {card.name}")
    return None


def _players(game, ev, who) -> list:
    if who in (None, "you"):
        return [ev.controller]
    if who in ("each", "opponents"):    # the one player of 'each player may' as they decide
        return game.players_named(ev, who)
    if who == "owner" and ev.source is not None:
        return [ev.source.owner]
    return game.state.opponents(ev.controller)


def _verbs(lang):
    @lang.verb("draw", "draw {n:count?} {what:cardtype}",
               "{who:player} draw|draws {n:count?} {what:cardtype}", gives="what")
    def draw(game, ev, node):
        drawn = []
        for who in _players(game, ev, node.arg("who")):
            got = draw_cards(game, who, node.arg("n") or 1, ev)
            drawn += got
            ev.subject = ev.subject or (got[0].name if got else None)
        gave(ev, node, drawn)

    @lang.verb("deal damage", "deal {n:number} damage to {what:cards}", splits=("destroy",))
    def deal_damage(game, ev, node):
        n = node.arg("n")
        hit = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not hit:
            ev.did.append(f"{node.text}: nothing to damage")
            return
        for c in hit:
            board.deal(game, ev, c, n, ev.source)
        ev.subject = ev.subject or hit[0].name
        ev.subjects = [c.name for c in hit]
        yield from board.destroy_now(game, ev, board.lethal(game, hit))

    @lang.verb("destroy", "destroy|destroys {what:cards}", splits=("destroy",))
    def destroy(game, ev, node):
        cards = [c for c in game.select(node.arg("what"), ev)
                 if in_play(game, c) and c.kind in PERMANENTS]
        if not cards:
            ev.did.append(f"{node.text}: nothing to destroy")
            return
        ev.subject = ev.subject or cards[0].name
        ev.subjects = [c.name for c in cards]
        ev.did.append("destroy " + ", ".join(c.name for c in cards))
        yield from board.destroy_now(game, ev, cards)

    @lang.verb("gain aember", "{who:player?} gain|gains {n:number} " + AEMBER)
    def gain(game, ev, node):
        for who in _players(game, ev, node.arg("who")):
            gain_aember(game, who, node.arg("n"), ev)

    @lang.verb("lose aember", "{who:player?} lose|loses {n:number} " + AEMBER)
    def lose(game, ev, node):
        for who in _players(game, ev, node.arg("who")):
            gain_aember(game, who, -node.arg("n"), ev)

    @lang.verb("gain armor this turn", "{what:cards} gain|gains {n:number} armor this turn")
    def gain_armor(game, ev, node):
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)
                 and c.kind == "creature"]
        n = node.arg("n")
        for c in cards:
            m = board.mark(c)
            m["armor_this_turn"] = m.get("armor_this_turn", 0) + n
            ev.did.append(f"{c.name} gains {n} armor this turn")
        if not cards:
            ev.did.append(f"{node.text}: no creature")

    @lang.verb("exhaust", "exhaust {what:cards}")
    def exhaust(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            ev.quiet_acts += not c.tapped        # no happening: 'If it can't' counts it
            c.tapped = True
            ev.did.append(f"exhaust {c.name}")

    @lang.verb("ready", "ready {what:cards}")
    def ready(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            ev.quiet_acts += c.tapped
            c.tapped = False
            ev.did.append(f"ready {c.name}")


def _patterns(lang):
    def you(f):
        return {**f, "player": "you"}

    def anyone(f):
        return f

    # The turn's own points: the trigger word is part of the pattern.
    lang.pattern("start of your turn", "turn_start", "at the start of your turn",
                 "at the beginning of your turn")(you)
    lang.pattern("start of each turn", "turn_start", "at the start of each turn",
                 "at the beginning of each turn")(anyone)
    lang.pattern("end of your turn", "turn_end", "at the end of your turn")(you)
    lang.pattern("end of each turn", "turn_end", "at the end of each turn")(anyone)
    lang.pattern("forge", "forge", "{player:player} forge|forges a key",
                 "a key is forged")(anyone)
    lang.pattern("choose a house", "choose_house",
                 "{player:player} choose|chooses a house")(anyone)
    lang.pattern("play", "play", "{player:player} play|plays {card:cards}",
                 "{card:cards} is|are played")(anyone)
    lang.pattern("reap", "reap", "{card:cards} reap|reaps")(anyone)
    lang.pattern("fight", "fight", "{card:cards} fight|fights")(anyone)
    lang.pattern("use", "use", "{card:cards} is|are used")(anyone)
    lang.pattern("discard", "discard", "{player:player} discard|discards {card:cards}")(anyone)
