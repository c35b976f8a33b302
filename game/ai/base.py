"""One bot interface for every game, and the registry that makes bots by game and level.

A bot receives only ``state.view(seat)`` for the seat to move, a seeded ``random.Random`` (never
the global one) and a wall-clock budget in seconds, and returns one of ``view.legal_actions()``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
LEVEL_ALIASES: dict[str, str] = {}  # other names for levels (none at present)
BOT_GAMES: tuple[str, ...] = ("bergruft", "nanuuk", "kaphoorn")


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


def make_bot(game_id: str, level: str) -> Bot:
    """The bot for ``game_id`` at ``level`` ("easy", "normal" or "hard")."""
    resolved = LEVEL_ALIASES.get(level, level)
    if resolved not in LEVELS:
        known = ", ".join((*LEVELS, *LEVEL_ALIASES))
        raise ValueError(f"unknown bot level {level!r} (known: {known})")
    if game_id == "bergruft":
        from game.ai.bergruft import EasyBot, NormalBot
        from game.ai.bergruft_hard import HardBot

        bots: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
        return bots[resolved]()
    if game_id == "nanuuk":
        from game.ai import nanuuk

        kinds: dict[str, type[Bot]] = {
            "easy": nanuuk.EasyBot, "normal": nanuuk.NormalBot, "hard": nanuuk.HardBot
        }  # fmt: skip
        return kinds[resolved]()
    if game_id == "kaphoorn":
        from game.ai import kaphoorn

        sailors: dict[str, type[Bot]] = {
            "easy": kaphoorn.EasyBot, "normal": kaphoorn.NormalBot, "hard": kaphoorn.HardBot
        }  # fmt: skip
        return sailors[resolved]()
    raise ValueError(f"no bots for game {game_id!r} yet (bots exist for: {', '.join(BOT_GAMES)})")
