"""The table's config: what a game is started with (the game, its variant, the seats, the seed
and options).

Made by the command line, the set-up scene, the kiosk's attract mode and "play again"; kept by
a record (``game.play.saves``); checked against the game's plugin when a table is set up
(``game.play.table``: a computer seat at a level the game's bots do not have is refused there).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

HUMAN = "human"  # a seat's kind: a person; any other kind is a level of the game's bots


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or one of the game's bot levels (``GamePlugin.levels``)
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
    # human seats played from a phone (issue 30): no hand-off for them, the TV hides their secrets
    phones: frozenset[int] = frozenset()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def humans(self) -> int:
        return sum(s.is_human for s in self.seats)

    def on_phone(self, seat: int) -> bool:
        """Whether ``seat`` is a person who plays from a phone (not at the TV)."""
        return seat in self.phones and self.seats[seat].is_human

    @property
    def tv_humans(self) -> int:
        """The people who play at the TV itself: hand-off screens are between them."""
        return sum(s.is_human and i not in self.phones for i, s in enumerate(self.seats))

    def named(self, default: Callable[[int], str]) -> GameConfig:
        """Seats left without a name (``--players human,ai:easy``) get their seat's default
        name in the table's language (``default(2)``: "Spieler 2"), never one taken."""
        taken = {s.name for s in self.seats if s.name}
        seats = []
        for i, seat in enumerate(self.seats):
            n, name = i + 1, seat.name
            while not name:
                if default(n) not in taken:
                    name = default(n)
                    taken.add(name)
                n += 1
            seats.append(replace(seat, name=name))
        return replace(self, seats=tuple(seats))

    def with_seed(self, seed: int) -> GameConfig:
        return replace(self, seed=seed)


def new_seed() -> int:
    """The seed of "a random game": one of too many to try them all against one's own hand of
    cards (from a small range a player could find the seed, and so the deal, by search)."""
    return secrets.randbelow(10**12)


def parse_option(text: str) -> tuple[str, Any]:
    """A variant option as the command line and the tools take it: ``KEY=VALUE`` -> (key,
    value) with ints, floats and booleans recognised."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ValueError(f"option {text!r} must look like KEY=VALUE")
    try:
        parsed: Any = json.loads(value)
    except (ValueError, RecursionError):  # not JSON, or JSON nested or long beyond reading
        parsed = value
    return key.strip(), parsed
