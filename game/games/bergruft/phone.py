"""Der Berg ruft on a phone (issue 30): the seat's part of its phone page, its choices in the
players' words and its question line, each made from the seat's own view alone.

Secrecy (B7, B18): ``state.view(seat)`` holds the caller's number only for the caller while the
screen is down, so the guesser's page can never carry it; the screen lifted (phase "punish",
the last turn's result) it is public. The hints, the range they leave and the figures are public.
The words are the TV's (``bergruft.*``); the table's listener has the phone's language on while
these run.
"""

from __future__ import annotations

from typing import Any

from game.games.bergruft import log
from game.games.bergruft.rules import (
    SUMMIT,
    AllowGuess,
    BergAction,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    Punish,
    SetFlags,
    Waive,
)
from game.games.bergruft.rules.actions import MAX_FLAGS
from game.games.bergruft.view import prompt
from game.i18n import tr

ROLE = {"caller": "guide.bergruft.caller", "guesser": "guide.bergruft.guesser",
        "watcher": "bergruft.phone.watcher"}  # fmt: skip
CONFIRM = {True: "bergruft.set_pick", False: "bergruft.phone.guess_pick"}  # the pad's button


def role(view: BergState, seat: int) -> str:
    """What the seat does this turn: "caller", "guesser", or "watcher" (a third or fourth)."""
    if view.is_over():
        return "watcher"
    if seat == view.caller:
        return "caller"
    return "guesser" if seat == view.guesser else "watcher"


def page(view: BergState, seat: int) -> dict[str, Any]:
    """The game's part of the payload (``page``): the turn, the screen as this seat may see it,
    the pad's greyed numbers, the pairs on the mountain, and the words the page shows."""
    names = view.names
    return {
        "role": role(view, seat),
        "phase": str(view.phase),
        "turn": view.turn + 1,
        "caller": view.caller,
        "guesser": view.guesser,
        "number": view.number,  # None in every view but the caller's until the screen is up
        "lifted": view.screen_lifted,
        "most": MAX_FLAGS,
        "guesses": list(view.guesses),
        "hints": [str(h) for h in view.hints],
        "low": view.low,
        "high": view.high,
        "excluded": [n for n in range(MAX_FLAGS + 1) if not view.low <= n <= view.high],
        "summit_rule": _summit_rule(view, seat),
        "summit": SUMMIT,
        "pairs": [_pair(view, s) for s in range(len(names))],
        "last": _last(view),
        "words": _words(view, seat),
    }


def choices(view: BergState, seat: int) -> list[dict[str, Any]]:
    """The seat's choices now, in the TV's words, each with what the page draws it by:
    ``kind`` (the action's type) and ``value`` (the flags set or the number guessed)."""
    if view.current_player != seat:
        return []
    return [_choice(view, action) for action in view.legal_actions() if action.seat == seat]


def question(view: BergState, seat: int) -> str:
    """The question line: the TV's prompt for this seat on its turn, who decides otherwise."""
    if view.is_over():
        return tr("bergruft.prompt.over")
    mine = view.current_player == seat
    asked = str(view.phase) if mine else None
    number = view.number if asked == "decide" else None
    if asked == "decide" and number is None:
        asked = None  # a view without the number cannot say higher or lower (never the caller's)
    lines = prompt.prompt_lines(view, asked, None, number, False)
    return " ".join(line for line in lines if line)


# ---- the parts ----------------------------------------------------------------------------------
def _choice(view: BergState, action: BergAction) -> dict[str, Any]:
    kind = action.to_dict()["type"]
    value: int | None = None
    if isinstance(action, SetFlags):
        value, label = action.flags, tr("bergruft.phone.set", n=action.flags)
    elif isinstance(action, Guess):
        value, label = action.value, tr("bergruft.phone.guess", n=action.value)
    elif isinstance(action, AllowGuess):
        word = "higher" if action.hint is Hint.HIGHER else "lower"
        label = tr(f"bergruft.decide.allow_{word}")
    elif isinstance(action, LiftScreen):
        label = tr("bergruft.decide.lift")
    elif isinstance(action, Punish):
        label = tr("bergruft.punish.cap", guesser=action.guesser_name)
    else:
        assert isinstance(action, Waive) and view.number is not None
        label = tr("bergruft.punish.waive", n=abs(view.guesses[-1] - view.number))
    return {"action": action.to_dict(), "label": label, "group": "", "kind": kind, "value": value}


def _summit_rule(view: BergState, seat: int) -> str:
    """B6: why the caller may not lift the screen now (only on his page, when it binds)."""
    if view.phase is not Phase.DECIDE or seat != view.caller or view.number is None:
        return ""
    return "" if view.may_lift_screen() else tr("bergruft.decide.summit_rule")


def _pair(view: BergState, seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "heidi": view.heidi[seat],
        "peter": view.peter[seat],
        "free": view.free_steps(seat),
        "stones": view.mountain[view.peter[seat]],
        "avalanche": view.avalanche(seat),
        "text": tr("bergruft.phone.pair", heidi=view.heidi[seat], peter=view.peter[seat],
                   avalanche=view.avalanche(seat)),  # fmt: skip
    }


def _last(view: BergState) -> dict[str, Any] | None:
    """The last turn, told while the next one has not got going (its screen was lifted)."""
    r = view.last_result
    if r is None or view.phase not in (Phase.SET, Phase.OVER) or view.guesses:
        return None
    key, params = log.narration(view)
    return {"number": r.number, "guesses": list(r.guesses), "guessed": r.guessed,
            "text": tr(f"bergruft.story.{key}", **params)}  # fmt: skip


def _words(view: BergState, seat: int) -> dict[str, str]:
    """The page's own words in the phone's language (what it shows besides the choices)."""
    names = view.names
    caller, guesser = names[view.caller], names[view.guesser]
    words = {
        "role": tr(ROLE[role(view, seat)], caller=caller, guesser=guesser),
        "guesses": tr("bergruft.guesses"),
        "private": tr("bergruft.screen.private"),
        "hidden": tr("bergruft.phone.hidden", caller=caller),
        "mountain": tr("bergruft.phone.mountain"),
        "range": tr("bergruft.range", low=view.low, high=view.high),
        "confirm": tr(CONFIRM[view.phase is Phase.SET]),
        "calls": tr("bergruft.banner.calls"),
        "guessing": tr("bergruft.banner.guesses"),
    }
    if view.number is not None:
        key = "bergruft.screen.yours" if seat == view.caller else "bergruft.screen.flags"
        words["number"] = tr(key, n=view.number)
    elif view.is_over() and view.last_result is not None:  # the last screen stays lifted
        words["number"] = tr("bergruft.screen.flags", n=view.last_result.number)
        words["role"] = ""  # nobody calls any more
    return words
