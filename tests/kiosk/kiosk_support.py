"""Helpers for kiosk tests: a headless kiosk App (dummy SDL drivers) and synthetic input."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
from app_support import close  # noqa: F401 - the kiosk tests import it from here

from game import i18n
from game.app import STEP, App, Options

PIN = "3579"  # the tests' operator PIN (2468, the README's old example, is refused)
# Short timers so a test sees every stage in a few seconds of game time.
FAST = f"""\
attract_after_s = 5
idle_in_game_s = 10
still_playing_s = 4
admin_hold_s = 2
admin_pin = "{PIN}"
"""


class Driver:
    """Drives an App frame by frame (each frame is ``speed`` logic steps) with synthetic input."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(STEP)

    def run(self, seconds: float) -> None:
        """About ``seconds`` of game time."""
        self.frames(max(1, round(seconds / (STEP * self.app.options.speed))))

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def key(self, key: int, mod: int = 0, frames: int = 2) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames(frames)

    def click(self, pos: tuple[int, int], frames: int = 3) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(frames)

    def tap(self, pos: tuple[int, int], frames: int = 2) -> None:
        """A finger tap at a logical position (the test window has the logical size)."""
        w, h = pygame.display.get_window_size()
        common = {"touch_id": 1, "finger_id": 1, "x": pos[0] / w, "y": pos[1] / h,
                  "dx": 0.0, "dy": 0.0, "pressure": 1.0}  # fmt: skip
        self.post(pygame.FINGERDOWN, **common)
        self.frames(1)
        self.post(pygame.FINGERUP, **common)
        self.frames(frames)

    def press(self, element: object, frames: int = 3) -> None:
        """Click the middle of a pygame_gui element."""
        self.click(element.rect.center, frames)  # type: ignore[attr-defined]

    @property
    def top(self) -> str:
        top = self.app.scenes.top
        return top.name if top is not None else ""

    def until(
        self, predicate: Callable[[], bool], seconds: float, wall: float = 600.0, bots: bool = False
    ) -> bool:
        """Frames until ``predicate()`` holds, ``seconds`` of game time pass or the wall limit.

        ``bots``: after each frame, wait (in wall time) for a computer player's answer, so a
        slow or busy machine does not turn its thinking into game time.
        """
        deadline = time.monotonic() + wall
        start = self.app.clock.now
        while self.app.clock.now - start < seconds and time.monotonic() < deadline:
            if predicate():
                return True
            self.frames(1)
            if bots:
                self.wait_for_bots(max(0.0, deadline - time.monotonic()))
        return predicate()

    def wait_for_bots(self, limit: float) -> None:
        """Block until every pending bot request of the scenes on the stack has its answer."""
        for scene in self.app.scenes.stack:
            for runner in getattr(scene, "runners", {}).values():
                runner.wait(limit)


def wait_for(done: Callable[[], bool], alive: Callable[[], bool]) -> bool:
    """Poll ``done`` while ``alive`` holds, with no time limit: a process that ends stops the
    wait (the test's assertion then says what was missing); only a hung one outlasts it."""
    while not done():
        if not alive():
            return done()
        time.sleep(0.05)
    return True


def type_pin(drive: Driver, pin: str) -> None:
    """Tap ``pin`` and OK on the PIN pad on top."""
    pad = drive.app.scenes.top
    for digit in pin:
        drive.tap(pad.keys[digit].rect.center)  # type: ignore[union-attr]
    drive.tap(pad.keys["ok"].rect.center)  # type: ignore[union-attr]


def enter_admin(drive: Driver, pin: str = PIN) -> None:
    """Into the admin menu the one way there is: the PIN pad, then the PIN."""
    drive.app.kiosk.open_pin("a test")  # type: ignore[union-attr]
    drive.frames(2)
    type_pin(drive, pin)
    assert drive.top == "kiosk_admin"


def make_kiosk(folder: Path, toml: str | None = FAST, **options: object) -> App:
    """A started kiosk App in ``folder`` with ``toml`` as its kiosk.toml (None: no file)."""
    i18n.set_language("en")
    folder.mkdir(parents=True, exist_ok=True)
    if toml is not None:
        (folder / "kiosk.toml").write_text(toml, encoding="utf-8")
    values: dict[str, object] = {
        "data_dir": folder,
        "raise_errors": True,
        "size": (1920, 1080),
        "fullscreen": False,
        "kiosk": True,
        "speed": 10.0,
    }
    values.update(options)
    app = App(Options(**values))  # type: ignore[arg-type]
    app.start()
    return app
