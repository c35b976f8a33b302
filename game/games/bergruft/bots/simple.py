"""Bots for Der Berg ruft.

- Easy is a beginner, not a search: ``bots/beginner.py``.
- ``NormalBot``: the guesser guesses uniformly in the range the hints leave; the caller looks
  ahead over the rest of the turn (expectimax against a model of the guesser) to value each
  number, each "allow another guess" / "lift the screen" and each "punish" / "waive", and picks
  its number from a softmax over those values (a mixed strategy, so it is not predictable).

It sees only ``state.view(seat)``: the caller knows his own number, the guesser never does.
It reads no clock and counts no work: made with a work budget (``game.protocol.bots``) it plays
as without one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache

from game.games.bergruft.rules import BergAction, BergState, Phase, SetFlags
from game.games.bergruft.rules.actions import MAX_FLAGS, AllowGuess, LiftScreen, Punish, Waive
from game.games.bergruft.rules.mountain import SUMMIT
from game.games.bergruft.rules.turn import (
    MAX_GUESSES,
    may_lift,
    must_choose_punishment,
    rank_key,
    resolve,
)
from game.protocol.base import Seat
from game.protocol.bots import Effort

PROGRESS = 4.0  # value of one step up for a pair (per figure, averaged)
WIN = 1000.0  # value of winning a game that ends now
TEMPERATURE = 12.0  # softmax temperature for the caller's number
UNIFORM_SHARE = 0.5  # the guesser model: this share guesses at random, the rest bisects


class NormalBot:
    """Sensible play: unreadable guesses, a looked-ahead caller with a mixed choice of numbers."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        self.effort = Effort(iterations, timed)  # nothing to count, no clock to read

    def choose(self, view: BergState, rng: random.Random, budget_s: float) -> BergAction:
        actions = view.legal_actions()
        if view.phase is Phase.GUESS:
            # Any number the hints leave, uniformly: self-play showed a bisecting guesser is read
            # and beaten by callers who avoid the middle, while a uniform one cannot be.
            return rng.choice(actions)
        if view.phase is Phase.SET:
            number = _softmax_pick(number_values(view), rng)
            return next(a for a in actions if isinstance(a, SetFlags) and a.flags == number)
        return _caller_decision(view, actions)


def _caller_decision(view: BergState, actions: tuple[BergAction, ...]) -> BergAction:
    """After a wrong guess: allow / lift, or punish / waive, whichever the look-ahead prefers."""
    caller = CallerPlanner(view)
    if view.phase is Phase.DECIDE:
        return caller.decide(actions)
    return caller.punish_or_waive(actions)


# -- the guesser ---------------------------------------------------------------------------


def bisect_window(low: int, high: int) -> tuple[int, int]:
    """The middle of the allowed range, a quarter of its width either side."""
    mid = (low + high) / 2
    spread = (high - low) // 4
    return max(low, math.floor(mid) - spread), min(high, math.ceil(mid) + spread)


@cache
def guess_model(low: int, high: int) -> tuple[tuple[int, float], ...]:
    """How the caller expects the guesser to guess in ``low..high``: part random, part bisecting."""
    size = high - low + 1
    lo, hi = bisect_window(low, high)
    window = hi - lo + 1
    probs = []
    for x in range(low, high + 1):
        p = UNIFORM_SHARE / size + ((1 - UNIFORM_SHARE) / window if lo <= x <= hi else 0.0)
        probs.append((x, p))
    return tuple(probs)


# -- the caller ----------------------------------------------------------------------------


class CallerPlanner:
    """Values the rest of a turn for the caller, who knows (or is choosing) the number.

    Outcomes depend only on how many guesses were made and how far off the last one was, so they
    are computed once (a few dozen resolutions) and the look-ahead is plain arithmetic.
    """

    def __init__(self, view: BergState) -> None:
        self.view = view
        self.me: Seat = view.caller
        self.them: Seat = view.guesser
        self.heidi = view.heidi[self.me]
        self.peter = view.peter[self.me]
        others = view.players - 1
        self.their_weight = 1.0 if others == 1 else 0.6
        self.urgency = 0.3 + 0.7 * (max(view.peter) / SUMMIT) ** 2
        self._cache: dict[tuple[int, int, int, int], float] = {}
        # outcomes: guessed after k; not guessed after k guesses off by d (capped or not)
        self.guessed = {k: self._outcome(k, 0) for k in range(1, MAX_GUESSES + 1)}
        self.missed = {
            (k, d): self._outcome(k, d) for k in range(1, MAX_GUESSES + 1) for d in range(1, 16)
        }
        self.capped = self._outcome(MAX_GUESSES, 4, punish=True)
        self.third_miss = {  # after a wrong third guess: the better of punishing and waiving
            d: max(self.capped, self.missed[MAX_GUESSES, d])
            if must_choose_punishment(MAX_GUESSES, d)
            else self.missed[MAX_GUESSES, d]
            for d in range(1, 16)
        }
        self.may_lift = {
            (k, d): may_lift(self.heidi, self.peter, k, d)
            for k in range(1, MAX_GUESSES)
            for d in range(1, 16)
        }

    def _outcome(self, count: int, difference: int, *, punish: bool = False) -> float:
        number = difference  # any number/guess pair at this distance gives the same outcome
        guesses = (*([0] * (count - 1)), 0)
        v = self.view
        heidi, peter, _ = resolve(
            v.heidi, v.peter, self.me, self.them, number, guesses, punish=punish
        )
        return self.value(heidi, peter)

    # values of positions ----------------------------------------------------------------

    def value(self, heidi: tuple[int, ...], peter: tuple[int, ...]) -> float:
        over = SUMMIT in peter or (
            self.view.turn_limit > 0 and self.view.turn + 1 >= self.view.turn_limit
        )
        if over:
            return self._final(heidi, peter)
        mine = self._pair(heidi[self.me], peter[self.me])
        theirs = self._pair(heidi[self.them], peter[self.them])
        return mine - self.their_weight * theirs

    def _pair(self, heidi: int, peter: int) -> float:
        avalanche = self.view.mountain[peter] * max(0, peter - heidi - 1)
        return -self.urgency * avalanche + PROGRESS * (heidi + peter) / 2

    def _final(self, heidi: tuple[int, ...], peter: tuple[int, ...]) -> float:
        stones = self.view.mountain
        keys = [rank_key(stones, h, p) for h, p in zip(heidi, peter, strict=True)]
        best = min(keys)
        if keys[self.me] != best:
            return -WIN
        return WIN / keys.count(best)

    # the look-ahead -----------------------------------------------------------------------

    def number_value(self, number: int) -> float:
        return self.guess_node(number, 0, MAX_FLAGS, 1)

    def guess_node(self, number: int, low: int, high: int, count: int) -> float:
        """Expected value when the guesser makes guess ``count`` in ``low..high``."""
        key = (number, low, high, count)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        total = 0.0
        if count == MAX_GUESSES:
            hit, miss = self.guessed[count], self.third_miss
            for x, p in guess_model(low, high):
                total += p * (hit if x == number else miss[abs(x - number)])
        else:
            for x, p in guess_model(low, high):
                total += p * self.after_guess(number, x, low, high, count)
        self._cache[key] = total
        return total

    def after_guess(self, number: int, guess: int, low: int, high: int, count: int) -> float:
        if guess == number:
            return self.guessed[count]
        if count == MAX_GUESSES:
            return self.third_miss[abs(guess - number)]
        return max(self._choices(number, guess, low, high, count).values())

    def _choices(
        self, number: int, guess: int, low: int, high: int, count: int
    ) -> dict[str, float]:
        difference = abs(guess - number)
        new_low, new_high = (guess + 1, high) if number > guess else (low, guess - 1)
        choices = {"allow": self.guess_node(number, new_low, new_high, count + 1)}
        if self.may_lift[count, difference]:
            choices["lift"] = self.missed[count, difference]
        return choices

    def decide(self, actions: tuple[BergAction, ...]) -> BergAction:
        v = self.view
        assert v.number is not None
        values = self._choices(v.number, v.guesses[-1], v.low, v.high, len(v.guesses))
        wanted: Callable[[BergAction], bool] = (
            (lambda a: isinstance(a, LiftScreen))
            if values.get("lift", -math.inf) > values["allow"]
            else (lambda a: isinstance(a, AllowGuess))
        )
        return next(a for a in actions if wanted(a))

    def punish_or_waive(self, actions: tuple[BergAction, ...]) -> BergAction:
        v = self.view
        assert v.number is not None
        waive = self.missed[len(v.guesses), abs(v.guesses[-1] - v.number)]
        kind = Punish if self.capped >= waive else Waive
        return next(a for a in actions if isinstance(a, kind))


_NUMBER_VALUES: dict[tuple[object, ...], tuple[float, ...]] = {}


def number_values(view: BergState) -> tuple[float, ...]:
    """The caller's value of each number 0..15, cached by everything the values depend on
    (the same positions recur often, above all at the start of games)."""
    last_turn = view.turn_limit > 0 and view.turn + 1 >= view.turn_limit
    key = (view.mountain, view.heidi, view.peter, view.caller, last_turn)
    values = _NUMBER_VALUES.get(key)
    if values is None:
        planner = CallerPlanner(view)
        values = tuple(planner.number_value(n) for n in range(MAX_FLAGS + 1))
        if len(_NUMBER_VALUES) > 50_000:
            _NUMBER_VALUES.clear()
        _NUMBER_VALUES[key] = values
    return values


def _softmax_pick(values: tuple[float, ...], rng: random.Random) -> int:
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    return rng.choices(range(len(values)), weights=weights)[0]
