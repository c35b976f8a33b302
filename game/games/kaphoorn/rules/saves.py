"""Reading a Kap Hoorn state back from ``KapState.to_dict()``.

A save may be old, hand-edited or cut off: every field is checked, and anything wrong raises
``ValueError`` saying what and where, never a half-built state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeVar

from game.games.kaphoorn.rules.chart import COLOURS, default_chart
from game.games.kaphoorn.rules.position import EMPTY, HIDDEN, PHASES, KapPosition
from game.games.kaphoorn.rules.turn import MAX_SAIL
from game.games.kaphoorn.rules.winds import default_deck
from game.protocol.base import checked_save

GAME_ID = "kaphoorn"  # what a save of Kap Hoorn names as its game
VARIANT = "standard"  # and as its variant (the one there is)

P = TypeVar("P", bound=KapPosition)  # the class asked for (``KapState``, which hands itself in)


def state_from_dict(data: Any, cls: type[P]) -> P:
    """The state of class ``cls`` (``KapPosition``, which hands itself in) that ``data`` holds."""
    checked_save(data, GAME_ID, "Kap Hoorn", cls.VERSION)
    if data.get("variant") != VARIANT:
        raise ValueError(f"Kap Hoorn save: unknown variant {data.get('variant')!r}")
    try:
        state = _build(data, cls)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"Kap Hoorn save: missing or malformed entry {exc}") from None
    if state.phase not in PHASES:
        raise ValueError(f"Kap Hoorn save: unknown phase {state.phase!r}")
    _check(state)
    return state


def _build(data: dict[str, Any], cls: type[P]) -> P:
    chart, deck = default_chart(), default_deck()
    names = tuple(_list(data["names"], len(data["names"]), "names"))
    if not all(isinstance(n, str) and n for n in names):
        raise ValueError("Kap Hoorn save: names must be a list of player names")
    players = len(names)
    if not 3 <= players <= 5:
        raise ValueError(f"Kap Hoorn save: {players} players (3-5 play)")
    cards = [EMPTY] * (chart.width * chart.height)
    laid = 0
    for i, f in enumerate(chart.starts):
        cards[f] = len(deck.winds) + i
        laid |= 1 << f
    if not isinstance(data["cards"], dict):
        raise ValueError("Kap Hoorn save: cards must map fields to wind cards")
    for text, name in data["cards"].items():
        f = _field(text)
        if not chart.playable >> f & 1:
            raise ValueError(f"Kap Hoorn save: a card on {text}, where no card can lie")
        cards[f] = _wind(name)
        laid |= 1 << f
    options = dict(data["options"])
    return cls(
        names=names,
        seed=_int(data["seed"], "seed"),
        rounds=_int(options["rounds"], "rounds"),
        start_player=_int(options["start"], "start") - 1,
        cards=tuple(cards),
        laid=laid,
        ships=tuple(_field(t) for t in _list(data["ships"], players, "ships")),
        sail=tuple(_int(v, "sail") for v in _list(data["sail"], players, "sail")),
        roses=tuple(_roses(r) for r in _list(data["roses"], players, "roses")),
        hands=tuple(
            tuple(sorted(_card(c) for c in hand)) for hand in _list(data["hands"], players, "hands")
        ),
        pile=tuple(_card(c) for c in data["pile"]),
        discard=tuple(_wind(c) for c in data["discard"]),
        reshuffles=_int(data["reshuffles"], "reshuffles"),
        seat=_int(data["seat"], "seat"),
        turn=_int(data["turn"], "turn"),
        phase=str(data["phase"]),
        played=_int(data["played"], "played"),
        replaced=_bool(data["replaced"], "replaced"),
        winner=_int(data["winner"], "winner"),
        reason=str(data["reason"]),
        viewer=_int(data["viewer"], "viewer"),
    )


def _check(s: KapPosition) -> None:
    """Whole-state consistency: seats, ships on cards, sail points, the 90 cards."""
    n, chart = s.players, default_chart()
    for what, value, lo, hi in (
        ("seat", s.seat, 0, n - 1),
        ("start", s.start_player, 0, n - 1),
        ("winner", s.winner, -1, n - 1),
        ("viewer", s.viewer, -1, n - 1),
    ):
        if not lo <= value <= hi:
            raise ValueError(f"Kap Hoorn save: {what} {value} out of range")
    if s.played < 0 or s.turn < 0 or s.reshuffles < 0 or s.rounds < 0:
        raise ValueError("Kap Hoorn save: a negative count")
    if (s.winner >= 0) != (s.phase == "over" and s.reason in ("roses", "finish")):
        raise ValueError("Kap Hoorn save: a winner only in a game won by roses or the finish")
    for seat, roses in enumerate(s.roses):
        colours = [c for c in roses if c >= 0]
        if len(set(colours)) != len(colours):
            raise ValueError(f"Kap Hoorn save: player {seat + 1} has two roses of one colour")
    for ship in s.ships:
        if ship not in chart.station and s.ships.count(ship) > 1:
            raise ValueError(f"Kap Hoorn save: two ships on {chart.label(ship)} (K3)")
    for seat, (ship, sail) in enumerate(zip(s.ships, s.sail, strict=True)):
        if not s.laid >> ship & 1:
            raise ValueError(f"Kap Hoorn save: ship {seat + 1} on {chart.label(ship)}, no card")
        if not 0 <= sail <= MAX_SAIL:
            raise ValueError(f"Kap Hoorn save: sail points {sail} (0-{MAX_SAIL})")
    hidden = sum(c == HIDDEN for hand in s.hands for c in hand) + s.pile.count(HIDDEN)
    if s.viewer < 0 and hidden:
        raise ValueError("Kap Hoorn save: hidden cards in a full state")
    counts = Counter(c for c in s.cards if 0 <= c < len(default_deck().winds))
    counts.update(s.discard)
    counts.update(c for hand in s.hands for c in hand if c != HIDDEN)
    counts.update(c for c in s.pile if c != HIDDEN)
    for wind, have in counts.items():
        if have > default_deck().counts[wind]:
            name = default_deck().winds[wind].name
            raise ValueError(f"Kap Hoorn save: {have} {name} cards (the deck has fewer)")
    if sum(counts.values()) + hidden != sum(default_deck().counts):
        raise ValueError(
            f"Kap Hoorn save: {sum(counts.values()) + hidden} cards in play, the deck has "
            f"{sum(default_deck().counts)}"
        )


def _field(text: Any) -> int:
    try:
        return default_chart().field(str(text))
    except KeyError as exc:
        raise ValueError(f"Kap Hoorn save: {exc.args[0]}") from None


def _wind(name: Any) -> int:
    try:
        return default_deck().index(str(name))
    except KeyError:
        raise ValueError(f"Kap Hoorn save: unknown wind card {name!r}") from None


def _card(name: Any) -> int:
    return HIDDEN if name is None else _wind(name)


def _roses(slots: Any) -> tuple[int, int, int]:
    values = _list(slots, 3, "roses")
    out = []
    for c in values:
        if c is not None and c not in COLOURS:
            raise ValueError(f"Kap Hoorn save: unknown wind rose colour {c!r}")
        out.append(EMPTY if c is None else COLOURS.index(c))
    return (out[0], out[1], out[2])


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"Kap Hoorn save: {what} must be true or false, not {value!r}")
    return value


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"Kap Hoorn save: {what} must be a whole number, not {value!r}")
    return value


def _list(value: Any, length: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"Kap Hoorn save: {what} must be a list of {length}")
    return value
