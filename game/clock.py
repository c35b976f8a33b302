"""The one clock of a run: logic time, advanced by the loop's fixed step and nothing else.

Timers, idle animations, ``--quit-after`` and the kiosk's rotation all read it, so ``--speed``
and a paused or slow machine change them all alike, and a test can step it exactly.
"""

from __future__ import annotations


class Clock:
    def __init__(self) -> None:
        self.now = 0.0  # logic seconds since the run began

    def tick(self, dt: float) -> None:
        """One fixed step of ``dt`` logic seconds (called by the loop only)."""
        self.now += dt

    def since(self, then: float) -> float:
        """Logic seconds from ``then`` (an earlier ``now``) to now."""
        return self.now - then
