"""The hard bot for Kap Hoorn: information-set Monte Carlo search over whole-turn plans.

The bot sees only its own view (K10). At the first small action of a turn it lists candidate
plans for the whole turn (cards laid, then the move, then perhaps "move again"): the normal
bot's plans, widened by cards laid for the second sail of "move again" and by replacements that
spoil a rival's best next sail. The best ``WIDTH`` by the heuristic :class:`Course` (at most
``PER_FIELD`` ending on the same field, and the best spoiler always) go to the search.

Each round of the search deals the unseen cards at random (``view.determinized`` with the bot's
own ``rng``: the hidden hands and the pile come from that deal, never from the real game) and
plays every candidate still in the race on that same deal (common random numbers: the plans are
compared on equal luck). A play-out finishes the bot's turn (buying by the normal rule), then
plays ``ROUNDS`` rounds with a fast greedy policy for everybody (the normal bot's kind of plan:
one card on an end field of the wind or a neighbour, then the best sail, "ignore", stay or
"move again" by ``Course``, judged without building the states), the bot's own turns included,
and scores the bot's best greedy plan at its turn after that: its ``Course`` value less the best
rival's ``Course`` value (a win or loss in the play-out counts ``WIN_VALUE``). Draws in a
play-out come from the deal's pile.

The rounds are shared out by successive halving: after one round the bot estimates how many
play-outs its budget (``TIME_SHARE`` of ``min(budget_s, TIME_CAP)``) still buys, splits them
equally among the phases, and after each phase keeps the better half of the candidates (by
their summed scores on the common deals) until two or three are left for the last phase. Made
with a work budget (``iterations``, see ``game.protocol.bots``), that count of play-outs
replaces the clock, which the bot then never reads, so a seeded search is the same on every
machine; made ``timed`` as well, it stops at whichever comes first. Without one the clock never
buys more than ``PLAYOUT_CAP`` play-outs (well under a second), so a long budget does not make
every turn slow. A win in one ends the search at once.

The plan is stored under the view it expects at each later small action of the turn; those
actions replay it without a search (a different view, e.g. after an undo, plans afresh). Buying
follows the normal bot's rule.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from typing import cast

from game.games.kaphoorn.bots.simple import (
    CARD_VALUE,
    CARDS_WORTH,
    LAY_COST,
    SAIL_VALUE,
    SAIL_WORTH,
    WIN,
    WIND_BONUS,
    Course,
    NormalBot,
    course,
    spoiler_target,
)
from game.games.kaphoorn.rules import KapState, turn
from game.games.kaphoorn.rules.actions import (
    AGAIN,
    BUY,
    END,
    STAY,
    KapAction,
    ignore,
    play,
    replace,
    sail,
)
from game.games.kaphoorn.rules.chart import bits, default_chart
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, DRAW, EMPTY, LAY, MOVED, all_winds
from game.games.kaphoorn.rules.winds import Wind
from game.protocol.bots import Effort

Plan = tuple[KapAction, ...]

TIME_CAP = 2.0  # seconds: never think longer, whatever the caller allows
TIME_SHARE = 0.75  # of the budget for the play-outs (the rest: plans, overhead)
WIDTH = 10  # candidate plans searched
PLAYOUT_CAP = 400  # play-outs per decision at most, so a 2 s budget costs well under a second
ROUNDS = 2  # rounds of rivals' turns played out (the bot's own greedy turns between them)
PER_FIELD = 3  # at most this many candidates ending on the same field
WIN_VALUE = 30.0  # a play-out won or lost, in king steps
SPOIL_WEIGHT = 0.5  # heuristic worth of a king step taken from a rival (for the shortlist only)


class HardBot:
    """Determinized Monte Carlo search over the plans of a turn (see the module text)."""

    def __init__(
        self,
        iterations: int | None = None,
        timed: bool = False,
        width: int = WIDTH,
        rounds: int = ROUNDS,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.effort = Effort(iterations, timed)
        # play-outs per decision; None: the clock decides (with ``timed``: whichever first)
        self.max_iterations = iterations
        self.clocked = self.effort.clocked  # whether the clock limits the search at all
        # seconds; tests give a clock of their own to check the budget
        self.clock = clock if clock is not None else time.perf_counter
        self.width = width
        self.rounds = rounds
        self._normal = NormalBot()  # its lays (bridges of cards) and its buying rule
        self._expect: dict[tuple[object, ...], KapAction | None] = {}
        self.last_iterations = 0  # play-outs of the last search (for tests and tuning)
        self.last_limited = False  # the last search's budget (not a win or one plan) ended it
        self.last_plan: Plan = ()  # the plan of the last search

    # --- the bot protocol ---------------------------------------------------------------------

    def choose(self, view: KapState, rng: random.Random, budget_s: float) -> KapAction:
        started = self.clock() if self.clocked else 0.0
        self.last_iterations, self.last_limited = 0, False
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        seat = view.current_player
        assert seat is not None
        signature = _signature(view)
        if signature in self._expect:  # a later action of the plan chosen this turn
            stored = self._expect[signature]
            if stored is None:  # the plan has sailed its last: buy or end
                return self._draw_action(view, actions)
            if view.is_legal(stored):
                return stored
        self._expect.clear()
        if view.phase == DRAW or (view.phase == MOVED and AGAIN not in actions):
            return self._draw_action(view, actions)
        deadline = started + TIME_SHARE * min(max(budget_s, 0.0), TIME_CAP)
        if not self.clocked:
            deadline = math.inf
        plan = self.last_plan = self.search(view, rng, deadline)
        if not plan:  # in MOVED: not sailing again is the plan
            return self._draw_action(view, actions)
        self._remember(view, rng, plan)
        return plan[0] if view.is_legal(plan[0]) else rng.choice(actions)

    def _draw_action(self, view: KapState, actions: tuple[KapAction, ...]) -> KapAction:
        return BUY if BUY in actions and self._normal._buys(view, view.seat) else END

    def _remember(self, view: KapState, rng: random.Random, plan: Plan) -> None:
        """Store each later action of ``plan`` under the view that should ask for it."""
        s = view.determinized(random.Random(rng.random()))
        for action, following in zip(plan, (*plan[1:], None), strict=True):
            s = turn.apply(s, action)
            if s.phase not in (LAY, MOVED, AGAIN_PHASE) or s.seat != view.seat:
                break
            self._expect[_signature(s)] = following

    # --- the search ---------------------------------------------------------------------------

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

    # --- candidate plans ----------------------------------------------------------------------

    def candidates(self, s: KapState) -> list[tuple[float, Plan]]:
        """The shortlist of plans (heuristic value, plan), best first; ``s`` is a full state."""
        me = s.seat
        judge = Course(me)
        found: dict[tuple[object, ...], tuple[float, Plan, int, bool]] = {}

        def add(lay: Plan, base: KapState, bonus: float, spoiler: bool) -> None:
            for moves, after in moves_of(base):
                done = self._finish(after, me)
                if done.winner == me:
                    value = 2 * WIN_VALUE
                else:
                    value = judge(done) - LAY_COST * len(lay) + bonus
                key = (after.ships[me], after.cards, after.sail[me], after.hands[me], after.roses)
                if key not in found or found[key][0] < value:
                    found[key] = (value, lay + moves, after.ships[me], spoiler)

        if s.phase == MOVED:
            found[("end",)] = (judge(self._finish(s, me)), (), s.ships[me], False)
            again = turn.apply(s, AGAIN)
            for moves, after in moves_of(again):
                value = judge(self._finish(after, me))
                found[("again", *moves)] = (value, (AGAIN, *moves), after.ships[me], False)
        elif s.phase == AGAIN_PHASE:
            add((), s, 0.0, False)
        else:
            add((), s, 0.0, False)
            if not s.replaced:
                for lay in self._lays(s):
                    after = s
                    for action in lay:
                        after = turn.apply(after, action)
                    add(lay, after, 0.0, False)
                if s.played == 0:
                    for lay, bonus in self._spoilers(s):
                        add(lay, turn.apply(s, lay[0]), bonus, True)
        ranked = sorted(found.values(), key=lambda c: -c[0])
        chosen: list[tuple[float, Plan]] = []
        per_field: dict[int, int] = {}
        spoiler_in = False
        for value, plan, field, spoiler in ranked:
            if len(chosen) >= self.width:
                break
            if per_field.get(field, 0) >= PER_FIELD:
                continue
            per_field[field] = per_field.get(field, 0) + 1
            chosen.append((value, plan))
            spoiler_in |= spoiler
        if not spoiler_in and len(chosen) >= self.width:
            extra = next(((v, p) for v, p, _, sp in ranked if sp), None)
            if extra is not None:
                chosen[-1] = extra
        return chosen

    def _lays(self, s: KapState) -> Iterator[Plan]:
        """The normal bot's lays, and a card at the end of the second sail of "move again"."""
        seen: set[Plan] = set()
        for cards in self._normal._lays(s):
            seen.add(tuple(cards))
            yield tuple(cards)
        if s.sail[s.seat] < turn.AGAIN_COST or not s.hands[s.seat]:
            return
        chart = default_chart()
        frontier = turn.frontier(s)
        hand = sorted(set(s.hands[s.seat]))
        for _, first in turn.sail_moves(s):
            wind = all_winds()[s.cards[first]]
            for direction in chart.arrows(wind, first):
                end = chart.end_of(first, direction, wind.distance)
                if end >= 0 and frontier >> end & 1:
                    for w in hand:
                        lay = (play(w, end),)
                        if lay not in seen:
                            seen.add(lay)
                            yield lay

    def _spoilers(self, s: KapState) -> Iterator[tuple[Plan, float]]:
        """Replacements of the card each rival's best next sail ends on."""
        me = s.seat
        replaceable = turn.replaceable(s)
        hand = sorted(set(s.hands[me]))
        for rival in range(s.players):
            if rival == me:
                continue
            target = spoiler_target(s, rival)
            if target is None or not replaceable >> target & 1:
                continue
            judge = Course(rival)
            moved = s.ships[:rival] + (target,) + s.ships[rival + 1 :]
            before = judge(s.with_(ships=moved))
            for w in hand:
                after = turn.apply(s, replace(w, target))
                spoiled = before - judge(after.with_(ships=moved))
                if spoiled > 0:
                    yield (replace(w, target),), SPOIL_WEIGHT * spoiled

    # --- play-outs ----------------------------------------------------------------------------

    def playout(self, full: KapState, plan: Plan, me: int) -> float:
        """Play ``plan`` on the deal ``full``, the rivals' turns greedily, and score for ``me``."""
        s = full
        for action in plan:
            s = turn.apply(s, action)
            if s.winner >= 0:
                return WIN_VALUE if s.winner == me else -WIN_VALUE
        s = self._finish(s, me)
        for round_ in range(self.rounds):
            while s.phase != turn.OVER and s.seat != me:
                s = self._finish(greedy(s), s.seat)
            if s.phase == turn.OVER:
                if s.winner >= 0:
                    return WIN_VALUE if s.winner == me else -WIN_VALUE
                return _margin(s, me)
            if round_ + 1 < self.rounds:
                s = self._finish(greedy(s), me)
                if s.winner == me:
                    return WIN_VALUE
        rivals = max(Course(p)(s) for p in range(s.players) if p != me)
        mine = greedy(s)
        if mine.winner == me:
            return WIN_VALUE
        return Course(me)(mine) - rivals

    def _finish(self, s: KapState, seat: int) -> KapState:
        """The rest of ``seat``'s turn after the move: buy by the normal rule, then end."""
        while s.phase in (MOVED, DRAW) and s.seat == seat:
            actions = turn.draw_actions(s, free_draw_pending=s.phase == MOVED)
            s = turn.apply(s, BUY if BUY in actions and self._normal._buys(s, seat) else END)
        return s


def moves_of(s: KapState) -> Iterator[tuple[Plan, KapState]]:
    """Every move of a state in LAY or AGAIN phase, and "move again" after each sail that
    allows it: (actions, state after)."""
    moves = turn.move_actions(s) if s.phase == LAY else turn.sail_actions(s)
    for action in moves:
        after = turn.apply(s, action)
        yield (action,), after
        if after.phase == MOVED:
            again = turn.apply(after, AGAIN)
            for second in turn.sail_actions(again):
                yield (action, AGAIN, second), turn.apply(again, second)


def greedy(s: KapState) -> KapState:
    """The fast policy of the play-outs: the seat to move (LAY phase) plays its best plan by
    ``Course`` among the moves without a card and one card laid on an empty end field of its
    wind (or on a neighbour, to move there by "ignore"). Returns the state after the move."""
    chart = default_chart()
    me = s.seat
    best_value, best_plan = _best_move(s, me, 0.0)
    hand = sorted(set(s.hands[me]))
    if hand and not s.replaced:
        ship, points = s.ships[me], s.sail[me]
        wind = all_winds()[s.cards[ship]]
        frontier = turn.frontier(s)
        firsts: dict[int, tuple[KapAction, int]] = {}  # end field -> first move, its cost
        if points >= turn.IGNORE_COST:
            for end in bits(chart.neighbours[ship] & frontier):
                firsts[end] = (ignore(end), turn.IGNORE_COST)
        for direction in chart.arrows(wind, ship):
            end = chart.end_of(ship, direction, wind.distance)
            if end >= 0 and frontier >> end & 1:
                firsts[end] = (sail(direction, end), 0)
        others = 0
        for seat, f in enumerate(s.ships):
            if seat != me:
                others |= 1 << f
        cards_left = len(s.hands[me]) - 1
        for end, (move, paid) in firsts.items():
            laid = s.laid | 1 << end
            roses, won = _arrive(s.roses[me], end)
            left_points = points - paid
            for w in hand:
                if won:
                    value = WIN
                else:
                    value = _value(end, roses, all_winds()[w], laid, left_points, cards_left)
                value -= LAY_COST
                if value > best_value:
                    best_value, best_plan = value, (play(w, end), move)
                if won or left_points < turn.AGAIN_COST:
                    continue
                there = all_winds()[w]
                for direction in chart.arrows(there, end):
                    second = chart.end_of(end, direction, there.distance)
                    if second < 0 or not laid >> second & 1:
                        continue
                    if others >> second & 1 and second not in chart.station:
                        continue
                    roses2, won2 = _arrive(roses, second)
                    points2 = left_points - turn.AGAIN_COST
                    wind2 = all_winds()[s.cards[second]]
                    v2 = WIN if won2 else _value(second, roses2, wind2, laid, points2, cards_left)
                    v2 -= LAY_COST
                    if v2 > best_value:
                        best_value = v2
                        best_plan = (play(w, end), move, AGAIN, sail(direction, second))
    for action in best_plan:
        s = turn.apply(s, action)
        if s.phase == turn.OVER:
            break
    return s


def _best_move(s: KapState, me: int, cost: float, only: int = -1) -> tuple[float, Plan]:
    """The best move of ``me`` (sail, ignore, stay; "move again" after a sail) judged by where
    it ends, without building the states; ``only``: moves whose first step ends there."""
    sail_points, hand = s.sail[me], len(s.hands[me])
    best_value, best_plan = -math.inf, cast(Plan, ())
    firsts: list[tuple[KapAction, int, int]] = []
    for direction, to in turn.sail_moves(s):
        firsts.append((sail(direction, to), to, 0))
    if sail_points >= turn.IGNORE_COST:
        for to in bits(turn.ignore_targets(s)):
            firsts.append((ignore(to), to, turn.IGNORE_COST))
    if only < 0:
        stay = min(turn.MAX_SAIL, sail_points + 1)
        best_value = _value_at(s, me, s.ships[me], s.roses[me], stay, hand) - cost
        best_plan = (STAY,)
    for action, to, paid in firsts:
        if only >= 0 and to != only:
            continue
        roses, won = _arrive(s.roses[me], to)
        left_points = sail_points - paid
        value = WIN if won else _value_at(s, me, to, roses, left_points, hand)
        value -= cost
        if value > best_value:
            best_value, best_plan = value, (action,)
        if won or left_points < turn.AGAIN_COST:
            continue
        for direction, second in turn.sail_moves(s, at=to):
            roses2, won2 = _arrive(roses, second)
            points = left_points - turn.AGAIN_COST
            v2 = WIN if won2 else _value_at(s, me, second, roses2, points, hand)
            v2 -= cost
            if v2 > best_value:
                best_value, best_plan = v2, (action, AGAIN, sail(direction, second))
    return best_value, best_plan


def _arrive(roses: tuple[int, int, int], to: int) -> tuple[tuple[int, int, int], bool]:
    """The log book after a move ends on ``to`` (K9), and whether that wins (K8)."""
    chart = default_chart()
    colour = chart.station.get(to)
    stage = chart.zone[to] - 1
    if colour is not None and roses[stage] == EMPTY and colour not in roses:
        roses = (*roses[:stage], colour, *roses[stage + 1 :])  # type: ignore[assignment]
    held = sum(c != EMPTY for c in roses)
    return roses, held == 3 or (held >= 2 and bool(chart.finish >> to & 1))


def _value_at(
    s: KapState, me: int, ship: int, roses: tuple[int, int, int], points: int, hand: int
) -> float:
    """``Course(me)`` of ``s`` with the ship on ``ship`` holding ``roses`` and ``points``."""
    return _value(ship, roses, all_winds()[s.cards[ship]], s.laid, points, hand)


def _value(
    ship: int, roses: tuple[int, int, int], wind: Wind, laid: int, points: int, hand: int
) -> float:
    """``Course``'s value of a ship on ``ship`` under ``wind``, the cards on ``laid``."""
    chart = default_chart()
    left = course(ship, roses)
    gain = 0.0
    for direction in chart.arrows(wind, ship):
        to = chart.end_of(ship, direction, wind.distance)
        if to >= 0:  # as Course.wind_gain: a field without a card is half a promise
            gain = max(gain, (left - course(to, roses)) * (1.0 if laid >> to & 1 else 0.5))
    return (
        -left
        + WIND_BONUS * gain
        + SAIL_VALUE * min(SAIL_WORTH, points)
        + CARD_VALUE * min(CARDS_WORTH, hand)
    )


def _margin(s: KapState, me: int) -> float:
    return Course(me)(s) - max(Course(p)(s) for p in range(s.players) if p != me)


def _signature(s: KapState) -> tuple[object, ...]:
    """What the bot sees of a position within its turn (never a hidden card)."""
    return (
        s.seat,
        s.turn,
        s.phase,
        s.ships,
        s.cards,
        s.sail,
        s.roses,
        s.hands[s.seat],
        s.played,
        s.replaced,
    )
