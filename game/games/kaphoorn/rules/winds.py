"""Wind cards (ruling K2): motifs with a distance and arrows, and the deck of 90 from
``levels/kaphoorn/deck.toml``.

Arrows are stored relative to the card (0 = forward, clockwise in eighths of a turn) so one motif
serves every zone; ``Wind.turned`` gives the compass directions once the zone has turned it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from game.protocol.base import LevelError, read_level
from game.resources import level

DECK_FILE: Final = level("kaphoorn", "deck.toml")
DECK_SIZE: Final = 90  # K2
RELATIVE: Final = ("F", "FR", "R", "BR", "B", "BL", "L", "FL")  # clockwise from forward
MAX_ARROWS: Final = 5


@dataclass(frozen=True)
class Wind:
    """One wind card motif (or a printed start wind, K3)."""

    name: str
    distance: int
    arrows: tuple[int, ...]  # relative directions, 0 = forward

    def turned(self, forward: int) -> tuple[int, ...]:
        return tuple((forward + a) % 8 for a in self.arrows)

    def __str__(self) -> str:
        return f"{self.name} {self.distance}"


@dataclass(frozen=True)
class Deck:
    """The motifs of the deck, in file order, and how many cards of each."""

    winds: tuple[Wind, ...]
    counts: tuple[int, ...]

    def cards(self) -> tuple[int, ...]:
        """Every card of the deck as its motif index, in motif order."""
        return tuple(i for i, n in enumerate(self.counts) for _ in range(n))

    def index(self, name: str) -> int:
        for i, wind in enumerate(self.winds):
            if wind.name == name:
                return i
        raise KeyError(name)


def parse_wind(entry: dict[str, Any], name: str, where: str) -> Wind:
    distance = entry.get("distance")
    if isinstance(distance, bool) or not isinstance(distance, int) or not 1 <= distance <= 4:
        raise LevelError(f"{where}: distance must be a whole number 1-4, not {distance!r}")
    arrows = entry.get("arrows")
    if not isinstance(arrows, list) or not 1 <= len(arrows) <= MAX_ARROWS:
        raise LevelError(f"{where}: arrows must be a list of 1-{MAX_ARROWS} directions")
    unknown = [a for a in arrows if a not in RELATIVE]
    if unknown:
        raise LevelError(f"{where}: unknown arrow {unknown[0]!r} (known: {', '.join(RELATIVE)})")
    if len(set(arrows)) != len(arrows):
        raise LevelError(f"{where}: an arrow appears twice")
    return Wind(name, distance, tuple(sorted(RELATIVE.index(a) for a in arrows)))


@functools.cache
def default_deck() -> Deck:
    return load_deck(DECK_FILE)


def load_deck(path: Path | Traversable) -> Deck:
    data = read_level(path)
    motifs = data.get("motif")
    if not isinstance(motifs, list) or not motifs:
        raise LevelError(f"{path}: no [[motif]] tables")
    winds: list[Wind] = []
    counts: list[int] = []
    for i, entry in enumerate(motifs):
        where = f"{path}: motif {i + 1}"
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not name:
            raise LevelError(f"{where}: needs a name")
        if name in (w.name for w in winds):
            raise LevelError(f"{where}: the name {name!r} is used twice")
        count = entry.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise LevelError(f"{where} ({name}): count must be a whole number >= 1")
        winds.append(parse_wind(entry, name, f"{where} ({name})"))
        counts.append(count)
    if sum(counts) != DECK_SIZE:
        raise LevelError(f"{path}: the motifs count {sum(counts)} cards; K2 wants {DECK_SIZE}")
    return Deck(tuple(winds), tuple(counts))
