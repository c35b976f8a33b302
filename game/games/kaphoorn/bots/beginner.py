"""Kap Hoorn's Easy (a beginner) and its one-ply greedy player, over the shared bots in
``game.protocol.bots`` (:class:`BeginnerBot`, :class:`GreedyBot`).

Hands are secret (K10): both see only their view and try their moves on one determinization of
it (the unseen cards dealt at random, ``KapState.determinized``); what they lay and how they
sail uses only their own hand and the open chart, so the deal changes no move they consider.

A beginner's move at the start of a turn: no card, or one card at an empty end field of the
wind under its ship (with at most one card to bridge the gap), then the move; then "sail again"
or not, and buy a card or not. It takes a move that wins at once (the finish with two roses, a
third rose); nothing in Kap Hoorn loses at once, and a beginner does not see what the others
hold, so it looks no further. Among the rest, ``plausibility``: a card and course that carry the
ship on towards its next station (or the finish), or leave it on a card that blows that way,
are the likely ones (the more so the further), standing still less so,
sailing back rarely; each card laid makes a plan a little less likely (a beginner keeps cards).

The greedy player (measurement only) plays the best of Normal's plans for the turn by the
level's evaluation :class:`Course` after it, with no look at what comes next.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.games.kaphoorn.bots.simple import WIND_BONUS, Course, NormalBot, course
from game.games.kaphoorn.bots.simple import EasyBot as PlanMaker
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import AGAIN, BUY, END, Again, Buy, End, Play, Replace
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, LAY, MOVED
from game.protocol.bots import BeginnerBot, GreedyBot, Line

FORWARD = 8.0  # the weight of a plan grows by this factor per king step nearer the goal
STILL = 0.5  # a move that gets no nearer (staying, sideways)
BACK = 0.2  # one that goes back
PER_CARD = 0.8  # each card laid multiplies the weight by this
ENDS = 2.0  # end the turn (after the move)
BUY_WEIGHT = 1.0  # buy a card with a short hand and sail points to spare
BUY_HAND, BUY_SAIL = 3, 5
BUY_EMPTY = 4.0  # and, much more likely, with an empty hand

GAIN_CAP = 6.0
TurnKey = tuple[int, int]


def progress(s: KapState, seat: int) -> float:
    """How far on the ship is, as a beginner sees it: the king steps still to sail to a win
    (``course``), less a little for a card under the ship that blows it onwards."""
    ship, roses = s.ships[seat], s.roses[seat]
    left = course(ship, roses)
    return -left + WIND_BONUS * Course.wind_gain(s, ship, roses, left)


def turn_key(view: KapState) -> TurnKey:
    return (view.seat, view.turn)


def _after(s: KapState, actions: Sequence[object]) -> KapState:
    for action in actions:
        s = s.apply(action)
    return s


def _plans(maker: PlanMaker, full: KapState) -> list[Line]:
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
        self.maker = PlanMaker()  # its short plans: no card, or one at an end field (a bridge)

    def turn_key(self, view: KapState) -> TurnKey:
        return turn_key(view)

    def lines(self, view: KapState, rng: random.Random) -> Sequence[Line]:
        full = view.determinized(rng)
        if full.phase in (LAY, AGAIN_PHASE):
            return _plans(self.maker, full)
        lines = [Line((a,), full.apply(a)) for a in full.legal_actions() if a != AGAIN]
        if full.phase == MOVED and AGAIN in full.legal_actions():
            again = full.apply(AGAIN)
            lines += [Line((AGAIN, a), again.apply(a)) for a in again.legal_actions()]
        return lines

    def lost(self, after: KapState, seat: int) -> bool:
        return False  # no move loses Kap Hoorn at once

    def hands_over(self, after: KapState, seat: int) -> bool:
        return False  # the others' hands are secret: a beginner cannot tell

    def plausibility(self, view: KapState, line: Line) -> float:
        seat = view.seat
        first = line.actions[0]
        if isinstance(first, End):
            return ENDS
        if isinstance(first, Buy):
            hand, sail = len(view.hands[seat]), view.sail[seat]
            if hand == 0:
                return BUY_EMPTY
            return BUY_WEIGHT if hand < BUY_HAND and sail >= BUY_SAIL else 0.05 * BUY_WEIGHT
        after: KapState = line.after
        gain = progress(after, seat) - progress(view, seat)
        weight = FORWARD ** min(gain, GAIN_CAP) if gain > 0 else STILL if gain == 0 else BACK
        if isinstance(first, Again) and gain <= 0:
            weight = 0.1 * BACK  # no reason to pay five points for nothing
        cards = sum(1 for a in line.actions if isinstance(a, Play | Replace))
        return weight * PER_CARD**cards


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
