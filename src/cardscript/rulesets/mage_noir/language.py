"""Mage Noir's words: its kinds, elements, zones, the 'Any time' label and the verbs its cards need.

Players have HP and are what damage hits; a card's element is a keyword ('Wind'), so
'your channeled wind spells' reads with the selector algebra as it is.
"""

from __future__ import annotations

from ...interpreter.rules import StoryEvent
from ...language.registry import Language, LabelSpec
from ...library import common_language
from ...library.common import _players
from ...library.moves import in_play, leave_play, send_to
from . import mana, permanents, shared_words
from .mana import ELEMENTS
from .permanents import HP, PERMANENT, UNPRINTED

KINDS = frozenset({"spell", "equipment", "ritual", PERMANENT})
ANY_TARGET = "deal damage to any target"        # the verb whose player target is announced
ANY_TIME = "Any time"                          # the label of an 'at any time' ability


def build_language() -> Language:
    """Mage Noir's own verbs first (so they win over a common shape), then the common ones."""
    lang = Language("mage_noir")
    _verbs(lang)
    permanents.register(lang, hp_loss)
    _patterns(lang)
    lang.extend(common_language(unit_kinds=KINDS))
    lang.name = "mage_noir"
    shared_words.leave_out(lang)          # the shared words with no meaning here
    lang.card_kinds = {"spell": "spell", "equipment": "equipment", "ritual": "ritual",
                       PERMANENT: PERMANENT}
    # Nothing is a 'permanent' in the compiler's sense: a card's plain lines are the effects
    # it applies (activating a prepared spell, or 'apply the effects of' a channeled one).
    lang.permanent_kinds = set()
    # Every card is a spell (the document calls a ritual's ability "an ability of one of
    # their spells"); equipment and ritual are kinds of spell.
    lang.nouns = {"spell": KINDS, "equipment": frozenset({"equipment"}),
                  "ritual": frozenset({"ritual"}), PERMANENT: frozenset({PERMANENT}),
                  "card": KINDS}
    lang.header_fields |= {HP: "a Permanent's Health Points: it enters play with them and is "
                               "destroyed below 1 (rulesets/mage_noir/permanents.py)"}
    lang.unprinted = UNPRINTED | shared_words.UNPRINTED
    # 'target permanent with HP': a Permanent that prints Health Points (only those can
    # lose HP: 'any target' names them; one without HP takes damage and loses nothing).
    lang.printed_stats = {HP: (HP, "HP")}
    # Stats a counted amount may read ('equal to its HP', "equal to that permanent's HP"):
    # the HP a Permanent has as the step resolves (permanents.py `stat`).
    lang.stats = {HP: HP}
    lang.keywords = {k: k for k in ELEMENTS + ("channeled", "indestructible")}
    # Its cards name their controller's cards after the noun: 'target channeled spell you
    # control' (text written back: fmt/words.py)
    lang.controller_words = {"you": (("you", "control"), True),
                             "opponent": (("an", "opponent", "controls"), True)}
    lang.keyword_rules = {k: "the element of the card's Mana (rulesets/mage_noir/mana.py)"
                          for k in ELEMENTS}
    lang.keyword_rules |= {
        "channeled": "the card is channeled, not prepared (rulesets/mage_noir/actions.py)",
        "indestructible": "a destroy does nothing to it (rulesets/mage_noir/language.py)"}
    lang.zones = {"deck": "deck", "hand": "hand", "preparation": "preparation",
                  "channeled": "channeled", "discard": "discard",
                  permanents.ZONE: permanents.ZONE}
    lang.draw_zones = {"card": "deck"}
    # 'At any time' abilities: usable only between chains (right before or after one).
    lang.label(LabelSpec(ANY_TIME, "cost", pay=None))
    return lang


def _verbs(lang: Language) -> None:
    @lang.verb(ANY_TARGET, "deal|inflict {n:number} damage to any target")
    def any_target(game, ev, node):
        slot = target_slot(node)
        who = ev.slots.get(slot)
        if not who:                      # not announced (a triggered action): chosen now
            who = [game.ask_target(ev.controller, "any target", permanents.any_targets(game))]
            ev.slots[slot] = who
        for p in who:                    # a player, or a Permanent with HP
            if isinstance(p, str):
                hurt(game, ev, p, node.arg("n"))
            else:
                permanents.strike(game, ev, p, node.arg("n"), hp_loss)

    @lang.verb("deal damage to a player", "deal|inflict {n:number} damage to {who:player}")
    def to_player(game, ev, node):
        for p in _players(game, ev, node.arg("who"), node.text):
            hurt(game, ev, p, node.arg("n"))

    @lang.verb("lose hp", "{who:player?} lose|loses {n:number} HP")
    def lose_hp(game, ev, node):
        for p in _players(game, ev, node.arg("who"), node.text):
            lose(game, ev, p, node.arg("n"))

    @lang.verb("gain hp", "{who:player?} gain|gains {n:number} HP")
    def gain_hp(game, ev, node):
        for p in _players(game, ev, node.arg("who"), node.text):
            game.counter_add(p, game.ruleset.life_counter, node.arg("n"))
            game.happen("gain_life", None, p, amount=node.arg("n"))
            ev.did.append(f"{p} gains {node.arg('n')} HP")

    @lang.verb("pay mana", "pay {n:number} {element:keyword} mana", cost=True,
               able=lambda game, ev, node: mana.can_pay(game, ev.controller,
                                                        node.arg("element"), node.arg("n")),
               check=_element_check)
    def pay_mana(game, ev, node):
        n, element = node.arg("n"), node.arg("element")
        if not mana.can_pay(game, ev.controller, element, n):
            ev.did.append(f"{ev.controller} cannot pay {n} {element} mana")
            ev.answer(ev.controller, False)
            return
        mana.spend(game, ev.controller, element, n)
        mana.to_ether(game, n)
        ev.did.append(f"{ev.controller} pays {n} {element} mana")

    @lang.verb("destroy unless indestructible", "destroy|destroys {what:cards}",
               splits=("leave_play",))
    def destroy(game, ev, node):
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to destroy")
        for c in cards:
            if game.has_keyword(c, "indestructible"):
                ev.did.append(f"{c.name} is indestructible: nothing happens")
                continue
            permanents.destroy(game, ev, c, f"destroy {c.name}")

    @lang.verb("apply the effects", "apply the effects of {what:cards}")
    def apply_effects(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            ev.subject = ev.subject or c.name
            effects = [ab for ab in c.tpl.abilities if ab.kind == "spell"]
            if not effects:
                ev.did.append(f"apply the effects of {c.name}: it has none to apply")
                continue
            for ab in effects:
                ev.did.append(f"apply the effects of {c.name}: " +
                              "; ".join(_run_inline(game, ev, c, ab)))

    @lang.verb("put into a zone", "put {what:cards} back into {zone:zone}",
               "put {what:cards} into {zone:zone}", splits=("leave_play",))
    def put_into(game, ev, node):
        _, zone = node.arg("zone")
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to put")
        for c in cards:
            send_to(game, c, zone, why="return")
            ev.did.append(f"put {c.name} into {c.owner}'s {zone}")
            ev.subject = ev.subject or c.name

    @lang.verb("become indestructible",
               "{what:cards} become|becomes indestructible until end of turn",
               "{what:cards} become|becomes indestructible")
    def indestructible(game, ev, node):
        lasting = node.text.lower().endswith("until end of turn")
        for c in game.select(node.arg("what"), ev):
            if not in_play(game, c):
                ev.did.append(f"{c.name} is not in play: nothing happens")
                continue
            c.granted.add("indestructible")
            if lasting:
                c.extra.setdefault("until_end_of_turn", set()).add("indestructible")
            ev.did.append(f"{c.name} becomes indestructible" +
                          (" until end of turn" if lasting else ""))
            ev.subject = ev.subject or c.name


def _patterns(lang: Language) -> None:
    lang.trigger("lose hp", "lose_hp", "{player:player} lose|loses HP")

    lang.trigger("leave play", "leave_play", "{card:cards} leave|leaves play")

    lang.trigger("discard", "discard", "{player:player} discard|discards a card")

    # The start of a turn (actions.py `turn_start`): a Permanent's most common line.
    lang.pattern("start of your turn", "turn_start", "at the start of your turn",
                 "at the beginning of your turn")(lambda f: {**f, "player": "you"})


def _element_check(args, known):
    element = args.get("element")
    if element is not None and element not in ELEMENTS:
        return f"{element} is not an element of mana ({', '.join(ELEMENTS)})"
    return None


def target_slot(node) -> str:
    """The slot a step's announced player target is kept in (one per phrase of the text)."""
    return f"any target@{node.span.line}:{node.span.column}"


def hurt(game, ev, player: str, n: int) -> None:
    """Inflict damage on a player. Its consequence, the HP the player loses, is not part of
    this action: it is the chain's next indivisible action (`hp_loss`)."""
    ev.did.append(f"inflict {n} damage to {player}")
    hp_loss(game, ev, player, n)


def hp_loss(game, ev, player, n: int) -> None:
    """The HP lost to the damage `ev` inflicts: one `lose_hp` action after `ev`, made by a rule
    of the game (`follows`, as the release of Mana: it comes right after the action, behind
    only the triggered actions that action itself caused). Its source is the card that
    inflicted the damage and its controller that card's controller; `subject` names the player
    (`subjects` every player, when one action damaged several: they lose their HP at once, in
    one action). Its `lose_hp` happenings are what 'whenever you lose HP' hears, so those
    triggered actions come right after it. `player` may be a Permanent with HP instead
    (permanents.py): it loses its HP in the same action, and is destroyed there below 1."""
    loss = next((e for e in game.waiting() if type(e.program) is HpLoss
                 and e.program.cause is ev), None)
    if loss is None:
        loss = game.new_event("lose_hp", ev.source, ev.controller, HpLoss(ev), "")
        game.add_follow(loss)
    losses = loss.program.losses
    losses.append((player, n))
    names = list(dict.fromkeys(_name(who) for who, _ in losses))
    loss.subject = names[0]
    loss.subjects = tuple(names) if len(names) > 1 else ()
    loss.text = "; ".join(f"{_name(who)} loses {amount} HP" for who, amount in losses)


def _name(who) -> str:
    return who if isinstance(who, str) else who.name


class HpLoss:
    """The program of a `lose_hp` action: each (player or Permanent, HP) the damage of
    `cause` costs."""

    __slots__ = ("cause", "losses")

    def __init__(self, cause):
        self.cause = cause
        self.losses: list = []

    def __call__(self, game, ev) -> None:
        for who, amount in self.losses:
            if isinstance(who, str):
                lose(game, ev, who, amount)
            else:
                permanents.lose(game, ev, who, amount)


def lose(game, ev, player: str, n: int) -> None:
    """A player loses n HP, in the action `ev` (a `lose_hp` happening)."""
    game.counter_add(player, game.ruleset.life_counter, -n)
    game.happen("lose_hp", None, player, amount=n)
    ev.did.append(f"{player} loses {n} HP")


def _run_inline(game, ev, card, ab) -> list[str]:
    """Run a card's effect inside the current action (it is part of the same action)."""
    sub = StoryEvent(0, "applied", card, ev.controller, ab.effect, ab.text, ability=ab)
    # An action inside an action: nothing splits, and what it does splits nothing after it.
    return game.run_now(sub, carry_splits=False) or ["nothing happens"]
