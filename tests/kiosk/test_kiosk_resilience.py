"""Resilience: an exception in a scene or in the loop lands on the title with a log entry; a
crash loop is logged briefly and slowed down; a wrong kiosk.toml gives defaults for what is wrong
and stays where it is, a damaged statistics database is kept as *.bad; the operator reads of
either in the admin menu and the log, the visitors never; the log is rotated."""

from __future__ import annotations

import logging.handlers
import sqlite3

import pygame
from kiosk_support import FAST, PIN, enter_admin

from game.engine.scenes import Scene
from game.i18n import tr
from game.kiosk import controller
from game.persist.log import LOG
from tests.scenes_support import table_class


class Broken(Scene):
    def update(self, dt):
        raise RuntimeError("boom in a scene")


def test_an_exception_in_a_scene_returns_to_the_title_and_is_logged(kiosk):
    app, drive = kiosk(raise_errors=False)
    broken = Broken(app)
    broken.name = "broken"
    app.scenes.stack.append(broken)
    drive.frames(2)
    assert drive.top == "title" and app.running
    assert len(app.scenes.stack) == 1
    log = app.log_path.read_text(encoding="utf-8")
    assert "boom in a scene" in log and "Traceback" in log
    assert any("wrong" in text for text, _ in app.messages)  # the visitors see a short note


def test_an_exception_in_a_game_scene_abandons_the_game(kiosk):
    app, drive = kiosk(raise_errors=False)
    from game.play.config import GameConfig, Seat

    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    app.scenes.reset(table_class("bergruft"), config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    scene = app.scenes.top

    def explode(dt):
        raise ValueError("a broken play scene")

    scene.update = explode
    drive.frames(2)
    assert drive.top == "title"
    assert app.kiosk.stats.rows()[0]["status"] == "abandoned"
    assert not scene.runners  # its bot worker was closed


def test_an_exception_in_the_loop_itself_restarts_at_the_title(kiosk):
    app, drive = kiosk(FAST, raise_errors=False, quit_after=2.0)
    calls = {"n": 0}
    real_present = app._present

    def present(area=None):
        calls["n"] += 1
        if calls["n"] == 2:
            raise pygame.error("the display went away")
        real_present(area)

    app._present = present
    assert app.run() == 0  # ran on to --quit-after
    assert calls["n"] > 2
    assert "the display went away" in app.log_path.read_text(encoding="utf-8")


def test_a_crash_loop_is_logged_in_one_line_each_and_waits_longer_and_longer(kiosk, monkeypatch):
    app, drive = kiosk(raise_errors=False)
    pauses = []
    monkeypatch.setattr(app.stop, "sleep", pauses.append)
    for _ in range(controller.CRASH_LOOP + 2):
        app.kiosk.scene_error("Traceback (most recent call last):\nRuntimeError: again\n")
    log = app.log_path.read_text(encoding="utf-8")
    assert log.count("Traceback") == controller.FULL_TRACEBACKS
    assert "again (6 in the last minute): RuntimeError: again" in log
    assert pauses == [1.0, 2.0, 4.0]
    assert len(app.messages) == 1  # one note on screen, not one per error


def test_a_wrong_key_in_kiosk_toml_shows_in_the_admin_menu_and_the_log_only(kiosk):
    app, drive = kiosk(FAST + "demo_speed = 'fast'\n")
    assert app.kiosk.config.demo_speed == 1.0  # that key's default ...
    assert app.kiosk.config.admin_hold_s == 2.0  # ... the others as written
    folder = app.data_dir
    assert (folder / "kiosk.toml").read_text() == FAST + "demo_speed = 'fast'\n"
    assert not (folder / "kiosk.toml.bad").exists()
    assert app.messages == []  # the visitors see nothing of it
    assert "demo_speed" in app.log_path.read_text(encoding="utf-8")
    enter_admin(drive)
    footer = [text for text, _ in app.scenes.top.footer_lines()]
    assert "demo_speed" in footer[0] and "use their defaults" in footer[0]


def test_a_kiosk_toml_that_is_not_toml_at_all(kiosk):
    app, drive = kiosk("this is [not toml\n")
    assert (app.data_dir / "kiosk.toml").read_text() == "this is [not toml\n"
    assert not (app.data_dir / "kiosk.toml.bad").exists()
    assert app.messages == [] and "not valid TOML" in app.kiosk.problems[0]


def test_a_missing_kiosk_toml_is_no_problem_but_the_operator_learns_of_the_one_time_pin(kiosk):
    app, drive = kiosk(None)
    assert app.kiosk.problems == [tr("kiosk.one_time_pin")] and app.messages == []


def test_a_damaged_settings_file_is_the_operators_business_too(kiosk, tmp_path):
    folder = tmp_path / "data0"
    folder.mkdir()
    (folder / "settings.json").write_text('{"version": 1, "volume": "loud"}', encoding="utf-8")
    app, drive = kiosk()
    assert app.messages == []
    assert "volume" in app.kiosk.problems[0]


def test_more_problems_than_fit_are_summed_up_in_the_admin_menu(kiosk, tmp_path):
    folder = tmp_path / "data0"
    folder.mkdir()
    (folder / "settings.json").write_text("{", encoding="utf-8")
    (folder / "stats.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\xff" * 3000)
    app, drive = kiosk(f'display = 99\nadmin_pin = "{PIN}"\n')
    assert len(app.kiosk.problems) == 3
    enter_admin(drive)
    footer = [text for text, _ in app.scenes.top.footer_lines()]
    assert len(footer) == 3 and "display" in footer[0] and "2 more problems" in footer[1]
    assert "speltafel.log" in footer[2]


def test_a_damaged_statistics_database_is_kept_and_a_fresh_one_started(kiosk, tmp_path):
    folder = tmp_path / "data0"
    folder.mkdir()
    (folder / "stats.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\xff" * 3000)
    app, drive = kiosk()
    assert (folder / "stats.sqlite3.bad").exists()
    assert app.messages == [] and "statistics" in app.kiosk.problems[0]
    row = app.kiosk.stats.started("bergruft", "standard", ["human", "easy"])
    app.kiosk.stats.finished(row, ["human"])
    assert app.kiosk.stats.totals()["finished"] == 1
    assert (
        sqlite3.connect(folder / "stats.sqlite3").execute("SELECT count(*) FROM games").fetchone()
    )


def test_the_kiosk_log_is_rotated_at_max_log_mb(kiosk):
    app, drive = kiosk(FAST + "max_log_mb = 0.5\n")
    (handler,) = [h for h in LOG.handlers if isinstance(h, logging.FileHandler)]
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    assert handler.maxBytes == 512 * 1024 and handler.backupCount == 1
