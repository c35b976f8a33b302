"""The rules' random play-outs of two engines side by side (issue 31, item 6): this tree's and
an older commit's, on the same machine in one run.

``python -m game.tools.bench_rules --base REV [--runs N] [--only GAME:KEY] [--json]``

takes the rules of commit ``REV`` (``git archive``: its ``game/``, ``levels/`` and ``assets/``
into a temporary folder) and of this tree, and times every random-playout workload of the bench
(each game's ``Bench.playouts``: a fixed, seeded set of games played to the end by uniformly
random legal actions through ``State.apply``) in a fresh interpreter per measurement, one engine
after the other, ``--runs`` times, in the order base-new, new-base, base-new ... so that a drift
in the machine's load falls on both. Each measurement is the process CPU time of the workload
alone (imports and the first game's level loading excluded). It prints, per workload, the
median play-outs per second of each engine, their ratio, the median of the runs' paired ratios,
and whether both engines played the same games (the number of actions and every outcome's
scores and ranking, as a digest): a faster engine that plays other games changed a rule.

With ``--trusted`` the new engine's figure is also measured through the bots' trusted path
(``State.apply_legal`` where the state has it) and reported beside it.

The bench's own ``--only rules`` reports this tree's figures alone; this is the before/after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import game as game_package

# Run in the child, against whichever engine its import path holds: only names that every
# commit since the plugin's bench workloads has (``plugin``, ``Bench.playouts``, ``new_game``).
CHILD = r"""
import hashlib, json, random, sys, time
from game.play.registry import plugin

game, key, trusted = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
found = plugin(game)
rules = found.rules
work = next(w for w in found.bench.playouts if w.key == key)

def new_game(rng):
    lo, hi = work.players
    players = rng.randint(lo, hi) if lo < hi else lo
    options = dict(work.options) or None
    return rules.new_game(work.variant, players, seed=rng.randrange(10**9), options=options)

new_game(random.Random(0))  # the level files loaded and cached before the clock starts
rng = random.Random(work.seed)
digest = hashlib.sha256()
actions = 0
started = time.process_time()
for _ in range(work.games):
    state = new_game(rng)
    while not state.is_over():
        step = getattr(state, "apply_legal", state.apply) if trusted else state.apply
        state = step(rng.choice(state.legal_actions()))
        actions += 1
    outcome = state.outcome()
    digest.update(repr((actions, outcome.scores, outcome.ranking)).encode())
elapsed = time.process_time() - started
print("result " + json.dumps({"seconds": elapsed, "games": work.games, "actions": actions,
                              "digest": digest.hexdigest()[:16]}))
"""


def workloads() -> list[tuple[str, str]]:
    """Every (game, workload key) of the bench's random play-outs."""
    from game.play.registry import IDS, plugin

    return [(game, w.key) for game in IDS for w in plugin(game).bench.playouts]


def export(rev: str, into: Path, repo: Path) -> Path:
    """The engine of commit ``rev`` as an importable tree under ``into``: its ``game/`` with
    ``levels/`` and ``assets/`` inside it (where an installed game has them)."""
    archive = into / "base.tar"
    have = subprocess.run(["git", "ls-tree", "--name-only", rev], cwd=repo, check=True,
                          capture_output=True, text=True).stdout.split()  # fmt: skip
    parts = [p for p in ("game", "levels", "assets") if p in have]
    subprocess.run(["git", "archive", "--format=tar", "-o", str(archive), rev, *parts],
                   cwd=repo, check=True)  # fmt: skip
    tree = into / "tree"
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(tree, filter="data")
        else:  # Debian 12's 3.11.2: our own commit's archive, made just above
            tar.extractall(tree)  # noqa: S202
    for data in ("levels", "assets"):
        if (tree / data).is_dir():
            (tree / data).rename(tree / "game" / data)
    return tree


def measure(tree: Path, game: str, key: str, trusted: bool = False) -> dict[str, Any]:
    """One measurement of a workload in a fresh interpreter importing the engine in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_AUDIODRIVER="dummy",
               SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")  # fmt: skip
    command = [sys.executable, "-c", CHILD, game, key, "1" if trusted else "0"]
    out = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=1800)
    for line in out.stdout.splitlines():
        if line.startswith("result "):
            found: dict[str, Any] = json.loads(line[len("result ") :])
            found["playouts_per_s"] = found["games"] / found["seconds"]
            return found
    raise RuntimeError(f"{game}:{key} in {tree}: no result\n{out.stderr[-2000:]}")


def compare(rev: str, runs: int, only: list[str] | None = None, trusted: bool = False,
            repo: Path | None = None) -> dict[str, Any]:  # fmt: skip
    """Per workload: the base's and this tree's play-outs per second (median of ``runs``
    interleaved measurements), the ratio of the medians and the median paired ratio."""
    # the tree measured: the folder this game package is imported from (a clone's, with git)
    here = Path(next(iter(game_package.__path__))).resolve().parent
    repo = repo or here
    chosen = [(g, k) for g, k in workloads() if not only or f"{g}:{k}" in only]
    report: dict[str, Any] = {"base": rev, "runs": runs, "workloads": {}}
    with tempfile.TemporaryDirectory() as tmp:
        base = export(rev, Path(tmp), repo)
        engines = {"base": base, "new": here}
        if trusted:
            engines["new_trusted"] = here
        for game, key in chosen:
            figures: dict[str, list[dict[str, Any]]] = {name: [] for name in engines}
            for run in range(runs):
                order = list(engines) if run % 2 == 0 else list(reversed(engines))
                for name in order:
                    figures[name].append(
                        measure(engines[name], game, key, trusted=name == "new_trusted")
                    )
            report["workloads"][f"{game}:{key}"] = _summary(figures)
    return report


def _summary(figures: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    rates = {name: [f["playouts_per_s"] for f in runs] for name, runs in figures.items()}
    out: dict[str, Any] = {
        f"{name}_playouts_per_s": round(statistics.median(values), 1)
        for name, values in rates.items()
    }
    for name in rates:
        if name == "base":
            continue
        paired = [n / b for n, b in zip(rates[name], rates["base"], strict=True)]
        out[f"{name}_ratio"] = round(statistics.median(rates[name]) /
                                     statistics.median(rates["base"]), 2)  # fmt: skip
        out[f"{name}_paired_ratio"] = round(statistics.median(paired), 2)
    digests = {f["digest"] for runs in figures.values() for f in runs}
    out["actions_per_game"] = round(figures["base"][0]["actions"] / figures["base"][0]["games"], 1)
    out["same_games"] = len(digests) == 1
    out["all_runs"] = {name: [round(v, 1) for v in values] for name, values in rates.items()}
    return out


def _format(report: dict[str, Any]) -> str:
    lines = [f"base {report['base']} vs this tree, median of {report['runs']} interleaved runs "
             "(play-outs per second, process CPU time)"]  # fmt: skip
    for name, f in report["workloads"].items():
        extra = ""
        if "new_trusted_playouts_per_s" in f:
            extra = (f"  trusted {f['new_trusted_playouts_per_s']:>8.1f} "
                     f"x{f['new_trusted_ratio']:.2f}")  # fmt: skip
        lines.append(
            f"{name:<18} base {f['base_playouts_per_s']:>8.1f}  new {f['new_playouts_per_s']:>8.1f}"
            f"  x{f['new_ratio']:.2f} (paired x{f['new_paired_ratio']:.2f}){extra}"
            f"  same games: {'yes' if f['same_games'] else 'NO'}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.bench_rules",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--base", required=True, help="the commit to compare with (git rev)")
    parser.add_argument("--runs", type=int, default=5, help="measurements per engine (default 5)")
    parser.add_argument(
        "--only",
        action="append",
        metavar="GAME:KEY",
        help="one workload, e.g. nanuuk:full_4p (repeatable; default: all)",
    )
    parser.add_argument(
        "--trusted",
        action="store_true",
        help="also time the new engine through apply_legal (the bots' path)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    report = compare(args.base, args.runs, args.only, args.trusted)
    print(json.dumps(report) if args.json else _format(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
