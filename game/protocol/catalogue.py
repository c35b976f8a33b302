"""The games as the layers below the registry see them.

Persistence checks a kiosk configuration against the games (their variants and bot levels); the
texts load each game's own file. Those layers stand below ``game.play.registry``
(docs/LAYERS.md), so they do not import it: the registry hands them this catalogue when it is
imported (the app, the command line and every scene import it before any game is named).
Before that the catalogue is empty: no games, and a game named is unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable

from game.protocol.base import Rules


def _unknown(game_id: str) -> Rules:
    raise ValueError(f"unknown game {game_id!r} (no games registered)")


@dataclass(frozen=True)
class Catalogue:
    ids: Callable[[], tuple[str, ...]] = tuple
    rules_for: Callable[[str], Rules] = _unknown
    demo_variants: Callable[[], dict[str, tuple[str, ...]]] = dict  # the kiosk's defaults
    # a game's bot levels, in its plugin's order (the kiosk's ai_levels are checked against them)
    levels: Callable[[str], tuple[str, ...]] = field(default=lambda game_id: ())
    texts: Callable[[str], Sequence[Traversable]] = field(default=lambda lang: ())


_current = [Catalogue()]


def use(catalogue: Catalogue) -> None:
    """The registry's catalogue, from now on."""
    _current[0] = catalogue


def games() -> Catalogue:
    return _current[0]
