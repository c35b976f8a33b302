"""Where a mover may step, where a crack may go, where a bear may be banished (N7-N9, N23, N28).

These read a state and never change it; ``turn.py`` uses them to move the game on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.nanuuk.board import bits
from game.rules.nanuuk.sheet import HARPOON, KAYAK
from game.rules.nanuuk.spec import FULL, HUNTER

if TYPE_CHECKING:
    from game.rules.nanuuk.state import NanuukState

BEARS, ALL_PIECES = 5, -1


def fields(mask: int) -> list[int]:
    return bits(mask)


def all_pieces(st: NanuukState) -> int:
    mask = 0
    for m in st.pieces:
        mask |= m
    return mask


def targets(st: NanuukState, i: int, first_round_ban: bool = True) -> list[tuple[int, bool]]:
    """The fields mover ``i`` may step to now, each with whether the step needs the kayak.

    N9: never across a crack (a carried kayak crosses one, N25), never onto a hunter's field
    except an igloo in the full game; in the introduction games onto no other mover's field.
    N23: a bear's field needs the harpoon, is barred in the mover's first turn, and needs an
    empty field to banish the bear to.
    """
    key = (i, first_round_ban)
    memo = st.memo
    found: list[tuple[int, bool]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _targets(st, i, first_round_ban)
    return found


def _targets(st: NanuukState, i: int, first_round_ban: bool) -> list[tuple[int, bool]]:
    f = st.pos[i]
    if f < 0:
        return []
    spec = st.spec
    cracks = st.cracks
    occupied = st.occupied()
    if spec.variant != FULL:
        return [
            (g, False) for g, e in spec.board.steps[f] if not cracks & e and not occupied >> g & 1
        ]
    sheet = st.sheets[i]
    kayak = sheet.carried & KAYAK
    igloos = spec.board.igloos
    bears = st.pieces[BEARS]
    out = []
    for g, e in spec.board.steps[f]:
        crossed = bool(cracks & e)
        if crossed and not kayak:
            continue
        if occupied >> g & 1 and not igloos >> g & 1:
            continue
        if bears >> g & 1 and not _may_face_bear(st, i, g, first_round_ban):
            continue
        out.append((g, crossed))
    return out


def _may_face_bear(st: NanuukState, i: int, g: int, first_round_ban: bool) -> bool:
    if not st.sheets[i].carried & HARPOON:
        return False
    if first_round_ban and st.turns[st.spec.movers[i].seat] == 0:
        return False  # N23: not in a player's first turn of the hunt
    occupied = (st.occupied() & ~(1 << st.pos[i])) | (1 << g)
    return bool(_empty(st, occupied) & ~(1 << g))


def _empty(st: NanuukState, occupied: int) -> int:
    """Fields with no hunter, animal, Inuk, bear and no igloo (N23's banishment targets)."""
    board = st.spec.board
    return board.mask & ~board.igloos & ~occupied & ~all_pieces(st)


def banish_fields(st: NanuukState) -> int:
    return _empty(st, st.occupied())


def is_stuck_by_ice(st: NanuukState, i: int) -> bool:
    """N13: the mover has no uncracked edge at all (cracks and the edge alone block it)."""
    f = st.pos[i]
    return all(st.cracks & e for _, e in st.spec.board.steps[f])


def crack_options(st: NanuukState, f: int) -> tuple[int, ...]:
    """N7 (and N28 variant 2): the edges the crack for field ``f`` may go on."""
    board = st.spec.board
    cracks = st.cracks
    free_c = tuple(e for e in board.c_lines[f] if not cracks & e)
    free_d = () if free_c else tuple(e for e in board.d_lines[f] if not cracks & e)
    if not (st.spec.variant == FULL and st.spec.opt("variant-2")):
        return free_c or free_d
    # N28 variant 2: C-lines that block nobody, any C-line, d-lines that block nobody, any d-line
    free_d = tuple(e for e in board.d_lines[f] if not cracks & e)
    for group in (free_c, free_d):
        kind = [e for e in group if not blocks_a_way_home(st, e)]
        if kind:
            return tuple(kind)
        if group:
            return group
    return ()


def hunters_mask(st: NanuukState) -> int:
    mask = 0
    for p, m in zip(st.pos, st.spec.movers, strict=True):
        if p >= 0 and m.kind == HUNTER:
            mask |= 1 << p
    return mask


def blocks_a_way_home(st: NanuukState, edge: int) -> bool:
    """N28 v2 / N33: after this crack, a hunter who had a way to an igloo has none.

    The way ignores hunters and kayaks; a hunter already cut off does not count.
    """
    board = st.spec.board
    for p in fields(hunters_mask(st)):
        if board.igloos >> p & 1:
            continue
        if board.flood(1 << p, st.cracks) & board.igloos and not (
            board.flood(1 << p, st.cracks | edge) & board.igloos
        ):
            return True
    return False
