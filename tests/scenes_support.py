"""The scene tests' fixtures (registered for every folder by tests/conftest.py): a headless App
and a Driver that feeds it synthetic input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import STEP, App, Options
from game.play.plugin import GamePlugin, TableClass
from game.play.registry import plugin

# Longest wait for a bot's answer: only a hung bot takes this long, however busy the machine.
BOT_HANG_S = 600.0


def table_class(game: str) -> TableClass:
    """The play scene class of ``game`` (its plugin's), to open its table with a config."""
    return plugin(game).scene()


def fake_tables(monkeypatch: pytest.MonkeyPatch, scene: Any, *games: str) -> None:
    """For this test, the table of each of ``games`` is ``scene`` (a menu only hands a table
    its config: the real one belongs to another part)."""
    real = GamePlugin.scene
    monkeypatch.setattr(GamePlugin, "scene", lambda self: scene if self.id in games else real(self))


class Driver:
    """Drives an App frame by frame with synthetic events (keys, mouse, touch, gamepad).

    Before each frame it waits until every computer player asked to move has its answer, and
    until a table's work off the loop's thread (a chart's textures) is done, so a bot's thinking
    always takes one frame: what a test sees after so many frames does not depend on how fast
    or how busy the machine is.
    """

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.wait_for_bots()
            self.app.frame(STEP)

    def wait_for_bots(self) -> None:
        for scene in self.app.scenes.stack:
            for runner in getattr(scene, "runners", {}).values():
                if not runner.wait(BOT_HANG_S):
                    raise AssertionError(f"a bot gave no answer in {BOT_HANG_S:.0f} s: hung")
            waiting = getattr(scene, "wait_background", None)  # a chart's textures, say
            if waiting is not None and not waiting(BOT_HANG_S):
                raise AssertionError(f"a table's background work took {BOT_HANG_S:.0f} s: hung")

    def run(self, seconds: float) -> None:
        self.frames(max(1, round(seconds / STEP)))

    def key(self, key: int, mod: int = 0, frames: int = 2) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
        self.frames(frames)

    def click(self, pos: tuple[int, int], frames: int = 3) -> None:
        """A left click at a logical position (the test window has the logical size)."""
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(frames)

    def tap(self, pos: tuple[int, int], frames: int = 3) -> None:
        """A finger tap at a logical position (finger events use 0..1 window fractions)."""
        w, h = pygame.display.get_window_size()
        x, y = pos[0] / w, pos[1] / h
        common = {
            "touch_id": 1,
            "finger_id": 1,
            "x": x,
            "y": y,
            "dx": 0.0,
            "dy": 0.0,
            "pressure": 1.0,
        }
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
        self.frames(frames)

    def pad(self, button: int, frames: int = 2) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
        )
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button)
        )
        self.frames(frames)

    @property
    def scene(self):
        return self.app.scenes.top

    def until(self, predicate, seconds: float = 30.0) -> bool:
        """Run frames until ``predicate()`` holds or ``seconds`` of game time pass."""
        for _ in range(round(seconds / STEP)):
            if predicate():
                return True
            self.frames(1)
        return predicate()


class FakeAudio:
    """Records what the App asks of the sound system."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.ambients: list[str | None] = []
        self.volume = None

    def play(self, name: str) -> None:
        self.played.append(name)

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def ambient(self, game: str | None) -> None:
        self.ambients.append(game)


@pytest.fixture
def fake_audio(app: App) -> FakeAudio:
    """The app's sound system replaced by a recorder of the names played."""
    app.audio.sounds = FakeAudio()
    return app.audio.sounds


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()
    yield app
    for scene in reversed(app.scenes.stack):
        scene.exit()
    i18n.set_language("en")


@pytest.fixture
def drive(app: App) -> Driver:
    return Driver(app)
