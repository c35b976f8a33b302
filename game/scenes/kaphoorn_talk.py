"""What the Kap Hoorn screen says: translated log lines, questions, button reasons, refusals.

The engine prints its actions and refusals in English; the screen says the same in the player's
language from the action's data and the refusal's reason code (``why.reason``).
"""

from __future__ import annotations

from typing import Any

from game.i18n import has, tr
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
from game.rules.kaphoorn.why import reason

REFUSALS = {  # why.reason code -> kaphoorn.refusal key (where they differ)
    "unknown_card": "no_card", "no_card_next": "no_card_there", "exact": "exact",
}  # fmt: skip


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


def explain(state: KapState, action: Any) -> str:
    """The translated reason why ``action`` is refused in ``state``."""
    code, params = reason(state, action)
    key = f"kaphoorn.refusal.{REFUSALS.get(code, code)}"
    return tr(key, **params) if has(key) else tr("kaphoorn.refusal.other")


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
