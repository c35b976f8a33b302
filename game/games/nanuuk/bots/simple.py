"""Bots for Nanuuk!: legal, quick and not silly (a later issue makes them strong).

A turn is a short sequence of small actions (choose, step, crack, take or leave, banish, igloo,
end), so a bot is asked once per small action. The bots think in whole turns:

- Easy is a beginner, not a search: ``bots/beginner.py`` (it uses ``_enclosed`` and the
  evaluation below).
- ``NormalBot``: tries every candidate action, completes the rest of its own turn by a narrow
  search (all options one level down, then the best few by the evaluation, then greedy) and
  scores the position after its turn with :class:`Evaluator`. The chosen line is kept as a plan,
  so the later small actions of the same turn follow it without thinking again.

The hard bot (Monte Carlo tree search on these evaluations) lives in ``nanuuk_mcts.py``.

The evaluation (always from one seat's point of view) depends on the family of play:

- introduction games: the safety of each piece that matters, i.e. its open ways out (uncracked
  edges in the 2-player game, whose loss condition is "enclosed by ice", else free neighbour
  fields), how many free neighbours it has and the size of its ice region (flood fill), with
  a penalty when the next player can crack its last way out; own pieces count for, the pieces
  whose enclosure wins the game (opponents, the partner in the partner game, the neighbour in
  the neighbourhood variant, the bear or the Inuit) against;
- the full game: points, carried equipment, free bag slots, nearness of the most valuable
  animal the hunter may take (or of an igloo when he must unload or fetch a harpoon), a penalty
  for being cut off from every igloo, and after the hunt the way home; minus the same for the
  opponents.

``NormalBot`` uses only the ``rng`` it is given and checks its ``clock``
(``time.perf_counter`` unless a test gives it one of its own) against its budget. Made with a
work budget (``iterations``, see ``game.protocol.bots``) it counts the nodes of its turn search
instead (``Budget.out`` calls); it then never reads the clock, unless made ``timed`` (then
whichever comes first).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from game.games.nanuuk.rules import NanuukState, moves
from game.games.nanuuk.rules.actions import NanuukAction
from game.games.nanuuk.rules.board import Board
from game.games.nanuuk.rules.phases import PLACE
from game.games.nanuuk.rules.sheet import HARPOON, HUSKY, KAYAK, SLEDGE, VALUE, Sheet
from game.games.nanuuk.rules.spec import (
    BEAR_FEAR,
    BEAR_HUNT,
    FULL,
    HELPERS,
    INTRO,
    NEIGHBOURHOOD,
    PARTNER,
    Spec,
)
from game.games.nanuuk.rules.turn import neighbourhood_winner
from game.protocol.bots import BUDGETS, Effort  # each level's ceiling on the budget

WIN = 10_000.0  # a won game; a lost one is -WIN
# The share of the budget a bot plans to use: the rest is slack for the work the clock cannot
# interrupt (ranking a position's children) on a busy machine (normal's longest answer measured
# 0.70 s of 0.5 s at 0.8 with the load at 3 on 2 cores).
SAFETY_SHARE = 0.6

# Introduction games: the value of a piece with k ways out (more than three: no worry).
WAYS = (-300.0, -25.0, -6.0, -1.5)
THREATENED_LAST_WAY = -150.0  # its only way out can be cracked by the next player
MOBILITY = 0.6  # per free neighbour field
REGION = 0.12  # per field of its ice region (flood fill over uncracked edges), up to REGION_CAP
REGION_CAP = 40
UNPLACED = 6.0  # a piece not yet placed: about an open field's worth

# The full game.
ANIMAL_VALUE = (VALUE["fish"], VALUE["seal"], VALUE["walrus"], VALUE["whale"])
PROSPECT = 0.7  # weight of the best animal within reach, decayed per step
DECAY = 0.8
INUK_VALUE = 2.0  # an Inuk to meet while whales are about (a whale needs him)
HARPOON_VALUE = 0.8
GEAR = 0.35  # husky, sledge, kayak: each
FREE_SLOT = 0.2
CUT_OFF = 2.5  # no way to any igloo: no +2 at the end, no harpoon, no unloading
HOME_HUNT = 0.4  # during the hunt, a little pull towards the igloos
MAX_DIST = 25
# the weights by distance, worked out once (the same floats as ``DECAY ** d`` each time)
_DECAYED = tuple(DECAY**d for d in range(MAX_DIST + 3))
_ANIMAL_WORTH = tuple(float(v) for v in ANIMAL_VALUE)


# -- small helpers ------------------------------------------------------------------------------
Clock = Callable[[], float]  # seconds


def _deadline(level: str, budget_s: float, clock: Clock) -> float:
    return clock() + max(0.0, min(budget_s, BUDGETS[level])) * SAFETY_SHARE


def allowance(effort: Effort, level: str, budget_s: float, clock: Clock) -> Budget:
    """One decision's budget: ``effort``'s work and, when it is clocked, ``level``'s deadline
    (a fixed work budget reads no clock at all)."""
    if not effort.clocked:
        return Budget(math.inf, None, effort.iterations)
    return Budget(_deadline(level, budget_s, clock), clock, effort.iterations)


def outcome_value(st: NanuukState, seat: int) -> float:
    winners = st.winners
    if seat in winners:
        value = WIN / len(winners)
    else:
        value = -WIN
    if st.spec.variant == FULL:  # a bigger margin is still better
        scores = [st.score(s) for s in range(st.spec.players)]
        others = [v for s, v in enumerate(scores) if s != seat]
        value += scores[seat] - max(others)
    return value


# -- the evaluation -----------------------------------------------------------------------------
class Evaluator:
    """A position's value for ``seat`` (higher is better); one per game and seat."""

    def __init__(self, spec: Any, seat: int) -> None:
        self.spec = spec
        self.seat = seat
        self.variant = spec.variant
        self.board: Board = spec.board
        players = spec.players
        movers = spec.movers
        self.mine = [i for i, m in enumerate(movers) if m.seat == seat]
        self.theirs = [i for i, m in enumerate(movers) if m.seat == 1 - seat]  # (2 players)
        # by ice alone (N13) in the 2-player introduction game, else by any way out
        self.ice = self.variant == INTRO and players == 2
        self.full = self.variant == FULL
        self.seats = tuple(m.seat for m in movers)  # each piece's seat
        # the introduction games' steps over the ice (``Board.over_ice``) as masks of fields,
        # by field and the cracks round it: counted against the free fields without a list
        ice_steps = {} if self.full else self.board.over_ice
        self.walks = {k: sum(1 << g for g, _ in v) for k, v in ice_steps.items()}

    def __call__(self, st: NanuukState) -> float:
        if st.is_over():
            return outcome_value(st, self.seat)
        if self.full:
            return self.full_value(st)
        return self.intro_value(st)

    # the introduction games ---------------------------------------------------------------
    def intro_value(self, st: NanuukState) -> float:
        spec: Spec = self.spec
        seat = self.seat
        n = spec.players
        variant = self.variant
        movers = spec.movers
        safe, seat_safety = self.kept_safeties(st)
        if self.ice:  # (the 2-player introduction game)
            mine = [safe[i] for i in self.mine]
            theirs = [safe[i] for i in self.theirs]
            return sum(mine) + 0.5 * min(mine) - 0.8 * (sum(theirs) + 0.5 * min(theirs))
        if variant == INTRO:
            others = [seat_safety[s] for s in range(n) if s != seat and s not in st.out]
            return seat_safety[seat] - (sum(others) / len(others) if others else 0.0)
        if variant in (PARTNER, NEIGHBOURHOOD):
            target = self._prey(seat, n)
            rest = [seat_safety[s] for s in range(n) if s != target]
            return -seat_safety[target] + 0.5 * min(rest) + 0.3 * sum(rest) / len(rest)
        if variant == HELPERS:
            bear, inuk = spec.of_seat(seat)
            their_bear, their_inuk = spec.of_seat(1 - seat)
            return (
                safe[bear]
                + 0.15 * safe[inuk]
                - 0.8 * safe[their_bear]
                - 0.1 * safe[their_inuk]
            )
        if variant == BEAR_HUNT:
            bear = spec.index["bear"]
            inuit = [spec.index["Inuk 1"], spec.index["Inuk 2"]]
            if movers[bear].seat == seat:
                values = [safe[i] for i in inuit]
                return safe[bear] - min(values) - 0.2 * sum(values)
            if st.fur:  # N16 d: the last Inuk able to move wins
                mine = [safe[i] for i in inuit if movers[i].seat == seat]
                theirs = [safe[i] for i in inuit if movers[i].seat != seat]
                return sum(mine) - sum(theirs)
            values = [safe[i] for i in inuit]
            return -safe[bear] + min(values) + 0.2 * sum(values)
        if variant == BEAR_FEAR:
            own = spec.index[f"Inuk {seat + 1}"]
            rival = spec.index[f"Inuk {2 - seat}"]
            return safe[own] - 0.8 * safe[rival]
        return 0.0

    def safeties(self, st: NanuukState) -> tuple[float, ...]:
        """Every piece's safety in ``st`` (:meth:`_safeties`)."""
        return self.kept_safeties(st)[0]

    def kept_safeties(self, st: NanuukState) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Every piece's safety in ``st`` and each seat's sum of them, the same for every
        seat's evaluation, kept (``_SAFE``): the hard bot judges each end of a turn for every
        side right after the turn search judged it for one."""
        found = _SAFE.get(st)
        if found is None:
            safe = self._safeties(st)
            found = safe, tuple([sum([safe[i] for i in m]) for m in self.spec.seat_movers])
            if len(_SAFE) >= SAFE_CAP:
                _SAFE.clear()
            _SAFE[st] = found
        return found

    def _safeties(self, st: NanuukState) -> tuple[float, ...]:
        """How safe each piece is: its ways out (the uncracked edges round it in the 2-player
        introduction game, else its free steps), a penalty when the next player can crack its
        last one, its free steps, and the size of its ice region. One loop for all the pieces:
        this is most of the bots' time in the introduction games, and calls per piece (its
        safety, its region, the position's regions) were a third of it."""
        next_seat = st.seat  # the player to move: his cracks are the threats
        threats = -1  # worked out when first needed
        board, ice, walks = self.board, self.ice, self.walks
        around = board.around
        pos, cracks = st.pos, st.cracks
        free_fields = ~st.occupied()
        regions = st.regions()
        out: list[float] = []
        for i, seat in enumerate(self.seats):
            p = pos[i]
            if p < 0:
                out.append(UNPLACED if p == -1 else WAYS[0])
                continue
            # the fields it may step to (N9, ``moves.walks``): over no crack onto no mover
            steps = walks[p, cracks & around[p]] & free_fields
            free = steps.bit_count()
            if ice:  # its ways out are the uncracked edges round it
                open_edges = around[p] & ~cracks
                ways = open_edges.bit_count()
            else:
                open_edges, ways = 0, free
            value = WAYS[ways] if ways < len(WAYS) else 0.0
            if ways == 1 and seat != next_seat:
                if threats < 0:
                    threats = self._threats(st, next_seat)
                if ice:
                    if open_edges & threats:
                        value += THREATENED_LAST_WAY
                elif any(e & threats for g, e in board.steps[p] if steps >> g & 1):
                    value += THREATENED_LAST_WAY / 3
            bit, region = 1 << p, 0
            for r in regions:  # ``region_size``
                if r & bit:
                    region = r.bit_count()
                    break
            out.append(value + MOBILITY * free + REGION * min(region, REGION_CAP))
        return tuple(out)

    def _prey(self, seat: int, n: int) -> int:
        """The seat whose enclosure first makes ``seat`` the winner (N14), as the rules say."""
        if self.variant == PARTNER:
            return (seat + 2) % n
        side = self.spec.opt("winner")
        return next(s for s in range(n) if neighbourhood_winner(side, s, n) == seat)

    def _threats(self, st: NanuukState, seat: int) -> int:
        """Edges the movers of ``seat`` could crack in one step (a mask)."""
        if st.phase == PLACE:
            return 0
        mask = 0
        for j, m in enumerate(self.spec.movers):
            if m.seat != seat and not (m.seat < 0 and self.variant == BEAR_FEAR):
                continue
            for g, _ in moves.targets(st, j):
                for e in moves.crack_options(st, g):
                    mask |= e
        return mask

    # the full game ----------------------------------------------------------------------------
    def full_value(self, st: NanuukState) -> float:
        spec = self.spec
        n = spec.players
        values = [self.seat_value(st, s) for s in range(n)]
        mine = values[self.seat]
        others = [v for s, v in enumerate(values) if s != self.seat]
        return mine - 0.5 * (max(others) + sum(others) / len(others))

    def seat_value(self, st: NanuukState, s: int) -> float:
        return sum(self.hunter_value(st, i) for i in self.spec.of_seat(s))

    def hunter_value(self, st: NanuukState, i: int) -> float:
        """Hunter ``i``'s worth where he stands. Kept (``_JUDGED``): in a search nearly half the
        hunters judged stand as in a position judged before (another end of the same turn,
        another seat's evaluation), and the floods behind the value are the search's main cost.
        The key holds all it reads: his field and sheet, the cracks, the pieces, who stands
        where (his way), the homecoming."""
        board = self.board
        key = (id(board), i, st.pos[i], st.sheets[i], st.home, st.cracks, st.pieces, st.occupied())
        value = _JUDGED.get(key)
        if value is None:
            value = self._hunter_value(st, i)
            if len(_JUDGED) >= JUDGED_CAP:
                _JUDGED.clear()
                _JUDGED_BOARDS.clear()
            _JUDGED[key] = value
            _JUDGED_BOARDS[id(board)] = board  # alive while its values are kept: its id its own
        return value

    def _hunter_value(self, st: NanuukState, i: int) -> float:
        sheet: Sheet = st.sheets[i]
        value = float(sheet.points)
        p = st.pos[i]
        if p < 0:
            return value
        board = self.board
        igloos = board.igloos
        carried = sheet.carried
        gear = bin(carried & (HUSKY | SLEDGE | KAYAK)).count("1")
        in_igloo = bool(igloos >> p & 1)
        if st.home:
            if in_igloo:
                return value + 2.0 + 0.1 * gear
            dist = self._igloo_distance(st, i)
            if dist is None:
                return value + 0.1 * gear
            return value + max(0.5, 1.9 - 0.15 * dist) + 0.1 * gear
        value += GEAR * gear + (HARPOON_VALUE if carried & HARPOON else 0.0)
        value += FREE_SLOT * (4 - sheet.bag.bit_count())
        value += self._prospects(st, i, sheet, in_igloo)
        return value

    def _passable(self, st: NanuukState, i: int) -> int:
        """Fields a hunter may walk through: no other hunter (outside igloos), no bear."""
        board = self.board
        others = st.occupied() & ~(1 << st.pos[i]) & ~board.igloos
        return board.mask & ~others & ~st.pieces[5]

    def _igloo_distance(self, st: NanuukState, i: int) -> int | None:
        board = self.board
        p = st.pos[i]
        start = 1 << p
        if start & board.igloos:
            return 0
        open3 = board.open_masks(st.cracks)
        passable = self._passable(st, i)
        reach = start
        for d in range(1, MAX_DIST + 1):
            grown = board.grow(reach, open3)
            if grown & board.igloos:
                return d
            grown &= passable
            if grown == reach:
                break
            reach = grown
        # blocked by pieces only (or a kayak crossing): far, but not cut off
        if board.reach(start, st.cracks, bool(st.sheets[i].carried & KAYAK)) & board.igloos:
            return MAX_DIST
        return None

    def _prospects(self, st: NanuukState, i: int, sheet: Sheet, in_igloo: bool) -> float:
        """Nearness of what the hunter may take, of an igloo, and of any igloo at all."""
        board = self.board
        pieces = st.pieces
        p = st.pos[i]
        wanted: list[tuple[int, float]] = []  # (mask, value) the hunter would take now
        later = 0  # animals he could take after a visit to an igloo
        whales_about = bool(pieces[3])
        takes = sheet.takes
        fresh = sheet.fresh_inuk
        for k in range(4):
            if not pieces[k]:
                continue
            if takes >> k & 1:  # (the bag's bit of kind k is 1 << k)
                wanted.append((pieces[k], _ANIMAL_WORTH[k]))
            elif k < 3 or fresh:
                later |= pieces[k]
        if not sheet.inuk and whales_about and pieces[4]:
            wanted.append((pieces[4], INUK_VALUE))
        open3 = board.open_masks(st.cracks)
        passable = self._passable(st, i)
        start = 1 << p
        reach = start
        best = 0.0
        igloo_d: int | None = 0 if in_igloo else None
        targets = 0
        for mask, _ in wanted:
            targets |= mask
        found_later = False
        grow, igloos = board.grow, board.igloos
        for d in range(1, MAX_DIST + 1):
            grown = grow(reach, open3)
            new = grown & ~reach
            if not new:
                break
            if new & targets:
                for mask, v in wanted:
                    if new & mask:
                        best = max(best, v * _DECAYED[d - 1])
            if igloo_d is None and new & igloos:
                igloo_d = d
            if new & later:
                found_later = True
            walked = grown & passable | start
            if walked == reach:  # he can go no further: the rounds left would find the same
                break  # fields again (those he cannot enter), each nearer nothing
            reach = walked
            if best >= 4.0 * _DECAYED[d - 1] and igloo_d is not None:
                break
        value = PROSPECT * best
        if found_later and igloo_d is not None:
            value = max(value, 0.5 * PROSPECT * 2.0 * _DECAYED[igloo_d + 2])
        if igloo_d is None:
            region = board.reach(start, st.cracks, bool(sheet.carried & KAYAK))
            if not region & board.igloos:
                value -= CUT_OFF
        else:
            value += HOME_HUNT * _DECAYED[igloo_d]
        return value


# -- the turn search ----------------------------------------------------------------------------
class Budget:
    """A search's allowance: a deadline on ``clock`` (None: no clock, only the work counts) and
    at most ``cap`` units of work (calls of ``out``; None: no cap)."""

    def __init__(
        self, deadline: float, clock: Clock | None = time.perf_counter, cap: int | None = None
    ) -> None:
        self.deadline = deadline  # on ``clock``
        self.clock = clock
        self.cap = cap
        self.nodes = 0
        self.limited = False  # the clock or the cap said "out" at least once

    def out(self) -> bool:
        self.nodes += 1
        if self.cap is not None and self.nodes > self.cap:
            self.limited = True
            return True
        if self.clock is None or self.clock() < self.deadline:
            return False
        self.limited = True
        return True


_EVALUATORS: dict[tuple[Any, int], Evaluator] = {}
# ``Evaluator.hunter_value``'s values, for every seat's evaluator of every game on the board
# (the board by its id: ``_JUDGED_BOARDS`` keeps each alive while its values are kept)
_JUDGED: dict[tuple[Any, ...], float] = {}
_JUDGED_BOARDS: dict[int, Board] = {}
JUDGED_CAP = 32_768  # values kept at most (a few MB); then they are all let go
# ``Evaluator.kept_safeties``: the pieces' safety and its sum by seat, by position (the
# positions kept alive with them: a few hundred, some 2 KB each)
_SAFE: dict[NanuukState, tuple[tuple[float, ...], tuple[float, ...]]] = {}
SAFE_CAP = 512  # (the hits come right after the turn search: 256 kept 90% of them)


def evaluator(spec: Any, seat: int) -> Evaluator:
    key = (spec, seat)
    ev = _EVALUATORS.get(key)
    if ev is None:
        if len(_EVALUATORS) > 256:
            _EVALUATORS.clear()
        ev = _EVALUATORS[key] = Evaluator(spec, seat)
    return ev


class TurnSearch:
    """The rest of one player's turn: a search that is full near the root, then narrows.

    ``widths[d]`` is how many options (the best by the evaluation of the position right after
    them) are followed at depth ``d`` below the root; beyond the list, one (greedy).
    """

    def __init__(
        self,
        root: NanuukState,
        seat: int,
        widths: tuple[int, ...],
        budget: Budget,
    ) -> None:
        self.root = root
        self.seat = seat
        self.ev = evaluator(root.spec, seat)
        self.widths = widths
        self.budget = budget
        self.turns = root.turns[seat]
        self.placing = root.phase == PLACE
        self.memo: dict[NanuukState, tuple[float, tuple[NanuukAction, ...]]] = {}
        self.leaves: dict[NanuukState, float] = {}  # the ends of the turn met so far
        self.lines: dict[NanuukState, tuple[NanuukAction, ...]] = {}  # and the way to each

    def mine(self, st: NanuukState) -> bool:
        """Is ``st`` still within the turn being searched?"""
        return (
            not st.is_over()
            and st.seat == self.seat
            and st.turns[self.seat] == self.turns
            and (st.phase == PLACE) == self.placing
        )

    def value(
        self, st: NanuukState, depth: int, path: tuple[NanuukAction, ...]
    ) -> tuple[float, tuple[NanuukAction, ...]]:
        """The best value of the turn's end reachable from ``st``, and the actions to it.

        ``path`` is the way from the root to ``st``.
        """
        if not self.mine(st):
            if st not in self.lines:
                self.lines[st] = path
            return self.quick(st), ()
        found = self.memo.get(st)
        if found is not None:
            return found
        actions = st.legal_actions()
        width = self.widths[depth] if depth < len(self.widths) else 1
        children = [(a, st.apply_legal(a)) for a in actions]  # actions: the legal list's
        if len(children) > width or self.budget.out():
            if self.budget.out():
                width = 1
            ranked = sorted(children, key=lambda ac: -self.quick(ac[1]))
            children = ranked[:width]
        best = -float("inf")
        line: tuple[NanuukAction, ...] = ()
        for a, child in children:
            v, rest = self.value(child, depth + 1, (*path, a))
            if v > best:
                best, line = v, (a, *rest)
        self.memo[st] = (best, line)
        return best, line

    def quick(self, st: NanuukState) -> float:
        if not self.mine(st):
            v = self.leaves.get(st)
            if v is None:
                v = self.leaves[st] = self.ev(st)
            return v
        return self.ev(st)

    def root_values(
        self, rng: random.Random
    ) -> list[tuple[float, NanuukAction, tuple[NanuukAction, ...]]]:
        """Each root action with the value of the best end of the turn after it (best first).

        Actions are searched best-first by their immediate value; those the budget leaves
        unsearched keep only that immediate value and come after the searched ones.
        """
        st = self.root
        actions = list(st.legal_actions())
        rng.shuffle(actions)  # ties are broken at random
        children = [(a, st.apply_legal(a)) for a in actions]  # actions: the legal list's
        quick = [(self.quick(c), k) for k, (_, c) in enumerate(children)]
        quick.sort(key=lambda vk: -vk[0])
        limit = self.widths[0] if self.widths else len(children)
        searched: list[tuple[float, NanuukAction, tuple[NanuukAction, ...]]] = []
        rest: list[tuple[float, NanuukAction, tuple[NanuukAction, ...]]] = []
        for rank, (qv, k) in enumerate(quick):
            a, child = children[k]
            if rank < limit and (not searched or not self.budget.out()):
                v, line = self.value(child, 1, (a,))
                searched.append((v, a, (a, *line)))
            else:
                rest.append((qv - WIN / 100, a, (a,)))
        searched.sort(key=lambda t: -t[0])
        return searched + rest


class Planner:
    """Remembers the line chosen for the turn so that its later actions need no thought."""

    def __init__(self) -> None:
        self.plan: dict[NanuukState, NanuukAction] = {}

    def follow(self, view: NanuukState) -> NanuukAction | None:
        action = self.plan.get(view)
        if action is not None and action in view.legal_actions():
            return action
        return None

    def settled(self, view: NanuukState) -> NanuukAction | None:
        """The answer that needs no search: the only legal action, or the plan's next one."""
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        if len(actions) == 1:
            return actions[0]
        return self.follow(view)

    def remember(self, view: NanuukState, line: tuple[NanuukAction, ...]) -> None:
        self.plan = {}
        st = view
        for a in line:
            if st.is_over() or a not in st.legal_actions():
                break
            self.plan[st] = a
            st = st.apply(a)


# -- the bots -----------------------------------------------------------------------------------
def _enclosed(st: NanuukState, seat: int) -> bool:
    """A piece that matters to ``seat`` has no way out (by ice alone in the 2-player intro)."""
    spec = st.spec
    variant = spec.variant
    board = spec.board
    if variant == BEAR_FEAR:
        critical = [spec.index[f"Inuk {seat + 1}"]]
    elif variant == HELPERS:
        critical = [spec.of_seat(seat)[0]]
    elif variant == BEAR_HUNT:
        bear = spec.index["bear"]
        if spec.movers[bear].seat == seat:
            critical = [bear]
        else:
            critical = [spec.index["Inuk 1"], spec.index["Inuk 2"]]
    else:
        critical = list(spec.of_seat(seat))
    ice = variant == INTRO and spec.players == 2
    for i in critical:
        p = st.pos[i]
        if p < 0:
            continue
        if ice:
            if all(st.cracks & e for _, e in board.steps[p]):
                return True
        elif not moves.targets(st, i):
            return True
    if ice and all(not moves.targets(st, i) for i in critical if st.pos[i] >= 0):
        return True
    return False


class NormalBot:
    """Whole-turn look-ahead with a heuristic evaluation; follows its plan within the turn."""

    LEVEL = "normal"
    WIDTHS: tuple[int, ...] = (24, 8, 3, 2)

    def __init__(
        self, iterations: int | None = None, timed: bool = False, clock: Clock | None = None
    ) -> None:
        self.planner = Planner()
        self.effort = Effort(iterations, timed)  # work: the turn search's nodes
        self.clock = clock if clock is not None else time.perf_counter
        self.last_iterations = 0  # the nodes of the last search (the bench)
        self.last_limited = False  # and whether its budget ended it

    def choose(self, view: NanuukState, rng: random.Random, budget_s: float) -> NanuukAction:
        self.last_iterations, self.last_limited = 0, False
        settled = self.planner.settled(view)
        if settled is not None:
            return settled
        budget = allowance(self.effort, self.LEVEL, budget_s, self.clock)
        line = self.think(view, rng, budget)
        self.last_iterations, self.last_limited = budget.nodes, budget.limited
        self.planner.remember(view, line)
        return line[0]

    def think(
        self, view: NanuukState, rng: random.Random, budget: Budget
    ) -> tuple[NanuukAction, ...]:
        search = TurnSearch(view, view.seat, self.WIDTHS, budget)
        return search.root_values(rng)[0][2]
