"""Pebbles: one pile, each player in turn takes 1 to 3 pebbles; who takes the last one wins.

Pure rules (the protocol of ``game.protocol.base``): codes, never sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.protocol.base import (
    IllegalAction,
    Outcome,
    Rules,
    State,
    Variant,
    VariantOption,
    player_names,
)

MOST = 3  # pebbles a player may take at once


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

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.seat

    def legal_actions(self) -> tuple[Take, ...]:
        return () if self.is_over() else tuple(Take(n) for n in range(1, min(MOST, self.pile) + 1))

    def apply(self, action: Take) -> PebblesState:
        if self.is_over():
            raise IllegalAction("over")
        if not 1 <= action.n <= MOST:
            raise IllegalAction("too_many", {"most": MOST})
        if action.n > self.pile:
            raise IllegalAction("not_left", {"left": self.pile})
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
        return Outcome(scores, (self.last, *others), (self.last,), "last")

    def view(self, seat: int) -> PebblesState:
        return self  # nothing is hidden

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "pile": self.pile, "seat": self.seat, "turn": self.turn,
                "last": self.last}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PebblesState:
        return cls(data["players"], data["pile"], data["seat"], data["turn"], data["last"])

    def action_from_dict(self, data: dict[str, Any]) -> Take:
        return Take(int(data["take"]))


class PebblesRules(Rules):
    id = "pebbles"
    most_players = 4

    def variants(self) -> list[Variant]:
        pile = VariantOption("pile", 15, choices=(10, 15, 21), description="pebbles at the start")
        return [Variant("pile", "Pile", 2, self.most_players, (pile,))]

    def new_game(self, variant: str, players: Any, *, seed: int,
                 options: dict[str, Any] | None = None) -> PebblesState:  # fmt: skip
        found = self.variant(variant)
        names = player_names(players, found.min_players, found.max_players)
        return PebblesState(len(names), int((options or {}).get("pile", 15)))

    def state_from_dict(self, data: dict[str, Any]) -> PebblesState:
        return PebblesState.from_dict(data)


class DuelRules(PebblesRules):
    """The same pile for two players only (a game with a single player count)."""

    id = "pebble-duel"
    most_players = 2


RULES = PebblesRules()
DUEL = DuelRules()
