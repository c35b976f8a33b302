"""Bots for Kap Hoorn: they plan a whole turn (cards, then the move) on their own view.

A bot sees only ``state.view(seat)`` (K10): it never reads another hand or the pile order. To
try its candidate turns it deals the unseen cards at random (``determinized``); the draws that
follow do not enter its judgement.

The judgement of a position for one seat is :class:`Course`: the king steps over sea still to
sail on the shortest plan that wins (the wind-rose stations still needed, in any order that the
stage and colour rules of K9 allow, then the finish line, or a third station), less a bonus for
the way the card under the ship blows (a ship on a card that points home is worth more), plus
small values for sail points and cards in hand.

- ``ShortPlanBot``: the best of a few plans: no cards or one card at an end field of the current
  wind, then the move; sometimes (``whim``) a random move instead. Easy until issue 31; now its
  plans are the moves the beginner (Easy, ``bots/beginner.py``) considers, and without whims
  it is the guide's suggestion.
- ``NormalBot``: every plan of up to two cards (one to bridge the gap, one at the end field),
  ignore onto a neighbour (with a card laid there first if needed), stay; "move again" when it
  gains; buys cards while its hand is short and sail points are plenty.
These two never read a clock and count no work: made with a work budget (``game.protocol.bots``)
they play as without one.

- ``HardBot`` lives in ``kaphoorn_hard.py``: a search over these plans (and spoiling
  replacements) that plays each one out against determinized hands.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Iterator

from game.games.kaphoorn.rules import KapState, turn
from game.games.kaphoorn.rules.actions import AGAIN, BUY, END, KapAction, play  # fmt: skip
from game.games.kaphoorn.rules.chart import Chart, bits, default_chart, king_steps
from game.games.kaphoorn.rules.turn import DRAW, EMPTY, LAY, MOVED, all_winds
from game.protocol.bots import Effort

WIN = 10_000.0
WIND_BONUS = 0.5  # per king step the card under the ship could carry it nearer
SAIL_VALUE = 0.35  # per sail point up to SAIL_WORTH (enough for "move again"); beyond it, little
SAIL_WORTH = 5
CARD_VALUE = 0.3  # per card in hand, up to CARDS_WORTH
CARDS_WORTH = 3
BUY_BELOW = 4  # buy while the hand is smaller and sail points stay at BUY_KEEP or more
BUY_KEEP = 4
LAY_COST = 0.15  # per card laid: the sea it builds helps the others too


@functools.cache
def _distances_from(field: int) -> tuple[int, ...]:
    """King steps over sea from ``field`` to every field (-1 off the sea)."""
    chart = default_chart()
    return king_steps([field], chart.neighbours, len(chart.terrain))


@functools.cache
def course(field: int, roses: tuple[int, int, int]) -> int:
    """The fewest king steps from ``field`` to a win holding ``roses`` (colour per stage)."""
    chart = default_chart()
    held = sum(c != EMPTY for c in roses)
    if held == 3:
        return 0
    best = chart.distance[field] if held == 2 else 10_000
    for station, colour in chart.station.items():
        stage = chart.zone[station] - 1
        if roses[stage] != EMPTY or colour in roses:
            continue
        after = roses[:stage] + (colour,) + roses[stage + 1 :]
        step = _distances_from(station)[field]
        if step < best:
            best = min(best, step + course(station, after))
    return best


class Course:
    """The value of a position for ``seat``: higher is better."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __call__(self, s: KapState) -> float:
        if s.winner >= 0:
            return WIN if s.winner == self.seat else -WIN
        ship, roses = s.ships[self.seat], s.roses[self.seat]
        left = course(ship, roses)
        return (
            -left
            + WIND_BONUS * self.wind_gain(s, ship, roses, left)
            + SAIL_VALUE * min(SAIL_WORTH, s.sail[self.seat])
            + CARD_VALUE * min(CARDS_WORTH, len(s.hands[self.seat]))
        )

    @staticmethod
    def wind_gain(s: KapState, ship: int, roses: tuple[int, int, int], left: int) -> float:
        """How much nearer the best arrow of the card under the ship would carry it."""
        chart: Chart = default_chart()
        wind = all_winds()[s.cards[ship]]
        gain = 0.0
        for direction in chart.arrows(wind, ship):
            to = chart.end_of(ship, direction, wind.distance)
            if to >= 0:  # an end field still without a card is only half a promise
                gain = max(gain, (left - course(to, roses)) * (1.0 if s.laid >> to & 1 else 0.5))
        return gain


class ShortPlanBot:
    """A few plans, a short look, now and then a whim."""

    chain = 2  # the longest run of cards laid towards an end field
    wide = False  # also "move again"
    whim = 0.15

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        # no search to count and no clock to read: a work budget changes nothing
        self.effort = Effort(iterations, timed)

    def choose(self, view: KapState, rng: random.Random, budget_s: float) -> KapAction:
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        seat = view.current_player
        assert seat is not None
        full = view.determinized(rng)  # only to try plans: the draws do not count
        if view.phase == DRAW or (view.phase == MOVED and not self._again_pays(full)):
            return BUY if BUY in actions and self._buys(view, seat) else END
        if view.phase == LAY and rng.random() < self.whim:
            return rng.choice(turn.move_actions(view))
        plan = max(self.plans(full), key=lambda p: p[0])[1]
        return plan[0] if plan[0] in actions else rng.choice(actions)

    # --- the plans of a turn ------------------------------------------------------------------

    def plans(self, s: KapState) -> Iterator[tuple[float, list[KapAction]]]:
        """(value, actions) of every plan considered; the first action is legal now."""
        judge = Course(s.seat)
        if s.phase == MOVED:
            yield judge(s), [END]
            yield from self._again_plans(s, judge)
            return
        if s.phase == turn.AGAIN_PHASE:
            for action in turn.sail_actions(s):
                yield self._moved_value(s, action, judge), [action]
            return
        base: list[KapAction] = []
        yield from self._move_plans(s, base, judge)
        if s.replaced:
            return
        for lay in self._lays(s):
            after = s
            for action in lay:
                after = after.apply(action)
            yield from self._move_plans(after, lay, judge, cost=len(lay))
        if self.wide and s.played == 0:
            yield from self._spoilers(s, judge)

    def _lays(self, s: KapState) -> Iterator[list[KapAction]]:
        """Cards at the empty end fields of the current wind (and the bridge to them)."""
        chart = default_chart()
        hand = sorted(set(s.hands[s.seat]))
        if not hand:
            return
        ship = s.ships[s.seat]
        wind = all_winds()[s.cards[ship]]
        frontier = turn.frontier(s)
        ends = []
        for direction in chart.arrows(wind, ship):
            to = chart.end_of(ship, direction, wind.distance)
            if to >= 0 and chart.playable >> to & 1 and not s.laid >> to & 1:
                ends.append(to)
        if s.sail[s.seat] >= turn.IGNORE_COST:  # ignore onto a neighbour, a card laid there
            ends += bits(chart.neighbours[ship] & chart.playable & ~s.laid)
        for end in ends:
            chain = [end] if frontier >> end & 1 else self._chain(s, end, frontier)
            if not chain or len(chain) > len(s.hands[s.seat]):
                continue
            rest = list(s.hands[s.seat])
            bridge: list[KapAction] = []
            for field in chain[:-1]:  # the weakest cards make the bridge
                spare = self._spare(s, sorted(set(rest)))
                rest.remove(spare)
                bridge.append(play(spare, field))
            for w in sorted(set(rest)):
                yield bridge + [play(w, end)]

    def _chain(self, s: KapState, end: int, frontier: int) -> list[int]:
        return bridge(s, end, frontier, self.chain)

    @staticmethod
    def _spare(s: KapState, hand: list[int]) -> int:
        return spare(hand)

    def _move_plans(
        self, s: KapState, lay: list[KapAction], judge: Course, cost: int = 0
    ) -> Iterator[tuple[float, list[KapAction]]]:
        for move in turn.move_actions(s):
            yield self._moved_value(s, move, judge) - cost * LAY_COST, lay + [move]

    def _moved_value(self, s: KapState, move: KapAction, judge: Course) -> float:
        after = s.apply(move)
        value = judge(after)
        if after.phase == MOVED and self.wide:
            value = max([value] + [v for v, _ in self._again_plans(after, judge)])
        return value

    def _again_plans(self, s: KapState, judge: Course) -> Iterator[tuple[float, list[KapAction]]]:
        again = s.apply(AGAIN)
        for action in turn.sail_actions(again):
            yield judge(again.apply(action)), [AGAIN, action]

    def _again_pays(self, s: KapState) -> bool:
        if not self.wide or AGAIN not in s.legal_actions():
            return False
        judge = Course(s.seat)
        now = judge(s)
        return any(v > now for v, _ in self._again_plans(s, judge))

    def _spoilers(self, s: KapState, judge: Course) -> Iterator[tuple[float, list[KapAction]]]:
        return iter(())

    @staticmethod
    def _buys(s: KapState, seat: int) -> bool:
        return len(s.hands[seat]) < BUY_BELOW and s.sail[seat] > BUY_KEEP


class NormalBot(ShortPlanBot):
    """Every plan of up to two cards, ignore, stay and move again."""

    chain = 4
    wide = True
    whim = 0.0


def spoiler_target(s: KapState, seat: int) -> int | None:
    """The field ``seat``'s best sail by its current card would end on (the card a spoiling
    replacement covers), or None if it cannot sail."""
    moves = turn.sail_moves(s.with_(seat=seat))
    if not moves:
        return None
    roses = s.roses[seat]
    return min((course(to, roses), to) for _, to in moves)[1]


def bridge(s: KapState, end: int, frontier: int, longest: int) -> list[int]:
    """The shortest run of empty fields from the cards to ``end`` (from the frontier, ``end``
    last), at most ``longest`` fields; each needs a card (K16: a chain is laid in one turn).
    [] if there is none that short."""
    chart = default_chart()
    open_sea = chart.playable & ~s.laid
    came: dict[int, int] = {end: -1}
    depth = {end: 1}
    todo = deque([end])
    while todo:
        f = todo.popleft()
        if frontier >> f & 1:
            path = [f]
            while came[path[-1]] >= 0:
                path.append(came[path[-1]])
            return path
        if depth[f] >= longest:
            continue
        for n in bits(chart.neighbours[f] & open_sea):
            if n not in came:
                came[n], depth[n] = f, depth[f] + 1
                todo.append(n)
    return []


def spare(hand: list[int]) -> int:
    """The card of ``hand`` to give up for a bridge: the one with the shortest reach."""
    return min(hand, key=lambda w: (all_winds()[w].distance, len(all_winds()[w].arrows)))
