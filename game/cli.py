"""The command line (documented in the README): parse flags into ``Options`` and run.

Every flag is checked at the door: a wrong value or combination, a path that will not do, gets
one line saying what is wrong and exit code 2, before a window opens.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from game.i18n import LANGUAGES
from game.persist.paths import (
    data_folder_problem,
    default_data_dir,
    file_problem,
    output_file_problem,
)
from game.play.config import HUMAN, GameConfig, Seat, new_seed, parse_option
from game.play.registry import games, ids, plugin

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries the JSON outcome only


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r}: width 320-7680 and height 240-4320, please")
    return w, h


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be a number greater than 0")
    return value


def _port(text: str) -> int:
    """``--phones-port``: a port the phones' server may listen on (as the settings' check)."""
    from game.persist.settings import port_problem

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number like 8765") from None
    problem = port_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return value


MAX_SPEED = 1000.0  # beyond, one frame would run millions of logic steps: a frozen window


def _speed(text: str) -> float:
    value = _positive(text)
    if value > MAX_SPEED:
        raise argparse.ArgumentTypeError(f"{text!r}: at most {MAX_SPEED:g}, please")
    return value


class Parser(argparse.ArgumentParser):
    """Refuses in one line (what is wrong, and where the flags are listed), not argparse's
    usage block: a kiosk's start-up log or a shell script then says exactly what to fix."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {one_line(message)} (--help lists the flags)\n")


def one_line(text: str) -> str:
    """``text`` with its control characters escaped (a value given with a newline in it), so
    the message stays one line whatever was typed."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def program() -> str:
    """The command the game was started with, as its messages name it: the installed
    ``speltafel`` (``speltafel.exe`` on Windows) or, from the repository, ``python main.py``."""
    return "speltafel" if Path(sys.argv[0]).stem == "speltafel" else "python main.py"


def _listed(titles: list[str]) -> str:
    """``A, B and C`` (the help is in English, as the flags are)."""
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


def parse_players(
    text: str, levels: tuple[str, ...], default_names: list[str] | None = None
) -> tuple[Seat, ...]:
    """``human,ai:easy,Ben=ai:normal`` -> seats, each computer at one of ``levels`` (the game's
    bot levels, ``GamePlugin.levels``); raises ValueError with a clear message."""
    seats = []
    for i, raw in enumerate(p.strip() for p in text.split(",")):
        name, _, kind = raw.rpartition("=")
        kind = kind.strip().lower()
        if kind.startswith("ai:"):
            level = kind[3:]
            if not levels:
                raise ValueError(f"{raw!r}: the game has no computer players (only human)")
            if level not in levels:
                raise ValueError(
                    f"unknown AI level {level!r} in {raw!r} (the game's: {', '.join(levels)})"
                )
            kind = level
        elif kind != HUMAN:
            kinds = ", ".join([HUMAN, *(f"ai:{level}" for level in levels)])
            raise ValueError(f"unknown player {raw!r}: use {kinds}")
        fallback = (default_names or [])[i] if default_names and i < len(default_names) else ""
        # no name: the seat's default in the table's language ("Spieler 2"), given when the
        # language is known (GameConfig.named)
        seats.append(Seat(name.strip() or fallback, kind))
    named = [s.name for s in seats if s.name]
    if len(set(named)) != len(named):
        raise ValueError("two players have the same name")
    return tuple(seats)


def default_players(levels: tuple[str, ...], players: int) -> str:
    """You and as few computers as ``players`` needs (at "normal", or the game's first level);
    only people for a game without bots."""
    if not levels:
        return ",".join([HUMAN] * players)
    level = "normal" if "normal" in levels else levels[0]
    return ",".join([HUMAN] + [f"ai:{level}"] * (players - 1))


def build_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog=program(),
        description=f"Speltafel: {_listed([g.title for g in games()])} on one screen.",
    )
    g = p.add_argument_group("start a game directly (skips the menus)")
    g.add_argument("--game", choices=ids(), help="which game to start")  # as registered now
    g.add_argument("--variant", help="the game's variant id (default: its first)")
    g.add_argument(
        "--players",
        help="comma list of seats: human or ai:LEVEL (the game's levels, e.g. ai:easy, "
        "ai:normal, ai:hard), optionally Name=kind (default: you and as few computer players "
        "as the variant needs)",
    )
    g.add_argument("--seed", type=int, help="seed for the game (default: random)")
    g.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a variant option"
    )
    g.add_argument(
        "--guided", action="store_true", help="a guided first game: the next choice is pointed at"
    )
    r = p.add_argument_group("running")
    r.add_argument("--speed", type=_speed, default=1.0, help="game-time multiplier (e.g. 20)")
    r.add_argument(
        "--exit-when-over", action="store_true", help="print the outcome as JSON and exit"
    )
    r.add_argument("--screenshot", type=Path, metavar="PATH", help="save the last frame on exit")
    r.add_argument("--quit-after", type=_positive, metavar="SECONDS", help="quit after game time")
    r.add_argument("--replay", type=Path, metavar="FILE", help="watch a replay file (a .json)")
    d = p.add_argument_group("display and data")
    d.add_argument("--fullscreen", action="store_true", default=None, help="start fullscreen")
    d.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x720")
    d.add_argument("--data-dir", type=Path, metavar="PATH", help="folder for settings and logs")
    d.add_argument("--lang", choices=sorted(LANGUAGES), help="language for this run")
    d.add_argument(
        "--phones-port",
        type=_port,
        metavar="PORT",
        help="the port phones join on (default: the settings' phones_port, 8765)",
    )
    k = p.add_argument_group("kiosk mode (an unattended station at a game event)")
    k.add_argument(
        "--kiosk",
        action="store_true",
        help="fullscreen kiosk with attract mode; only its admin menu (or --quit-after) quits",
    )
    k.add_argument(
        "--kiosk-config",
        type=Path,
        metavar="PATH",
        help="the kiosk configuration (default: kiosk.toml in the data folder)",
    )
    k.add_argument(
        "--supervise",
        action="store_true",
        help="with --kiosk: run the kiosk as a child process and restart it after a crash",
    )
    return p


def check_kiosk(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Kiosk mode runs the menus and attract mode itself: no direct game, no exit at the end."""
    for flag in ("kiosk_config", "supervise"):
        if getattr(args, flag) not in (None, False) and not args.kiosk:
            parser.error(f"--{flag.replace('_', '-')} needs --kiosk")
    if not args.kiosk:
        return
    for flag in ("game", "exit_when_over", "replay"):
        if getattr(args, flag):
            parser.error(f"--{flag.replace('_', '-')} cannot be used with --kiosk")


def check_paths(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """The paths must do what they are for; see ``game.persist.paths``."""
    checks = (
        ("--data-dir", args.data_dir, data_folder_problem),
        ("--kiosk-config", args.kiosk_config, file_problem),
        ("--replay", args.replay, file_problem),
        ("--screenshot", args.screenshot, output_file_problem),
    )
    for flag, path, check in checks:
        problem = check(path) if path is not None else None
        if problem is not None:
            parser.error(f"{flag} {path}: {problem}")


def check_running(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Flags that would make no sense together."""
    if args.exit_when_over and args.game is None:
        parser.error("--exit-when-over needs --game (only a game comes to an end)")
    if args.fullscreen and args.size is not None:
        parser.error("--size gives a window; it cannot be used with --fullscreen")


def game_config(args: argparse.Namespace, parser: argparse.ArgumentParser) -> GameConfig | None:
    if args.game is None:
        for flag in ("variant", "players", "seed"):
            if getattr(args, flag) is not None:
                parser.error(f"--{flag} needs --game")
        if args.option:
            parser.error("--option needs --game")
        if args.guided:
            parser.error("--guided needs --game")
        return None
    game = plugin(args.game)
    if args.guided and not game.scene().guides():
        parser.error(f"--guided: {game.title} has no guided first game")
    rules = game.rules
    try:
        variant = rules.variant(args.variant or rules.variants()[0].id)
    except ValueError as exc:
        parser.error(f"--variant {args.variant}: {exc}")
    default = default_players(game.levels, variant.min_players)
    try:
        seats = parse_players(args.players or default, game.levels)
    except ValueError as exc:
        parser.error(f"--players {args.players}: {exc}")
    try:
        options = dict(parse_option(o) for o in args.option)
    except ValueError as exc:
        parser.error(f"--option: {exc}")
    known = {o.key for o in variant.options}
    for key in options:
        if key not in known:
            parser.error(
                f"--option {key}: unknown option for {args.game} {variant.id} "
                f"(known: {sorted(known)})"
            )
    if not variant.min_players <= len(seats) <= variant.max_players:
        parser.error(
            f"{game.title} needs {variant.min_players}-{variant.max_players} players, "
            f"--players gave {len(seats)}"
        )
    seed = args.seed if args.seed is not None else new_seed()
    try:  # the rules check the option values and their combination (e.g. Nanuuk! bear-hunt d)
        names = [s.name or f"Player {i + 1}" for i, s in enumerate(seats)]  # only to check
        rules.new_game(variant.id, names, seed=seed, options=options)
    except ValueError as exc:
        parser.error(f"--option: {exc}")
    from game.ui.theme import seat_colours

    colours = [c for c, _ in seat_colours()]
    seats = tuple(Seat(s.name, s.kind, colours[i % len(colours)]) for i, s in enumerate(seats))
    return GameConfig(args.game, variant.id, seats, seed, options, guided=args.guided)


def parse_args(argv: list[str] | None = None):  # -> game.app.Options
    from game.app import Options

    parser = build_parser()
    args = parser.parse_args(argv)
    check_kiosk(args, parser)
    if args.replay is not None and args.game is not None:
        parser.error("--replay cannot be used with --game")
    check_running(args, parser)
    config = game_config(args, parser)
    check_paths(args, parser)  # last: it makes a missing data folder
    return Options(
        game=config,
        speed=args.speed,
        exit_when_over=args.exit_when_over,
        screenshot=args.screenshot,
        quit_after=args.quit_after,
        fullscreen=args.fullscreen,
        size=args.size,
        data_dir=args.data_dir,
        language=args.lang,
        phones_port=args.phones_port,
        kiosk=args.kiosk,
        kiosk_config=args.kiosk_config,
        replay=args.replay,
        supervise=args.supervise,
    )


def check_default_data_folder(options: Any) -> None:
    """Without ``--data-dir``, the platform's data folder must do too (the same check): a
    read-only one would otherwise fail later, when a damaged file cannot be moved aside."""
    if options.data_dir is not None:
        return
    folder = default_data_dir()
    try:  # the platform's own folder is made with its parents (a new account has none yet)
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the check says what is wrong
    problem = data_folder_problem(folder)
    if problem is not None:
        build_parser().error(f"the data folder {folder}: {problem} (--data-dir gives another)")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    options = parse_args(argv)  # the supervisor checks the flags too: its child gets them
    check_default_data_folder(options)
    if options.supervise:
        from game.kiosk.supervisor import supervise
        from game.persist.paths import data_dir

        return supervise(argv, data_dir(options.data_dir))
    from game.app import run

    return run(options)


def entry() -> None:
    sys.exit(main())
