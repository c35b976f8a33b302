"""What each of the Der Berg ruft guide's sentences promises, checked against what the suggested
action did (issue 29, item 6): ``says(old, hint, new)`` is the game's knob ``guide_says``.

``old`` is the whole position the hint was made for (the number included: the guesser's guide
never saw it), ``new`` the one after the table played the hint's action.
"""

from __future__ import annotations

from typing import Any

from game.games.bergruft.rules import (
    AllowGuess,
    BergState,
    Guess,
    LiftScreen,
    Punish,
    SetFlags,
    Waive,
)
from game.games.bergruft.rules import Hint as Clue
from game.games.bergruft.rules.mountain import SUMMIT
from game.games.bergruft.rules.turn import BONUS
from game.i18n import tr

FIRST = {
    SetFlags: {"set", "set_confirm"},
    Guess: {"guess", "guess_summit"},
    AllowGuess: {"allow", "allow_forced"},
    LiftScreen: {"lift", "lift_summit", "lift_summit_restart"},
    Punish: {"punish"},
    Waive: {"waive"},
}


def says(old: BergState, hint: Any, new: BergState) -> None:
    a, keys = hint.action, hint.keys()
    assert len(keys) == 1 and keys[0] in FIRST[type(a)], f"{a} explained as {keys}"
    key, said = keys[0], dict(hint.words[0][1])
    result = new.last_result if new.turn > old.turn else None
    off = abs(old.guesses[-1] - old.number) if old.guesses and old.number is not None else 0
    if isinstance(a, SetFlags):
        assert said["n"] == a.flags == new.number
    elif isinstance(a, Guess):
        _guess(old, a, new, key, said, result)
    elif isinstance(a, AllowGuess):
        word = tr("guide.bergruft.higher" if a.hint is Clue.HIGHER else "guide.bergruft.lower")
        assert said["word"] == word and said["k"] == len(old.guesses) + 1
        assert (a.hint is Clue.HIGHER) == (old.number > old.guesses[-1]), "an untrue clue"
        lift = any(isinstance(x, LiftScreen) for x in old.legal_actions())
        assert lift == (key == "allow"), f"{key}: lifting allowed {lift}"
    elif isinstance(a, LiftScreen):
        _lift(old, new, key, said, result, off)
    else:
        assert result is not None and said["off"] == off
        assert result.capped == isinstance(a, Punish)
        if isinstance(a, Waive):
            assert result.caller_peter_climb == min(off, SUMMIT - old.peter[old.caller])


def _guess(old: BergState, a: Guess, new: BergState, key: str, said: dict, result) -> None:
    k = len(old.guesses) + 1
    assert said["n"] == a.value and said["k"] == k and said["bonus"] == BONUS[k]
    assert (said["low"], said["high"]) == (old.low, old.high), "not the range the hints leave"
    values = [x.value for x in old.legal_actions() if isinstance(x, Guess)]
    assert a.value == values[len(values) // 2], "not the middle"
    if result is None or not result.guessed:
        return  # a wrong guess: the promise was for a right one
    g = old.guesser
    if key == "guess_summit":
        assert new.peter[g] == SUMMIT, "the guesser's Peter did not reach the summit"
    else:
        assert result.guesser_peter_move == BONUS[k] and new.peter[g] < SUMMIT


def _lift(old: BergState, new: BergState, key: str, said: dict, result, off: int) -> None:
    assert result is not None and result.lifted_early
    assert said["off"] == off and said["count"] == len(old.guesses)
    caller = old.caller
    if key == "lift":
        assert result.caller_peter_climb == off and result.caller_heidi_climb == len(old.guesses)
        assert result.peter_after[caller] < SUMMIT or result.caller_restart
    elif key == "lift_summit":
        assert new.is_over() and new.peter[caller] == SUMMIT, "the game did not end"
    else:
        assert result.caller_restart and not new.is_over(), "the pair did not start again"
