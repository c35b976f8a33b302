"""What a game is started with: the game, its variant, the seats, the seed and options.

Shared by the command line, the set-up scene, the play scenes and "play again".
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

HUMAN = "human"
AI_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or an AI level ("easy", "normal", "hard")
    colour: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True)
class GameConfig:
    game: str
    variant: str
    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    guided: bool = False  # the guided first game: the play scene points at the next choice

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def humans(self) -> int:
        return sum(s.is_human for s in self.seats)

    def with_seed(self, seed: int) -> GameConfig:
        return replace(self, seed=seed)


def new_seed() -> int:
    """The seed of "a random game": one of too many to try them all against one's own hand of
    cards (from a small range a player could find the seed, and so the deal, by search)."""
    return secrets.randbelow(10**12)


def parse_players(text: str, default_names: list[str] | None = None) -> tuple[Seat, ...]:
    """``human,ai:easy,Ben=ai:normal`` -> seats; raises ValueError with a clear message."""
    seats = []
    for i, raw in enumerate(p.strip() for p in text.split(",")):
        name, _, kind = raw.rpartition("=")
        kind = kind.strip().lower()
        if kind.startswith("ai:"):
            level = kind[3:]
            if level not in AI_LEVELS:
                raise ValueError(
                    f"unknown AI level {level!r} in {raw!r} (use {', '.join(AI_LEVELS)})"
                )
            kind = level
        elif kind != HUMAN:
            raise ValueError(f"unknown player {raw!r}: use human, ai:easy, ai:normal or ai:hard")
        fallback = (default_names or [])[i] if default_names and i < len(default_names) else ""
        seats.append(Seat(name.strip() or fallback or f"Player {i + 1}", kind))
    if len({s.name for s in seats}) != len(seats):
        raise ValueError("two players have the same name")
    return tuple(seats)


def parse_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` -> (key, value) with ints, floats and booleans recognised."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ValueError(f"option {text!r} must look like KEY=VALUE")
    try:
        parsed: Any = json.loads(value)
    except (ValueError, RecursionError):  # not JSON, or JSON nested or long beyond reading
        parsed = value
    return key.strip(), parsed
