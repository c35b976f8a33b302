"""Kap Hoorn on a phone (issue 30): what the seat's phone shows and offers, built only from the
seat's own view (K10: ``state.view(seat)`` holds no other hand, no pile order, no seed).

The phone page (``assets/phone/kaphoorn.js``) draws the hand as the TV draws a hand: each card
turned as it will lie by the ship (``FORWARD`` of the ship's stage), the arrows in compass
eighths (0 = north, clockwise), the distance upright in the middle, the keel band opposite the
card's forward. A choice that names a field carries a short letter (``tv``) which the TV writes
on that field while the phone chooses (``letters``), so the list on the phone and the chart on
the TV meet: "B: 2 fields north-east of your ship" is the field marked B.
"""

from __future__ import annotations

from typing import Any

from game.games.kaphoorn import log as talk
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import (
    AGAIN,
    BUY,
    END,
    STAY,
    Ignore,
    KapAction,
    Play,
    Replace,
    Sail,
)
from game.games.kaphoorn.rules.chart import COLOURS, DIRECTIONS, FORWARD, default_chart
from game.games.kaphoorn.rules.turn import (
    AGAIN_PHASE,
    DRAW,
    HAND_LIMIT,
    LAY,
    MAX_SAIL,
    MOVED,
    all_winds,
)
from game.i18n import tr
from game.protocol.base import Refusal

# The fields' letters: no I (the stations' stage I) and no O (a nought); then AA, AB, ...
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
P = "kaphoorn.phone."
BUTTONS = (("stay", STAY), ("again", AGAIN), ("buy", BUY), ("end", END))
Fielded = Play | Replace | Sail | Ignore


def letter(n: int) -> str:
    """The ``n``-th field's letter: A, B, ... Z, then AA, AB, ..."""
    size = len(ALPHABET)
    if n < size:
        return ALPHABET[n]
    return letter(n // size - 1) + ALPHABET[n % size]


def letters(view: KapState) -> dict[int, str]:
    """Every field a choice of the mover names, lettered in reading order (top row first, left
    to right): what the TV writes on the chart and the phone beside each field."""
    fields = sorted({a.to for a in view.legal_actions() if isinstance(a, Fielded)})
    return {field: letter(n) for n, field in enumerate(fields)}


def fields_by_kind(view: KapState) -> dict[int, str]:
    """Each lettered field with the kind of move it is offered for (a sail field before an
    ignore field before a card's): the TV highlights it in that kind's style."""
    rank = {Sail: 0, Ignore: 1, Replace: 2, Play: 3}
    kinds: dict[int, tuple[int, str]] = {}
    for a in view.legal_actions():
        if isinstance(a, Fielded):
            mine = (rank[type(a)], type(a).__name__.lower())
            kinds[a.to] = min(kinds.get(a.to, mine), mine)
    return {field: kind for field, (_, kind) in kinds.items()}


# ---- the page: the hand and the seat's log book --------------------------------------------------


def card_face(wind: int, forward: int, printed: bool = False) -> dict[str, Any]:
    """A wind card as the page draws it: the TV's face (``windcard.paint_face``) in data."""
    w = all_winds()[wind]
    return {
        "wind": w.name,
        "name": talk.wind_name(wind),
        "distance": w.distance,
        "arrows": list(w.turned(forward)),
        "forward": forward,
        "printed": printed,
    }


def page(view: KapState, seat: int) -> dict[str, Any]:
    """The seat's own part of the phone's payload: its hand, the wind under its ship, its sail
    points and wind roses, the pile's size, and the page's words."""
    chart = view.chart
    ship = view.ships[seat]
    forward = FORWARD[chart.zone[ship]]  # the hand lies as it would by the ship (TV: hand.py)
    mine = view.current_player == seat
    return {
        "hand": [card_face(w, forward) for w in view.hands[seat]],
        "ship_wind": card_face(view.cards[ship], forward, ship in chart.starts),
        "sail": view.sail[seat],
        "max_sail": MAX_SAIL,
        "roses": [_rose(stage, c) for stage, c in enumerate(view.roses[seat])],
        "hand_limit": HAND_LIMIT,
        "pile": len(view.pile),
        "played": view.played if mine else 0,
        "phase": view.phase if mine else "",
        "buttons": _buttons(view) if mine and not view.is_over() else [],
        "words": _words(view, seat),
    }


def _rose(stage: int, colour: int) -> dict[str, Any]:
    held = colour >= 0
    return {
        "stage": talk.ROMAN[stage],
        "colour": COLOURS[colour] if held else None,
        "name": talk.colour_name(colour) if held else "",
    }


def _buttons(view: KapState) -> list[dict[str, str]]:
    """The special moves as the TV's buttons say them, with the rules' reason when one is shut
    (the phone greys it and says why, as the TV does under its buttons)."""
    rows: list[tuple[str, Refusal | None]] = [(kind, view.why_not(a)) for kind, a in BUTTONS]
    rows.insert(1, ("ignore", view.why_not_ignore()))
    return [
        {"kind": kind, "label": tr(f"kaphoorn.button.{kind}"),
         "reason": "" if refused is None else talk.refusal_text(refused)}
        for kind, refused in rows
    ]  # fmt: skip


def _words(view: KapState, seat: int) -> dict[str, str]:
    """The page's own words for this game, in the phone's language (sent with the payload)."""
    keys = ("hand", "wind", "sail", "roses", "pile", "fields", "play", "replace", "sail_to",
            "ignore_to", "back", "cancel", "no_cards", "pick", "course")  # fmt: skip
    words = {key: tr(P + "words." + key) for key in keys}
    words["hand_count"] = tr(P + "words.hand_count", n=len(view.hands[seat]), limit=HAND_LIMIT)
    words["pile_count"] = tr("kaphoorn.pile", n=len(view.pile))
    words["sail_count"] = tr(P + "words.sail_count", n=view.sail[seat], limit=MAX_SAIL)
    return words


# ---- the choices and the question --------------------------------------------------------------


def choices(view: KapState, seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves now (none off its turn), in its words, each with the keys the page
    uses: ``kind``, ``card`` (a wind card's motif), ``field`` (the chart's label), ``tv`` (the
    field's letter on the TV), ``place`` (where that field is, in words), ``say`` (the choice in
    words without its letter: the page shows the letter apart) and ``forward`` (how a card laid
    there turns) and ``course`` (a card laid there opens a sail: the wind leads there)."""
    if view.current_player != seat or view.is_over():
        return []
    marks = letters(view)
    ends = course_ends(view)
    return [_choice(view, a, marks, ends) for a in view.legal_actions()]


def course_ends(view: KapState) -> set[int]:
    """The empty fields where the wind under the ship leads (the TV outlines them, dashed): a
    card laid there opens a sail."""
    if view.phase != LAY or view.replaced:
        return set()
    return {end for _, end, code in talk.course_reasons(view) if code == "no_card_there"}


def _choice(view: KapState, action: KapAction, marks: dict[int, str],
            ends: set[int]) -> dict[str, Any]:  # fmt: skip
    data = action.to_dict()
    kind = str(data["type"])
    out: dict[str, Any] = {"action": data, "kind": kind, "group": "", "card": None,
                           "field": None, "tv": None, "place": "", "forward": None,
                           "course": False}  # fmt: skip
    if not isinstance(action, Fielded):
        out["label"] = out["say"] = tr(f"kaphoorn.button.{kind}")
        return out
    ship = view.ships[view.seat]
    words = talk.place(ship, action.to)
    out.update(field=view.chart.label(action.to), tv=marks[action.to],
               place=where(words, ship, action.to))  # fmt: skip
    if isinstance(action, Play | Replace):
        wind = talk.wind_name(action.wind)
        out.update(card=all_winds()[action.wind].name, group=wind,
                   forward=FORWARD[view.chart.zone[action.to]],
                   course=action.to in ends)  # fmt: skip
        out["say"] = tr(P + f"choice.{kind}", wind=wind, where=out["place"])
    else:
        direction = DIRECTIONS[action.direction] if isinstance(action, Sail) else words["toward"]
        out["group"] = tr(P + f"group.{kind}")
        out["say"] = _move_words(kind, direction, words)
    out["label"] = tr(P + "choice.lettered", tv=out["tv"], text=out["say"])
    return out


def _move_words(kind: str, direction: str, words: dict[str, Any]) -> str:
    """A sail or an ignore in the player's words: how far, which way, and to what."""
    landmark = words.get("landmark", "")
    spoken = talk.spoken({k: v for k, v in words.items() if k not in ("toward", "landmark")})
    spoken["direction"] = tr(f"kaphoorn.direction.{direction}")
    suffix = f"_{landmark}" if landmark else ""
    return tr(P + f"choice.{kind}{suffix}", **spoken)


def where(words: dict[str, Any], ship: int, field: int) -> str:
    """A field as the player finds it from the ship: a station by its colour and stage, else
    so many fields that way of the ship (``talk.place``; off the eight straight ways both legs,
    "3 fields north, 1 west"), on the finish line said so: no two fields of a list read alike."""
    landmark = words.get("landmark", "")
    spoken = talk.spoken(words)
    if landmark == "station":
        return tr(P + "where.station", **spoken)
    width = default_chart().width
    (row, col), (to_row, to_col) = divmod(ship, width), divmod(field, width)
    down, right = to_row - row, to_col - col
    if down and right and abs(down) != abs(right):
        rows = tr("kaphoorn.side." + ("S" if down > 0 else "N"))
        cols = tr("kaphoorn.side." + ("E" if right > 0 else "W"))
        near = tr(P + "where.legs", n=abs(down), side=rows, m=abs(right), other=cols)
    else:
        near = tr(P + "where.near", n=spoken["n"], side=spoken["side"])
    return tr(P + "where.finish", where=near) if landmark == "finish" else near


def question(view: KapState, seat: int) -> str:
    """What the phone asks its player now, in its words (nothing off its turn: the page's
    status says whose turn it is)."""
    if view.current_player != seat or view.is_over():
        return ""
    if view.phase == LAY:
        if view.replaced:
            return tr(P + "ask.lay_replaced")
        return tr(P + f"ask.{talk.sailing(talk.course_reasons(view))}")
    key = {AGAIN_PHASE: "again", MOVED: "moved", DRAW: "draw"}.get(view.phase, "draw")
    return tr(P + f"ask.{key}")
