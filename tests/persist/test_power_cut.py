"""Nothing is lost when the power goes: a child process that writes the settings, a save, a
replay and statistics rows in a loop is killed with SIGKILL at random moments, 200 times. After
each kill every file is the version before or after the write that was cut off, and every
statistics row is whole or absent. (A SIGKILL leaves the page cache to the kernel; that the data
also reaches the disk is what the fsync before each rename and SQLite's ``synchronous = FULL``
are for, checked by ``test_every_write_is_flushed_to_the_disk_before_the_rename``.)
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from game.persist import paths
from game.persist.settings import load_settings, save_settings
from game.persist.stats import STATS_FILE
from game.play import saves

sys.path.insert(0, str(Path(__file__).parent))
import power_cut_writer as writer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KILLS = 200
KILLS_FOR_LEFTOVERS = 12


def run_until_killed(folder: Path, first: int, rng: random.Random) -> int:
    """Start the writer at step ``first``, kill it at a random moment once it writes; the last
    step it reported whole."""
    # unbuffered: readline takes one line and no more, so communicate (which reads the pipe
    # itself) sees every number printed after it
    child = subprocess.Popen(
        [sys.executable, str(Path(writer.__file__)), str(folder), str(first)],
        cwd=ROOT, stdout=subprocess.PIPE, bufsize=0,
    )  # fmt: skip
    assert child.stdout is not None
    started = child.stdout.readline()  # it is in its loop now
    assert started.strip(), "the writer did not start"
    time.sleep(rng.uniform(0.0, 0.04))
    child.kill()
    rest, _ = child.communicate(timeout=60)
    assert child.returncode == -9
    return int((started + rest).split()[-1])


def check_files(folder: Path, done: int) -> None:
    settings, problem = load_settings(folder)
    assert problem is None
    assert settings in (writer.expected_settings(done), writer.expected_settings(done + 1))
    for kind, name in (("save", writer.SAVE), ("replay", writer.REPLAY)):
        record = saves.load(folder / name)  # a save's position, a replay's moves and end
        versions = [writer.expected_record(kind, n) for n in (done, done + 1)]
        assert (record.moves, record.final) in [(v.moves, v.final) for v in versions], (kind, done)
    assert [r.path.name for r in saves.list_saves(folder).records] == ["kill-test.json"]
    assert not list(folder.rglob("*.bad"))


def check_statistics(folder: Path, done: int) -> None:
    db = sqlite3.connect(folder / STATS_FILE)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT seats, status, ended_at, winners FROM games").fetchall()
    finally:
        db.close()
    finished = set()
    for seats, status, ended_at, winners in rows:
        human, tag = json.loads(seats)
        n = int(tag.removeprefix("n"))
        assert human == "human" and n <= done + 1
        if status == "finished":
            assert ended_at is not None and json.loads(winners) == [tag]
            finished.add(n)
        else:
            assert (status, ended_at, winners) == ("started", None, None)
    assert finished >= set(range(done + 1))  # every step reported whole is in the database


def test_files_and_statistics_survive_a_kill_at_any_moment(tmp_path):
    rng = random.Random(19)
    done = -1
    for _ in range(KILLS):
        done = run_until_killed(tmp_path, done + 1, rng)
        check_files(tmp_path, done)
        check_statistics(tmp_path, done)


def test_the_next_start_removes_what_the_kills_left_half_written(tmp_path):
    """A kill between making a temporary file and its rename leaves it (some 4 kills in 10);
    the next start removes every one (``game.app.App`` calls ``remove_leftovers``)."""
    rng, done = random.Random(27), -1
    for _ in range(KILLS_FOR_LEFTOVERS):
        done = run_until_killed(tmp_path, done + 1, rng)
    paths.remove_leftovers(tmp_path)
    assert list(tmp_path.rglob("*.tmp")) == []
    check_files(tmp_path, done)  # and nothing whole went with them


def test_every_write_is_flushed_to_the_disk_before_the_rename(tmp_path, monkeypatch):
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    def replace(src, dst) -> None:
        calls.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(paths.os, "fsync", fsync)
    monkeypatch.setattr(paths.os, "replace", replace)
    save_settings(tmp_path, writer.expected_settings(3))
    saves.write(writer.expected_record("replay", 4), tmp_path / "replays" / "r.json")
    # the data before the name, the folder's entry after it
    assert calls == ["fsync", "rename", "fsync"] * 2


def test_the_statistics_sync_a_rollback_journal_at_every_commit(tmp_path):
    """Pinned, not left to how SQLite was built; a file left in WAL mode is switched back."""
    from game.persist.stats import Stats

    Stats.open(tmp_path)[0].close()
    other = sqlite3.connect(tmp_path / STATS_FILE)
    assert other.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"  # kept in the file
    other.close()
    stats, _ = Stats.open(tmp_path)
    try:
        db = stats._db
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        stats.close()
