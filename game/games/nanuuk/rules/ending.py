"""What decided a game's end, and what a move dooms (issue 29: the table marks the first and
asks before the second). Pure reads of positions, like ``moves``."""

from __future__ import annotations

from game.games.nanuuk.rules import moves
from game.games.nanuuk.rules.codes import Ending
from game.games.nanuuk.rules.phases import OVER
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.spec import FULL

REMOVED_BY = frozenset({Ending.LAST_HUNTER})  # the enclosed hunter left the floe (N12)
NOBODY = frozenset({Ending.HUNT_OVER, Ending.NO_MOVES})  # no one piece decided it


def enclosed(before: NanuukPosition, after: NanuukPosition) -> tuple[int, ...]:
    """The movers whose enclosure ended the game (``after`` is over, ``before`` the position
    before the last action): the losers' movers that cannot move, or the hunters taken off the
    floe by the last action (N12); for a deadlock (N31) every piece; for the end of the hunt
    (N26) none."""
    reason = after.reason
    spec = after.spec
    if reason == Ending.HUNT_OVER or spec.variant == FULL:
        return ()
    if reason == Ending.NO_MOVES:
        return tuple(i for i in range(len(spec.movers)) if after.pos[i] >= 0)
    if reason in REMOVED_BY and after.out:  # the hunters taken off the floe at the last
        gone = [s for s in after.out if s not in before.out] or [after.out[-1]]
        return tuple(i for s in gone for i in spec.of_seat(s))
    losers = [s for s in range(spec.players) if s not in after.winners]
    stuck = tuple(
        i for s in losers for i in spec.of_seat(s)
        if after.pos[i] >= 0 and not moves.targets(after, i, first_round_ban=False)
    )  # fmt: skip
    return stuck


def dooms(before: NanuukPosition, after: NanuukPosition, seat: int) -> tuple[int, ...]:
    """``seat``'s own movers that ``after`` (a game going on) leaves stuck by cracks and the
    floe's edge alone, which were not before: enclosed for good, he loses (or is out, N12)
    when his turn comes. The full game strands a hunter without a loss (N26): none."""
    if after.spec.variant == FULL or after.phase == OVER:
        return ()
    return tuple(
        i for i in after.spec.of_seat(seat)
        if after.pos[i] >= 0 and moves.is_stuck_by_ice(after, i)
        and not (before.pos[i] >= 0 and moves.is_stuck_by_ice(before, i))
    )  # fmt: skip
