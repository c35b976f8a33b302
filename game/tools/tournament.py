"""Bot tournaments: ``python -m game.tools.tournament --game <id> --bots hard,normal --json``.

Plays seeded games of bots against each other, headless and in parallel across processes, and
reports per bot level the win rate per seat played with its 95% confidence interval (Wilson
score interval), the fair share (1 / players) and the mean and longest decision time, plus the
length of the games (turns per player: median, quartiles, range) and how they ended.

The line-up: ``--bots`` names bot levels (easy, normal, hard), ``random`` (a uniformly random
legal action) or ``greedy`` (the move the game's own evaluation likes best one ply ahead, no
search: a yardstick for Easy, never offered on the screen) or, for Kap Hoorn, ``flat`` (its Hard
before issue 31, flat Monte Carlo over its own plans: the yardstick of the tree search that
replaced it; it thinks with Hard's budget). With P players and K names, K == P
gives one seat each; K < P gives the first K-1 names one seat each and the last name the
remaining seats (``--bots hard,normal --players 4`` is one hard bot against three normal ones).
Game i (0-based) shifts the line-up by i seats and uses seed S + i, so over every P games each
bot sits in each seat once. A shared win counts 1 / len(winners) for each winner.

Strength that repeats on any machine: ``--iterations LEVEL=N`` (repeatable, e.g. ``--iterations
hard=400 --iterations normal=50``) gives that level a fixed work budget (its search's iterations,
see ``game.protocol.bots``) in place of its time budget: it never reads a clock, so a seeded
tournament plays the same games on every machine, however fast or busy. ``--records FILE``
writes every game's moves (one JSON line per game), to compare two runs. ``--option KEY=VALUE``
(repeatable) plays every game with that variant option, as the game's command line takes it
(Nanuuk!'s full game with two hunters each: ``--variant full --option two-hunters=true``).

``game.tools.selfplay`` is a thin front end to the same code (fixed seats, length statistics).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.play.bots import make_bot
from game.play.config import parse_option
from game.play.registry import IDS as GAME_IDS
from game.play.registry import plugin, rules_for
from game.protocol.base import Variant
from game.protocol.bots import BUDGETS, LEVELS, Bot, RandomBot

RANDOM = "random"
GREEDY = "greedy"  # one-ply greedy on the game's own evaluation (its plugin's measure_paths)
FLAT = "flat"  # Kap Hoorn's Hard before issue 31 (its plugin's measure_paths)
MEASURES: tuple[str, ...] = (RANDOM, GREEDY, FLAT)  # players that are no level
THINKS_AS: dict[str, str] = {FLAT: "hard"}  # a measure that searches, with this level's budget
BOT_NAMES: tuple[str, ...] = (*LEVELS, *MEASURES)
Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal distribution
MAX_DECISIONS = 200_000  # a game that needs more decisions than this is a bug, not a long game


# -- the line-up -----------------------------------------------------------------------------------


def default_players(variant: Variant) -> int:
    """Two players where the variant allows it, else its minimum."""
    return 2 if variant.min_players <= 2 <= variant.max_players else variant.min_players


def lineup(names: Sequence[str], players: int) -> tuple[str, ...]:
    """Seat the bots: one name per seat, or the last name fills the seats left over."""
    if not names:
        raise ValueError("no bots named")
    if len(names) > players:
        raise ValueError(f"{len(names)} bots named for {players} seats")
    return (*names[:-1], *[names[-1]] * (players - len(names) + 1))


def rotated(seats: Sequence[str], shift: int) -> tuple[str, ...]:
    """The line-up of game ``shift``: entry j of ``seats`` sits at seat (j + shift) mod P."""
    n = len(seats)
    return tuple(seats[(s - shift) % n] for s in range(n))


def budget_for(name: str, budgets: dict[str, float] | None = None) -> float:
    """The thinking budget (seconds) of a bot level; random and greedy read no clock."""
    level = THINKS_AS.get(name, name)
    if level in MEASURES:
        return 0.0
    return (budgets or {}).get(level, BUDGETS[level])


def make_player(game: str, name: str, iterations: dict[str, int] | None = None) -> Bot:
    """The bot ``name`` of ``game``, with its work budget from ``iterations`` if it has one
    there (else it thinks by the clock)."""
    work = (iterations or {}).get(name)
    if name == RANDOM:
        return RandomBot(work)
    if name in MEASURES:
        found: Bot = plugin(game).make_measure(name, work)
        return found
    return make_bot(game, name, work)


# -- one game --------------------------------------------------------------------------------------


def play_one(
    game: str,
    variant: str,
    seats: Sequence[str],
    seed: int,
    budgets: dict[str, float] | None = None,
    iterations: dict[str, int] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One game, with the variant ``options``: seat ``i`` is played by bot ``seats[i]`` (a
    level or ``random``), a level named in ``iterations`` with that work budget.

    Returns the seats, the winning seats and bots, each bot's (fractional) wins, the outcome
    reason, the turns per player, each bot's decision times in seconds and the moves played
    (``actions``: ``Action.to_dict()`` each; ``digest``: their SHA-256).
    """
    seats = tuple(seats)
    rules = rules_for(game)
    players = [make_player(game, name, iterations) for name in seats]
    moves: list[dict[str, Any]] = []
    rngs = [random.Random(f"tournament:{seed}:{seat}") for seat in range(len(seats))]
    state = rules.new_game(variant, len(seats), seed=seed, options=options)
    thinking: dict[str, list[float]] = {name: [] for name in dict.fromkeys(seats)}
    decisions = 0
    try:
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            name = seats[seat]
            started = time.perf_counter()
            action = players[seat].choose(state.view(seat), rngs[seat], budget_for(name, budgets))
            thinking[name].append(time.perf_counter() - started)
            moves.append(action.to_dict())
            state = state.apply(action)
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    except Exception as exc:
        raise RuntimeError(f"{game} {variant} seed {seed}, seats {list(seats)}: {exc!r}") from exc
    outcome = state.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "seats": list(seats),
        "winner_seats": list(outcome.winners),
        "winners": [seats[s] for s in outcome.winners],
        "wins": share_wins(seats, outcome.winners),
        "reason": outcome.reason_code,
        "turns_per_player": plugin(game).turns_played(state, outcome) / len(seats),
        "think_s": thinking,
        "actions": moves,
        "digest": hashlib.sha256(json.dumps(moves, sort_keys=True).encode()).hexdigest(),
        "ranking": list(outcome.ranking),
    }


def share_wins(seats: Sequence[str], winners: Sequence[int]) -> dict[str, float]:
    """Each bot's wins in one game: 1 / len(winners) for every winning seat it holds."""
    wins = dict.fromkeys(seats, 0.0)
    for seat in winners:
        wins[seats[seat]] += 1 / len(winners)
    return wins


Job = tuple[
    str, str, tuple[str, ...], int, dict[str, float] | None, dict[str, int] | None,
    dict[str, Any] | None,
]  # fmt: skip


def _play(job: Job) -> dict[str, Any]:
    return play_one(*job)


def play_each(
    game: str,
    variant: str,
    seatings: Iterable[Sequence[str]],
    seeds: Iterable[int],
    budgets: dict[str, float] | None = None,
    jobs: int = 0,
    iterations: dict[str, int] | None = None,
    options: dict[str, Any] | None = None,
) -> Iterator[dict[str, Any]]:
    """Play one game per (seating, seed), in ``jobs`` processes (0 = one per core; 1 = here);
    the levels named in ``iterations`` with that work budget, every game with ``options``. The
    games come in their order, each as soon as it and the ones before it are over (so a caller
    can keep them as they come: the ladder's journal)."""
    work: list[Job] = [
        (game, variant, tuple(s), seed, budgets, iterations, options)
        for s, seed in zip(seatings, seeds, strict=True)
    ]
    workers = min(jobs or os.cpu_count() or 1, len(work))
    if workers <= 1:
        yield from map(_play, work)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play, work)


# -- statistics ------------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (wins may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact ends at 0 and n wins
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


def _ms(seconds: list[float]) -> dict[str, float | None]:
    if not seconds:
        return {"mean": None, "max": None}
    return {"mean": round(1000 * statistics.mean(seconds), 2), "max": round(1000 * max(seconds), 2)}


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """How long the games lasted, how they ended, and the decision times of all bots together."""
    lengths = [r["turns_per_player"] for r in results]
    quartiles = (
        statistics.quantiles(lengths, n=4, method="inclusive") if len(lengths) > 1 else lengths * 3
    )  # "inclusive": the quartiles stay within the range even for a handful of games
    thinking = [t for r in results for times in r["think_s"].values() for t in times]
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
        "decision_ms": _ms(thinking),
    }


def level_stats(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per bot (in order of first appearance): games, seats, wins, win rate per seat, its 95%
    Wilson interval, the fair share and decision times."""
    games: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    wins: defaultdict[str, float] = defaultdict(float)
    thinking: defaultdict[str, list[float]] = defaultdict(list)
    for r in results:
        seats.update(r["seats"])
        games.update(set(r["seats"]))
        for name, won in r["wins"].items():
            wins[name] += won
        for name, times in r["think_s"].items():
            thinking[name].extend(times)
    out: dict[str, dict[str, Any]] = {}
    for name in seats:
        low, high = wilson(wins[name], seats[name])
        out[name] = {
            "games": games[name],
            "seats": seats[name],
            "wins": round(wins[name], 3),
            "win_rate": round(wins[name] / seats[name], 4),
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(1 / len(results[0]["seats"]), 4),
            "decisions": len(thinking[name]),
            "decision_ms": _ms(thinking[name]),
        }
    return out


def seat_stats(results: list[dict[str, Any]]) -> list[float]:
    """The share of wins that went to each seat (seat 0 first), whoever sat there."""
    wins = [0.0] * len(results[0]["seats"])
    for r in results:
        for seat in r["winner_seats"]:
            wins[seat] += 1 / len(r["winner_seats"])
    return [round(w / len(results), 4) for w in wins]


# -- the command line ------------------------------------------------------------------------------


def _level_value(text: str, levels: Sequence[str], unit: str) -> tuple[str, str]:
    """``LEVEL=VALUE`` with LEVEL one of ``levels``: the two halves (``unit`` names VALUE)."""
    level, sep, value = text.partition("=")
    if not sep or level not in levels:
        raise argparse.ArgumentTypeError(f"{text!r}: LEVEL={unit} with LEVEL one of {levels}")
    return level, value


def _budget(text: str) -> tuple[str, float]:
    level, value = _level_value(text, LEVELS, "SECONDS")
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: SECONDS must be a number") from None
    if not seconds > 0 or math.isinf(seconds):
        raise argparse.ArgumentTypeError(f"{text!r}: SECONDS must be positive")
    return level, seconds


def _iterations(text: str) -> tuple[str, int]:
    level, value = _level_value(text, BOT_NAMES, "N")
    try:
        count = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: N must be a whole number") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: N must be at least 1")
    return level, count


def record_line(result: dict[str, Any]) -> str:
    """One game as ``--records`` writes it: what was played, not how long it took."""
    kept = ("seed", "seats", "winner_seats", "reason", "turns_per_player", "digest", "actions")
    return json.dumps({key: result[key] for key in kept}, sort_keys=True)


def add_option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option for every game (as the game's command line "
                        "takes it); repeatable")  # fmt: skip


def check_options(
    parser: argparse.ArgumentParser, game: str, variant: Variant, players: int, given: list[str]
) -> dict[str, Any]:
    """The ``--option`` values (:func:`read_options`), or an argparse error in the rules'
    words."""
    try:
        return read_options(game, variant, players, given)
    except ValueError as exc:
        parser.error(f"--option: {exc}")


def read_options(game: str, variant: Variant, players: int, given: list[str]) -> dict[str, Any]:
    """The ``--option`` values, checked by the rules as a new game of ``players`` seats checks
    them: ValueError for an unknown key, a value the option does not offer, an option for
    other tables."""
    options = dict(parse_option(text) for text in given)
    rules_for(game).new_game(variant.id, players, seed=1, options=options)
    return options


def parse_bots(parser: argparse.ArgumentParser, text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    bad = [name for name in names if name not in BOT_NAMES]
    if bad:
        parser.error(f"--bots: unknown bot {bad[0]!r} (known: {', '.join(BOT_NAMES)})")
    return names


def check_game(parser: argparse.ArgumentParser, game: str, variant: str | None) -> Variant:
    """The variant of a game (None: the game's first), or an argparse error."""
    rules = rules_for(game)
    if variant is None:
        return rules.variants()[0]
    try:
        return rules.variant(variant)
    except ValueError as exc:
        parser.error(f"--variant: {exc}")


def _format_table(report: dict[str, Any]) -> str:
    lines = [
        f"{report['game']} / {report['variant']}: {report['players']} players, "
        f"{report['games']} games from seed {report['seed']}, "
        f"line-up {','.join(report['lineup'])} (rotating)"
        + "".join(f", {key}={json.dumps(value)}" for key, value in report["options"].items()),
        "",
        f"{'bot':<8} {'seats':>6} {'wins':>7} {'win rate':>9}  {'95% CI':<15} {'fair':>6}"
        f" {'mean ms':>9} {'max ms':>9}",
    ]
    for name, s in report["levels"].items():
        low, high = s["ci95"]
        ms = s["decision_ms"]
        mean = "-" if ms["mean"] is None else f"{ms['mean']:.2f}"
        longest = "-" if ms["max"] is None else f"{ms['max']:.1f}"
        lines.append(
            f"{name:<8} {s['seats']:>6} {s['wins']:>7.2f} {s['win_rate']:>9.1%}  "
            f"{f'{low:.1%}-{high:.1%}':<15} {s['fair_share']:>6.1%} {mean:>9} {longest:>9}"
        )
    t = report["turns_per_player"]
    reasons = ", ".join(f"{k or '-'} {v:.0%}" for k, v in report["reasons"].items())
    seats = ", ".join(f"{share:.0%}" for share in report["seat_win_share"])
    lines += [
        "",
        f"turns per player: median {t['median']:g} (quartiles {t['q1']:g}-{t['q3']:g}, "
        f"range {t['min']:g}-{t['max']:g})",
        f"outcomes: {reasons}",
        f"wins by seat (seat 1 first): {seats}",
        *(
            [f"budgets (s): {', '.join(f'{k} {v:g}' for k, v in report['budgets_s'].items())}"]
            if report["budgets_s"]
            else []
        ),
        *(
            [f"iterations: {', '.join(f'{k} {v}' for k, v in report['iterations'].items())}"]
            if report["iterations"]
            else []
        ),
        f"{report['elapsed_s']:.1f} s in {report['jobs']} process(es)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.tournament",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=GAME_IDS, required=True)
    parser.add_argument("--variant", help="default: the game's first (Nanuuk!: intro)")
    parser.add_argument(
        "--players", type=int, help="seats (default: 2 if the variant allows it, else its minimum)"
    )
    parser.add_argument(
        "--bots", required=True, help=f"comma-separated, of {', '.join(BOT_NAMES)}; the last fills"
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument(
        "--budget",
        type=_budget,
        action="append",
        default=[],
        metavar="LEVEL=SECONDS",
        help="thinking budget of a level (default: "
        + ", ".join(f"{k} {v:g}" for k, v in BUDGETS.items())
        + "); repeatable",
    )
    parser.add_argument(
        "--iterations",
        type=_iterations,
        action="append",
        default=[],
        metavar="LEVEL=N",
        help="a fixed work budget for a level (its search's iterations) in place of its time: "
        "the same games on any machine; repeatable",
    )
    parser.add_argument("--jobs", type=int, default=0, help="processes (0 = one per core)")
    parser.add_argument("--records", metavar="FILE", help="write each game's moves (JSON lines)")
    add_option_flag(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)

    variant = check_game(parser, args.game, args.variant)
    names = parse_bots(parser, args.bots)
    for name in names:
        if name in MEASURES and name != RANDOM and name not in plugin(args.game).measure_paths:
            parser.error(f"--bots: {args.game} has no {name!r} player")
    players = default_players(variant) if args.players is None else args.players
    if not variant.min_players <= players <= variant.max_players:
        parser.error(
            f"--players: {args.game} {variant.id} is for {variant.min_players}-"
            f"{variant.max_players} players, not {players}"
        )
    if len(names) > players:
        parser.error(f"--bots: {len(names)} bots named for {players} players")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 0:
        parser.error("--jobs must be 0 (one per core) or more")
    budgets = {level: BUDGETS[level] for level in LEVELS} | dict(args.budget)
    iterations = dict(args.iterations)
    options = check_options(parser, args.game, variant, players, args.option)

    seats = lineup(names, players)
    jobs = min(args.jobs or os.cpu_count() or 1, args.games)
    started = time.perf_counter()
    seatings = (rotated(seats, i) for i in range(args.games))
    seeds = range(args.seed, args.seed + args.games)
    results = list(
        play_each(args.game, variant.id, seatings, seeds, budgets, jobs, iterations, options)
    )
    elapsed = time.perf_counter() - started
    report: dict[str, Any] = {
        "game": args.game,
        "variant": variant.id,
        "players": players,
        "bots": list(names),
        "lineup": list(seats),
        "seed": args.seed,
        "options": options,
        "budgets_s": {
            name: budget_for(name, budgets)
            for name in dict.fromkeys(seats)
            if budget_for(name, budgets) and name not in iterations
        },
        "iterations": {
            name: iterations[name] for name in dict.fromkeys(seats) if name in iterations
        },
        "levels": level_stats(results),
    }
    report |= summary(results)
    report["seat_win_share"] = seat_stats(results)
    report["elapsed_s"] = round(elapsed, 1)
    report["jobs"] = jobs
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            out.writelines(record_line(r) + "\n" for r in results)
    print(json.dumps(report) if args.json else _format_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
