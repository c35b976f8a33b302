"""What tests of a whole App share, wherever they live (tests/ is on the import path through
its conftest.py)."""

from __future__ import annotations

import random

from game.app import App
from game.play import saves
from game.play.config import GameConfig
from game.play.registry import rules_for


def close(app: App) -> None:
    """Close what a test's App still holds: open statistics rows, scenes, bot workers, the
    phone server (its thread would outlive the test)."""
    if app.kiosk is not None:
        app.kiosk.close()
    app.phones.close()
    for scene in reversed(app.scenes.stack):
        scene.exit()
    app.scenes.stack.clear()


def finished(config: GameConfig, seed: int) -> saves.Record:
    """A replay of ``config`` played to its end with random legal moves (``seed``)."""
    state = rules_for(config.game).new_game(config.variant, config.names, seed=config.seed,
                                            options=config.options)  # fmt: skip
    rng, moves = random.Random(seed), []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        moves.append(action.to_dict())
        state = state.apply(action)
    return saves.build("replay", config, moves, state)
