"""A clock for bots under test: it moves on by a fixed step each time it is read, so a bot's
"time" is the work it has done, the same on an idle laptop and a loaded CI machine."""

from __future__ import annotations


class TickClock:
    def __init__(self, tick: float, limit: float) -> None:
        self.tick = tick
        self.limit = limit  # read past this, the bot has lost track of its budget: fail, not hang
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.tick
        if self.now > self.limit:
            raise AssertionError(f"the bot thought past {self.limit} s on its clock")
        return self.now
