"""The flow of a Kap Hoorn turn: which small actions are offered, and what each one does.

Works on a position (``position.py``: the state's fields and ``with_``; ``state.py``, which
imports this module, builds the state on it). Rulings are cited where they apply.
"""

from __future__ import annotations

import functools
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, TypeVar

from game.games.kaphoorn.rules.actions import (  # fmt: skip
    AGAIN,
    BUY,
    END,
    STAY,
    Again,
    Buy,
    End,
    Ignore,
    KapAction,
    Play,
    Replace,
    Sail,
    Stay,
    ignore,
    play,
    replace,
    sail,
)
from game.games.kaphoorn.rules.chart import bits, default_chart
from game.games.kaphoorn.rules.codes import Ending, NoRose
from game.games.kaphoorn.rules.position import (  # the values of a position's fields
    AGAIN_PHASE as AGAIN_PHASE,
)
from game.games.kaphoorn.rules.position import (
    DRAW as DRAW,
)
from game.games.kaphoorn.rules.position import (
    EMPTY as EMPTY,
)
from game.games.kaphoorn.rules.position import (
    HIDDEN as HIDDEN,
)
from game.games.kaphoorn.rules.position import (
    LAY as LAY,
)
from game.games.kaphoorn.rules.position import (
    MOVED as MOVED,
)
from game.games.kaphoorn.rules.position import (
    OVER as OVER,
)
from game.games.kaphoorn.rules.position import (
    PHASES as PHASES,
)
from game.games.kaphoorn.rules.position import (
    KapPosition,
)
from game.games.kaphoorn.rules.winds import Wind, default_deck
from game.protocol.base import seeded_rng

HAND_LIMIT = 6
MAX_SAIL = 8
IGNORE_COST, AGAIN_COST, CARD_COST = 3, 5, 1
P = TypeVar("P", bound=KapPosition)  # a move on a state makes a state

ROSES, FINISH, ROUNDS = Ending.ROSES, Ending.FINISH, Ending.ROUNDS  # how a game ended (K8, K15)


@functools.cache
def all_winds() -> tuple[Wind, ...]:
    """Every wind a field can show (its index in ``cards``): the deck's motifs, then the five
    printed start winds (K3)."""
    return default_deck().winds + default_chart().start_winds


# --- what is offered ----------------------------------------------------------------------------


def legal_actions(s: KapPosition) -> tuple[KapAction, ...]:
    if s.phase == LAY:  # one list, made a tuple once
        out: list[KapAction] = []
        _add_lays(s, out)
        _add_moves(s, out)
        return tuple(out)
    if s.phase == AGAIN_PHASE:
        return sail_actions(s)
    if s.phase == MOVED:
        return (AGAIN,) + draw_actions(s, free_draw_pending=True)
    if s.phase == DRAW:
        return draw_actions(s, free_draw_pending=False)
    return ()


def lay_actions(s: KapPosition) -> tuple[KapAction, ...]:
    """Step 2: any number of cards next to a card, or one replacement as the only card."""
    out: list[KapAction] = []
    _add_lays(s, out)
    return tuple(out)


def _add_lays(s: KapPosition, out: list[KapAction]) -> None:
    if s.replaced:
        return
    hand = _motifs(s.hands[s.seat])
    if hand:
        _add_each(_PLAYS, hand, frontier_fields(s), out)
        if s.played == 0:
            _add_each(_REPLACES, hand, bits(replaceable(s)), out)


@functools.lru_cache(maxsize=4096)  # hands of up to 6 of the deck's motifs, asked every step
def _motifs(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The motifs of a hand, once each, in order (a hidden hand has none)."""
    return tuple(sorted(set(hand) - {HIDDEN}))


def _add_each(
    table: _ByWind, hand: tuple[int, ...], fields: Sequence[int], out: list[KapAction]
) -> None:
    """``make(w, f) for f in fields for w in hand`` (field by field, the hand's cards in order)
    onto ``out``: the fields picked from each card's row of the table by one ``itemgetter``
    (a look-up per action in C, not a call: a random game's chart soon holds a hundred
    cards), the cards' rows interleaved by slices."""
    if len(fields) < 2:  # ``itemgetter`` gives a tuple from two keys on
        out += [table[w][f] for f in fields for w in hand]
        return
    pick = itemgetter(*fields)
    if len(hand) == 1:
        out += pick(table[hand[0]])
        return
    k, start = len(hand), len(out)
    out += [STAY] * (len(fields) * k)  # places, each filled below
    for i, wind in enumerate(hand):
        out[start + i :: k] = pick(table[wind])


class _ByWind(dict[int, dict[int, KapAction]]):
    """Per wind motif, made when first asked: its interned action on each playable field."""

    def __init__(self, make: Callable[[int, int], KapAction]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, wind: int) -> dict[int, KapAction]:
        row = self[wind] = {f: self.make(wind, f) for f in bits(default_chart().playable)}
        return row


_PLAYS, _REPLACES = _ByWind(play), _ByWind(replace)


def frontier(s: KapPosition) -> int:
    """Empty fields where a card may go: touching a card or start field, also diagonally."""
    memo = s._memo()
    found: int | None = memo.get("frontier")  # the legal list's, asked again by ``apply``
    if found is None:
        chart = default_chart()
        found = memo["frontier"] = chart.grow(s.laid) & chart.playable & ~s.laid
    return found


def frontier_fields(s: KapPosition) -> tuple[int, ...]:
    """The fields of ``frontier(s)``, lowest first (carried on: a card laid changes a few)."""
    return _carried_fields(s, "_frontier", frontier(s))


def replaceable(s: KapPosition) -> int:
    """K5, K6, K3: cards not printed, without a ship, that the player cannot reach this turn."""
    memo = s._memo()
    found: int | None = memo.get("replaceable")  # the legal list's, asked again by ``apply``
    if found is None:
        found = s.laid & default_chart().playable & ~ship_fields(s) & ~reach(s)
        memo["replaceable"] = found
    return found


def _carried_fields(s: KapPosition, key: str, mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first, kept in ``s`` under ``key`` with the mask they
    list and passed on to its copies: the next position's mask differs in a field or two
    (a card laid fills one frontier field and opens its empty neighbours)."""
    kept: tuple[int, tuple[int, ...]] | None = s._carried(key)
    if kept is not None and kept[0] == mask:
        return kept[1]
    fields = _edited(kept[1], kept[0], mask) if kept is not None else tuple(bits(mask))
    s._carry(key, (mask, fields))
    return fields


_EDITS = 8  # up to this many fields changed, editing the sorted list beats reading the mask


def _edited(fields: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    """The set bits of ``new``, lowest first, from ``fields``: those of ``old``."""
    gone, added = old & ~new, new & ~old
    if (gone | added).bit_count() > _EDITS:
        return tuple(bits(new))
    out = list(fields)
    for f in bits(gone):
        del out[bisect_left(out, f)]
    for f in bits(added):
        insort(out, f)
    return tuple(out)


def ship_fields(s: KapPosition) -> int:
    """Where the ships are, as a mask."""
    memo = s._memo()
    found: int | None = memo.get("ships")  # the replaceable cards' and the ignore targets'
    if found is None:
        found = 0
        for f in s.ships:
            found |= 1 << f
        memo["ships"] = found
    return found


def reach(s: KapPosition) -> int:
    """K5: where the ship could end with its current card, plus its neighbours with a card if
    it could pay for "ignore"."""
    mask = 0
    for _, to in sail_moves(s):
        mask |= 1 << to
    if s.sail[s.seat] >= IGNORE_COST:
        mask |= default_chart().neighbours[s.ships[s.seat]] & s.laid
    return mask


def move_actions(s: KapPosition) -> tuple[KapAction, ...]:
    """Step 3: sail by the card, ignore it for 3 points, or stay (K7, K12: always offered)."""
    out: list[KapAction] = []
    _add_moves(s, out)
    return tuple(out)


def _add_moves(s: KapPosition, out: list[KapAction]) -> None:
    out += map(_SAILS.__getitem__, sail_moves(s))
    if s.sail[s.seat] >= IGNORE_COST:
        out += map(_IGNORES.__getitem__, bits(ignore_targets(s)))
    out.append(STAY)


def sail_actions(s: KapPosition) -> tuple[KapAction, ...]:
    return tuple(map(_SAILS.__getitem__, sail_moves(s)))


class _Interned(dict[Any, KapAction]):
    """The interned action of a key (a sail's (direction, end), an ignore's field), made when
    first asked: a dict look-up where ``sail(d, to)`` would hash its arguments anew."""

    def __init__(self, make: Callable[..., KapAction], spread: bool) -> None:
        super().__init__()
        self.make, self.spread = make, spread

    def __missing__(self, key: Any) -> KapAction:
        action = self[key] = self.make(*key) if self.spread else self.make(key)
        return action


_SAILS, _IGNORES = _Interned(sail, spread=True), _Interned(ignore, spread=False)


def sail_moves(s: KapPosition, at: int | None = None) -> list[tuple[int, int]]:
    """(direction, end field) of every legal sail of the ship (K4): exactly the card's number
    along one arrow, ending on a card without another ship (stations hold any number)."""
    if at is not None:  # the ship moved there: its old field is free
        return _sail_moves(s, at, bits(_other_ships(s)))
    memo = s._memo()
    found: list[tuple[int, int]] | None = memo.get("sail_moves")
    if found is None:  # asked by the legal list, the replaceable cards and ``apply``
        # every ship is in the way: the mover's own is on none of its courses' ends
        found = memo["sail_moves"] = _sail_moves(s, s.ships[s.seat], s.ships)
    return found


def _sail_moves(s: KapPosition, ship: int, taken: Sequence[int]) -> list[tuple[int, int]]:
    laid, stations = s.laid, default_chart().station
    out = []
    for direction, to in _courses(ship, s.cards[ship]):
        if laid >> to & 1 and (to not in taken or to in stations):
            out.append((direction, to))
    return out


@functools.cache
def _courses(ship: int, card: int) -> tuple[tuple[int, int], ...]:
    """(direction, end field) of each arrow of wind ``card`` on field ``ship`` that neither land
    nor the chart's edge stops (K4): what ``course`` shows, less the ends at -1."""
    chart = default_chart()
    wind = all_winds()[card]
    ends = ((d, chart.end_of(ship, d, wind.distance)) for d in chart.arrows(wind, ship))
    return tuple((d, to) for d, to in ends if to >= 0)


def course(s: KapPosition) -> list[tuple[int, int]]:
    """Where the wind under the mover's ship leads (K4): (direction, end field) of each arrow,
    the end -1 where land or the edge is in the way. Legal or not: ``why_not`` says which."""
    chart = default_chart()
    ship = s.ships[s.seat]
    wind = all_winds()[s.cards[ship]]
    return [(d, chart.end_of(ship, d, wind.distance)) for d in chart.arrows(wind, ship)]


def ignore_targets(s: KapPosition) -> int:
    chart = default_chart()
    free = ~ship_fields(s) | chart.stations  # the mover's own ship is no neighbour of itself
    return chart.neighbours[s.ships[s.seat]] & s.laid & free


def draw_actions(s: KapPosition, free_draw_pending: bool) -> tuple[KapAction, ...]:
    """Step 4 (K14): buying counts the free card first; the pile is known only by its size."""
    return (BUY, END) if _can_buy(s, free_draw_pending) else (END,)


def _can_buy(s: KapPosition, free_draw_pending: bool) -> bool:
    hand, available = len(s.hands[s.seat]), len(s.pile) + len(s.discard)
    if free_draw_pending and hand < HAND_LIMIT and available:
        hand, available = hand + 1, available - 1
    return s.sail[s.seat] >= CARD_COST and hand < HAND_LIMIT and available > 0


def free_card_due(s: KapPosition) -> bool:
    """Whether ending the turn now draws the free card first (K14): the move is over but its
    card not drawn yet, the hand is under the limit and a card is left to draw."""
    left = len(s.pile) + len(s.discard)
    return s.phase == MOVED and len(s.hands[s.seat]) < HAND_LIMIT and left > 0


def offers(s: KapPosition, action: object) -> bool:
    """Whether ``action`` is one of ``legal_actions(s)``, checked without building the list
    (``apply`` asks this for every action)."""
    phase, kind = s.phase, type(action)
    if kind is Play or kind is Replace:
        wind, to = action.wind, action.to  # type: ignore[attr-defined]
        if phase != LAY or s.replaced or wind == HIDDEN or wind not in s.hands[s.seat]:
            return False
        if not isinstance(to, int) or to < 0:
            return False
        if kind is Play:
            return bool(frontier(s) >> to & 1)
        return s.played == 0 and bool(replaceable(s) >> to & 1)
    if kind is Sail:
        move = (action.direction, action.to)  # type: ignore[attr-defined]
        return phase in (LAY, AGAIN_PHASE) and move in sail_moves(s)
    if kind is Ignore:
        to = action.to  # type: ignore[attr-defined]
        if phase != LAY or s.sail[s.seat] < IGNORE_COST or not isinstance(to, int) or to < 0:
            return False
        return bool(ignore_targets(s) >> to & 1)
    if kind is Again:
        return phase == MOVED
    if kind is Stay:
        return phase == LAY
    if kind is End:  # K14: offered in both phases after the move (``draw_actions``)
        return phase == MOVED or phase == DRAW
    if kind is Buy:
        return (phase == MOVED or phase == DRAW) and _can_buy(s, phase == MOVED)
    return False


# --- what an action does ------------------------------------------------------------------------


def apply(s: P, action: KapAction) -> P:
    """Apply an action already known to be legal."""
    step = _STEPS.get(type(action))
    if step is None:
        raise TypeError(f"not a Kap Hoorn action: {action!r}")
    return step(s, action)  # type: ignore[no-any-return]


def _play(s: P, action: Play) -> P:
    return _lay(s, action.wind, action.to, covered=False)


def _replace(s: P, action: Replace) -> P:
    return _lay(s, action.wind, action.to, covered=True)


def _sail(s: P, action: Sail) -> P:
    return _moved(s, action.to, cost=0)


def _ignore(s: P, action: Ignore) -> P:
    return _moved(s, action.to, cost=IGNORE_COST)


def _again(s: P, action: Again) -> P:
    return s.with_(sail=_set(s.sail, s.seat, s.sail[s.seat] - AGAIN_COST), phase=AGAIN_PHASE)


def _stay(s: P, action: Stay) -> P:
    changes = _move_done(s)
    changes["sail"] = _set(s.sail, s.seat, min(MAX_SAIL, s.sail[s.seat] + 1))
    return s._with(changes)


def _buy(s: P, action: Buy) -> P:
    s = s._with(_move_done(s)) if s.phase == MOVED else s
    changes = _drawn(s)
    changes["sail"] = _set(s.sail, s.seat, s.sail[s.seat] - CARD_COST)
    return s._with(changes)


def _end(s: P, action: End) -> P:
    if s.phase != MOVED:
        return s._with(_next_turn(s))
    changes = _move_done(s)
    changes.update(_next_turn(s))  # the draw changes no field that passing the turn reads
    return s._with(changes)


# what each kind of action does (``apply``: a look-up, not a chain of isinstance)
_STEPS: dict[type, Callable[[Any, Any], Any]] = {
    Play: _play, Replace: _replace, Sail: _sail, Ignore: _ignore, Again: _again, Stay: _stay,
    Buy: _buy, End: _end,
}  # fmt: skip


def _lay(s: P, wind: int, to: int, covered: bool) -> P:
    hand = list(s.hands[s.seat])
    hand.remove(wind)
    changes: dict[str, Any] = {
        "hands": _set(s.hands, s.seat, tuple(hand)),
        "cards": _set(s.cards, to, wind),
        "played": s.played + 1,
    }
    if covered:  # K6: the covered card goes to the discard pile
        changes.update(discard=s.discard + (s.cards[to],), replaced=True)
    else:
        changes["laid"] = s.laid | 1 << to
    return s._with(changes)


def _moved(s: P, to: int, cost: int) -> P:
    """The ship has moved to ``to``: the move's changes and what follows, in one copy."""
    sail = s.sail[s.seat] - cost
    ships = _set(s.ships, s.seat, to)
    changes: dict[str, Any] = {"ships": ships, "sail": _set(s.sail, s.seat, sail)}
    changes.update(_arrival(s, to))
    if changes.get("phase") == OVER:
        return s._with(changes)
    # K13: "move again" is offered only while a sail from the field reached exists (the
    # other ships where they were; the mover's own is on none of its courses' ends)
    if s.phase != AGAIN_PHASE and sail >= AGAIN_COST and _sail_moves(s, to, ships):
        changes["phase"] = MOVED
        return s._with(changes)
    changes.update(_move_done(s))  # the move reads no field the draw changes
    return s._with(changes)


def no_rose(s: KapPosition, to: int) -> NoRose | None:
    """Why the mover's ship ending on the station ``to`` gives no wind rose (K9), or None when
    it gives one (or ``to`` is no station): a wind rose of its stage held already, or one of
    its colour."""
    chart = default_chart()
    colour = chart.station.get(to)
    if colour is None:
        return None
    roses = s.roses[s.seat]
    if roses[chart.zone[to] - 1] != EMPTY:
        return NoRose.STAGE
    return NoRose.COLOUR if colour in roses else None


def _arrival(s: KapPosition, to: int) -> dict[str, Any]:
    """The changes of a move ended on ``to``: a station may give a wind rose (K9); a win ends
    the game (K8)."""
    chart = default_chart()
    roses = s.roses[s.seat]
    changes: dict[str, Any] = {}
    colour = chart.station.get(to)
    if colour is not None and no_rose(s, to) is None:
        roses = _set(roses, chart.zone[to] - 1, colour)
        changes["roses"] = _set(s.roses, s.seat, roses)
    held = 3 - roses.count(EMPTY)
    if held == 3:
        changes.update(phase=OVER, winner=s.seat, reason=ROSES)
    elif held >= 2 and chart.finish >> to & 1:
        changes.update(phase=OVER, winner=s.seat, reason=FINISH)
    return changes


def _move_done(s: KapPosition) -> dict[str, Any]:
    """The changes when the move is done: the free card (hand limit 6), then buying or ending
    (K14)."""
    changes = _drawn(s) if len(s.hands[s.seat]) < HAND_LIMIT else {}
    changes["phase"] = DRAW
    return changes


def _drawn(s: KapPosition) -> dict[str, Any]:
    """The changes of drawing the top card; an empty pile is first refilled from the shuffled
    discards (K6)."""
    if s.viewer >= 0:  # the pile, and the seed that reshuffles the discards, are hidden
        raise ValueError("a player's view cannot draw: the pile is hidden (determinize first)")
    if not s.pile:
        if not s.discard:
            return {}  # K6: both empty, nobody draws
        cards = list(s.discard)
        seeded_rng(s.seed, "reshuffle", s.reshuffles).shuffle(cards)
        changes = _drawn(s.with_(pile=tuple(cards), discard=()))
        changes.update(discard=(), reshuffles=s.reshuffles + 1)
        return changes
    hand = tuple(sorted(s.hands[s.seat] + (s.pile[-1],)))
    return {"pile": s.pile[:-1], "hands": _set(s.hands, s.seat, hand)}


def _next_turn(s: KapPosition) -> dict[str, Any]:
    """The changes of passing to the left neighbour (K11), who gains a sail point (step 1);
    K15 ends the game."""
    done = s.turn + 1
    if s.rounds and done >= s.rounds * s.players:
        return {"turn": done, "phase": OVER, "reason": ROUNDS}
    seat = (s.seat + 1) % s.players
    sail = _set(s.sail, seat, min(MAX_SAIL, s.sail[seat] + 1))
    return {"turn": done, "seat": seat, "sail": sail, "phase": LAY, "played": 0, "replaced": False}


# --- small helpers ------------------------------------------------------------------------------


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    changed = list(items)  # quicker than slicing and joining three tuples
    changed[index] = value
    return tuple(changed)


def _other_ships(s: KapPosition) -> int:
    mask = 0
    for seat, f in enumerate(s.ships):
        if seat != s.seat:
            mask |= 1 << f
    return mask
