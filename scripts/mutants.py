"""Targeted mutation testing of the resolution rules (a release check, not a CI step).

Each mutant is a one-line change to a rule of the engine (src/cardscript/interpreter/), of a
ruleset (src/cardscript/rulesets/), or of a rule the shared library (src/cardscript/library/)
or the compiler (src/cardscript/compiler/) holds for every game: a comparison flipped, a policy
value or branch dropped, an order swapped, a check removed. It is written as (file, original snippet, mutated snippet). For
each one the script copies the repository's `src`, `cards`, `tests` and `docs` to a temporary
folder, replaces the snippet there (never in the working tree), and runs the scenario suite
against the copy with a timeout. A mutant is *killed* when the suite fails (or times out) and
*survives* when it passes: a surviving mutant is a rule no test pins, which docs/testing.md
must either pin with a new scenario or explain.

    python scripts/mutants.py                  # every mutant; prints the kill ratio
    python scripts/mutants.py --only ga-matches kf-ward-order
    python scripts/mutants.py --list           # the mutants and the rules they break
    python scripts/mutants.py --check          # each original snippet still occurs once
    python scripts/mutants.py --suite full     # run the whole test suite, not the scenarios

`tests/test_mutants.py` runs `--check`'s test in CI, so the list cannot rot silently when the
source it mutates changes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("src", "cards", "tests", "docs")
SUITES = {
    "scenarios": ["tests/test_scenarios.py", "tests/test_resolution_rules.py",
                  "tests/test_policy_variants.py", "tests/test_sorcery_storyline.py",
                  "tests/test_grand_archive.py", "tests/test_mage_noir.py",
                  "tests/test_keyforge.py", "tests/test_everrain.py",
                  "tests/test_language_features.py", "tests/test_sorcery_combat.py",
                  "tests/test_sorcery_stats.py", "tests/test_sorcery_kinds.py"],
    "full": ["tests"],
}


@dataclass(frozen=True)
class Mutant:
    """One targeted change: `original` (found exactly once in `file`) becomes `mutated`."""

    name: str
    file: str
    original: str
    mutated: str
    rule: str


GAME = "src/cardscript/interpreter/game.py"
TRIGGERS = "src/cardscript/interpreter/triggers.py"
INTERPRET = "src/cardscript/interpreter/interpret.py"
SORCERY = "src/cardscript/rulesets/sorcery/policy.py"
SORC_COMBAT = "src/cardscript/rulesets/sorcery/combat.py"
SORC_REALM = "src/cardscript/rulesets/sorcery/realm.py"
SORC_STRIKES = "src/cardscript/rulesets/sorcery/strikes.py"
SORC_MELEE = "src/cardscript/rulesets/sorcery/melee.py"
GA = "src/cardscript/rulesets/grand_archive/__init__.py"
PLAYERS = "src/cardscript/interpreter/players.py"
GA_POLICY = "src/cardscript/rulesets/grand_archive/policy.py"
GA_STACK = "src/cardscript/rulesets/grand_archive/stack.py"
MN_POLICY = "src/cardscript/rulesets/mage_noir/policy.py"
MN_CHAIN = "src/cardscript/rulesets/mage_noir/chain.py"
MN_MANA = "src/cardscript/rulesets/mage_noir/mana.py"
MN_ACTIONS = "src/cardscript/rulesets/mage_noir/actions.py"
KF_POLICY = "src/cardscript/rulesets/keyforge/policy.py"
KF_BOARD = "src/cardscript/rulesets/keyforge/board.py"
KF_SEQ = "src/cardscript/rulesets/keyforge/sequences.py"
KF_FORGE = "src/cardscript/rulesets/keyforge/forging.py"
ER_OUT = "src/cardscript/rulesets/everrain/outcomes.py"
SORC_STATS = "src/cardscript/rulesets/sorcery/stats.py"
SORC_PERMITS = "src/cardscript/rulesets/sorcery/lasting_permissions.py"
SORC_DROPS = "src/cardscript/rulesets/sorcery/drops.py"
SORC_CARRY = "src/cardscript/rulesets/sorcery/carried_units.py"
KF_AEMBER = "src/cardscript/rulesets/keyforge/aember.py"
KF_USE = "src/cardscript/rulesets/keyforge/use_verbs.py"
KF_USING = "src/cardscript/rulesets/keyforge/using.py"
KF_KEYWORDS = "src/cardscript/rulesets/keyforge/keywords.py"
GA_LABELS = "src/cardscript/rulesets/grand_archive/labels.py"
MN_PERMANENTS = "src/cardscript/rulesets/mage_noir/permanents.py"
SORC_ONGOING = "src/cardscript/rulesets/sorcery/ongoing.py"
SORC_KINDS = "src/cardscript/rulesets/sorcery/kinds.py"
SORC = "src/cardscript/rulesets/sorcery/__init__.py"
SORC_KEYWORDS = "src/cardscript/rulesets/sorcery/keywords.py"
SELECT = "src/cardscript/interpreter/select.py"
BOARD = "src/cardscript/interpreter/board.py"

WARD = '''    if ward(game, card):
        m["ward"] -= 1
        note(f"{n} damage to {card.name} prevented by its ward (ward removed)")
        return 0
'''
ARMOR = '''    left = max(0, armor(game, card) - m.get("armor_used", 0))
    if left:
        stop = min(left, n)
        m["armor_used"] = m.get("armor_used", 0) + stop
        n -= stop
        note(f"{card.name}'s armor prevents {stop}")
'''
# Armor first, then a ward for whatever armor left (the ward's test moved after armor).
ARMOR_THEN_WARD = ARMOR + WARD.replace("if ward(game, card):", "if n and ward(game, card):")

MUTANTS = [
    # --- the storyline loop (interpreter/game.py) -------------------------------------------
    Mutant("split-order", GAME,
           "self._put_on(0, front + sig.inserts + [rest])",
           "self._put_on(0, sig.inserts + front + [rest])",
           "at a split, the triggers collected go before the events the split inserts"),
    Mutant("split-inserts-root", GAME,
           "        for s in sig.inserts:\n            s.root_id = root_id\n",
           "        for s in sig.inserts:\n            pass\n",
           "events a split inserts belong to the split event (they outlive its source)"),
    Mutant("incarnation", GAME,
           "gone = src.zone not in self.policy.play_zones or src.incarnation != ev.inc",
           "gone = src.zone not in self.policy.play_zones",
           "a card that left play and came back is a new card: its old events are ignored"),
    Mutant("unless-split-flip", GAME,
           'self.policy.source_left_play == "ignore_unless_split"):',
           'self.policy.source_left_play != "ignore_unless_split"):',
           "ignore_unless_split spares what a started split inserted; ignore does not"),
    Mutant("source-left-off", GAME,
           'if ev.source_in_play and self.policy.source_left_play != "resolve":',
           'if ev.source_in_play and self.policy.source_left_play == "resolve":',
           "an event whose source left play is ignored (unless the policy says resolve)"),
    Mutant("fizzle-off", GAME,
           '                self._put_away(ev)\n                return "fizzled"',
           '                pass',
           "an event whose target check fails fizzles (illegal_target: fizzle)"),
    Mutant("players-add-flip", TRIGGERS,
           'if game.policy.players_add == "active_first":',
           'if game.policy.players_add != "active_first":',
           "players_add: the non-active player's simultaneous triggers resolve first"),
    Mutant("trigger-order-flip", TRIGGERS,
           'if game.policy.trigger_order == "active_player":',
           'if game.policy.trigger_order != "active_player":',
           "trigger_order: who orders simultaneous triggers"),
    Mutant("follows-first", TRIGGERS,
           "return (order_simultaneous(game, rest) if rest else []) + made",
           "return made + (order_simultaneous(game, rest) if rest else [])",
           "events a rule of the game made come after the triggers of the same moment"),
    Mutant("new-events-back", GAME,
           'self._put_on(0 if self.policy.new_events != "back" else None, [ev])',
           'self._put_on(None if self.policy.new_events != "back" else 0, [ev])',
           "new_events: front puts an announced event at the head of the storyline"),
    Mutant("triggers-back", GAME,
           'if self.policy.new_events == "back":',
           'if self.policy.new_events != "back":',
           "new_events: front puts the triggers of a finished event at the head"),
    Mutant("split-on-flip", GAME,
           "if kind in split_on:",
           "if kind not in split_on:",
           "split_on: the happenings that split a resolving event"),
    Mutant("held-checks-dropped", GAME,
           "self._held += batch",
           "pass",
           "state_check_timing end_of_event: the rules of the game still apply, at the end"),
    Mutant("end-of-event-checks-skipped", GAME,
           "        if self._held:\n            self._settle()",
           "        if False:\n            self._settle()",
           "state_check_timing end_of_event: held happenings are settled as the event ends"),
    Mutant("leaving-self-hook", TRIGGERS,
           "if h.kind not in game._leaving and h.in_play:",
           "if h.in_play:",
           "a card's own leaves-play trigger resolves from wherever the card went"),
    # --- the effect interpreter (interpreter/interpret.py) -----------------------------------
    Mutant("then-lines-swapped", INTERPRET,
           "(game.policy.split_between_lines if line else game.policy.split_on_then)",
           "(game.policy.split_on_then if line else game.policy.split_between_lines)",
           "split_between_lines splits at a spell's lines, split_on_then at 'then'"),
    Mutant("repeat-forgets", INTERPRET,
           "                ev.slots = dict(known)\n",
           "                pass\n",
           "each repetition makes its own choices again"),
    Mutant("if-any", INTERPRET,
           "if all(c.spec.test(game, ev, dict(c.args)) for c in node.conditions):",
           "if any(c.spec.test(game, ev, dict(c.args)) for c in node.conditions):",
           "'if A and B' needs every condition"),
    Mutant("may-able-off", INTERPRET,
           "if type(body) is Do and body.verb.able is not None and \\",
           "if False and type(body) is Do and body.verb.able is not None and \\",
           "a 'may' that cannot be done whole is not offered (an optional cost)"),
    Mutant("choose-printed-order", INTERPRET,
           "for i in sorted(picked):",
           "for i in picked:",
           "chosen options happen in the order printed, not the order chosen"),
    Mutant("search-splits", INTERPRET,
           "    if game.policy.search_completes_first:\n        ev.no_split += 1\n",
           "    if game.policy.search_completes_first:\n        pass\n",
           "a search and its shuffle complete before any split they caused"),
    Mutant("empty-parts", INTERPRET,
           "    if game.policy.split_one_at_a_time and not ev.no_split and ev.did:\n"
           "        yield Split(\"one at a time\")\n\n\ndef do(",
           "    if game.policy.split_one_at_a_time and not ev.no_split:\n"
           "        yield Split(\"one at a time\")\n\n\ndef do(",
           "'one at a time' makes no empty part"),
    # --- Sorcery's policy -----------------------------------------------------------------
    Mutant("sorcery-ignore", SORCERY,
           '"source_left_play": "ignore_unless_split",',
           '"source_left_play": "ignore",',
           "Sorcery: what a started split inserted goes on after its source left"),
    Mutant("sorcery-players-add", SORCERY,
           '"players_add": "active_first",',
           '"players_add": "active_last",',
           "Sorcery: the non-active player adds later, so resolves first"),
    # --- Sorcery's realm, movement and combat ----------------------------------------------
    Mutant("sorcery-site-mover", SORC_COMBAT,
           "    if unit.kind not in UNITS:\n        raise",
           "    if False:\n        raise",
           "Sorcery: only units use Move and Attack, never a site"),
    Mutant("sorcery-tapped-unit", SORC_COMBAT,
           "    if unit.tapped:\n        raise",
           "    if False:\n        raise",
           "Sorcery: a tapped unit cannot move or attack again"),
    Mutant("sorcery-summoning-sickness", SORC_COMBAT,
           "            sick[h.card.id] = h.card.incarnation",
           "            pass",
           "Sorcery: a unit summoned this turn cannot move and attack"),
    Mutant("sorcery-charge", SORC_COMBAT,
           'if summoned(game, unit) and not game.has_keyword(unit, "charge"):',
           "if summoned(game, unit):",
           "Sorcery: Charge lifts summoning sickness"),
    Mutant("sorcery-airborne-reach", SORC_STRIKES,
           'if game.has_keyword(foe, "airborne") and not (',
           'if False and not (',
           "Sorcery: only Airborne or Ranged units reach an airborne unit"),
    Mutant("sorcery-stealth-breaks", SORC_STRIKES,
           '    card.extra["revealed"] = card.incarnation',
           "    pass",
           "Sorcery: a unit that strikes or attacks loses Stealth"),
    Mutant("sorcery-intercept-at-the-end", SORC_COMBAT,
           "if k == last and not attacks else None",
           "if not attacks else None",
           "Sorcery: a unit intercepts only where the mover's movement ends"),
    Mutant("sorcery-attack-not-intercepted", SORC_COMBAT,
           "if k == last and not attacks else None",
           "if k == last else None",
           "Sorcery: a mover that attacks is not intercepted"),
    Mutant("sorcery-defender-replaces", SORC_COMBAT,
           "        foe = foes[0]",
           "        pass",
           "Sorcery: a defender fights the attacker in place of what was attacked"),
    Mutant("sorcery-attacked-unit-stays", SORC_COMBAT,
           '        stays = foe.kind != "site" and',
           "        stays = False and",
           "Sorcery: the player defending may keep the attacked unit in the fight"),
    Mutant("sorcery-several-join", SORC_MELEE,
           "    while left:",
           "    for _ in left[:1]:",
           "Sorcery: several units intercept or defend, named one at a time"),
    Mutant("sorcery-strike-divided", SORC_MELEE,
           "    dealt = strike_several(game, unit, zip(foes, parts))",
           "    dealt = strike_several(game, unit, [(c, None) for c in foes])",
           "Sorcery: a unit fighting several divides its one strike among them"),
    Mutant("sorcery-aura-cast-to-intersection", "src/cardscript/rulesets/sorcery/auras.py",
           '            card.ext[SPANS] = pending.pop(card.id)',
           "            pending.pop(card.id)",
           "Sorcery: an aura cast to an intersection spans it in the realm"),
    Mutant("sorcery-oversized-squares", "src/cardscript/rulesets/sorcery/geometry.py",
           "        return self.span_squares(at, spans) or [at]",
           "        return [at]",
           "Sorcery: an oversized unit stands on every location of its shape"),
    Mutant("sorcery-oversized-enters-new", "src/cardscript/rulesets/sorcery/oversized.py",
           "for s in Grid.span_squares(card.at, spans_of(card)) if s not in before]",
           "for s in Grid.span_squares(card.at, spans_of(card))]",
           "Sorcery: an oversized unit moving as one enters only the locations it did not cover"),
    Mutant("sorcery-ranged-unanswered", SORC_COMBAT,
           "    elif ranged:",
           "    elif False:",
           "Sorcery: a ranged strike from a step away is not struck back"),
    Mutant("sorcery-movement-budget", SORC_REALM,
           "if k[0] > budget or",
           "if k[0] > budget + 1 or",
           "Sorcery: a unit takes at most its Movement in steps"),
    Mutant("sorcery-diagonal", SORC_REALM,
           '    if game.has_keyword(unit, "airborne"):\n        r, c = geo.rc(loc)',
           '    if False:\n        r, c = geo.rc(loc)',
           "Sorcery: an airborne unit steps diagonally"),
    Mutant("sorcery-void", SORC_REALM,
           '        return game.has_keyword(unit, "voidwalk")',
           "        return True",
           "Sorcery: only a voidwalker steps into the void"),
    # --- Grand Archive ------------------------------------------------------------------
    Mutant("ga-matches", GA,
           " or \\\n                    not game.matches(sel, target, ev):",
           ":",
           "a target still on the field that no longer fits its description is illegal"),
    Mutant("ga-incarnation", GA,
           "target.incarnation != declared.get(target.id, target.incarnation)",
           "False",
           "a target that left the field and came back is a new object: illegal"),
    Mutant("ga-up-to-checked", GA,
           'if not isinstance(sel, Selector) or sel.quant == "up_to":',
           "if not isinstance(sel, Selector):",
           "'up to' / 'any number of' targets never make a card fizzle"),
    Mutant("ga-count-short", GA,
           "len(ev.slots[slot]) < sel.count:",
           "len(ev.slots[slot]) < 0:",
           "a card declared with fewer targets than it requires fizzles"),
    Mutant("ga-level-check", GA,
           "if level != below + 1:",
           "if level < below + 1:",
           "a champion levels up onto exactly one level lower"),
    Mutant("ga-lineage-check", GA,
           '    if current is not None and str(current.tpl.props.get("lineage", "")).lower() '
           "!= lineage:",
           '    if False:',
           "a champion levels up only onto its own lineage"),
    Mutant("ga-rested-champion", GA,
           "    if champ.tapped:\n        return f\"{champ.name} is rested and cannot attack\"",
           "    if False:\n        return f\"{champ.name} is rested and cannot attack\"",
           "a rested champion cannot start combat"),
    Mutant("ga-lethal", GA,
           "c.damage >= life",
           "c.damage > life",
           "an ally with damage equal to its life is destroyed"),
    Mutant("ga-banishment", GA_STACK,
           'return "regalia" in card.tpl.flags or card.tpl.stats.get("memory", 0) > 0',
           'return card.tpl.stats.get("memory", 0) > 0',
           "regalia leave the stack to banishment"),
    Mutant("ga-memory-banishment", GA_STACK,
           'return "regalia" in card.tpl.flags or card.tpl.stats.get("memory", 0) > 0',
           'return "regalia" in card.tpl.flags',
           "a card with a memory cost leaves the stack to banishment"),
    Mutant("ga-window-order", GA_STACK,
           "    for player in game.turn_order():\n        usable = usable_responses(game, player)",
           "    for player in reversed(game.turn_order()):\n"
           "        usable = usable_responses(game, player)",
           "a response window asks the turn player first"),
    Mutant("ga-sbc-between", GA_POLICY,
           '"state_check_timing": "end_of_event",',
           '"state_check_timing": "each_step",',
           "no state-based check between two instructions of a card"),
    # --- Mage Noir ----------------------------------------------------------------------
    Mutant("mn-lines", MN_POLICY,
           '"split_between_lines": True,',
           '"split_between_lines": False,',
           "Mage Noir: each paragraph of a spell is its own action"),
    Mutant("mn-then", MN_POLICY,
           '"split_on_then": True,',
           '"split_on_then": False,',
           "Mage Noir: a paragraph with 'then' is two actions"),
    Mutant("mn-indestructible-target", MN_CHAIN,
           " or (do.verb.name in DESTROYS and game.has_keyword(card, \"indestructible\"))",
           "",
           "Mage Noir: an indestructible card is no valid target for a destroy"),
    Mutant("mn-release-follows", MN_MANA,
           "        game.add_follow(ev)",
           "        game.add_trigger(ev)",
           "Mage Noir: the release of a spell's mana comes after what its leaving triggered"),
    # --- KeyForge -----------------------------------------------------------------------
    Mutant("kf-ward-order", KF_BOARD, WARD + ARMOR, ARMOR_THEN_WARD,
           "KeyForge: a ward prevents damage before armor does"),
    Mutant("kf-exhausted", KF_SEQ,
           "    if card.tapped:\n        raise illegal(f\"{card.name} is exhausted\"",
           "    if False:\n        raise illegal(f\"{card.name} is exhausted\"",
           "KeyForge: an exhausted creature cannot reap or fight"),
    Mutant("kf-source-resolve", KF_POLICY,
           '"source_left_play": "ignore",',
           '"source_left_play": "resolve",',
           "KeyForge: an effect whose card left play does nothing"),
    Mutant("kf-source-unless-split", KF_POLICY,
           '"source_left_play": "ignore",',
           '"source_left_play": "ignore_unless_split",',
           "KeyForge: ignore (equivalent here: docs/testing.md says why)"),
    Mutant("kf-trigger-order", KF_POLICY,
           '"trigger_order": "active_player",',
           '"trigger_order": "each_controller",',
           "KeyForge: the active player orders every effect of a timing point"),
    Mutant("kf-lethal", KF_BOARD,
           "c.damage >= power(game, c)",
           "c.damage > power(game, c)",
           "KeyForge: a creature with damage equal to its power is destroyed"),
    Mutant("kf-key-cost", KF_FORGE,
           "if have < KEY_COST:",
           "if have <= KEY_COST:",
           "KeyForge: a key is forged with exactly its cost"),
    Mutant("kf-undamaged-shield", KF_BOARD,
           ' and not (kind == "shield_undamaged"\n'
           "                                                              and card.damage)",
           "",
           "KeyForge: 'unless it is damaged' stops preventing once the creature is damaged"),
    # --- The Everrain --------------------------------------------------------------------
    Mutant("er-test-path", ER_OUT,
           "    if _makes_a_test(ev.ability):\n        return None\n",
           "",
           "The Everrain: a condition reads the test made on its own path"),
    Mutant("er-counter-floor", ER_OUT,
           "if delta < 0 and -delta > have:",
           "if False:",
           "The Everrain: crew and treasure never go below 0"),
    # --- The opponent words in games of more than two players -----------------------------
    Mutant("opp-an-opponent-first", PLAYERS,
           "    if len(them) == 1:\n        return them[0]\n    prompt",
           "    if them:\n        return them[0]\n    prompt",
           "'an opponent' with several opponents is the one the controller chooses"),
    Mutant("opp-your-opponent-first", PLAYERS,
           "them = game.state.opponents(ev.controller)\n    if len(them) == 1:",
           "them = game.state.opponents(ev.controller)\n    if them:",
           "'your opponent' in a game of more than two players is refused, not the first"),
    Mutant("opp-each-in-seat-order", PLAYERS,
           "return [p for p in order[i + 1:] + order[:i + 1] if p != player]",
           "return [p for p in order if p != player]",
           "'each opponent' goes in turn order from the player after the controller"),
    Mutant("opp-each-player-from-controller", PLAYERS,
           "    if who == \"each\":\n        return game.turn_order()",
           "    if who == \"each\":\n        return [ev.controller] + "
           "opponents_in_turn_order(game, ev.controller)",
           "'each player may' asks from the active player, not from the card's controller"),
    Mutant("opp-each-may-names-all", PLAYERS,
           "    if who in EACH and ev._named and ev._named.get(DECIDER):\n"
           "        return list(ev._named[DECIDER])",
           "    if False:\n        return list(ev._named[DECIDER])",
           "'each opponent may': the step names the one who said yes, not every opponent"),
    Mutant("opp-filter-your-opponent-any", PLAYERS,
           "    n = len(game.state.order)\n    if n > 2:",
           "    n = len(game.state.order)\n    if False:",
           "'your opponent' in a filter, in a game of more than two, is refused, not any"),
    Mutant("ga-opponent-declared-late", GA_STACK,
           "        declare_opponent(game, ev, spells[0].effect)",
           "        pass",
           "Grand Archive: 'target opponent' is declared on activation, not as it resolves"),
    Mutant("mn-opponent-announced", MN_ACTIONS,
           "    declare_opponent(game, act, ab.effect)",
           "    pass",
           "Mage Noir: 'an opponent' is named with the targets, as the spell is announced"),
    # --- Sorcery card kinds and ongoing effects ------------------------------------------
    Mutant("sorc-set-lowest", SORC_STATS,
           "value = min(sets) if sets else base",
           "value = max(sets) if sets else base",
           "Sorcery: when several effects set a stat, the lowest wins"),
    Mutant("sorc-set-then-add", SORC_STATS,
           "return max(0, value + add + stat_change(game, card, name))",
           "return max(0, value + stat_change(game, card, name))",
           "Sorcery: what adds to a stat applies after what sets it"),
    Mutant("sorc-stat-floor", SORC_STATS,
           "return max(0, value + add + stat_change(game, card, name))",
           "return value + add + stat_change(game, card, name)",
           "Sorcery: a stat never falls below zero"),
    Mutant("sorc-this-is-itself", SELECT,
           "if itself and card is not src and getattr(card, \"card\", None) is not src:",
           "if False:",
           "an ongoing sentence's 'this' is its own card, not every card"),
    Mutant("sorc-bearer", SELECT,
           "if holder and (src is None or not game.state.holds(card, src)):",
           "if False:",
           "'its bearer' is only the unit carrying the artifact"),
    Mutant("sorc-forbid", SORC_ONGOING,
           "        if FORBID[spec.name] == act and",
           "        if False and",
           "Sorcery: a restriction forbids what it names"),
    Mutant("sorc-enemy-target", SORC_ONGOING,
           "card.controller == ev.controller:",
           "False:",
           "Sorcery: 'can't be targeted by enemy spells' leaves its controller's spells alone"),
    Mutant("sorc-summon-permission", "src/cardscript/rulesets/sorcery/avatar.py",
           "not permitted(game, card, \"summon anywhere\")",
           "True",
           "Sorcery: the summon-anywhere permission lifts the own-site rule"),
    Mutant("sorc-disabled", SORC_KINDS,
           "    if disabled(card, game):\n        raise",
           "    if False:\n        raise",
           "Sorcery: a disabled unit can't act"),
    Mutant("sorc-spellcaster", SORC_KINDS,
           "if not element_casters.casts(game, unit, card):",
           "if False:",
           "Sorcery: only the avatar or a Spellcaster casts magic"),
    Mutant("sorc-lethal-recheck", SORC,
           "            if c.damage:\n                touched.setdefault(id(c), c)",
           "            pass",
           "Sorcery: a power that falls without damage kills a damaged minion at once"),
    Mutant("sorc-haste-is-charge", SORC_KEYWORDS,
           'WORDS = {"armor": "armor", "haste": "charge",',
           'WORDS = {"armor": "armor", "haste": "haste",',
           "Sorcery: Alpha's Haste is Charge"),
    Mutant("sorc-range-reach", SORC_KEYWORDS,
           "        n = max(n, value if value is not True else 1)",
           "        n = max(n, 1)",
           "Sorcery: Range +N reaches N steps"),
    Mutant("sorc-voidbound", SORC_REALM,
           '    if game.has_keyword(unit, "voidbound"):\n        return False',
           '    if False:\n        return False',
           "Sorcery: a voidbound unit steps only into the void"),
    Mutant("sorc-quick", "src/cardscript/rulesets/sorcery/avatar.py",
           "    if not quick(game, card):",
           "    if True:",
           "Sorcery: a Quick spell is cast on another player's turn"),
    Mutant("sorc-immovable", SORC_KEYWORDS,
           "        if immovable(game, c):",
           "        if False:",
           "Sorcery: no effect moves an Immovable card"),
    Mutant("sorc-indestructible", SORC_KEYWORDS,
           '        if game.has_keyword(c, "indestructible"):\n            ev.did',
           '        if False:\n            ev.did',
           "Sorcery: a destroy passes an Indestructible card by"),
    Mutant("sorc-moves-freely", SORC_KEYWORDS,
           "        return (clear(a[0]) and clear(b[0])) or (rows is not None and rows(a, b))",
           "        return clear(b[0]) or (rows is not None and rows(a, b))",
           "Sorcery: a free step starts and ends where the condition holds"),
    Mutant("sorc-keeps-stealth", SORC_COMBAT,
           "    hidden = ranged and keeps_stealth_shooting(game, unit)",
           "    hidden = False",
           "Sorcery: a line keeps Stealth through a ranged attack"),
    Mutant("sorc-lance-bonus", SORC_STRIKES,
           "    bonus = lance_bonus(game, striker, target)       # its lance: 1 more, then it breaks",
           "    bonus = 0",
           "Sorcery: a lance's strike deals 1 more damage, then the lance breaks"),
    Mutant("sorc-lance-first", "src/cardscript/rulesets/sorcery/first_strike.py",
           "    la, lb = first_by_lance(game, a), first_by_lance(game, b)",
           "    la, lb = False, False",
           "Sorcery: a unit carrying a lance strikes first in a fight"),
    Mutant("sorc-lance-tiers", SORC_MELEE,
           "            if c in tier and not _doomed(game, c, [(unit, was_dealt.get(c.id, 0))]):",
           "            if c in tier:",
           "Sorcery: in a fight against several, a unit doomed by the lances strikes no more"),
    Mutant("sorc-lance-enters", "src/cardscript/rulesets/sorcery/lance.py",
           "        if not in_play(game, unit) or not game.has_keyword(unit, KEYWORD):",
           "        if True:",
           "Sorcery: a minion with Lance enters carrying a lance"),
    Mutant("sorc-lance-gained", "src/cardscript/rulesets/sorcery/lance.py",
           "    if kw == KEYWORD and not had and card.kind == \"minion\" and in_play(game, card):",
           "    if False:",
           "Sorcery: a minion that gains Lance in the realm takes up a lance"),
    Mutant("sorc-lance-given", "src/cardscript/rulesets/sorcery/lance_giving.py",
           "    game.state.link(lance, \"carried_by\", taker)",
           "    pass",
           "Sorcery: a lance given is carried by the unit that takes it"),
    Mutant("sorc-permit-free", "src/cardscript/rulesets/sorcery/kinds.py",
           "    if permit.free:",
           "    if False:",
           "Sorcery: a permission 'for free' waives the mana of the cast it permits"),
    Mutant("sorc-permit-threshold", "src/cardscript/rulesets/sorcery/avatar.py",
           "    if permit is None or not permit.ignore_threshold:",
           "    if True:",
           "Sorcery: a permission 'ignoring threshold' waives the threshold of the cast"),
    Mutant("sorc-permit-ends", "src/cardscript/rulesets/sorcery/lasting_permissions.py",
           "    return _end(game, lambda p: p.until == THIS_TURN or p.player == player and (",
           "    return _end(game, lambda p: p.until == THIS_TURN and p.player != player and (",
           "Sorcery: a permission ends with the turn (or its holder's turn)"),
    Mutant("sorc-permit-pile", "src/cardscript/rulesets/sorcery/lasting_permissions.py",
           "        return self.card.zone == self.zone and \\",
           "        return True or \\",
           "Sorcery: a permitted card that leaves its pile loses the permission"),
    # The rules added with the lasting permissions, drops, carried units, a player's heal,
    # Lethal spells, KeyForge's aember, statuses, keywords, chains and splash damage, Grand
    # Archive's condition labels, banish and rest, Mage Noir's Permanents and 'CARDS is CARDS'.
    Mutant("sorc-permit-next-turn", SORC_PERMITS,
           "    return _end(game, lambda p: p.until == NEXT_TURN and p.player == player)",
           "    return _end(game, lambda p: p.until == NEXT_TURN and p.player != player)",
           "Sorcery: a permission 'until your next turn' ends as its holder's turn starts"),
    Mutant("sorc-permit-armed", SORC_PERMITS,
           "        game.set_slot(PERMITS, [replace(p, armed=True) if p.until == END_NEXT_TURN and",
           "        game.set_slot(PERMITS, [replace(p, armed=False) if p.until == END_NEXT_TURN and",
           "Sorcery: a permission 'until the end of your next turn' ends as that turn ends"),
    Mutant("sorc-permit-holder", SORC_PERMITS,
           "    return [p for p in live if p.player == player]", "    return live",
           "Sorcery: a permission to cast is its holder's only"),
    Mutant("sorc-drop-refused", SORC_DROPS,
           "    if undroppable(game, art):\n        raise illegal",
           "    if False:\n        raise illegal",
           "Sorcery: an artifact that can't be dropped is not dropped by its bearer's action"),
    Mutant("sorc-drop-verb-refused", SORC_DROPS,
           "            if undroppable(game, art):\n                ev.did",
           "            if False:\n                ev.did",
           "Sorcery: an artifact that can't be dropped stays carried whatever an effect says"),
    Mutant("sorc-carry-same-square", SORC_CARRY,
           "        if c.at != unit.at or c.ext.get(\"region\") != unit.ext.get(\"region\"):",
           "        if False:",
           "Sorcery: a unit carries only units at its own square and region"),
    Mutant("sorc-carry-count", SORC_CARRY,
           "            if most is None or len(cards) <= most:", "            if True:",
           "Sorcery: a unit carries no more units than its text says"),
    Mutant("sorc-heal-cap", "src/cardscript/rulesets/sorcery/player_heals.py",
           "change_life(game, who, min(n, max(most - before, 0)))",
           "change_life(game, who, n)",
           "Sorcery: a player heals no higher than the life they started with"),
    Mutant("sorc-lethal-spell", "src/cardscript/rulesets/sorcery/__init__.py",
           "        own = src is not None and game.has_keyword(src, \"lethal\")",
           "        own = False",
           "Sorcery: the damage of a Lethal card (a unit's, or a spell's own) is lethal"),
    Mutant("sorc-lethal-zero", "src/cardscript/rulesets/sorcery/__init__.py",
           "if c.kind != \"minion\" or h.data.get(\"amount\", 0) <= 0:",
           "if c.kind != \"minion\" or h.data.get(\"amount\", 0) < 0:",
           "Sorcery: lethal damage of zero is no damage: it kills nothing"),
    Mutant("kf-capture", KF_AEMBER,
           "        put_on(game, card, got)", "        put_on(game, card, n)",
           "KeyForge: a creature captures only the aember its opponent has"),
    Mutant("kf-steal", KF_AEMBER,
           "            game.counter_add(thief, \"aember\", took)", "            pass",
           "KeyForge: stolen aember goes into the thief's pool"),
    Mutant("kf-exalt", KF_AEMBER,
           "            put_on(game, c, 1)", "            put_on(game, c, 0)",
           "KeyForge: exalt puts 1 aember on the creature"),
    Mutant("kf-stun", KF_USE,
           "                if using.stunned(card):", "                if False:",
           "KeyForge: a stunned creature an effect uses is unstunned instead"),
    Mutant("kf-enrage", KF_USING,
           "    return enraged(card) and bool(defenders(game, card.controller))",
           "    return False",
           "KeyForge: an enraged creature, used, must fight while it can"),
    Mutant("kf-elusive-first", KF_USING,
           "    elusive = first and game.has_keyword(defender, \"elusive\")",
           "    elusive = game.has_keyword(defender, \"elusive\")",
           "KeyForge: Elusive spares only the first fight against it each turn"),
    Mutant("kf-skirmish", KF_USING,
           "    skirmish = g.has_keyword(attacker, \"skirmish\")", "    skirmish = False",
           "KeyForge: a creature with Skirmish is dealt no damage when it fights"),
    Mutant("kf-poison", KF_USING,
           "        if hit and g.has_keyword(by, \"poison\") and", "        if hit and",
           "KeyForge: only Poison makes fight damage destroy whatever the power"),
    Mutant("kf-taunt", KF_USING,
           "            not any(game.has_keyword(n, \"taunt\") for n in neighbors(game, c))]",
           "            True]",
           "KeyForge: a creature beside one with Taunt cannot be chosen to be fought"),
    Mutant("kf-deploy", KF_KEYWORDS,
           "    if card.kind != board.CREATURE or not game.has_keyword(card, \"deploy\"):\n"
           "        raise illegal", "    if False:\n        raise illegal",
           "KeyForge: only a creature with Deploy enters play between two creatures"),
    Mutant("kf-chains-shed", "src/cardscript/rulesets/keyforge/chains.py",
           "        game.counter_add(player, COUNTER, -1)", "        pass",
           "KeyForge: a player whose chains kept a card from being drawn sheds a chain"),
    Mutant("kf-splash", "src/cardscript/rulesets/keyforge/splash.py",
           "            board.deal(game, ev, c, m, ev.source)",
           "            board.deal(game, ev, c, n, ev.source)",
           "KeyForge: the neighbors are dealt their own amount of damage"),
    Mutant("kf-fight-exhausted", KF_USE,
           "    return [c for c in cards if not c.tapped]", "    return cards",
           "KeyForge: 'fight with' a named exhausted creature passes it over"),
    Mutant("ga-class-bonus", GA_LABELS,
           "    return champ is not None and card is not None and bool(",
           "    return True or bool(",
           "Grand Archive: Class Bonus holds only when the champion shares the card's class"),
    Mutant("ga-level-label", GA_LABELS,
           "    return level >= args[\"n\"]", "    return level > args[\"n\"]",
           "Grand Archive: Level N+ holds for a champion of level N"),
    Mutant("ga-label-ongoing", "src/cardscript/compiler/condition_labels.py",
           "replace(done, text=text, condition=done.condition + (cond,))",
           "replace(done, text=text)",
           "an ongoing effect after a condition label applies only while the condition holds"),
    Mutant("ga-banish-not-death", "src/cardscript/rulesets/grand_archive/verbs.py",
           "leave_play(game, c, \"banishment\", why=\"banish\")",
           "leave_play(game, c, \"banishment\", why=\"die\")",
           "Grand Archive: a card banished from the field does not die"),
    Mutant("ga-rest", "src/cardscript/rulesets/grand_archive/verbs.py",
           "            c.tapped = True\n            ev.quiet_acts += 1",
           "            ev.quiet_acts += 1",
           "Grand Archive: rest turns a champion sideways, which keeps it from attacking"),
    Mutant("mn-permanent-destroyed", MN_PERMANENTS,
           "    if card.counters[HP] < 1:", "    if card.counters[HP] < 0:",
           "Mage Noir: a Permanent with less than 1 HP left is destroyed"),
    Mutant("mn-hp-no-cap", MN_PERMANENTS,
           "    card.counters[HP] = hp_of(card) + n",
           "    card.counters[HP] = min(hp_of(card) + n, card.tpl.stats[HP])",
           "Mage Noir: a Permanent's HP may rise above its printed HP"),
    Mutant("card-is-every", "src/cardscript/library/card_is.py",
           "    return all(game.matches(described, c, ev) for c in cards)",
           "    return any(game.matches(described, c, ev) for c in cards)",
           "'CARDS are CARDS' holds only when every card named fits the description"),
]


def check_applies(root: Path = ROOT) -> list[str]:
    """Problems with the list: an original snippet missing or not unique, a mutated file that
    does not compile, a repeated name."""
    problems = []
    names = [m.name for m in MUTANTS]
    problems += [f"{n}: the name is used twice" for n in sorted({n for n in names
                                                                  if names.count(n) > 1})]
    for m in MUTANTS:
        path = root / m.file
        if not path.is_file():
            problems.append(f"{m.name}: {m.file} does not exist")
            continue
        text = path.read_text(encoding="utf-8")
        found = text.count(m.original)
        if found != 1:
            problems.append(f"{m.name}: its original snippet occurs {found} times in {m.file}")
            continue
        try:        # a mutant that does not even compile would be killed for nothing
            compile(text.replace(m.original, m.mutated, 1), m.file, "exec")
        except SyntaxError as e:
            problems.append(f"{m.name}: the mutated {m.file} does not compile: {e.msg}")
        if m.original == m.mutated:
            problems.append(f"{m.name}: the mutated snippet is the original")
    return problems


def _copy_tree(dest: Path) -> None:
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache")
    for name in COPIED:
        shutil.copytree(ROOT / name, dest / name, ignore=skip)


def run_one(m: Mutant, tree: Path, suite: list[str],
            timeout: float) -> tuple[str, float, str]:
    """Apply `m` in `tree`, run the suite, restore the file.

    Returns the outcome ('killed', 'survived' or 'timeout'), the seconds it took, and the
    first test that failed (empty when none did).
    """
    path = tree / m.file
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace(m.original, m.mutated, 1), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-rfE", "-p", "no:cacheprovider",
           *suite]
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
            outcome = "survived" if code == 0 else "killed"
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)     # the suite and anything it started
            proc.wait()
            outcome = "timeout"
        finally:
            path.write_text(original, encoding="utf-8")
        out.seek(0)
        lines = out.read().decode("utf-8", "replace").splitlines()
    first = next((ln.split(" ", 1)[1].split(" - ")[0] for ln in lines
                  if ln.startswith(("FAILED ", "ERROR "))), "")
    return outcome, time.monotonic() - start, first


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="+", metavar="NAME", help="run only these mutants")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--check", action="store_true",
                    help="check that every original snippet occurs exactly once, and exit")
    ap.add_argument("--suite", choices=sorted(SUITES), default="scenarios",
                    help="what runs against each mutant (default: scenarios)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per mutant")
    args = ap.parse_args(argv)

    problems = check_applies()
    if args.check or problems:
        for p in problems:
            print(f"mutants.py: {p}", file=sys.stderr)
        if not problems:
            print(f"ok: {len(MUTANTS)} mutants apply")
        return 1 if problems else 0
    chosen = MUTANTS
    if args.only:
        unknown = sorted(set(args.only) - {m.name for m in MUTANTS})
        if unknown:
            print(f"mutants.py: unknown mutant(s): {', '.join(unknown)} (see --list)",
                  file=sys.stderr)
            return 1
        chosen = [m for m in MUTANTS if m.name in args.only]
    if args.list:
        for m in chosen:
            print(f"{m.name:28} {m.file.removeprefix('src/cardscript/')}: {m.rule}")
        return 0

    results = []
    with tempfile.TemporaryDirectory(prefix="cardscript-mutants-") as tmp:
        tree = Path(tmp)
        _copy_tree(tree)
        for m in chosen:
            outcome, secs, first = run_one(m, tree, SUITES[args.suite], args.timeout)
            results.append((m, outcome))
            print(f"{outcome:8} {secs:6.1f}s  {m.name}: {m.rule}", flush=True)
            if first:
                print(f"{'':17}first failure: {first}", flush=True)
    killed = sum(1 for _, o in results if o != "survived")
    print(f"\n{killed} of {len(results)} mutants killed "
          f"({100 * killed / len(results):.0f}%)")
    survivors = [m for m, o in results if o == "survived"]
    for m in survivors:
        print(f"  survived: {m.name} ({m.file}): {m.rule}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
