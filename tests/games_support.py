"""What the shared tests know of the games: the list from the registry, the knobs from each
game's own test folder, never a list of ids in a shared test.

A game's knobs (how many random games conformance plays, its check of hidden information, the
set-ups the save and screen tests play, ...) are the names of ``conformance.py`` in its test
folder: ``tests/games/<folder>/`` for a shipped game, the test game's own folder for the tests'
games (``tests/testgames/``, registered by ``more_games``). A knob a game does not set has the
shared test's default, which any game answers from its rules.

``each_game`` (a fixture, in every folder through ``tests/conftest.py``) runs a test once per
game, the tests' own games included: for one of those the registry holds five games
(``more_games(2)``) while it runs.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game.play import registry
from tests.testgames.fixture import more_games

ROOT = Path(__file__).resolve().parents[1]  # the repository
TESTS = ROOT / "tests"


def shipped() -> tuple[str, ...]:
    """The games the registry finds in game/games (no test game registered)."""
    return registry.ids()


@cache
def every_game() -> tuple[str, ...]:
    """The shipped games, then the tests' own (registered only while a test needs them)."""
    with more_games(2) as ids:
        return ids


def folder_of(game_id: str) -> Path:
    """The folder of the game's package (``game/games/<folder>``; a test game's own), which is
    named as a Python name, not as the id (``tic_tac_toe/`` for ``tic-tac-toe``)."""
    registry.plugin(game_id)  # registered, so its package is imported
    for name, module in list(sys.modules.items()):
        found = getattr(module, "PLUGIN", None)
        if name.count(".") == 2 and name.startswith("game.games.") and found is not None:
            if getattr(found, "id", None) == game_id and module.__file__ is not None:
                return Path(module.__file__).resolve().parent
    raise LookupError(f"no package of game {game_id!r}")


def tests_of(game_id: str) -> str:
    """The dotted name of the game's own test folder (its plugin must be registered)."""
    folder = folder_of(game_id)
    if folder.is_relative_to(TESTS):  # a test game: its folder is its test folder
        return ".".join(folder.relative_to(ROOT).parts)
    return f"tests.games.{folder.name}"


def knobs(game_id: str) -> ModuleType | None:
    """The game's knobs for the shared tests (``conformance.py`` in its test folder), if any."""
    name = f"{tests_of(game_id)}.conformance"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if not name.startswith(str(missing.name)):
            raise  # the knobs are there but import something that is not
        return None


def knob(game_id: str, name: str, default: Any) -> Any:
    return getattr(knobs(game_id), name, default)


def first_set_up(game_id: str) -> tuple[str, int]:
    """(variant, seats) a shared test plays when the game names none: the knob ``SET_UP``, else
    the rules' first variant with its fewest players."""
    first = registry.plugin(game_id).rules.variants()[0]
    return tuple(knob(game_id, "SET_UP", (first.id, first.min_players)))  # type: ignore[return-value]


@pytest.fixture(params=every_game())
def each_game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every game's id in turn, the tests' own games registered while one of theirs runs."""
    if request.param in shipped():
        yield request.param
    else:
        with more_games(2):
            yield request.param
