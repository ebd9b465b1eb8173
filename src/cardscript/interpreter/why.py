"""Why an event stands where it does: the policy rules a trace entry names in `rules`.

Each rule is a small mapping, `{"setting": ..., "value": ..., "text": ...}`: the policy
setting (docs/engine.md) and its value, and the rule in words. The engine gives an event the
rules that placed it on the storyline (where new events go, a split, who ordered simultaneous
triggers) and, when it does not resolve, the rule that said so. The mappings of one policy are
made once and shared by every entry that names them: read them, do not change them.
"""

from __future__ import annotations

NEW_EVENTS = {
    "front": "new events interrupt: it went to the front of the storyline",
    "back": "new events wait their turn: it went to the back of the storyline",
}
SOURCE_LEFT = {
    "ignore_unless_split": "its source left play before it began: ignored",
    "ignore": "its source left play: ignored",
}
TRIGGER_ORDER = {
    "active_player": "the active player, {player}, ordered these simultaneous triggers",
    "each_controller": "{player} ordered their own simultaneous triggers",
}
PLAYERS_ADD = {
    "active_first": "the active player's triggers were added first, so they resolve last",
    "active_last": "the active player's triggers were added last, so they resolve first",
}


def rule(setting: str, value, text: str) -> dict:
    """One rule of the policy, as a trace entry names it."""
    return {"setting": setting, "value": value, "text": text}


class Rules:
    """The rules of one policy, made once per game."""

    def __init__(self, policy):
        self.new_event = (rule("new_events", policy.new_events,
                               NEW_EVENTS.get(policy.new_events, policy.new_events)),)
        self.ignored = rule("source_left_play", policy.source_left_play,
                            SOURCE_LEFT.get(policy.source_left_play, "its source left play"))
        self.fizzled = rule("illegal_target", policy.illegal_target,
                            "a target it needs is no longer legal: it fizzles")
        self.follows = rule("follows", True, "a rule of the game made it: it comes after the "
                                             "triggers of its moment, in the order made")
        self.leads = rule("leads", True, "a rule of the game made it: it comes before the "
                                         "triggers of its moment, in the order made")
        self.players_add = rule("players_add", policy.players_add,
                                PLAYERS_ADD.get(policy.players_add, policy.players_add))
        self.game_over = (rule("end_game", True, "a rule of the game ended the game"),)
        self._order = policy.trigger_order
        self._split: dict = {}
        self._ordered: dict = {}

    def split(self, reason: str) -> tuple:
        """The rest of a split event waits behind what its first part caused."""
        found = self._split.get(reason)
        if found is None:
            found = self._split[reason] = (rule("split_on", reason, f"split ({reason}): the rest "
                                                "of the event waits behind what its first part "
                                                "caused"),)
        return found

    def step(self, reason: str) -> tuple:
        """An event a split inserted (a step of a move) before the rest of its event."""
        return (rule("split_on", reason, f"split ({reason}): inserted by the event it is part "
                                         "of, ahead of that event's rest"),)

    def ordered(self, player: str) -> dict:
        """A player answered an `order` question about these simultaneous triggers."""
        found = self._ordered.get(player)
        if found is None:
            text = TRIGGER_ORDER.get(self._order, "{player} ordered these triggers")
            found = self._ordered[player] = rule("trigger_order", self._order,
                                                 text.format(player=player))
        return found
