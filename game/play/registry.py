"""The games: the one list of them in the code. Everything else asks here.

Adding a game is a folder under ``game/games/`` with a ``PLUGIN`` and one line below
(``docs/ADDING_A_GAME.md``).
"""

from __future__ import annotations

from game.games import bergruft, kaphoorn, nanuuk
from game.play.plugin import GamePlugin
from game.protocol.base import Rules

GAMES: tuple[GamePlugin, ...] = (nanuuk.PLUGIN, kaphoorn.PLUGIN, bergruft.PLUGIN)  # menu order
IDS: tuple[str, ...] = tuple(g.id for g in GAMES)
_BY_ID = {g.id: g for g in GAMES}


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``; ValueError naming the games for an unknown one."""
    found = _BY_ID.get(game_id)
    if found is None:
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(IDS)})")
    return found


def rules_for(game_id: str) -> Rules:
    """The rules of ``game_id`` (imported on first use)."""
    return plugin(game_id).rules
