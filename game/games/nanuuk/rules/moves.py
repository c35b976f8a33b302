"""Where a mover may step, where a crack may go, where a bear may be banished (N7-N9, N23, N28).

These read a state and never change it; ``turn.py`` uses them to move the game on.
"""

from __future__ import annotations

from game.games.nanuuk.rules.actions import Crack, crack_action
from game.games.nanuuk.rules.board import Board, bits
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import HARPOON, KAYAK
from game.games.nanuuk.rules.spec import FULL, HUNTER

BEARS, ALL_PIECES = 5, -1


def all_pieces(st: NanuukPosition) -> int:
    mask = 0
    for m in st.pieces:
        mask |= m
    return mask


def targets(st: NanuukPosition, i: int, first_round_ban: bool = True) -> list[tuple[int, bool]]:
    """The fields mover ``i`` may step to now, each with whether the step needs the kayak.

    N9: never across a crack (a carried kayak crosses one, N25), never onto a hunter's field
    except an igloo in the full game; in the introduction games onto no other mover's field.
    N23: a bear's field needs the harpoon, is barred in the mover's first turn, and needs an
    empty field to banish the bear to.
    """
    banned = first_round_ban and st.turns[st.spec.movers[i].seat] == 0 if st.sheets else False
    # the memo outlives a change of ``turns``: key on what matters of it (an int, ``i`` and
    # ``banned``, is hashed quicker than a tuple)
    key = 2 * i + 1 if banned else 2 * i
    memo = st.memo
    found: list[tuple[int, bool]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _targets(st, i, banned)
    return found


def _targets(st: NanuukPosition, i: int, banned: bool) -> list[tuple[int, bool]]:
    f = st.pos[i]
    if f < 0:
        return []
    spec = st.spec
    cracks = st.cracks
    occupied = st.occupied()
    if spec.variant != FULL:
        return walks(spec.board, f, cracks, occupied)
    sheet = st.sheets[i]
    kayak = sheet.carried & KAYAK
    board = spec.board
    igloos = board.igloos
    bears = st.pieces[BEARS]
    around = board.around[f]
    local = cracks & around
    if local == around and not kayak:
        return []  # cracked all round (a hunter passed over at every turn, N21)
    if not local and not (occupied & ~igloos | bears) & board.neighbours[f]:
        return [(g, False) for g, _ in board.steps[f]]  # open ice all round
    out = []
    for g, e in spec.board.steps[f]:
        crossed = bool(cracks & e)
        if crossed and not kayak:
            continue
        if occupied >> g & 1 and not igloos >> g & 1:
            continue
        if bears >> g & 1 and not _may_face_bear(st, i, g, banned):
            continue
        out.append((g, crossed))
    return out


def walks(board: Board, f: int, cracks: int, occupied: int) -> list[tuple[int, bool]]:
    """N9 in the introduction games: the steps from ``f`` over no crack onto no mover."""
    if not (cracks & board.around[f] or occupied & board.neighbours[f]):
        return [(g, False) for g, _ in board.steps[f]]  # open ice all round
    return [(g, False) for g, e in board.steps[f] if not cracks & e and not occupied >> g & 1]


def _may_face_bear(st: NanuukPosition, i: int, g: int, banned: bool) -> bool:
    if not st.sheets[i].carried & HARPOON:
        return False
    if banned:
        return False  # N23: not in a player's first turn of the hunt
    occupied = (st.occupied() & ~(1 << st.pos[i])) | (1 << g)
    return bool(_empty(st, occupied) & ~(1 << g))


def _empty(st: NanuukPosition, occupied: int) -> int:
    """Fields with no hunter, animal, Inuk, bear and no igloo (N23's banishment targets)."""
    board = st.spec.board
    return board.mask & ~board.igloos & ~occupied & ~all_pieces(st)


def banish_fields(st: NanuukPosition) -> int:
    return _empty(st, st.occupied())


def is_stuck_by_ice(st: NanuukPosition, i: int) -> bool:
    """N13: the mover has no uncracked edge at all (cracks and the edge alone block it)."""
    around = st.spec.board.around[st.pos[i]]
    return st.cracks & around == around


def crack_options(st: NanuukPosition, f: int) -> tuple[int, ...]:
    """N7 (and N28 variant 2): the edges the crack for field ``f`` may go on."""
    key = ("cracks", f)
    memo = st.memo
    found: tuple[int, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = _crack_options(st, f)
    return found


def crack_actions(st: NanuukPosition, f: int) -> tuple[Crack, ...]:
    """The crack question's legal list for field ``f``: a ``Crack`` per crack option.

    Without variant 2 the options depend on the cracks on ``f``'s lines alone: the list is
    looked up by those, once worked out for any state of any game on this board."""
    spec = st.spec
    if spec.variant == FULL and spec.opt("variant-2"):  # N28: the whole floe decides
        return tuple(map(crack_action, crack_options(st, f)))
    board = spec.board
    key = (f, st.cracks & board.lines[f])
    found: tuple[Crack, ...] | None = board.local.get(key)
    if found is None:
        found = board.local[key] = tuple(map(crack_action, _crack_options(st, f)))
    return found


def _crack_options(st: NanuukPosition, f: int) -> tuple[int, ...]:
    board = st.spec.board
    group = _free(board.c_lines[f], st.cracks) or _free(board.d_lines[f], st.cracks)
    if not group or not (st.spec.variant == FULL and st.spec.opt("variant-2")):
        return group
    # N28 variant 2: C-lines that block nobody, any C-line, d-lines that block nobody, any d-line
    blocking = blocking_edges(st, group)
    return tuple(e for e in group if not e & blocking) or group


def _free(lines: tuple[int, ...], cracks: int) -> tuple[int, ...]:
    """The edges of ``lines`` not cracked yet (a loop: cheaper than a generator for six)."""
    free = []
    for e in lines:
        if not cracks & e:
            free.append(e)
    return tuple(free)


def hunters_mask(st: NanuukPosition) -> int:
    """Fields with a hunter (in the full game every mover is a hunter)."""
    if st.spec.variant == FULL:
        return st.occupied()
    mask = 0
    for p, m in zip(st.pos, st.spec.movers, strict=True):
        if p >= 0 and m.kind == HUNTER:
            mask |= 1 << p
    return mask


def blocks_a_way_home(st: NanuukPosition, edge: int) -> bool:
    """N28 v2 / N33: after this crack, a hunter who had a way to an igloo has none."""
    return bool(blocking_edges(st, (edge,)))


def blocking_edges(st: NanuukPosition, candidates: tuple[int, ...]) -> int:
    """The candidate edges (as a mask) that would cut some hunter's last way to an igloo.

    The way ignores hunters and kayaks (N28); a hunter already cut off does not count (N33).
    Only an edge inside a hunter's own region of the floe can cut him off.
    """
    board = st.spec.board
    blocking = 0
    for p in bits(hunters_mask(st)):
        if board.igloos >> p & 1:
            continue
        region = board.flood(1 << p, st.cracks)
        if not region & board.igloos:
            continue
        for e in candidates:
            if blocking & e:
                continue
            a, b = board.edges[e]
            if region >> a & 1 and not board.flood(1 << p, st.cracks | e) & board.igloos:
                blocking |= e
    return blocking
