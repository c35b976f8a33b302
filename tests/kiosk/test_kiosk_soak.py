"""The kiosk soak test: attract mode runs through 20+ demo games at high speed under the dummy
driver, keeps cycling through the configured games, returns to the title at once on a tap and
keeps its memory flat.

Memory: RSS is read after every demo game, after a full collection and with freed heap handed
back (glibc's malloc_trim), so the figure is what is alive rather than what the allocator keeps
(without that it swings by +-40 MB from one game to the next). The first round of the rotation
(every game and variant once) warms the caches: board pictures, card faces, text images. The
test compares the highest figure of the round after it with the highest of the last round.
Measured on this machine: 161 MB after the first demo, 228 MB after the warm-up round, then
236 MB and 238 MB: +2 MB over 20 games. The bound of 40 MB is what a leak would break: one play
scene kept alive per demo holds at least one full-screen 1920x1080 surface (8 MB), 160 MB over
20 games, while the bounded caches (theme text images: 1024 lines) stay far below it.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import resource
import time
import weakref

from kiosk_support import FAST

from game.session import BUILT_GAMES

SPEED = 150.0  # game seconds per wall second, at most (bots still think in wall time)
DEMOS = 20
RSS_BOUND_MB = 40.0


def rss_mb() -> float:
    """The resident set size after a full collection, with freed heap handed back to the system
    where the C library allows it: what is alive, not what the allocator happens to keep."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak, Linux: KB


def test_attract_mode_soak(kiosk, capsys):
    app, drive = kiosk(FAST, speed=SPEED)  # every game with the default variants
    k = app.kiosk
    rotation = len(k.rotation.plan)
    total = rotation + DEMOS
    began = time.monotonic()
    assert drive.until(lambda: k.attract, 10.0)

    def completed() -> int:
        return k.demos_finished + k.demos_capped

    samples = []  # RSS after each demo game
    for n in range(1, total + 1):
        assert drive.until(lambda n=n: completed() >= n, 600.0, wall=600.0, bots=True), n
        samples.append(rss_mb())
    wall = time.monotonic() - began

    # it kept cycling through every configured game, never the same game twice in a row
    games = [demo.split("/")[0] for demo in k.recent_demos]
    assert set(games) == set(BUILT_GAMES)
    assert all(a != b for a, b in zip(games, games[1:], strict=False))
    assert k.mode == "attract" and app.running
    assert k.demos_finished >= DEMOS  # most demos end by the rules, not the kiosk's cap

    # a tap returns to the title at once, and the demo's bot process is gone
    drive.tap((960, 540), frames=0)
    assert drive.top == "title" and not k.attract
    drive.frames(2)
    assert [p for p in multiprocessing.active_children() if p.name == "bots"] == []

    # memory: the highest figure of the round after the warm-up against that of the last round
    start, end = max(samples[rotation : 2 * rotation]), max(samples[-rotation:])
    growth = end - start
    with capsys.disabled():
        print(
            f"\nkiosk soak: {completed()} demo games ({k.demos_finished} to the end, "
            f"{k.demos_capped} at the cap), game time {app.game_time:.0f} s, wall {wall:.1f} s; "
            f"RSS after the first demo {samples[0]:.0f} MB, after the warm-up round of "
            f"{rotation} {samples[rotation - 1]:.0f} MB, highest of the next round "
            f"{start:.0f} MB, highest of the last round {end:.0f} MB (growth {growth:+.1f} MB, "
            f"bound {RSS_BOUND_MB:.0f} MB); all: {' '.join(f'{v:.0f}' for v in samples)}"
        )
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
