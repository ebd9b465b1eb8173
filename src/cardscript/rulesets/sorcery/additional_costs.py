"""An additional cost of casting a spell: 'As an additional cost to cast this, pay 3 life.'
(docs/rulesets/sorcery.md, "Additional costs of casting").

The sentence (compiler/cast_costs.py reads it) is a line of its own or the first sentence
of a spell's text, on any card that is cast: a magic, a minion, an aura, an artifact. Its
steps are what casting the card costs besides its mana, each a cost its caster pays:

- `pay N life`: the caster needs N life (with 0, none at all: codex "Pay Life"); paying down
  to 0 puts their avatar at Death's Door;
- `sacrifice CARDS`: cards of the caster's own in the realm that the words name, which go
  to their owner's cemetery (a unit so put there dies: its Deathrite and the triggers on
  dying hear it); the caster picks which (a `target` question, as `sacrifice` asks);
- `discard N cards` (or `a spell`, `two sites`, `a random card`): from the caster's hand,
  the card being cast not among them.

The costs are checked before anything is paid (the cast is refused, S202, as a cast without
the mana is); then they are paid with the mana, once the card has left the hand for the
storyline and before it is there: the trace's `paid` of the cast names them. What paying
makes happen (a Deathrite) goes on the storyline with the cast's own triggers, ahead of the
spell. Ongoing cost changes (costs.py) change the mana alone.
"""

from __future__ import annotations

from ...errors import ScenarioError, SemanticError
from ...interpreter.rules import Do, SeqT, StoryEvent, template_fact, walk
from ...library.moves import in_play
from .players import LIFE, change_life

LEAD = "as an additional cost to cast this"
KIND = "cast cost"          # the kind of ability compiler/cast_costs.py makes of the sentence
CAST_KINDS = frozenset({"magic", "minion", "aura", "artifact"})
_PAYERS = (None, "you")


def register(lang) -> None:
    """The sentence's opening, the verb `pay N life`, and the check of a card's costs."""
    lang.cast_cost_leads = (LEAD,)
    lang.card_checks.append(check_card)

    def able(game, ev, node):
        return _life_short(game, ev.controller, node.argmap["n"]) is None

    @lang.verb("pay life", "pay {n:number} life", able=able, cost=True)
    def pay_life(game, ev, node):
        """The controller pays N life, if they have that much (codex "Pay Life"): paying
        is no loss that could take them below what they have."""
        n, who = node.argmap["n"], ev.controller
        short = _life_short(game, who, n)
        if short is not None:
            ev.did.append(f"{who} cannot pay {n} life ({short})")
            return
        change_life(game, who, -n)           # (Death's Door, said first)
        ev.did.append(f"pay {n} life")


def _life_short(game, player, n) -> str | None:
    """Why `player` cannot pay `n` life now, or None."""
    have = game.state.players[player].counters.get(LIFE, 0)
    if have < n or have <= 0:
        return f"has {have}"
    return None


# --- what each cost needs ------------------------------------------------------------------

def _hand_count(game, player, card, test=None) -> int:
    """The cards of `player`'s hand (those `test` keeps), the card being cast left out."""
    return sum(1 for c in game.state.players[player].zones.get("hand", ())
               if c is not card and (test is None or test(c)))


def _of_noun(noun):
    def test_for(game):
        kinds = game.ruleset.language.nouns[noun]
        return lambda c: c.kind in kinds
    return test_for


# Each verb a cost may use -> (game, player, card, event, step) -> why it cannot be paid now,
# or None. A verb missing here is no cost of casting (check_card refuses it).
def _short_life(game, player, card, ev, node):
    short = _life_short(game, player, node.argmap["n"])
    return None if short is None else f"cannot pay {node.argmap['n']} life ({short})"


def _short_sacrifice(game, player, card, ev, node):
    sel = node.arg("what")
    own = own_cards(game, player, ev, sel)
    need = _needed(sel)
    if len(own) >= need:
        return None
    if not own:
        return f"controls no card that fits '{sel.text}' to sacrifice"
    return f"controls {len(own)} cards that fit '{sel.text}' to sacrifice (needs {need})"


def _short_discard(noun=None, n_of=lambda node: node.arg("n") or 1):
    def short(game, player, card, ev, node):
        test = _of_noun(noun)(game) if noun else None
        n, have = n_of(node), _hand_count(game, player, card, test)
        if have >= n:
            return None
        what = f"{noun or 'card'}{'s' * (have != 1)}"
        return f"has {have} other {what} in hand to discard (needs {n})"
    return short


COSTS = {"pay life": _short_life, "sacrifice": _short_sacrifice,
         "discard": _short_discard(), "discard spells": _short_discard("spell"),
         "discard sites": _short_discard("site"),
         "discard at random": _short_discard(n_of=lambda node: 1)}


# --- compile time --------------------------------------------------------------------------

def cost_abilities(tpl) -> tuple:
    """The card's cast costs (kind "cast cost"), in the order printed: worked out once a
    template (`template_fact`; a cast asks twice, and most cards have none)."""
    return template_fact(tpl, "cast costs", _cost_abilities)


def _cost_abilities(tpl) -> tuple:
    return tuple(a for a in tpl.abilities if a.kind == KIND)


def check_card(tpl) -> None:
    """A cast cost only on a card that is cast, and only of steps the caster pays (E203)."""
    for ab in tpl.abilities:               # (cost_abilities, without a list a card: most
        if ab.kind != KIND:                # cards have none, and every card is checked)
            continue
        if tpl.kind not in CAST_KINDS or tpl.token:
            what = "a token" if tpl.token else f"a {tpl.kind}"
            raise SemanticError(f"{what} is never cast, so it has no cost of casting to add "
                                "to", ab.span, code="E203",
                                hint="write the line on a magic, minion, aura or artifact")
        for node in walk(ab.effect):
            if isinstance(node, SeqT):
                continue
            if not isinstance(node, Do):
                raise SemanticError("a cost of casting is steps the caster pays, one after "
                                    "another", ab.span, code="E203",
                                    hint="write the costs joined by ',' or 'and': 'pay 2 "
                                         "life and sacrifice a minion'")
            if node.verb.name not in COSTS:
                raise SemanticError(f"'{node.text}' is no cost of casting", node.span,
                                    code="E203", hint="a cost of casting pays life, "
                                    "sacrifices your cards or discards from your hand: "
                                    "'pay 2 life', 'sacrifice a minion', 'discard a card'")
            if node.counted:       # checked before the cast, paid whole: a number written
                raise SemanticError(f"'{node.text}': a cost of casting is paid whole, so its "
                                    "number is written on the card", node.span, code="E203",
                                    hint="write the number: 'pay 2 life', 'discard a card'")
            what = node.arg("what")
            if getattr(what, "quant", None) == "up_to":
                raise SemanticError(f"'{node.text}': a cost of casting is paid whole, so it "
                                    "says how many", node.span, code="E203",
                                    hint="write 'sacrifice a minion' or 'sacrifice two "
                                         "minions'")
            if node.arg("who") not in _PAYERS or _targets(node):
                raise SemanticError(f"'{node.text}': the caster pays a cost of casting, and "
                                    "names no target for it", node.span, code="E203",
                                    hint="write it as the caster's own: 'sacrifice a minion',"
                                         " 'discard a card'")


def _targets(node) -> bool:
    return any(getattr(v, "pick", None) == "target" for _, v in node.args)


# --- the cast ------------------------------------------------------------------------------

def _needed(sel) -> int:
    """How many cards a sacrifice takes: all it names ('each': 0), or its number (one)."""
    if sel.quant == "each":
        return 0
    return sel.count or 1


def own_cards(game, player, ev, sel) -> list:
    """The cards of `player`'s own in the realm that the selector names."""
    return [c for c in game.candidates(sel, ev) if in_play(game, c) and c.controller == player]


def _event(card, player, ab) -> StoryEvent:
    """The cost's steps as an event of their own: part of the cast, never on the storyline."""
    ev = StoryEvent(0, KIND, card, player, ab.effect, ab.text, ability=ab)
    ev.no_split = 1
    return ev


def _steps(ab) -> list:
    return [n for n in walk(ab.effect) if isinstance(n, Do)]


def check(game, player, card) -> None:
    """Can `player` pay every cost the card's text adds to casting it? If not, the cast is
    an illegal action (S202), before anything is paid."""
    for ab in cost_abilities(card.tpl):
        ev = _event(card, player, ab)
        for node in _steps(ab):
            short = COSTS[node.verb.name](game, player, card, ev, node)
            if short is not None:
                raise ScenarioError(
                    f"illegal action: {player} cannot cast {card.name}: {player} {short}",
                    None, code="S202", key="cast",
                    hint=f"as an additional cost of casting it, {card.name} asks: "
                         f"{node.text}")


def pay(game, player, card, ev) -> None:
    """The ruleset's `cast_costs`: pay the card's costs of casting (checked by `check`) as
    it leaves the hand for the storyline. The cast's `paid` names each cost as paid ('3
    life', 'sacrifice Ashen Hound'); what paying life made the rules say (Death's Door)
    opens the cast's `did`."""
    paid = []
    for ab in cost_abilities(card.tpl):
        sub = _event(card, player, ab)
        for node in _steps(ab):
            if node.verb.name == "sacrifice":
                _choose(game, player, sub, node.arg("what"))
            sub.program, before = node, len(sub.did)
            game.run_now(sub, carry_splits=False)
            said = sub.did[before:]
            if node.verb.name == "pay life" and said:
                # paying life says so last, after what the rules said of it (Death's Door)
                ev.did.extend(said[:-1])
                said = [said[-1][4:]]              # '3 life'
            paid += said
        for made in game.waiting():    # made by the cast action, as the cast's own triggers
            if made.cause == sub.id:
                made.cause = None
    if paid:
        ev.paid = ", ".join(([ev.paid] if ev.paid else []) + paid)


def _choose(game, player, ev, sel) -> None:
    """The caster picks the cards a sacrifice takes among their own (the verb then takes
    those): as many as it names, all for 'each'."""
    own = own_cards(game, player, ev, sel)
    n = _needed(sel)
    if n == 0:
        picks = own
    elif n == 1:
        picks = [game.ask_target(player, f"{sel.text} to sacrifice", own)]
    else:
        picks = game.ask_cards(player, f"{n} {sel.text} to sacrifice", own, n, kind="target",
                               exact=True)
    ev.slots[sel.slot] = picks
