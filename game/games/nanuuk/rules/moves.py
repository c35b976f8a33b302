"""Where a mover may step, where a crack may go, where a bear may be banished (N7-N9, N23, N28).

These read a state and never change it; ``turn.py`` uses them to move the game on.
"""

from __future__ import annotations

from game.games.nanuuk.rules.actions import Crack, Step, crack_action, steps_to
from game.games.nanuuk.rules.board import Board, Steps, bits
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import HARPOON, KAYAK
from game.games.nanuuk.rules.spec import FULL, HUNTER

BEARS, ALL_PIECES = 5, -1


def all_pieces(st: NanuukPosition) -> int:
    mask = 0
    for m in st.pieces:
        mask |= m
    return mask


def targets(st: NanuukPosition, i: int, first_round_ban: bool = True) -> Steps:
    """The fields mover ``i`` may step to now, each with whether the step needs the kayak.

    N9: never across a crack (a carried kayak crosses one, N25), never onto a hunter's field
    except an igloo in the full game; in the introduction games onto no other mover's field.
    N23: a bear's field needs the harpoon, is barred in the mover's first turn, and needs an
    empty field to banish the bear to.
    """
    # the memo outlives a change of ``turns``: key on what matters of it (an int, ``i`` and
    # ``banned``, is hashed quicker than a tuple)
    key = 2 * i
    if first_round_ban and st.sheets and not st.turns[st.spec.movers[i].seat]:
        key += 1  # banned: the full game's first turn of the hunt (N23)
    memo = st.memo
    found: Steps | None = memo.get(key)
    if found is not None:
        return found
    f = st.pos[i]
    if f < 0:
        found = ()
    else:
        spec = st.spec
        board = spec.board
        near = board.neighbours[f]
        if spec.variant != FULL:
            found = walks(board, f, st.cracks, st.occupied())  # the introduction games
        elif st.pieces[BEARS] & near:
            found = _steps_by_bears(st, i, key & 1 == 1)  # N23 asks about the whole floe
        else:  # his steps over the ice (the kayak's crossing too, N25), less those onto a
            # hunter's field but an igloo's (N9); ``on_ice``, written out (a call less)
            table = board.by_kayak if st.sheets[i].carried & KAYAK else board.over_ice
            found = table[f, st.cracks & board.around[f]]
            blocked = st.occupied() & near & ~board.igloos
            if blocked:
                found = tuple([s for s in found if not blocked >> s[0] & 1])
    memo[key] = found
    return found


def on_ice(board: Board, f: int, cracks: int, kayak: int) -> Steps:
    """The steps from ``f`` the cracks round it leave, movers and bears aside: over uncracked
    edges, and with a ``kayak`` over cracked ones too, marked (N9, N25). From the board's
    tables, by the cracks round ``f``."""
    return (board.by_kayak if kayak else board.over_ice)[f, cracks & board.around[f]]


def _steps_by_bears(st: NanuukPosition, i: int, banned: bool) -> Steps:
    """N9, N23, N25: the full game's steps of hunter ``i``, a bear next to him: his steps over
    the ice (``on_ice``), less those onto a hunter's field but an igloo's, and onto a bear's
    field those where he may not face it."""
    board = st.spec.board
    steps = on_ice(board, st.pos[i], st.cracks, st.sheets[i].carried & KAYAK)
    blocked = st.occupied() & ~board.igloos
    bears = st.pieces[BEARS]
    out = []
    for step in steps:
        g = step[0]
        if blocked >> g & 1 or bears >> g & 1 and not _may_face_bear(st, i, g, banned):
            continue
        out.append(step)
    return tuple(out)


def walks(board: Board, f: int, cracks: int, occupied: int) -> Steps:
    """N9 in the introduction games: the steps from ``f`` over no crack onto no mover."""
    steps = board.over_ice[f, cracks & board.around[f]]  # ``on_ice`` without a kayak
    blocked = occupied & board.neighbours[f]
    return tuple([s for s in steps if not blocked >> s[0] & 1]) if blocked else steps


def step_actions(who: str, steps: Steps) -> tuple[Step, ...]:
    """The interned ``Step`` of mover ``who`` to each of ``steps``: the step question's legal
    list (without the extras of ``state._legal_step``). Not kept: a cache of these lists, by
    the steps, missed one time in three in a process's first few hundred games, and grew."""
    on_foot, by_kayak = steps_to(who)
    return tuple([by_kayak[g] if kayak else on_foot[g] for g, kayak in steps])


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


def is_enclosed(st: NanuukPosition, i: int) -> bool:
    """N9, N25: every edge round the mover cracked and no kayak to cross one: no step, and none
    to come while his sheet stays (cracks only come)."""
    return is_stuck_by_ice(st, i) and not (st.sheets and st.sheets[i].carried & KAYAK)


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

    Without variant 2 the options depend on the cracks on ``f``'s C-lines alone while one of
    them is free, else on those on its d-lines (N7): the list is looked up by those, once
    worked out for any state of any game on this board (the C-lines alone: a key met again
    and again, where the cracks on all twelve lines mostly are new)."""
    spec = st.spec
    if spec.social_cracks:  # N28 variant 2: the whole floe decides
        return tuple(map(crack_action, crack_options(st, f)))
    board = spec.board
    key = (f, board.crack_key(f, st.cracks))
    found: tuple[Crack, ...] | None = board.local.get(key)
    if found is None:  # (all of them are made with a game's spec: ``crack_lists``)
        found = board.local[key] = tuple(map(crack_action, board.crack_edges[key]))
    return found


def crack_lists(board: Board) -> None:
    """Every crack question's legal list of the board (``crack_actions``), by field and crack
    key, made at once when a game on the board is set up rather than one by one as play meets
    them (a few thousand, and mostly met in the first games of a process)."""
    local = board.local
    if len(local) < len(board.crack_edges):
        for key, edges in board.crack_edges.items():
            if key not in local:
                local[key] = tuple(map(crack_action, edges))


def _crack_options(st: NanuukPosition, f: int) -> tuple[int, ...]:
    board = st.spec.board
    group = board.crack_edges[f, board.crack_key(f, st.cracks)]
    if not group or not st.spec.social_cracks:
        return group
    # N28 variant 2: C-lines that block nobody, any C-line, d-lines that block nobody, any d-line
    blocking = blocking_edges(st, group)
    return tuple(e for e in group if not e & blocking) or group


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
