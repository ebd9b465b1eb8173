"""The Everrain's words: card kinds and backs, counters, tests, choices and story outcomes.

Everything a card of the pool says is one of these phrases; what the phrases do to the
story decks lives in story.py, what they do to tests, choices and counters in outcomes.py.
"""

from __future__ import annotations

from ...library import common_language
from . import outcomes, story
from .policy import STORY

ENCOUNTERS = frozenset(STORY["decks"].values())
ALL = ENCOUNTERS | {STORY["story_kind"]}
COUNTERS = ("treasure", "crew")          # each player's counters that cards gain and lose
UNUSED_VERBS = {"draw", "deal damage", "kill", "destroy", "gain life", "lose life", "discard"}
UNUSED_PATTERNS = {"die", "damage", "gain life", "cast", "enter play"}


def build_language():
    lang = common_language(unit_kinds=frozenset())
    lang.name = "everrain"
    # Nothing in The Everrain has life, takes damage or dies, and cards are drawn by the
    # `draw` action, not by card text: those shared words would only mislead a card writer.
    # Nor is a card cast or put into play (stories are fetched): a trigger on either would
    # never trigger.
    lang.verbs = [v for v in lang.verbs if v.name not in UNUSED_VERBS]
    lang.patterns = [p for p in lang.patterns if p.name not in UNUSED_PATTERNS]
    # 'sea event' reads as the kind word 'sea' followed by the subtype word 'event'.
    lang.card_kinds = {"sea": "sea_event", "expedition": "expedition", "denizen": "denizen",
                       "story": "story"}
    lang.nouns = {"card": ALL, "story": frozenset({"story"}),
                  "encounter": ENCOUNTERS}
    lang.zones = {"hand": "hand"}
    lang.draw_zones = {}
    lang.permanent_kinds = set()
    lang.card_checks.append(story.check_story_card)     # a Story card's number and back
    lang.header_fields |= {
        story.STORY["number_stat"]: "the number a '+N+' outcome fetches "
                                    "(rulesets/everrain/story.py)",
        story.STORY["back_prop"]: "the deck a Story card goes onto at the end of an act "
                                  "(rulesets/everrain/story.py)"}

    # --- story outcomes ----------------------------------------------------------
    @lang.verb("fetch a story card", "{n:pluses}")
    def fetch(game, ev, node):
        story.fetch(game, ev, node.arg("n"))

    @lang.verb("the story is resolved", "the story is resolved")
    def story_resolved(game, ev, node):
        story.end_story(game, ev, resolved=True)

    @lang.verb("the story ends unresolved", "the story ends unresolved",
               "the story ends without being resolved")
    def story_unresolved(game, ev, node):
        story.end_story(game, ev, resolved=False)

    # --- tests and choices -------------------------------------------------------
    @lang.verb(outcomes.MAKE_A_TEST, "make a test", "make a|an {skill:text} test")
    def make_test(game, ev, node):
        outcomes.make_test(game, ev, node.arg("skill"))

    # 'Choose to A, to B or to C': any number of options, each after its 'to' (the compiler
    # reads the commas of a list as 'and'); without 'to', options are separated by 'or'.
    @lang.verb("choose an outcome", "choose to {to_options:text}", "choose {options:text}")
    def choose(game, ev, node):
        if node.arg("to_options") is not None:
            options = outcomes.split_options(node.arg("to_options"), ("or to", "and to"))
        else:
            options = outcomes.split_options(node.arg("options"), ("or",))
        outcomes.choose(game, ev, options)

    @lang.condition("the test succeeds", "the test succeeds|succeeded", "it succeeds|succeeded")
    def succeeds(game, ev, args):
        return outcomes.test_outcome(game, ev) == "success"

    @lang.condition("the test fails", "the test fails|failed", "it fails|failed")
    def fails(game, ev, args):
        return outcomes.test_outcome(game, ev) == "failure"

    @lang.condition("you chose", "you chose to {x:text}", "you chose {x:text}")
    def chose(game, ev, args):
        return outcomes.chose(ev, args["x"])

    # --- counters ------------------------------------------------------------------
    for counter in COUNTERS:
        _counter_words(lang, counter)
    return lang


def _counter_words(lang, counter: str) -> None:
    """'gain N treasure', 'lose N crew', 'you have N or more crew', ... for one counter."""

    @lang.verb(f"gain {counter}", f"{{who:player?}} gain|gains {{n:number}} {counter}")
    def gain(game, ev, node):
        outcomes.change_counter(game, ev, node.arg("who"), counter, node.arg("n"), node.text)

    @lang.verb(f"lose {counter}", f"{{who:player?}} lose|loses {{n:number}} {counter}")
    def lose(game, ev, node):
        outcomes.change_counter(game, ev, node.arg("who"), counter, -node.arg("n"),
                                node.text)

    @lang.condition(f"{counter} at least", f"you have {{n:number}} or more {counter}",
                    f"you have at least {{n:number}} {counter}")
    def at_least(game, ev, args):
        return outcomes.counter_of(game, ev.controller, counter) >= args["n"]

    @lang.condition(f"{counter} fewer than", f"you have fewer|less than {{n:number}} {counter}")
    def fewer(game, ev, args):
        return outcomes.counter_of(game, ev.controller, counter) < args["n"]
