"""The hard bot for Nanuuk!: Monte Carlo tree search over whole turns, on the real rules.

A turn is a short sequence of small actions (choose, step, crack, take or leave, banish, igloo,
done). The normal bot searches the rest of its own turn and judges where it ends; this bot
searches turns *and the replies to them*:

- **Nodes**: positions at which a turn begins (the root may be in the middle of one). Nothing is
  hidden in Nanuuk!, so a view is the state.
- **Expansion**: the mover's candidate turns come from the normal bot's turn search
  (:class:`~game.games.nanuuk.bots.simple.TurnSearch`, narrower widths): of the ends of the
  turn it met, the best ``CANDIDATES`` for the mover by the evaluation become children, each
  with the line of small actions that reaches it. A child's heuristic value vector
  (:class:`Values`) is its prior (it counts as ``PRIOR_VISITS`` visits) and orders the
  children for progressive widening.
- **Leaf value**: the expanded node's best child for its mover, i.e. the position after the
  mover's best turn by the evaluation (the normal bot's whole judgement, one turn deeper).
- **Backups**: max^n. Every value is a vector with one component per seat (a share of a win in
  [0, 1]); each node's mover picks the child that is best for his own component (UCT on that
  component). With two players the vectors sum to one, and max^n is plain minimax (paranoid).
- **Values**: the normal bot's :class:`~game.games.nanuuk.bots.simple.Evaluator`, per seat, squashed
  by a logistic: in the full game each seat's value relative to the others (points, gear, prospects,
  the way home), in the introduction games the safety of the pieces that matter. A finished game
  is worth its share of the win (the full game adds a little for the margin).
- **Tree reuse**: the chosen child's line is the plan for the rest of the turn, so the later
  small actions of a turn are answered from the tree at once (while the position is the one the
  plan expects). The chosen child becomes the root; on the bot's next turn the new position is
  looked for among the replies below it, and the search goes on with the visits it has.
- **Time**: at most ``min(budget_s, 2.0)`` seconds a call, of which ``SHARE`` is planned (and
  no expansion is begun that might run past ``LIMIT`` of it, by the longest one so far); the
  search stops early when the most visited turn can no longer be overtaken in the time left.
  The garbage collector is paused during a search and the tree frozen after it (it has no
  cycles; reference counts free it), so no collector pause walks it.

The chosen turn is the most visited child of the root. The bot uses only the ``rng`` it is given
(ties, the order of equal candidates). Made with a work budget (``iterations``, see
``game.protocol.bots``) it stops after that many iterations (or sooner, when the most visited
turn can no longer be overtaken in the iterations left) and never reads its clock, not even in
the turn searches of its expansions: it plays the same on every machine. Made ``timed`` as well,
it stops at whichever comes first, the iterations or the clock.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable
from typing import Any

from game.games.nanuuk.bots.simple import Budget, Planner, TurnSearch, evaluator
from game.games.nanuuk.rules import NanuukState
from game.games.nanuuk.rules.actions import NanuukAction
from game.games.nanuuk.rules.phases import TAKE
from game.games.nanuuk.rules.spec import FULL
from game.protocol.bots import BUDGETS, Effort

CAP_S = BUDGETS["hard"]  # the hard level's ceiling on the budget (seconds per call)
SHARE = 0.75  # the share of the budget the search plans to use
LIMIT = 0.9  # no expansion is begun that, as long as the longest so far, would end past this
C_UCT = 0.15  # exploration weight (values are shares of a win, in [0, 1])
PRIOR_VISITS = 2.0  # a child's heuristic prior counts as this many visits of its value
WIDEN = 1.5  # progressive widening: open children ~ WIDEN * sqrt(visits), at least 2
CANDIDATES = 8  # turns considered per position (the best ends of the turn search)
WIDTHS = (24, 8, 3, 2)  # the turn search that finds them (as wide as the normal bot's)
FULL_SCALE = 2.0  # logistic scale of the full game's relative seat values (points)
INTRO_SCALE = 25.0  # logistic scale of the introduction games' evaluation
HEURISTIC_SPAN = 0.9  # heuristic values lie in [0.05, 0.95]: below a won game, above a lost one
MARGIN_SHARE = 0.1  # full game: the part of a finished game's value that is the margin
MAX_NODES = 60_000  # a tree that grows beyond this is dropped (memory, and time to search it)
CACHE_SIZE = 200_000  # value vectors kept


def _squash(x: float) -> float:
    """A heuristic value in (0.05, 0.95): never as good as a win nor as bad as a loss."""
    if x < -40.0:
        x = -40.0
    elif x > 40.0:
        x = 40.0
    return 0.5 * (1.0 - HEURISTIC_SPAN) + HEURISTIC_SPAN / (1.0 + math.exp(-x))


class Values:
    """The value vector of a state: one share of a win in [0, 1] per seat."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec
        self.n = spec.players
        self.full = spec.variant == FULL
        self.evs = [evaluator(spec, s) for s in range(self.n)]
        self.cache: dict[NanuukState, list[float]] = {}

    def __call__(self, st: NanuukState) -> list[float]:
        """The vector of ``st`` (cached: rollouts and expansions meet the same states)."""
        cache = self.cache
        found = cache.get(st)
        if found is None:
            if len(cache) > CACHE_SIZE:
                cache.clear()
            found = cache[st] = self.compute(st)
        return found

    def compute(self, st: NanuukState) -> list[float]:
        if st.phase == TAKE:
            # The animal under the hunter is not in the evaluation's prospects (they start one
            # step away), and taking it is his choice: judge the field as taken.
            st = st.apply_legal(st.legal_actions()[0])
        if st.is_over():
            return self.terminal(st)
        n = self.n
        if self.full:
            ev = self.evs[0]
            sv = [ev.seat_value(st, s) for s in range(n)]
            out = []
            for s in range(n):
                others = sv[:s] + sv[s + 1 :]
                rel = sv[s] - 0.5 * (max(others) + sum(others) / len(others))
                out.append(_squash(rel / FULL_SCALE))
            return out
        if n == 2:
            d = 0.5 * (self.evs[0](st) - self.evs[1](st))
            p = _squash(d / INTRO_SCALE)
            return [p, 1.0 - p]  # in (0.05, 0.95), so the pair sums to one
        out = [_squash(self.evs[s](st) / INTRO_SCALE) for s in range(n)]
        for s in st.out:
            out[s] = 0.0
        return out

    def terminal(self, st: NanuukState) -> list[float]:
        winners = st.winners
        n = self.n
        share = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        if not self.full:
            return share
        scores = [st.score(s) for s in range(n)]
        out = []
        for s in range(n):
            margin = scores[s] - max(scores[:s] + scores[s + 1 :])
            bonus = MARGIN_SHARE / (1.0 + math.exp(-max(-40.0, min(40.0, margin / FULL_SCALE))))
            out.append((1 - MARGIN_SHARE) * share[s] + bonus)
        return out


class Node:
    """A position where a turn begins: its prior vector, visits, summed values and (once
    expanded) its candidate turns as (line, child) pairs, best first for the mover by prior."""

    __slots__ = ("state", "mover", "prior", "visits", "total", "children")

    def __init__(self, state: NanuukState, prior: list[float]) -> None:
        self.state = state
        self.mover = -1 if state.is_over() else state.seat
        self.prior = prior
        self.visits = 0
        self.total = [0.0] * len(prior)
        self.children: list[tuple[tuple[NanuukAction, ...], Node]] | None = None

    def q(self, seat: int) -> float:
        """The mean value for ``seat``, the prior counting as ``PRIOR_VISITS`` visits."""
        return (self.total[seat] + PRIOR_VISITS * self.prior[seat]) / (self.visits + PRIOR_VISITS)


class HardBot:
    """MCTS over whole turns: turn-search candidates, heuristic priors, max^n, tree reuse."""

    LEVEL = "hard"

    def __init__(
        self,
        iterations: int | None = None,
        timed: bool = False,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.effort = Effort(iterations, timed)
        self.iterations = iterations  # a cap per call; None: only the clock limits
        # seconds; tests give a clock of their own to check the budget
        self.clock = clock if clock is not None else time.perf_counter
        self.root: Node | None = None
        self.values: Values | None = None
        self.planner = Planner()
        self.nodes = 0  # nodes made since the tree began (for the memory cap)
        self.reused = 0  # visits the root had before the last search (tests, statistics)
        self.last_iterations = 0
        self.last_limited = False  # the last search ended by its budget (not settled, solved)
        self.searches = 0  # searches made (tests: the later actions of a turn need none)
        self.deadline = self.limit = math.inf
        self.rng = random.Random(0)

    # -- the protocol --------------------------------------------------------------------------
    def choose(self, view: NanuukState, rng: random.Random, budget_s: float) -> NanuukAction:
        start = self.clock() if self.effort.clocked else 0.0
        self.last_iterations, self.last_limited = 0, False
        settled = self.planner.settled(view)
        if settled is not None:
            return settled
        if self.effort.clocked:
            budget = max(0.0, min(budget_s, CAP_S))
            self.deadline = start + budget * SHARE
            self.limit = start + budget * LIMIT
        else:  # a fixed work budget: no clock at all
            self.deadline = self.limit = math.inf
        self.rng = rng
        self.searches += 1
        root = self._root_for(view)
        self.reused = root.visits
        collecting = gc.isenabled()
        gc.disable()  # the tree is acyclic: reference counts free it; no long collector pauses
        try:
            self._search(root)
        finally:
            # The search's objects are long-lived and acyclic. Frozen, they are left out of later
            # collections; otherwise the first collection after the search walks the whole tree
            # (0.05-0.35 s measured, billed to this answer or to the next bot's).
            gc.freeze()
            if collecting:
                gc.enable()
        line, child = self._best(root, rng)
        self.planner.remember(view, line)
        self.root = child
        return line[0]

    # -- the tree ------------------------------------------------------------------------------
    def _root_for(self, view: NanuukState) -> Node:
        """The node of ``view`` in the kept tree, or a new tree."""
        old = self.root
        if old is not None and old.state.spec == view.spec and self.nodes < MAX_NODES:
            found = _find(old, view)
            if found is not None:
                self.root = found
                return found
        self.values = Values(view.spec)
        self.nodes = 1
        self.root = Node(view, self.values(view))
        return self.root

    def _search(self, root: Node) -> None:
        cap = self.iterations
        clocked = self.effort.clocked
        deadline = self.deadline
        done = 0
        began = now = self.clock() if clocked else 0.0
        longest = 0.0  # the longest iteration so far: an expansion can take a while
        self.last_limited = False
        while True:
            if not self._iterate(root):
                break  # the whole tree is solved (every line ends the game)
            done += 1
            if cap is not None and done >= cap:
                self.last_limited = True
                break
            if clocked:
                last, now = now, self.clock()
                longest = max(longest, now - last)
                if now >= deadline or now + longest >= self.limit:
                    self.last_limited = True
                    break
            if done & 3 == 0:
                more = math.inf if cap is None else float(cap - done)
                if clocked:
                    more = min(more, done / max(now - began, 1e-6) * (deadline - now))
                if _settled(root, more):
                    break
        self.last_iterations = done

    def _iterate(self, root: Node) -> bool:
        """One selection, expansion and backup; False when there is nothing left to expand."""
        node = root
        path = [node]
        while node.children:
            node = _select(node)
            path.append(node)
        if node.children is None and not node.state.is_over():
            self._expand(node)
            kids = node.children
            result = kids[0][1].prior if kids else node.prior
        elif node is root:
            return False
        else:
            result = node.prior  # a finished game: its value is exact
        for n in path:
            n.visits += 1
            total = n.total
            for s, v in enumerate(result):
                total[s] += v
        return True

    def _expand(self, node: Node) -> None:
        """The mover's best few ends of the turn (by the turn search), each with its line."""
        values = self.values
        assert values is not None
        st = node.state
        seat = node.mover
        clock = self.clock if self.effort.clocked else None  # a fixed work budget: no clock
        search = TurnSearch(st, seat, WIDTHS, Budget(self.deadline, clock))
        search.root_values(self.rng)
        ends = sorted(search.lines, key=lambda end: -search.leaves.get(end, -math.inf))
        kids = [(search.lines[end], Node(end, values(end))) for end in ends[:CANDIDATES]]
        kids.sort(key=lambda lk: -lk[1].prior[seat])
        node.children = kids
        self.nodes += len(kids)

    @staticmethod
    def _best(root: Node, rng: random.Random) -> tuple[tuple[NanuukAction, ...], Node]:
        children = root.children
        assert children
        seat = root.mover
        top = max(c.visits for _, c in children)
        best = [(line, c) for line, c in children if c.visits == top]
        best_q = max(c.q(seat) for _, c in best)
        tied = [lc for lc in best if lc[1].q(seat) >= best_q - 1e-12]
        return tied[0] if len(tied) == 1 else rng.choice(tied)


def _select(node: Node) -> Node:
    children = node.children
    assert children
    seat = node.mover
    open_ = max(2, int(WIDEN * math.sqrt(node.visits + 1)))
    log_n = math.log(node.visits + 1)
    best = children[0][1]
    best_score = -1.0
    for _, child in children[:open_]:
        score = child.q(seat) + C_UCT * math.sqrt(log_n / (child.visits + 1))
        if score > best_score:
            best, best_score = child, score
    return best


def _settled(root: Node, more: float) -> bool:
    """The most visited child cannot be overtaken by ``more`` iterations."""
    children = root.children
    if not children or len(children) < 2:
        return True
    first = second = 0
    for _, c in children:
        v = c.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > more


def _find(root: Node, view: NanuukState) -> Node | None:
    """The node of ``view`` among the turns below ``root``: breadth first, as many turns deep as
    there are players (the others' turns since the bot's own), so a miss costs little."""
    layer = [root]
    for _ in range(view.spec.players):
        for node in layer:
            if node.state == view:
                return node
        layer = [c for n in layer if n.children for _, c in n.children]
        if not layer:
            break
    return None
