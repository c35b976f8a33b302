"""Kap Hoorn's fast play-out policy: the plans of a turn valued without building the states.

The hard bot's search (``bots/hard.py``) and the flat search it replaced (``bots/flat.py``) play
the turns they do not search with :func:`greedy`, and the tree search takes its rivals' replies
from :func:`best_plans`. Both weigh the same plans, :func:`turn_plans`: the moves without a card
(sail, "ignore", stay; "move again" after a sail) and one card laid on an empty end field of the
wind under the ship (or on a neighbour, to move there by "ignore"), with the bridge of cards that
field needs if the cards do not reach it yet, each valued by ``Course`` where it ends (K8, K9:
the roses it would gain, a win at once).

The bridges make it the normal bot's choice in 97 % of the positions of normal bots' games
(without them 88 %: the normal bot's other plans were bridged ones). A play-out is only as good a
forecast as its policy: seeing every card, a look-ahead whose play-outs were the normal bot won
85 % of 45 games against two normal bots, the same look-ahead with the policy without bridges
59 % of 60 (issue 31, item 4). The ``flat`` yardstick keeps the policy without bridges.
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
    NormalBot,
    bridge,
    course,
    spare,
)
from game.games.kaphoorn.rules import KapState, turn
from game.games.kaphoorn.rules.actions import AGAIN, STAY, KapAction, ignore, play, sail
from game.games.kaphoorn.rules.chart import bits, default_chart
from game.games.kaphoorn.rules.turn import EMPTY, all_winds
from game.games.kaphoorn.rules.winds import Wind

Plan = tuple[KapAction, ...]
Valued = tuple[float, Plan, int]  # (value, actions, the field the ship ends on)
BRIDGE = NormalBot.chain  # the longest run of cards laid towards an end field


def greedy(s: KapState, bridges: bool = True) -> KapState:
    """The seat to move (LAY phase) plays its best plan of :func:`turn_plans` (the first of
    equals). Returns the state after the move."""
    best_value, best_plan = -math.inf, cast(Plan, ())
    for value, plan, _ in turn_plans(s, bridges):
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


def turn_plans(s: KapState, bridges: bool = True) -> Iterator[Valued]:
    """Every plan of the fast policy for the seat to move (LAY phase): the moves without a card,
    then one card on an empty end field of the wind (or a neighbour) and the move there; with
    ``bridges``, also an end field the cards do not reach yet, bridged by up to
    ``BRIDGE - 1`` cards as the normal bot does (its weakest cards)."""
    chart = default_chart()
    me = s.seat
    yield from _moves(s, me)
    hand = s.hands[me]
    if not hand or s.replaced:
        return
    ship, points = s.ships[me], s.sail[me]
    wind = all_winds()[s.cards[ship]]
    frontier = turn.frontier(s)
    ends: dict[int, tuple[KapAction, int]] = {}  # end field -> first move, its cost
    if points >= turn.IGNORE_COST:
        open_around = chart.neighbours[ship] & (frontier if not bridges else chart.playable)
        for end in bits(open_around & ~s.laid):
            ends[end] = (ignore(end), turn.IGNORE_COST)
    for direction in chart.arrows(wind, ship):
        end = chart.end_of(ship, direction, wind.distance)
        if end >= 0 and (frontier >> end & 1 or bridges and _open(s, end)):
            ends[end] = (sail(direction, end), 0)
    for end, (move, paid) in ends.items():
        path = [end] if frontier >> end & 1 else bridge(s, end, frontier, BRIDGE)
        if not path or len(path) > len(hand):
            continue
        rest = list(hand)
        bridged: list[KapAction] = []
        for field in path[:-1]:  # the weakest cards make the bridge
            card = spare(sorted(set(rest)))
            rest.remove(card)
            bridged.append(play(card, field))
        laid = s.laid
        for field in path:
            laid |= 1 << field
        yield from _laid_plans(s, end, move, points - paid, tuple(bridged), laid, sorted(set(rest)))


def _laid_plans(
    s: KapState, end: int, move: KapAction, points: int, bridged: Plan, laid: int, cards: list[int]
) -> Iterator[Valued]:
    """The plans that lay ``bridged`` and one of ``cards`` on ``end`` (``laid``: the cards on
    the chart then), make ``move`` there, and "move again" where the points allow."""
    chart = default_chart()
    me = s.seat
    others = 0
    for seat, f in enumerate(s.ships):
        if seat != me:
            others |= 1 << f
    used = len(bridged) + 1
    cards_left, cost = len(s.hands[me]) - used, LAY_COST * used
    roses, won = _arrive(s.roses[me], end)
    for w in cards:
        there = all_winds()[w]
        lay = (*bridged, play(w, end), move)
        value = WIN if won else _value(end, roses, there, laid, points, cards_left)
        yield value - cost, lay, end
        if won or points < turn.AGAIN_COST:
            continue
        for direction in chart.arrows(there, end):
            second = chart.end_of(end, direction, there.distance)
            if second < 0 or not laid >> second & 1:
                continue
            if others >> second & 1 and second not in chart.station:
                continue
            roses2, won2 = _arrive(roses, second)
            points2 = points - turn.AGAIN_COST
            wind2 = all_winds()[s.cards[second]]
            v2 = WIN if won2 else _value(second, roses2, wind2, laid, points2, cards_left)
            yield v2 - cost, (*lay, AGAIN, sail(direction, second)), second


def _open(s: KapState, f: int) -> bool:
    """Whether a card may one day lie on ``f``: open sea without a card yet."""
    return bool(default_chart().playable >> f & 1 and not s.laid >> f & 1)


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
