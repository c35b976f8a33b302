"""The flag screen at the table: shaken when the caller sets his flags, lifted so everybody sees
the number with the flags raised one by one, lowered for the next turn. Secrecy (B7): the scene
says whether the number may be seen now (``visible``); only then do the flags reach the drawing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.tween import Tween, Tweener, ease_in_out, linear
from game.games.bergruft.view import flagscreen
from game.i18n import tr
from game.ui import theme

FLAG_EVERY = 0.13  # the reveal raises one flag every ... seconds
FLAGS = flagscreen.FLAGS


@dataclass(frozen=True)
class ScreenView:
    """What the screen shows in one frame; the panel is painted again when it changes."""

    dx: int  # the shake
    heights: tuple[float, ...]  # each flag, 0 down .. 1 up
    lift: float  # the screen, 0 down .. 1 lifted away
    private: bool  # the caller looks from behind it
    label: str | None  # the words over it
    number: int | None  # the number shown (None: nothing can be seen)


class FlagScreen:
    """The screen's motion on the table's ``tweener``; ``sound`` plays a sound by name."""

    def __init__(self, tweener: Tweener, sound: Callable[[str], None]) -> None:
        self.tweener = tweener
        self.sound = sound
        self.reveal: int | None = None  # the number shown to everybody (screen lifted)
        self.lift: Tween | None = None
        self.shake: Tween | None = None
        self.heights = [0.0] * FLAGS
        self.targets = [0.0] * FLAGS

    # ---- what happens to it ---------------------------------------------------------------------
    def shake_it(self) -> None:
        """The caller has set his flags behind it."""
        self.shake = self.tweener.animate(0.0, 1.0, 0.45, linear)

    def show(self, number: int, t: float) -> float:
        """Lift the screen at ``t`` and raise the flags one by one, so everybody sees the
        number; returns when the last flag is up (and a moment more)."""
        self.reveal = number
        self.heights = [0.0] * FLAGS
        self.targets = [0.0] * FLAGS
        self.lift = self.tweener.animate(0.0, 1.0, 0.45, ease_in_out, delay=t)
        t += 0.5
        for i in range(number):
            self.tweener.after(t + i * FLAG_EVERY, self._raise_flag(i))
        return t + number * FLAG_EVERY + 0.6

    def _raise_flag(self, i: int) -> Callable[[], None]:
        def run() -> None:
            self.targets[i] = 1.0
            self.sound("flag")

        return run

    def lower(self) -> None:
        """Down again over the flags, for the next turn."""
        self.lift = self.tweener.animate(1.0, 0.0, 0.35, ease_in_out, on_finished=self._hidden)

    def _hidden(self) -> None:
        self.reveal = None
        self.lift = None
        self.heights = [0.0] * FLAGS
        self.targets = [0.0] * FLAGS

    def take_down(self) -> None:
        """Every flag down at once (the flags were taken back)."""
        self.targets = [0.0] * FLAGS
        self.heights = list(self.targets)

    def finish(self) -> None:
        """The flags where they are going (an animation skipped)."""
        self.heights = list(self.targets)

    # ---- each step and each frame ---------------------------------------------------------------
    def ease(self, dt: float, visible: bool, private: int | None) -> None:
        """The flags move towards their targets; ``private``: the number the caller looking
        from behind sees (his pick or his number), followed at once."""
        if not visible:
            self.heights = [0.0] * FLAGS
            return
        if self.reveal is None:  # the caller's private view follows his pick at once
            self.targets = [1.0 if i < (private or 0) else 0.0 for i in range(FLAGS)]
        tw = self.tweener
        rate = 1.0 if tw.reduced else 7.0 * dt * tw.speed  # reduced motion: the flags jump
        for i, target in enumerate(self.targets):
            h = self.heights[i]
            self.heights[i] = min(target, h + rate) if target > h else max(target, h - rate)

    def view(self, alpha: float, visible: bool, private: int | None, replaying: bool) -> ScreenView:
        """What the screen shows now. The real number only reaches the drawing when it may be
        seen (``visible``, B7); ``private`` as for ``ease``."""
        dx = 0
        if self.shake is not None and not self.shake.finished and not self.tweener.reduced:
            t = self.shake.progress(alpha)
            dx = round(math.sin(t * 40) * 8 * (1 - t))
        heights = tuple(round(h, 3) for h in self.heights) if visible else (0.0,) * FLAGS
        lift = float(self.lift.value(alpha)) if self.lift is not None else 0.0  # type: ignore[arg-type]
        looking = visible and self.reveal is None  # the caller, from behind
        shown: int | None = None
        if self.reveal is not None:
            shown = self.reveal
        elif visible:
            shown = private
        label = None
        if self.reveal is not None and sum(h >= 1.0 for h in heights) == self.reveal:
            label = tr("bergruft.screen.flags", n=self.reveal)
        elif looking:  # a replay is nobody's view from behind
            label = None if replaying else tr("bergruft.screen.private")
            if shown is not None:
                key = "flags" if replaying else "yours"  # a replay: nobody's secret
                label = tr(f"bergruft.screen.{key}", n=shown)
        return ScreenView(dx, heights, round(lift, 3), looking, label, shown)


def draw_screen(surface: pygame.Surface, rect: pygame.Rect, view: ScreenView) -> None:
    """The screen in ``rect`` as ``view`` says, its label over its right end."""
    rect = rect.move(view.dx, 0)
    flagscreen.draw_flag_screen(surface, rect, list(view.heights), view.lift, view.private)
    if view.label is not None:
        accent = theme.palette().accent
        theme.text(surface, view.label, (rect.right - 8, rect.y - 6), 26, accent, True,
                   "bottomright", shadow=True)  # fmt: skip
