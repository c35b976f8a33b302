"""How figures move when a turn is resolved: pure functions on positions (ints and tuples).

The state uses these to resolve a turn, and bots use them to look ahead cheaply without building
states. Positions follow B1: Heidi starts on 0, Peter on 1, the summit is 17.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.games.bergruft.rules.actions import Hint
from game.games.bergruft.rules.mountain import HEIDI_START, PETER_START, SUMMIT, TWO_ROCK_STEP
from game.protocol.base import Seat

PUNISH_LIMIT = 3  # "off by more than three" after a third wrong guess
CAP = 3  # the capped climb of the caller's Peter
PUNISH_PETER = 1  # the punished guesser's Peter goes down one step ...
PUNISH_HEIDI = 3  # ... and his Heidi three
MAX_GUESSES = 3
BONUS = {1: 3, 2: 2, 3: 1}  # guessed after 1, 2, 3 guesses: both figures climb 3, 2, 1

Pair = tuple[int, int]  # (heidi, peter)


@dataclass(frozen=True)
class TurnResult:
    """What the last resolved turn did, for the UI to animate and narrate.

    Climbs are the steps a figure actually moved (after the B5 limits), before a restart sends
    the pair back; the guesser's moves are signed (bonus up, punishment down).
    """

    turn: int  # 1-based number of the turn
    caller: Seat
    guesser: Seat
    number: int
    guesses: tuple[int, ...]
    hints: tuple[Hint, ...]
    guessed: bool
    lifted_early: bool  # the caller lifted the screen after a wrong first or second guess
    capped: bool  # "cap at 3 and punish" was chosen
    waived: bool  # the punishment was waived
    caller_peter_climb: int
    caller_heidi_climb: int
    caller_restart: bool  # the caller's pair went back to its start fields
    guesser_peter_move: int
    guesser_heidi_move: int
    guesser_restart: bool  # the punished guesser's Heidi reached her start, pulling Peter back
    summit: Seat | None  # the seat whose Peter reached the summit this turn
    heidi_before: tuple[int, ...]
    peter_before: tuple[int, ...]
    heidi_after: tuple[int, ...]
    peter_after: tuple[int, ...]

    @property
    def punished(self) -> bool:
        return self.capped

    @property
    def bonus(self) -> int:
        """Steps the guesser's figures were allowed to climb (0 when not guessed)."""
        return BONUS[len(self.guesses)] if self.guessed else 0

    @property
    def difference(self) -> int:
        return abs(self.guesses[-1] - self.number)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for key, value in self.__dict__.items():
            data[key] = [str(v) for v in value] if key == "hints" else value
            if isinstance(value, tuple) and key != "hints":
                data[key] = list(value)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TurnResult:
        values = dict(data)
        for key in ("guesses", "heidi_before", "peter_before", "heidi_after", "peter_after"):
            values[key] = tuple(int(v) for v in values[key])
        values["hints"] = tuple(Hint(h) for h in values["hints"])
        return cls(**values)


def free_steps(heidi: int, peter: int) -> int:
    """Free steps between a pair's Peter and Heidi (B1), never negative."""
    return max(0, peter - heidi - 1)


def rank_key(stones: tuple[int, ...], heidi: int, peter: int) -> tuple[int, int, int, int]:
    """B15: smallest avalanche, then closest pair, then furthest up (Peter, then Heidi)."""
    free = free_steps(heidi, peter)
    return (stones[peter] * free, free, -peter, -heidi)


def climb_peter(peter: int, steps: int) -> int:
    return min(SUMMIT, peter + steps)  # B5: Peter stops on the summit, extra steps are lost


def climb_heidi(heidi: int, steps: int) -> int:
    return min(SUMMIT, heidi + steps)  # B5, B19: she too stops on the summit


def may_lift(heidi: int, peter: int, guesses: int, difference: int) -> bool:
    """The summit rule for the caller (B6): after a FIRST wrong guess he may lift the screen into
    the summit only if his Heidi is at most three steps below it (on step 14 or higher)."""
    reaches_summit = peter + difference >= SUMMIT
    return not (guesses == 1 and reaches_summit and heidi < TWO_ROCK_STEP)


def must_choose_punishment(guesses: int, difference: int) -> bool:
    """Rule 3: a wrong third guess off by more than three lets the caller cap and punish."""
    return guesses == MAX_GUESSES and difference > PUNISH_LIMIT


def caller_not_guessed(pair: Pair, peter_steps: int, heidi_steps: int) -> tuple[Pair, bool]:
    """Peter climbs first, then Heidi; Heidi level with or above Peter restarts the pair, on the
    summit too (B19: a Peter who reached it with his Heidi beside him has restarted)."""
    heidi, peter = pair
    new_peter = climb_peter(peter, peter_steps)
    new_heidi = climb_heidi(heidi, heidi_steps)
    if new_heidi >= new_peter:
        return (HEIDI_START, PETER_START), True
    return (new_heidi, new_peter), False


def guesser_bonus(pair: Pair, bonus: int) -> tuple[Pair, bool]:
    """Both figures climb the bonus; at the summit Heidi climbs as many steps as Peter needed
    (B14). Heidi cannot catch Peter this way, but the check is kept for safety."""
    heidi, peter = pair
    new_peter = climb_peter(peter, bonus)
    new_heidi = climb_heidi(heidi, new_peter - peter)
    if new_heidi >= new_peter:
        return (HEIDI_START, PETER_START), True
    return (new_heidi, new_peter), False


def guesser_punished(pair: Pair) -> tuple[Pair, bool]:
    """Peter down 1, Heidi down 3 (B5: never below the start fields); a Heidi on her start field
    pulls Peter back to his start field too (B13)."""
    heidi, peter = pair
    new_heidi = max(HEIDI_START, heidi - PUNISH_HEIDI)
    new_peter = max(PETER_START, peter - PUNISH_PETER)
    if new_heidi == HEIDI_START:
        return (HEIDI_START, PETER_START), True
    return (new_heidi, new_peter), False


def resolve(
    heidi: tuple[int, ...],
    peter: tuple[int, ...],
    caller: Seat,
    guesser: Seat,
    number: int,
    guesses: tuple[int, ...],
    *,
    punish: bool = False,
) -> tuple[tuple[int, ...], tuple[int, ...], dict[str, Any]]:
    """Resolve a turn once the screen is up; returns new positions and the result's fields.

    ``punish`` applies only after a wrong third guess off by more than three (B12).
    """
    new_heidi, new_peter = list(heidi), list(peter)
    caller_pair: Pair = (heidi[caller], peter[caller])
    guesser_pair: Pair = (heidi[guesser], peter[guesser])
    count = len(guesses)
    guessed = guesses[-1] == number
    difference = abs(guesses[-1] - number)
    capped = punish and must_choose_punishment(count, difference)
    caller_climbs = (0, 0)
    guesser_restart = False
    if guessed:  # rule 4: the caller's pair restarts, the guesser's pair climbs the bonus
        new_caller: Pair = (HEIDI_START, PETER_START)
        caller_restart = True
        new_guesser, guesser_restart = guesser_bonus(guesser_pair, BONUS[count])
    else:
        peter_steps = CAP if capped else difference
        new_caller, caller_restart = caller_not_guessed(caller_pair, peter_steps, count)
        caller_climbs = (
            climb_heidi(caller_pair[0], count) - caller_pair[0],
            climb_peter(caller_pair[1], peter_steps) - caller_pair[1],
        )
        new_guesser = guesser_pair
        if capped:
            new_guesser, guesser_restart = guesser_punished(guesser_pair)
    new_heidi[caller], new_peter[caller] = new_caller
    new_heidi[guesser], new_peter[guesser] = new_guesser
    summit = next((s for s in (caller, guesser) if new_peter[s] == SUMMIT), None)
    fields: dict[str, Any] = {
        "caller": caller,
        "guesser": guesser,
        "number": number,
        "guesses": guesses,
        "guessed": guessed,
        "capped": capped,
        "caller_peter_climb": caller_climbs[1],
        "caller_heidi_climb": caller_climbs[0],
        "caller_restart": caller_restart,
        "guesser_peter_move": new_guesser[1] - guesser_pair[1],
        "guesser_heidi_move": new_guesser[0] - guesser_pair[0],
        "guesser_restart": guesser_restart,
        "summit": summit,
        "heidi_before": heidi,
        "peter_before": peter,
    }
    return tuple(new_heidi), tuple(new_peter), fields
