"""The performance benchmark: ``python -m game.tools.bench --json``.

Reports, at 1920x1080 under whatever SDL video driver is set (the dummy one on CI):
- the share of one core the real loop takes while a menu stands idle (title, picker, set-up,
  settings, replays, rules pages), at 1920x1080 and in a 1280x720 window (``idle_cpu_percent``;
  target <= 10 %);
- frame time median and 99th percentile (update + draw + flip, not the frame-cap wait) at
  speed 1 (one logic step per frame, as players see the game) for the title scene, for the
  Der Berg ruft scene while pieces animate, for the Nanuuk! scene while hunters slide and cracks
  spread, and for the Kap Hoorn scene (4 AIs) while a ship sails or a wind card flies;
- time from process start to the first frame (a fresh interpreter running the game);
- per scene (title, Kap Hoorn's rules pages, each game with 4 Easy bots), the longest single
  frame from its first frame on, that one included, over ``FIRST_S`` seconds, each in a fresh
  interpreter (``first_frames``; target: none over 50 ms);
- per game, the seconds a real kiosk in a demo of that game takes to exit after SIGTERM, sent
  1.5 s after the demo began, and its exit code (``kiosk_stop_s``; target: well under 2 s);
- peak RSS in MB of this process, which draws every scene (``peak_rss_mb``), and apart from it
  that of the bot worker process in which two Hard bots play Nanuuk!, by the end of the frames
  measured while they think (``hard_thinking.worker_peak_rss_mb``);
- random playouts per second through the rules protocol, and actions applied per second, for
  Der Berg ruft (2-4 players), Nanuuk! (full 4-player game, 2-player introduction) and
  Kap Hoorn (4 players, a 40-round limit): each a fixed seeded workload timed in process CPU
  time, the median of three runs;
- mean and max AI decision time per game and level, each level with its own budget, and the
  frame time while a Hard bot thinks (two Hard bots playing Nanuuk!; the search runs in the bot
  worker process), see ``game.tools.bench_ai``;
- a phone's action to the TV's changed state, the frames with 5 phones connected against none,
  and the phone server's CPU while everyone waits (``phones``), see ``game.tools.bench_phones``.

It reports; it does not assert (tests assert behaviour, never a time). Targets: frame p99
<= 8 ms, first frame <= 1.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.play.plugin import Playouts
from game.tools.bench_ai import bench_decisions
from game.tools.bench_phones import phone_figures

LAUNCH = "import sys; from game.cli import main; sys.exit(main())"  # main.py, from any folder
FIRST_FRAME_ENV = "SPELTAFEL_REPORT_FIRST_FRAME"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def _summary(seconds: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    return {
        "frames": len(ms),
        "median_ms": round(statistics.median(ms), 3),
        "p99_ms": round(_percentile(ms, 99), 3),
        "max_ms": round(max(ms), 3),
    }


def _app(data_dir: str, game: Any = None) -> Any:
    from game.app import App, Options

    # raise_errors: a broken scene must fail the bench, not fall back to the title
    app = App(Options(game=game, size=(1920, 1080), data_dir=Path(data_dir), raise_errors=True))
    app.start()
    return app


WARM_UP = 30  # frames before any is measured: they fill the caches (fonts, backdrop, boards)


def bench_title(frames: int, data_dir: str) -> dict[str, float]:
    from game.app import STEP

    app = _app(data_dir)
    for _ in range(WARM_UP):
        app.frame(STEP)
    app.frame_times = []
    for _ in range(frames):
        app.frame(STEP)
    return _summary(app.frame_times)


def frames_while(
    app: Any, config: Any, frames: int, counting: Callable[[Any], bool], limit: int
) -> dict[str, float]:
    """Frame times of ``app`` playing ``config`` at speed 1 (one logic step per frame, as a
    player sees it), counting a frame when ``counting(game screen)`` holds before or after it,
    until ``frames`` are counted or ``limit`` frames have run, after ``WARM_UP`` frames that fill
    the caches (fonts, board layers). A finished game is followed by another (the next seed)."""
    from game.app import STEP

    def holds() -> bool:
        scene = app.scenes.top
        return scene is not None and scene.name == config.game and counting(scene)

    app.options.speed = 1.0
    for _ in range(WARM_UP):
        app.frame(STEP)
    times: list[float] = []
    for _ in range(limit):
        before = holds()
        app.frame_times = []
        app.frame(STEP)
        if before or holds():
            times.extend(app.frame_times)
        if len(times) >= frames:
            break
        if app.scenes.top is None or app.scenes.top.name != config.game:
            open_scene(app.scenes, config.game, config=config.with_seed(config.seed + 1))
    return _summary(times) if times else {"frames": 0}


def open_scene(scenes: Any, name: str, **data: Any) -> None:
    """Open (alone) the menu called ``name`` ("setup"; a plugin's ``Bench`` names them so), or
    the table of the game of that id, with ``data``."""
    from game.menus.picker import PickerScene
    from game.menus.rules_help import RulesHelpScene
    from game.menus.saves_list import LibraryScene
    from game.menus.settings import SettingsScene
    from game.menus.setup import SetupScene
    from game.menus.title import TitleScene
    from game.play.registry import IDS, plugin

    menus = (TitleScene, PickerScene, SettingsScene, LibraryScene, SetupScene, RulesHelpScene)
    found = plugin(name).scene() if name in IDS else {m.name: m for m in menus}[name]
    scenes.reset(found, **data)


def _easy_game(game: str) -> Any:
    """The game of Easy bots the bench watches: the variant and seats its plugin names."""
    from game.play.config import GameConfig, Seat
    from game.play.registry import plugin

    bench = plugin(game).bench
    names = ("Anna", "Ben", "Clara", "David", "Emil", "Frida")[: bench.scene_players]
    colours = ("red", "blue", "yellow", "green", "purple", "white")
    seats = tuple(Seat(n, "easy", c) for n, c in zip(names, colours, strict=False))
    return GameConfig(game, bench.scene_variant, seats, seed=11)


def bench_scene(game: str, frames: int, data_dir: str) -> dict[str, float]:
    """Frames of a game of easy bots (as many as the plugin's bench says), counted only while
    something moves (the scene's animations: Der Berg ruft's figures or flags, Nanuuk!'s
    pieces or cracks, Kap Hoorn's ships or flying cards)."""
    config = _easy_game(game)
    return frames_while(_app(data_dir, config), config, frames, _moving, limit=frames * 40)


def _moving(scene: Any) -> bool:
    return bool(getattr(scene, "busy", False))


IDLE_SCENES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("title", {}), ("picker", {}), ("settings", {}), ("library", {"tab": "replays"}),
)  # fmt: skip
# and the screens each game's plugin names (``Bench.idle_menus``), as "<scene>:<game>"


def idle_scenes() -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """(figure's name, scene, its data): the shared menus, then those the games' plugins name."""
    from game.play.registry import games

    return (*((name, name, data) for name, data in IDLE_SCENES),
            *((f"{menu}:{g.id}", menu, {"game": g.id}) for g in games()
              for menu in g.bench.idle_menus))  # fmt: skip


IDLE_SIZES = ((1920, 1080), (1280, 720))


def bench_idle(data_dir: str, seconds: float = 6.0) -> dict[str, dict[str, float]]:
    """Per window size and menu: the share of one core (in %) the real loop (``App.run``,
    paced by game.engine.pacing) takes while nobody touches anything, measured as process CPU
    time over ``seconds`` of wall time, once the loop has gone idle."""
    return {
        f"{w}x{h}": {name: _idle_share(data_dir, (w, h), scene, data, seconds)
                     for name, scene, data in idle_scenes()}  # fmt: skip
        for w, h in IDLE_SIZES
    }


def _idle_share(data_dir: str, size: tuple[int, int], scene: str, data: dict[str, Any],
                seconds: float) -> float:  # fmt: skip
    import threading

    from game.app import App, Options
    from game.engine.pacing import ACTIVE_S

    class Opened(App):  # the real loop, on another scene than the title
        def start(self) -> None:
            super().start()
            open_scene(self.scenes, scene, **data)

    app = Opened(Options(size=size, data_dir=Path(data_dir), fullscreen=False))
    marks: dict[str, float] = {}

    def watch() -> None:
        time.sleep(ACTIVE_S + 2.0)  # start-up, then the last input's seconds of full pace
        marks["cpu0"], marks["t0"] = time.process_time(), time.perf_counter()
        time.sleep(seconds)
        marks["cpu1"], marks["t1"] = time.process_time(), time.perf_counter()
        app.stop.request("bench")

    threading.Thread(target=watch, daemon=True).start()
    app.run()
    return round(100 * (marks["cpu1"] - marks["cpu0"]) / (marks["t1"] - marks["t0"]), 1)


def bench_first_frame(data_dir: str) -> float:
    """Seconds from launching the game (what ``main.py`` and ``speltafel`` run) in a fresh
    interpreter until its first frame is on screen."""
    env = dict(os.environ, **{FIRST_FRAME_ENV: "1"})
    started = time.time()
    out = subprocess.run(
        [sys.executable, "-c", LAUNCH, "--quit-after", "0.2", "--data-dir", data_dir],
        capture_output=True,
        text=True,
        env=env,
        cwd=data_dir,
        timeout=120,
        check=True,
    )
    for line in out.stdout.splitlines():
        if line.startswith("first-frame "):
            return round(float(line.split()[1]) - started, 3)
    raise RuntimeError(f"the game did not report its first frame: {out.stderr[-500:]}")


# ---- the first frames of each scene, and a stop in a demo's first seconds (issue 27, item 9) --
FIRST_SCENES = ("title",)  # then every game's table, and the screens its plugin names
FIRST_S = 6.0  # seconds of frames measured from a scene's first frame on
SLOW_MS = 50.0  # the target: no frame longer than this, the very first included
CHILD = "import json, sys; from game.tools.bench import first_frames_here as f; " \
    "print('first-frames ' + json.dumps(f(sys.argv[1], sys.argv[2])))"


def bench_first_frames(data_dir: str) -> dict[str, dict[str, float]]:
    """Per scene, the longest single frame from its first frame on (that one included), each
    scene in a fresh interpreter: its caches are as cold as a visitor meets them."""
    found = {}
    for scene in first_scenes():
        out = subprocess.run([sys.executable, "-c", CHILD, scene, data_dir], capture_output=True,
                             text=True, cwd=data_dir, timeout=600, check=True)  # fmt: skip
        line = next(s for s in out.stdout.splitlines() if s.startswith("first-frames "))
        found[scene] = json.loads(line.split(" ", 1)[1])
    return found


def first_scenes() -> tuple[str, ...]:
    """What ``bench_first_frames`` times: the title, each game's table (its id) and the shared
    screens each game's plugin names (``Bench.first_menus``), as "<scene>:<game>"."""
    from game.play.registry import games

    return (*FIRST_SCENES, *(g.id for g in games()),
            *(f"{menu}:{g.id}" for g in games() for menu in g.bench.first_menus))  # fmt: skip


def first_frames_here(scene: str, data_dir: str, seconds: float = FIRST_S) -> dict[str, float]:
    """In this process: the title's first frame, then ``scene``'s (a game: its Easy bots, as a
    demo plays it; ``"rules_help:kaphoorn"``: that menu on that game) and those that follow it
    for ``FIRST_S`` seconds, at speed 1. The longest in wall time (``longest_ms``, at
    ``longest_at``) and in the loop thread's own CPU time (``longest_cpu_ms``: the same on a
    busy machine), the first, the number over ``SLOW_MS``."""
    from game.app import STEP
    from game.play.registry import IDS

    app = _app(data_dir)
    if scene in IDS:
        config = _easy_game(scene)
        open_scene(app.scenes, scene, config=config)
    elif scene != "title":
        menu, _, game = scene.partition(":")
        open_scene(app.scenes, menu, **({"game": game} if game else {}))
    wall: list[float] = []
    cpu: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        began, used = time.perf_counter(), time.thread_time()
        app.frame(STEP)
        wall.append(time.perf_counter() - began)
        cpu.append(time.thread_time() - used)
    at = max(range(len(wall)), key=wall.__getitem__)
    return {
        "frames": len(wall),
        "first_ms": round(wall[0] * 1000, 1),
        "longest_ms": round(wall[at] * 1000, 1),
        "longest_at": at,
        "longest_cpu_ms": round(max(cpu) * 1000, 1),
        "over_50ms": sum(w * 1000 > SLOW_MS for w in wall),
    }


STOP_AFTER_S = 1.5  # how long after a demo began the kiosk is stopped


def bench_kiosk_stop(data_dir: str) -> dict[str, dict[str, float]]:
    """Per game: a real kiosk in attract mode on that game alone, sent SIGTERM ``STOP_AFTER_S``
    seconds after its demo began; the seconds until it has exited, and its exit code."""
    from game.play.registry import IDS

    return {game: _kiosk_stop(Path(data_dir) / f"stop-{game}", game) for game in IDS}


def _kiosk_stop(data: Path, game: str) -> dict[str, float]:
    import signal

    data.mkdir(parents=True, exist_ok=True)
    (data / "kiosk.toml").write_text(f'attract_after_s = 5\ngames = ["{game}"]\n', "utf-8")
    child = subprocess.Popen([sys.executable, "-c", LAUNCH, "--kiosk", "--size", "1280x720",
                              "--data-dir", str(data)], cwd=data,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not _demo_began(data) and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(STOP_AFTER_S)
        sent = time.perf_counter()
        child.send_signal(signal.SIGTERM)
        code = child.wait(timeout=120)
        return {"stop_s": round(time.perf_counter() - sent, 3), "exit_code": code}
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def _demo_began(data: Path) -> bool:
    import sqlite3

    from game.persist.stats import STATS_FILE

    if not (data / STATS_FILE).exists():
        return False
    db = sqlite3.connect(data / STATS_FILE, timeout=10)
    try:
        return bool(db.execute("SELECT 1 FROM games WHERE attract = 1").fetchone())
    except sqlite3.OperationalError:
        return False  # the table is still being made
    finally:
        db.close()


def first_figures() -> dict[str, Any]:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        return {
            "first_frames": bench_first_frames(data_dir),
            "kiosk_stop_s": bench_kiosk_stop(data_dir),
        }


def playouts(new_game: Callable[[random.Random], Any], games: int, seed: int) -> dict[str, float]:
    """Random playouts through the rules protocol on one core: ``games`` games made by
    ``new_game(rng)`` and played to the end by uniformly random legal actions.

    A fixed workload (the same seeded games each time) timed in process CPU time, the median of
    ``REPEATS`` runs: on a shared machine wall time mostly measures the neighbours.
    """
    runs = []
    for _ in range(REPEATS):
        rng = random.Random(seed)
        actions = 0
        started = time.process_time()
        for _ in range(games):
            state = new_game(rng)
            while not state.is_over():
                state = state.apply(rng.choice(state.legal_actions()))
                actions += 1
        runs.append((time.process_time() - started, actions))
    elapsed, actions = sorted(runs)[len(runs) // 2]
    return {
        "playouts_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "actions_per_game": round(actions / games, 1),
    }


REPEATS = 3


def bench_rules(game: str) -> dict[str, dict[str, float]]:
    """Each random-playout workload of ``game`` (its plugin's bench)."""
    from game.play.registry import plugin

    found = plugin(game)
    rules = found.rules

    def maker(work: Playouts) -> Callable[[random.Random], Any]:
        def new_game(rng: random.Random) -> Any:
            lo, hi = work.players
            players = rng.randint(lo, hi) if lo < hi else lo
            options = dict(work.options) or None
            return rules.new_game(work.variant, players, seed=rng.randrange(10**9), options=options)

        return new_game

    return {w.key: playouts(maker(w), w.games, w.seed) for w in found.bench.playouts}


def rules_figures() -> dict[str, Any]:
    from game.play.registry import IDS

    return {f"{game}_rules": bench_rules(game) for game in IDS}


def peak_rss_mb(pid: int | None = None) -> float | None:
    """The peak resident set size of a process (this one by default) in MB; None where the
    system does not say (another process's is read from Linux's /proc)."""
    if pid is None:
        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # Linux: KB
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def bench_hard_thinking(frames: int, data_dir: str) -> dict[str, Any]:
    """Frames of a game of two Hard bots (the first game's bench variant: Nanuuk!'s full
    game), counted only while one of them thinks, and the peak memory of the bot worker
    process they think in.

    Every answer of a bot takes at least one counted frame (it is asked in one frame and
    collected in a later one), so the count is reached however fast the machine is.

    Here, not in bench_ai, because it drives the bench's app (``_app``, ``frames_while``): one
    module importing the other, never both ways (docs/LAYERS.md)."""
    from game.play.config import GameConfig, Seat
    from game.play.registry import GAMES

    seats = (Seat("Anna", "hard", "red"), Seat("Ben", "hard", "blue"))
    game = GAMES[0]
    config = GameConfig(game.id, game.bench.scene_variant, seats, seed=21)
    app = _app(data_dir, config)
    workers: dict[int, Any] = {}

    def thinking(scene: Any) -> bool:
        runners = getattr(scene, "runners", {}).values()
        workers.update((id(r.worker), r.worker) for r in runners)
        return any(r.busy for r in runners)

    report: dict[str, Any] = frames_while(app, config, frames, thinking, limit=frames * 200)
    peaks = [peak_rss_mb(w.pid) for w in workers.values() if w.alive]
    report["worker_peak_rss_mb"] = max((p for p in peaks if p is not None), default=None)
    open_scene(app.scenes, "title")  # the game screen closes its bot worker
    app.scenes.apply_pending()
    return report


def ai_figures(frames: int, data_dir: str) -> dict[str, Any]:
    return {
        "hard_thinking": bench_hard_thinking(frames, data_dir),
        "ai_decisions": bench_decisions(),
    }


def screen_figures(frames: int, which: str) -> dict[str, Any]:
    """``idle``: the idle menus' CPU shares; ``frames``: the title's and scenes' frame times."""
    from game.play.registry import IDS

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        if which == "idle":
            return {"idle_cpu_percent": bench_idle(data_dir)}
        return {
            "title": bench_title(frames, data_dir),
            **{f"{game}_animating": bench_scene(game, frames, data_dir) for game in IDS},
        }


def run(frames: int) -> dict[str, Any]:
    from game.play.registry import IDS

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        report: dict[str, Any] = {
            "resolution": "1920x1080",
            "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
            "first_frame_s": bench_first_frame(data_dir),
            "title": bench_title(frames, data_dir),
            "idle_cpu_percent": bench_idle(data_dir),
            **{f"{game}_animating": bench_scene(game, frames, data_dir) for game in IDS},
            "first_frames": bench_first_frames(data_dir),
            "kiosk_stop_s": bench_kiosk_stop(data_dir),
            **ai_figures(frames, data_dir),
            **rules_figures(),
            **phone_figures(),
        }
    # this process only: the bot workers are other processes (see hard_thinking's own figure)
    report["peak_rss_mb"] = peak_rss_mb()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=600, help="frames measured per scene")
    parser.add_argument(
        "--only",
        choices=("rules", "ai", "idle", "frames", "first", "phones"),
        help="only the rules figures (no window, no AI), the AI figures, the idle menus' CPU "
        "share, the scenes' frame times, the first frames' and the kiosk stop's figures, or "
        "the phones' (game.tools.bench_phones)",
    )
    args = parser.parse_args(argv)
    report: dict[str, Any]
    if args.only == "ai":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        with tempfile.TemporaryDirectory() as data_dir:
            report = ai_figures(args.frames, data_dir)
    elif args.only == "rules":
        report = rules_figures()
    elif args.only == "first":
        report = first_figures()
    elif args.only == "phones":
        report = phone_figures()
    elif args.only in ("idle", "frames"):
        report = screen_figures(args.frames, args.only)
    else:
        report = run(args.frames)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
