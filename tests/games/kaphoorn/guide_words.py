"""What each of the Kap Hoorn guide's sentences promises, checked against what the suggested
action did (issue 29, item 6): ``says(old, hint, new)`` is the game's knob ``guide_says``.

``old`` is the position the hint was made for (the whole game, hands and pile included), ``new``
the one after the table played the hint's action.
"""

from __future__ import annotations

from typing import Any

from game.games.kaphoorn import log as talk
from game.games.kaphoorn.bots.simple import course
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import Again, Buy, End, Ignore, Play, Replace, Sail, Stay
from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.turn import (
    AGAIN_COST,
    AGAIN_PHASE,
    CARD_COST,
    IGNORE_COST,
    MAX_SAIL,
    all_winds,
)

FIRST = {
    Play: {"pick_card", "lay"},
    Replace: {"pick_cover", "cover"},
    Sail: {"sail", "cancel_ignore"},
    Ignore: {"ignore", "ignore_to"},
    Stay: {"stay", "stay_full"},
    Again: {"again"},
    Buy: {"buy"},
    End: {"end", "end_drawn"},
}


def says(old: KapState, hint: Any, new: KapState) -> None:
    a, keys = hint.action, hint.keys()
    params = [dict(p) for _, p in hint.words]
    assert keys and keys[0] in FIRST[type(a)], f"{a} explained as {keys}"
    seat = old.seat
    points = new.sail[seat] - old.sail[seat]
    hand = len(new.hands[seat]) - len(old.hands[seat])
    if isinstance(a, Play | Replace):
        assert new.cards[a.to] == a.wind, "the card is not where the guide said"
        if keys[0].startswith("pick"):
            assert params[0]["wind"] == talk.wind_name(a.wind)
        if isinstance(a, Replace):
            assert new.discard[-1] == old.cards[a.to], "the covered card was not discarded"
    elif isinstance(a, Sail):
        _sail(old, a, new, keys, params)
    elif isinstance(a, Ignore):
        assert new.ships[seat] == a.to and points == -IGNORE_COST
    elif isinstance(a, Stay):
        assert new.ships[seat] == old.ships[seat]
        if keys[0] == "stay_full":
            assert old.sail[seat] == MAX_SAIL == params[0]["n"] and points == 0
        else:
            assert points == 1, "staying gained no sail point"
    elif isinstance(a, Again):
        assert points == -AGAIN_COST and new.phase == AGAIN_PHASE
    elif isinstance(a, Buy):
        assert points == -CARD_COST and hand >= 1, "no card bought"
    else:
        assert new.seat != seat or new.is_over(), "the turn did not end"
        free = 1 if keys[0] == "end" else 0
        assert hand == free, f"{keys[0]}: the hand changed by {hand}"


def _sail(old: KapState, a: Sail, new: KapState, keys: tuple[str, ...], params: list) -> None:
    seat = old.seat
    ship = old.ships[seat]
    assert new.ships[seat] == a.to, "the clipper did not sail where the guide said"
    if keys[0] == "cancel_ignore":
        return
    width = default_chart().width
    (r0, c0), (r1, c1) = divmod(ship, width), divmod(a.to, width)
    assert params[0]["n"] == max(abs(r1 - r0), abs(c1 - c0)), "not the card's distance"
    assert params[0]["n"] == all_winds()[old.cards[ship]].distance
    if len(keys) > 1:
        assert keys[1] == "nearer"
        roses = old.roses[seat]
        assert params[1]["n"] == course(ship, roses) - course(a.to, roses) > 0
