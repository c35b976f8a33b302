"""Work that would cost a frame seconds, done a few milliseconds a frame instead.

A big board (Kap Hoorn's chart, Nanuuk!'s floe) takes a third of a second to seconds to paint:
no frame may wait for that (issue 27, item 9). Its painting is written as an iterator that
yields None after each small step and its result last; :class:`Stepped` runs as many steps a
frame as the frame's budget allows, and the table shows a placeholder meanwhile.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Generic, TypeVar

BUDGET_S = 0.006  # seconds of such work a frame may spend (the rest of the frame is the game's)

T = TypeVar("T")


class Stepped(Generic[T]):
    """``work``'s steps, run a budget at a time; ``result`` once the last is done."""

    def __init__(self, work: Iterator[T | None]) -> None:
        self._work = work
        self.result: T | None = None
        self.steps = 0  # the steps done so far

    @property
    def done(self) -> bool:
        return self.result is not None

    def advance(self, budget: float = BUDGET_S) -> bool:
        """Work on for about ``budget`` seconds (one step at least); whether it is done."""
        end = time.perf_counter() + budget
        while self.result is None:
            self.result = next(self._work)
            self.steps += 1
            if time.perf_counter() >= end:
                break
        return self.result is not None

    def finish(self) -> T:
        """The result, worked out to its end now (for a caller that cannot show it later)."""
        while self.result is None:
            self.result = next(self._work)
            self.steps += 1
        return self.result
