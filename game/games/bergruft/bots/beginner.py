"""Der Berg ruft's Easy (a beginner) and its greedy player, over the shared bots in
``game.protocol.bots`` (:class:`BeginnerBot`, :class:`GreedyBot`).

Every decision is a move of its own. The guesser never sees the number (B7): a guess has no
outcome it could know, so it is never "a win at once"; the caller knows his number, so his
choices after a guess (lift the screen or allow another guess, punish or waive) are tried on
his view. A beginner takes a choice that ends the game with him the winner (his Peter on the
summit with the smallest avalanche) and avoids one that ends it with him losing, while another
is left. Among the rest, ``plausibility``:

- the number: any of 0..15, the very ends (an empty screen, all the flags) half as often;
- a guess: inside the hints (B3), the middle of what they leave more often than its edges;
- after a wrong guess: the nearer it was, the likelier he lifts the screen before the guesser
  gets it ("he nearly had it!"); a guess far off, he lets the guesser try again; hardly ever
  does he lift when that sends his own pair back to the start (his Heidi would catch up with
  Peter); a punishment rather than a waiver, four to one.

The greedy player (measurement only): no position can be judged one ply after a hidden number or
a guess, so it plays Normal's own look-ahead of the turn without its mixing, i.e. the number the
look-ahead values most, every "lift / allow / punish / waive" as Normal decides, and the guess in
the middle of what the hints leave (the guess a bisecting player makes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.games.bergruft.bots.simple import _caller_decision, number_values
from game.games.bergruft.rules import BergState, Phase
from game.games.bergruft.rules.actions import (
    MAX_FLAGS,
    Guess,
    LiftScreen,
    Punish,
    SetFlags,
)
from game.protocol.bots import BeginnerBot, GreedyBot, Line

END_NUMBER = 0.5  # the weight of 0 and 15 flags (any other number: 1)
# after a wrong guess: lifting the screen weighs 1 + LIFT_CLOSE per step the guess was nearer
# than CLOSE_RANGE ("he nearly had it: quick, lift!"); allowing another guess weighs ALLOW
LIFT_CLOSE = 3.0
CLOSE_RANGE = 2
ALLOW = 2.0
RESTART = 0.1  # a choice that sends his own pair back to the start: this share of its weight
PUNISH, WAIVE = 4.0, 1.0

TurnKey = tuple[int, str, int]


def turn_key(view: BergState) -> TurnKey:
    return (view.turn, str(view.phase), len(view.guesses))


def restarts(after: BergState, seat: int) -> bool:
    """The move resolved the turn and sent ``seat``'s pair back to its start fields."""
    result = after.last_result
    return (
        result is not None
        and result.turn == after.turn
        and result.caller == seat
        and result.caller_restart
    )


class Beginner:
    """The hook of :class:`BeginnerBot` for Der Berg ruft."""

    def turn_key(self, view: BergState) -> TurnKey:
        return turn_key(view)

    def lines(self, view: BergState, rng: random.Random) -> Sequence[Line]:
        actions = view.legal_actions()
        if view.phase is Phase.GUESS or view.number is None:
            return [Line((a,)) for a in actions]  # the outcome hangs on the hidden number
        return [Line((a,), view.apply(a)) for a in actions]

    def lost(self, after: BergState, seat: int) -> bool:
        return False  # only the game's end loses it (BeginnerBot checks that itself)

    def hands_over(self, after: BergState, seat: int) -> bool:
        return False  # the next turn starts with a secret number: nothing to see

    def plausibility(self, view: BergState, line: Line) -> float:
        action = line.actions[0]
        if isinstance(action, SetFlags):
            return END_NUMBER if action.flags in (0, MAX_FLAGS) else 1.0
        if isinstance(action, Guess):
            return 1.0 + min(action.value - view.low, view.high - action.value)
        after: BergState | None = line.after
        if isinstance(action, LiftScreen):
            assert view.number is not None
            off = abs(view.guesses[-1] - view.number)
            weight = 1.0 + LIFT_CLOSE * max(0, CLOSE_RANGE - off)
        elif isinstance(action, Punish):
            weight = PUNISH
        elif view.phase is Phase.PUNISH:
            weight = WAIVE
        else:
            weight = ALLOW
        if after is not None and restarts(after, view.caller):
            weight *= RESTART
        return weight


class Greedy:
    """The hook of :class:`GreedyBot`: Normal's look-ahead, greedily (see the module's text)."""

    def turn_key(self, view: BergState) -> TurnKey:
        return turn_key(view)

    def scored(self, view: BergState, rng: random.Random) -> list[tuple[float, Line]]:
        actions = view.legal_actions()
        if view.phase is Phase.SET:
            values = number_values(view)
            return [(values[a.flags], Line((a,))) for a in actions if isinstance(a, SetFlags)]
        if view.phase is Phase.GUESS:
            mid = (view.low + view.high) / 2
            return [(-abs(a.value - mid), Line((a,))) for a in actions if isinstance(a, Guess)]
        chosen = _caller_decision(view, actions)
        return [(1.0 if a == chosen else 0.0, Line((a,))) for a in actions]


class EasyBot(BeginnerBot):
    """Der Berg ruft's Easy: a beginner (see the module's text)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        super().__init__(Beginner(), iterations, timed)


class GreedyPlayer(GreedyBot):
    """Normal's look-ahead without mixing, for the tournament and the ladder (not a level)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        super().__init__(Greedy(), iterations, timed)
