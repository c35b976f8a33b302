"""What the Kap Hoorn screen says: translated log lines, questions, button reasons, refusals.

The rules speak in codes with data (``IllegalAction``, ``why_not``, an action's ``to_dict``); the
screen says them in the player's language when it draws them: a refusal as
``refusal.kaphoorn.<code>``, a move-log entry as ``kaphoorn.log.<code>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import KapAction, sail
from game.games.kaphoorn.rules.chart import COLOURS
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, DRAW, LAY, MOVED, all_winds, course
from game.games.kaphoorn.rules.winds import default_deck
from game.i18n import has, tr
from game.protocol.base import Refusal


def wind_name(wind: int) -> str:
    w = all_winds()[wind]
    key = f"kaphoorn.wind.{w.name}"
    return f"{tr(key) if has(key) else w.name} {w.distance}"


def colour_name(colour: int) -> str:
    return tr(f"kaphoorn.colour.{COLOURS[colour]}")


def entry(action: KapAction) -> tuple[str, dict[str, Any]]:
    """A move-log entry of ``action``: its type as the code, its data as the parameters (the
    same as a replay stores); translated only when drawn, so it follows a language change."""
    data = action.to_dict()
    return str(data.pop("type")), data


def rose_entry(colour: int) -> tuple[str, dict[str, Any]]:
    """The move-log entry of a wind rose taken at a station (K9)."""
    return "rose", {"colour": COLOURS[colour]}


def line(code: str, params: Mapping[str, Any]) -> str:
    """A move-log entry in the player's language (without the player's name)."""
    return tr(f"kaphoorn.log.{code}", **spoken(params))


def refusal_text(refusal: Refusal) -> str:
    """A refusal of the rules in the player's language (a notice, a disabled button's reason)."""
    return tr(f"refusal.kaphoorn.{refusal.code}", **spoken(refusal.params))


def spoken(params: Mapping[str, Any]) -> dict[str, Any]:
    """The rules' data in the player's words: a wind card (by its motif) by its name and
    number, a compass direction and a wind rose's colour by theirs; a field keeps its label."""
    words = dict(params)
    if "wind" in words:
        words["wind"] = wind_name(default_deck().index(words["wind"]))
    if "direction" in words:
        words["direction"] = tr(f"kaphoorn.direction.{words['direction']}")
    if "colour" in words:
        words["colour"] = tr(f"kaphoorn.colour.{words['colour']}")
    return words


def question(
    state: KapState,
    selected: int | None,
    ignoring: bool,
    reasons: list[tuple[int, int, str | None]] | None = None,
) -> str:
    """The question of the moment; ``reasons``: ``course_reasons(state)``, if already known."""
    name = state.names[state.seat]
    if state.phase == LAY:
        if ignoring:
            return tr("kaphoorn.ask.ignore", name=name)
        if state.replaced:
            return tr("kaphoorn.ask.lay_replaced", name=name)
        if selected is not None:
            return tr("kaphoorn.ask.lay_card", name=name, wind=wind_name(selected))
        found = course_reasons(state) if reasons is None else reasons
        return tr(f"kaphoorn.ask.{_sailing(found)}", name=name)
    key = {AGAIN_PHASE: "again", MOVED: "moved", DRAW: "draw"}.get(state.phase, "draw")
    return tr(f"kaphoorn.ask.{key}", name=name)


def course_reasons(state: KapState) -> list[tuple[int, int, str | None]]:
    """The wind's course from the mover's ship: (direction, end field or -1, the rules' refusal
    code of sailing there, None if the ship may). The question of step 2 says it, and the chart
    outlines the ends."""
    out = []
    for direction, end in course(state):
        refused = state.why_not(sail(direction, end))
        out.append((direction, end, None if refused is None else refused.code))
    return out


def _sailing(reasons: list[tuple[int, int, str | None]]) -> str:
    """Whether the ship may sail now, and if not, why."""
    codes = {code for _, _, code in reasons}
    if None in codes:
        return "lay_sail"
    return "lay_no_card" if "no_card_there" in codes else "lay_blocked"


def over_text(state: KapState) -> str:
    name = state.names[state.winner] if state.winner >= 0 else ""
    return tr(f"kaphoorn.ask.over_{state.reason or 'rounds'}", name=name)
