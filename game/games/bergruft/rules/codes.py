"""Der Berg ruft's codes: of a refusal (``refusal.bergruft.<code>``) and of the end of a game
(``results.reason.bergruft_<code>``). The screen says them in the player's language; conformance
checks that each has a text in every language."""

from __future__ import annotations

from enum import StrEnum


class Refused(StrEnum):
    """Why an action is not legal now."""

    BAD_ACTION = "bad_action"
    OVER = "over"
    NOT_AN_ACTION = "not_an_action"
    NOT_OFFERED = "not_offered"
    SET_AT_START = "set_at_start"
    ONLY_CALLER_SETS = "only_caller_sets"
    FLAGS_RANGE = "flags_range"
    NOT_GUESSING = "not_guessing"
    ONLY_GUESSER = "only_guesser"
    HIGHER = "higher"
    LOWER = "lower"
    HIDDEN = "hidden"
    PUNISH_WHEN = "punish_when"
    ONLY_CALLER_PUNISHES = "only_caller_punishes"
    DECIDE_WHEN = "decide_when"
    ONLY_CALLER_DECIDES = "only_caller_decides"
    TRUTHFUL = "truthful"
    SUMMIT = "summit"
    SCREEN_SHOWS = "screen_shows"


class Ending(StrEnum):
    """B15: what separated the winner from the next (the outcome's ``reason_code``)."""

    AVALANCHE = "avalanche"
    CLOSEST_PAIR = "closest_pair"
    FURTHEST_UP = "furthest_up"
    SHARED = "shared"
