"""Self-play statistics: ``python -m game.tools.selfplay --game kaphoorn --bots normal``.

Plays seeded games of bots against each other (headless, on all cores) and reports how long the
games last and how they end: turns per player (median, quartiles, range), the outcome reasons
(Kap Hoorn: ``roses``, ``finish``, ``rounds``), and the mean and longest decision time. It is
the tool the level data of a game is tuned with (K1 asks Kap Hoorn's chart to give 4-player
games of 25-45 turns each).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.ai.base import LEVELS, make_bot
from game.rules.base import GAME_IDS, rules_for


def play_one(game: str, variant: str, bots: tuple[str, ...], seed: int) -> dict[str, Any]:
    """One game; seat ``i`` plays bot level ``bots[i]``."""
    rules = rules_for(game)
    players = [make_bot(game, level) for level in bots]
    state = rules.new_game(variant, len(bots), seed=seed)
    rng = random.Random(f"selfplay:{seed}")
    thinking: list[float] = []
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        started = time.perf_counter()
        action = players[seat].choose(state.view(seat), rng, 0.5)
        thinking.append(time.perf_counter() - started)
        state = state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    turns = getattr(state, "turn", 0) + (outcome.reason != "rounds")
    return {
        "turns_per_player": turns / len(bots),
        "reason": outcome.reason,
        "winners": [bots[s] for s in outcome.winners],
        "think_s": thinking,
    }


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    lengths = [r["turns_per_player"] for r in results]
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else lengths * 3
    thinking = [t for r in results for t in r["think_s"]]
    reasons = Counter(r["reason"] for r in results)
    return {
        "games": len(results),
        "turns_per_player": {
            "median": statistics.median(lengths),
            "q1": round(quartiles[0], 2),
            "q3": round(quartiles[2], 2),
            "min": min(lengths),
            "max": max(lengths),
        },
        "reasons": {k: round(v / len(results), 3) for k, v in sorted(reasons.items())},
        "decision_ms": {
            "mean": round(1000 * statistics.mean(thinking), 2),
            "max": round(1000 * max(thinking), 1),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.selfplay", description=__doc__)
    parser.add_argument("--game", choices=GAME_IDS, required=True)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="normal", help="one level for all, or one per seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0, help="processes (0 = one per core)")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    levels = tuple(args.bots.split(","))
    if len(levels) == 1:
        levels *= args.players
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad or len(levels) != args.players or args.games < 1:
        parser.error(f"--bots: {args.players} levels of {', '.join(LEVELS)}; --games >= 1")
    try:
        rules_for(args.game).variant(args.variant)
    except ValueError as exc:
        parser.error(str(exc))
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(max_workers=args.jobs or None) as pool:
        futures = [pool.submit(play_one, args.game, args.variant, levels, s) for s in seeds]
        results = [f.result() for f in futures]
    report = {"game": args.game, "variant": args.variant, "bots": list(levels)}
    report |= summary(results)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
