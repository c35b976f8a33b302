"""The hard bot for Nanuuk!: Monte Carlo tree search over the small actions, on the real rules.

A turn is a short sequence of small actions (choose, step, crack, take or leave, banish, igloo,
done) and the bot is asked once per small action; the search works at that grain, so the tree
below one answer is the tree of the next question of the same turn, and of the next turn.

- **Nodes**: one per state met (nothing is hidden in Nanuuk!, so a view is the state). A node is
  expanded on its first visit as a leaf: every legal action is applied once and each child is
  scored with the heuristic (:class:`Values`, below). Those scores are
  the children's priors (progressive bias: a prior counts as ``PRIOR_VISITS`` visits of its
  value) and order them for progressive widening (only the best ``~2 sqrt(visits)`` are open to
  selection, which keeps a polar bear's fifty banishment fields or the placement's sixty fields
  from swallowing the search).
- **Leaf value**: a short greedy rollout: from the new leaf, the mover's best child by the
  heuristic, then again, until the turn in progress is over (at most ``ROLLOUT_ACTIONS`` small
  actions); its heuristic vector is backed up. So a position in the middle of a turn (a step
  taken, the crack or the take still open) is judged as the end of that turn.
- **Backups**: max^n. Every value is a vector with one component per seat (a share of a win in
  [0, 1]); each node's mover picks the child that is best for his own component (UCT on that
  component). With two players the vectors sum to one, and max^n is plain minimax (paranoid).
- **Values**: the normal bot's :class:`~game.ai.nanuuk.Evaluator`, per seat, squashed by a
  logistic: in the full game each seat's value relative to the others (points, gear, prospects,
  the way home), in the introduction games the safety of the pieces that matter. A finished game
  is worth its share of the win (the full game adds a little for the margin).
- **Tree reuse**: the tree is kept between calls. After an answer the root moves to the child
  played; on the next call the bot looks for the new position below the old root (other players'
  actions in between), following only children whose cracks the new position has (cracks only
  grow), and searches on from there with the visits it already has. A new tree begins when the
  position is not found or the tree has grown past ``MAX_NODES``.
- **Time**: at most ``min(budget_s, 2.0)`` seconds a call, of which ``SHARE`` is planned; the
  search stops early when the most visited action can no longer be overtaken in the time left
  (so the later questions of a turn, well searched already, are answered at once). The garbage
  collector is paused during a search (the tree has no cycles; reference counting frees it).

The chosen action is the most visited child of the root. The bot uses only the ``rng`` it is
given (for ties), and with ``iterations`` set it stops after that many iterations, which makes
it deterministic for tests.
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Any

from game.ai.nanuuk import evaluator
from game.rules.nanuuk import NanuukState
from game.rules.nanuuk.actions import NanuukAction
from game.rules.nanuuk.spec import FULL
from game.rules.nanuuk.state import TAKE

CAP_S = 2.0  # the hard level's ceiling on the budget (seconds per call)
SHARE = 0.75  # the share of the budget the search plans to use
C_UCT = 0.1  # exploration weight (values are shares of a win, in [0, 1])
PRIOR_VISITS = 3.0  # a child's heuristic prior counts as this many visits of its value
WIDEN = 2.0  # progressive widening: open children ~ WIDEN * sqrt(visits), at least 2
ROLLOUT_ACTIONS = 8  # at most this many greedy small actions to finish the turn of a leaf
FULL_SCALE = 2.0  # logistic scale of the full game's relative seat values (points)
INTRO_SCALE = 25.0  # logistic scale of the introduction games' evaluation
HEURISTIC_SPAN = 0.9  # heuristic values lie in [0.05, 0.95]: below a won game, above a lost one
MARGIN_SHARE = 0.1  # full game: the part of a finished game's value that is the margin
MAX_NODES = 150_000  # a tree that grows beyond this is dropped (memory, and time to search it)
CACHE_SIZE = 200_000  # value vectors kept  # a tree that grows beyond this is dropped (memory)


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
            st = st.apply(st.legal_actions()[0])
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
    """A state in the tree: its prior vector, visits, summed values and (once expanded) children.

    ``children`` is None until the node is expanded, then its (action, child) pairs, best first
    for the mover by prior.
    """

    __slots__ = ("state", "mover", "prior", "visits", "total", "children")

    def __init__(self, state: NanuukState, prior: list[float]) -> None:
        self.state = state
        self.mover = -1 if state.is_over() else state.seat
        self.prior = prior
        self.visits = 0
        self.total = [0.0] * len(prior)
        self.children: list[tuple[NanuukAction, Node]] | None = None

    def q(self, seat: int) -> float:
        """The mean value for ``seat``, the prior counting as ``PRIOR_VISITS`` visits."""
        return (self.total[seat] + PRIOR_VISITS * self.prior[seat]) / (self.visits + PRIOR_VISITS)


class HardBot:
    """MCTS with heuristic priors, greedy turn-completing rollouts, max^n backups, tree reuse."""

    LEVEL = "hard"

    def __init__(self, iterations: int | None = None) -> None:
        self.iterations = iterations  # a cap per call (tests); None: only the clock limits
        self.root: Node | None = None
        self.values: Values | None = None
        self.nodes = 0  # nodes made since the tree began (for the memory cap)
        self.reused = 0  # visits the root had before the last search (tests, statistics)
        self.last_iterations = 0

    # -- the protocol --------------------------------------------------------------------------
    def choose(self, view: NanuukState, rng: random.Random, budget_s: float) -> NanuukAction:
        start = time.perf_counter()
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        deadline = start + max(0.0, min(budget_s, CAP_S)) * SHARE
        root = self._root_for(view)
        self.reused = root.visits
        if len(actions) == 1:
            self._advance(root, actions[0])
            return actions[0]
        collecting = gc.isenabled()
        gc.disable()  # the tree is acyclic: reference counts free it; no long collector pauses
        try:
            self._search(root, deadline)
        finally:
            if collecting:
                gc.enable()
        action = self._best(root, rng)
        self._advance(root, action)
        return action

    # -- the tree ------------------------------------------------------------------------------
    def _root_for(self, view: NanuukState) -> Node:
        """The node of ``view`` in the kept tree, or a new tree."""
        old = self.root
        if old is not None and old.state.spec == view.spec and self.nodes < MAX_NODES:
            found = _find(old, view)
            if found is not None:
                # the nodes kept: about as many per visit as in the whole old tree
                self.nodes = found.visits * self.nodes // max(1, old.visits) + 1
                self.root = found
                return found
        self.values = Values(view.spec)
        self.nodes = 1
        self.root = Node(view, self.values(view))
        return self.root

    def _advance(self, root: Node, action: NanuukAction) -> None:
        """The action is played: its child becomes the root (if the tree has it)."""
        if root.children is not None:
            for a, child in root.children:
                if a == action:
                    self.root = child
                    return
        self.root = root  # found again (or not) below the root on the next call

    def _search(self, root: Node, deadline: float) -> None:
        cap = self.iterations
        done = 0
        began = time.perf_counter()
        while True:
            self._iterate(root)
            done += 1
            if cap is not None and done >= cap:
                break
            now = time.perf_counter()
            if now >= deadline:
                break
            if done & 15 == 0:
                more = done / max(now - began, 1e-6) * (deadline - now)
                if self._settled(root, more):
                    break
        self.last_iterations = done

    @staticmethod
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

    def _iterate(self, root: Node) -> None:
        values = self.values
        assert values is not None
        node = root
        path = [node]
        while node.children is not None and node.children:
            node = self._select(node)
            path.append(node)
        if node.state.is_over():
            result = node.prior
        else:
            self._expand(node)
            result = self._rollout(node)
        for n in path:
            n.visits += 1
            total = n.total
            for s, v in enumerate(result):
                total[s] += v

    @staticmethod
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

    def _expand(self, node: Node) -> None:
        values = self.values
        assert values is not None
        st = node.state
        seat = node.mover
        kids = []
        for a in st.legal_actions():
            child_state = st.apply(a)
            kids.append((a, Node(child_state, values(child_state))))
        kids.sort(key=lambda ak: -ak[1].prior[seat])
        node.children = kids
        self.nodes += len(kids)

    def _rollout(self, node: Node) -> list[float]:
        """The value of a freshly expanded leaf: its mover's greedy line to the end of the turn."""
        children = node.children
        if not children:
            return node.prior
        seat = node.mover
        first = children[0][1]  # best for the mover by prior
        st = first.state
        turns = node.state.turns
        if st.is_over() or st.seat != seat or st.turns != turns:
            return first.prior
        values = self.values
        assert values is not None
        vec = first.prior
        for _ in range(ROLLOUT_ACTIONS):
            best_v: list[float] | None = None
            best_st = st
            for a in st.legal_actions():
                nxt = st.apply(a)
                v = values(nxt)
                if best_v is None or v[seat] > best_v[seat]:
                    best_v, best_st = v, nxt
            if best_v is None:
                break
            st, vec = best_st, best_v
            if st.is_over() or st.seat != seat or st.turns != turns:
                break
        return vec

    @staticmethod
    def _best(root: Node, rng: random.Random) -> NanuukAction:
        children = root.children
        assert children
        seat = root.mover
        top = max(c.visits for _, c in children)
        best = [(a, c) for a, c in children if c.visits == top]
        best_q = max(c.q(seat) for _, c in best)
        tied = [a for a, c in best if c.q(seat) >= best_q - 1e-12]
        return tied[0] if len(tied) == 1 else rng.choice(tied)


def _find(root: Node, view: NanuukState) -> Node | None:
    """The node of ``view`` below ``root`` (or ``root`` itself), following only children whose
    cracks ``view`` has and whose turn counts it has not passed."""
    cracks = view.cracks
    turns = view.turns
    stack = [root]
    seen = 0
    while stack:
        node = stack.pop()
        st = node.state
        seen += 1
        if seen > 20_000:
            return None
        if st.cracks == cracks and st.pos == view.pos and st == view:
            return node
        if node.children is None:
            continue
        for _, child in node.children:
            c = child.state
            if c.cracks & ~cracks:
                continue
            if any(a > b for a, b in zip(c.turns, turns, strict=True)):
                continue
            stack.append(child)
    return None
