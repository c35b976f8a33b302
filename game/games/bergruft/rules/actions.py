"""The actions of Der Berg ruft: small frozen values with a readable ``str()`` and ``to_dict()``.

Every action names the seat that takes it (and that player's name, for the move log). The data an
action carries is everything a replay needs; ``BergState.action_from_dict`` rebuilds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeAlias

from game.games.bergruft.rules.codes import Refused
from game.protocol.base import IllegalAction, Seat

MAX_FLAGS = 15  # the caller stands 0..15 flags behind the screen


class Hint(StrEnum):
    """The caller's automatic, truthful hint when he allows another guess (B4)."""

    HIGHER = "higher"
    LOWER = "lower"


@dataclass(frozen=True)
class SetFlags:
    """The caller secretly stands ``flags`` flags behind the screen (rule 1)."""

    seat: Seat
    name: str
    flags: int

    def __str__(self) -> str:
        return f"{self.name} sets the flags"  # never shows the secret number

    def to_dict(self) -> dict[str, Any]:
        return {"type": "set_flags", "seat": self.seat, "flags": self.flags}


@dataclass(frozen=True)
class Guess:
    """The guesser guesses the number (rule 2)."""

    seat: Seat
    name: str
    value: int

    def __str__(self) -> str:
        return f"{self.name} guesses {self.value}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "guess", "seat": self.seat, "value": self.value}


@dataclass(frozen=True)
class AllowGuess:
    """The caller allows another guess, saying "higher" or "lower" (rule 2, B4).

    ``hint`` is None only in a view that hides the number from the seat looking at it.
    """

    seat: Seat
    name: str
    hint: Hint | None

    def __str__(self) -> str:
        if self.hint is None:
            return f"{self.name} allows another guess"
        return f"{self.name}: {self.hint} \u2014 guess again"

    def to_dict(self) -> dict[str, Any]:
        hint = None if self.hint is None else str(self.hint)
        return {"type": "allow_guess", "seat": self.seat, "hint": hint}


@dataclass(frozen=True)
class LiftScreen:
    """The caller lifts the screen after a wrong first or second guess (rule 2).

    ``flags`` (the number revealed) is None only in a view that hides the number.
    """

    seat: Seat
    name: str
    flags: int | None

    def __str__(self) -> str:
        if self.flags is None:
            return f"{self.name} lifts the screen"
        return f"{self.name} lifts the screen ({self.flags} flags)"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "lift_screen", "seat": self.seat, "flags": self.flags}


@dataclass(frozen=True)
class Punish:
    """After a wrong third guess off by more than 3: the caller's Peter climbs only 3 and the
    guesser is punished (rule 3, B4)."""

    seat: Seat
    name: str
    guesser_name: str

    def __str__(self) -> str:
        return f"{self.name} caps at 3 and punishes {self.guesser_name}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "punish", "seat": self.seat}


@dataclass(frozen=True)
class Waive:
    """The caller waives the punishment: his Peter climbs the full difference (rule 3, B4)."""

    seat: Seat
    name: str

    def __str__(self) -> str:
        return f"{self.name} waives the punishment"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "waive", "seat": self.seat}


BergAction: TypeAlias = SetFlags | Guess | AllowGuess | LiftScreen | Punish | Waive

ACTION_TYPES = ("set_flags", "guess", "allow_guess", "lift_screen", "punish", "waive")


def action_from_dict(data: dict[str, Any], names: tuple[str, ...], guesser: Seat) -> BergAction:
    """Rebuild an action from ``to_dict()``; names come from the game, not from the data."""
    kind = data.get("type")
    seat = data.get("seat")
    if kind not in ACTION_TYPES:
        raise IllegalAction(Refused.BAD_ACTION, {}, f"unknown action type {kind!r}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
        raise IllegalAction(Refused.BAD_ACTION, {}, f"{kind}: bad seat {seat!r}")
    name = names[seat]
    if kind == "set_flags":
        return SetFlags(seat, name, _int(data, "flags"))
    if kind == "guess":
        return Guess(seat, name, _int(data, "value"))
    if kind == "allow_guess":
        hint = data.get("hint")
        if hint is not None and hint not in (Hint.HIGHER, Hint.LOWER):
            raise IllegalAction(
                Refused.BAD_ACTION,
                {},
                f"allow_guess: hint must be 'higher' or 'lower', not {hint!r}",
            )
        return AllowGuess(seat, name, None if hint is None else Hint(hint))
    if kind == "lift_screen":
        flags = data.get("flags")
        return LiftScreen(seat, name, None if flags is None else _int(data, "flags"))
    if kind == "punish":
        return Punish(seat, name, names[guesser])
    return Waive(seat, name)


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(
            Refused.BAD_ACTION, {}, f"{data.get('type')}: {key} must be an integer, not {value!r}"
        )
    return value
