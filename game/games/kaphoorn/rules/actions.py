"""The small actions of a Kap Hoorn turn: play, replace, sail, ignore, again, stay, buy, end.

Fields are chart indices; ``str()`` prints labels (``N7``) and ``to_dict()`` writes them, so a
replay reads like the log. Cards are named by motif (``gale 4``). ``KapState.describe`` puts the
player's name in front (``Ann: plays gale 4 at N7``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, TypeAlias

from game.games.kaphoorn.rules.chart import DIRECTIONS, default_chart
from game.games.kaphoorn.rules.winds import default_deck

DIRECTION_WORDS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                   "north-west")  # fmt: skip


def label(field: int) -> str:
    return default_chart().label(field)


def wind_name(wind: int) -> str:
    return str(default_deck().winds[wind])


@dataclass(frozen=True)
class Play:
    """Lay a wind card from the hand on an empty sea field next to a card."""

    wind: int
    to: int

    def __str__(self) -> str:
        return f"plays {wind_name(self.wind)} at {label(self.to)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play", "wind": default_deck().winds[self.wind].name, "to": label(self.to)}


@dataclass(frozen=True)
class Replace:
    """Lay a wind card on top of a card on the board (K5, K6); the covered card is discarded."""

    wind: int
    to: int

    def __str__(self) -> str:
        return f"covers {label(self.to)} with {wind_name(self.wind)}"

    def to_dict(self) -> dict[str, Any]:
        name = default_deck().winds[self.wind].name
        return {"type": "replace", "wind": name, "to": label(self.to)}


@dataclass(frozen=True)
class Sail:
    """Sail exactly the card's number of fields along one of its arrows (K4)."""

    direction: int
    to: int

    def __str__(self) -> str:
        return f"sails {DIRECTION_WORDS[self.direction]} to {label(self.to)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "sail", "direction": DIRECTIONS[self.direction], "to": label(self.to)}


@dataclass(frozen=True)
class Ignore:
    """Pay 3 sail points, ignore the card and move to a neighbouring card."""

    to: int

    def __str__(self) -> str:
        return f"ignores the wind and moves to {label(self.to)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "ignore", "to": label(self.to)}


@dataclass(frozen=True)
class Again:
    """Pay 5 sail points to sail once more from the field reached (K13)."""

    def __str__(self) -> str:
        return "sails again"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "again"}


@dataclass(frozen=True)
class Stay:
    """Do not move and gain a sail point (K7, K12)."""

    def __str__(self) -> str:
        return "stays and gains a sail point"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "stay"}


@dataclass(frozen=True)
class Buy:
    """Buy a card from the draw pile for one sail point (hand limit 6)."""

    def __str__(self) -> str:
        return "buys a card"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "buy"}


@dataclass(frozen=True)
class End:
    """End the turn (the free card is drawn first, K14)."""

    def __str__(self) -> str:
        return "ends the turn"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "end"}


KapAction: TypeAlias = Play | Replace | Sail | Ignore | Again | Stay | Buy | End

# Interned: legal_actions builds the same few hundred actions over and over.
play = functools.cache(Play)
replace = functools.cache(Replace)
sail = functools.cache(Sail)
ignore = functools.cache(Ignore)
AGAIN, STAY, BUY, END = Again(), Stay(), Buy(), End()


def action_from_dict(data: Any) -> KapAction:
    """Rebuild an action from ``to_dict()``; anything malformed raises ``ValueError``."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"not a Kap Hoorn action: {data!r}")
    kind = data["type"]
    simple: dict[str, KapAction] = {"again": AGAIN, "stay": STAY, "buy": BUY, "end": END}
    if kind in simple:
        return simple[kind]
    to = _field(data.get("to"))
    if kind == "ignore":
        return ignore(to)
    if kind == "sail":
        if data.get("direction") not in DIRECTIONS:
            raise ValueError(f"sail: unknown direction {data.get('direction')!r}")
        return sail(DIRECTIONS.index(data["direction"]), to)
    if kind in ("play", "replace"):
        try:
            wind = default_deck().index(str(data.get("wind")))
        except KeyError:
            raise ValueError(f"{kind}: unknown wind card {data.get('wind')!r}") from None
        return (play if kind == "play" else replace)(wind, to)
    raise ValueError(f"unknown Kap Hoorn action type {kind!r}")


def _field(text: Any) -> int:
    try:
        return default_chart().field(str(text))
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
