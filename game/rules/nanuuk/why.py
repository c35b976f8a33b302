"""Why an action is not offered: the message of ``IllegalAction`` (shown briefly on screen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.nanuuk import moves
from game.rules.nanuuk.actions import (
    Banish,
    Choose,
    Crack,
    Deposit,
    EndTurn,
    Exchange,
    Mush,
    Place,
    Stay,
    Step,
    Take,
)
from game.rules.nanuuk.sheet import ANIMAL_BITS, HARPOON, KAYAK

if TYPE_CHECKING:
    from game.rules.nanuuk.state import NanuukState

QUESTION = {
    "place": "place a piece",
    "choose": "choose who moves",
    "step": "step",
    "crack": "choose a crack",
    "take": "take or leave the animal",
    "banish": "banish the polar bear",
    "igloo": "exchange, deposit or leave the igloo",
    "over": "nothing: the game is over",
}
PHASE_OF = {
    Place: "place", Choose: "choose", Step: "step", Mush: "step",
    Stay: "step", Crack: "crack", Take: "take", Banish: "banish", Exchange: "igloo",
    Deposit: "igloo",
}  # fmt: skip


def why_illegal(st: NanuukState, action: Any) -> str:
    """A short reason, in the rulebook's words where it has them."""
    wanted = PHASE_OF.get(type(action))
    if wanted is None and not isinstance(action, EndTurn):
        return f"{action!r} is not a Nanuuk! action"
    if wanted is not None and wanted != st.phase:
        return f"now is the time to {QUESTION[st.phase]}"
    detail: Callable[[NanuukState, Any], str] = _DETAIL.get(type(action), _generic)
    reason = detail(st, action)
    return reason or f"{action} is not possible now"


def _generic(st: NanuukState, action: Any) -> str:
    return ""


def _label(st: NanuukState, f: int) -> str:
    return st.spec.board.floe.label(f) if f in st.spec.board.floe.kinds else f"field #{f}"


def _step(st: NanuukState, a: Step) -> str:
    spec = st.spec
    if spec.index.get(a.mover) != st.mover:
        return f"{a.mover} is not the piece moving now"
    f = st.pos[st.mover]
    near = dict(spec.board.steps[f])
    if a.to not in near:
        return f"{_label(st, a.to)} is not a neighbouring field in play"
    if st.cracks & near[a.to]:
        carries_kayak = bool(st.sheets and st.sheets[st.mover].carried & KAYAK)
        if not carries_kayak:
            return "a crack lies between: a piece never moves across a crack"
    if st.occupied() >> a.to & 1 and not (st.sheets and spec.board.igloos >> a.to & 1):
        return f"{_label(st, a.to)} already holds a piece: only one per field"
    if st.sheets and st.pieces[5] >> a.to & 1:
        if not st.sheets[st.mover].carried & HARPOON:
            return "no harpoon: cannot enter the bear's field"
        if st.turns[st.seat] == 0:
            return "first round: the polar bear cannot be banished yet"
        return "no empty field to banish the polar bear to"
    if a.kayak != bool(st.cracks & near[a.to]):
        return "a kayak is used only to cross a crack"
    return ""


def _crack(st: NanuukState, a: Crack) -> str:
    board, f = st.spec.board, st.at
    if st.cracks & a.edge:
        return "a crack already lies there"
    if a.edge in board.d_lines[f] and any(not st.cracks & e for e in board.c_lines[f]):
        return "a C-line is still free"
    if a.edge not in board.c_lines[f] and a.edge not in board.d_lines[f]:
        return f"not a line of {_label(st, f)}"
    if (
        st.spec.variant == "full"
        and st.spec.opt("variant-2")
        and moves.blocks_a_way_home(st, a.edge)
    ):
        return "variant 2: this crack would cut a hunter off from every igloo"
    return ""


def _take(st: NanuukState, a: Take) -> str:
    sheet = st.sheets[st.mover]
    if not sheet.carried & HARPOON:
        return "no harpoon: he cannot hunt until he returns to an igloo"
    if sheet.bag & ANIMAL_BITS.get(a.animal, 0):
        return f"the bag already holds a {a.animal}"
    if a.animal == "whale":
        return "a whale needs an Inuk who has not hunted a whale yet"
    return f"there is no {a.animal} here"


def _banish(st: NanuukState, a: Banish) -> str:
    return f"{_label(st, a.to)} is not empty (no hunter, animal, Inuk, bear or igloo)"


def _exchange(st: NanuukState, a: Exchange) -> str:
    sheet = st.sheets[st.mover]
    if not sheet.bag & ANIMAL_BITS.get(a.animal, 0):
        return f"no {a.animal} in the bag"
    return "he already carries that equipment"


def _mush(st: NanuukState, a: Mush) -> str:
    if st.sheets and st.steps <= 0:
        return "the move is over"
    if a.one_crack and not (st.sheets and st.spec.opt("variant-1")):
        return "one crack for a double move needs variant 1"
    return "husky and sledge are used only together, and both must be carried"


def _place(st: NanuukState, a: Place) -> str:
    if st.spec.variant == "full" and not st.spec.board.igloos >> a.to & 1:
        return "hunters start on an igloo"
    return f"{_label(st, a.to)} is not an empty field in play"


def _end(st: NanuukState, a: EndTurn) -> str:
    return (
        "he must move first" if st.phase == "step" else f"now is the time to {QUESTION[st.phase]}"
    )


_DETAIL: dict[type, Callable[[NanuukState, Any], str]] = {
    Step: _step, Crack: _crack, Take: _take, Banish: _banish, Exchange: _exchange,
    Mush: _mush, Place: _place, EndTurn: _end,
}  # fmt: skip
