"""Why an action is not offered: the code of ``IllegalAction`` and ``why_not`` (rulings cited).

:func:`reason` gives a code and its parameters, which the screen translates
(``refusal.kaphoorn.<code>``); :func:`english` the same as a sentence for logs and developers.
Parameters are data: a field by its label (``N7``), a wind card by its motif (``gale``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.games.kaphoorn.rules.actions import Again, Buy, End, Ignore, Play, Replace, Sail, Stay
from game.games.kaphoorn.rules.chart import default_chart
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
from game.protocol.base import IllegalAction

if TYPE_CHECKING:
    from game.games.kaphoorn.rules.state import KapState

Reason = tuple[str, dict[str, Any]]

ENGLISH = {
    "over": "the game is over",
    "unknown_card": "there is no such wind card",
    "lay_first": "cards are played before the ship moves",
    "only_card": "you replaced a card: it must be the only card this turn",
    "no_card": "you hold no {wind} card",
    "on_sea": "cards go on the sea, not on land",
    "start_field": "a start field is printed: nothing goes on it (K3)",
    "occupied": "there is a card on {field} already",
    "not_next": "not next to any card",
    "replace_alone": "you played a card this turn: a replacement must be the only card (K6)",
    "nothing_to_cover": "there is no card there to replace",
    "start_cover": "a start field cannot be replaced (K3)",
    "ship_there": "a ship stands on this card",
    "reach": "your own ship can reach this card this turn (K5)",
    "moved": "your ship has moved this turn",
    "no_wind": "the wind does not blow that way",
    "land": "land or the edge of the chart is in the way (K4)",
    "exact": "the wind carries the ship exactly {n} fields, to {field}",
    "no_card_there": "no wind card on {field} to end on",
    "other_ship": "another ship is on {field}",
    "ignore_cost": f"ignoring the wind costs {IGNORE_COST} sail points",
    "one_field": "ignoring the wind moves the ship one field only",
    "no_card_next": "no wind card on {field}",
    "move_first": "move your ship first",
    "again_cost": f"sailing again costs {AGAIN_COST} sail points",
    "finished": "your ship has finished moving this turn",
    "dead_end": "no wind from this field leads anywhere (K13)",
    "after_move": "cards are drawn and bought after the ship moves",
    "buy_cost": f"a card costs {CARD_COST} sail point",
    "hand_limit": f"hand limit {HAND_LIMIT}",
    "empty": "no cards left to draw",
    "end_again": "you paid to sail again: sail first",
    "end_first": "move your ship first (or stay)",
    "other": "not a Kap Hoorn action: {action}",
    "ignore_none": "no free wind card next to your ship",
}


def english(code: str, params: dict[str, Any]) -> str:
    """The developer's sentence of a refusal; a motif is named with its distance (``gale 4``)."""
    shown = dict(params)
    if "wind" in shown:
        deck = default_deck()
        shown["wind"] = str(deck.winds[deck.index(shown["wind"])])
    return ENGLISH[code].format(**shown)


def illegal(s: KapState, action: Any) -> IllegalAction:
    """The error ``apply`` raises for an action that ``s`` does not offer."""
    code, params = reason(s, action)
    return IllegalAction(code, params, english(code, params))


def ignore_reason(s: KapState) -> Reason | None:
    """Why the wind cannot be ignored now at all, or None: the question of the Ignore button,
    which is pressed before the field is picked (a field's own reason comes from
    :func:`reason`). None exactly when ``legal_actions`` holds an ``Ignore``."""
    if s.phase == OVER:
        return "over", {}
    if s.phase != LAY:
        return "moved", {}
    if s.sail[s.seat] < IGNORE_COST:
        return "ignore_cost", {}
    return None if ignore_targets(s) else ("ignore_none", {})


def reason(s: KapState, action: Any) -> Reason:
    if s.phase == OVER:
        return "over", {}
    if isinstance(action, Play | Replace) and not 0 <= action.wind < len(default_deck().winds):
        return "unknown_card", {}
    for kind, explain in _EXPLAIN:
        if isinstance(action, kind):
            return explain(s, action)  # type: ignore[no-any-return]
    return "other", {"action": repr(action)}


def _play(s: KapState, a: Play) -> Reason:
    chart = default_chart()
    if s.phase != LAY:
        return "lay_first", {}
    if s.replaced:
        return "only_card", {}
    if a.wind not in s.hands[s.seat]:
        return "no_card", {"wind": all_winds()[a.wind].name}
    if not 0 <= a.to < len(s.cards) or not chart.is_sea(a.to):
        return "on_sea", {}
    if a.to in chart.starts:
        return "start_field", {}
    if s.laid >> a.to & 1:
        return "occupied", {"field": chart.label(a.to)}
    return "not_next", {}


def _replace(s: KapState, a: Replace) -> Reason:
    chart = default_chart()
    if s.phase != LAY:
        return "lay_first", {}
    if s.played:
        return "replace_alone", {}
    if a.wind not in s.hands[s.seat]:
        return "no_card", {"wind": all_winds()[a.wind].name}
    if not 0 <= a.to < len(s.cards) or not s.laid >> a.to & 1:
        return "nothing_to_cover", {}
    if a.to in chart.starts:
        return "start_cover", {}
    if a.to in s.ships:
        return "ship_there", {}
    return "reach", {}


def _sail(s: KapState, a: Sail) -> Reason:
    if s.phase not in (LAY, AGAIN_PHASE):
        return "moved", {}
    chart = default_chart()
    ship = s.ships[s.seat]
    wind = all_winds()[s.cards[ship]]
    if a.direction not in chart.arrows(wind, ship):
        return "no_wind", {}
    to = chart.end_of(ship, a.direction, wind.distance)
    if to < 0:
        return "land", {}
    if to != a.to:
        return "exact", {"n": wind.distance, "field": chart.label(to)}
    if not s.laid >> to & 1:
        return "no_card_there", {"field": chart.label(to)}
    return "other_ship", {"field": chart.label(to)}


def _ignore(s: KapState, a: Ignore) -> Reason:
    if s.phase != LAY:
        return "moved", {}
    chart = default_chart()
    if s.sail[s.seat] < IGNORE_COST:
        return "ignore_cost", {}
    if not 0 <= a.to < len(s.cards) or not chart.neighbours[s.ships[s.seat]] >> a.to & 1:
        return "one_field", {}
    if not s.laid >> a.to & 1:
        return "no_card_next", {"field": chart.label(a.to)}
    return "other_ship", {"field": chart.label(a.to)}


def _again(s: KapState, a: Again) -> Reason:
    if s.phase in (LAY, AGAIN_PHASE):
        return "move_first", {}
    if s.sail[s.seat] < AGAIN_COST:
        return "again_cost", {}
    if s.phase == DRAW and sail_moves(s):
        return "finished", {}
    return "dead_end", {}


def _stay(s: KapState, a: Stay) -> Reason:
    return "moved", {}


def _buy(s: KapState, a: Buy) -> Reason:
    if s.phase not in (MOVED, DRAW):
        return "after_move", {}
    if s.sail[s.seat] < CARD_COST:
        return "buy_cost", {}
    if len(s.hands[s.seat]) + (s.phase == MOVED) >= HAND_LIMIT:
        return "hand_limit", {}
    return "empty", {}


def _end(s: KapState, a: End) -> Reason:
    if s.phase == AGAIN_PHASE:
        return "end_again", {}
    return "end_first", {}


_EXPLAIN: tuple[tuple[type, Any], ...] = (
    (Play, _play), (Replace, _replace), (Sail, _sail), (Ignore, _ignore), (Again, _again),
    (Stay, _stay), (Buy, _buy), (End, _end),
)  # fmt: skip
