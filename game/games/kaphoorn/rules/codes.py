"""Kap Hoorn's codes: of a refusal (``refusal.kaphoorn.<code>``), of a station that gives no
wind rose (``kaphoorn.log.no_rose_<code>``) and of the end of a game
(``results.reason.kaphoorn_<code>``). The screen says them in the player's language; conformance
checks that each has a text in every language."""

from __future__ import annotations

from enum import StrEnum


class Refused(StrEnum):
    """Why an action is not legal now."""

    OVER = "over"
    UNKNOWN_CARD = "unknown_card"
    LAY_FIRST = "lay_first"
    ONLY_CARD = "only_card"
    NO_CARD = "no_card"
    ON_SEA = "on_sea"
    START_FIELD = "start_field"
    OCCUPIED = "occupied"
    NOT_NEXT = "not_next"
    REPLACE_ALONE = "replace_alone"
    NOTHING_TO_COVER = "nothing_to_cover"
    START_COVER = "start_cover"
    SHIP_THERE = "ship_there"
    REACH = "reach"
    MOVED = "moved"
    NO_WIND = "no_wind"
    LAND = "land"
    EXACT = "exact"
    NO_CARD_THERE = "no_card_there"
    OTHER_SHIP = "other_ship"
    IGNORE_COST = "ignore_cost"
    ONE_FIELD = "one_field"
    NO_CARD_NEXT = "no_card_next"
    MOVE_FIRST = "move_first"
    AGAIN_COST = "again_cost"
    FINISHED = "finished"
    DEAD_END = "dead_end"
    AFTER_MOVE = "after_move"
    BUY_COST = "buy_cost"
    HAND_LIMIT = "hand_limit"
    EMPTY = "empty"
    END_AGAIN = "end_again"
    END_FIRST = "end_first"
    OTHER = "other"
    IGNORE_NONE = "ignore_none"


class NoRose(StrEnum):
    """K9: why a move that ends on a station gives no wind rose
    (``kaphoorn.log.no_rose_<code>``)."""

    STAGE = "stage"  # the player holds a wind rose of this stage already
    COLOUR = "colour"  # the player holds a wind rose of this colour already


class Ending(StrEnum):
    """How a game ended (K8, K15; the outcome's ``reason_code``)."""

    ROSES = "roses"
    FINISH = "finish"
    ROUNDS = "rounds"


class DecidedBy(StrEnum):
    """K15: at the round limit, what put the winners ahead (``details["decided_by"]``)."""

    ROSES = "roses"
    TO_FINISH = "to_finish"
    SHARED = "shared"
