"""Nanuuk!'s codes: of a refusal (``refusal.nanuuk.<code>``) and of the end of a game
(``results.reason.nanuuk_<code>``). The screen says them in the player's language; conformance
checks that each has a text in every language."""

from __future__ import annotations

from enum import StrEnum


class Refused(StrEnum):
    """Why an action is not legal now."""

    NOT_AN_ACTION = "not_an_action"
    NOT_NOW = "not_now"
    NOT_POSSIBLE = "not_possible"
    NOT_THIS_PIECE = "not_this_piece"
    NOT_NEIGHBOUR = "not_neighbour"
    CRACK_BETWEEN = "crack_between"
    OCCUPIED = "occupied"
    NO_HARPOON = "no_harpoon"
    FIRST_ROUND = "first_round"
    NO_BANISH_FIELD = "no_banish_field"
    KAYAK_ONLY_ACROSS = "kayak_only_across"
    ALREADY_CRACKED = "already_cracked"
    C_LINE_FREE = "c_line_free"
    NOT_A_LINE = "not_a_line"
    VARIANT_2 = "variant_2"
    CANNOT_HUNT = "cannot_hunt"
    BAG_HOLDS = "bag_holds"
    WHALE_NEEDS_INUK = "whale_needs_inuk"
    NO_ANIMAL = "no_animal"
    BANISH_NOT_EMPTY = "banish_not_empty"
    NOT_IN_BAG = "not_in_bag"
    ALREADY_CARRIES = "already_carries"
    MOVE_OVER = "move_over"
    ONE_CRACK_NEEDS_VARIANT_1 = "one_crack_needs_variant_1"
    TEAM = "team"
    START_ON_IGLOO = "start_on_igloo"
    NOT_EMPTY = "not_empty"
    MOVE_FIRST = "move_first"
    STUCK = "stuck"


class Ending(StrEnum):
    """How a game ended (the outcome's ``reason_code``)."""

    LAST_HUNTER = "last_hunter"
    TWO_PLAYER_ENCLOSED = "two_player_enclosed"
    PARTNER = "partner"
    LEFT_NEIGHBOUR = "left_neighbour"
    RIGHT_NEIGHBOUR = "right_neighbour"
    BEAR_ENCLOSED = "bear_enclosed"
    INUIT_WIN = "inuit_win"
    BEAR_WINS = "bear_wins"
    FUR = "fur"
    INUK_ENCLOSED = "inuk_enclosed"
    HUNT_OVER = "hunt_over"
    NO_MOVES = "no_moves"


class DecidedBy(StrEnum):
    """N27: what decided a full game (``details["decided_by"]``)."""

    MOST_POINTS = "most_points"
    EQUIPMENT = "equipment"
    SHARED = "shared"
