"""Kap Hoorn's Easy (a beginner) and its one-ply greedy player, over the shared bots in
``game.protocol.bots`` (:class:`BeginnerBot`, :class:`GreedyBot`).

Hands are secret (K10): both see only their view and try their moves on one determinization of
it (the unseen cards dealt at random, ``KapState.determinized``); what they lay and how they
sail uses only their own hand and the open chart, so the deal changes no move they consider.

A beginner's move at the start of a turn: no card, or one card at an empty end field of the
wind under its ship (with at most one card to bridge the gap), then the move (the short
planner's plans, ``ShortPlanBot``); after it, a card bought while the hand is short and sail
points are spare, never "sail again". It takes a move that wins at once (the finish with two
roses, a third rose); nothing in Kap Hoorn loses at once, and a beginner does not see what the
others hold, so it looks no further. Among the rest, ``plausibility``: a card and course that
carry the ship on towards its next station (or the finish), by the short planner's reckoning
(the king steps still to sail, the card under the ship, sail points and cards kept), the best
by far the likeliest, near-equals at random; and at the start of a turn, one time in
``1 / SLIP``, it just sails or stays on impulse (any move by the wind, no card). That and its
one-turn view are what Normal (every plan of up to two cards, sail again) outplays.

The greedy player (measurement only) plays the best of Normal's plans for the turn by the
level's evaluation :class:`Course` after it, with no look at what comes next.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.games.kaphoorn.bots.simple import Course, NormalBot, ShortPlanBot
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import AGAIN, BUY, END, Buy, End, Play, Replace
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, LAY, MOVED
from game.protocol.bots import BeginnerBot, GreedyBot, Line

# The weight of a plan: SHARPNESS to the power of its value (the short planner's: Course after
# the plan, less LAY_COST per card laid), so the best plan is far the likeliest and near-equals
# share. Tried softer (20, 100) and a value of progress alone (king steps, no cards or sail
# points): a table of beginners burnt the 90 cards wandering, and with 4 players no ship reached
# San Francisco before the round limit (K15).
SHARPNESS = 1e4
VALUE_FLOOR = -3.0  # below the position before the move: as bad as it gets
VALUE_CAP = 6.0
CARD_COST = 0.5  # a card laid costs this much value (the short planner's LAY_COST is 0.15):
# a beginner keeps his cards; at 0.15, tables of 4 beginners ran out of cards
SLIP = 0.15  # how often, at the start of a turn, the beginner sails (or stays) on impulse
TurnKey = tuple[int, int]


def turn_key(view: KapState) -> TurnKey:
    return (view.seat, view.turn)


def _after(s: KapState, actions: Sequence[object]) -> KapState:
    for action in actions:
        s = s.apply(action)
    return s


def _plans(maker: ShortPlanBot, full: KapState) -> list[Line]:
    """The maker's plans of this decision as lines, each with the position after it."""
    seen: set[tuple[object, ...]] = set()
    lines = []
    for _, plan in maker.plans(full):
        key = tuple(plan)
        if key not in seen:
            seen.add(key)
            lines.append(Line(key, _after(full, plan)))
    return lines


class Beginner:
    """The hook of :class:`BeginnerBot` for Kap Hoorn."""

    def __init__(self) -> None:
        self.maker = ShortPlanBot()  # its short plans: no card, or one at an end field (a bridge)

    def turn_key(self, view: KapState) -> TurnKey:
        return turn_key(view)

    @staticmethod
    def slip(view: KapState) -> float:
        """How often the beginner just sails (or stays) on impulse: at the start of a turn."""
        return SLIP if view.phase == LAY and view.played == 0 else 0.0

    def lines(self, view: KapState, rng: random.Random) -> Sequence[Line]:
        full = view.determinized(rng)
        if full.phase in (LAY, AGAIN_PHASE):
            return _plans(self.maker, full)
        # after the move: end the turn or buy a card (a beginner never pays to sail again)
        return [Line((a,), full.apply(a)) for a in full.legal_actions() if a != AGAIN]

    def lost(self, after: KapState, seat: int) -> bool:
        return False  # no move loses Kap Hoorn at once

    def hands_over(self, after: KapState, seat: int) -> bool:
        return False  # the others' hands are secret: a beginner cannot tell

    def plausibility(self, view: KapState, line: Line) -> float:
        seat = view.seat
        first = line.actions[0]
        if isinstance(first, Buy | End):  # a card while the hand is short and points spare
            buys = ShortPlanBot._buys(view, seat)
            return 1.0 if isinstance(first, Buy) == buys else 0.0
        judge = Course(seat)
        cards = sum(1 for a in line.actions if isinstance(a, Play | Replace))
        gain = judge(line.after) - CARD_COST * cards - judge(view)
        return float(SHARPNESS ** max(VALUE_FLOOR, min(gain, VALUE_CAP)))


class Greedy:
    """The hook of :class:`GreedyBot`: Normal's plans of the turn, valued by ``Course``."""

    def __init__(self) -> None:
        self.maker = NormalBot()

    def turn_key(self, view: KapState) -> TurnKey:
        return turn_key(view)

    def scored(self, view: KapState, rng: random.Random) -> list[tuple[float, Line]]:
        full = view.determinized(rng)
        judge = Course(view.seat)
        if full.phase in (LAY, AGAIN_PHASE):
            return [(judge(line.after), line) for line in _plans(self.maker, full)]
        scored = [
            (judge(full.apply(a)), Line((a,))) for a in (BUY, END) if a in full.legal_actions()
        ]
        if full.phase == MOVED:
            scored += [
                (judge(ln.after), ln) for ln in _plans(self.maker, full) if ln.actions[0] == AGAIN
            ]
        return scored


class EasyBot(BeginnerBot):
    """Kap Hoorn's Easy: a beginner (see the module's text)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        super().__init__(Beginner(), iterations, timed)


class GreedyPlayer(GreedyBot):
    """One-ply greedy over Normal's plans, for the tournament and the ladder (not a level)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        super().__init__(Greedy(), iterations, timed)
