"""Why an action is not offered: the message of ``IllegalAction`` (rulings cited)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.kaphoorn.actions import Again, Buy, End, Ignore, Play, Replace, Sail, Stay
from game.rules.kaphoorn.chart import default_chart
from game.rules.kaphoorn.turn import (
    AGAIN_COST,
    AGAIN_PHASE,
    CARD_COST,
    DRAW,
    HAND_LIMIT,
    IGNORE_COST,
    LAY,
    MOVED,
    OVER,
    all_winds,
    sail_moves,
)  # fmt: skip
from game.rules.kaphoorn.winds import default_deck

if TYPE_CHECKING:
    from game.rules.kaphoorn.state import KapState


def why(s: KapState, action: Any) -> str:
    if s.phase == OVER:
        return "the game is over"
    if isinstance(action, (Play, Replace)) and not 0 <= action.wind < len(default_deck().winds):
        return "there is no such wind card"
    for kind, explain in _EXPLAIN:
        if isinstance(action, kind):
            return explain(s, action)
    return f"not a Kap Hoorn action: {action!r}"


def _play(s: KapState, a: Play) -> str:
    chart = default_chart()
    if s.phase != LAY:
        return "cards are played before the ship moves"
    if s.replaced:
        return "you replaced a card: it must be the only card this turn"
    if a.wind not in s.hands[s.seat]:
        return f"you hold no {all_winds()[a.wind]} card"
    if not 0 <= a.to < len(s.cards) or not chart.is_sea(a.to):
        return "cards go on the sea, not on land"
    if a.to in chart.starts:
        return "a start field is printed: nothing goes on it (K3)"
    if s.laid >> a.to & 1:
        return f"there is a card on {chart.label(a.to)} already"
    return "not next to any card"


def _replace(s: KapState, a: Replace) -> str:
    chart = default_chart()
    if s.phase != LAY:
        return "cards are played before the ship moves"
    if s.played:
        return "you played a card this turn: a replacement must be the only card (K6)"
    if a.wind not in s.hands[s.seat]:
        return f"you hold no {all_winds()[a.wind]} card"
    if not 0 <= a.to < len(s.cards) or not s.laid >> a.to & 1:
        return "there is no card there to replace"
    if a.to in chart.starts:
        return "a start field cannot be replaced (K3)"
    if a.to in s.ships:
        return "a ship stands on this card"
    return "your own ship can reach this card this turn (K5)"


def _sail(s: KapState, a: Sail) -> str:
    if s.phase not in (LAY, AGAIN_PHASE):
        return "your ship has moved this turn"
    chart = default_chart()
    ship = s.ships[s.seat]
    wind = all_winds()[s.cards[ship]]
    if a.direction not in chart.arrows(wind, ship):
        return "the wind does not blow that way"
    to = chart.end_of(ship, a.direction, wind.distance)
    if to < 0:
        return "land or the edge of the chart is in the way (K4)"
    if to != a.to:
        return f"the wind carries the ship exactly {wind.distance} fields, to {chart.label(to)}"
    if not s.laid >> to & 1:
        return f"no wind card on {chart.label(to)} to end on"
    return f"another ship is on {chart.label(to)}"


def _ignore(s: KapState, a: Ignore) -> str:
    if s.phase != LAY:
        return "your ship has moved this turn"
    chart = default_chart()
    if s.sail[s.seat] < IGNORE_COST:
        return f"ignoring the wind costs {IGNORE_COST} sail points"
    if not 0 <= a.to < len(s.cards) or not chart.neighbours[s.ships[s.seat]] >> a.to & 1:
        return "ignoring the wind moves the ship one field only"
    if not s.laid >> a.to & 1:
        return f"no wind card on {chart.label(a.to)}"
    return f"another ship is on {chart.label(a.to)}"


def _again(s: KapState, a: Again) -> str:
    if s.phase in (LAY, AGAIN_PHASE):
        return "move your ship first"
    if s.sail[s.seat] < AGAIN_COST:
        return f"sailing again costs {AGAIN_COST} sail points"
    if s.phase == DRAW and sail_moves(s):
        return "your ship has finished moving this turn"
    return "no wind from this field leads anywhere (K13)"


def _stay(s: KapState, a: Stay) -> str:
    return "your ship has moved this turn"


def _buy(s: KapState, a: Buy) -> str:
    if s.phase not in (MOVED, DRAW):
        return "cards are drawn and bought after the ship moves"
    if s.sail[s.seat] < CARD_COST:
        return f"a card costs {CARD_COST} sail point"
    if len(s.hands[s.seat]) + (s.phase == MOVED) >= HAND_LIMIT:
        return f"hand limit {HAND_LIMIT}"
    return "no cards left to draw"


def _end(s: KapState, a: End) -> str:
    if s.phase == AGAIN_PHASE:
        return "you paid to sail again: sail first"
    return "move your ship first (or stay)"


_EXPLAIN: tuple[tuple[type, Any], ...] = (
    (Play, _play), (Replace, _replace), (Sail, _sail), (Ignore, _ignore), (Again, _again),
    (Stay, _stay), (Buy, _buy), (End, _end),
)  # fmt: skip
