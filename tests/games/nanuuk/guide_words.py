"""What each of the Nanuuk! guide's sentences promises, checked against what the suggested
action did (issue 29, item 6): ``says(old, hint, new)`` is the game's knob ``guide_says``.

``old`` is the position the hint was made for, ``new`` the one after the table played the
hint's action; the checks read both through the rules (legal actions, the sheets, the pieces)
and fail with the sentence's key when a promise is not kept.
"""

from __future__ import annotations

from typing import Any

from game.games.nanuuk import log as talk
from game.games.nanuuk.rules import moves
from game.games.nanuuk.rules.actions import (
    ANIMALS,
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
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, HARPOON, HUSKY, IGLOO_BONUS, KAYAK, VALUE
from game.games.nanuuk.rules.state import NanuukState

# the first sentence's keys each kind of action may be explained with
FIRST = {
    Place: {"place", "place_full"},
    Choose: {"choose", "choose_best"},
    Step: {"step"},
    Crack: {"crack_c", "crack_d"},
    Take: {"take"},
    Leave: {"leave"},
    Banish: {"banish"},
    Exchange: {"exchange"},
    Deposit: {"deposit"},
    Mush: {"mush", "mush_one_crack"},
    Stay: {"stay"},
    EndTurn: {"end", "leave_igloo"},
}
# what entering a field may bring about, and the sentences that must then say so
ENTERED = {"take": "why_animal", "banish": "why_bear", "igloo": "why_igloo"}


def says(old: NanuukState, hint: Any, new: NanuukState) -> None:
    a = hint.action
    keys = hint.keys()
    params = [dict(p) for _, p in hint.words]
    assert keys, f"a hint without its words: {hint}"
    assert keys[0] in FIRST[type(a)], f"{a} explained as {keys}"
    _CHECKS[type(a)](old, a, new, keys, params)


def steps(state: NanuukState) -> int:
    """The fields the moving piece may step to now, as the rules offer them."""
    return sum(isinstance(x, Step) for x in state.legal_actions())


def _mover(old: NanuukState, a: Any, params: dict[str, Any]) -> None:
    assert params["mover"] == talk.mover_name(old, a.mover), params


def _place(old, a, new, keys, params) -> None:
    i = old.spec.index[a.mover]
    _mover(old, a, params[0])
    assert new.pos[i] == a.to
    if keys[0] == "place_full":
        assert old.spec.board.igloos >> a.to & 1
    else:
        assert params[0]["n"] == len(moves.targets(new, i)), "place: the free fields counted"


def _choose(old, a, new, keys, params) -> None:
    _mover(old, a, params[0])
    assert new.mover == old.spec.index[a.mover]
    room = {c: steps(old.apply(c)) for c in old.legal_actions() if isinstance(c, Choose)}
    most = room[a] == max(room.values())
    assert most == (keys[0] == "choose"), f"{keys[0]}: room {room}"


def _step(old, a, new, keys, params) -> None:
    i = old.mover
    _mover(old, a, params[0])
    assert new.pos[i] == a.to, "the piece did not go where the guide said"
    assert len(keys) == 2, keys
    why, said = keys[1], params[1]
    if why == "kayak":
        assert a.kayak and old.sheets[i].carried & KAYAK and not new.sheets[i].carried & KAYAK
        return
    assert not a.kayak
    after = cracked(old, new)  # the field is entered once its crack is chosen (N7)
    happened = question(old, after)
    wanted = ENTERED.get(happened)
    if wanted == "why_igloo":
        assert why in ("why_igloo", "why_igloo_store"), f"{why}: the igloo's question came"
    elif wanted is not None:
        assert why == wanted, f"{why}: entering {a.to} asked '{happened}'"
    if why.startswith("why_animal"):
        _animal_there(old, a, i, why, said, happened)
    elif why.startswith("why_igloo"):
        _igloo(old, a, i, after, why, said, happened)
    elif why == "why_inuk":
        assert after.sheets[i].inuk and not old.sheets[i].inuk, "no Inuk joined"
    elif why == "why_free":
        assert old.spec.variant != "full"
        assert said["n"] == len(moves.targets(new, i)), "the ways out counted"
    else:
        assert why in ("why_hunt", "why_bear"), why
        if why == "why_hunt" and old.sheets:
            assert after.sheets[i].inuk == old.sheets[i].inuk, "an Inuk joined unsaid"


def cracked(old: NanuukState, new: NanuukState) -> NanuukState:
    """``new`` once the crack of the field entered is chosen: the crack comes first (N7), then
    what the field holds; which crack does not change that."""
    state = new
    while state.phase == "crack" and state.mover == old.mover and state.seat == old.seat:
        state = state.apply(state.legal_actions()[0])
    return state


def question(old: NanuukState, state: NanuukState) -> str:
    """The question the mover of ``old`` is asked in ``state`` ("over": his move is over)."""
    if state.mover != old.mover or state.seat != old.seat:
        return "over"
    return state.phase


def _animal_there(old, a, i, why, said, happened) -> None:
    animal = old.piece_at(a.to)
    assert animal in VALUE, f"{why}: no animal on {a.to}"
    assert said["animal"] == talk.animal_name(animal) and said["n"] == VALUE[animal]
    sheet = old.sheets[i]
    if why == "why_animal":
        assert happened == "take", "the guide promised a take the rules do not offer"
        return
    assert happened != "take", f"{why}: yet the take is offered"
    cause = {
        "why_animal_no_harpoon": not sheet.carried & HARPOON,
        "why_animal_bag_holds": bool(sheet.bag & ANIMAL_BITS[animal]),
        "why_animal_no_inuk": animal == "whale" and not sheet.fresh_inuk,
    }
    assert cause[why], f"{why}: not why he cannot take the {animal}"


def _igloo(old, a, i, new, why, said, happened) -> None:
    assert old.spec.board.igloos >> a.to & 1, f"{why}: {a.to} is no igloo"
    back = not old.sheets[i].carried & HARPOON and bool(new.sheets[i].carried & HARPOON)
    harpoon = {"why_igloo": True, "why_igloo_harpoon": True}.get(why, False)
    assert back == harpoon, f"{why}: harpoon back {back}"
    store = why in ("why_igloo", "why_igloo_store")
    assert (happened == "igloo") == store, f"{why}: the igloo's question {happened}"
    if why == "why_igloo_bonus":
        assert said["n"] == IGLOO_BONUS and new.score(old.seat) >= old.score(old.seat)


def _crack(old, a, new, keys, params) -> None:
    board, at = old.spec.board, old.at
    assert new.cracks & a.edge and not old.cracks & a.edge
    if keys[0] == "crack_c":
        assert a.edge in board.c_lines[at]
    else:
        assert a.edge in board.d_lines[at]
        assert all(old.cracks & e for e in board.c_lines[at]), "a C-line was still free"


def _bag(state: NanuukState, i: int, animal: str) -> bool:
    return bool(state.sheets[i].bag & ANIMAL_BITS[animal])


def _take(old, a, new, keys, params) -> None:
    i = old.mover
    assert params[0]["animal"] == talk.animal_name(a.animal)
    assert params[0]["n"] == VALUE[a.animal]
    assert _bag(new, i, a.animal) and not _bag(old, i, a.animal), "nothing was taken"


def _leave(old, a, new, keys, params) -> None:
    i = old.mover
    assert new.piece_at(old.at) == a.animal and new.sheets[i].bag == old.sheets[i].bag


def _banish(old, a, new, keys, params) -> None:
    i = old.mover
    assert new.piece_at(a.to) == "bear" and not new.sheets[i].carried & HARPOON


def _igloo_side(old, a, new, keys, params) -> None:
    i = old.mover
    assert params[0]["animal"] == talk.animal_name(a.animal)
    assert _bag(old, i, a.animal) and not _bag(new, i, a.animal), "the animal stayed in the bag"
    k = ANIMALS.index(a.animal)
    assert new.sheets[i].igloo[k] == old.sheets[i].igloo[k] + 1
    if isinstance(a, Exchange):
        assert new.sheets[i].carried & ~old.sheets[i].carried, "no equipment came"


def _mush(old, a, new, keys, params) -> None:
    i = old.mover
    assert new.steps == old.steps + 1 and not new.sheets[i].carried & HUSKY
    assert (new.quiet == old.quiet + 1) == (keys[0] == "mush_one_crack")


def _stay(old, a, new, keys, params) -> None:
    assert new.pos == old.pos, "the polar bear moved"
    if new.phase == "crack":
        assert new.at == old.pos[old.mover], "the crack is not at the bear's own field"


def _end(old, a, new, keys, params) -> None:
    assert (old.phase == "igloo") == (keys[0] == "leave_igloo")
    assert new.phase != old.phase or new.seat != old.seat or new.mover != old.mover


_CHECKS = {
    Place: _place, Choose: _choose, Step: _step, Crack: _crack, Take: _take, Leave: _leave,
    Banish: _banish, Exchange: _igloo_side, Deposit: _igloo_side, Mush: _mush, Stay: _stay,
    EndTurn: _end,
}  # fmt: skip
