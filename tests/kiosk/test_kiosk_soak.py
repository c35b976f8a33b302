"""The kiosk soak test: attract mode runs demo game after demo game at high speed under the dummy
driver, keeps cycling through the configured games, returns to the title at once on a tap and
keeps its memory flat, the computer players' worker processes counted too.

CI runs ``DEMOS`` demo games after the warm-up; ``python -m pytest tests/kiosk/test_kiosk_soak.py
--full -s`` runs ``FULL_GAME_S``, 8 hours of game time (about 230 demo games, a few minutes of
wall time at ``SPEED``).

Memory, per demo game: the main process's RSS after the game, read after a full collection and
with freed heap handed back (glibc's malloc_trim), so the figure is what is alive rather than
what the allocator keeps (without that it swings by +-40 MB from one game to the next); plus the
highest RSS its bot worker process reached while the game ran (one worker per game; it ends with
the game). The first round of the rotation (every game and variant once) warms the caches: board
pictures, card faces, text images. The test compares the median total of the window after it
(a window: one round of the rotation, four in the full run) with that of the last window and
allows ``RSS_BOUND_MB``; medians, because one demo in thirty reads up to 10 MB high and is back
down after the next. A leak breaks the bound at once: one play scene kept alive per demo holds
at least one full-screen 1920x1080 surface (8 MB).

At real speed (``--full``: ``REAL_SPEED_MINUTES``; or ``--real-speed-minutes M``; never in CI):
the kiosk as a station runs it, ``main.py --kiosk`` at speed 1 in a process of its own with the
real loop and its pacing, for at least 10 minutes. Its RSS and its bot workers' are read from
``/proc`` every ``SAMPLE_S`` as they are, with no collection forced and no heap trimmed: what
the station's memory really does. The figures are reported (start, peak, end), not asserted.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import time
import weakref
from pathlib import Path

import pytest
from kiosk_support import FAST

from game.persist.stats import STATS_FILE
from game.play.registry import IDS

SPEED = 150.0  # game seconds per wall second, at most (bots still think in wall time)
DEMOS = 20
FULL_GAME_S = 8 * 3600.0
RSS_BOUND_MB = 10.0


def rss_mb() -> float:
    """The resident set size after a full collection, with freed heap handed back to the system
    where the C library allows it: what is alive, not what the allocator happens to keep."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    own = process_rss_mb("self")
    if own is not None:
        return own
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak, Linux: KB


def process_rss_mb(pid: int | str) -> float | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def workers_rss_mb() -> float:
    """The RSS of the bot worker processes alive now."""
    children = [p for p in multiprocessing.active_children() if p.name == "bots"]
    return sum(process_rss_mb(p.pid) or 0.0 for p in children)


def test_attract_mode_soak(kiosk, capsys, request):
    full = request.config.getoption("--full")
    app, drive = kiosk(FAST, speed=SPEED)  # every game with the default variants
    k = app.kiosk
    rotation = len(k.rotation.plan)
    began = time.monotonic()
    assert drive.until(lambda: k.attract, 10.0)

    def completed() -> int:
        return k.demos_finished + k.demos_capped

    def more() -> bool:
        if full:
            return app.clock.now < FULL_GAME_S or completed() < 3 * rotation
        return completed() < rotation + DEMOS

    main, workers = [], []  # per demo game: RSS after it; its worker's highest RSS during it
    while more():
        n = completed() + 1
        peak = [0.0]

        def done(n=n, peak=peak) -> bool:
            peak[0] = max(peak[0], workers_rss_mb())
            return completed() >= n

        assert drive.until(done, 600.0, wall=600.0, bots=True), n
        main.append(rss_mb())
        workers.append(peak[0])
    wall = time.monotonic() - began

    # it kept cycling through every configured game, never the same game twice in a row
    games = [demo.split("/")[0] for demo in k.recent_demos]
    assert set(games) == set(IDS)
    assert all(a != b for a, b in zip(games, games[1:], strict=False))
    assert k.mode == "attract" and app.running
    assert k.demos_finished >= 0.8 * len(main)  # most demos end by the rules, not the cap

    # a tap returns to the title at once, and the demo's bot process is gone
    drive.tap((960, 540), frames=0)
    assert drive.top == "title" and not k.attract
    drive.frames(2)
    assert [p for p in multiprocessing.active_children() if p.name == "bots"] == []

    # memory: the window after the warm-up round against the last window
    totals = [m + w for m, w in zip(main, workers, strict=True)]
    size = rotation * (4 if full else 1)
    first, last = slice(rotation, rotation + size), slice(-size, None)
    start, end = statistics.median(totals[first]), statistics.median(totals[last])
    growth = end - start

    def window(part: slice) -> str:
        main_mb, worker_mb = statistics.median(main[part]), max(workers[part])
        median, top = statistics.median(totals[part]), max(totals[part])
        parts = f"main {main_mb:.1f} + worker <= {worker_mb:.1f}"
        return f"median {median:.1f} MB ({parts}), top {top:.1f}"

    with capsys.disabled():
        print(
            f"\nkiosk soak: {completed()} demo games ({k.demos_finished} to the end, "
            f"{k.demos_capped} at the cap), game time {app.clock.now:.0f} s "
            f"({app.clock.now / 3600:.2f} h), wall {wall:.1f} s; RSS main + bot worker: after "
            f"the first demo {totals[0]:.0f} MB; the {size} demos after the warm-up round of "
            f"{rotation}: {window(first)}; the last {size}: {window(last)}; growth "
            f"{growth:+.1f} MB, bound {RSS_BOUND_MB:.0f} MB; main after each demo: "
            f"{' '.join(f'{v:.0f}' for v in main)}; workers: "
            f"{' '.join(f'{v:.0f}' for v in workers)}"
        )
    assert min(workers) > 0  # every demo's worker was seen
    assert growth < RSS_BOUND_MB


def test_a_finished_demo_frees_its_scene_and_its_bot_process_at_once(kiosk):
    app, drive = kiosk('attract_after_s = 5\ngames = ["kaphoorn"]\n', speed=SPEED)
    app.kiosk.start_attract()
    assert drive.until(lambda: drive.top == "kaphoorn", 10.0)
    scene = weakref.ref(app.scenes.top)
    (worker,) = {id(r.worker): r.worker for r in app.scenes.top.runners.values()}.values()
    assert drive.until(lambda: drive.top == "results", 600.0, wall=600.0, bots=True)
    drive.frames(1)
    assert scene() is None  # freed by the kiosk, not left to Python's occasional full collection
    assert not worker.alive


# ---- at real speed ------------------------------------------------------------------------------
REAL_SPEED_MINUTES = 10.0  # the --full run; the figures need at least this long
SAMPLE_S = 5.0  # wall seconds between two readings of the RSS
HANG_S = 600.0  # only a hung kiosk overruns its time by this much: a guard, never a measurement
ROOT = Path(__file__).resolve().parents[2]
# Demo games start after 5 s and run at speed 1 (demo_speed's default); the PIN is set so that
# no random one is made and printed.
REAL_SPEED_CONFIG = 'attract_after_s = 5\nadmin_pin = "80517396"\n'


def real_speed_minutes(config: pytest.Config) -> float | None:
    minutes = config.getoption("--real-speed-minutes")
    if minutes is None and config.getoption("--full"):
        return REAL_SPEED_MINUTES
    return minutes


def status_kb(pid: int, field: str) -> int | None:
    """A ``/proc/PID/status`` field in KB (VmRSS: resident now; VmHWM: its peak so far)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def bot_workers(parent: int) -> list[int]:
    """The pids of ``parent``'s bot workers: its children that multiprocessing spawned (not its
    resource tracker)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                spawned = b"spawn_main" in fh.read()
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if ppid == parent and spawned:
            found.append(int(entry))
    return found


class Memory:
    """The readings of one kiosk process and its workers, in MB, as they are."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.main: list[tuple[float, float]] = []  # (wall seconds, RSS)
        self.workers: list[float] = []  # the workers' RSS together, per reading
        self.worker_peaks: dict[int, float] = {}  # each worker's own high-water mark
        self.main_peak = 0.0  # the kernel's high-water mark, between readings too
        self.first_demo: int | None = None  # the first reading once a demo game had begun

    def read(self, at: float, demo_began: bool) -> None:
        rss, hwm = status_kb(self.pid, "VmRSS"), status_kb(self.pid, "VmHWM")
        if rss is None or hwm is None:
            return  # it has just ended
        if demo_began and self.first_demo is None:
            self.first_demo = len(self.main)
        self.main.append((at, rss / 1024))
        self.main_peak = max(self.main_peak, hwm / 1024)
        together = 0.0
        for worker in bot_workers(self.pid):
            now, top = status_kb(worker, "VmRSS"), status_kb(worker, "VmHWM")
            together += (now or 0) / 1024
            if top is not None:
                self.worker_peaks[worker] = max(self.worker_peaks.get(worker, 0.0), top / 1024)
        self.workers.append(together)

    def report(self) -> str:
        """Start: the kiosk up and its first demo game begun (not the process just started)."""
        up = self.main[self.first_demo or 0 :]
        (_, start), (_, end) = up[0], up[-1]
        read_peak = max(rss for _, rss in up)
        minute = [f"{rss:.0f}" for _, rss in up[:: round(60 / SAMPLE_S)]]  # about each minute
        peaks = self.worker_peaks.values()
        return (
            f"main RSS start {start:.1f} MB, peak {read_peak:.1f} (read; the kernel's high-water "
            f"mark, start-up included: {self.main_peak:.1f}), end {end:.1f}, "
            f"end - start {end - start:+.1f}; workers together: peak {max(self.workers):.1f} MB, "
            f"at the end {self.workers[-1]:.1f}; {len(peaks)} workers, each at most "
            f"{max(peaks, default=0.0):.1f} MB; main each minute from the start: {' '.join(minute)}"
        )


def demo_counts(data: Path) -> dict[str, int]:
    """The demo games of a run by status, from its statistics (none yet: empty)."""
    if not (data / STATS_FILE).exists():
        return {}
    db = sqlite3.connect(data / STATS_FILE, timeout=10)
    try:
        rows = db.execute("SELECT status, COUNT(*) FROM games WHERE attract = 1 GROUP BY status")
        return dict(rows.fetchall())
    except sqlite3.OperationalError:
        return {}  # the table is still being made
    finally:
        db.close()


def test_attract_mode_at_real_speed_reports_its_memory_as_it_is(tmp_path, capsys, request):
    minutes = real_speed_minutes(request.config)
    if minutes is None:
        pytest.skip("the real-speed soak runs with --full or --real-speed-minutes")
    if not os.path.exists("/proc/self/status"):
        pytest.skip("the RSS is read from /proc (Linux)")
    seconds = minutes * 60
    config, data = tmp_path / "event.toml", tmp_path / "data"
    config.write_text(REAL_SPEED_CONFIG, encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with open(tmp_path / "stderr.txt", "w+", encoding="utf-8") as err:
        child = subprocess.Popen(
            [sys.executable, "main.py", "--kiosk", "--kiosk-config", str(config), "--size",
             "1920x1080", "--speed", "1", "--quit-after", str(seconds), "--data-dir", str(data)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
        memory, began = Memory(child.pid), time.monotonic()
        try:
            while child.poll() is None and time.monotonic() - began < seconds + HANG_S:
                began_demo = memory.first_demo is not None or bool(demo_counts(data))
                memory.read(time.monotonic() - began, began_demo)
                try:
                    child.wait(SAMPLE_S)  # the next reading, unless it ends first
                except subprocess.TimeoutExpired:
                    pass
        finally:
            child.kill()  # only if it did not stop
            child.wait()
        wall = time.monotonic() - began
        err.seek(0)
        errors = err.read()
    assert child.returncode == 0, errors  # --quit-after ended it, as a station's admin would
    counts = demo_counts(data)
    with capsys.disabled():
        print(
            f"\nkiosk soak at real speed: {minutes:g} min of game time (speed 1, demo_speed 1), "
            f"wall {wall:.0f} s, {sum(counts.values())} demo games ({counts}); "
            f"{len(memory.main)} readings every {SAMPLE_S:g} s, no collection forced: "
            f"{memory.report()}"
        )
    assert sum(counts.values()) >= 1  # attract mode ran: demo games began
