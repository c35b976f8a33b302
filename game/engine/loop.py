"""The loop: a fixed 60 Hz logic step with an accumulator, one draw per frame, and pacing.

It runs the scenes (``SceneManager``) under a policy (``game.engine.policy``) and shows them
on the display. What the program is made of (which scenes open first, what a frame's picture
holds, what is kept when the run ends) it is handed by the composition root (``game.app``).
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

import pygame

from game import i18n
from game.engine.audio import Audio
from game.engine.clock import Clock
from game.engine.display import Display
from game.engine.intents import InputMapper, Intent, Kind
from game.engine.pacing import FULL, MOVING, NOTHING, Pacer
from game.engine.policy import Policy
from game.engine.scenes import SceneManager
from game.engine.stop import StopRequest, quit_code
from game.persist.log import LOG

STEP = 1 / 60
MAX_CATCH_UP = 8  # logic steps per frame at speed 1 (an idle frame holds 5); beyond, the game slows


class Shown(Protocol):
    text: str
    left: float


class Messages(Protocol):
    """The toasts (``game.ui.toasts.Toasts``): they run down on the logic step."""

    @property
    def shown(self) -> Sequence[Shown]: ...

    def add(self, text: str, seconds: float, once: bool = False) -> None: ...

    def tick(self, dt: float) -> None: ...


# (surface, alpha, area, look): the frame's picture (``game.ui.frame.FramePainter``)
Painter = Callable[[pygame.Surface, float, "pygame.Rect | None", Hashable], None]


class Loop:
    def __init__(
        self,
        scenes: SceneManager,
        display: Display,
        audio: Audio,
        toasts: Messages,
        policy: Policy,
        paint: Painter,
        *,
        speed: float = 1.0,
        quit_after: float | None = None,
        raise_errors: bool = False,
    ) -> None:
        self.scenes = scenes
        self.display = display
        self.audio = audio
        self.toasts = toasts
        self.policy = policy
        self.paint = paint
        self.speed = speed
        self.quit_after = quit_after  # --quit-after: game seconds
        self.raise_errors = raise_errors
        self.clock = Clock()  # logic time: timers, idle animations, --quit-after
        self.mapper = InputMapper(display.to_logical)
        self.stop = StopRequest()  # SIGTERM, SIGINT, ...: the run ends cleanly at the next frame
        self.pacer = Pacer()  # the real loop draws a still screen seldom (game.engine.pacing)
        self.accumulator = 0.0
        self.running = False
        self.exit_code = 0
        self.show_focus = False  # the focus ring shows once keys or a gamepad are used
        self.frame_times: list[float] | None = None  # the bench switches this on
        self.first_frame_at: float | None = None
        # set by the composition root
        self.open_first: Callable[[], None] = lambda: None  # the scenes the run starts with
        self.home: Callable[[], None] = lambda: None  # back to the title after an error
        self.toggle_fullscreen: Callable[[], None] = lambda: None  # F11
        self.closing: list[Callable[[], object]] = []  # when the run ends (the autosave)

    @property
    def messages(self) -> list[tuple[str, float]]:
        """The toasts showing: (text, seconds left)."""
        return [(toast.text, toast.left) for toast in self.toasts.shown]

    def toast(self, text: str, seconds: float = 3.0, once: bool = False) -> None:
        self.toasts.add(text, seconds, once)

    def quit(self, operator: bool = False) -> None:
        """End the run at the end of this frame, if the policy lets it (the kiosk: only the
        admin's quit). ``operator``: the kiosk admin menu's Quit, which under a supervisor ends
        the run with ``OPERATOR_QUIT`` so that it does not start the kiosk again."""
        if operator:
            self.exit_code = quit_code()
        self.running = False

    # ---- the run ----------------------------------------------------------------------------
    def start(self) -> None:
        self.open_first()
        self.scenes.apply_pending()
        self.running = True

    def run(self) -> int:
        """The loop until a quit (in kiosk mode: the admin's), --quit-after or the operating
        system's stop; then everything is closed properly and the exit code returned."""
        self.stop.install()
        try:
            return self._run()
        finally:
            self.stop.finished.set()
            self.stop.restore()

    def _run(self) -> int:
        try:
            self.start()
        except Exception:
            if not self.policy.fatal(traceback.format_exc()):
                raise
            self.running = True
        last = time.perf_counter()
        while self.running and not self.stop.requested:
            now = time.perf_counter()
            try:
                self.frame(now - last, paced=True)
            except Exception:
                if not self.policy.fatal(traceback.format_exc()):  # the kiosk: to the title
                    raise
            last = now
            self.pacer.wait(now, pygame.event.peek)
            if not self.running and not self._may_stop():
                LOG.warning("the loop was told to stop; the %s policy keeps it running",
                            type(self.policy).__name__)  # fmt: skip
                self.running = True
        return self._finish()

    def _may_stop(self) -> bool:
        """``--quit-after`` and the operating system always end a run; a quit if the policy
        lets it."""
        limit = self.quit_after
        timed_out = limit is not None and self.clock.now >= limit
        return timed_out or self.stop.requested or self.policy.may_stop()

    def _finish(self) -> int:
        self.stop.announce()
        for close in self.closing:  # the screenshot, the autosave
            close()
        self.policy.close()
        for scene in reversed(self.scenes.stack):
            scene.exit()
        return self.exit_code

    # ---- a frame ------------------------------------------------------------------------------
    def frame(self, elapsed: float, paced: bool = False) -> None:
        """One frame: events, as many fixed steps as the accumulator holds (capped), one draw
        (``paced``: only if the pacer wants one; a still screen is drawn seldom)."""
        started = time.perf_counter()
        rate = self.speed * self.policy.time_scale
        self.accumulator += min(elapsed, 0.25) * rate
        self._guard(self._events)
        steps, cap = 0, MAX_CATCH_UP * max(1, round(rate))
        while self.accumulator >= STEP and steps < cap and self.running:
            self._guard(self.step)
            self.accumulator -= STEP
            steps += 1
        if steps == cap:
            self.accumulator = min(self.accumulator, STEP)  # too slow: drop the backlog
        areas: list[pygame.Rect] | None = None  # the logical rects to draw; None: all of it
        if paced:
            what = self.pacer.should_draw(self._pace(), self._look())
            if what == NOTHING:
                return
            areas = self._moving_areas() if what == MOVING else None
            if areas == []:
                return  # the scene's decoration moves nowhere this frame
        alpha = min(self.accumulator / STEP, 1.0)
        for area in [None] if areas is None else areas:
            self._guard(lambda area=area: self.draw(alpha, area))
            self._present(area)
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("SPELTAFEL_REPORT_FIRST_FRAME"):  # read by game.tools.bench
                print(f"first-frame {time.time():.6f}", flush=True)
        if self.frame_times is not None:
            self.frame_times.append(time.perf_counter() - started)

    def _present(self, area: pygame.Rect | None = None) -> None:
        self.display.present(area)

    def _pace(self) -> float:
        """The frames a second the screen needs while nobody plays (game.engine.pacing)."""
        top = self.scenes.top
        return max(FULL if top is None else top.pace(), self.policy.pace())

    def _moving_areas(self) -> list[pygame.Rect] | None:
        """Where the top scene's slow decoration moves (None: anywhere; []: nowhere), toasts
        kept clear: one rect per row of such places (the picker's two rows of emblems are two
        bands, not the screen between them)."""
        top = self.scenes.top
        areas = getattr(top, "moving_areas", None)
        if areas is None or self.toasts.shown or self.show_focus:  # the focus ring pulses too
            return None
        canvas = self.display.canvas.get_rect()
        rows: list[pygame.Rect] = []
        for rect in sorted((a.inflate(8, 8).clip(canvas) for a in areas), key=lambda r: r.y):
            if rows and rect.top <= rows[-1].bottom:  # overlaps the row above: one band
                rows[-1] = rows[-1].union(rect)
            elif rect:
                rows.append(rect)
        return rows

    def _look(self) -> tuple[Any, ...]:
        """What a frame shows, as far as a change of it must be drawn at once."""
        shown = tuple(id(scene) for scene in self.scenes.stack)
        return shown, tuple(text for text, _ in self.messages), self.show_focus

    def _events(self) -> None:
        events = pygame.event.get()
        if events:
            self.pacer.input_seen()
        for event in events:
            if self.policy.raw_event(event):
                continue
            if event.type == pygame.VIDEORESIZE:
                self.display.resized()
            elif event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
                self.dispatch(Intent(Kind.UI, "system", event=event))
            else:
                for intent in self.mapper.translate(event):
                    self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        if self.policy.intercept(intent):
            return  # kiosk mode: quit blocked, attract mode ended, the waking tap swallowed
        if intent.kind is Kind.QUIT:
            self.running = False
            return
        if intent.kind is Kind.FULLSCREEN:
            self.toggle_fullscreen()
            return
        if intent.source in ("key", "pad") and intent.kind is not Kind.TEXT:
            self.show_focus = True
        elif intent.kind is Kind.POINT_DOWN:
            self.show_focus = False
        top = self.scenes.top
        if top is not None:
            top.handle(intent)

    def step(self) -> None:
        self.scenes.apply_pending()
        self.clock.tick(STEP)
        self.toasts.tick(STEP)
        top = self.scenes.top  # scenes beneath an overlay are paused
        if top is not None:
            top.update(STEP)
        self.policy.update(STEP)
        self.audio.sync()
        self.scenes.apply_pending()
        quit_after = self.quit_after
        if quit_after is not None and self.clock.now >= quit_after:
            self.running = False

    def draw(self, alpha: float, area: pygame.Rect | None = None) -> None:
        self.paint(self.display.surface(), alpha, area, self._look()[0])

    def _guard(self, work: Any) -> None:
        """Run a scene callback; an error is logged and the game goes back to the title."""
        try:
            work()
        except Exception:
            if self.raise_errors:
                raise
            if self.policy.scene_error(traceback.format_exc()):
                return
            LOG.error("scene error:\n%s", traceback.format_exc())
            self.toast(i18n.tr("app.error"), 8.0)
            self.home()
