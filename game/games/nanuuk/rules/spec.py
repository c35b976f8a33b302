"""What one game of Nanuuk! is made of: its variant, options, movers, placement and floe.

A :class:`Spec` is fixed for a whole game and shared by all its states. It compares and hashes by
what defines it (variant, names, seed, options); the tables derived from those are cached.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any

from game.games.nanuuk.rules.actions import Choose, choose_action
from game.games.nanuuk.rules.board import Board, shared_board
from game.games.nanuuk.rules.level import SetUp, check_setup, default_level, setup_from_dict
from game.protocol.base import NewGame, Variant, VariantOption, seeded_rng

HUNTER, BEAR, INUK = "hunter", "bear", "Inuk"
SHARED = -1  # owner of the bears in "Two Inuit fear a polar bear" (every player moves them)

INTRO, PARTNER, NEIGHBOURHOOD, HELPERS = "intro", "partner", "neighbourhood", "helpers"
BEAR_HUNT, BEAR_FEAR, FULL = "bear-hunt", "bear-fear", "full"


def _flag(key: str, text: str, seats: tuple[int, ...] = ()) -> VariantOption:
    return VariantOption(key, False, (False, True), text, seats)


BEAR_OPTIONS = (
    _flag("a", "(a) with two steps, a crack after each step"),
    _flag("b", "(b) the polar bear must always move twice"),
    _flag("c", "(c) the polar bear may also stay; a crack arises at its own field"),
)
VARIANTS = (
    Variant(INTRO, "Game of Introduction", 2, 4),
    Variant(PARTNER, "Game with a Partner", 4, 4),
    Variant(
        NEIGHBOURHOOD,
        "Neighbourhood Variant",
        4,
        4,
        (
            VariantOption(
                "winner", "left", ("left", "right"), "whose neighbour is stuck first wins (N14)"
            ),
        ),
    ),
    Variant(HELPERS, "Helpers Variant", 2, 2),
    Variant(
        BEAR_HUNT,
        "Two Inuit Hunt a Polar Bear",
        2,
        3,
        (
            *BEAR_OPTIONS,
            _flag(
                "d", "(d) 3 players: after the bear is enclosed the Inuit fight for the fur", (3,)
            ),
            _flag("e", "(e) 2 players: the Inuit player moves only one of his Inuit", (2,)),
        ),
    ),
    Variant(
        BEAR_FEAR,
        "Two Inuit Fear a Polar Bear",
        2,
        2,
        (VariantOption("bears", 1, (1, 2, 3), "how many polar bears (N18)"), *BEAR_OPTIONS),
    ),
    Variant(
        FULL,
        "Nanuuk!",
        2,
        4,
        (
            _flag("two-hunters", "2 players: two hunters each, on the whole floe", (2,)),
            _flag("variant-1", "Variant 1: with husky + sledge, one crack or one per step"),
            _flag("variant-2", "Variant 2: social cracks that leave every hunter a way home"),
            VariantOption("cracks", 0, (), "Variant 3: this many cracks laid at random first",
                          menu=(0, 4, 8, 12, 16)),
            VariantOption("crack-list", [], (), "Variant 3: cracks laid first, as 'F1|F2'"),
            VariantOption("setup", "", (), "a printed set-up (2p, 3p, 4p) or a free-style one"),
        ),
    ),
)


@dataclass(frozen=True)
class Mover:
    """A piece a player moves: a hunter, or in the introduction variants an Inuk or a bear."""

    id: str  # "hunter 1", "bear", "Inuk 2"
    seat: int  # SHARED for the bears everyone moves (N18)
    kind: str


@dataclass(frozen=True)
class Spec:
    variant: str
    names: tuple[str, ...]
    seed: int
    options_json: str  # the normalised options, as canonical JSON (hashable)
    options: dict[str, Any] = field(compare=False, hash=False, default_factory=dict)
    board: Board = field(compare=False, hash=False, default=None)  # type: ignore[assignment]
    movers: tuple[Mover, ...] = field(compare=False, hash=False, default=())
    index: dict[str, int] = field(compare=False, hash=False, default_factory=dict)
    placing: tuple[tuple[int, str | None], ...] = field(compare=False, hash=False, default=())
    pieces: dict[str, int] = field(compare=False, hash=False, default_factory=dict)
    cracks: int = field(compare=False, hash=False, default=0)
    _seats: dict[int, tuple[int, ...]] = field(compare=False, hash=False, default_factory=dict)
    # read of the above once, not at every turn: the number of players, and whether cracks are
    # social (N28 variant 2, the full game's option)
    players: int = field(init=False, compare=False, hash=False, default=0)
    social_cracks: bool = field(init=False, compare=False, hash=False, default=False)
    # the movers of each seat (``of_seat`` of every seat), and the turn flow's short cut from
    # the crack that ends a move to the next turn: "intro" (two players), "hunt" (the full
    # game) or "" (none: ``turn._crack``)
    seat_movers: tuple[tuple[int, ...], ...] = field(init=False, compare=False, hash=False)
    short_cut: str = field(init=False, compare=False, hash=False, default="")
    # per seat the choice between all his movers (``Choose`` each, in ``seat_movers`` order):
    # the legal list at most turns' start of a game with two movers each
    seat_choices: tuple[tuple[Choose, ...], ...] = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        _set = object.__setattr__
        _set(self, "players", len(self.names))
        _set(self, "social_cracks", self.variant == FULL and bool(self.options.get("variant-2")))
        seats: list[list[int]] = [[] for _ in range(self.players)]  # ``of_seat`` of each
        for i, m in enumerate(self.movers):
            if m.seat != SHARED:
                seats[m.seat].append(i)
        _set(self, "seat_movers", tuple(map(tuple, seats)))
        self._seats.update(enumerate(self.seat_movers))
        cut = {FULL: "hunt", INTRO: "intro" if self.players == 2 else ""}.get(self.variant, "")
        _set(self, "short_cut", cut)
        who = self.movers
        choices = [tuple([choose_action(who[i].id) for i in m]) for m in self.seat_movers]
        _set(self, "seat_choices", tuple(choices))

    def opt(self, key: str) -> Any:
        return self.options[key]

    def of_seat(self, seat: int) -> tuple[int, ...]:
        """The movers of ``seat`` (by index); cached, it is asked on every turn."""
        found = self._seats.get(seat)
        if found is None:
            found = self._seats[seat] = tuple(
                i for i, m in enumerate(self.movers) if m.seat == seat
            )
        return found


def make_spec(game: NewGame) -> Spec:
    """Check what the variant's options must be beyond their choices and build the game's
    fixed tables."""
    variant_id, names, opts = game.variant.id, game.names, game.options
    _check_options(game)
    mode = _mode(variant_id, len(names), opts)
    board = board_for(mode)
    movers, placing = _line_up(variant_id, len(names), opts.get("bears"), opts.get("two-hunters"))
    pieces = _pieces(variant_id, mode, len(names), opts)
    spec = Spec(
        variant_id,
        names,
        game.seed,
        json.dumps(opts, sort_keys=True),
        opts,
        board,
        movers,
        {m.id: i for i, m in enumerate(movers)},
        placing,
        pieces,
    )
    cracks = _initial_cracks(spec)
    object.__setattr__(spec, "cracks", cracks)
    return spec


def _check_options(game: NewGame) -> None:
    variant, opts, players = game.variant, game.options, game.players
    if variant.id == BEAR_HUNT and opts["d"] and players != 3:
        raise ValueError("nanuuk bear-hunt: option d is for three players")
    if variant.id == BEAR_HUNT and opts["e"] and players != 2:
        raise ValueError("nanuuk bear-hunt: option e is for two players")
    if variant.id == FULL:
        if opts["two-hunters"] and players != 2:
            raise ValueError("nanuuk full: two-hunters is for two players")
        game.whole_number("cracks", 60)
        if not isinstance(opts["crack-list"], list):
            raise ValueError("nanuuk full: crack-list must be a list like ['F1|F2']")
        if not isinstance(opts["setup"], str | dict):
            raise ValueError("nanuuk full: setup must be a set-up name or a free-style set-up")


def _mode(variant_id: str, players: int, opts: dict[str, Any]) -> str:
    """Which fields are in play (N2, N3, N34)."""
    if variant_id in (BEAR_HUNT, BEAR_FEAR):
        return "region"
    if variant_id == FULL:
        return full_game_mode(players, opts["two-hunters"])
    return "no-dots" if players == 3 else "all"


def full_game_mode(players: int, two_hunters: bool = False) -> str:
    """N2: the 2-player (one hunter each) and the 3-player full game leave out the ~~ fields."""
    return "no-waves" if players == 3 or (players == 2 and not two_hunters) else "all"


@functools.cache
def _line_up(
    variant_id: str, players: int, bears: int | None, two_hunters: bool | None
) -> tuple[tuple[Mover, ...], tuple[tuple[int, str | None], ...]]:
    """``_movers`` of the options they depend on, made once for each (the movers are values,
    shared by the games that have them)."""
    return _movers(variant_id, players, {"bears": bears, "two-hunters": two_hunters})


def _movers(
    variant_id: str, players: int, opts: dict[str, Any]
) -> tuple[tuple[Mover, ...], tuple[tuple[int, str | None], ...]]:
    """The movers and the placement order as (seat, kind or None for any of his pieces)."""
    if variant_id == BEAR_HUNT:
        inuk_seats = (0, 1) if players == 3 else (0, 0)
        movers: tuple[Mover, ...] = (
            Mover("Inuk 1", inuk_seats[0], INUK),
            Mover("Inuk 2", inuk_seats[1], INUK),
            Mover("bear", players - 1, BEAR),
        )
        return movers, tuple((m.seat, m.kind) for m in movers)  # N16: in that order
    if variant_id == BEAR_FEAR:
        bears = tuple(Mover(f"bear {i + 1}", SHARED, BEAR) for i in range(opts["bears"]))
        inuit = (Mover("Inuk 1", 0, INUK), Mover("Inuk 2", 1, INUK))
        order = tuple((i % 2, BEAR) for i in range(len(bears))) + ((0, INUK), (1, INUK))
        return bears + inuit, order  # N18: bears first, the players alternating
    if variant_id == HELPERS:
        helpers = (
            Mover("bear 1", 0, BEAR),
            Mover("Inuk 1", 0, INUK),
            Mover("bear 2", 1, BEAR),
            Mover("Inuk 2", 1, INUK),
        )
        return helpers, ((0, None), (1, None), (1, None), (0, None))  # N15 as N10
    two_each = players == 2 and (variant_id == INTRO or opts.get("two-hunters", False))
    per_seat = 2 if two_each else 1
    movers = tuple(
        Mover(f"hunter {s * per_seat + k + 1}", s, HUNTER)
        for s in range(players)
        for k in range(per_seat)
    )
    if two_each:  # N10 (and N30 for the full game): A one, B two, A his second
        return movers, ((0, HUNTER), (1, HUNTER), (1, HUNTER), (0, HUNTER))
    return movers, tuple((s, HUNTER) for s in range(players))


@functools.cache
def board_for(mode: str) -> Board:
    """The floe of the shipped level with the fields in play for ``mode`` (N2, N3, N34)."""
    level = default_level()
    return shared_board(level.floe.rows, level.in_play(mode))


def _pieces(variant_id: str, mode: str, players: int, opts: dict[str, Any]) -> dict[str, int]:
    """N4/N29: the animals, Inuit and bears on the floe at the start of the full game."""
    if variant_id != FULL:
        return {}
    level = default_level()
    chosen = opts["setup"]
    if isinstance(chosen, dict):
        return _masks(setup_from_dict(level.floe, chosen, "option setup"), board_for(mode))
    name = chosen or ("4p" if players == 4 or opts["two-hunters"] else f"{players}p")
    if name not in level.setups:
        raise ValueError(f"nanuuk full: unknown set-up {name!r} (known: {list(level.setups)})")
    return dict(_printed(name, mode))


@functools.cache
def _printed(name: str, mode: str) -> tuple[tuple[str, int], ...]:
    return tuple(_masks(default_level().setups[name], board_for(mode)).items())


def _masks(setup: SetUp, board: Board) -> dict[str, int]:
    _check(default_level(), setup, board)
    return {kind: sum(1 << f for f in fields) for kind, fields in setup.pieces.items()}


def _check(level: Any, setup: SetUp, board: Board) -> None:
    fatal = [p.message for p in check_setup(level, setup, board.in_play) if p.fatal]
    if fatal:
        raise ValueError(f"nanuuk set-up {setup.name!r}: " + "; ".join(fatal))


def _initial_cracks(spec: Spec) -> int:
    """N28 variant 3: cracks on the floe before the game (listed, and/or seeded at random)."""
    if spec.variant != FULL:
        return 0
    board, floe = spec.board, spec.board.floe
    cracks = 0
    for text in spec.opt("crack-list"):
        a, sep, b = str(text).partition("|")
        try:
            cracks |= board.edge(floe.field(a), floe.field(b))
        except KeyError as exc:
            raise ValueError(f"nanuuk full: crack-list entry {text!r}: {exc.args[0]}") from None
    if not spec.opt("cracks"):
        return cracks  # none at random (most games: no need to sort the edges, seed a draw)
    free = [e for e in sorted(board.edges) if not cracks & e]
    for e in seeded_rng(spec.seed, "cracks").sample(free, min(spec.opt("cracks"), len(free))):
        cracks |= e
    return cracks
