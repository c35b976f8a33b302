"""One bot interface for every game (the bots by game and level: ``game.play.bots``).

A bot receives only ``state.view(seat)`` for the seat to move, a seeded ``random.Random`` (never
the global one) and a wall-clock budget in seconds, and returns one of ``view.legal_actions()``.

Besides its time budget a bot takes a **work budget** when it is made: ``iterations``, the units
its search counts (Nanuuk!'s Easy: one-ply checks, Normal: turn-search nodes, Hard: tree-search
iterations; Kap Hoorn's Hard: play-outs; Der Berg ruft's Hard: CFR+ iterations; a bot that does
not search counts none and takes it all the same). Every bot class is made as
``cls(iterations=None, timed=False)`` (:class:`BotClass`):

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
