"""The end of the hunt in the full game (N26): can some hunter still reach an animal and take it?

Asked at every turn's end during the hunt (``turn.end_turn`` and its short cut); a pure read of
a position, like ``moves``.
"""

from __future__ import annotations

from typing import NamedTuple

from game.games.nanuuk.rules.actions import ANIMALS
from game.games.nanuuk.rules.board import Board, bits
from game.games.nanuuk.rules.phases import PIECES
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, HARPOON, KAYAK, WHALE, Sheet

INUIT = PIECES.index("inuk")


def hunt_is_over(st: NanuukPosition) -> bool:
    """N26: no hunter can still reach an animal on the floe and take it."""
    memo = st.memo  # asked up to three times at a hunt's end, of the same board fields
    over: bool | None = memo.get("hunt_over")
    if over is None:
        over = memo["hunt_over"] = _hunt_is_over(st)
    return over


def _hunt_is_over(st: NanuukPosition) -> bool:
    pieces = st.pieces
    if not (pieces[0] or pieces[1] or pieces[2] or pieces[3]):  # the animals (PIECES' first)
        return True
    if prey_near(st):
        return False
    return not any(_can_still_hunt(st, i) for i in range(len(st.spec.movers)))


def prey_near(st: NanuukPosition) -> bool:
    """Some hunter can still hunt as ``_can_still_hunt`` asks first (N22, N24, N26): with his
    harpoon he has an animal he may take in his own region, or his region holds an igloo (his
    harpoon back, his bag laid down) and an animal. Mostly answered yes a few fields from a
    hunter, where the regions (``regions``) would be split at every crack to be asked once.

    A short cut, sure only of a yes (``_can_still_hunt`` asks again of every hunter when it
    finds none): floods from a hunter's field that stop at the first animal (and igloo). First
    of all the last hunter found with prey in his region (``_witness``, carried from copy to
    copy): mostly it still is, a turn later. A hunter whose flood found nothing is not asked
    again while his prey stays (``Quarry``)."""
    board, cracks, pos, q = st.spec.board, st.cracks, st.pos, quarry(st)
    known = st._witness
    if known is not None and _still_hunting(st, q, board, cracks, known):
        return True
    opens = board.open_masks(cracks)  # the floods of all hunters cross the same edges
    cut_off, homeless = q.cut_off, q.homeless
    for i, prey in enumerate(q.preys):
        if not prey or cut_off >> i & 1:
            continue
        if not board.reaches(1 << pos[i], prey, opens):
            cut_off |= 1 << i
            continue
        q = _noted(st, q, cut_off, homeless)
        st.__dict__["_witness"] = (q, i, cracks)  # for the next turn's question
        return True
    for i, prey in enumerate(q.homes):  # N24: by way of an igloo
        if not prey or homeless >> i & 1:
            continue
        if board.reaches(1 << pos[i], prey, opens, board.igloos):
            _noted(st, q, cut_off, homeless)
            return True
        homeless |= 1 << i
    _noted(st, q, cut_off, homeless)
    return False


class Quarry(NamedTuple):
    """What each hunter may hunt, worked out when an animal is taken or a sheet changes and
    carried from copy to copy with the pieces, sheets and cracks it is for (compared by
    identity: a copy shares the tuples it does not change; the cracks only ever grow).

    ``preys``: per hunter the fields of the animals he may take with his harpoon (0 without
    it, N22): an animal whose bag slot is free; a whale with an Inuk who has not hunted one.
    ``homes``: those he could hunt after an igloo (N24: harpoon back, bag laid down).
    ``cut_off`` and ``homeless`` mask the hunters whose region was found to hold none of their
    preys, or no igloo and none of their homes' animals: a region only shrinks as cracks come
    and its hunter steps within it (a step by kayak changes his sheet, N25; ``with_`` drops the
    masks when it moves a mover), so they hold while the pieces and sheets stay."""

    pieces: tuple[int, ...]
    sheets: tuple[Sheet, ...]
    cracks: int
    preys: tuple[int, ...]
    homes: tuple[int, ...]
    cut_off: int = 0
    homeless: int = 0


def quarry(st: NanuukPosition) -> Quarry:
    """The position's :class:`Quarry`: carried along, or worked out afresh."""
    pieces, sheets = st.pieces, st.sheets
    known: Quarry | None = st._quarry
    if known is not None and known.pieces is pieces and known.sheets is sheets:
        if not known.cracks & ~st.cracks:  # cracks only came (a state's own copies)
            return known
    animals = pieces[0] | pieces[1] | pieces[2]  # the whales apart: they need an Inuk (N22)
    preys, homes = [], []
    for sheet in sheets:
        fresh = sheet.fresh_inuk  # his Inuk goes with him, no whale in the bag
        home = animals | pieces[3] if fresh else animals
        prey = 0
        if sheet.carried & HARPOON:
            prey = home & ~_in_bag(sheet.bag, pieces) if sheet.bag & 7 else home
        preys.append(prey)  # a free bag slot (N22)
        homes.append(home)
    found = Quarry(pieces, sheets, st.cracks, tuple(preys), tuple(homes))
    st.__dict__["_quarry"] = found
    return found


def _still_hunting(
    st: NanuukPosition, q: Quarry, board: Board, cracks: int, known: tuple[Quarry, int, int]
) -> bool:
    """The witness (``known``: the hunter last found with prey in his region, with the quarry
    and the cracks then) still has it. Quick where his prey is the same (``q``): he stepped
    within his region since (or not at all) and each crack since has a way round it by a field
    next to both its ends, uncracked (so it split no region). Else an animal he may take is
    next to him, or a flood from his field reaches one (after a crack that split a region, or
    an animal taken: mostly he still has prey near)."""
    held, i, before = known
    if held is q and not before & ~cracks:  # the same prey, no crack gone (never, in a game)
        new = cracks & ~before
        if not new:
            return True
        if not new & (new - 1):  # one crack more
            for way in board.detours.get(new, ()):
                if not cracks & way:
                    st.__dict__["_witness"] = (q, i, cracks)
                    return True
    prey, p = q.preys[i], st.pos[i]
    if not prey or q.cut_off >> i & 1:
        return False
    if _near(board, cracks, p, prey) or board.reaches(1 << p, prey, board.open_masks(cracks)):
        st.__dict__["_witness"] = (q, i, cracks)
        return True
    return False


def _noted(st: NanuukPosition, q: Quarry, cut_off: int, homeless: int) -> Quarry:
    """Keep what the floods found with this position (for its copies to come): the quarry
    kept (a new one if they found more hunters cut off or homeless)."""
    if cut_off != q.cut_off or homeless != q.homeless:  # (quicker than ``_replace``)
        q = Quarry(q.pieces, q.sheets, st.cracks, q.preys, q.homes, cut_off, homeless)
        st.__dict__["_quarry"] = q
    return q


def _in_bag(bag: int, pieces: tuple[int, ...]) -> int:
    """The fields of the fish, seals and walruses of the kinds in ``bag`` (slot ``k`` is bit
    ``k``, the kind ``pieces[k]``): a kind he has is not his prey (N22)."""
    out = pieces[0] if bag & 1 else 0  # (written out: a loop's cost at every quarry)
    if bag & 2:
        out |= pieces[1]
    if bag & 4:
        out |= pieces[2]
    return out


def _near(board: Board, cracks: int, p: int, prey: int) -> bool:
    """An animal of ``prey`` on field ``p`` or one step away, over an uncracked edge."""
    return bool(prey >> p & 1 or prey & board.neighbours[p] and _next_to(board, p, cracks, prey))


def _next_to(board: Board, f: int, cracks: int, fields: int) -> bool:
    """One of ``fields`` is a neighbour of ``f`` over an uncracked edge."""
    for g, e in board.steps[f]:
        if fields >> g & 1 and not cracks & e:
            return True
    return False


def _can_still_hunt(st: NanuukPosition, i: int) -> bool:
    """N26: hunter ``i`` can reach an animal and take it, as he is or after an igloo (N24).

    "Reach" is a path over uncracked edges, hunters and bears ignored; a carried kayak allows
    one crossing (N25). In an igloo he gets a harpoon back, may lay his whole bag down, and may
    buy a kayak with a seal or a whale; from there he must reach the animal again.
    """
    board, sheet = st.spec.board, st.sheets[i]
    near = st.flood(1 << st.pos[i])
    by_kayak = _across(st, near) if sheet.carried & KAYAK else 0
    if sheet.carried & HARPOON and _prey(st, near | by_kayak, ~sheet.bag, sheet.fresh_inuk):
        return True
    buys_kayak = bool(sheet.bag & (ANIMAL_BITS["seal"] | WHALE))
    if near & board.igloos:  # an igloo on foot: a carried kayak is still his
        kayak = bool(sheet.carried & KAYAK) or buys_kayak
        region = near | (_across(st, near) if kayak else 0)
        if _prey(st, region, ~0, sheet.fresh_inuk):
            return True
    for igloo in bits(by_kayak & board.igloos):  # an igloo across a crack: the kayak is spent
        home = st.flood(1 << igloo)
        region = home | (_across(st, home) if buys_kayak else 0)
        if _prey(st, region, ~0, sheet.fresh_inuk):
            return True
    return False


def _across(st: NanuukPosition, region: int) -> int:
    """The fields reached from ``region`` by crossing one crack, and all they lead to."""
    return st.flood(st.spec.board.crossings(region, st.cracks)) & ~region


def _prey(st: NanuukPosition, region: int, free: int, fresh_inuk: bool) -> bool:
    """An animal in ``region`` whose bag slot is in ``free``; a whale needs an Inuk who has
    not hunted one, with the hunter or met on the way (N22)."""
    for k in range(len(ANIMALS)):
        if not free >> k & 1 or not st.pieces[k] & region:
            continue
        if 1 << k != WHALE or fresh_inuk or st.pieces[INUIT] & region:
            return True
    return False
