"""The one clock of a run: logic time, advanced by the loop's fixed step and nothing else.

Timers, idle animations, ``--quit-after`` and the kiosk's rotation all read it, so ``--speed``
and a paused or slow machine change them all alike, and a test can step it exactly. A scene's
own time is a ``Stopwatch`` on it: the scene manager pauses it while an overlay covers the scene.
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

    def stopwatch(self) -> Stopwatch:
        """A stopwatch on this clock, running from now."""
        return Stopwatch(self)


class Stopwatch:
    """The clock's time since it was started, less the spans it was paused."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._start = clock.now
        self._paused_at: float | None = None

    @property
    def now(self) -> float:
        end = self._clock.now if self._paused_at is None else self._paused_at
        return end - self._start

    @property
    def running(self) -> bool:
        return self._paused_at is None

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self._clock.now

    def resume(self) -> None:
        if self._paused_at is not None:
            self._start += self._clock.now - self._paused_at
            self._paused_at = None
