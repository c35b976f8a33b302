"""The strength ladder of one game: ``python -m game.tools.ladder --game <id>`` (issue 31).

Plays ``random``, ``easy``, ``normal`` and ``hard`` against each other at fixed work budgets
(each level's shipped iterations, ``levels/<game>/bots.toml``; ``--iterations LEVEL=N`` to
change one), so a ladder plays the same games on any machine, however fast or busy:

- **the round-robin**: every group of P different entrants at the game's smallest table P (2
  where the game allows it: every pair; Kap Hoorn, 3 to 5 players: every three), ``--games``
  games per group, the seats rotated and every seating order taken in turn;
- **1-vs-rest rows**: each level against the level below at 3 and 4 players (where the game
  allows them): one seat the level, the others the level below, the one seat moved round;
- with ``--greedy``, **Easy against the yardstick**: Easy against ``greedy`` (one ply of the
  game's evaluation, no level) at the smallest table, rows that are not rated.

**Ratings** come from `openskill <https://openskill.me>`_'s Plackett–Luce model, fitted to the
round-robin's games. Why openskill rather than a Bradley–Terry fit with ``choix``: a game of
three or more different entrants is one ranking (Kap Hoorn's round-robin is three-player),
which Plackett–Luce rates as it is, where Bradley–Terry needs it cut into pairs; openskill is
pure Python (``choix`` needs SciPy) and kept up. Its updates go one game at a time, so the
games are fed in a seeded shuffle (the same order every run). A rating is shown as mu with the
95 % interval mu ± 1.96 sigma. The rows (what "Hard beats Normal in x % of games" means) are win
shares with their Wilson 95 % intervals beside the fair share; a shared win counts 1 / winners.

``--report JSON`` plays nothing and takes the report a ``--json`` run printed (a ladder takes
hours; its table can be written again from the saved report). ``--journal FILE`` keeps each game
as it ends (``game.tools.ladder_journal``): started again with the same flags and file, the
ladder plays only the games the file lacks, so a ladder longer than a night (Nanuuk!'s full
game) is played in as many runs as it takes. ``--rows NAME`` plays only the rows named, with
the seeds they have in the whole ladder, so their games count again when the whole ladder is
played with the same journal. ``--option KEY=VALUE`` plays every game with a variant option
(Nanuuk!'s full game with two hunters each: ``--variant full --option two-hunters=true``), at
the tables the option allows (two hunters each: 2 players only, so no 1-vs-rest rows).
``--readme FILE`` writes this run's table into FILE between ``<!-- ladder:NAME -->`` and
``<!-- /ladder:NAME -->`` (the README's strength table: no hand-typed figure), NAME the game's
id, and for another variant than its first, or with options, ``<game>-<variant>[-<option>]``
(``nanuuk-full``, ``nanuuk-full-two-hunters``): see :func:`block_name`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.play.registry import IDS as GAME_IDS
from game.play.registry import plugin, rules_for
from game.protocol.base import Variant
from game.tools import ladder_journal
from game.tools.tournament import (
    GREEDY,
    RANDOM,
    _iterations,
    add_option_flag,
    check_game,
    check_options,
    play_each,
    read_options,
    share_wins,
    wilson,
)

ENTRANTS: tuple[str, ...] = (RANDOM, "easy", "normal", "hard")  # weakest first
Z95 = 1.959963984540054


# -- who plays whom --------------------------------------------------------------------------------


def smallest_table(tables: Sequence[int]) -> int:
    return 2 if 2 in tables else min(tables)


def all_tables(variant: Variant) -> range:
    return range(variant.min_players, variant.max_players + 1)


def tables_for(game: str, variant: Variant, options: dict[str, Any]) -> list[int]:
    """The tables (player counts) of ``variant`` whose new games the rules start with
    ``options`` (two hunters each: 2 players only); every table without options."""
    fits = []
    for players in all_tables(variant):
        try:
            rules_for(game).new_game(variant.id, players, seed=1, options=options)
        except ValueError:
            continue
        fits.append(players)
    return fits


def seatings(group: Sequence[str], games: int) -> list[tuple[str, ...]]:
    """``games`` seatings of ``group``: every order of its entrants in turn (so each entrant
    sits in each seat equally often over every ``len(group)!`` games)."""
    orders = list(itertools.permutations(group))
    return [orders[i % len(orders)] for i in range(games)]


def one_vs_rest(level: str, below: str, players: int, games: int) -> list[tuple[str, ...]]:
    """One seat ``level``, the others ``below``; the one seat moved round game by game."""
    return [tuple(level if s == i % players else below for s in range(players))
            for i in range(games)]  # fmt: skip


def plan(
    variant: Variant, games: int, greedy: bool = False, tables: Sequence[int] | None = None
) -> list[tuple[str, int, list[tuple[str, ...]]]]:
    """The ladder's parts: ``(row name, players, seatings)``; with ``greedy``, Easy's rows
    against the one-ply greedy yardstick after them (not rated: greedy is no entrant). Played
    at ``tables`` (player counts; by default every one the variant allows)."""
    tables = all_tables(variant) if tables is None else tables
    table = smallest_table(tables)
    parts = [(" v ".join(group), table, seatings(group, games))
             for group in itertools.combinations(ENTRANTS, table)]  # fmt: skip
    for players in (3, 4):
        if players in tables:
            for below, level in itertools.pairwise(ENTRANTS):
                name = f"1 {level} v {players - 1} {below}"
                parts.append((name, players, one_vs_rest(level, below, players, games)))
    if greedy:
        parts += greedy_rows(table, games)
    return parts


def greedy_rows(table: int, games: int) -> list[tuple[str, int, list[tuple[str, ...]]]]:
    """Easy against ``greedy`` at the smallest table: the pair, or one against the rest both
    ways round (Kap Hoorn: 1 Easy v 2 greedy and 1 greedy v 2 Easy)."""
    if table == 2:
        return [(f"easy v {GREEDY}", 2, seatings(("easy", GREEDY), games))]
    rest = table - 1
    return [
        (f"1 easy v {rest} {GREEDY}", table, one_vs_rest("easy", GREEDY, table, games)),
        (f"1 {GREEDY} v {rest} easy", table, one_vs_rest(GREEDY, "easy", table, games)),
    ]


# -- what it shows ---------------------------------------------------------------------------------


def ranks(result: dict[str, Any]) -> list[float]:
    """Each seat's place (1 best): every winner 1, the others by the outcome's ranking."""
    winners, order = set(result["winner_seats"]), list(result["ranking"])
    return [1.0 if s in winners else order.index(s) + 1.0 for s in range(len(result["seats"]))]


def ratings(results: list[dict[str, Any]], seed: int) -> dict[str, dict[str, float]]:
    """Plackett–Luce ratings of the entrants, from the games whose seats are all different
    entrants (the round-robin; not the greedy yardstick's), fed in a seeded shuffle."""
    try:  # the ladder's own dependency (the test extras), loaded on use
        from openskill.models import PlackettLuce
    except ImportError:
        raise SystemExit(
            "the ladder rates with openskill: pip install openskill "
            "(or the test extras: pip install -e '.[test]')"
        ) from None

    model = PlackettLuce()
    rated = {name: model.rating(name=name) for name in ENTRANTS}
    games = [
        r
        for r in results
        if len(set(r["seats"])) == len(r["seats"]) and set(r["seats"]) <= set(ENTRANTS)
    ]
    if not games:  # only 1-vs-rest rows (``--rows``): nothing to rate
        return {}
    random.Random(f"ladder:{seed}").shuffle(games)
    for game in games:
        teams = [[rated[name]] for name in game["seats"]]
        new = model.rate(teams, ranks=ranks(game))
        for name, [rating] in zip(game["seats"], new, strict=True):
            rated[name] = rating
    return {
        name: {
            "mu": r.mu,
            "sigma": r.sigma,
            "low": r.mu - Z95 * r.sigma,
            "high": r.mu + Z95 * r.sigma,
        }  # fmt: skip
        for name, r in rated.items()
        if any(name in game["seats"] for game in games)  # (``--rows``: only those who played)
    }


def row(name: str, players: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    """Each entrant's share of the wins in one part of the ladder, with its interval."""
    n = len(results)
    shares: dict[str, dict[str, float]] = {}
    for entrant in dict.fromkeys(s for r in results for s in r["seats"]):
        wins = sum(r["wins"].get(entrant, 0.0) for r in results)
        seats = sum(r["seats"].count(entrant) for r in results) / n  # seats per game
        low, high = wilson(wins, n)
        shares[entrant] = {"share": wins / n, "low": low, "high": high, "fair": seats / players}
    return {"row": name, "players": players, "games": n, "shares": shares}


def ladder(game: str, variant: Variant, games: int, seed: int, iterations: dict[str, int],
           jobs: int, greedy: bool = False, *, journal: Path | None = None,
           only: Sequence[str] = (),
           options: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """Play the ladder (``only`` these rows, if any; the games ``journal`` holds already are
    not played again, the others are added to it; every game with ``options``, at the tables
    the rules allow them); the report: ratings, rows, the work budgets, the games played and
    kept, the time it took."""
    started = time.perf_counter()
    whole = numbered(plan(variant, games, greedy, tables_for(game, variant, options or {})))
    parts = [part for part in whole if not only or part[0] in only]
    iterations_shown = {name: iterations.get(name) for name in ENTRANTS if name != RANDOM}
    settings = {"game": game, "variant": variant.id, "games_per_row": games, "seed": seed,
                "greedy": greedy, "iterations": iterations_shown}  # fmt: skip
    if options:  # (only then: the journals begun before options keep their settings line)
        settings["options"] = options
    everyone = {place: seating for *_, places in parts for place, seating in places}
    size = sum(len(places) for *_, places in whole)
    done = {} if journal is None else ladder_journal.read(journal, settings, size)
    todo = [place for place in everyone if place not in done]
    played = play_each(game, variant.id, [everyone[p] for p in todo], [seed + p for p in todo],
                       None, jobs, iterations, options) if todo else iter(())  # fmt: skip
    with ladder_journal.writer(journal, settings) as keep:
        for place, result in zip(todo, played, strict=True):
            done[place] = result
            keep(place, result)
    results = {place: game_of(everyone[place], seed + place, done[place]) for place in everyone}
    rows = [row(name, players, [results[p] for p, _ in places]) for name, players, places in parts]
    return {
        **settings,
        "ratings": ratings(list(results.values()), seed),  # the round-robin's (all different)
        "rows": rows,
        "games": len(results),
        "played": len(todo),
        "kept": len(everyone) - len(todo),  # taken from the journal
        "elapsed_s": round(time.perf_counter() - started, 1),
    }


def numbered(
    parts: list[tuple[str, int, list[tuple[str, ...]]]],
) -> list[tuple[str, int, list[tuple[int, tuple[str, ...]]]]]:
    """Each game of the plan with its place in it: its seed is the first seed + its place, and
    a journal names it by its place, whichever rows a run plays."""
    out, at = [], 0
    for name, players, part in parts:
        out.append((name, players, list(enumerate(part, start=at))))
        at += len(part)
    return out


def game_of(seats: tuple[str, ...], seed: int, result: dict[str, Any]) -> dict[str, Any]:
    """What the ratings and the rows read of one game, from a game just played or a journal."""
    winners = result["winner_seats"]
    return {"seed": seed, "seats": list(seats), "winner_seats": list(winners),
            "ranking": list(result["ranking"]), "reason": result["reason"],
            "wins": share_wins(seats, winners)}  # fmt: skip


def shipped_iterations(game: str, variant: str) -> dict[str, int]:
    """The levels' work budgets as they ship; a level without one does not search (it reads
    no clock either), so it plays the same on any machine as it is."""
    found = {level: plugin(game).iterations(level, variant) for level in ENTRANTS[1:]}
    return {level: n for level, n in found.items() if n is not None}


def _pct(value: float) -> str:
    return f"{100 * value:.0f} %"


def table(report: dict[str, Any]) -> str:
    """The report as Markdown: the ratings, then the rows (the README's strength table)."""
    work = ", ".join(f"{k} {v}" if v is not None else f"{k} (no search)"
                     for k, v in report["iterations"].items())  # fmt: skip
    options = "".join(f", {k}={json.dumps(v)}" for k, v in report.get("options", {}).items())
    lines = [
        f"Ladder of {report['game']} ({report['variant']}{options}), {report['games']} games, "
        f"{report['games_per_row']} per row, seed {report['seed']}; iterations: {work}.",
        "",
    ]
    if report["ratings"]:
        lines += ["| level | rating (openskill mu) | 95 % interval |", "|---|---|---|"]
    else:
        lines.append("No round-robin games among these rows, so no ratings.")
    for name, r in sorted(report["ratings"].items(), key=lambda kv: -kv[1]["mu"]):
        lines.append(f"| {name} | {r['mu']:.1f} | {r['low']:.1f} – {r['high']:.1f} |")
    lines += ["", "| games | players | wins (95 % interval; fair share) |", "|---|---|---|"]
    for r in report["rows"]:
        cells = "; ".join(
            f"{name} {_pct(s['share'])} ({_pct(s['low'])}–{_pct(s['high'])}; {_pct(s['fair'])})"
            for name, s in r["shares"].items()
        )
        lines.append(f"| {r['row']} ({r['games']}) | {r['players']} | {cells} |")
    return "\n".join(lines)


def block_name(report: dict[str, Any]) -> str:
    """The name of a ladder's block in the README: the game's id for its first variant, else
    ``<game>-<variant>``; an option adds ``-<key>`` (true) or ``-<key>-<value>``."""
    name = [report["game"]]
    if report["variant"] != rules_for(report["game"]).variants()[0].id or report.get("options"):
        name.append(report["variant"])
    for key, value in sorted(report.get("options", {}).items()):
        name.append(key if value is True else f"{key}-{value}")
    return "-".join(name)


def write_readme(path: Path, name: str, text: str) -> None:
    """Put ``text`` between the markers of block ``name`` in ``path`` (which must have them)."""
    begin, end = f"<!-- ladder:{name} -->", f"<!-- /ladder:{name} -->"
    old = path.read_text(encoding="utf-8")
    block = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if not block.search(old):
        raise SystemExit(f"{path}: no {begin} ... {end} block to write the ladder into")
    path.write_text(block.sub(lambda _: f"{begin}\n{text}\n{end}", old), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.ladder",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=GAME_IDS, required=True)
    parser.add_argument("--variant", help="default: the game's first (Nanuuk!: intro)")
    parser.add_argument("--games", type=int, default=200, help="games per row (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--iterations", type=_iterations, action="append", default=[],
                        metavar="LEVEL=N", help="a level's work budget in place of the "
                        "shipped one; repeatable")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=0, help="processes (0 = one per core)")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--greedy", action="store_true", help="add Easy's rows against the "
                        "one-ply greedy yardstick (not rated)")  # fmt: skip
    parser.add_argument(
        "--readme",
        type=Path,
        metavar="FILE",
        help="write the table into FILE between the game's ladder markers",
    )
    parser.add_argument("--report", type=Path, metavar="JSON", help="play nothing: take the "
                        "report a --json run printed (a ladder takes hours)")  # fmt: skip
    parser.add_argument("--journal", type=Path, metavar="FILE", help="keep each game in FILE "
                        "as it ends; started again with the same flags and FILE, the ladder "
                        "plays only the games FILE does not hold")  # fmt: skip
    parser.add_argument("--rows", action="append", default=[], metavar="NAME", help="play "
                        "only this row, named as the table names it (e.g. '1 hard v 2 normal'"
                        "); repeatable")  # fmt: skip
    add_option_flag(parser)
    args = parser.parse_args(argv)
    if args.report is not None:
        if args.journal is not None or args.rows:
            parser.error("--report plays nothing: it takes no --journal or --rows")
        return _from_report(parser, args)
    variant = check_game(parser, args.game, args.variant)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 0:
        parser.error("--jobs must be 0 (one per core) or more")
    iterations = shipped_iterations(args.game, variant.id) | dict(args.iterations)
    options = _options(parser, args.game, variant, args.option)
    tables = tables_for(args.game, variant, options)
    names = [name for name, _, _ in plan(variant, 1, args.greedy, tables)]
    for name in args.rows:
        if name not in names:
            parser.error(f"--rows: this ladder has no row {name!r} (its rows: {'; '.join(names)})")
    try:
        report = ladder(args.game, variant, args.games, args.seed, iterations, args.jobs,
                        args.greedy, journal=args.journal, only=args.rows,
                        options=options)  # fmt: skip
    except ladder_journal.Refused as exc:
        parser.error(f"--journal: {exc}")
    text = table(report)
    if args.readme is not None:
        write_readme(args.readme, block_name(report), text)
    print(json.dumps(report) if args.json else text)
    return 0


def _options(
    parser: argparse.ArgumentParser, game: str, variant: Variant, given: list[str]
) -> dict[str, Any]:
    """The ``--option`` values, as the rules read them at the first table that takes them; at
    none, an argparse error in the rules' words (as a new game of the fewest players has it)."""
    tables = all_tables(variant)
    for players in tables:
        try:
            return read_options(game, variant, players, given)
        except ValueError:
            continue
    return check_options(parser, game, variant, tables[0], given)


def _from_report(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The table of a saved ``--json`` report, for the same ``--game``."""
    try:
        report = json.loads(args.report.read_text(encoding="utf-8"))
        text = table(report)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        parser.error(f"--report: {args.report} is not a ladder's --json report ({exc})")
    if report["game"] != args.game:
        parser.error(f"--report: {args.report} is {report['game']}'s ladder, not {args.game}'s")
    if args.readme is not None:
        write_readme(args.readme, block_name(report), text)
    print(json.dumps(report) if args.json else text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
