"""Pebbles: one pile, each player in turn takes 1 to 3 pebbles; who takes the last one wins.

Pure rules (the protocol of ``game.protocol.base``): codes, never sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from game.protocol.base import (
    NewGame,
    Outcome,
    Refusal,
    Rules,
    State,
    Variant,
    VariantOption,
)

MOST = 3  # pebbles a player may take at once


class Refused(StrEnum):
    OVER = "over"
    TOO_MANY = "too_many"
    NOT_LEFT = "not_left"


class Ending(StrEnum):
    LAST = "last"  # who took the last pebble won


@dataclass(frozen=True)
class Take:
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"take": self.n}


@dataclass(frozen=True)
class PebblesState(State[Take]):
    players: int
    pile: int
    seat: int = 0
    turn: int = 0
    last: int | None = None  # who took the last pebble
    names: tuple[str, ...] = ()  # the players', as a real game's save keeps them

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.seat

    def legal_actions(self) -> tuple[Take, ...]:
        return () if self.is_over() else tuple(Take(n) for n in range(1, min(MOST, self.pile) + 1))

    def why_not(self, action: Take) -> Refusal | None:
        if self.is_over():
            return Refusal(Refused.OVER)
        if not 1 <= action.n <= MOST:
            return Refusal(Refused.TOO_MANY, {"most": MOST})
        if action.n > self.pile:
            return Refusal(Refused.NOT_LEFT, {"left": self.pile})
        return None

    def apply(self, action: Take) -> PebblesState:
        self.refuse(action)
        pile = self.pile - action.n
        return replace(self, pile=pile, seat=(self.seat + 1) % self.players, turn=self.turn + 1,
                       last=self.seat if pile == 0 else None)  # fmt: skip

    def is_over(self) -> bool:
        return self.pile == 0

    def outcome(self) -> Outcome | None:
        if self.last is None:
            return None
        others = tuple(s for s in range(self.players) if s != self.last)
        scores = tuple(int(s == self.last) for s in range(self.players))
        return Outcome(scores, (self.last, *others), (self.last,), Ending.LAST)

    def view(self, seat: int) -> PebblesState:
        return self  # nothing is hidden

    def to_dict(self) -> dict[str, Any]:
        return {"variant": "pile", "names": list(self.names), "players": self.players,
                "pile": self.pile, "seat": self.seat, "turn": self.turn,
                "last": self.last}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PebblesState:
        return cls(data["players"], data["pile"], data["seat"], data["turn"], data["last"],
                   tuple(data["names"]))  # fmt: skip

    def action_from_dict(self, data: dict[str, Any]) -> Take:
        return Take(int(data["take"]))


class PebblesRules(Rules):
    id = "pebbles"
    refusals = Refused
    endings = Ending
    most_players = 4

    def variants(self) -> list[Variant]:
        pile = VariantOption("pile", 15, choices=(10, 15, 21), description="pebbles at the start")
        return [Variant("pile", "Pile", 2, self.most_players, (pile,))]

    def start(self, game: NewGame) -> PebblesState:
        return PebblesState(game.players, game.whole_number("pile"), names=game.names)

    def state_from_dict(self, data: dict[str, Any]) -> PebblesState:
        return PebblesState.from_dict(data)


class DuelRules(PebblesRules):
    """The same pile for two players only (a game with a single player count)."""

    id = "pebble-duel"
    most_players = 2


RULES = PebblesRules()
DUEL = DuelRules()
