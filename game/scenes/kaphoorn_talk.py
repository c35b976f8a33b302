"""What the Kap Hoorn screen says: translated log lines, questions, button reasons, refusals.

The rules speak in codes with data (``IllegalAction``, ``why_not``); the screen says them in the
player's language: a refusal as ``refusal.kaphoorn.<code>``, its wind card by the motif's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import has, tr
from game.rules.base import Refusal
from game.rules.kaphoorn import KapState
from game.rules.kaphoorn.actions import (
    Again,
    Buy,
    End,
    Ignore,
    KapAction,
    Play,
    Replace,
    Sail,
    Stay,
)  # fmt: skip
from game.rules.kaphoorn.chart import COLOURS, DIRECTIONS
from game.rules.kaphoorn.turn import AGAIN_PHASE, DRAW, LAY, MOVED, all_winds
from game.rules.kaphoorn.winds import default_deck


def wind_name(wind: int) -> str:
    w = all_winds()[wind]
    key = f"kaphoorn.wind.{w.name}"
    return f"{tr(key) if has(key) else w.name} {w.distance}"


def colour_name(colour: int) -> str:
    return tr(f"kaphoorn.colour.{COLOURS[colour]}")


def say(state: KapState, action: KapAction) -> str:
    """The log line of ``action`` (without the player's name)."""
    label = state.chart.label
    if isinstance(action, Play):
        return tr("kaphoorn.log.play", wind=wind_name(action.wind), to=label(action.to))
    if isinstance(action, Replace):
        return tr("kaphoorn.log.replace", wind=wind_name(action.wind), to=label(action.to))
    if isinstance(action, Sail):
        direction = tr(f"kaphoorn.direction.{DIRECTIONS[action.direction]}")
        return tr("kaphoorn.log.sail", direction=direction, to=label(action.to))
    if isinstance(action, Ignore):
        return tr("kaphoorn.log.ignore", to=label(action.to))
    names = {Again: "again", Stay: "stay", Buy: "buy", End: "end"}
    return tr(f"kaphoorn.log.{names[type(action)]}")


def rose_line(colour: int) -> str:
    return tr("kaphoorn.log.rose", colour=colour_name(colour))


def refusal_text(refusal: Refusal) -> str:
    """A refusal of the rules in the player's language (a notice, a disabled button's reason)."""
    return tr(f"refusal.kaphoorn.{refusal.code}", **spoken(refusal.params))


def spoken(params: Mapping[str, Any]) -> dict[str, Any]:
    """The rules' data said in the player's words: a wind card (by its motif) by its name."""
    words = dict(params)
    if "wind" in words:
        words["wind"] = wind_name(default_deck().index(words["wind"]))
    return words


def question(state: KapState, selected: int | None, ignoring: bool) -> str:
    name = state.names[state.seat]
    if state.phase == LAY:
        if ignoring:
            return tr("kaphoorn.ask.ignore", name=name)
        if state.replaced:
            return tr("kaphoorn.ask.lay_replaced", name=name)
        if selected is not None:
            return tr("kaphoorn.ask.lay_card", name=name, wind=wind_name(selected))
        return tr("kaphoorn.ask.lay", name=name)
    key = {AGAIN_PHASE: "again", MOVED: "moved", DRAW: "draw"}.get(state.phase, "draw")
    return tr(f"kaphoorn.ask.{key}", name=name)


def over_text(state: KapState) -> str:
    name = state.names[state.winner] if state.winner >= 0 else ""
    return tr(f"kaphoorn.ask.over_{state.reason or 'rounds'}", name=name)
