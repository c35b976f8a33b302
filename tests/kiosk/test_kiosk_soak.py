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
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import resource
import statistics
import time
import weakref

from kiosk_support import FAST

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
