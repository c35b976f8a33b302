"""The files the game ships: ``assets/`` and ``levels/`` (package data, see pyproject.toml),
and the fonts of pygame_gui.

Everything the game reads from its own files is found here, through ``importlib.resources``:
never through the path of a module or the current folder, so an installed wheel works from any
folder.
Standard library only, so that the pure rules (``game.games.<game>.rules``) read their levels
through it too.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable


def _under(package: str, parts: tuple[str, ...]) -> Traversable:
    node = resources.files(package)
    for part in parts:
        node = node / part
    return node


def asset(*parts: str) -> Traversable:
    """A file or folder of ``assets/``, e.g. ``asset("themes", "players.toml")``."""
    return _under("game.assets", parts)


def level(*parts: str) -> Traversable:
    """A file or folder of ``levels/``, e.g. ``level(game_id, "floe.toml")``."""
    return _under("game.levels", parts)


def gui_font(name: str) -> Traversable:
    """A font file that ships with pygame_gui (the Noto Sans faces), e.g. ``NotoSans-Bold.ttf``."""
    return _under("pygame_gui.data", (name,))
