"""``more_games``: the shipped games and the tests' own, found as a new game's folder is.

``with more_games(1):`` adds Pebbles (``fourth/``) to the shipped games, ``more_games(2)``
Pebble Duel too (``fifth/``, an id with a "-"): their folders join ``game.games.__path__``,
where the registry looks for games, and leave it afterwards. The menus, texts and rules pages
follow on their own: nothing else is told. With the three games shipped today, the menus are
tried with four and five games; a game added to ``game/games`` makes it five and six, with no
test changed. ``people_only_game()`` adds Pebble Pair (``people/``), a game without bots.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import game.games
from game.play import registry

HERE = Path(__file__).resolve().parent
FOLDERS = ("fourth", "fifth")  # the tests' games, in the order they are added
TEST_GAMES = ("pebbles", "pebble-duel")  # their ids


@contextmanager
def more_games(extra: int) -> Iterator[tuple[str, ...]]:
    """The registry with the shipped games and ``extra`` (0-2) of the tests' own; yields the ids
    of all of them."""
    before = list(game.games.__path__)
    shipped = registry.ids()
    game.games.__path__[:] = [*before, *(str(HERE / f) for f in FOLDERS[:extra])]
    registry.refresh()
    try:
        # each where its plugin's order puts it (after the shipped ones, unless one says else)
        assert set(registry.ids()) == {*shipped, *TEST_GAMES[:extra]}, registry.ids()
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
