"""Pebbles' computer player: it leaves a multiple of four when it can."""

from __future__ import annotations

import random
from typing import Any

from game.protocol.bots import Effort


class EasyBot:
    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        self.effort = Effort(iterations, timed)  # nothing to count, no clock to read

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        actions = view.legal_actions()
        winning = [a for a in actions if (view.pile - a.n) % 4 == 0]
        return winning[0] if winning else rng.choice(actions)
