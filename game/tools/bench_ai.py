"""The AI figures of the bench: decision times per game and level, and the work (iterations)
each level's time budget buys (the frame time while a Hard bot thinks on the screen is
``game.tools.bench.bench_hard_thinking``: it drives the bench's app).

Used by ``python -m game.tools.bench`` (``--only ai`` runs just these), and on its own:
``python -m game.tools.bench_ai [--game ID [--variant V --players P]] [--positions LEVEL=N]``
prints, per game and level,
the time budget, the decisions timed, their mean and longest time, and the **iterations the
budget buys**: each level thinks by the clock alone (no work budget) on seeded positions of
random play; of the decisions its budget ended (the clock, or a ceiling of its own), the median
work done; if its budget ended none (its search is done sooner), the work it does per second
of thinking times its budget. ``levels/<game>/bots.toml`` takes its ``iterations`` from it.
A level whose bot counts no work (it does not search) has none. With ``--cpu-clock`` the bots
think on the process's CPU time (``time.process_time``) instead of the wall clock: on a busy
machine that measures what the budget buys when the bot has a core to itself.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

POSITIONS = {"easy": 24, "normal": 24, "hard": 6}  # random positions timed per game and level


def random_positions(
    game: str, count: int, seed: int, table: tuple[str, int] | None = None
) -> list[Any]:
    """Positions met in random play (not over), each with a computer seat to move, in games of
    ``table`` (variant, players; default: the plugin's bench decisions)."""
    from game.play.registry import plugin

    rules = plugin(game).rules
    variant, players = table or plugin(game).bench.decisions
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = rules.new_game(variant, players, seed=rng.randrange(10**9))
        for _ in range(rng.randint(0, 120)):
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over():
            found.append(state)
    return found


def bought(work: list[tuple[int, bool, float]], budget_s: float) -> dict[str, Any]:
    """The iterations a budget buys, from (work, ended by the budget, seconds) per decision that
    searched: the median work of those the budget ended, else work per second times the budget
    (None: no decision did countable work)."""
    limited = [w for w, ended, _ in work if ended]
    if limited:
        figure, how = int(statistics.median(limited)), "median"
    elif work:
        rate = sum(w for w, _, _ in work) / max(1e-9, sum(s for _, _, s in work))
        figure, how = int(rate * budget_s), "rate"
    else:
        figure, how = None, "none"
    return {"iterations": figure, "measured": how, "searched": len(work), "limited": len(limited)}


def bench_decisions(
    games: tuple[str, ...] | None = None,
    positions: dict[str, int] | None = None,
    table: tuple[str, int] | None = None,
    budgets: dict[str, float] | None = None,
    clock: Callable[[], float] | None = None,
) -> dict[str, dict[str, Any]]:
    """Per game (default: all) and level, each level with its time budget (as it ships,
    ``GamePlugin.budget``, unless ``budgets`` names it) and no work budget: the mean and max
    decision time (ms) and the iterations the budget buys (``bought``), in positions of
    ``table`` (variant, players; default: each game's bench decisions). ``clock``: the bots'
    clock (default: ``time.perf_counter``, the wall clock they think on in the game)."""
    from game.play.bots import make_bot
    from game.play.registry import IDS, plugin
    from game.protocol.bots import LEVELS

    counts = POSITIONS | (positions or {})
    report: dict[str, dict[str, Any]] = {}
    for game in games or IDS:
        report[game] = {}
        for level in LEVELS:
            budget = (budgets or {}).get(level) or plugin(game).budget(level)
            bot = _made_on(clock, lambda: make_bot(game, level))  # noqa: B023
            rng = random.Random(f"{game}:{level}")
            times = []
            work: list[tuple[int, bool, float]] = []
            thinking = clock or time.perf_counter  # the bots' clock: their work per second
            for state in random_positions(game, counts[level], len(level), table):
                view = state.view(state.current_player)
                started, began = time.perf_counter(), thinking()
                bot.choose(view, rng, budget)
                times.append(time.perf_counter() - started)  # what a player waits
                done = getattr(bot, "last_iterations", 0)
                if done > 0:
                    ended = bool(getattr(bot, "last_limited", False))
                    work.append((done, ended, thinking() - began))
            report[game][level] = {
                "budget_s": budget,
                "decisions": len(times),
                "mean_ms": round(statistics.mean(times) * 1000, 1),
                "max_ms": round(max(times) * 1000, 1),
            } | bought(work, budget)
    return report


def _made_on(clock: Callable[[], float] | None, make: Callable[[], Any]) -> Any:
    """A bot made by ``make`` that reads ``clock``: the bots take ``time.perf_counter`` as
    their clock when they are made, so it is ``clock`` meanwhile."""
    if clock is None:
        return make()
    wall = time.perf_counter
    time.perf_counter = clock
    try:
        return make()
    finally:
        time.perf_counter = wall


def _count(text: str) -> tuple[str, int]:
    from game.protocol.bots import LEVELS

    level, sep, value = text.partition("=")
    if not sep or level not in LEVELS or not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: LEVEL=N with LEVEL one of {LEVELS}, N >= 1")
    return level, int(value)


def _format(report: dict[str, dict[str, Any]]) -> str:
    lines = [
        f"{'game':<10} {'level':<7} {'budget s':>8} {'decisions':>9} {'mean ms':>8} {'max ms':>8}"
        f" {'iterations':>10}  measured"
    ]
    for game, levels in report.items():
        for level, f in levels.items():
            work = "-" if f["iterations"] is None else str(f["iterations"])
            how = {
                "median": f"median of {f['limited']} the budget ended ({f['searched']} searched)",
                "rate": f"work per second x budget ({f['searched']} searched, none ended)",
                "none": "no search",
            }[f["measured"]]
            lines.append(
                f"{game:<10} {level:<7} {f['budget_s']:>8g} {f['decisions']:>9} "
                f"{f['mean_ms']:>8.1f} {f['max_ms']:>8.1f} {work:>10}  {how}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from game.play.registry import IDS

    parser = argparse.ArgumentParser(
        prog="python -m game.tools.bench_ai",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=IDS, action="append", help="default: every game")
    parser.add_argument(
        "--positions",
        type=_count,
        action="append",
        default=[],
        metavar="LEVEL=N",
        help="positions timed per level (default: "
        + ", ".join(f"{k} {v}" for k, v in POSITIONS.items())
        + "); repeatable",
    )
    parser.add_argument("--variant", help="with one --game: its positions' variant")
    parser.add_argument("--players", type=int, help="with --variant: its seats")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="the bots think on the process's CPU time (what a budget buys with a core free)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    table = None
    if args.variant is not None or args.players is not None:
        if not args.game or len(args.game) != 1 or args.variant is None or not args.players:
            parser.error("--variant and --players go together, with one --game")
        table = (args.variant, args.players)
    report = bench_decisions(
        tuple(args.game) if args.game else None,
        dict(args.positions),
        table,
        clock=time.process_time if args.cpu_clock else None,
    )
    print(json.dumps(report) if args.json else _format(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
