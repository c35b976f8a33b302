"""The operating system stays in charge: SIGTERM and SIGINT stop a running kiosk cleanly (the
game in progress recorded as abandoned, the statistics committed, exit code 0), and so do the
end of a Windows session and the Windows console's close."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest
from kiosk_support import wait_for

from game.engine.stop import WM_QUERYENDSESSION, StopRequest
from game.persist.stats import STATS_FILE
from game.play.config import GameConfig, Seat
from game.play.registry import IDS
from tests.scenes_support import table_class

# Only a hung process takes this long: a guard against hanging CI, never a timing assertion.
HANG_S = 600.0

ROOT = Path(__file__).resolve().parents[2]
CONFIG = 'attract_after_s = 5\ngames = ["kaphoorn"]\n'


def start_kiosk(tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    config = tmp_path / "event.toml"
    config.write_text(CONFIG, encoding="utf-8")
    data = tmp_path / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen(
        [sys.executable, "main.py", "--kiosk", "--kiosk-config", str(config), "--size",
         "1280x720", "--speed", "20", "--data-dir", str(data)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    return child, data


def statuses(data: Path) -> list[tuple[str, float | None]]:
    """The statuses as stored (not as ``Stats`` reads them: it counts cut-off games as
    abandoned too), with their end times."""
    if not (data / STATS_FILE).exists():
        return []
    db = sqlite3.connect(data / STATS_FILE, timeout=10)
    try:
        return db.execute("SELECT status, ended_at FROM games ORDER BY id").fetchall()
    except sqlite3.OperationalError:
        return []  # the table is still being made
    finally:
        db.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_kiosk_cleanly_and_records_the_game_in_progress(tmp_path, signum):
    child, data = start_kiosk(tmp_path)
    try:
        wait_for(lambda: bool(statuses(data)), lambda: child.poll() is None)  # a demo began
        assert statuses(data)[-1][0] == "started"
        child.send_signal(signum)
        out, err = child.communicate(timeout=HANG_S)
    finally:
        child.kill()  # only if it did not stop
        child.wait()
    assert child.returncode == 0, err
    status, ended_at = statuses(data)[-1]
    assert status == "abandoned" and ended_at is not None  # recorded, not inferred later
    log = (data / "speltafel.log").read_text(encoding="utf-8")
    assert f"stop requested by the operating system ({signal.Signals(signum).name})" in log
    assert "Traceback" not in log and "Traceback" not in err


def demo_rows(data: Path) -> list[tuple[str, int, float, float | None, str]]:
    if not (data / STATS_FILE).exists():
        return []
    db = sqlite3.connect(data / STATS_FILE, timeout=10)
    try:
        query = "SELECT game, attract, started_at, ended_at, status FROM games ORDER BY id"
        return db.execute(query).fetchall()
    except sqlite3.OperationalError:
        return []  # the table is still being made
    finally:
        db.close()


@pytest.mark.parametrize("game", IDS)
def test_sigterm_in_a_demos_first_seconds_ends_it_whole_and_exits_0(tmp_path, game):
    """Issue 27, item 9: whatever the first frames of a game do (Kap Hoorn paints its chart),
    a stop in them is clean. How long it takes is the bench's figure (``kiosk_stop_s``)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "kiosk.toml").write_text(f'attract_after_s = 5\ngames = ["{game}"]\n', "utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen(
        [sys.executable, "main.py", "--kiosk", "--size", "1280x720", "--speed", "20",
         "--data-dir", str(data)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_for(lambda: bool(demo_rows(data)), lambda: child.poll() is None)  # a demo began
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=HANG_S)
    finally:
        child.kill()  # only if it did not stop
        child.wait()
    assert child.returncode == 0, err
    rows = demo_rows(data)
    assert len(rows) == 1, rows
    shown, attract, started_at, ended_at, status = rows[0]
    assert (shown, attract, status) == (game, 1, "abandoned")
    assert ended_at is not None and ended_at >= started_at  # closed by the stop itself
    assert "Traceback" not in err


def test_the_end_of_a_windows_session_stops_the_kiosk_cleanly(kiosk):
    app, drive = kiosk(quit_after=3600.0)
    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    app.scenes.reset(table_class("bergruft"), config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    pygame.event.set_allowed(pygame.SYSWMEVENT)  # the kiosk does this on Windows
    drive.post(pygame.SYSWMEVENT, msg=WM_QUERYENDSESSION, hwnd=0, wparam=0, lparam=0)
    assert app.run() == 0
    assert app.stop.reason == "the Windows session ends" and app.clock.now < 3600
    assert statuses(app.data_dir)[0][0] == "abandoned"


def test_a_windows_console_close_waits_until_the_run_has_finished():
    stop = StopRequest()
    answers: list[bool] = []
    worker = threading.Thread(target=lambda: answers.append(stop.console_event(2)))
    worker.start()  # Windows calls the handler on a thread of its own
    assert stop._event.wait(30) and stop.reason == "the console window closed"
    assert answers == []  # held: Windows ends the process once the handler returns
    stop.finished.set()
    worker.join(30)
    assert answers == [True]
    assert StopRequest().console_event(0) is False  # Ctrl+C comes as SIGINT instead


def test_a_stop_ends_a_crash_loops_pause_at_once():
    stop = StopRequest()
    pause = threading.Thread(target=stop.sleep, args=(3600,), daemon=True)
    pause.start()
    stop.request("SIGTERM")
    pause.join(60)  # a generous limit against a pause of an hour
    assert not pause.is_alive()
