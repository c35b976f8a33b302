"""The one clock and the scenes' stopwatches on it."""

from __future__ import annotations

from game.engine.clock import Clock
from game.menus.pause import PauseScene
from game.play.config import GameConfig, Seat
from tests.scenes_support import table_class


def test_a_stopwatch_runs_with_its_clock_and_stands_still_while_paused() -> None:
    clock = Clock()
    clock.tick(5.0)
    watch = clock.stopwatch()
    assert watch.now == 0.0
    clock.tick(1.5)
    watch.pause()
    clock.tick(10.0)
    assert watch.now == 1.5 and not watch.running
    watch.resume()
    clock.tick(0.5)
    assert watch.now == 2.0 and watch.running and clock.now == 17.0


def test_a_table_s_time_stands_still_beneath_an_overlay_and_goes_on_after_it(drive) -> None:
    seats = (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue"))
    config = GameConfig("bergruft", "standard", seats, seed=1)
    drive.app.scenes.reset(table_class("bergruft"), config=config)
    drive.frames(10)
    table = drive.app.scenes.top
    running = table.time.now
    assert running > 0
    drive.app.scenes.push(PauseScene, game="bergruft")
    drive.frames(30)
    assert drive.app.scenes.top.name == "pause" and table.time.now == running
    drive.app.scenes.pop()
    drive.frames(10)
    assert table.time.now > running
