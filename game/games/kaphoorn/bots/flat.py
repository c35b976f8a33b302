"""Kap Hoorn's Hard until issue 31, kept as a yardstick: flat Monte Carlo over whole-turn plans.

The tournament names it ``flat`` (``python -m game.tools.tournament --game kaphoorn --bots
hard,flat``): the new Hard (``bots/hard.py``) is measured against it. It is never offered on the
screen.

It plans as :class:`TurnPlanner`. Each round of the search deals the unseen cards at random
(``view.determinized`` with the bot's own ``rng``) and plays every candidate still in the race on
that same deal (common random numbers: the plans are compared on equal luck). A play-out
finishes the bot's turn (buying by the normal rule), then plays ``ROUNDS`` rounds with the fast
greedy policy (``bots/playout.py``, without its bridges, as at the time) for everybody, the
bot's own turns included, and scores the bot's best greedy plan at its turn after that: its
``Course`` value less the best rival's (a win or loss in the play-out counts ``WIN_VALUE``). It
never weighs a rival's other replies: that is what the tree search of the new Hard adds.

The rounds are shared out by successive halving: after one round the bot estimates how many
play-outs its budget still buys, splits them equally among the phases, and after each phase
keeps the better half of the candidates (by their summed scores on the common deals) until two
or three are left for the last phase. With a work budget (``iterations``) that count of
play-outs replaces the clock; without one the clock never buys more than ``PLAYOUT_CAP``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.games.kaphoorn.bots.plans import WIDTH, WIN_VALUE, TurnPlanner
from game.games.kaphoorn.bots.playout import Plan, greedy, margin
from game.games.kaphoorn.bots.simple import Course
from game.games.kaphoorn.rules import KapState, turn

PLAYOUT_CAP = 400  # play-outs per decision at most, so a 2 s budget costs well under a second
ROUNDS = 2  # rounds of rivals' turns played out (the bot's own greedy turns between them)


class FlatHardBot(TurnPlanner):
    """Determinized flat Monte Carlo over the plans of a turn (see the module text)."""

    def __init__(
        self,
        iterations: int | None = None,
        timed: bool = False,
        width: int = WIDTH,
        rounds: int = ROUNDS,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(iterations, timed, width, clock)
        self.rounds = rounds

    def search(self, view: KapState, rng: random.Random, deadline: float) -> Plan:
        """The plan to play from ``view`` (LAY, MOVED or AGAIN phase)."""
        me = view.seat
        first = view.determinized(rng)
        candidates = self.candidates(first)
        self.last_iterations, self.last_limited = 0, False
        if not candidates:
            return ()
        if len(candidates) == 1 or candidates[0][0] >= WIN_VALUE:
            return candidates[0][1]
        self.last_limited = True  # the play-outs its budget buys decide
        plans = [plan for _, plan in candidates]
        totals = [0.0] * len(plans)
        alive = list(range(len(plans)))
        started, iterations, schedule = self.clock() if self.clocked else 0.0, 0, [1]
        planned: list[int] | None = None
        while len(alive) > 1:
            for _ in range(schedule.pop(0) if schedule else 0):
                if not self._round_affordable(iterations, len(alive), deadline):
                    break
                full = view.determinized(rng)  # one deal for all: the plans meet equal luck
                scores = []
                for i in alive:
                    if self.clocked and self.clock() >= deadline:
                        break
                    scores.append(self.playout(full, plans[i], me))
                    iterations += 1
                else:
                    for i, value in zip(alive, scores, strict=True):
                        totals[i] += value
                    continue
                break  # out of time in the middle of a round: that round does not count
            else:
                if planned is None:  # after the first round: plan the rest
                    planned = schedule = self._schedule(iterations, len(plans), started, deadline)
                    continue
                if schedule:
                    alive.sort(key=lambda i: (-totals[i], i))
                    alive = alive[: max(1, len(alive) // 2)]
                    continue
            break
        self.last_iterations = iterations
        best = max(alive, key=lambda i: (totals[i], -i))
        return plans[best]

    def _round_affordable(self, iterations: int, alive: int, deadline: float) -> bool:
        if self.max_iterations is not None and iterations + alive > self.max_iterations:
            return False
        return not self.clocked or self.clock() < deadline

    def _schedule(self, done: int, width: int, started: float, deadline: float) -> list[int]:
        """Successive halving: the rounds of each phase (the first has had one round), so that
        the play-outs still affordable are shared equally among the phases."""
        cap = PLAYOUT_CAP if self.max_iterations is None else self.max_iterations
        if not self.clocked:
            total = cap
        else:
            now = self.clock()
            total = done + int((deadline - now) / max(1e-6, (now - started) / done))
            total = min(total, cap)
        sizes = [width]
        while sizes[-1] > 3:
            sizes.append(sizes[-1] // 2)
        share = total // len(sizes)
        rounds = [max(1, share // alive) for alive in sizes]
        rounds[0] = max(0, rounds[0] - 1)
        return rounds

    def playout(self, full: KapState, plan: Plan, me: int) -> float:
        """Play ``plan`` on the deal ``full``, the rivals' turns greedily, and score for ``me``."""
        s = self.turn_of(full, plan, me)
        if isinstance(s, float):
            return s
        for round_ in range(self.rounds):
            while s.phase != turn.OVER and s.seat != me:
                s = self.finish(greedy(s, bridges=False), s.seat)
            if s.phase == turn.OVER:
                if s.winner >= 0:
                    return WIN_VALUE if s.winner == me else -WIN_VALUE
                return margin(s, me)
            if round_ + 1 < self.rounds:
                s = self.finish(greedy(s, bridges=False), me)
                if s.winner == me:
                    return WIN_VALUE
        rivals = max(Course(p)(s) for p in range(s.players) if p != me)
        mine = greedy(s, bridges=False)
        if mine.winner == me:
            return WIN_VALUE
        return Course(me)(mine) - rivals

    def turn_of(self, full: KapState, plan: Plan, me: int) -> KapState | float:
        """The deal ``full`` after ``plan`` and the rest of the turn, or the score of ``me``
        if the plan ends the game."""
        s = full
        for action in plan:
            s = turn.apply(s, action)
            if s.winner >= 0:
                return WIN_VALUE if s.winner == me else -WIN_VALUE
        return self.finish(s, me)
