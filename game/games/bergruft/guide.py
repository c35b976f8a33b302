"""The Der Berg ruft guide: the caller's number, the guesser's guess, and the caller's choices
after a wrong guess, each with the rule behind it.

The caller's guide sees his own number (it is his view); the guesser's guide sees only the
range the hints leave, never the number (B7). The caller's number is drawn from the Normal
bot's values of each number, seeded by the turn and the table's private stream
(``game.protocol.streams``: the guesser cannot work it out), so it is a good number but not always
the same one; the guesser is shown the middle of the range, which halves what is left.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.games.bergruft.bots.simple import TEMPERATURE, CallerPlanner, number_values
from game.games.bergruft.rules import (
    AllowGuess,
    BergAction,
    BergState,
    Guess,
    LiftScreen,
    Phase,
    Punish,
    SetFlags,
    Waive,
)
from game.games.bergruft.rules import Hint as Clue
from game.games.bergruft.rules.mountain import SUMMIT
from game.games.bergruft.rules.turn import BONUS, caller_not_guessed, climb_peter, guesser_bonus
from game.i18n import tr
from game.play.guide.base import Hint, Target, Words


def suggest(view: BergState, seat: int, secret: int = 0) -> BergAction:
    """``secret`` seeds the caller's number: the table's private stream (no other seat can
    reproduce it, or he would read the number the guide points at)."""
    actions = view.legal_actions()
    if view.phase is Phase.SET:
        number = _good_number(view, secret)
        return next(a for a in actions if isinstance(a, SetFlags) and a.flags == number)
    if view.phase is Phase.GUESS:
        guesses = [a for a in actions if isinstance(a, Guess)]
        return guesses[len(guesses) // 2]  # the middle: a wrong guess halves the range
    planner = CallerPlanner(view)
    if view.phase is Phase.DECIDE:
        return planner.decide(actions)
    return planner.punish_or_waive(actions)


def _good_number(view: BergState, secret: int) -> int:
    """A number the look-ahead likes, drawn by its softmax weights: the same all through one
    decision (the hint is made again when the caller taps the pad)."""
    values = number_values(view)
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    rng = random.Random(f"{secret}:{view.turn}:{view.caller}")
    return rng.choices(range(len(values)), weights=weights)[0]


def hint(view: BergState, seat: int, picked: int | None = None, secret: int = 0) -> Hint:
    """``picked``: the number the caller has tapped on the pad but not yet set."""
    action = suggest(view, seat, secret)
    target = target_of(action, picked)
    title = tr("guide.bergruft.caller" if seat == view.caller else "guide.bergruft.guesser")
    return Hint.said(explain(view, action, target), target, action, title)


def target_of(action: BergAction, picked: int | None) -> Target:
    if isinstance(action, SetFlags):
        return ("button", "set") if picked == action.flags else ("pad", action.flags)
    if isinstance(action, Guess):
        return ("pad", action.value)
    if isinstance(action, AllowGuess):
        return ("button", "allow")
    if isinstance(action, LiftScreen):
        return ("button", "lift")
    return ("button", "punish" if isinstance(action, Punish) else "waive")


G = "guide.bergruft."


def explain(view: BergState, action: BergAction, target: Target) -> tuple[Words, ...]:
    """The sentence (key and parameters) that says what ``action`` does."""
    return ((G + _key(view, action, target), _params(view, action)),)


def _key(view: BergState, action: BergAction, target: Target) -> str:
    if isinstance(action, SetFlags):
        return "set_confirm" if target[0] == "button" else "set"
    if isinstance(action, Guess):
        pair = (view.heidi[view.guesser], view.peter[view.guesser])
        climbs = guesser_bonus(pair, BONUS[len(view.guesses) + 1])[0][1]
        return "guess_summit" if climbs >= SUMMIT else "guess"
    if isinstance(action, AllowGuess):
        forced = not any(isinstance(a, LiftScreen) for a in view.legal_actions())
        return "allow_forced" if forced else "allow"
    if isinstance(action, LiftScreen):
        return _lift_key(view, _off(view), len(view.guesses))
    return "waive" if isinstance(action, Waive) else "punish"


def _params(view: BergState, action: BergAction) -> dict[str, Any]:
    count = len(view.guesses)
    if isinstance(action, SetFlags):
        return {"n": action.flags}
    if isinstance(action, Guess):
        return {"low": view.low, "high": view.high, "n": action.value, "k": count + 1,
                "bonus": BONUS[count + 1]}  # fmt: skip
    if isinstance(action, AllowGuess):
        word = tr("guide.bergruft.higher" if action.hint is Clue.HIGHER else "guide.bergruft.lower")
        return {"word": word, "k": count + 1}
    if isinstance(action, LiftScreen):
        return {"off": _off(view), "count": count}
    return {"off": _off(view)}


def _off(view: BergState) -> int:
    """How far the last guess was off (the caller's view holds the number)."""
    if not view.guesses or view.number is None:
        return 0
    return abs(view.guesses[-1] - view.number)


def _lift_key(view: BergState, off: int, count: int) -> str:
    """What lifting does to the caller's pair, as the rules resolve it (B5, B19)."""
    pair = (view.heidi[view.caller], view.peter[view.caller])
    if climb_peter(pair[1], off) < SUMMIT:
        return "lift"
    _, restarted = caller_not_guessed(pair, off, count)
    return "lift_summit_restart" if restarted else "lift_summit"
