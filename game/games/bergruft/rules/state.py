"""The state of a game of Der Berg ruft: an immutable value (rulings in the package docstring)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from game.games.bergruft.rules.actions import (
    MAX_FLAGS,
    AllowGuess,
    BergAction,
    Guess,
    Hint,
    LiftScreen,
    Punish,
    SetFlags,
    Waive,
    action_from_dict,
)
from game.games.bergruft.rules.codes import Ending, Refused
from game.games.bergruft.rules.mountain import HEIDI_START, PETER_START, SUMMIT
from game.games.bergruft.rules.turn import (
    MAX_GUESSES,
    TurnResult,
    free_steps,
    may_lift,
    must_choose_punishment,
    rank_key,
    resolve,
)
from game.protocol.base import Outcome, Refusal, Seat, State, checked_save

GAME_ID = "bergruft"
VARIANT = "standard"


class Phase(StrEnum):
    SET = "set"  # the caller stands 0..15 flags behind the screen
    GUESS = "guess"  # the guesser guesses
    DECIDE = "decide"  # after a wrong 1st/2nd guess: the caller allows another guess or lifts
    PUNISH = "punish"  # after a wrong 3rd guess off by more than 3: cap and punish, or waive
    OVER = "over"


NO_SEED = -1  # the seed of a view: a view never tells the game's seed (B18)
TIE_BREAKS = (Ending.AVALANCHE, Ending.CLOSEST_PAIR, Ending.FURTHEST_UP, Ending.FURTHEST_UP)
ENGLISH: dict[
    str, str
] = {  # IllegalAction's message for logs and developers (the screen translates the code)
    Refused.OVER: "the game is over",
    Refused.NOT_AN_ACTION: "not a Der Berg ruft action: {action}",
    Refused.NOT_OFFERED: "{action} is not offered now",
    Refused.SET_AT_START: "the flags are set only at the start of a turn",
    Refused.ONLY_CALLER_SETS: "only the caller ({name}) may set the flags",
    Refused.FLAGS_RANGE: "the caller stands 0 to {most} flags, not {flags}",
    Refused.NOT_GUESSING: "it is not the time to guess",
    Refused.ONLY_GUESSER: "only the guesser ({name}) may guess",
    Refused.HIGHER: "guess must be higher than {n}",
    Refused.LOWER: "guess must be lower than {n}",
    Refused.HIDDEN: "the number is hidden in this view; apply actions to the full game state",
    Refused.PUNISH_WHEN: "punish or waive only after a wrong third guess off by more than 3",
    Refused.ONLY_CALLER_PUNISHES: "only the caller ({name}) may punish or waive",
    Refused.DECIDE_WHEN: "the caller decides only after a wrong first or second guess",
    Refused.ONLY_CALLER_DECIDES: (
        "only the caller ({name}) may allow another guess or lift the screen"
    ),
    Refused.TRUTHFUL: "the hint must be truthful: the number is {hint}",
    Refused.SUMMIT: "the summit rule: you must allow another guess",
    Refused.SCREEN_SHOWS: "the screen shows {number} flags, not {flags}",
}


@dataclass(frozen=True)
class BergState(State[BergAction]):
    """A position. ``heidi``/``peter`` hold each seat's figure position (B1: 0/1 start, 17 summit).

    ``number`` is the caller's secret while the screen is down; a view for anyone but the caller
    has ``None`` there (``is_hidden``). ``low``/``high`` are the guesses the hints still allow (B3).
    ``turn`` counts resolved turns; ``last_result`` describes the last one.
    """

    VERSION: ClassVar[int] = 1

    names: tuple[str, ...]
    seed: int
    turn_limit: int
    mountain: tuple[int, ...]  # stones per position, index 0 = the meadow (0 stones)
    heidi: tuple[int, ...]
    peter: tuple[int, ...]
    start_player: Seat
    caller: Seat
    phase: Phase = Phase.SET
    number: int | None = None
    guesses: tuple[int, ...] = ()
    hints: tuple[Hint, ...] = ()
    low: int = 0
    high: int = MAX_FLAGS
    turn: int = 0
    last_result: TurnResult | None = None
    is_hidden: bool = False  # True in a view that redacts the number

    # -- who is involved -------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def guesser(self) -> Seat:
        """B2: the player to the caller's left, i.e. the next seat."""
        return (self.caller + 1) % self.players

    @property
    def current_player(self) -> Seat | None:
        if self.phase is Phase.OVER:
            return None
        return self.guesser if self.phase is Phase.GUESS else self.caller

    @property
    def variant(self) -> str:
        return VARIANT

    @property
    def options(self) -> dict[str, Any]:
        return {"turn_limit": self.turn_limit}

    @property
    def screen_lifted(self) -> bool:
        """The number is public: after a wrong third guess (punish phase) or once resolved."""
        return self.phase is Phase.PUNISH

    @property
    def ended_by(self) -> str | None:
        """``"summit"``, ``"turn limit"`` (B8) or None while the game runs."""
        if self.phase is not Phase.OVER:
            return None
        return "summit" if SUMMIT in self.peter else "turn limit"

    # -- the scoring ------------------------------------------------------------------------

    def free_steps(self, seat: Seat) -> int:
        """Free steps between a pair's Peter and Heidi (B1), never negative."""
        return free_steps(self.heidi[seat], self.peter[seat])

    def avalanche(self, seat: Seat) -> int:
        """Stones on Peter's step times the free steps between Peter and Heidi."""
        return self.mountain[self.peter[seat]] * self.free_steps(seat)

    def rank_key(self, seat: Seat) -> tuple[int, int, int, int]:
        """B15: smallest avalanche, then closest pair, then furthest up (Peter, then Heidi)."""
        return rank_key(self.mountain, self.heidi[seat], self.peter[seat])

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        seats = range(self.players)
        ranking = tuple(sorted(seats, key=lambda s: (self.rank_key(s), s)))
        best = self.rank_key(ranking[0])
        winners = tuple(s for s in ranking if self.rank_key(s) == best)
        if len(winners) > 1:
            reason = Ending.SHARED
        else:
            runner_up = self.rank_key(ranking[1])
            reason = next(TIE_BREAKS[i] for i in range(4) if best[i] != runner_up[i])
        scores = tuple(self.avalanche(s) for s in seats)
        return Outcome(scores, ranking, winners, reason, {"ended_by": self.ended_by})

    # -- the moves --------------------------------------------------------------------------

    def legal_actions(self) -> tuple[BergAction, ...]:
        seat, name = self.caller, self.names[self.caller]
        if self.phase is Phase.SET:
            return tuple(SetFlags(seat, name, n) for n in range(MAX_FLAGS + 1))
        if self.phase is Phase.GUESS:
            g = self.guesser
            return tuple(Guess(g, self.names[g], v) for v in range(self.low, self.high + 1))
        if self.phase is Phase.DECIDE:
            return self._decisions()
        if self.phase is Phase.PUNISH:
            return (Punish(seat, name, self.names[self.guesser]), Waive(seat, name))
        return ()

    def _decisions(self) -> tuple[BergAction, ...]:
        seat, name = self.caller, self.names[self.caller]
        if self.number is None:
            # A view that hides the number: the options without their hidden details.
            return (AllowGuess(seat, name, None), LiftScreen(seat, name, None))
        allow = AllowGuess(seat, name, self._hint())
        if self.may_lift_screen():
            return (allow, LiftScreen(seat, name, self.number))
        return (allow,)  # B6: the summit rule forces another guess

    def _hint(self) -> Hint:
        assert self.number is not None
        return Hint.HIGHER if self.number > self.guesses[-1] else Hint.LOWER

    def may_lift_screen(self) -> bool:
        """Whether the caller may lift the screen now (B6; False outside the decide phase)."""
        if self.phase is not Phase.DECIDE or self.number is None:
            return False
        difference = abs(self.guesses[-1] - self.number)
        return may_lift(
            self.heidi[self.caller], self.peter[self.caller], len(self.guesses), difference
        )

    def apply(self, action: Any) -> BergState:
        self.refuse(action)
        if isinstance(action, SetFlags):
            return dataclasses.replace(self, phase=Phase.GUESS, number=action.flags)
        if isinstance(action, Guess):
            return self._after_guess(action.value)
        if isinstance(action, AllowGuess):
            return self._allow_guess()
        if isinstance(action, Punish):
            return self._resolve(punish=True)
        if isinstance(action, Waive):
            return self._resolve(waived=True)
        return self._resolve(lifted_early=True)  # LiftScreen

    def why_not(self, action: Any) -> Refusal | None:
        """The most helpful reason why ``action`` is not offered, or None."""
        refusal = self._refusal(action)
        return None if refusal is None else Refusal(*refusal)

    def english(self, refusal: Refusal) -> str:
        return ENGLISH[refusal.code].format(**refusal.params)

    def _refusal(self, action: Any) -> tuple[str, dict[str, Any]] | None:
        if self.phase is Phase.OVER:
            return Refused.OVER, {}
        if not isinstance(action, SetFlags | Guess | AllowGuess | LiftScreen | Punish | Waive):
            return Refused.NOT_AN_ACTION, {"action": repr(action)}
        reason = self._why_illegal(action)
        if reason is None and action not in self.legal_actions():
            reason = "not_offered", {"action": str(action)}
        return reason

    def _why_illegal(self, action: BergAction) -> tuple[str, dict[str, Any]] | None:
        caller = {"name": self.names[self.caller]}
        if isinstance(action, SetFlags):
            if self.phase is not Phase.SET:
                return "set_at_start", {}
            if action.seat != self.caller:
                return "only_caller_sets", caller
            if not 0 <= action.flags <= MAX_FLAGS:
                return "flags_range", {"most": MAX_FLAGS, "flags": action.flags}
            return None
        if isinstance(action, Guess):
            if self.phase is not Phase.GUESS:
                return "not_guessing", {}
            if action.seat != self.guesser:
                return "only_guesser", {"name": self.names[self.guesser]}
            if action.value < self.low:  # B3: respect the hints
                return "higher", {"n": self.low - 1}
            if action.value > self.high:
                return "lower", {"n": self.high + 1}
            return self._needs_number()
        if isinstance(action, Punish | Waive):
            if self.phase is not Phase.PUNISH:
                return "punish_when", {}
            return None if action.seat == self.caller else ("only_caller_punishes", caller)
        if self.phase is not Phase.DECIDE:
            return "decide_when", {}
        if action.seat != self.caller:
            return "only_caller_decides", caller
        hidden = self._needs_number()
        if hidden is not None:
            return hidden
        if isinstance(action, AllowGuess) and action.hint != self._hint():
            return "truthful", {"hint": str(self._hint())}
        if isinstance(action, LiftScreen):
            if not self.may_lift_screen():
                return "summit", {}
            if action.flags != self.number:
                return "screen_shows", {"number": self.number, "flags": action.flags}
        return None

    def _needs_number(self) -> tuple[str, dict[str, Any]] | None:
        return ("hidden", {}) if self.number is None else None

    def _after_guess(self, value: int) -> BergState:
        assert self.number is not None
        guesses = (*self.guesses, value)
        state = dataclasses.replace(self, guesses=guesses)
        if value == self.number:
            return state._resolve()
        difference = abs(value - self.number)
        if len(guesses) < MAX_GUESSES:
            return dataclasses.replace(state, phase=Phase.DECIDE)
        if must_choose_punishment(len(guesses), difference):
            return dataclasses.replace(state, phase=Phase.PUNISH)
        return state._resolve()  # after the third guess the screen is lifted

    def _allow_guess(self) -> BergState:
        hint = self._hint()
        last = self.guesses[-1]
        low, high = (last + 1, self.high) if hint is Hint.HIGHER else (self.low, last - 1)
        return dataclasses.replace(
            self, phase=Phase.GUESS, hints=(*self.hints, hint), low=low, high=high
        )

    def _resolve(
        self, *, punish: bool = False, lifted_early: bool = False, waived: bool = False
    ) -> BergState:
        assert self.number is not None
        heidi, peter, fields = resolve(
            self.heidi, self.peter, self.caller, self.guesser, self.number, self.guesses,
            punish=punish,
        )  # fmt: skip
        result = TurnResult(
            turn=self.turn + 1,
            hints=self.hints,
            lifted_early=lifted_early,
            waived=waived,
            heidi_after=heidi,
            peter_after=peter,
            **fields,
        )
        # B19: the game ends only if a Peter stands on the summit once the turn is resolved
        over = SUMMIT in peter or (self.turn_limit > 0 and result.turn >= self.turn_limit)
        return dataclasses.replace(
            self,
            heidi=heidi,
            peter=peter,
            caller=self.caller if over else self.guesser,  # B2: the guesser calls next
            phase=Phase.OVER if over else Phase.SET,
            number=None,
            guesses=(),
            hints=(),
            low=0,
            high=MAX_FLAGS,
            turn=result.turn,
            last_result=result,
        )

    # -- hidden information -----------------------------------------------------------------

    def view(self, seat: Seat) -> BergState:
        """The game as ``seat`` may see it: the number is hidden behind the screen (B7), and
        no view holds the seed (B18)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} in a {self.players}-player game")
        if seat == self.caller or self.number is None or self.screen_lifted:
            return dataclasses.replace(self, seed=NO_SEED)
        return dataclasses.replace(self, seed=NO_SEED, number=None, is_hidden=True)

    def with_number(self, number: int) -> BergState:
        """Fill in a hidden number (determinization for bots); it must fit the hints (B3)."""
        if not self.is_hidden:
            raise ValueError("the number is not hidden in this state")
        if not self.low <= number <= self.high:
            raise ValueError(f"{number} does not fit the hints ({self.low}..{self.high})")
        return dataclasses.replace(self, number=number, is_hidden=False)

    # -- scenario helper --------------------------------------------------------------------

    def with_positions(
        self,
        heidi: tuple[int, ...],
        peter: tuple[int, ...],
        *,
        caller: Seat | None = None,
    ) -> BergState:
        """A fresh turn (phase "set") with the figures placed as given, for scenario tests and
        tutorials: ``new_game(...).with_positions((3, 0), (5, 1), caller=0)``."""
        state = dataclasses.replace(
            self,
            heidi=tuple(heidi),
            peter=tuple(peter),
            caller=self.caller if caller is None else caller,
            phase=Phase.SET,
            number=None,
            guesses=(),
            hints=(),
            low=0,
            high=MAX_FLAGS,
            is_hidden=False,
        )
        state.validate()
        return state

    def validate(self) -> None:
        """Raise ValueError if the position breaks the game's invariants."""
        n = self.players
        if not 2 <= n <= 4:
            raise ValueError(f"Der Berg ruft needs 2-4 players, not {n}")
        if len(self.heidi) != n or len(self.peter) != n:
            raise ValueError("one Heidi and one Peter per seat")
        if len(self.mountain) != SUMMIT + 1:
            raise ValueError(f"the mountain needs {SUMMIT + 1} positions")
        if not 0 <= self.caller < n or not 0 <= self.start_player < n:
            raise ValueError("caller and start player must be seats")
        for s in range(n):
            h, p = self.heidi[s], self.peter[s]
            if not (HEIDI_START <= h < p and PETER_START <= p <= SUMMIT):  # B19: h < p
                raise ValueError(f"seat {s}: Heidi on {h} and Peter on {p} is not a position")
        if not 0 <= self.low <= self.high <= MAX_FLAGS:
            raise ValueError(f"bad guess range {self.low}..{self.high}")
        if self.number is not None and not self.low <= self.number <= self.high:
            raise ValueError(f"the number {self.number} lies outside {self.low}..{self.high}")

    # -- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.VERSION,
            "game": GAME_ID,
            "variant": VARIANT,
            "names": list(self.names),
            "seed": self.seed,
            "options": self.options,
            "mountain": list(self.mountain),
            "heidi": list(self.heidi),
            "peter": list(self.peter),
            "start_player": self.start_player,
            "caller": self.caller,
            "phase": str(self.phase),
            "number": self.number,
            "guesses": list(self.guesses),
            "hints": [str(h) for h in self.hints],
            "low": self.low,
            "high": self.high,
            "turn": self.turn,
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
            "is_hidden": self.is_hidden,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BergState:
        checked_save(data, GAME_ID, "Der Berg ruft", cls.VERSION)
        try:
            last = data["last_result"]
            state = cls(
                names=tuple(str(n) for n in data["names"]),
                seed=int(data["seed"]),
                turn_limit=int(data["options"].get("turn_limit", 0)),
                mountain=tuple(int(v) for v in data["mountain"]),
                heidi=tuple(int(v) for v in data["heidi"]),
                peter=tuple(int(v) for v in data["peter"]),
                start_player=int(data["start_player"]),
                caller=int(data["caller"]),
                phase=Phase(data["phase"]),
                number=None if data["number"] is None else int(data["number"]),
                guesses=tuple(int(v) for v in data["guesses"]),
                hints=tuple(Hint(h) for h in data["hints"]),
                low=int(data["low"]),
                high=int(data["high"]),
                turn=int(data["turn"]),
                last_result=None if last is None else TurnResult.from_dict(last),
                is_hidden=bool(data.get("is_hidden", False)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"broken Der Berg ruft save: {exc!r}") from None
        state.validate()
        return state

    def stored(self) -> dict[str, Any]:
        """B20: a save holds no hidden number. While the flags stand behind the screen the
        turn is stored as it was before they were set; the caller sets them again on resume."""
        hidden = self.number is not None and self.phase in (Phase.GUESS, Phase.DECIDE)
        data = (self.turn_start() if hidden else self).to_dict()
        del data["seed"]  # the start player is drawn already; no chance is left to come
        return data

    def turn_start(self) -> BergState:
        """This turn before the caller set the flags: no number, no guesses, no hints."""
        return dataclasses.replace(
            self, phase=Phase.SET, number=None, guesses=(), hints=(), low=0, high=MAX_FLAGS
        )

    def action_from_dict(self, data: dict[str, Any]) -> BergAction:
        return action_from_dict(data, self.names, self.guesser)
