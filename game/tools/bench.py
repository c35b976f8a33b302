"""The performance benchmark: ``python -m game.tools.bench --json``.

Reports, at 1920x1080 under whatever SDL video driver is set (the dummy one on CI):
- frame time median and 99th percentile (update + draw + flip, not the frame-cap wait) for the
  title scene, for the Der Berg ruft scene while pieces animate, for the Nanuuk! scene while
  hunters slide and cracks spread, and for the Kap Hoorn scene (4 AIs) while a ship sails or a
  wind card flies;
- time from process start to the first frame (a fresh interpreter running the game);
- peak RSS of this process in MB;
- Der Berg ruft random playouts per second through the rules protocol;
- Nanuuk! random playouts per second (full 4-player game, 2-player introduction) and actions/s;
- Kap Hoorn random playouts per second (4 players, a 40-round limit) and actions/s;
- mean and max AI decision time per game and level, each level with its own budget, and the
  frame time while a Hard bot thinks (two Hard bots playing Nanuuk!; the search runs in the bot
  worker process), see ``game.tools.bench_ai``.

It reports; it does not assert. Targets: frame p99 <= 8 ms, first frame <= 1.5 s.
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
from pathlib import Path
from typing import Any

from game.tools.bench_ai import bench_decisions, bench_hard_thinking

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


def bench_title(frames: int, data_dir: str) -> dict[str, float]:
    from game.app import STEP

    app = _app(data_dir)
    for _ in range(30):  # warm caches (fonts, backdrop)
        app.frame(STEP)
    app.frame_times = []
    for _ in range(frames):
        app.frame(STEP)
    return _summary(app.frame_times)


def bench_bergruft(frames: int, data_dir: str) -> dict[str, float]:
    """Frames of an AI-vs-AI game, counted only while figures or flags are animating."""
    from game.app import STEP
    from game.session import GameConfig, Seat

    names, colours = ("Anna", "Ben", "Clara", "David"), ("red", "blue", "yellow", "green")
    seats = tuple(Seat(n, "easy", c) for n, c in zip(names, colours, strict=True))
    config = GameConfig("bergruft", "standard", seats, seed=11)
    app = _app(data_dir, config)
    app.options.speed = 3.0  # more turns, hence more animation, per frame budget
    times: list[float] = []
    for _ in range(frames * 40):
        app.frame_times = []
        app.frame(STEP)
        scene = app.scenes.top
        if getattr(scene, "busy", False):  # figures climbing or flags rising
            times.extend(app.frame_times)
        if len(times) >= frames:
            break
        if app.scenes.top is None or app.scenes.top.name != "bergruft":
            app.scenes.reset("bergruft", config=config.with_seed(config.seed + 1))
    return _summary(times) if times else {"frames": 0}


def bench_nanuuk_scene(frames: int, data_dir: str) -> dict[str, float]:
    """Frames of a 4-player AI game of Nanuuk!, counted only while pieces or cracks animate."""
    from game.app import STEP
    from game.session import GameConfig, Seat

    names, colours = ("Anna", "Ben", "Clara", "David"), ("red", "blue", "yellow", "green")
    seats = tuple(Seat(n, "easy", c) for n, c in zip(names, colours, strict=True))
    config = GameConfig("nanuuk", "full", seats, seed=11)
    app = _app(data_dir, config)
    app.options.speed = 3.0
    times: list[float] = []
    for _ in range(frames * 40):
        app.frame_times = []
        app.frame(STEP)
        scene = app.scenes.top
        if getattr(scene, "busy", False):  # a hunter sliding, a crack spreading, a bear flying
            times.extend(app.frame_times)
        if len(times) >= frames:
            break
        if app.scenes.top is None or app.scenes.top.name != "nanuuk":
            app.scenes.reset("nanuuk", config=config.with_seed(config.seed + 1))
    return _summary(times) if times else {"frames": 0}


def _kaphoorn_moving(scene: Any) -> bool:
    """A ship sails (its track runs) or a wind card flies (to the chart, or face down to a hand)."""
    if any(not path.finished for path in getattr(scene, "tracks", {}).values()):
        return True
    return any(f.kind in ("card", "back") for f in getattr(scene, "flights", ()))


def bench_kaphoorn_scene(frames: int, data_dir: str) -> dict[str, float]:
    """Frames of a 4-player AI game of Kap Hoorn, counted only while a ship sails or a card
    flies."""
    from game.app import STEP
    from game.session import GameConfig, Seat

    names, colours = ("Anna", "Ben", "Clara", "David"), ("red", "blue", "yellow", "green")
    seats = tuple(Seat(n, "easy", c) for n, c in zip(names, colours, strict=True))
    config = GameConfig("kaphoorn", "standard", seats, seed=11)
    app = _app(data_dir, config)
    app.options.speed = 3.0
    times: list[float] = []
    for _ in range(frames * 40):
        app.frame_times = []
        app.frame(STEP)
        scene = app.scenes.top
        if scene is not None and scene.name == "kaphoorn" and _kaphoorn_moving(scene):
            times.extend(app.frame_times)
        if len(times) >= frames:
            break
        if app.scenes.top is None or app.scenes.top.name != "kaphoorn":
            app.scenes.reset("kaphoorn", config=config.with_seed(config.seed + 1))
    return _summary(times) if times else {"frames": 0}


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


def bench_playouts(seconds: float) -> dict[str, float]:
    from game.rules.bergruft import RULES

    rng = random.Random(1)
    games = actions = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        state = RULES.new_game("standard", rng.randint(2, 4), seed=rng.randrange(10**9))
        while not state.is_over():
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - started
    return {
        "playouts_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
    }


def bench_nanuuk(games: int = 200, repeats: int = 3) -> dict[str, dict[str, float]]:
    """Random playouts per second through the rules protocol on one core: the full 4-player
    game and the 2-player Game of Introduction, and actions applied per second in that play.

    A fixed workload (the same seeded games each time) timed in process CPU time, the median
    of ``repeats`` runs: on a shared machine wall time mostly measures the neighbours.
    """
    from game.rules.nanuuk import RULES

    report = {}
    for key, variant, players in (("full_4p", "full", 4), ("intro_2p", "intro", 2)):
        runs = []
        for _ in range(repeats):
            rng = random.Random(3)
            actions = 0
            started = time.process_time()
            for _ in range(games):
                state = RULES.new_game(variant, players, seed=rng.randrange(10**9))
                while not state.is_over():
                    state = state.apply(rng.choice(state.legal_actions()))
                    actions += 1
            runs.append((time.process_time() - started, actions))
        elapsed, actions = sorted(runs)[len(runs) // 2]
        report[key] = {
            "playouts_per_s": round(games / elapsed, 1),
            "actions_per_s": round(actions / elapsed),
            "actions_per_game": round(actions / games, 1),
        }
    return report


def bench_kaphoorn(games: int = 100, repeats: int = 3) -> dict[str, float]:
    """Random playouts per second through the rules protocol on one core: 4-player games of
    Kap Hoorn with the option ``{"rounds": 40}`` (random play hardly ever wins, so the round
    limit, K15, is what ends a game and defines the workload), and actions applied per second.

    As :func:`bench_nanuuk`: the same seeded games each time, process CPU time, the median of
    ``repeats`` runs.
    """
    from game.rules.kaphoorn import RULES

    options = {"rounds": 40}
    runs = []
    for _ in range(repeats):
        rng = random.Random(4)
        actions = 0
        started = time.process_time()
        for _ in range(games):
            state = RULES.new_game("standard", 4, seed=rng.randrange(10**9), options=options)
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


def run(frames: int, playout_seconds: float) -> dict[str, Any]:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        report: dict[str, Any] = {
            "resolution": "1920x1080",
            "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
            "first_frame_s": bench_first_frame(data_dir),
            "title": bench_title(frames, data_dir),
            "bergruft_animating": bench_bergruft(frames, data_dir),
            "nanuuk_animating": bench_nanuuk_scene(frames, data_dir),
            "kaphoorn_sailing": bench_kaphoorn_scene(frames, data_dir),
            "bergruft_rules": bench_playouts(playout_seconds),
            "hard_thinking": bench_hard_thinking(frames, data_dir),
            "ai_decisions": bench_decisions(),
            "nanuuk_rules": bench_nanuuk(),
            "kaphoorn_rules": bench_kaphoorn(),
        }
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=600, help="frames measured per scene")
    parser.add_argument("--playout-seconds", type=float, default=3.0)
    parser.add_argument(
        "--only",
        choices=("rules", "ai"),
        help="only the rules figures (no window, no AI), or only the AI figures",
    )
    args = parser.parse_args(argv)
    report: dict[str, Any]
    if args.only == "ai":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        with tempfile.TemporaryDirectory() as data_dir:
            report = {
                "hard_thinking": bench_hard_thinking(args.frames, data_dir),
                "ai_decisions": bench_decisions(),
            }
    elif args.only == "rules":
        report = {
            "bergruft_rules": bench_playouts(args.playout_seconds),
            "nanuuk_rules": bench_nanuuk(),
            "kaphoorn_rules": bench_kaphoorn(),
        }
    else:
        report = run(args.frames, args.playout_seconds)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
