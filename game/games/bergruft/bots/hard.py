"""The hard bot for Der Berg ruft: equilibrium play in each guessing round.

One turn is modelled as a two-player zero-sum game between the Caller and the Guesser. Its
payoff (to the Caller) is the evaluation of the position after the turn resolves: the Caller's
pair minus the Guesser's pair, or the exact result when the turn ends the game. The Caller
chooses the number (16 options) and, after each wrong guess, "allow another guess" or "lift the
screen" (B6: never lift where the summit rule forbids it); "punish" or "waive" is a plain
maximum, as nothing is hidden by then. The Guesser chooses guesses inside the range the hints
leave (B3), knowing every earlier guess and hint, never the number.

The game is solved from the current position with predictive CFR+ (regret matching on floored
regrets plus the last iteration's regrets, alternating updates, averages weighted by t squared) on
dense numpy arrays indexed ``[number, g1, g2, g3]``. Each player learns against the opponent's
strategy with a tiny tremble, so every information set gets counterfactual weight: when an
opponent leaves the equilibrium path (a human allowing a guess where the solution lifts), the bot
still answers sensibly there. The iterations follow from the thinking budget (not the clock), so
seeded games replay exactly; 400 iterations take about 0.35 s and leave the solution a small
fraction of a stone from an equilibrium (``TurnGame.exploitability``). Made with a work budget
(``iterations``, see ``game.protocol.bots``) it solves each turn with exactly that many; made
``timed`` as well, with the fewer of those and the ones its budget buys. It never reads a clock.

The solution for a turn is cached by position, so the Guesser's second and third guesses and the
Caller's decisions in the same turn reuse it. The bot samples its actions from the mixed
strategies with the seeded ``rng`` it is given; the Guesser acts on its view (number None).
"""

from __future__ import annotations

import dataclasses
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.games.bergruft.rules import BergAction, BergState, Guess, Phase, SetFlags
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

Array = NDArray[np.float64]
Mask = NDArray[np.bool_]

N = MAX_FLAGS + 1  # the numbers 0..15, which are also the possible guesses
ITERATIONS = 400  # CFR+ iterations per turn at most (about 0.35 s on a 2-core laptop)
MIN_ITERATIONS = 10  # even a tiny budget gets a usable solution (about 10 ms)
ITERATIONS_PER_SECOND = 1000  # how many iterations a budget of one second buys, conservatively
TREMBLE = 1e-3  # the opponent's assumed chance of an off-equilibrium move, while solving
CACHE_SIZE = 512  # solved turns kept

# The evaluation: a pair is worth minus its avalanche plus PROGRESS per step its figures climbed
# (on average); winning a game that ends this turn is worth WIN. Measured against the normal bot
# (200 two-player games): PROGRESS 4 (the normal bot's weight) wins ~60 %, 1-2 wins 85-92 %, 0
# wins ~87 %. Climbing is worth little: the avalanche decides, and a restarted pair has none.
PROGRESS = 2.0
WIN = 1000.0


# -- the shape of the guess tree: masks over [number n, g1, g2, g3] -----------------------------

_I = np.arange(N)
_N, _G1, _G2, _G3 = np.ix_(_I, _I, _I, _I)  # broadcastable index grids, one axis each

DIST = np.abs(_I[:, None] - _I[None, :])  # [n, g]: how far guess g is off number n
EQ: Mask = DIST == 0  # [n, g]: g guesses n
# [g1, g2]: second guesses below / above the first (the two hints: two information sets)
LOW2: Mask = _I[None, :] < _I[:, None]
HIGH2: Mask = _I[None, :] > _I[:, None]
# [n, g1, g2]: n is not g1, and g2 lies on n's side of g1 (a second guess the hint allows)
S1: Mask = ((np.sign(_N - _G1) == np.sign(_G2 - _G1)) & (_N != _G1))[..., 0]
# [g1, g2, g3]: third guesses the hints can allow (g3 on g2's side of g1, g3 not g2), by hint
L3: Mask = ((np.sign(_G3 - _G1) == np.sign(_G2 - _G1)) & (_G1 != _G2) & (_G3 != _G2))[0]
LOW3: Mask = L3 & (_G3 < _G2)[0]
HIGH3: Mask = L3 & (_G3 > _G2)[0]
# [n, g1, g2, g3]: g3 is a third guess the hints allow when the number is n
S2: Mask = S1[..., None] & L3[None] & (np.sign(_N - _G2) == np.sign(_G3 - _G2)) & (_N != _G2)
EQ_G2: Mask = np.broadcast_to((_N == _G2)[..., 0], (N, N, N))  # [n, g1, g2]: g2 guesses n
D2: Mask = S1 & ~EQ_G2  # [n, g1, g2]: the Caller decides after a wrong second guess


# -- the payoffs of one turn -------------------------------------------------------------------


@dataclass(frozen=True)
class TurnPayoffs:
    """The Caller's payoff for every way the turn can end.

    Outcomes depend only on how many guesses were made and how far off the last one was.
    ``guessed[k]``: guessed with guess k (1..3). ``lifted[k, d]``: the screen lifted after a wrong
    guess k (1, 2) off by d. ``third[d]``: a wrong third guess off by d, the better of "punish"
    and "waive" where the Caller may choose. ``punish_better[d]``: punishing is that better
    choice. ``may_lift_first[d]``: B6 lets the Caller lift after a first guess off by d.
    """

    guessed: Array  # (4,)
    lifted: Array  # (3, N)
    third: Array  # (N,)
    punish_better: Mask  # (N,)
    may_lift_first: Mask  # (N,)


class Evaluator:
    """Values positions after a turn, for the Caller: his pair minus the Guesser's pair, or the
    exact result (a win, a loss, a shared first place) when the turn ends the game."""

    def __init__(self, view: BergState) -> None:
        self.view = view
        self.me: Seat = view.caller
        self.them: Seat = view.guesser
        self.last_turn = view.turn_limit > 0 and view.turn + 1 >= view.turn_limit

    def value(self, heidi: tuple[int, ...], peter: tuple[int, ...]) -> float:
        if SUMMIT in peter or self.last_turn:
            return self._final(heidi, peter)
        mine = self.pair(heidi[self.me], peter[self.me])
        theirs = self.pair(heidi[self.them], peter[self.them])
        return mine - theirs

    def pair(self, heidi: int, peter: int) -> float:
        avalanche = self.view.mountain[peter] * max(0, peter - heidi - 1)
        return -avalanche + PROGRESS * (heidi + peter) / 2

    def _final(self, heidi: tuple[int, ...], peter: tuple[int, ...]) -> float:
        stones = self.view.mountain
        keys = [rank_key(stones, h, p) for h, p in zip(heidi, peter, strict=True)]
        best = min(keys)
        winners = keys.count(best)
        share = [WIN / winners if k == best else 0.0 for k in keys]
        return share[self.me] - share[self.them]


def turn_payoffs(view: BergState) -> TurnPayoffs:
    """The payoff table of the turn about to be (or being) played in ``view``."""
    ev = Evaluator(view)
    me, them = view.caller, view.guesser

    def outcome(count: int, difference: int, *, punish: bool = False) -> float:
        guesses = (0,) * count  # any number/guess pair this far apart gives the same outcome
        heidi, peter, _ = resolve(
            view.heidi, view.peter, me, them, difference, guesses, punish=punish
        )
        return ev.value(heidi, peter)

    guessed = np.array([0.0, *(outcome(k, 0) for k in range(1, MAX_GUESSES + 1))])
    lifted = np.zeros((MAX_GUESSES, N))
    for k in (1, 2):
        lifted[k, 1:] = [outcome(k, d) for d in range(1, N)]
    third = np.zeros(N)
    punish_better = np.zeros(N, dtype=bool)
    capped = outcome(MAX_GUESSES, N - 1, punish=True)  # a capped climb: the same for every d > 3
    for d in range(1, N):
        waived = outcome(MAX_GUESSES, d)
        punish_better[d] = must_choose_punishment(MAX_GUESSES, d) and capped >= waived
        third[d] = capped if punish_better[d] else waived
    h, p = view.heidi[me], view.peter[me]
    may_lift_first = np.array([d > 0 and may_lift(h, p, 1, d) for d in range(N)])
    return TurnPayoffs(guessed, lifted, third, punish_better, may_lift_first)


# -- the solution ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStrategy:
    """Both players' mixed strategies for one turn (averages of CFR+), and the turn's value.

    ``numbers[n]``: the Caller stands n flags. ``allow1[n, g1]`` / ``allow2[n, g1, g2]``: the
    Caller allows another guess (else lifts the screen). ``first[g1]``, ``second[g1, g2]``,
    ``third[g1, g2, g3]``: the Guesser's guesses; ``second`` holds two distributions per g1 (below
    and above it, one per hint) and ``third`` two per (g1, g2).
    """

    numbers: Array
    allow1: Array
    allow2: Array
    first: Array
    second: Array
    third: Array
    value: float


class InfosetGroups:
    """A player's information sets along the last axis of an array: each mask of ``groups``
    marks the legal actions of one set (the hints split the guesses below and above)."""

    def __init__(self, groups: tuple[Mask, ...]) -> None:
        masks = np.stack([g.astype(np.float64) for g in groups])
        sizes = np.maximum(masks.sum(axis=-1, keepdims=True), 1.0)
        self.legal: Array = masks.sum(axis=0)
        self.uniform: Array = (masks / sizes).sum(axis=0)
        # together[..., i, j] = 1 where actions i and j belong to the same information set
        self.together: Array = (masks[..., :, None] * masks[..., None, :]).sum(axis=0)

    def group_sum(self, x: Array) -> Array:
        """Each entry replaced by the sum of ``x`` over its information set."""
        return (self.together @ x[..., None])[..., 0]

    def normalise(self, weights: Array) -> Array:
        """Weights divided by their sum per information set; uniform where they sum to 0."""
        total = self.group_sum(weights)
        return np.where(total > 0, weights / np.where(total > 0, total, 1.0), self.uniform)

    def regret(self, q: Array, strategy: Array) -> Array:
        """The minimising player's regrets: the information set's value minus each action's."""
        return (self.group_sum(strategy * q) - q) * self.legal


ALL1 = InfosetGroups((np.ones(N, dtype=bool),))
SECOND = InfosetGroups((LOW2, HIGH2))
THIRD = InfosetGroups((LOW3, HIGH3))
F_NE1 = (~EQ).astype(np.float64)  # [n, g1]
F_S1 = S1.astype(np.float64)  # [n, g1, g2]
F_D2 = D2.astype(np.float64)  # [n, g1, g2]


def _share(allow: Array, lift: Array, forced: Mask) -> Array:
    """Regret matching for a two-way choice: the share of "allow" (1 where lifting is barred)."""
    a, b = np.maximum(allow, 0.0), np.maximum(lift, 0.0)
    total = a + b
    share = np.where(total > 0, a / np.where(total > 0, total, 1.0), 0.5)
    return np.where(forced, 1.0, share)


class TurnGame:
    """The guess tree of one turn as arrays, with values, best responses and CFR+."""

    def __init__(self, payoffs: TurnPayoffs) -> None:
        p = payoffs
        self.payoffs = p
        self.u1 = np.where(EQ, p.guessed[1], p.lifted[1][DIST])  # [n, g1]: lift or guessed
        self.u2 = np.where(EQ, p.guessed[2], p.lifted[2][DIST])[:, None, :]  # [n, 1, g2]
        u3 = np.where(EQ, p.guessed[3], p.third[DIST])  # [n, g3]
        s2u3 = np.where(S2, u3[:, None, None, :], 0.0)  # [n, g1, g2, g3]
        self.m3 = np.ascontiguousarray(s2u3.transpose(1, 2, 0, 3).reshape(N * N, N, N))
        self.forced1: Mask = ~p.may_lift_first[DIST] | EQ  # [n, g1]: the Caller must allow
        self.forced2: Mask = ~D2

    # values for given strategies --------------------------------------------------------------

    def v3(self, third: Array) -> Array:
        """[n, g1, g2]: the Caller's value before the third guess (matrix products per g1, g2)."""
        v = self.m3 @ third.reshape(N * N, N, 1)
        return v.reshape(N, N, N).transpose(2, 0, 1)

    def q3(self, reach: Array) -> Array:
        """[g1, g2, g3]: the Caller's payoff of each third guess, weighted by his reach."""
        r = reach.transpose(1, 2, 0).reshape(N * N, 1, N)
        q: Array = r @ self.m3
        return q.reshape(N, N, N)

    def values(
        self, numbers: Array, allow1: Array, allow2: Array, first: Array, second: Array,
        third: Array,
    ) -> tuple[Array, Array, Array, Array, Array]:  # fmt: skip
        """Values to the Caller: V3, W2, V2, W1 by history, V1 by number."""
        v3 = self.v3(third)
        w2 = self.u2 + F_D2 * allow2 * (v3 - self.u2)  # after the second guess
        v2 = (F_S1 * second[None] * w2).sum(axis=-1)  # [n, g1]: before the second guess
        w1 = self.u1 + F_NE1 * allow1 * (v2 - self.u1)  # after the first guess
        v1 = w1 @ first
        return v3, w2, v2, w1, v1

    def value(self, s: TurnStrategy) -> float:
        *_, v1 = self.values(s.numbers, s.allow1, s.allow2, s.first, s.second, s.third)
        return float(s.numbers @ v1)

    # best responses (exact, by backward induction over the tree) ------------------------------

    def guesser_best_response(self, s: TurnStrategy) -> float:
        """The Caller's value when the Guesser best-responds to the Caller's strategy ``s``."""
        reach1 = s.numbers[:, None] * F_NE1 * s.allow1  # [n, g1]: reach the second guess
        reach2 = reach1[..., None] * F_D2 * s.allow2  # [n, g1, g2]: reach the third guess
        best3 = _best_per_infoset(self.q3(reach2), (LOW3, HIGH3))
        stop2 = self.u2 * (1 - F_D2 * s.allow2)  # guessed, or lifted after the second guess
        q2 = (reach1[..., None] * F_S1 * stop2).sum(axis=0) + best3  # [g1, g2]
        best2 = _best_per_infoset(q2, (LOW2, HIGH2))
        stop1 = self.u1 * (1 - F_NE1 * s.allow1)
        q1 = s.numbers @ stop1 + best2  # [g1]
        return float(q1.min())

    def caller_best_response(self, s: TurnStrategy) -> float:
        """The Caller's value when he best-responds to the Guesser's strategy in ``s``."""
        v3 = self.v3(s.third)
        w2 = np.where(D2, np.maximum(v3, self.u2), self.u2)
        v2 = (F_S1 * s.second[None] * w2).sum(axis=-1)
        w1 = np.where(EQ, self.u1, np.where(self.forced1, v2, np.maximum(v2, self.u1)))
        return float((w1 @ s.first).max())

    def exploitability(self, s: TurnStrategy) -> float:
        """How far ``s`` is from an equilibrium: the sum of both players' best-response gains."""
        return self.caller_best_response(s) - self.guesser_best_response(s)

    # CFR+ -------------------------------------------------------------------------------------

    def solve(
        self, iterations: int = ITERATIONS, *, predictive: bool = True, power: float = 2.0
    ) -> TurnStrategy:
        """Predictive CFR+ with alternating updates; averages weighted by ``t ** power``."""
        eps = TREMBLE
        r0, r_first = np.zeros(N), np.zeros(N)
        ra1, rl1 = np.zeros((N, N)), np.zeros((N, N))
        ra2, rl2 = np.zeros((N, N, N)), np.zeros((N, N, N))
        r_second, r_third = np.zeros((N, N)), np.zeros((N, N, N))
        sum0, sum_first = np.zeros(N), np.zeros(N)
        sum_a1, den_a1 = np.zeros((N, N)), np.zeros((N, N))
        sum_a2, den_a2 = np.zeros((N, N, N)), np.zeros((N, N, N))
        sum_second, sum_third = np.zeros((N, N)), np.zeros((N, N, N))
        numbers, first = ALL1.uniform.copy(), ALL1.uniform.copy()
        allow1 = np.where(self.forced1, 1.0, 0.5)
        allow2 = np.where(self.forced2, 1.0, 0.5)
        second, third = SECOND.uniform.copy(), THIRD.uniform.copy()
        k = 1.0 if predictive else 0.0
        for t in range(1, iterations + 1):
            w = float(t) ** power
            # The Caller learns, against a slightly trembling Guesser.
            f_t = (1 - eps) * first + eps * ALL1.uniform
            s_t = (1 - eps) * second + eps * SECOND.uniform
            t_t = (1 - eps) * third + eps * THIRD.uniform
            v3, w2, v2, w1, v1 = self.values(numbers, allow1, allow2, f_t, s_t, t_t)
            i0 = v1 - numbers @ v1
            d1 = F_NE1 * f_t[None, :] * (v2 - self.u1)  # allow minus lift, weighted by reach
            ia1, il1 = (1 - allow1) * d1, -allow1 * d1
            d2 = F_D2 * (f_t[:, None] * s_t)[None] * (v3 - self.u2)
            ia2, il2 = (1 - allow2) * d2, -allow2 * d2
            r0 = np.maximum(r0 + i0, 0.0)
            ra1, rl1 = np.maximum(ra1 + ia1, 0.0), np.maximum(rl1 + il1, 0.0)
            ra2, rl2 = np.maximum(ra2 + ia2, 0.0), np.maximum(rl2 + il2, 0.0)
            numbers = ALL1.normalise(np.maximum(r0 + k * i0, 0.0))
            allow1 = _share(ra1 + k * ia1, rl1 + k * il1, self.forced1)
            allow2 = _share(ra2 + k * ia2, rl2 + k * il2, self.forced2)
            sum0 += w * numbers
            own1 = w * numbers[:, None]
            sum_a1 += own1 * allow1
            den_a1 += own1
            own2 = own1[..., None] * allow1[..., None]
            sum_a2 += own2 * allow2
            den_a2 += own2
            # The Guesser learns (he minimises), against a slightly trembling Caller.
            n_t = (1 - eps) * numbers + eps * ALL1.uniform
            a1_t = np.where(self.forced1, 1.0, (1 - eps) * allow1 + eps / 2)
            a2_t = np.where(self.forced2, 1.0, (1 - eps) * allow2 + eps / 2)
            v3, w2, v2, w1, v1 = self.values(n_t, a1_t, a2_t, first, second, third)
            reach1 = n_t[:, None] * F_NE1 * a1_t
            i_first = ALL1.regret(n_t @ w1, first)
            i_second = SECOND.regret((reach1[..., None] * F_S1 * w2).sum(axis=0), second)
            i_third = THIRD.regret(self.q3(reach1[..., None] * F_D2 * a2_t), third)
            r_first = np.maximum(r_first + i_first, 0.0)
            r_second = np.maximum(r_second + i_second, 0.0)
            r_third = np.maximum(r_third + i_third, 0.0)
            first = ALL1.normalise(np.maximum(r_first + k * i_first, 0.0))
            second = SECOND.normalise(np.maximum(r_second + k * i_second, 0.0))
            third = THIRD.normalise(np.maximum(r_third + k * i_third, 0.0))
            sum_first += w * first
            sum_second += w * first[:, None] * second
            sum_third += w * (first[:, None] * second)[..., None] * third
        avg_a1 = np.where(den_a1 > 0, sum_a1 / np.where(den_a1 > 0, den_a1, 1.0), allow1)
        avg_a2 = np.where(den_a2 > 0, sum_a2 / np.where(den_a2 > 0, den_a2, 1.0), allow2)
        strategy = TurnStrategy(
            numbers=sum0 / sum0.sum(),
            allow1=np.where(self.forced1, 1.0, avg_a1),
            allow2=np.where(self.forced2, 1.0, avg_a2),
            first=sum_first / sum_first.sum(),
            second=SECOND.normalise(sum_second),
            third=THIRD.normalise(sum_third),
            value=0.0,
        )
        return dataclasses.replace(strategy, value=self.value(strategy))


def _best_per_infoset(q: Array, groups: tuple[Mask, ...]) -> Array:
    """The minimising player's best value in each information set, summed over the sets that
    share the leading axes (an empty set, which no number reaches, adds nothing)."""
    total = np.zeros(q.shape[:-1])
    for group in groups:
        best = np.where(group, q, np.inf).min(axis=-1)
        total += np.where(np.isfinite(best), best, 0.0)
    return total


# -- solving per position, with a cache ----------------------------------------------------------

_SOLVED: OrderedDict[tuple[object, ...], tuple[TurnPayoffs, TurnStrategy]] = OrderedDict()
_SOLVED_LOCK = threading.Lock()  # bots of several seats may think in several BotRunner threads


def iterations_for(budget_s: float) -> int:
    """CFR+ iterations for a thinking budget: fixed by the budget, not measured on the clock,
    so a seeded game plays the same on every machine."""
    return max(MIN_ITERATIONS, min(ITERATIONS, int(budget_s * ITERATIONS_PER_SECOND)))


def position_key(view: BergState) -> tuple[object, ...]:
    """Everything a turn's solution depends on (the same for the Caller's and Guesser's views)."""
    last_turn = view.turn_limit > 0 and view.turn + 1 >= view.turn_limit
    return (view.mountain, view.heidi, view.peter, view.caller, view.players, last_turn)


def solve_turn(view: BergState, iterations: int = ITERATIONS) -> tuple[TurnPayoffs, TurnStrategy]:
    """The payoffs and mixed strategies of the turn in ``view``, solved once per position (the
    Guesser's later guesses and the Caller's decisions in the same turn reuse the solution)."""
    key = (*position_key(view), iterations)
    with _SOLVED_LOCK:
        hit = _SOLVED.get(key)
        if hit is not None:
            _SOLVED.move_to_end(key)
            return hit
    payoffs = turn_payoffs(view)
    solved = (payoffs, TurnGame(payoffs).solve(iterations))  # deterministic: a race is harmless
    with _SOLVED_LOCK:
        _SOLVED[key] = solved
        if len(_SOLVED) > CACHE_SIZE:
            _SOLVED.popitem(last=False)
    return solved


# -- the bot -------------------------------------------------------------------------------------


class HardBot:
    """Plays each turn's equilibrium: bluffs with mixed numbers and guesses, unexploitably."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        self.effort = Effort(iterations, timed)
        self.last_iterations = 0  # CFR+ iterations of the last turn solved (the bench)
        self.last_limited = True  # always: the budget, not the clock, sets them

    def iterations(self, budget_s: float) -> int:
        """The CFR+ iterations of a turn: the work budget, else (or, when timed, at most) the
        ones the thinking budget buys."""
        work = self.effort.iterations
        if work is None:
            return iterations_for(budget_s)
        return min(work, iterations_for(budget_s)) if self.effort.timed else work

    def choose(self, view: BergState, rng: random.Random, budget_s: float) -> BergAction:
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        self.last_iterations = self.iterations(budget_s)
        payoffs, s = solve_turn(view, self.last_iterations)
        if view.phase is Phase.SET:
            number = _sample(s.numbers, rng)
            return _find(actions, lambda a: isinstance(a, SetFlags) and a.flags == number)
        if view.phase is Phase.GUESS:
            return self._guess(view, actions, s, rng)
        assert view.number is not None  # the Caller knows his number
        difference = abs(view.guesses[-1] - view.number)
        if view.phase is Phase.PUNISH:
            kind = Punish if payoffs.punish_better[difference] else Waive
            return _find(actions, lambda a: isinstance(a, kind))
        if len(view.guesses) == 1:
            allow = float(s.allow1[view.number, view.guesses[0]])
        else:
            allow = float(s.allow2[view.number, view.guesses[0], view.guesses[1]])
        lift = rng.random() >= allow
        kind2 = LiftScreen if lift and view.may_lift_screen() else AllowGuess
        return _find(actions, lambda a: isinstance(a, kind2))

    def _guess(
        self, view: BergState, actions: tuple[BergAction, ...], s: TurnStrategy, rng: random.Random
    ) -> BergAction:
        g = view.guesses
        if not g:
            probs = s.first
        elif len(g) == 1:
            probs = s.second[g[0]]
        else:
            probs = s.third[g[0], g[1]]
        legal = np.zeros(N)
        legal[view.low : view.high + 1] = 1.0
        weights = probs * legal
        if weights.sum() <= 0:
            weights = legal
        value = _sample(weights / weights.sum(), rng)
        return _find(actions, lambda a: isinstance(a, Guess) and a.value == value)


def _sample(probs: Array, rng: random.Random) -> int:
    """Draw an index from ``probs`` with the seeded ``rng`` (never numpy's global state)."""
    cumulative = np.cumsum(probs)
    index = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
    if index >= len(probs) or probs[index] <= 0:  # rounding at the top end
        index = int(np.flatnonzero(probs > 0)[-1])
    return index


def _find(actions: tuple[BergAction, ...], wanted: Callable[[BergAction], bool]) -> BergAction:
    return next(a for a in actions if wanted(a))
