"""Kap Hoorn's fast play-out policy: the plans of a turn valued without building the states.

The hard bot's search (``bots/hard.py``) and the flat search it replaced (``bots/flat.py``) play
the turns they do not search with :func:`greedy`, and the tree search takes its rivals' replies
from :func:`best_plans`. Both weigh the same plans, :func:`turn_plans`: the moves without a card
(sail, "ignore", stay; "move again" after a sail) and one card laid on an empty end field of the
wind under the ship (or on a neighbour, to move there by "ignore"), each valued by ``Course``
where it ends (K8, K9: the roses it would gain, a win at once).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
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
    course,
)
from game.games.kaphoorn.rules import KapState, turn
from game.games.kaphoorn.rules.actions import AGAIN, STAY, KapAction, ignore, play, sail
from game.games.kaphoorn.rules.chart import bits, default_chart
from game.games.kaphoorn.rules.turn import EMPTY, all_winds
from game.games.kaphoorn.rules.winds import Wind

Plan = tuple[KapAction, ...]
Valued = tuple[float, Plan, int]  # (value, actions, the field the ship ends on)


def greedy(s: KapState) -> KapState:
    """The seat to move (LAY phase) plays its best plan of :func:`turn_plans` (the first of
    equals). Returns the state after the move."""
    best_value, best_plan = -math.inf, cast(Plan, ())
    for value, plan, _ in turn_plans(s):
        if value > best_value:
            best_value, best_plan = value, plan
    return after_plan(s, best_plan)


def best_plans(s: KapState, count: int) -> list[Plan]:
    """The ``count`` best plans of :func:`turn_plans` for the seat to move, the best of each
    field the ship ends on (two cards for the same sail are one reply, not two)."""
    by_field: dict[int, tuple[float, Plan]] = {}
    for value, plan, end in turn_plans(s):
        if end not in by_field or by_field[end][0] < value:
            by_field[end] = (value, plan)
    ranked = sorted(by_field.values(), key=lambda vp: -vp[0])
    return [plan for _, plan in ranked[:count]]


def after_plan(s: KapState, plan: Plan) -> KapState:
    """The state after the actions of ``plan`` (which the rules offer one by one)."""
    for action in plan:
        s = turn.apply(s, action)
        if s.phase == turn.OVER:
            break
    return s


def turn_plans(s: KapState) -> Iterator[Valued]:
    """Every plan of the fast policy for the seat to move (LAY phase): the moves without a card,
    then one card on an empty end field of the wind (or a neighbour) and the move there."""
    chart = default_chart()
    me = s.seat
    yield from _moves(s, me)
    hand = sorted(set(s.hands[me]))
    if not hand or s.replaced:
        return
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
            there = all_winds()[w]
            value = WIN if won else _value(end, roses, there, laid, left_points, cards_left)
            yield value - LAY_COST, (play(w, end), move), end
            if won or left_points < turn.AGAIN_COST:
                continue
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
                yield v2 - LAY_COST, (play(w, end), move, AGAIN, sail(direction, second)), second


def _moves(s: KapState, me: int) -> Iterator[Valued]:
    """The moves of ``me`` without a card: stay, then each sail or "ignore" and the "move
    again" sails after it."""
    sail_points, hand, ship = s.sail[me], len(s.hands[me]), s.ships[me]
    firsts: list[tuple[KapAction, int, int]] = []
    for direction, to in turn.sail_moves(s):
        firsts.append((sail(direction, to), to, 0))
    if sail_points >= turn.IGNORE_COST:
        for to in bits(turn.ignore_targets(s)):
            firsts.append((ignore(to), to, turn.IGNORE_COST))
    stay = min(turn.MAX_SAIL, sail_points + 1)
    yield _value_at(s, ship, s.roses[me], stay, hand), (STAY,), ship
    for action, to, paid in firsts:
        roses, won = _arrive(s.roses[me], to)
        left_points = sail_points - paid
        yield (WIN if won else _value_at(s, to, roses, left_points, hand)), (action,), to
        if won or left_points < turn.AGAIN_COST:
            continue
        for direction, second in turn.sail_moves(s, at=to):
            roses2, won2 = _arrive(roses, second)
            points = left_points - turn.AGAIN_COST
            v2 = WIN if won2 else _value_at(s, second, roses2, points, hand)
            yield v2, (action, AGAIN, sail(direction, second)), second


def _arrive(roses: tuple[int, int, int], to: int) -> tuple[tuple[int, int, int], bool]:
    """The log book after a move ends on ``to`` (K9), and whether that wins (K8)."""
    chart = default_chart()
    colour = chart.station.get(to)
    stage = chart.zone[to] - 1
    if colour is not None and roses[stage] == EMPTY and colour not in roses:
        roses = (*roses[:stage], colour, *roses[stage + 1 :])  # type: ignore[assignment]
    held = sum(c != EMPTY for c in roses)
    return roses, held == 3 or (held >= 2 and bool(chart.finish >> to & 1))


def _value_at(s: KapState, ship: int, roses: tuple[int, int, int], points: int, hand: int) -> float:
    """``Course`` of the seat to move with its ship on ``ship`` holding ``roses`` and
    ``points``."""
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


def margin(s: KapState, me: int) -> float:
    """``me``'s ``Course`` less the best rival's."""
    return Course(me)(s) - max(Course(p)(s) for p in range(s.players) if p != me)
