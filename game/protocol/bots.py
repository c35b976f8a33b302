"""One bot interface for every game (the bots by game and level: ``game.play.bots``).

A bot receives only ``state.view(seat)`` for the seat to move, a seeded ``random.Random`` (never
the global one) and a wall-clock budget in seconds, and returns one of ``view.legal_actions()``.

Besides its time budget a bot takes a **work budget** when it is made: ``iterations``, the units
its search counts (Nanuuk!'s Normal: turn-search nodes, Hard: tree-search iterations; Kap
Hoorn's Hard: play-outs; Der Berg ruft's Hard: CFR+ iterations; a bot that does not search, Easy
in every game (:class:`BeginnerBot`), counts none and takes it all the same). Every bot class is
made as ``cls(iterations=None, timed=False)`` (:class:`BotClass`):

- ``iterations=None``: the clock alone limits the search (the time budget of each call);
- ``iterations=N``: exactly that work, and the bot never reads its clock: its choice depends
  only on the view, the rng and N, so it is the same on every machine (tournaments, tests);
- ``iterations=N, timed=True``: whichever comes first, the time budget or N (the shipped
  levels, ``levels/<game>/bots.toml``: a fast machine does not make a level stronger).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
# The default thinking budget per level, in seconds (headless tools; the screen passes its own).
# Nanuuk!'s bots also cap any budget they are given at these figures.
BUDGETS: dict[str, float] = {"easy": 0.1, "normal": 0.5, "hard": 2.0, "demo": 0.15}
DEMO = "demo"  # kiosk attract games only; not offered in the set-up screen


@dataclass(frozen=True)
class Effort:
    """How a bot is made for a level: its work budget (None: the clock alone decides) and, with
    one, whether the clock limits too (``timed``: whichever comes first)."""

    iterations: int | None = None
    timed: bool = False

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"a work budget is at least 1 iteration, not {self.iterations}")

    @property
    def clocked(self) -> bool:
        """Whether the bot may read its clock: without a work budget, or a timed one."""
        return self.iterations is None or self.timed


def demo_level(levels: Sequence[str]) -> str:
    """The level a demo game's bots play at (wrapped in ``DemoBot``): "normal", or the game's
    first level if it has no "normal"."""
    return "normal" if "normal" in levels or not levels else levels[0]


class Bot(Protocol):
    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        """Return one of ``view.legal_actions()``; ``view`` is the mover's redacted view."""
        ...


class BotClass(Protocol):
    """A bot class (a plugin's ``bot_paths`` name one per level): made with a work budget."""

    def __call__(self, iterations: int | None = None, timed: bool = False) -> Bot: ...


class RandomBot:
    """Any legal action, uniformly: works for every game (it counts no work and reads no clock,
    so it takes a work budget and has nothing to do with it)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        self.effort = Effort(iterations, timed)

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        return rng.choice(actions)


class DemoBot:
    """A lively opponent for demo games: the normal bot, but now and then (``whim``) any legal
    action, so no two attract games look alike and none drags on. Its work budget is the inner
    bot's (made with it)."""

    whim = 0.08

    def __init__(self, inner: Bot) -> None:
        self.inner = inner

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        if rng.random() < self.whim:
            return rng.choice(view.legal_actions())
        return self.inner.choose(view, rng, budget_s)


# -- a beginner, and a one-ply greedy player to measure it by --------------------------------------


@dataclass(frozen=True)
class Line:
    """One move a player might make: its ``actions`` (the first legal now; the rest the same
    player's, in the same turn) and the position ``after`` them as the player can know it (on
    the view, or on one determinization of it; None where the outcome hangs on what the player
    cannot see, e.g. a guess at a hidden number)."""

    actions: tuple[Any, ...]
    after: Any = None


class BeginnerHook(Protocol):
    """What :class:`BeginnerBot` asks a game (a small class in the game's ``bots`` folder)."""

    def turn_key(self, view: Any) -> Any:
        """The mover's current turn (a plan made in it is followed while the key stays)."""
        ...

    def lines(self, view: Any, rng: random.Random) -> Sequence[Line]:
        """The moves a beginner considers now (every legal first action among them)."""
        ...

    def lost(self, after: Any, seat: int) -> bool:
        """After this move ``seat`` has lost at once, though the game is not over yet (e.g.
        its own piece enclosed); a finished game the bot checks itself."""
        ...

    def hands_over(self, after: Any, seat: int) -> bool:
        """After this move the next player can win at once (False where that does not fit
        the game, or where a beginner could not see it)."""
        ...

    def plausibility(self, view: Any, line: Line) -> float:
        """How likely a beginner is to make this move (a weight, 0 or more; all 0: uniform)."""
        ...


def whole_turns(state: Any, within: Any) -> list[Line]:
    """Every way to play the rest of the mover's turn from ``state``: the lines of actions until
    ``within(position)`` is false (the turn is over), one line per distinct end position."""
    ends: dict[Any, Line] = {}
    seen: set[Any] = set()
    todo: list[tuple[tuple[Any, ...], Any]] = [((), state)]
    while todo:
        path, st = todo.pop()
        for action in st.legal_actions():
            nxt = st.apply(action)
            line = (*path, action)
            if within(nxt):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append((line, nxt))
            elif nxt not in ends:
                ends[nxt] = Line(line, nxt)
    return sorted(ends.values(), key=lambda ln: [str(a) for a in ln.actions])


def won_by(after: Any, seat: int) -> bool | None:
    """True if the game is over and ``seat`` among its winners, False if over without it, None
    while it goes on (or the position is unknown)."""
    if after is None or not after.is_over():
        return None
    outcome = after.outcome()
    return outcome is not None and seat in outcome.winners


class TurnKeyed(Protocol):
    def turn_key(self, view: Any) -> Any: ...


class LineBot:
    """A bot whose move may be several actions (a whole turn, a ``Line``): it keeps the rest
    as its plan and follows it while the turn (``hook.turn_key``) lasts and the rules allow it;
    ``line`` chooses a new move."""

    hook: TurnKeyed
    plan: tuple[Any, tuple[Any, ...]]

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        key = self.hook.turn_key(view)
        planned_key, rest = self.plan
        if rest and planned_key == key and rest[0] in actions:
            self.plan = (key, rest[1:])
            return rest[0]
        line = self.line(view, rng)
        self.plan = (key, line.actions[1:])
        return line.actions[0]

    def line(self, view: Any, rng: random.Random) -> Line:
        raise NotImplementedError


class BeginnerBot(LineBot):
    """Easy, in every game: it plays like a beginner, never a search.

    It takes a move that wins at once; it avoids a move after which it has lost at once, and
    one that hands the next player an immediate win (where the game's hook sees such a thing),
    while another move is left; among the rest it draws one at random, weighted by the game's
    ``plausibility`` (hunting rather than wandering, sailing forward, guessing in the middle of
    what the hints leave). It sees only its view (the hook determinizes it where the rules
    offer that), reads no clock and counts no work: made with a work budget it plays the same.
    A move of several actions (a whole turn) is kept as a plan and followed within the turn.
    """

    hook: BeginnerHook

    def __init__(
        self, hook: BeginnerHook, iterations: int | None = None, timed: bool = False
    ) -> None:
        self.hook = hook
        self.effort = Effort(iterations, timed)  # nothing to count, no clock to read
        self.plan: tuple[Any, tuple[Any, ...]] = (None, ())
        self.last_choice = ""  # "win", "safe", "unsafe" or "any": how the last move was chosen

    def line(self, view: Any, rng: random.Random) -> Line:
        """The move: a win at once; else a plausible one among those that do not lose at once."""
        seat = view.current_player
        lines = list(self.hook.lines(view, rng))
        if not lines:
            self.last_choice = "any"
            return Line((rng.choice(view.legal_actions()),))
        wins = [ln for ln in lines if won_by(ln.after, seat)]
        if wins:
            self.last_choice = "win"
            return rng.choice(wins)
        alive = [
            ln
            for ln in lines
            if ln.after is None
            or (won_by(ln.after, seat) is None and not self.hook.lost(ln.after, seat))
        ]
        safe = [ln for ln in alive if ln.after is None or not self.hook.hands_over(ln.after, seat)]
        pool, self.last_choice = (
            (safe, "safe") if safe else (alive, "unsafe") if alive else (lines, "any")
        )
        slip = getattr(self.hook, "slip", None)
        if slip is not None and rng.random() < slip(view):
            # a beginner's attention slips: one action on impulse, no plan (still a safe one)
            return rng.choice([ln for ln in pool if len(ln.actions) == 1] or pool)
        weights = [max(0.0, self.hook.plausibility(view, ln)) for ln in pool]
        if sum(weights) <= 0:
            return rng.choice(pool)
        return rng.choices(pool, weights=weights)[0]


class GreedyHook(Protocol):
    """What :class:`GreedyBot` asks a game: its moves, each with the game's evaluation of the
    position after it (for the mover; higher is better)."""

    def turn_key(self, view: Any) -> Any: ...

    def scored(self, view: Any, rng: random.Random) -> Sequence[tuple[float, Line]]: ...


class GreedyBot(LineBot):
    """A one-ply greedy player, for measuring the levels (the tournament's and the ladder's
    ``greedy``, never offered on the screen): the move whose position the game's own
    evaluation likes best, looking no further (ties at random). No clock, no work count."""

    hook: GreedyHook

    def __init__(
        self, hook: GreedyHook, iterations: int | None = None, timed: bool = False
    ) -> None:
        self.hook = hook
        self.effort = Effort(iterations, timed)
        self.plan: tuple[Any, tuple[Any, ...]] = (None, ())

    def line(self, view: Any, rng: random.Random) -> Line:
        scored = list(self.hook.scored(view, rng))
        if not scored:
            return Line((rng.choice(view.legal_actions()),))
        top = max(value for value, _ in scored)
        return rng.choice([ln for value, ln in scored if value >= top])
