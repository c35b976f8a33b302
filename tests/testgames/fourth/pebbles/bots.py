"""Pebbles' computer player: it leaves a multiple of four when it can."""

from __future__ import annotations

import random
from typing import Any


class EasyBot:
    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        actions = view.legal_actions()
        winning = [a for a in actions if (view.pile - a.n) % 4 == 0]
        return winning[0] if winning else rng.choice(actions)
