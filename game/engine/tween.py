"""Animation as data: tweens and timers that advance on the fixed logic step.

A ``Tween`` moves a value (a number or a tuple of numbers) from ``start`` to ``end``; drawing asks
for ``value(alpha)``, interpolated between the last two logic steps, so motion stays smooth at
any frame rate. ``Tweener`` owns the running tweens and timers of a scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Value = float | tuple[float, ...]
Ease = Callable[[float], float]
# Reduced motion: a whole animation (its delays included) is squeezed into this many seconds,
# and whatever moves a position (a tuple) jumps there instead of sliding or flying in an arc.
REDUCED_SECONDS = 0.15
# The reduced-motion access setting as the tweens follow it. It lives here, not in the kit's
# theme, because the engine sits below the kit (docs/LAYERS.md): theme.configure, which holds the
# access settings, sets it whenever they change.
_reduced_motion = False


def set_reduced_motion(on: bool) -> None:
    """Follow the reduced-motion setting (called by ``game.ui.theme.configure``)."""
    global _reduced_motion
    _reduced_motion = bool(on)


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def jump(t: float) -> float:
    """Stay, then be there: a piece that moves without travelling (reduced motion)."""
    return 1.0 if t >= 1.0 else 0.0


def lerp(a: Value, b: Value, t: float) -> Value:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    assert isinstance(a, int | float) and isinstance(b, int | float)
    return a + (b - a) * t


@dataclass
class Tween:
    start: Value
    end: Value
    duration: float
    ease: Ease = ease_in_out
    delay: float = 0.0
    on_finished: Callable[[], None] | None = None
    elapsed: float = 0.0
    prev_elapsed: float = 0.0
    finished: bool = False

    def step(self, dt: float) -> None:
        self.prev_elapsed = self.elapsed
        self.elapsed += dt
        if not self.finished and self.elapsed >= self.delay + self.duration:
            self.finished = True
            if self.on_finished is not None:
                self.on_finished()

    def progress(self, alpha: float = 1.0) -> float:
        t = self.prev_elapsed + (self.elapsed - self.prev_elapsed) * alpha - self.delay
        return 1.0 if self.duration <= 0 else min(1.0, max(0.0, t / self.duration))

    def value(self, alpha: float = 1.0) -> Value:
        return lerp(self.start, self.end, self.ease(self.progress(alpha)))


@dataclass
class Path:
    """A value moving through several points in turn (a figure climbing step by step)."""

    points: Sequence[Value]
    seconds_per_leg: float
    ease: Ease = ease_in_out
    delay: float = 0.0
    legs: list[Tween] = field(default_factory=list)

    def __post_init__(self) -> None:
        for i, (a, b) in enumerate(zip(self.points, self.points[1:], strict=False)):
            delay = self.delay + i * self.seconds_per_leg
            self.legs.append(Tween(a, b, self.seconds_per_leg, self.ease, delay))

    @property
    def duration(self) -> float:
        return self.delay + self.seconds_per_leg * max(0, len(self.points) - 1)

    def step(self, dt: float) -> None:
        for leg in self.legs:
            leg.step(dt)

    @property
    def finished(self) -> bool:
        return all(leg.finished for leg in self.legs)

    def value(self, alpha: float = 1.0) -> Value:
        for leg in self.legs:
            if leg.progress(alpha) < 1.0:
                return leg.value(alpha)
        return self.points[-1]


class Tweener:
    """Runs a scene's tweens, paths and timers; ``speed`` scales every duration (settings).

    ``reduced`` (default: the reduced-motion setting) shortens every added tween and path to
    ``REDUCED_SECONDS`` and makes moving things jump; timers (AI pacing) keep their length.
    """

    def __init__(self, speed: float = 1.0, reduced: bool | None = None) -> None:
        self.speed = speed
        self._reduced = reduced
        self.items: list[Tween | Path] = []
        self._timers: list[tuple[float, Callable[[], None]]] = []  # (remaining, callback)

    @property
    def reduced(self) -> bool:
        return _reduced_motion if self._reduced is None else self._reduced

    def add(self, item: Tween | Path) -> Tween | Path:
        if self.reduced:
            _reduce(item)
        self.items.append(item)
        return item

    def animate(
        self,
        start: Value,
        end: Value,
        duration: float,
        ease: Ease = ease_in_out,
        delay: float = 0.0,
        on_finished: Callable[[], None] | None = None,
    ) -> Tween:
        tween = Tween(start, end, duration, ease, delay, on_finished)
        self.add(tween)
        return tween

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        self._timers.append((seconds, callback))

    @property
    def busy(self) -> bool:
        return bool(self._timers) or any(not item.finished for item in self.items)

    def step(self, dt: float) -> None:
        dt *= self.speed
        running: list[Tween | Path] = []
        for item in self.items:
            item.step(dt)
            if item.finished:
                _settle(item)  # later frames draw exactly the end value
            else:
                running.append(item)
        self.items = running
        due = [t for t in self._timers if t[0] <= dt]
        self._timers = [(t[0] - dt, t[1]) for t in self._timers if t[0] > dt]
        for _, callback in due:
            callback()

    def finish_all(self) -> None:
        """Skip every running animation to its end (a click or key skips animations)."""
        while self.busy:
            self.step(3600.0)


def _settle(item: Tween | Path) -> None:
    for leg in item.legs if isinstance(item, Path) else [item]:
        leg.prev_elapsed = leg.elapsed


def _reduce(item: Tween | Path) -> None:
    """Squeeze ``item`` into REDUCED_SECONDS, keeping the order of its parts; positions jump."""
    total = item.duration if isinstance(item, Path) else item.delay + item.duration
    k = min(1.0, REDUCED_SECONDS / total) if total > 0 else 1.0
    if isinstance(item, Path):
        item.seconds_per_leg *= k
        item.delay *= k
        item.ease = jump
        item.legs = []
        item.__post_init__()
        return
    item.duration *= k
    item.delay *= k
    if isinstance(item.start, tuple):
        item.ease = jump
