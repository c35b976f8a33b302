"""Why an action is not offered: a :class:`Refusal` code with its parameters.

The screen says it in the player's language (``refusal.nanuuk.<code>``); :data:`ENGLISH` says
the same for logs, tests and developers (the message of ``IllegalAction``), in the rulebook's
words where it has them. Parameters are plain data: field labels (``F23``), mover ids
(``hunter 1``), animals (``seal``) and phases, never words of a language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.games.nanuuk.rules import moves
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
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, HARPOON, KAYAK
from game.protocol.base import Refusal

if TYPE_CHECKING:
    from game.games.nanuuk.rules.state import NanuukState

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
ENGLISH = {  # IllegalAction's message per code; the screen translates the code instead
    "not_an_action": "{action} is not a Nanuuk! action",
    "not_now": "now is the time to {question}",
    "not_possible": "{action} is not possible now",
    "not_this_piece": "{mover} is not the piece moving now",
    "not_neighbour": "{field} is not a neighbouring field in play",
    "crack_between": "a crack lies between: a piece never moves across a crack",
    "occupied": "{field} already holds a piece: only one per field",
    "no_harpoon": "no harpoon: cannot enter the bear's field",
    "first_round": "first round: the polar bear cannot be banished yet",
    "no_banish_field": "no empty field to banish the polar bear to",
    "kayak_only_across": "a kayak is used only to cross a crack",
    "already_cracked": "a crack already lies there",
    "c_line_free": "a C-line is still free",
    "not_a_line": "not a line of {field}",
    "variant_2": "variant 2: this crack would cut a hunter off from every igloo",
    "cannot_hunt": "no harpoon: he cannot hunt until he returns to an igloo",
    "bag_holds": "the bag already holds a {animal}",
    "whale_needs_inuk": "a whale needs an Inuk who has not hunted a whale yet",
    "no_animal": "there is no {animal} here",
    "banish_not_empty": "{field} is not empty (no hunter, animal, Inuk, bear or igloo)",
    "not_in_bag": "no {animal} in the bag",
    "already_carries": "he already carries that equipment",
    "move_over": "the move is over",
    "one_crack_needs_variant_1": "one crack for a double move needs variant 1",
    "team": "husky and sledge are used only together, and both must be carried",
    "start_on_igloo": "hunters start on an igloo",
    "not_empty": "{field} is not an empty field in play",
    "move_first": "he must move first",
}


def english(refusal: Refusal) -> str:
    """The refusal in English, for ``IllegalAction``'s message."""
    params = dict(refusal.params)
    if refusal.code == "not_now":
        params["question"] = QUESTION[params["phase"]]
    return ENGLISH[refusal.code].format(**params)


def why_illegal(st: NanuukState, action: Any) -> Refusal:
    """Why ``action`` (known not to be offered in ``st``) is not legal now."""
    wanted = PHASE_OF.get(type(action))
    if wanted is None and not isinstance(action, EndTurn):
        return Refusal("not_an_action", {"action": repr(action)})
    if wanted is not None and wanted != st.phase:
        return _not_now(st)
    detail: Callable[[NanuukState, Any], Refusal | None] = _DETAIL.get(type(action), _generic)
    refusal = detail(st, action)
    return refusal or Refusal("not_possible", {"action": str(action)})


def _not_now(st: NanuukState) -> Refusal:
    """The action belongs to another question than the one open (``phase``)."""
    return Refusal("not_now", {"phase": st.phase})


def _generic(st: NanuukState, action: Any) -> Refusal | None:
    return None


def _label(st: NanuukState, f: int) -> str:
    return st.spec.board.floe.label(f) if f in st.spec.board.floe.kinds else f"field #{f}"


def _at(st: NanuukState, code: str, f: int) -> Refusal:
    return Refusal(code, {"field": _label(st, f)})


def _step(st: NanuukState, a: Step) -> Refusal | None:
    spec = st.spec
    if spec.index.get(a.mover) != st.mover:
        return Refusal("not_this_piece", {"mover": a.mover})
    f = st.pos[st.mover]
    near = dict(spec.board.steps[f])
    if a.to not in near:
        return _at(st, "not_neighbour", a.to)
    if st.cracks & near[a.to]:
        carries_kayak = bool(st.sheets and st.sheets[st.mover].carried & KAYAK)
        if not carries_kayak:
            return Refusal("crack_between")  # N6: never across a crack (N25: but a kayak)
    if st.occupied() >> a.to & 1 and not (st.sheets and spec.board.igloos >> a.to & 1):
        return _at(st, "occupied", a.to)  # N5: one piece per field; igloos hold several
    if st.sheets and st.pieces[5] >> a.to & 1:
        return _bear_field(st)
    if a.kayak != bool(st.cracks & near[a.to]):
        return Refusal("kayak_only_across")
    return None


def _bear_field(st: NanuukState) -> Refusal:
    """N23: only a hunter with a harpoon enters the bear's field, never in the first round."""
    if not st.sheets[st.mover].carried & HARPOON:
        return Refusal("no_harpoon")
    if st.turns[st.seat] == 0:
        return Refusal("first_round")
    return Refusal("no_banish_field")


def _crack(st: NanuukState, a: Crack) -> Refusal | None:
    board, f = st.spec.board, st.at
    if st.cracks & a.edge:
        return Refusal("already_cracked")
    if a.edge in board.d_lines[f] and any(not st.cracks & e for e in board.c_lines[f]):
        return Refusal("c_line_free")  # N7: C-lines first
    if a.edge not in board.c_lines[f] and a.edge not in board.d_lines[f]:
        return _at(st, "not_a_line", f)
    if (
        st.spec.variant == "full"
        and st.spec.opt("variant-2")
        and moves.blocks_a_way_home(st, a.edge)
    ):
        return Refusal("variant_2")  # N28, N33
    return None


def _take(st: NanuukState, a: Take) -> Refusal:
    sheet = st.sheets[st.mover]
    if not sheet.carried & HARPOON:
        return Refusal("cannot_hunt")
    if sheet.bag & ANIMAL_BITS.get(a.animal, 0):
        return Refusal("bag_holds", {"animal": a.animal})
    if a.animal == "whale":
        return Refusal("whale_needs_inuk")  # N22
    return Refusal("no_animal", {"animal": a.animal})


def _leave(st: NanuukState, a: Leave) -> Refusal:
    return Refusal("no_animal", {"animal": a.animal})


def _banish(st: NanuukState, a: Banish) -> Refusal:
    return _at(st, "banish_not_empty", a.to)


def _exchange(st: NanuukState, a: Exchange) -> Refusal:
    sheet = st.sheets[st.mover]
    if not sheet.bag & ANIMAL_BITS.get(a.animal, 0):
        return Refusal("not_in_bag", {"animal": a.animal})
    return Refusal("already_carries")  # N24, N32


def _deposit(st: NanuukState, a: Deposit) -> Refusal:
    return Refusal("not_in_bag", {"animal": a.animal})


def _mush(st: NanuukState, a: Mush) -> Refusal:
    if st.sheets and st.steps <= 0:
        return Refusal("move_over")
    if a.one_crack and not (st.sheets and st.spec.opt("variant-1")):
        return Refusal("one_crack_needs_variant_1")
    return Refusal("team")  # N25


def _place(st: NanuukState, a: Place) -> Refusal:
    if st.spec.variant == "full" and not st.spec.board.igloos >> a.to & 1:
        return Refusal("start_on_igloo")  # N20
    return _at(st, "not_empty", a.to)


def _end(st: NanuukState, a: EndTurn) -> Refusal:
    return Refusal("move_first") if st.phase == "step" else _not_now(st)


_DETAIL: dict[type, Callable[[NanuukState, Any], Refusal | None]] = {
    Step: _step, Crack: _crack, Take: _take, Leave: _leave, Banish: _banish,
    Exchange: _exchange, Deposit: _deposit, Mush: _mush, Place: _place, EndTurn: _end,
}  # fmt: skip
