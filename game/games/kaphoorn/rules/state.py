"""The Kap Hoorn game state: immutable, with the rules protocol, views and saves.

A turn (rulebook steps 1-4) is a chain of phases: ``lay`` (play cards or one replacement, then
move: sail, ignore or stay), ``moved`` (the ship has moved and could sail again), ``again`` (the
second move of "move again"), ``draw`` (the free card is in the hand; buy or end). The +1 sail
point of step 1 is given when the turn starts. ``turn.py`` holds the flow, ``why.py`` the reasons
for refusals: codes with parameters (``IllegalAction``, ``why_not``), never sentences for players.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.games.kaphoorn.rules import saves, turn, why
from game.games.kaphoorn.rules.actions import KapAction, action_from_dict, label
from game.games.kaphoorn.rules.chart import COLOURS
from game.games.kaphoorn.rules.codes import DecidedBy
from game.games.kaphoorn.rules.position import EMPTY, HIDDEN, OVER, KapPosition
from game.games.kaphoorn.rules.saves import GAME_ID, VARIANT
from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.rules.winds import default_deck
from game.protocol.base import Outcome, Refusal, Seat, State


@dataclass(frozen=True)
class KapState(KapPosition, State[KapAction]):
    """A position (:class:`KapPosition`: its fields) as the rules protocol's state."""

    # --- the rules protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> Seat | None:
        return None if self.phase == OVER else self.seat

    @property
    def variant(self) -> str:
        return VARIANT

    @property
    def options(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "start": self.start_player + 1}

    def legal_actions(self) -> tuple[KapAction, ...]:
        memo = self._memo()
        found: tuple[KapAction, ...] | None = memo.get("actions")
        if found is None:
            found = memo["actions"] = turn.legal_actions(self)
        return found

    def is_legal(self, action: Any) -> bool:
        return turn.offers(self, action)

    def apply(self, action: Any) -> KapState:
        if not turn.offers(self, action):
            self.refuse(action)  # raises IllegalAction with why_not's reason
        return turn.apply(self, action)

    def apply_legal(self, action: KapAction) -> KapState:
        """``apply`` for an action of this state's ``legal_actions()``, not checked again."""
        return turn.apply(self, action)

    def why_not(self, action: Any) -> Refusal | None:
        """The same question as ``apply`` asks, without building the next state."""
        if turn.offers(self, action):
            return None
        return Refusal(*why.reason(self, action))

    def english(self, refusal: Refusal) -> str:
        return why.english(refusal.code, dict(refusal.params))

    def why_not_ignore(self) -> Refusal | None:
        """Why the wind cannot be ignored now at all (the Ignore button: its field is picked
        after it), or None if some ``Ignore`` is offered."""
        refused = why.ignore_reason(self)
        return None if refused is None else Refusal(*refused)

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        seats = range(self.players)
        ranking = tuple(sorted(seats, key=self.rank_key))
        if self.winner >= 0:
            winners: tuple[int, ...] = (self.winner,)
        else:  # K15: at the round limit the best placed share the win
            best = self.rank_key(ranking[0])[:3]
            winners = tuple(s for s in ranking if self.rank_key(s)[:3] == best)
        scores = tuple(self.rose_count(s) for s in seats)
        return Outcome(scores, ranking, winners, self.reason, self._decided(ranking, winners))

    def _decided(self, ranking: tuple[Seat, ...], winners: tuple[Seat, ...]) -> dict[str, Any]:
        """K15: at the round limit, what put the winners ahead of the next ship: ``roses``,
        ``to_finish`` (equal roses, nearer the finish) or ``shared`` (all equal on both)."""
        if self.reason != turn.ROUNDS:
            return {}  # K8: a win by roses or the finish needs no tie-break
        if len(winners) == len(ranking):
            return {"decided_by": DecidedBy.SHARED}
        best, next_ = self.rank_key(ranking[0]), self.rank_key(ranking[len(winners)])
        return {"decided_by": DecidedBy.ROSES if best[1] != next_[1] else DecidedBy.TO_FINISH}

    def rank_key(self, seat: Seat) -> tuple[int, int, int, int]:
        """The winner first, then more wind roses, then nearer the finish, then turn order."""
        return (
            0 if seat == self.winner else 1,
            -self.rose_count(seat),
            self.chart.distance[self.ships[seat]],
            (seat - self.start_player) % self.players,
        )

    def rose_count(self, seat: Seat) -> int:
        return sum(c != EMPTY for c in self.roses[seat])

    def describe(self, action: KapAction) -> str:
        """The log line of ``action`` played in this state: ``Ann: plays gale 4 at N7``."""
        return f"{self.names[self.seat]}: {action}"

    # --- secrecy (K10) ------------------------------------------------------------------------

    def view(self, seat: Seat) -> KapState:
        """The game as ``seat`` may see it: other hands and the pile only as counts, no seed."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} in a {self.players}-player game")
        hands = tuple(
            hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(self.hands)
        )
        return self.with_(hands=hands, pile=(HIDDEN,) * len(self.pile), seed=-1, viewer=seat)

    def unseen(self) -> Counter[int]:
        """The cards the viewer cannot see: the deck minus the board, discards and own hand."""
        counts = Counter(default_deck().cards())
        counts.subtract(c for c in self.cards if 0 <= c < len(default_deck().winds))
        counts.subtract(self.discard)
        if self.viewer >= 0:
            counts.subtract(self.hands[self.viewer])
        return +counts

    def determinized(self, rng: random.Random) -> KapState:
        """A full state consistent with this view: the unseen cards dealt at random to the
        hidden hands and the pile, and a fresh seed (for bots that search)."""
        if self.viewer < 0:
            return self
        unseen = list(self.unseen().elements())
        rng.shuffle(unseen)
        hands = []
        for s, hand in enumerate(self.hands):
            if s == self.viewer:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(unseen[: len(hand)])))
                del unseen[: len(hand)]
        return self.with_(
            hands=tuple(hands), pile=tuple(unseen), seed=rng.randrange(2**31), viewer=-1
        )

    # --- saves --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        chart, ws = self.chart, all_winds()

        def name(c: int) -> str | None:
            return None if c == HIDDEN else ws[c].name

        return {
            "game": GAME_ID,
            "version": self.VERSION,
            "variant": VARIANT,
            "names": list(self.names),
            "seed": self.seed,
            "options": self.options,
            "cards": {
                chart.label(f): ws[c].name
                for f, c in enumerate(self.cards)
                if c != EMPTY and chart.playable >> f & 1
            },
            "ships": [chart.label(f) for f in self.ships],
            "sail": list(self.sail),
            "roses": [[None if c == EMPTY else COLOURS[c] for c in r] for r in self.roses],
            "hands": [[name(c) for c in hand] for hand in self.hands],
            "pile": [name(c) for c in self.pile],
            "discard": [ws[c].name for c in self.discard],
            "reshuffles": self.reshuffles,
            "seat": self.seat,
            "turn": self.turn,
            "phase": self.phase,
            "played": self.played,
            "replaced": self.replaced,
            "winner": self.winner,
            "reason": self.reason,
            "viewer": self.viewer,
        }

    def stored(self) -> dict[str, Any]:
        """K18: a save keeps the draw pile's cards but not their order, and no seed (which
        would give that order away); the hands stay, resuming needs them."""
        data = self.to_dict()
        del data["seed"]
        data["pile"] = sorted(data["pile"])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KapState:
        return saves.state_from_dict(data, cls)

    def action_from_dict(self, data: dict[str, Any]) -> KapAction:
        return action_from_dict(data)

    def __str__(self) -> str:
        ships = ", ".join(f"{n} {label(f)}" for n, f in zip(self.names, self.ships, strict=True))
        return f"Kap Hoorn turn {self.turn + 1}, {self.phase}: {ships}"
