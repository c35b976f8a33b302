"""Build Kap Hoorn test positions, and find chart fields with the property a test needs.

The chart (``levels/kaphoorn/chart.toml``) and the deck counts may still be re-tuned, so tests do
not name fields or stations by label: they *search* the chart here (``find``, ``approach``,
``stations``) and each finder asserts the property it promises. Fields may be given as chart
indices or labels; cards as motif names (``"trade"``).

``position`` builds a state through ``RULES.new_game`` and ``KapState.with_``. Unless a ``pile``
is given, the pile is the rest of the deck, so a hand-built position keeps the 90 cards as long
as it does not put more cards of a motif on the table than the deck holds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.chart import COLOURS, DIRECTIONS, LAND, TITLE, bits, default_chart
from game.games.kaphoorn.rules.turn import EMPTY
from game.games.kaphoorn.rules.winds import Wind, default_deck
from game.protocol.base import IllegalAction, Refusal

CHART = default_chart()
DECK = default_deck()
Where = int | str

# The rulebook's orientation (zone I: bottom edge north, II: east, III: south), written out per
# zone as compass directions of the card's relative arrows; independent of the engine's tables.
RELATIVE = ("F", "FR", "R", "BR", "B", "BL", "L", "FL")
COMPASS_OF = {
    1: {"F": "S", "FR": "SW", "R": "W", "BR": "NW", "B": "N", "BL": "NE", "L": "E", "FL": "SE"},
    2: {"F": "W", "FR": "NW", "R": "N", "BR": "NE", "B": "E", "BL": "SE", "L": "S", "FL": "SW"},
    3: {"F": "N", "FR": "NE", "R": "E", "BR": "SE", "B": "S", "BL": "SW", "L": "W", "FL": "NW"},
}
ROW_COL_STEP = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}  # fmt: skip


# --- fields and winds ---------------------------------------------------------------------------


def field(where: Where) -> int:
    return where if isinstance(where, int) else CHART.field(where)


def label(where: Where) -> str:
    return CHART.label(field(where))


def direction(name: str) -> int:
    """A compass name (``"SW"``) as the engine's direction index."""
    return DIRECTIONS.index(name)


def wind(name: str) -> int:
    """The motif index of a deck motif name."""
    return DECK.index(name)


def motif(name: str) -> Wind:
    return DECK.winds[wind(name)]


def relative(w: Wind) -> tuple[str, ...]:
    return tuple(RELATIVE[a] for a in w.arrows)


def motif_where(pred: Callable[[Wind], bool], what: str) -> str:
    """The name of the first deck motif with ``pred``; fails if the deck has none."""
    for w in DECK.winds:
        if pred(w):
            return w.name
    raise AssertionError(f"the deck has no motif with {what}")


def single_arrow(arrow: str = "F", distance: int | None = None) -> str:
    """A motif with exactly one arrow ``arrow`` (and the given distance, if any)."""
    return motif_where(
        lambda w: relative(w) == (arrow,) and distance in (None, w.distance),
        f"the single arrow {arrow} and distance {distance}",
    )


def compass_arrows(name: str, zone: int) -> set[str]:
    """The compass directions a motif's arrows point to in ``zone``, by the rulebook."""
    return {COMPASS_OF[zone][a] for a in relative(motif(name))}


def row_col(where: Where) -> tuple[int, int]:
    return divmod(field(where), CHART.width)


def at(row: int, col: int) -> int | None:
    """The field at (row, col), or None off the chart."""
    if 0 <= row < CHART.height and 0 <= col < CHART.width:
        return row * CHART.width + col
    return None


def geometric(where: Where, compass: str, n: int) -> int | None:
    """The field ``n`` straight steps from ``where`` (ignoring land), or None off the chart."""
    row, col = row_col(where)
    dr, dc = ROW_COL_STEP[compass]
    return at(row + n * dr, col + n * dc)


def step(where: Where, compass: str, n: int = 1) -> int:
    """Like ``geometric`` for a field known to be on the chart."""
    f = geometric(where, compass, n)
    assert f is not None, f"{label(where)}: {n} steps {compass} run off the chart"
    return f


def path(where: Where, compass: str, n: int) -> list[int | None]:
    """The fields passed by a straight line of ``n`` steps (the last one is the end)."""
    return [geometric(where, compass, i) for i in range(1, n + 1)]


def is_sea(f: int | None) -> bool:
    return f is not None and CHART.terrain[f] not in (LAND, TITLE)


def is_plain(f: int | None) -> bool:
    """Open sea: no start field, station or finish line on it."""
    return (
        is_sea(f) and f not in CHART.starts and f not in CHART.station and not CHART.finish >> f & 1  # type: ignore[operator]
    )


def sea_path(where: Where, compass: str, n: int) -> bool:
    """All ``n`` fields of the straight line are sea (a legal sailing line, K4)."""
    return all(is_sea(f) for f in path(where, compass, n))


def neighbours(where: Where) -> list[int]:
    """The eight neighbours on the chart (any terrain), by row and column arithmetic."""
    out = []
    for compass in ROW_COL_STEP:
        f = geometric(where, compass, 1)
        if f is not None:
            out.append(f)
    return out


def plain_sea(zone: int | None = None) -> list[int]:
    return [
        f
        for f in range(CHART.width * CHART.height)
        if is_plain(f) and zone in (None, CHART.zone[f])
    ]


def find(pred: Callable[[int], bool], what: str, zone: int | None = None) -> int:
    """The first plain sea field (of ``zone``) with ``pred``; fails if the chart has none."""
    for f in plain_sea(zone):
        if pred(f):
            return f
    raise AssertionError(f"the chart has no open sea field {what} (zone {zone})")


def stations(zone: int | None = None, colour: str | None = None) -> list[int]:
    return sorted(
        f
        for f, c in CHART.station.items()
        if zone in (None, CHART.zone[f]) and colour in (None, COLOURS[c])
    )


def station(zone: int, colour: str) -> int:
    found = stations(zone, colour)
    assert len(found) == 1, f"zone {zone} should have one {colour} station, has {found}"
    return found[0]


def finish_fields() -> list[int]:
    return bits(CHART.finish)


def approach(
    target: Where, avoid: Iterable[Where] = (), distance: int | None = None
) -> tuple[int, str, str]:
    """A way to sail onto ``target``: (from field, motif name, compass direction) such that a
    ship on ``from`` with that card sails exactly onto ``target`` over sea. ``from`` is open sea
    (not in ``avoid``), and every field passed in between is open sea too."""
    target = field(target)
    skip = {field(a) for a in avoid}
    for w in DECK.winds:
        if distance not in (None, w.distance):
            continue
        for f in plain_sea():
            if f in skip:
                continue
            for a in relative(w):
                compass = COMPASS_OF[CHART.zone[f]][a]
                line = path(f, compass, w.distance)
                if line[-1] == target and all(is_plain(p) and p not in skip for p in line[:-1]):
                    assert sea_path(f, compass, w.distance)
                    return f, w.name, compass
    raise AssertionError(f"no card on open sea sails onto {label(target)}")


def area(zone: int, need: Callable[[int], Iterable[int | None]], what: str) -> int:
    """An open sea field ``f`` of ``zone`` such that every field of ``need(f)`` is open sea of
    the same zone (so cards there turn the same way)."""
    return find(
        lambda f: all(is_plain(p) and CHART.zone[p] == zone for p in need(f)),  # type: ignore[index]
        what,
        zone,
    )


# --- positions ----------------------------------------------------------------------------------


def position(
    players: int = 3,
    *,
    cards: dict[Where, str] | None = None,
    ships: Sequence[Where] | None = None,
    sail: Sequence[int] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    roses: Sequence[Sequence[str | None]] | None = None,
    pile: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    ship: Where | None = None,
    seat: int = 0,
    phase: str = "lay",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> KapState:
    """A position with seat ``seat`` to act in ``phase`` (default: turn start, sail point given).

    ``ship`` moves the ship of ``seat`` (the others keep theirs). ``cards`` adds wind cards to
    the board (label -> motif name); the start fields keep their printed winds. ``ships``
    defaults to the set-up places, ``sail`` to 3 each, ``hands`` to empty, ``roses`` (colour
    names or None per stage) to none, ``pile`` (top card last) to the rest of the deck in a
    seeded order. Other keyword arguments set ``KapState`` fields.
    """
    state = RULES.new_game("standard", players, seed=seed, options={"start": 1, **(options or {})})
    board = list(state.cards)
    for where, name in (cards or {}).items():
        f = field(where)
        assert CHART.playable >> f & 1, f"no card can lie on {label(f)}"
        board[f] = wind(name)
    laid = 0
    for f, c in enumerate(board):
        if c != EMPTY:
            laid |= 1 << f
    ship_fields = tuple(field(w) for w in ships) if ships is not None else state.ships
    if ship is not None:
        ship_fields = ship_fields[:seat] + (field(ship),) + ship_fields[seat + 1 :]
    assert len(ship_fields) == players
    for f in ship_fields:
        assert laid >> f & 1, f"a ship on {label(f)} needs a card there"
    hand_winds = tuple(tuple(sorted(wind(n) for n in hand)) for hand in (hands or [()] * players))
    assert len(hand_winds) == players
    rose_slots = tuple(
        tuple(EMPTY if c is None else COLOURS.index(c) for c in r)
        for r in (roses or [(None, None, None)] * players)
    )
    discard_winds = tuple(wind(n) for n in discard)
    if pile is None:
        rest = Counter(DECK.cards())
        rest.subtract(c for c in board if 0 <= c < len(DECK.winds))
        rest.subtract(c for hand in hand_winds for c in hand)
        rest.subtract(discard_winds)
        pile_winds = sorted((+rest).elements())
        random.Random(seed).shuffle(pile_winds)
    else:
        pile_winds = [wind(n) for n in pile]
    return state.with_(
        cards=tuple(board),
        laid=laid,
        ships=ship_fields,
        sail=tuple(sail) if sail is not None else (3,) * players,
        hands=hand_winds,
        roses=rose_slots,
        pile=tuple(pile_winds),
        discard=discard_winds,
        seat=seat,
        phase=phase,
        **fields,
    )


def card_total(state: KapState) -> int:
    """Deck cards anywhere: on the board (not the printed start winds), hands, pile, discard."""
    on_board = sum(0 <= c < len(DECK.winds) for c in state.cards)
    return on_board + sum(len(h) for h in state.hands) + len(state.pile) + len(state.discard)


# --- acting -------------------------------------------------------------------------------------


def offered(state: KapState) -> list[str]:
    """The legal actions as the log prints them (``plays trade 2 at N7``)."""
    return [str(a) for a in state.legal_actions()]


def kinds(state: KapState) -> set[str]:
    """The action types offered: ``{"Play", "Sail", "Stay", ...}``."""
    return {type(a).__name__ for a in state.legal_actions()}


def refusal(state: KapState, action: Any) -> str:
    """The reason ``action`` is refused, in the engine's English (asserting it is refused and
    not offered, and that ``why_not`` gives the same code as ``apply``)."""
    refused(state, action)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    return str(info.value)


def refused(state: KapState, action: Any) -> Refusal:
    """The code and parameters ``action`` is refused with: ``apply`` raises them, ``why_not``
    returns them."""
    assert action not in state.legal_actions(), f"{action} is offered"
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.why_not(action) == info.value.refusal
    return info.value.refusal


def run(state: KapState, *actions: Any) -> KapState:
    for action in actions:
        state = state.apply(action)
    return state


def random_states(
    seed: int, players: int, steps: int, rounds: int = 0
) -> Iterable[tuple[KapState, Any]]:
    """(state, action chosen) along a seeded random game; the final state comes with None."""
    rng = random.Random(seed)
    state = RULES.new_game("standard", players, seed=seed, options={"rounds": rounds})
    for _ in range(steps):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)
    yield state, None
