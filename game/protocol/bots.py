"""One bot interface for every game (the bots by game and level: ``game.play.bots``).

A bot receives only ``state.view(seat)`` for the seat to move, a seeded ``random.Random`` (never
the global one) and a wall-clock budget in seconds, and returns one of ``view.legal_actions()``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
# The default thinking budget per level, in seconds (headless tools; the screen passes its own).
# Nanuuk!'s bots also cap any budget they are given at these figures.
BUDGETS: dict[str, float] = {"easy": 0.1, "normal": 0.5, "hard": 2.0, "demo": 0.15}
DEMO = "demo"  # kiosk attract games only; not offered in the set-up screen


class Bot(Protocol):
    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        """Return one of ``view.legal_actions()``; ``view`` is the mover's redacted view."""
        ...


class RandomBot:
    """Any legal action, uniformly: works for every game."""

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move in a finished game")
        return rng.choice(actions)


class DemoBot:
    """A lively opponent for demo games: the normal bot, but now and then (``whim``) any legal
    action, so no two attract games look alike and none drags on."""

    whim = 0.08

    def __init__(self, inner: Bot) -> None:
        self.inner = inner

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        if rng.random() < self.whim:
            return rng.choice(view.legal_actions())
        return self.inner.choose(view, rng, budget_s)
