"""Nanuuk! on a phone (issue 30): the seat's remote and its sheet.

The remote is the turn's legal actions of the seat's own view, grouped by the piece they move
("hunter 1", "polar bear"), each in the words the TV uses for its buttons; the sheet is what
each of the seat's hunters carries, has in the bag and has brought home (N19, N24). Nanuuk! has
no secrets: the view is the whole position, but this is built from the view all the same.
"""

from __future__ import annotations

from typing import Any

from game.games.nanuuk import log as talk
from game.games.nanuuk.rules import NanuukState
from game.games.nanuuk.rules.actions import (
    ANIMALS,
    Banish,
    Choose,
    Crack,
    NanuukAction,
    Place,
    Stay,
    Step,
)
from game.games.nanuuk.rules.sheet import EQUIPMENT_BITS
from game.i18n import tr


def group(view: NanuukState, action: NanuukAction) -> str:
    """The piece a choice moves, in words ("" when it moves none of them)."""
    if isinstance(action, Place | Choose | Step | Stay):
        return talk.mover_name(view, action.mover)
    if view.mover >= 0:
        return talk.mover_name(view, view.spec.movers[view.mover].id)
    return ""


def label(view: NanuukState, action: NanuukAction) -> str:
    """A choice's words: the TV's button words, and for a pick on the floe its field or line
    (the piece is the group's heading)."""
    floe = view.spec.board.floe
    if isinstance(action, Place):
        return tr("nanuuk.phone.place", to=floe.label(action.to))
    if isinstance(action, Step):
        key = "nanuuk.phone.kayak" if action.kayak else "nanuuk.phone.step"
        return tr(key, to=floe.label(action.to))
    if isinstance(action, Banish):
        return tr("nanuuk.phone.banish", to=floe.label(action.to))
    if isinstance(action, Crack):
        a, b = floe.edge_label(action.edge).split("|")
        return tr("nanuuk.phone.crack", a=a, b=b)
    return talk.button_text(view, action)


def choices(view: NanuukState) -> list[dict[str, Any]]:
    """The remote: every legal action of the view, grouped by the piece it moves (the groups in
    the order the rules give their first choice)."""
    made = [{"action": a.to_dict(), "label": label(view, a), "group": group(view, a)}
            for a in view.legal_actions()]  # fmt: skip
    order = {name: n for n, name in reversed(list(enumerate(c["group"] for c in made)))}
    return sorted(made, key=lambda c: order[c["group"]])  # (a stable sort)


def page(view: NanuukState, seat: int) -> dict[str, Any]:
    """The seat's sheet: per hunter, his equipment, bag, Inuk and igloo side, in words (the
    full game only: the introductions keep no sheets)."""
    spec = view.spec
    hunters = []
    for i in spec.of_seat(seat) if view.sheets else ():
        sheet = view.sheets[i]
        if spec.movers[i].kind != "hunter":
            continue
        hunters.append({
            "name": talk.mover_name(view, spec.movers[i].id),
            "carried": [{"id": name, "name": tr(f"nanuuk.equipment.{name}"),
                         "on": bool(sheet.carried & bit)} for name, bit in EQUIPMENT_BITS.items()],
            "bag": [{"id": animal, "name": talk.animal_name(animal), "on": bool(sheet.bag & 1 << k)}
                    for k, animal in enumerate(ANIMALS)],
            "inuk": sheet.inuk,
            "igloo": [{"id": kind, "name": _igloo_name(kind), "count": n}
                      for kind, n in zip((*ANIMALS, "inuk"), sheet.igloo, strict=True) if n],
        })  # fmt: skip
    full = spec.variant == "full"
    return {
        "hunters": hunters,
        "points": tr("nanuuk.sheet.points", n=view.score(seat)) if full else "",
        "words": {key: tr(f"nanuuk.phone.{key}") for key in ("carried", "bag", "igloo", "inuk")},
    }


def _igloo_name(kind: str) -> str:
    return tr("nanuuk.phone.inuk") if kind == "inuk" else talk.animal_name(kind)
