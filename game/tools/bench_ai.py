"""The AI figures of the bench: decision times per game and level (the frame time while a Hard
bot thinks on the screen is ``game.tools.bench.bench_hard_thinking``: it drives the bench's app).

Used by ``python -m game.tools.bench`` (``--only ai`` runs just these).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

POSITIONS = {"easy": 24, "normal": 24, "hard": 6}  # random positions timed per game and level


def random_positions(game: str, count: int, seed: int) -> list[Any]:
    """Positions met in random play (not over), each with a computer seat to move."""
    from game.play.registry import plugin

    rules = plugin(game).rules
    variant, players = plugin(game).bench.decisions
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = rules.new_game(variant, players, seed=rng.randrange(10**9))
        for _ in range(rng.randint(0, 120)):
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over():
            found.append(state)
    return found


def bench_decisions(games: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
    """Mean and max decision time (ms) per game (default: all) and level, each level with
    its own budget."""
    from game.play.bots import make_bot
    from game.play.registry import IDS
    from game.protocol.bots import BUDGETS, LEVELS

    report: dict[str, dict[str, Any]] = {}
    for game in games or IDS:
        report[game] = {}
        for level in LEVELS:
            bot = make_bot(game, level)
            rng = random.Random(f"{game}:{level}")
            times = []
            for state in random_positions(game, POSITIONS[level], seed=len(level)):
                view = state.view(state.current_player)
                started = time.perf_counter()
                bot.choose(view, rng, BUDGETS[level])
                times.append(time.perf_counter() - started)
            report[game][level] = {
                "budget_s": BUDGETS[level],
                "decisions": len(times),
                "mean_ms": round(statistics.mean(times) * 1000, 1),
                "max_ms": round(max(times) * 1000, 1),
            }
    return report
