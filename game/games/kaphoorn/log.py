"""What the Kap Hoorn screen says: translated log lines, questions, button reasons, refusals.

The rules speak in codes with data (``IllegalAction``, ``why_not``, an action's ``to_dict``); the
screen says them in the player's language when it draws them: a refusal as
``refusal.kaphoorn.<code>``, a move-log entry as ``kaphoorn.log.<code>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import Ignore, KapAction, Play, Replace, Sail, sail
from game.games.kaphoorn.rules.chart import COLOURS, default_chart
from game.games.kaphoorn.rules.position import KapPosition
from game.games.kaphoorn.rules.turn import (
    AGAIN_PHASE,
    DRAW,
    LAY,
    MOVED,
    all_winds,
    course,
    no_rose,
)
from game.games.kaphoorn.rules.winds import default_deck
from game.i18n import has, tr
from game.protocol.base import Refusal

ROMAN = ("I", "II", "III")  # the stages, as the chart's discs and the log books write them


def wind_name(wind: int) -> str:
    w = all_winds()[wind]
    key = f"kaphoorn.wind.{w.name}"
    return f"{tr(key) if has(key) else w.name} {w.distance}"


def colour_name(colour: int) -> str:
    return tr(f"kaphoorn.colour.{COLOURS[colour]}")


def entry(action: KapAction, state: KapPosition | None = None) -> tuple[str, dict[str, Any]]:
    """A move-log entry of ``action``: its type as the code, its data as the parameters (the
    same as a replay stores); translated only when drawn, so it follows a language change.

    Played from ``state``, a field it names is also placed as the player sees it on the chart,
    which labels no field (issue 29): a station by its colour and stage, the finish line, else
    its distance and direction from the mover's ship (``place``); a sail by how far it went."""
    data = action.to_dict()
    code = str(data.pop("type"))
    if state is not None and isinstance(action, Play | Replace | Sail | Ignore):
        data.update(place(state.ships[state.seat], action.to))
    return code, data


def place(ship: int, field: int) -> dict[str, Any]:
    """Where ``field`` is for a player looking at the chart: ``landmark`` ("station", with its
    ``colour`` and ``stage``; "finish"; or "" for open sea) and ``n`` fields ``toward`` (a
    compass direction) from the ship's field ``ship``."""
    chart = default_chart()
    (row, col), (to_row, to_col) = divmod(ship, chart.width), divmod(field, chart.width)
    down, right = to_row - row, to_col - col
    words: dict[str, Any] = {"n": max(abs(down), abs(right)), "toward": _toward(down, right)}
    if field in chart.station:
        words.update(landmark="station", colour=COLOURS[chart.station[field]],
                     stage=chart.zone[field])  # fmt: skip
    else:
        words["landmark"] = "finish" if chart.finish >> field & 1 else ""
    return words


def _toward(down: int, right: int) -> str:
    """The compass direction nearest to a step of ``down`` rows and ``right`` columns."""
    vertical = "N" if down < 0 else "S" if down > 0 else ""
    across = "W" if right < 0 else "E" if right > 0 else ""
    if abs(right) > 2 * abs(down):
        return across
    if abs(down) > 2 * abs(right):
        return vertical
    return vertical + across


def rose_entry(colour: int) -> tuple[str, dict[str, Any]]:
    """The move-log entry of a wind rose taken at a station (K9)."""
    return "rose", {"colour": COLOURS[colour]}


def landing(state: KapPosition, action: KapAction) -> list[tuple[str, dict[str, Any]]]:
    """The move-log entry of a move from ``state`` that ends on a station which gives no wind
    rose (K9: allowed, and nothing happens), with the rules' reason; none for another move."""
    if not isinstance(action, Sail | Ignore):
        return []
    why = no_rose(state, action.to)
    if why is None:
        return []
    chart = default_chart()
    colour = COLOURS[chart.station[action.to]]
    return [(f"no_rose_{why}", {"colour": colour, "stage": chart.zone[action.to]})]


def line(code: str, params: Mapping[str, Any]) -> str:
    """A move-log entry in the player's language (without the player's name)."""
    words = spoken(params)
    if "toward" in params:  # a field placed as the player sees it (``place``)
        return _placed(code, words)
    return tr(f"kaphoorn.log.{code}", **words)


def _placed(code: str, words: dict[str, Any]) -> str:
    """A log line whose field is named by a landmark or its distance and direction."""
    landmark = words.pop("landmark", "")
    if landmark:  # a station or the finish line: named (``play_station``, ``sail_finish``)
        return tr(f"kaphoorn.log.{code}_{landmark}", **words)
    if code in ("sail", "ignore"):  # as far as it went, that way
        return tr(f"kaphoorn.log.{code}", **words)
    where = tr("kaphoorn.where.near", **words)  # open sea: from the mover's ship
    return tr(f"kaphoorn.log.{code}", **{**words, "where": where})


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
    if "toward" in words:  # the same compass direction, as a field's side of the ship
        words["side"] = tr(f"kaphoorn.side.{words['toward']}")
        words["direction"] = tr(f"kaphoorn.direction.{words.pop('toward')}")
    if "colour" in words:
        words["colour"] = tr(f"kaphoorn.colour.{words['colour']}")
    if "stage" in words:
        words["stage"] = ROMAN[int(words["stage"]) - 1]
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
        return tr(f"kaphoorn.ask.{sailing(found)}", name=name)
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


def sailing(reasons: list[tuple[int, int, str | None]]) -> str:
    """Whether the ship may sail now, and if not, why."""
    codes = {code for _, _, code in reasons}
    if None in codes:
        return "lay_sail"
    return "lay_no_card" if "no_card_there" in codes else "lay_blocked"


def over_text(state: KapState) -> str:
    name = state.names[state.winner] if state.winner >= 0 else ""
    return tr(f"kaphoorn.ask.over_{state.reason or 'rounds'}", name=name)
