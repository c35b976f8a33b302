"""Arrows and a D-pad among choices that lie round the screen (issue 29, item 9): a press goes
to the nearest choice that way, not to the next one in reading order.

"That way" is within 45 degrees either side of the arrow (a choice exactly diagonal lies both
ways); "nearest" is the straight-line distance, a tie going to the choice more in line with the
arrow, then to the earlier one. Every choice lies some way from every other, so each is one
press away from wherever the focus is; with nothing that way a press finds nothing (the table
says what then: it may cross to another part of the screen, else nothing happens). Pure
arithmetic on screen points (no pygame).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

from game.engine.intents import Kind

Point = tuple[float, float]
K = TypeVar("K", bound=Hashable)

STEPS: dict[Kind, tuple[int, int]] = {
    Kind.LEFT: (-1, 0),
    Kind.RIGHT: (1, 0),
    Kind.UP: (0, -1),
    Kind.DOWN: (0, 1),
}


def ahead(origin: Point, step: tuple[int, int], at: Point) -> tuple[float, float] | None:
    """How far ``at`` lies along ``step`` from ``origin`` and how far off its line, if it lies
    that way (within 45 degrees); None if it does not."""
    dx, dy = at[0] - origin[0], at[1] - origin[1]
    along = dx * step[0] + dy * step[1]
    across = abs(dy * step[0] - dx * step[1])
    if along <= 0 or across > along:
        return None
    return along, across


def nearest(origin: Point, step: tuple[int, int], choices: Iterable[tuple[K, Point]]) -> K | None:
    """The choice nearest to ``origin`` that lies ``step``'s way (see the module), or None."""
    best: tuple[float, float, int] | None = None
    found: K | None = None
    for order, (key, at) in enumerate(choices):
        way = ahead(origin, step, at)
        if way is None:
            continue
        along, across = way
        score = (along * along + across * across, across, order)
        if best is None or score < best:
            best, found = score, key
    return found

