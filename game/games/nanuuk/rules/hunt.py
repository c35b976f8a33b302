"""The end of the hunt in the full game (N26): can some hunter still reach an animal and take it?

Asked at every turn's end during the hunt (``turn.end_turn`` and its short cut); a pure read of
a position, like ``moves``.
"""

from __future__ import annotations

from game.games.nanuuk.rules.actions import ANIMALS
from game.games.nanuuk.rules.board import Board, bits
from game.games.nanuuk.rules.phases import PIECES
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, HARPOON, KAYAK, WHALE

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
    finds none): floods from a hunter's field that stop at the first animal (and igloo)."""
    board, cracks = st.spec.board, st.cracks
    opens = None
    for p, prey in zip(st.pos, _preys(st), strict=True):
        if not prey:
            continue
        if prey >> p & 1 or prey & board.neighbours[p] and _next_to(board, p, cracks, prey):
            return True  # on the field or one step away, over an uncracked edge
        if opens is None:  # the floods of all hunters cross the same edges
            opens = board.open_masks(cracks)
        if board.reaches(1 << p, prey, opens):
            return True
    pieces = st.pieces
    animals = pieces[0] | pieces[1] | pieces[2]
    for sheet, p in zip(st.sheets, st.pos, strict=True):  # N24: by way of an igloo
        prey = animals | pieces[3] if sheet.fresh_inuk else animals
        if opens is None:
            opens = board.open_masks(cracks)
        if prey and board.reaches(1 << p, prey, opens, board.igloos):
            return True
    return False


def _preys(st: NanuukPosition) -> tuple[int, ...]:
    """Per hunter the fields of the animals he may take with his harpoon (0 without it, N22):
    an animal whose bag slot is free; a whale with an Inuk who has not hunted one.

    They change only when an animal is taken or a sheet changes: worked out then, and carried
    from copy to copy with the pieces and sheets they are for (compared by identity: a copy
    shares the tuples it does not change)."""
    pieces, sheets = st.pieces, st.sheets
    known = st._preys
    if known is not None and known[0] is pieces and known[1] is sheets:
        return known[2]
    animals = pieces[0] | pieces[1] | pieces[2]  # the whales apart: they need an Inuk (N22)
    preys = []
    for sheet in sheets:
        prey = 0
        if sheet.carried & HARPOON:
            prey = animals & ~_in_bag(sheet.bag, pieces)  # a free bag slot
            if sheet.fresh_inuk:  # his Inuk goes with him, no whale in the bag
                prey |= pieces[3]
        preys.append(prey)
    found = tuple(preys)
    st.__dict__["_preys"] = (pieces, sheets, found)
    return found


def _in_bag(bag: int, pieces: tuple[int, ...]) -> int:
    """The fields of the fish, seals and walruses of the kinds in ``bag`` (slot ``k`` is bit
    ``k``, the kind ``pieces[k]``): a kind he has is not his prey (N22)."""
    out = 0
    for k in range(3):
        if bag >> k & 1:
            out |= pieces[k]
    return out


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
