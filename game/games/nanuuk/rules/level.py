"""The Nanuuk! level: floe, bear-hunt region and printed set-ups from ``levels/nanuuk/floe.toml``.

Rulings N1-N5 and N29. Everything is validated on load; a broken file raises ``LevelError``
naming the file, the place and the problem. :func:`check_setup` applies the free-style
construction rules (N4, N5, N29) to any set-up, printed or built by the players.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.games.nanuuk.rules.board import DOTS, ICE, IGLOO, WAVES, Floe
from game.protocol.base import LevelError, read_level
from game.resources import level

FLOE_FILE: Final = level("nanuuk", "floe.toml")

PIECE_KINDS: Final = ("bears", "fish", "seals", "walruses", "whales", "inuit")
SINGULAR: Final = {
    "bears": "bear",
    "fish": "fish",
    "seals": "seal",
    "walruses": "walrus",
    "whales": "whale",
    "inuit": "Inuk",
}
MATERIAL: Final = {  # N4: the rulebook's material for each printed set-up
    "2p": {"bears": 2, "fish": 3, "seals": 4, "walruses": 4, "whales": 3, "inuit": 3},
    "3p": {"bears": 2, "fish": 4, "seals": 4, "walruses": 4, "whales": 3, "inuit": 4},
    "4p": {"bears": 3, "fish": 6, "seals": 6, "walruses": 6, "whales": 3, "inuit": 4},
}
BOX: Final = {"bears": 3, "fish": 6, "seals": 6, "walruses": 6, "whales": 3, "inuit": 4}
SETUP_MODES: Final = {"2p": "no-waves", "3p": "no-waves", "4p": "all"}  # N2: fields in play
MODES: Final = ("all", "no-dots", "no-waves", "region")

FIELDS_MIN, FIELDS_MAX = 55, 70  # N1
IGLOOS: Final = 3
DOTS_MIN, DOTS_MAX = 7, 8  # N2
WAVES_MIN, WAVES_MAX = 8, 14  # N2
REGION_SIZE: Final = 24  # N3

KIND_NAMES: Final = {
    ICE: "an ice field",
    IGLOO: "an igloo",
    DOTS: "a three-dots field",
    WAVES: "a ~~ field",
}


def _kind_name(symbol: str) -> str:
    return KIND_NAMES.get(symbol, repr(symbol))


@dataclass(frozen=True)
class SetUp:
    """Where the pieces start: kind -> sorted bit indices; every kind is present (maybe empty)."""

    name: str
    pieces: dict[str, tuple[int, ...]]

    def to_dict(self, floe: Floe) -> dict[str, list[str]]:
        """Kind -> field labels; :func:`setup_from_dict` turns it back into this set-up."""
        return {kind: [floe.label(b) for b in self.pieces.get(kind, ())] for kind in PIECE_KINDS}

    def count(self, kind: str) -> int:
        return len(self.pieces.get(kind, ()))


PROBLEMS: Final = {  # a construction problem's English text per code (the editor translates)
    "box": "{count} {kind}, but the box holds only {limit}",
    "two": "two pieces on {field} ({first} and {second})",
    "water": "{piece} at {field} is on water",
    "unused": "{piece} on {field} is not in play in this game ({field_kind})",
    "igloo": "{piece} on {field} is on an igloo",
    "near_igloo": "{piece} on {field} is next to the igloo {other}",
    "whale_inuk": "whale on {field} is next to the Inuk on {other}",
    "side_by_side": "{piece} on {field} is next to the {piece} on {other} "
    "(allowed only when the set-up leaves no other choice)",
}


@dataclass(frozen=True)
class Problem:
    """One broken construction rule (N4, N5, N29): a ``code`` of :data:`PROBLEMS` and its
    ``params`` (piece kinds as in :data:`PIECE_KINDS`, fields as labels); ``fatal=False`` is a
    warning (allowed in free-style)."""

    code: str
    params: dict[str, Any]
    fatal: bool

    @property
    def message(self) -> str:
        """The problem in English, for ``LevelError`` and developers."""
        params = dict(self.params)
        for key in ("first", "second"):
            if key in params:
                params[key] = SINGULAR[params[key]]
        if "kind" in params:
            params["piece"] = SINGULAR[params["kind"]]
        if "field_kind" in params:
            params["field_kind"] = _kind_name(params["field_kind"])
        return PROBLEMS[self.code].format(**params)

    @property
    def fields(self) -> tuple[str, ...]:
        """The labels of the fields concerned (the editor marks them)."""
        return tuple(self.params[k] for k in ("field", "other") if k in self.params)


@dataclass(frozen=True)
class Level:
    source: str
    floe: Floe
    region: frozenset[int]
    setups: dict[str, SetUp]  # "2p", "3p", "4p"

    def in_play(self, mode: str) -> frozenset[int]:
        """The fields of one game (N2, N3): "all", "no-dots", "no-waves" or "region"."""
        if mode == "all":
            return frozenset(self.floe.kinds)
        if mode == "no-dots":
            return frozenset(b for b, k in self.floe.kinds.items() if k != DOTS)
        if mode == "no-waves":
            return frozenset(b for b, k in self.floe.kinds.items() if k != WAVES)
        if mode == "region":
            return self.region
        raise ValueError(f"unknown mode {mode!r} (known: {', '.join(MODES)})")


def load_level(path: Path | str | None = None) -> Level:
    """Read and validate a floe file (the shipped one by default); errors raise LevelError."""
    file = Path(path) if path is not None else FLOE_FILE
    return parse_level(read_level(file), str(file))


@functools.cache
def default_level() -> Level:
    return load_level()


def parse_level(data: dict[str, Any], source: str) -> Level:
    floe = _parse_map(data.get("map"), source)
    _check_floe(floe, source)
    region = _parse_region(floe, data.get("region"), source)
    level = Level(source, floe, region, {})
    raw = data.get("setups")
    if not isinstance(raw, dict):
        raise LevelError(f"{source}: setups: expected tables [setups.2p], [setups.3p], [setups.4p]")
    unknown = sorted(set(raw) - set(MATERIAL))
    if unknown:
        raise LevelError(
            f"{source}: setups: unknown set-up {unknown[0]!r} (known: {', '.join(MATERIAL)})"
        )
    for name in MATERIAL:
        if name not in raw:
            raise LevelError(f"{source}: setups: missing set-up {name!r}")
        place = f"setups.{name}"
        setup = _parse_setup(floe, raw[name], source, place, name)
        for kind, needed in MATERIAL[name].items():
            if setup.count(kind) != needed:
                raise LevelError(
                    f"{source}: {place}.{kind}: {setup.count(kind)} pieces, "
                    f"needs exactly {needed} (N4)"
                )
        problems = check_setup(level, setup, level.in_play(SETUP_MODES[name]))
        if problems:  # printed set-ups are strict: warnings count too
            raise LevelError(f"{source}: {place}: " + "; ".join(p.message for p in problems))
        level.setups[name] = setup
    return level


# -- the map ------------------------------------------------------------------------------------
def _parse_map(raw: object, source: str) -> Floe:
    if isinstance(raw, str):
        rows = raw.split("\n")
        while rows and not rows[0].strip():
            rows.pop(0)
        while rows and not rows[-1].strip():
            rows.pop()
    elif isinstance(raw, list) and all(isinstance(row, str) for row in raw):
        rows = list(raw)
    else:
        raise LevelError(f"{source}: map: expected a multi-line string or a list of row strings")
    for number, row in enumerate(rows, 1):
        if not row.strip():
            raise LevelError(f"{source}: map row {number}: empty row (draw water as '.')")
    try:
        return Floe.from_rows(rows)
    except ValueError as exc:
        raise LevelError(f"{source}: map {exc}") from None


def _outline(floe: Floe, bit: int) -> bool:
    return len(floe.neighbours(bit)) < 6


def _check_floe(floe: Floe, source: str) -> None:
    """N1, N2: size, igloos, the three-dots row and the ~~ fields."""
    where = f"{source}: map"
    total = len(floe.kinds)
    if not FIELDS_MIN <= total <= FIELDS_MAX:
        raise LevelError(f"{where}: {total} fields, needs {FIELDS_MIN}-{FIELDS_MAX} (N1)")
    igloos = sorted(floe.of_kind(IGLOO))
    if len(igloos) != IGLOOS:
        raise LevelError(f"{where}: {len(igloos)} igloos, needs exactly {IGLOOS} (N1)")
    for igloo in igloos:
        around = floe.neighbours(igloo)
        if len(around) < 6:
            raise LevelError(
                f"{where}: igloo {floe.label(igloo)} lies on the outline; "
                "an igloo needs six ice neighbours"
            )
        for n in around:
            if floe.kinds[n] != ICE:
                raise LevelError(
                    f"{where}: igloo {floe.label(igloo)} is next to {_kind_name(floe.kinds[n])} "
                    f"({floe.label(n)}); an igloo needs six ice neighbours"
                )
    dots = sorted(floe.of_kind(DOTS))
    if not DOTS_MIN <= len(dots) <= DOTS_MAX:
        raise LevelError(
            f"{where}: {len(dots)} three-dots fields, needs one row of {DOTS_MIN}-{DOTS_MAX} (N2)"
        )
    rows = {floe.coords[b][0] for b in dots}
    columns = sorted(floe.coords[b][1] for b in dots)
    if len(rows) != 1 or columns != list(range(columns[0], columns[0] + len(columns))):
        raise LevelError(f"{where}: the three-dots fields must form one unbroken row (N2)")
    for b in dots:
        if not _outline(floe, b):
            raise LevelError(
                f"{where}: three-dots field {floe.label(b)} is not on the outline; "
                "they form an outer row (N2)"
            )
    waves = sorted(floe.of_kind(WAVES))
    if not WAVES_MIN <= len(waves) <= WAVES_MAX:
        raise LevelError(f"{where}: {len(waves)} ~~ fields, needs {WAVES_MIN}-{WAVES_MAX} (N2)")
    for b in waves:
        if not _outline(floe, b):
            raise LevelError(f"{where}: ~~ field {floe.label(b)} is not on the outline (N2)")
    games = (("whole floe", ""), ("floe without three-dots", DOTS), ("floe without ~~", WAVES))
    for game, unused in games:
        fields = frozenset(b for b, k in floe.kinds.items() if k != unused)
        cut = _cut_off(floe, fields)
        if cut is not None:
            raise LevelError(f"{where}: the {game} falls apart: {floe.label(cut)} is cut off")


def _cut_off(floe: Floe, fields: frozenset[int]) -> int | None:
    """A field of ``fields`` not connected to the lowest one, or None if they are connected."""
    if not fields:
        return None
    start = min(fields)
    seen = {start}
    todo = [start]
    while todo:
        f = todo.pop()
        for g in floe.neighbours(f):
            if g in fields and g not in seen:
                seen.add(g)
                todo.append(g)
    rest = sorted(fields - seen)
    return rest[0] if rest else None


# -- the region ---------------------------------------------------------------------------------
def _parse_region(floe: Floe, raw: object, source: str) -> frozenset[int]:
    """N3: exactly 24 connected ordinary ice fields, in play in every game."""
    if not isinstance(raw, list):
        raise LevelError(f"{source}: region: expected a list of {REGION_SIZE} field labels")
    fields: list[int] = []
    for i, label in enumerate(raw):
        b = _field(floe, label, f"{source}: region[{i}]")
        if floe.kinds[b] != ICE:
            raise LevelError(
                f"{source}: region[{i}]: {floe.label(b)} is {_kind_name(floe.kinds[b])}; "
                "the region holds only ordinary ice fields"
            )
        if b in fields:
            raise LevelError(f"{source}: region[{i}]: {floe.label(b)} appears twice")
        fields.append(b)
    if len(fields) != REGION_SIZE:
        raise LevelError(f"{source}: region has {len(fields)} fields, needs {REGION_SIZE} (N3)")
    region = frozenset(fields)
    cut = _cut_off(floe, region)
    if cut is not None:
        raise LevelError(f"{source}: region is not connected: {floe.label(cut)} is cut off")
    return region


def _field(floe: Floe, label: object, where: str) -> int:
    if isinstance(label, bool) or not isinstance(label, str | int):
        raise LevelError(f"{where}: expected a field label like 'F12', not {label!r}")
    try:
        return floe.field(label)
    except KeyError:
        raise LevelError(f"{where}: unknown field {label!r}") from None


# -- set-ups ------------------------------------------------------------------------------------
def setup_from_dict(floe: Floe, data: dict[str, Any], source: str, name: str = "custom") -> SetUp:
    """A set-up from ``kind -> [labels]`` (a free-style one by default); LevelError if broken."""
    return _parse_setup(floe, data, source, name, name)


def _parse_setup(floe: Floe, data: object, source: str, place: str, name: str) -> SetUp:
    if not isinstance(data, dict):
        raise LevelError(f"{source}: {place}: expected a table of piece kinds")
    for kind in data:
        if kind not in PIECE_KINDS:
            raise LevelError(
                f"{source}: {place}: unknown piece kind {kind!r} (known: {', '.join(PIECE_KINDS)})"
            )
    owner: dict[int, str] = {}
    pieces: dict[str, tuple[int, ...]] = {}
    for kind in PIECE_KINDS:
        labels = data.get(kind, [])
        if not isinstance(labels, list):
            raise LevelError(f"{source}: {place}.{kind}: expected a list of field labels")
        fields: list[int] = []
        for i, label in enumerate(labels):
            b = _field(floe, label, f"{source}: {place}.{kind}[{i}]")
            if b in owner:
                raise LevelError(
                    f"{source}: {place}: two pieces on {floe.label(b)} "
                    f"({SINGULAR[owner[b]]} and {SINGULAR[kind]})"
                )
            owner[b] = kind
            fields.append(b)
        pieces[kind] = tuple(sorted(fields))
    return SetUp(name, pieces)


def check_setup(level: Level, setup: SetUp, in_play: frozenset[int]) -> list[Problem]:
    """N4, N5, N29: every broken construction rule, fatal ones first, each group in field order.

    Fatal: more pieces of a kind than the box holds; two pieces on a field; a piece on water, on
    a field not in play or on an igloo; a whale next to an Inuk; a whale or an Inuk next to an
    igloo. Warnings: two whales or two Inuit side by side (free-style allows it when the set-up
    leaves no other choice). "Next to" means neighbours among the fields in play.
    """
    floe = level.floe
    fatal: list[Problem] = []
    warnings: list[Problem] = []

    def problem(code: str, **params: Any) -> Problem:
        return Problem(code, params, True)

    for kind in PIECE_KINDS:
        if setup.count(kind) > BOX[kind]:
            fatal.append(problem("box", count=setup.count(kind), kind=kind, limit=BOX[kind]))
    owner: dict[int, str] = {}
    for kind in PIECE_KINDS:
        for b in setup.pieces.get(kind, ()):
            if b in owner:
                fatal.append(problem("two", field=_place(floe, b), first=owner[b], second=kind))
            else:
                owner[b] = kind
    placed: dict[int, str] = {}
    for b in sorted(owner):
        kind = owner[b]
        if b not in floe.kinds:
            fatal.append(problem("water", kind=kind, field=_place(floe, b)))
        elif b not in in_play:
            fatal.append(
                problem("unused", kind=kind, field=floe.label(b), field_kind=floe.kinds[b])
            )
        elif floe.kinds[b] == IGLOO:
            fatal.append(problem("igloo", kind=kind, field=floe.label(b)))
        else:
            placed[b] = kind
    for b, kind in sorted(placed.items()):
        if kind not in ("whales", "inuit"):
            continue
        for n in sorted(floe.neighbours(b)):
            if n not in in_play:
                continue
            other = placed.get(n)
            where = {"field": floe.label(b), "other": floe.label(n)}
            if floe.kinds[n] == IGLOO:
                fatal.append(problem("near_igloo", kind=kind, **where))
            elif kind == "whales" and other == "inuit":
                fatal.append(problem("whale_inuk", **where))
            elif other == kind and n > b:
                warnings.append(Problem("side_by_side", {"kind": kind, **where}, False))
    return fatal + warnings


def _place(floe: Floe, b: int) -> str:
    return floe.label(b) if b in floe.kinds else f"bit {b}"
