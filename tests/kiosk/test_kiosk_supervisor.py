"""It comes back by itself: ``--kiosk --supervise`` runs the kiosk as a child process, restarts
it after any crash it cannot catch (kill -9 as from the out-of-memory killer, a segfault, an
exit code) and after a stop it did not ask for (a SIGTERM to the kiosk alone), backs off while
they repeat, logs each, passes a stop on, and ends only when told to stop or when the operator
quits from the admin menu."""

from __future__ import annotations

import itertools
import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from kiosk_support import enter_admin, wait_for

from game.engine.stop import OPERATOR_QUIT, SUPERVISED_ENV
from game.kiosk import supervisor
from game.kiosk.supervisor import STABLE_S, Backoff, Supervisor, ending

# Only a hung process takes this long: a guard against hanging CI, never a timing assertion.
HANG_S = 600.0

ROOT = Path(__file__).resolve().parents[2]
LOGS = itertools.count()  # each test a logger of its own
POSIX = pytest.mark.skipif(os.name == "nt", reason="POSIX signals")

# A child that ends differently each time it is started: killed, segfault, exit 3, a clean exit
# nobody asked for, then the operator's quit.
CRASHER = f"""
import ctypes, os, signal, sys
counter = sys.argv[1]
n = int(open(counter).read()) if os.path.exists(counter) else 0
open(counter, "w").write(str(n + 1))
if n == 0:
    os.kill(os.getpid(), signal.SIGKILL)
elif n == 1:
    ctypes.string_at(0)
elif n == 2:
    sys.exit(3)
elif n == 3:
    sys.exit(0)
sys.exit({OPERATOR_QUIT})
"""
# A child that waits until it is told to stop, then says so and exits cleanly.
WAITER = """
import signal, sys, time

def stop(n, f):
    open(sys.argv[1], "w").write(signal.Signals(n).name)
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
open(sys.argv[1] + ".up", "w").write("up")
time.sleep(600)
"""
# Like the kiosk: the first SIGTERM ends its run, which puts the default handlers back, and the
# process takes a moment more to exit (pygame.quit, the interpreter's end).
FINISHER = """
import signal, sys, time

def stop(n, f):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    time.sleep(1.0)
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
open(sys.argv[1], "w").write("up")
time.sleep(600)
"""


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def collecting_log() -> tuple[logging.Logger, Lines]:
    log = logging.getLogger(f"test.supervisor.{next(LOGS)}")
    log.propagate = False
    lines = Lines()
    log.addHandler(lines)
    log.setLevel(logging.INFO)
    return log, lines


def test_the_pause_doubles_while_crashes_repeat_and_is_short_again_after_a_good_run():
    backoff = Backoff(first=1.0, longest=60.0)
    assert [backoff.after(2.0) for _ in range(8)] == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff.after(STABLE_S) == 1.0
    assert backoff.after(5.0) == 2.0


def test_how_a_child_ended_is_said_in_words():
    assert ending(3) == "exit code 3"
    assert ending(-9).startswith("SIGKILL: killed (kill -9, or the kernel's out-of-memory")
    assert ending(-11) == "SIGSEGV: a segmentation fault"


@POSIX
def test_every_kind_of_end_is_restarted_and_only_the_operators_quit_ends_it(tmp_path):
    log, lines = collecting_log()
    command = [sys.executable, "-c", CRASHER, str(tmp_path / "runs")]
    watch = Supervisor(command, log, Backoff(first=0.05, longest=0.2))
    assert watch.run() == 0
    assert watch.starts == 5
    ends = [line for line in lines.lines if "restart" in line]
    assert [re.search(r"\((.*?)[:)]", c).group(1) for c in ends] == [
        "SIGKILL", "SIGSEGV", "exit code 3", "exit code 0",
    ]  # fmt: skip
    assert [re.search(r"restart (\d+) in", c).group(1) for c in ends] == ["2", "3", "4", "5"]
    assert "the kiosk stopped without being asked after" in ends[-1]
    assert lines.lines[-1] == (
        f"the kiosk stopped by the operator (exit code {OPERATOR_QUIT}: the operator quit from "
        "the admin menu); the supervisor ends"
    )


def stopped_once_up(script: str, up: Path, arg: Path) -> tuple[Supervisor, list[int], Lines]:
    """Supervise ``script`` (given ``arg``), stop it once ``up`` exists; the supervisor, what
    its run returned, and its log."""
    log, lines = collecting_log()
    watch = Supervisor([sys.executable, "-c", script, str(arg)], log)
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(watch.run()))
    runner.start()  # (off the main thread the supervisor leaves the signal handlers alone)
    assert wait_for(up.exists, runner.is_alive)
    watch.stop("a test")
    runner.join(HANG_S)
    return watch, result, lines


@POSIX
def test_a_stop_is_passed_on_to_the_child(tmp_path):
    said = tmp_path / "said"
    watch, result, _ = stopped_once_up(WAITER, Path(f"{said}.up"), said)
    assert result == [0] and said.read_text() == "SIGTERM" and watch.starts == 1


@POSIX
def test_the_stop_is_passed_on_once_so_a_kiosk_that_is_finishing_exits_cleanly(tmp_path):
    up = tmp_path / "up"
    _, result, lines = stopped_once_up(FINISHER, up, up)
    assert result == [0]
    assert lines.lines[-1] == "the kiosk stopped as asked (exit code 0); the supervisor ends"


@POSIX
def test_a_child_that_does_not_stop_is_killed(tmp_path, monkeypatch):
    monkeypatch.setattr(supervisor, "GRACE_S", 0.5)
    log, lines = collecting_log()
    up = tmp_path / "up"
    stubborn = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        f"open({str(up)!r}, 'w'); time.sleep(600)"
    )
    watch = Supervisor([sys.executable, "-c", stubborn], log)
    runner = threading.Thread(target=watch.run)
    runner.start()
    assert wait_for(up.exists, runner.is_alive)
    watch.stop("a test")
    runner.join(HANG_S)
    assert not runner.is_alive()
    assert "the kiosk did not stop within 0.5 s; killed" in " ".join(lines.lines)


# ---- the real kiosk under its supervisor -------------------------------------------------------
def supervised(
    tmp_path: Path, game: str = "kaphoorn", **popen: object
) -> tuple[subprocess.Popen[str], Path]:
    """``--kiosk --supervise`` showing demo games of ``game``, and its data folder."""
    config = tmp_path / "event.toml"
    config.write_text(f'attract_after_s = 5\ngames = ["{game}"]\n', encoding="utf-8")
    data = tmp_path / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    watch = subprocess.Popen(
        [sys.executable, "main.py", "--kiosk", "--supervise", "--kiosk-config", str(config),
         "--size", "1280x720", "--speed", "20", "--data-dir", str(data)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen,
    )  # type: ignore[call-overload]  # fmt: skip
    return watch, data


def end(watch: subprocess.Popen[str], log: Path) -> None:
    """Kill whatever a failed test left running."""
    for pid in child_pids(log):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    watch.kill()
    watch.wait()


def child_pids(log: Path) -> list[int]:
    text = log.read_text(encoding="utf-8") if log.exists() else ""
    return [int(pid) for pid in re.findall(r"the kiosk started \(pid (\d+)", text)]


def wait_for_start(log: Path, count: int, data: Path, watch: subprocess.Popen[str]) -> int:
    """The pid of the ``count``-th kiosk once it shows its first demo game."""

    def started() -> bool:
        return len(child_pids(log)) >= count and open_games(data) >= count

    if not wait_for(started, lambda: watch.poll() is None):
        raise AssertionError(f"kiosk {count} did not start: {log.read_text(encoding='utf-8')}")
    return child_pids(log)[count - 1]


def open_games(data: Path) -> int:
    """How many demo games have begun (one per kiosk start: each shows one at once)."""
    try:
        db = sqlite3.connect(data / "stats.sqlite3", timeout=10)
        try:
            return db.execute("SELECT count(*) FROM games").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error:
        return 0


@POSIX
def test_the_kiosk_comes_back_after_kill_9_and_a_segfault_and_stops_on_sigterm(tmp_path):
    watch, data = supervised(tmp_path)
    log = data / "supervisor.log"
    try:
        first = wait_for_start(log, 1, data, watch)
        os.kill(first, signal.SIGKILL)  # as the out-of-memory killer does
        second = wait_for_start(log, 2, data, watch)
        os.kill(second, signal.SIGSEGV)
        third = wait_for_start(log, 3, data, watch)
        watch.send_signal(signal.SIGTERM)
        out, err = watch.communicate(timeout=HANG_S)
    finally:
        end(watch, log)
    assert watch.returncode == 0, err
    assert len({first, second, third}) == 3
    text = log.read_text(encoding="utf-8")
    assert "crashed" in text and "SIGKILL" in text and "restart 2 in 1 s" in text
    assert "restart 3 in 2 s" in text  # the second crash came quickly: a longer pause
    assert "the kiosk stopped as asked (exit code 0); the supervisor ends" in text
    db = sqlite3.connect(data / "stats.sqlite3")
    statuses = [s for (s,) in db.execute("SELECT status FROM games ORDER BY id")]
    db.close()
    assert statuses[-1] == "abandoned"  # the third kiosk closed its game on the way out


@POSIX
def test_a_kiosk_stopped_by_a_sigterm_of_its_own_is_started_again(tmp_path):
    """A careless ``kill`` of the kiosk alone: it stops cleanly (exit 0, its game recorded),
    and the supervisor, which did not ask for that, brings the station back."""
    watch, data = supervised(tmp_path, "bergruft")  # a light first frame: a quick stop
    log = data / "supervisor.log"
    try:
        first = wait_for_start(log, 1, data, watch)
        os.kill(first, signal.SIGTERM)  # the kiosk alone, not its supervisor
        second = wait_for_start(log, 2, data, watch)
        watch.send_signal(signal.SIGTERM)
        out, err = watch.communicate(timeout=HANG_S)
    finally:
        end(watch, log)
    assert watch.returncode == 0, err
    assert first != second
    text = log.read_text(encoding="utf-8")
    assert "the kiosk stopped without being asked after" in text
    assert "(exit code 0); restart 2 in 1 s" in text  # the kiosk's own clean stop
    assert "the kiosk stopped as asked (exit code 0); the supervisor ends" in text
    db = sqlite3.connect(data / "stats.sqlite3")
    statuses = [s for (s,) in db.execute("SELECT status FROM games ORDER BY id")]
    db.close()
    assert statuses[:1] == ["abandoned"]  # the first kiosk closed its game on the way out


@pytest.mark.parametrize("supervised", [True, False], ids=["supervised", "by-hand"])
def test_the_admin_menus_quit_ends_the_run_with_the_code_the_supervisor_knows(
    kiosk, monkeypatch, supervised
):
    if supervised:
        monkeypatch.setenv(SUPERVISED_ENV, "1")
    else:
        monkeypatch.delenv(SUPERVISED_ENV, raising=False)
    app, drive = kiosk()
    enter_admin(drive)
    drive.press(app.scenes.top.quit_button)
    assert not app.running
    # what App.run returns once the loop ends: a kiosk run by hand quits like any program
    assert app._finish() == (OPERATOR_QUIT if supervised else 0)


@POSIX
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_the_whole_group_ends_the_supervisor_and_its_kiosk(tmp_path, signum):
    """Ctrl+C in the terminal, a logout: the supervisor, the kiosk and its computer players all
    get the signal; the kiosk stops cleanly once, the supervisor starts none again."""
    watch, data = supervised(tmp_path, "bergruft", start_new_session=True)
    log = data / "supervisor.log"
    try:
        wait_for_start(log, 1, data, watch)
        os.killpg(watch.pid, signum)
        out, err = watch.communicate(timeout=HANG_S)
    finally:
        end(watch, log)
    assert watch.returncode == 0, err
    assert "Traceback" not in err, err
    text = log.read_text(encoding="utf-8")
    assert len(child_pids(log)) == 1 and "restart" not in text
    # as asked: cleanly (exit code 0), or by the signal itself if the new kiosk was still
    # starting when the stop came (nothing of its was under way yet)
    last = text.rstrip().splitlines()[-1]
    assert "the kiosk stopped as asked (" in last and last.endswith("); the supervisor ends")
    kiosk_log = (data / "speltafel.log").read_text(encoding="utf-8")
    assert "Traceback" not in kiosk_log, kiosk_log
