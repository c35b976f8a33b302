"""Why an action is not offered: a :class:`Refusal` code with its parameters.

The screen says it in the player's language (``refusal.nanuuk.<code>``); :data:`ENGLISH` says
the same for logs, tests and developers (the message of ``IllegalAction``), in the rulebook's
words where it has them. Parameters are plain data: field labels (``F23``), mover ids
(``hunter 1``), animals (``seal``) and phases, never words of a language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.nanuuk.rules import moves, turn
from game.games.nanuuk.rules.actions import (
    Banish,
    Choose,
    Crack,
    Deposit,
    EndTurn,
    Exchange,
    Leave,
    Mush,
    Place,
    Stay,
    Step,
    Take,
)
from game.games.nanuuk.rules.codes import Refused
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, HARPOON, KAYAK
from game.protocol.base import Refusal

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
    Stay: "step", Crack: "crack", Take: "take", Leave: "take", Banish: "banish",
    Exchange: "igloo", Deposit: "igloo",
}  # fmt: skip
ENGLISH: dict[
    str, str
] = {  # IllegalAction's message per code; the screen translates the code instead
    Refused.NOT_AN_ACTION: "{action} is not a Nanuuk! action",
    Refused.NOT_NOW: "now is the time to {question}",
    Refused.NOT_POSSIBLE: "{action} is not possible now",
    Refused.NOT_THIS_PIECE: "{mover} is not the piece moving now",
    Refused.NOT_NEIGHBOUR: "{field} is not a neighbouring field in play",
    Refused.CRACK_BETWEEN: "a crack lies between: a piece never moves across a crack",
    Refused.OCCUPIED: "{field} already holds a piece: only one per field",
    Refused.NO_HARPOON: "no harpoon: cannot enter the bear's field",
    Refused.FIRST_ROUND: "first round: the polar bear cannot be banished yet",
    Refused.NO_BANISH_FIELD: "no empty field to banish the polar bear to",
    Refused.KAYAK_ONLY_ACROSS: "a kayak is used only to cross a crack",
    Refused.ALREADY_CRACKED: "a crack already lies there",
    Refused.C_LINE_FREE: "a C-line is still free",
    Refused.NOT_A_LINE: "not a line of {field}",
    Refused.VARIANT_2: "variant 2: this crack would cut a hunter off from every igloo",
    Refused.CANNOT_HUNT: "no harpoon: he cannot hunt until he returns to an igloo",
    Refused.BAG_HOLDS: "the bag already holds a {animal}",
    Refused.WHALE_NEEDS_INUK: "a whale needs an Inuk who has not hunted a whale yet",
    Refused.NO_ANIMAL: "there is no {animal} here",
    Refused.BANISH_NOT_EMPTY: "{field} is not empty (no hunter, animal, Inuk, bear or igloo)",
    Refused.NOT_IN_BAG: "no {animal} in the bag",
    Refused.ALREADY_CARRIES: "he already carries that equipment",
    Refused.MOVE_OVER: "the move is over",
    Refused.ONE_CRACK_NEEDS_VARIANT_1: "one crack for a double move needs variant 1",
    Refused.TEAM: "husky and sledge are used only together, and both must be carried",
    Refused.START_ON_IGLOO: "hunters start on an igloo",
    Refused.NOT_EMPTY: "{field} is not an empty field in play",
    Refused.MOVE_FIRST: "he must move first",
    Refused.STUCK: "{mover} cannot move: no free neighbouring field",
}


def english(refusal: Refusal) -> str:
    """The refusal in English, for ``IllegalAction``'s message."""
    params = dict(refusal.params)
    if refusal.code == Refused.NOT_NOW:
        params["question"] = QUESTION[params["phase"]]
    return ENGLISH[refusal.code].format(**params)


def why_illegal(st: NanuukPosition, action: Any) -> Refusal:
    """Why ``action`` (known not to be offered in ``st``) is not legal now."""
    if isinstance(action, Choose):
        return _choose(st, action)
    wanted = PHASE_OF.get(type(action))
    if wanted is None and not isinstance(action, EndTurn):
        return Refusal(Refused.NOT_AN_ACTION, {"action": repr(action)})
    if wanted is not None and wanted != st.phase:
        return _not_now(st)
    detail: Callable[[NanuukPosition, Any], Refusal | None] = _DETAIL.get(type(action), _generic)
    refusal = detail(st, action)
    return refusal or Refusal(Refused.NOT_POSSIBLE, {"action": str(action)})


def _not_now(st: NanuukPosition) -> Refusal:
    """The action belongs to another question than the one open (``phase``)."""
    return Refusal(Refused.NOT_NOW, {"phase": st.phase})


def _generic(st: NanuukPosition, action: Any) -> Refusal | None:
    return None


def _label(st: NanuukPosition, f: int) -> str:
    return st.spec.board.floe.label(f) if f in st.spec.board.floe.kinds else f"field #{f}"


def _at(st: NanuukPosition, code: Refused, f: int) -> Refusal:
    return Refusal(code, {"field": _label(st, f)})


def _step(st: NanuukPosition, a: Step) -> Refusal | None:
    spec = st.spec
    if spec.index.get(a.mover) != st.mover:
        return Refusal(Refused.NOT_THIS_PIECE, {"mover": a.mover})
    f = st.pos[st.mover]
    near = dict(spec.board.steps[f])
    if a.to not in near:
        return _at(st, Refused.NOT_NEIGHBOUR, a.to)
    if st.cracks & near[a.to]:
        carries_kayak = bool(st.sheets and st.sheets[st.mover].carried & KAYAK)
        if not carries_kayak:
            return Refusal(Refused.CRACK_BETWEEN)  # N6: never across a crack (N25: but a kayak)
    if st.occupied() >> a.to & 1 and not (st.sheets and spec.board.igloos >> a.to & 1):
        return _at(st, Refused.OCCUPIED, a.to)  # N5: one piece per field; igloos hold several
    if st.sheets and st.pieces[5] >> a.to & 1:
        return _bear_field(st)
    if a.kayak != bool(st.cracks & near[a.to]):
        return Refusal(Refused.KAYAK_ONLY_ACROSS)
    return None


def _bear_field(st: NanuukPosition) -> Refusal:
    """N23: only a hunter with a harpoon enters the bear's field, never in the first round."""
    if not st.sheets[st.mover].carried & HARPOON:
        return Refusal(Refused.NO_HARPOON)
    if st.turns[st.seat] == 0:
        return Refusal(Refused.FIRST_ROUND)
    return Refusal(Refused.NO_BANISH_FIELD)


def _crack(st: NanuukPosition, a: Crack) -> Refusal | None:
    board, f = st.spec.board, st.at
    if st.cracks & a.edge:
        return Refusal(Refused.ALREADY_CRACKED)
    if a.edge in board.d_lines[f] and any(not st.cracks & e for e in board.c_lines[f]):
        return Refusal(Refused.C_LINE_FREE)  # N7: C-lines first
    if a.edge not in board.c_lines[f] and a.edge not in board.d_lines[f]:
        return _at(st, Refused.NOT_A_LINE, f)
    if (
        st.spec.variant == "full"
        and st.spec.opt("variant-2")
        and moves.blocks_a_way_home(st, a.edge)
    ):
        return Refusal(Refused.VARIANT_2)  # N28, N33
    return None


def _choose(st: NanuukPosition, a: Choose) -> Refusal:
    """A piece of his that cannot move is never chosen (the rules pass it over); another's is
    not his to move; any other choice belongs to another question."""
    i = st.spec.index.get(a.mover) if isinstance(a.mover, str) else None
    if i is None:
        return Refusal(Refused.NOT_AN_ACTION, {"action": repr(a)})
    if st.phase not in ("choose", "step"):
        return _not_now(st)
    if i not in turn.turn_movers(st):
        return Refusal(Refused.NOT_THIS_PIECE, {"mover": a.mover})
    if not turn.mobile(st, i):
        return Refusal(Refused.STUCK, {"mover": a.mover})
    if st.phase != "choose":
        return _not_now(st)
    return Refusal(Refused.NOT_POSSIBLE, {"action": str(a)})


def _take(st: NanuukPosition, a: Take) -> Refusal:
    code = st.sheets[st.mover].why_not_take(a.animal) if a.animal in ANIMAL_BITS else None
    if code == Refused.BAG_HOLDS:
        return Refusal(code, {"animal": a.animal})
    if code is not None:
        return Refusal(code)  # N22
    return Refusal(Refused.NO_ANIMAL, {"animal": a.animal})


def _leave(st: NanuukPosition, a: Leave) -> Refusal:
    return Refusal(Refused.NO_ANIMAL, {"animal": a.animal})


def _banish(st: NanuukPosition, a: Banish) -> Refusal:
    return _at(st, Refused.BANISH_NOT_EMPTY, a.to)


def _exchange(st: NanuukPosition, a: Exchange) -> Refusal:
    sheet = st.sheets[st.mover]
    if not sheet.bag & ANIMAL_BITS.get(a.animal, 0):
        return Refusal(Refused.NOT_IN_BAG, {"animal": a.animal})
    return Refusal(Refused.ALREADY_CARRIES)  # N24, N32


def _deposit(st: NanuukPosition, a: Deposit) -> Refusal:
    return Refusal(Refused.NOT_IN_BAG, {"animal": a.animal})


def _mush(st: NanuukPosition, a: Mush) -> Refusal:
    if st.sheets and st.steps <= 0:
        return Refusal(Refused.MOVE_OVER)
    if a.one_crack and not (st.sheets and st.spec.opt("variant-1")):
        return Refusal(Refused.ONE_CRACK_NEEDS_VARIANT_1)
    return Refusal(Refused.TEAM)  # N25


def _place(st: NanuukPosition, a: Place) -> Refusal:
    if st.spec.variant == "full" and not st.spec.board.igloos >> a.to & 1:
        return Refusal(Refused.START_ON_IGLOO)  # N20
    return _at(st, Refused.NOT_EMPTY, a.to)


def _end(st: NanuukPosition, a: EndTurn) -> Refusal:
    return Refusal(Refused.MOVE_FIRST) if st.phase == "step" else _not_now(st)


_DETAIL: dict[type, Callable[[NanuukPosition, Any], Refusal | None]] = {
    Step: _step, Crack: _crack, Take: _take, Leave: _leave, Banish: _banish,
    Exchange: _exchange, Deposit: _deposit, Mush: _mush, Place: _place, EndTurn: _end,
}  # fmt: skip
