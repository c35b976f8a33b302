"""The games: found, never listed. Everything else asks here.

Every package under ``game.games`` with a ``PLUGIN`` is a game (``docs/ADDING_A_GAME.md``);
the menus show them by the plugins' ``order``. ``refresh`` looks again (a test that adds a
folder to ``game.games.__path__`` registers a game of its own that way).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from typing import TYPE_CHECKING

import game.games
from game.play.plugin import GamePlugin
from game.protocol import catalogue
from game.protocol.base import Rules

# a game's id names scenes ("<id>_editor"), texts and files: "_" and "." are the separators
GAME_ID = re.compile(r"[a-z0-9-]+")


@cache
def games() -> tuple[GamePlugin, ...]:
    """Every game under ``game.games``, in menu order."""
    found = []
    for module in pkgutil.iter_modules(game.games.__path__):
        if not module.ispkg:
            continue
        found_plugin = getattr(importlib.import_module(f"game.games.{module.name}"), "PLUGIN", None)
        if isinstance(found_plugin, GamePlugin):
            found.append(found_plugin)
    for bad in (g.id for g in found if not GAME_ID.fullmatch(g.id)):
        raise ValueError(f"game id {bad!r}: only a-z, 0-9 and '-'")
    return tuple(sorted(found, key=lambda g: (g.order, g.id)))


@cache
def ids() -> tuple[str, ...]:
    return tuple(g.id for g in games())


def refresh() -> None:
    """Look for games again (after ``game.games.__path__`` changed)."""
    games.cache_clear()
    ids.cache_clear()


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``; ValueError naming the games for an unknown one."""
    for found in games():
        if found.id == game_id:
            return found
    raise ValueError(f"unknown game {game_id!r} (known: {', '.join(ids())})")


def rules_for(game_id: str) -> Rules:
    """The rules of ``game_id`` (imported on first use)."""
    return plugin(game_id).rules


if TYPE_CHECKING:  # what __getattr__ below gives, for mypy
    GAMES: tuple[GamePlugin, ...]
    IDS: tuple[str, ...]


def __getattr__(name: str) -> tuple[object, ...]:
    """``GAMES`` and ``IDS``, as of now (for who reads them once: a parser's choices)."""
    if name == "GAMES":
        return games()
    if name == "IDS":
        return ids()
    raise AttributeError(name)


# the layers below (persistence's kiosk configuration, the texts) see the games through this,
# never through here
catalogue.use(
    catalogue.Catalogue(
        ids=ids,
        rules_for=rules_for,
        demo_variants=lambda: {g.id: g.demo.variants for g in games()},
        levels=lambda game_id: plugin(game_id).levels,
        texts=lambda lang: [g.texts(lang) for g in games()],
    )
)
