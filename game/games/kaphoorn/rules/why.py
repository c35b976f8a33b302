"""Why an action is not offered: the code of ``IllegalAction`` and ``why_not`` (rulings cited).

:func:`reason` gives a code and its parameters, which the screen translates
(``refusal.kaphoorn.<code>``); :func:`english` the same as a sentence for logs and developers.
Parameters are data: a field by its label (``N7``), a wind card by its motif (``gale``).
"""

from __future__ import annotations

from typing import Any

from game.games.kaphoorn.rules.actions import Again, Buy, End, Ignore, Play, Replace, Sail, Stay
from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.codes import Refused
from game.games.kaphoorn.rules.position import KapPosition
from game.games.kaphoorn.rules.turn import (  # fmt: skip
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
    ignore_targets,
    sail_moves,
)
from game.games.kaphoorn.rules.winds import default_deck

Reason = tuple[str, dict[str, Any]]

ENGLISH: dict[str, str] = {
    Refused.OVER: "the game is over",
    Refused.UNKNOWN_CARD: "there is no such wind card",
    Refused.LAY_FIRST: "cards are played before the ship moves",
    Refused.ONLY_CARD: "you replaced a card: it must be the only card this turn",
    Refused.NO_CARD: "you hold no {wind} card",
    Refused.ON_SEA: "cards go on the sea, not on land",
    Refused.START_FIELD: "a start field is printed: nothing goes on it (K3)",
    Refused.OCCUPIED: "there is a card on {field} already",
    Refused.NOT_NEXT: "not next to any card",
    Refused.REPLACE_ALONE: "you played a card this turn: a replacement must be the only card (K6)",
    Refused.NOTHING_TO_COVER: "there is no card there to replace",
    Refused.START_COVER: "a start field cannot be replaced (K3)",
    Refused.SHIP_THERE: "a ship stands on this card",
    Refused.REACH: "your own ship can reach this card this turn (K5)",
    Refused.MOVED: "your ship has moved this turn",
    Refused.NO_WIND: "the wind does not blow that way",
    Refused.LAND: "land or the edge of the chart is in the way (K4)",
    Refused.EXACT: "the wind carries the ship exactly {n} fields, to {field}",
    Refused.NO_CARD_THERE: "no wind card on {field} to end on",
    Refused.OTHER_SHIP: "another ship is on {field}",
    Refused.IGNORE_COST: f"ignoring the wind costs {IGNORE_COST} sail points",
    Refused.ONE_FIELD: "ignoring the wind moves the ship one field only",
    Refused.NO_CARD_NEXT: "no wind card on {field}",
    Refused.MOVE_FIRST: "move your ship first",
    Refused.AGAIN_COST: f"sailing again costs {AGAIN_COST} sail points",
    Refused.FINISHED: "your ship has finished moving this turn",
    Refused.DEAD_END: "no wind from this field leads anywhere (K13)",
    Refused.AFTER_MOVE: "cards are drawn and bought after the ship moves",
    Refused.BUY_COST: f"a card costs {CARD_COST} sail point",
    Refused.HAND_LIMIT: f"hand limit {HAND_LIMIT}",
    Refused.EMPTY: "no cards left to draw",
    Refused.END_AGAIN: "you paid to sail again: sail first",
    Refused.END_FIRST: "move your ship first (or stay)",
    Refused.OTHER: "not a Kap Hoorn action: {action}",
    Refused.IGNORE_NONE: "no free wind card next to your ship",
}


def english(code: str, params: dict[str, Any]) -> str:
    """The developer's sentence of a refusal; a motif is named with its distance (``gale 4``)."""
    shown = dict(params)
    if "wind" in shown:
        deck = default_deck()
        shown["wind"] = str(deck.winds[deck.index(shown["wind"])])
    return ENGLISH[code].format(**shown)


def ignore_reason(s: KapPosition) -> Reason | None:
    """Why the wind cannot be ignored now at all, or None: the question of the Ignore button,
    which is pressed before the field is picked (a field's own reason comes from
    :func:`reason`). None exactly when ``legal_actions`` holds an ``Ignore``."""
    if s.phase == OVER:
        return Refused.OVER, {}
    if s.phase != LAY:
        return Refused.MOVED, {}
    if s.sail[s.seat] < IGNORE_COST:
        return Refused.IGNORE_COST, {}
    return None if ignore_targets(s) else ("ignore_none", {})


def reason(s: KapPosition, action: Any) -> Reason:
    if s.phase == OVER:
        return Refused.OVER, {}
    if isinstance(action, Play | Replace) and not 0 <= action.wind < len(default_deck().winds):
        return Refused.UNKNOWN_CARD, {}
    for kind, explain in _EXPLAIN:
        if isinstance(action, kind):
            return explain(s, action)  # type: ignore[no-any-return]
    return Refused.OTHER, {"action": repr(action)}


def _play(s: KapPosition, a: Play) -> Reason:
    chart = default_chart()
    if s.phase != LAY:
        return Refused.LAY_FIRST, {}
    if s.replaced:
        return Refused.ONLY_CARD, {}
    if a.wind not in s.hands[s.seat]:
        return Refused.NO_CARD, {"wind": all_winds()[a.wind].name}
    if not 0 <= a.to < len(s.cards) or not chart.is_sea(a.to):
        return Refused.ON_SEA, {}
    if a.to in chart.starts:
        return Refused.START_FIELD, {}
    if s.laid >> a.to & 1:
        return Refused.OCCUPIED, {"field": chart.label(a.to)}
    return Refused.NOT_NEXT, {}


def _replace(s: KapPosition, a: Replace) -> Reason:
    chart = default_chart()
    if s.phase != LAY:
        return Refused.LAY_FIRST, {}
    if s.played:
        return Refused.REPLACE_ALONE, {}
    if a.wind not in s.hands[s.seat]:
        return Refused.NO_CARD, {"wind": all_winds()[a.wind].name}
    if not 0 <= a.to < len(s.cards) or not s.laid >> a.to & 1:
        return Refused.NOTHING_TO_COVER, {}
    if a.to in chart.starts:
        return Refused.START_COVER, {}
    if a.to in s.ships:
        return Refused.SHIP_THERE, {}
    return Refused.REACH, {}


def _sail(s: KapPosition, a: Sail) -> Reason:
    if s.phase not in (LAY, AGAIN_PHASE):
        return Refused.MOVED, {}
    chart = default_chart()
    ship = s.ships[s.seat]
    wind = all_winds()[s.cards[ship]]
    if a.direction not in chart.arrows(wind, ship):
        return Refused.NO_WIND, {}
    to = chart.end_of(ship, a.direction, wind.distance)
    if to < 0:
        return Refused.LAND, {}
    if to != a.to:
        return Refused.EXACT, {"n": wind.distance, "field": chart.label(to)}
    if not s.laid >> to & 1:
        return Refused.NO_CARD_THERE, {"field": chart.label(to)}
    return Refused.OTHER_SHIP, {"field": chart.label(to)}


def _ignore(s: KapPosition, a: Ignore) -> Reason:
    if s.phase != LAY:
        return Refused.MOVED, {}
    chart = default_chart()
    if s.sail[s.seat] < IGNORE_COST:
        return Refused.IGNORE_COST, {}
    if not 0 <= a.to < len(s.cards) or not chart.neighbours[s.ships[s.seat]] >> a.to & 1:
        return Refused.ONE_FIELD, {}
    if not s.laid >> a.to & 1:
        return Refused.NO_CARD_NEXT, {"field": chart.label(a.to)}
    return Refused.OTHER_SHIP, {"field": chart.label(a.to)}


def _again(s: KapPosition, a: Again) -> Reason:
    if s.phase in (LAY, AGAIN_PHASE):
        return Refused.MOVE_FIRST, {}
    if s.sail[s.seat] < AGAIN_COST:
        return Refused.AGAIN_COST, {}
    if s.phase == DRAW and sail_moves(s):
        return Refused.FINISHED, {}
    return Refused.DEAD_END, {}


def _stay(s: KapPosition, a: Stay) -> Reason:
    return Refused.MOVED, {}


def _buy(s: KapPosition, a: Buy) -> Reason:
    if s.phase not in (MOVED, DRAW):
        return Refused.AFTER_MOVE, {}
    if s.sail[s.seat] < CARD_COST:
        return Refused.BUY_COST, {}
    if len(s.hands[s.seat]) + (s.phase == MOVED) >= HAND_LIMIT:
        return Refused.HAND_LIMIT, {}
    return Refused.EMPTY, {}


def _end(s: KapPosition, a: End) -> Reason:
    if s.phase == AGAIN_PHASE:
        return Refused.END_AGAIN, {}
    return Refused.END_FIRST, {}


_EXPLAIN: tuple[tuple[type, Any], ...] = (
    (Play, _play), (Replace, _replace), (Sail, _sail), (Ignore, _ignore), (Again, _again),
    (Stay, _stay), (Buy, _buy), (End, _end),
)  # fmt: skip
