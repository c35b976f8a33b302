"""The small actions of a Nanuuk! turn: choose, step, crack, take or leave, banish, igloo, end.

Fields are bit indices of the floe (see ``board.py``); ``str()`` prints them as labels (``F23``)
and ``to_dict()`` writes labels, so saves and replays read like the move log. Movers are named
by their id in the game (``hunter 1``, ``bear``, ``Inuk 2``); ``NanuukState.describe`` puts the
player's name in front (``Ann: hunter 1 -> F23``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, TypeAlias

from game.games.nanuuk.rules.level import default_level

ANIMALS = ("fish", "seal", "walrus", "whale")  # bag slots, in sheet order; N27 values 1-4
EQUIPMENT = ("harpoon", "husky", "sledge", "kayak")
# N24: what each animal buys in the igloo
EXCHANGE: dict[str, tuple[str, ...]] = {
    "fish": ("husky",),
    "walrus": ("sledge",),
    "seal": ("kayak",),
    "whale": ("husky", "sledge", "kayak"),
}


def label(bit: int) -> str:
    return default_level().floe.label(bit)


def field_of(text: Any) -> int:
    try:
        return default_level().floe.field(text)
    except KeyError as exc:
        raise ValueError(str(exc)) from None


@dataclass(frozen=True)
class Place:
    """Placement (N10, N15-N18, N20): put a mover on a field."""

    mover: str
    to: int

    def __str__(self) -> str:
        return f"place {self.mover} on {label(self.to)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place", "mover": self.mover, "to": label(self.to)}


@dataclass(frozen=True)
class Choose:
    """Pick which of one's pieces moves this turn (when there is a choice)."""

    mover: str

    def __str__(self) -> str:
        return f"chooses {self.mover}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "choose", "mover": self.mover}


@dataclass(frozen=True)
class Step:
    """One step to a neighbouring field; ``kayak`` when it crosses a crack (N25)."""

    mover: str
    to: int
    kayak: bool = False

    def __str__(self) -> str:
        return f"{self.mover} -> {label(self.to)}" + (" by kayak" if self.kayak else "")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "step", "mover": self.mover, "to": label(self.to), "kayak": self.kayak}


@dataclass(frozen=True)
class Mush:
    """Husky + sledge go back to the igloo side for one more step this turn (N25).

    ``one_crack`` (variant 1, N28): no crack after the step before the extra one; the crack
    comes at the end of the move.
    """

    one_crack: bool = False

    def __str__(self) -> str:
        return "husky + sledge: double move" + (", one crack" if self.one_crack else "")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "mush", "one_crack": self.one_crack}


@dataclass(frozen=True)
class Crack:
    """A crack on the edge (crack-mask bit) ``edge`` (N7)."""

    edge: int

    def __str__(self) -> str:
        return f"crack {default_level().floe.edge_label(self.edge)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "crack", "edge": default_level().floe.edge_label(self.edge)}


@dataclass(frozen=True)
class Take:
    """Put the animal of the field just entered into the bag (N22)."""

    animal: str

    def __str__(self) -> str:
        return f"take {self.animal}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "take", "animal": self.animal}


@dataclass(frozen=True)
class Leave:
    """Leave the animal where it is (N22: a hunter may always enter and leave it)."""

    animal: str

    def __str__(self) -> str:
        return f"leave {self.animal}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "leave", "animal": self.animal}


@dataclass(frozen=True)
class Banish:
    """Throw the harpoon: the polar bear goes to an empty field (N23)."""

    to: int

    def __str__(self) -> str:
        return f"banish bear -> {label(self.to)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "banish", "to": label(self.to)}


@dataclass(frozen=True)
class Exchange:
    """In the igloo: an animal from the bag for the equipment it buys (N24)."""

    animal: str

    def __str__(self) -> str:
        return f"exchange {self.animal} for {' + '.join(EXCHANGE[self.animal])}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "exchange", "animal": self.animal}


@dataclass(frozen=True)
class Deposit:
    """In the igloo: an animal from the bag to the igloo side, no exchange (N24)."""

    animal: str

    def __str__(self) -> str:
        return f"deposit {self.animal}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "deposit", "animal": self.animal}


@dataclass(frozen=True)
class Stay:
    """The bear stays; a crack arises at its own field (N16 option c)."""

    mover: str

    def __str__(self) -> str:
        return f"{self.mover} stays"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "stay", "mover": self.mover}


@dataclass(frozen=True)
class EndTurn:
    """End the move: leave the igloo, or forgo the optional further steps."""

    def __str__(self) -> str:
        return "end turn"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "end"}


NanuukAction: TypeAlias = (
    Place | Choose | Step | Mush | Crack | Take | Leave | Banish | Exchange | Deposit | Stay
    | EndTurn
)  # fmt: skip


# Interned actions: the legal lists hand out the same objects every time, so building a list is
# a look-up per action and ``apply``'s membership test mostly an identity check. The turn flow
# uses them too where it answers the next question itself (the crack after a step).
place_action = functools.cache(Place)
choose_action = functools.cache(Choose)
crack_action = functools.cache(Crack)
banish_action = functools.cache(Banish)
take_action = functools.cache(Take)
leave_action = functools.cache(Leave)


class _ByField(dict[int, Any]):
    """One mover's interned actions of a kind by their field, made when first asked: a dict
    look-up by an int where ``functools.cache`` would hash all the arguments anew."""

    def __init__(self, make: Any, *before: Any, after: tuple[Any, ...] = ()) -> None:
        super().__init__()
        self.make, self.before, self.after = make, before, after

    def __missing__(self, to: int) -> Any:
        action = self[to] = self.make(*self.before, to, *self.after)
        return action


@functools.cache
def steps_to(mover: str) -> tuple[dict[int, Step], dict[int, Step]]:
    """The interned ``Step(mover, to)`` of each field ``to``, on foot and by kayak."""
    return _ByField(Step, mover, after=(False,)), _ByField(Step, mover, after=(True,))


@functools.cache
def places_on(mover: str) -> dict[int, Place]:
    """The interned ``Place(mover, to)`` of each field ``to``."""
    return _ByField(place_action, mover)


def action_from_dict(data: dict[str, Any]) -> NanuukAction:
    """Rebuild an action from ``to_dict()``; ``ValueError`` says what is wrong with the data."""
    kind = data.get("type")
    try:
        if kind == "place":
            return Place(str(data["mover"]), field_of(data["to"]))
        if kind == "choose":
            return Choose(str(data["mover"]))
        if kind == "step":
            return Step(str(data["mover"]), field_of(data["to"]), bool(data.get("kayak", False)))
        if kind == "mush":
            return Mush(bool(data.get("one_crack", False)))
        if kind == "crack":
            a, _, b = str(data["edge"]).partition("|")
            return Crack(default_level().floe.edge_bit(field_of(a), field_of(b)))
        if kind in ("take", "leave", "exchange", "deposit"):
            animal = str(data["animal"])
            if animal not in ANIMALS:
                raise ValueError(f"unknown animal {animal!r}")
            if kind == "take":
                return Take(animal)
            if kind == "leave":
                return Leave(animal)
            return Exchange(animal) if kind == "exchange" else Deposit(animal)
        if kind == "banish":
            return Banish(field_of(data["to"]))
        if kind == "stay":
            return Stay(str(data["mover"]))
        if kind == "end":
            return EndTurn()
    except KeyError as exc:
        raise ValueError(f"nanuuk action {data!r}: missing {exc}") from None
    raise ValueError(f"nanuuk action {data!r}: unknown type {kind!r}")
