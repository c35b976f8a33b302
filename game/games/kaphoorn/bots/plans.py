"""The frame of Kap Hoorn's searching bots: a whole turn planned at its first small action.

The bot sees only its own view (K10). At the first small action of a turn it lists candidate
plans for the whole turn (cards laid, then the move, then perhaps "move again"): the normal
bot's plans, widened by cards laid for the second sail of "move again" and by replacements that
spoil a rival's best next sail. The best ``WIDTH`` by the heuristic :class:`Course` (at most
``PER_FIELD`` ending on the same field, and the best spoiler always) go to the search, which a
subclass gives (:meth:`TurnPlanner.search`: the tree search of ``bots/hard.py``, the flat one of
``bots/flat.py``).

The plan is stored under the view it expects at each later small action of the turn; those
actions replay it without a search (a different view, e.g. after an undo, plans afresh). Buying
follows the normal bot's rule.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator

from game.games.kaphoorn.bots.playout import Plan
from game.games.kaphoorn.bots.simple import LAY_COST, Course, NormalBot, spoiler_target
from game.games.kaphoorn.rules import KapState, turn
from game.games.kaphoorn.rules.actions import AGAIN, BUY, END, KapAction, play, replace
from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, DRAW, LAY, MOVED, all_winds
from game.protocol.bots import Effort

TIME_CAP = 2.0  # seconds: never think longer, whatever the caller allows
TIME_SHARE = 0.75  # of the budget for the search (the rest: plans, overhead)
WIDTH = 10  # candidate plans searched
PER_FIELD = 3  # at most this many candidates ending on the same field
WIN_VALUE = 30.0  # a plan that wins, in king steps
SPOIL_WEIGHT = 0.5  # heuristic worth of a king step taken from a rival (for the shortlist only)


class TurnPlanner:
    """A bot that searches among the plans of its turn (see the module text)."""

    def __init__(
        self,
        iterations: int | None = None,
        timed: bool = False,
        width: int = WIDTH,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.effort = Effort(iterations, timed)
        # the search's work per decision; None: the clock decides (with ``timed``: whichever first)
        self.max_iterations = iterations
        self.clocked = self.effort.clocked  # whether the clock limits the search at all
        # seconds; tests give a clock of their own to check the budget
        self.clock = clock if clock is not None else time.perf_counter
        self.width = width
        self._normal = NormalBot()  # its lays (bridges of cards) and its buying rule
        self._expect: dict[tuple[object, ...], KapAction | None] = {}
        self.last_iterations = 0  # the work of the last search (for tests and tuning)
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

    def search(self, view: KapState, rng: random.Random, deadline: float) -> Plan:
        """The plan to play from ``view`` (LAY, MOVED or AGAIN phase), searched until
        ``deadline`` (on ``self.clock``) or ``self.max_iterations``."""
        raise NotImplementedError

    # --- candidate plans ----------------------------------------------------------------------

    def candidates(self, s: KapState) -> list[tuple[float, Plan]]:
        """The shortlist of plans (heuristic value, plan), best first; ``s`` is a full state."""
        me = s.seat
        judge = Course(me)
        found: dict[tuple[object, ...], tuple[float, Plan, int, bool]] = {}

        def add(lay: Plan, base: KapState, bonus: float, spoiler: bool) -> None:
            for moves, after in moves_of(base):
                done = self.finish(after, me)
                if done.winner == me:
                    value = 2 * WIN_VALUE
                else:
                    value = judge(done) - LAY_COST * len(lay) + bonus
                key = (after.ships[me], after.cards, after.sail[me], after.hands[me], after.roses)
                if key not in found or found[key][0] < value:
                    found[key] = (value, lay + moves, after.ships[me], spoiler)

        if s.phase == MOVED:
            found[("end",)] = (judge(self.finish(s, me)), (), s.ships[me], False)
            again = turn.apply(s, AGAIN)
            for moves, after in moves_of(again):
                value = judge(self.finish(after, me))
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

    def finish(self, s: KapState, seat: int) -> KapState:
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
