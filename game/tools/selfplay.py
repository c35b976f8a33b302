"""Self-play statistics: ``python -m game.tools.selfplay --game <id> --bots normal``.

Plays seeded games of bots against each other (headless, on all cores) and reports how long the
games last and how they end: turns per player (median, quartiles, range), the outcome reasons
(Kap Hoorn: ``roses``, ``finish``, ``rounds``), and the mean and longest decision time. It is
the tool the level data of a game is tuned with (K1 asks Kap Hoorn's chart to give 4-player
games of 25-45 turns each).

A thin front end to :mod:`game.tools.tournament`: the same games, but the seats stay fixed
(seat ``i`` plays ``--bots``'s i-th level) and the report is about the games, not the bots.
Each level thinks with its default budget (``game.protocol.bots.BUDGETS``); ``--option
KEY=VALUE`` (repeatable) plays every game with that variant option.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.play.registry import IDS as GAME_IDS
from game.tools.tournament import (
    BOT_NAMES,
    add_option_flag,
    check_game,
    check_options,
    parse_bots,
    play_each,
    play_one,
    summary,
)

__all__ = ["main", "play_one", "summary"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.selfplay", description=__doc__)
    parser.add_argument("--game", choices=GAME_IDS, required=True)
    parser.add_argument("--variant", help="default: the game's first (Nanuuk!: intro)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="normal", help="one level for all, or one per seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0, help="processes (0 = one per core)")
    add_option_flag(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    variant = check_game(parser, args.game, args.variant)
    levels = parse_bots(parser, args.bots)
    if len(levels) == 1:
        levels *= args.players
    if len(levels) != args.players or args.games < 1 or args.jobs < 0:
        parser.error(
            f"--bots: one or {args.players} of {', '.join(BOT_NAMES)}; --games >= 1; --jobs >= 0"
        )
    if not variant.min_players <= args.players <= variant.max_players:
        parser.error(
            f"--players: {args.game} {variant.id} is for {variant.min_players}-"
            f"{variant.max_players} players, not {args.players}"
        )
    options = check_options(parser, args.game, variant, args.players, args.option)
    seeds = range(args.seed, args.seed + args.games)
    games = [levels] * args.games
    results = list(play_each(args.game, variant.id, games, seeds, jobs=args.jobs, options=options))
    report = {"game": args.game, "variant": variant.id, "bots": list(levels), "options": options}
    report |= summary(results)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
