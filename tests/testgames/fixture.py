"""``more_games``: the shipped games and the tests' own, found as a new game's folder is.

``with more_games(4):`` adds Pebbles (``fourth/``), ``more_games(5)`` Pebble Duel too
(``fifth/``, an id with a "-"): their folders join ``game.games.__path__``, where the registry
looks for games, and leave it afterwards. The menus, texts and rules pages follow on their
own: nothing else is told. ``people_only_game()`` adds Pebble Pair (``people/``), a game without
bots, to the shipped three.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import game.games
from game.play import registry

HERE = Path(__file__).resolve().parent
FOLDERS = {4: ("fourth",), 5: ("fourth", "fifth")}
SHIPPED = 3


@contextmanager
def more_games(count: int) -> Iterator[tuple[str, ...]]:
    """The registry with ``count`` games (3: only the shipped ones); yields their ids."""
    before = list(game.games.__path__)
    extra = [str(HERE / folder) for folder in FOLDERS.get(count, ())]
    game.games.__path__[:] = [*before, *extra]
    registry.refresh()
    try:
        assert len(registry.ids()) == count, registry.ids()
        yield registry.ids()
    finally:
        game.games.__path__[:] = before
        registry.refresh()


@contextmanager
def people_only_game() -> Iterator[str]:
    """The registry with the shipped games and Pebble Pair, a game with no bot levels; yields
    its id."""
    before = list(game.games.__path__)
    game.games.__path__[:] = [*before, str(HERE / "people")]
    registry.refresh()
    try:
        assert "pebble-pair" in registry.ids() and not registry.plugin("pebble-pair").levels
        yield "pebble-pair"
    finally:
        game.games.__path__[:] = before
        registry.refresh()
