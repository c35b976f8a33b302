"""Ctrl+C in the terminal and a SIGTERM to the whole process group (a logout, systemd's
control-group kill) reach the computer players' worker process too: the game still stops
cleanly, with exit code 0 and no traceback, and leaves no worker behind; a worker whose game was
killed outright goes away by itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

# Only a hung process takes this long: a guard against hanging CI, never a timing assertion.
HANG_S = 600.0

ROOT = Path(__file__).resolve().parents[2]
THOUGHT_S = 3  # processor seconds: the worker has searched a move or two, past its start
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals, /proc")


def start_game(tmp_path: Path) -> subprocess.Popen[str]:
    """Two hard computer players (2 s of search a move) in a process group of their own, as a
    terminal or a login session starts a program."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen(
        [sys.executable, "main.py", "--game", "nanuuk", "--players", "ai:hard,ai:hard",
         "--size", "1280x720", "--speed", "20", "--data-dir", str(tmp_path / "data")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, parent, ...)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def exists(pid: int) -> bool:
    fields = stat(pid)
    return fields is not None and fields[0] != "Z"  # a zombie has ended (its reaper is slow)


def bot_worker(parent: int) -> int | None:
    """The game's bot worker (a multiprocessing "spawn" child; not its resource tracker)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = stat(int(entry.name))
        if fields is None or fields[1] != str(parent):
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command:
            return int(entry.name)
    return None


def wait_for(done: Callable[[], bool], alive: Callable[[], bool]) -> bool:
    """Poll ``done`` while ``alive`` holds (a hang guard, not a time limit)."""
    deadline = time.monotonic() + HANG_S
    while not done():
        if not alive() or time.monotonic() > deadline:
            return done()
        time.sleep(0.02)
    return True


def thinking_worker(game: subprocess.Popen[str]) -> int:
    """The worker's pid once it is searching a move: running, with more processor time used
    than its start takes (importing costs a fraction of a second; a hard move's search 2 s)."""
    found: list[int] = []
    started = THOUGHT_S * os.sysconf("SC_CLK_TCK")

    def busy() -> bool:
        pid = bot_worker(game.pid)
        fields = stat(pid) if pid is not None else None
        if fields is not None and fields[0] == "R" and int(fields[11]) + int(fields[12]) > started:
            found.append(pid)  # type: ignore[arg-type]
            return True
        return False

    if not wait_for(busy, lambda: game.poll() is None):
        game.kill()
        raise AssertionError(f"no bot worker came up: {game.communicate()[1]}")
    return found[0]


@LINUX
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_the_whole_group_stops_the_game_cleanly(tmp_path, signum):
    game = start_game(tmp_path)
    try:
        worker = thinking_worker(game)
        os.killpg(game.pid, signum)  # the worker gets it too, in the middle of its search
        out, err = game.communicate(timeout=HANG_S)
    finally:
        game.kill()  # only if it did not stop
        game.wait()
    assert game.returncode == 0, err
    assert "Traceback" not in err, err
    log = (tmp_path / "data" / "speltafel.log").read_text(encoding="utf-8")
    assert "Traceback" not in log and "ERROR" not in log, log
    assert f"stop requested by the operating system ({signal.Signals(signum).name})" in log
    assert wait_for(lambda: not exists(worker), lambda: True), "the worker was left behind"


@LINUX
def test_a_worker_whose_game_was_killed_goes_away(tmp_path):
    """The worker ignores SIGINT and SIGTERM (the game stops it); a game killed outright
    (kill -9, the out-of-memory killer) cannot, and its worker ends once it sees the pipe close
    (after the move it is searching, at the latest)."""
    game = start_game(tmp_path)
    worker = thinking_worker(game)
    game.kill()
    game.communicate(timeout=HANG_S)
    gone = wait_for(lambda: not exists(worker), lambda: True)
    if not gone:
        os.kill(worker, signal.SIGKILL)
    assert gone, "an orphaned worker stayed"


# A program that leaves a worker it used unclosed (which the game never does).
LEFTOVER = """
from functools import partial
from game.play.bots import BotRunner, BotWorker, make_bot
from game.play.registry import rules_for
rules = rules_for("bergruft")
state = rules.new_game(rules.variants()[0].id, 2, seed=4)
runner = BotRunner(partial(make_bot, "bergruft", "easy"), 0.1, BotWorker())
runner.start(state.view(state.current_player), 1)
assert runner.wait(600)
print(runner.poll() in state.legal_actions(), runner.worker.pid, flush=True)
"""


@LINUX
def test_a_worker_left_unclosed_does_not_hold_up_the_programs_exit():
    """multiprocessing ends daemon processes at exit with SIGTERM, which the worker ignores,
    and then waits for them: the worker is killed before that."""
    program = subprocess.run(
        [sys.executable, "-c", LEFTOVER], cwd=ROOT, capture_output=True, text=True,
        timeout=HANG_S,
    )  # fmt: skip
    assert program.returncode == 0, program.stderr
    answered, worker = program.stdout.split()
    assert answered == "True"
    assert wait_for(lambda: not exists(int(worker)), lambda: True)


# A fresh program that starts one process the way the bot worker is started, and has it write
# down the signals blocked as it begins (before anything of its own could change them).
PROBE = """
import signal, sys
from game.play.bots import _start_shielded

def report(path):
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    open(path, "w").write(" ".join(sorted(s.name for s in blocked)))

if __name__ == "__main__":
    import multiprocessing
    process = multiprocessing.get_context("spawn").Process(target=report, args=(sys.argv[1],))
    _start_shielded(process)
    process.join()
"""


@LINUX
def test_the_first_worker_of_a_run_starts_with_the_stop_signals_held(tmp_path):
    """The first process of a run also starts multiprocessing's resource tracker, which lifts
    a block of SIGINT and SIGTERM on the way: the worker must still begin with them held."""
    probe, said = tmp_path / "probe.py", tmp_path / "said"
    probe.write_text(PROBE, encoding="utf-8")
    done = subprocess.run([sys.executable, str(probe), str(said)], cwd=ROOT, timeout=HANG_S,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert set(said.read_text().split()) >= {"SIGINT", "SIGTERM"}
