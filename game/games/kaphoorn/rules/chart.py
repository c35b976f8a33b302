"""The Kap Hoorn sea chart from ``levels/kaphoorn/chart.toml`` (rulings K1, K3, K4).

A square grid. Fields are indices ``row * width + col`` and print as column letter + row number
(``A1`` is the upper left). Everything a move needs is computed once on load: the rays a ship
may sail along (K4: straight, never over land or off the chart), the eight neighbours of each
field as a bit mask, and each field's distance to the finish line. A broken file raises
``LevelError`` naming the file, the place and the problem.
"""

from __future__ import annotations

import functools
import string
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final, TypeAlias

from game.games.kaphoorn.rules.winds import Wind, parse_wind
from game.protocol.base import LevelError, read_level
from game.protocol.masks import bits as bits  # the set bits of a mask (the rules' and bots')
from game.resources import level

CHART_FILE: Final = level("kaphoorn", "chart.toml")
Source: TypeAlias = Path | Traversable  # a shipped level file or one of the user's
Where: TypeAlias = Callable[[int], str]  # a field's label for the error messages

SEA, LAND, TITLE, FINISH = ".", "#", "K", "f"
STATIONS: Final = {"y": 0, "r": 1, "g": 2}  # symbol -> colour index
COLOURS: Final = ("yellow", "red", "green")
STARTS: Final = "12345"
SYMBOLS: Final = SEA + LAND + TITLE + FINISH + "".join(STATIONS) + STARTS
ZONES: Final = (1, 2, 3)

# The eight compass directions, clockwise from north, as (row, column) steps.
DIRECTIONS: Final = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEPS: Final = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
# The zone turns the cards: the absolute direction of a card's "forward" (away from its bottom
# edge). Zone 1: bottom edge north -> forward south; zone 2: east -> west; zone 3: south -> north.
FORWARD: Final = {1: 4, 2: 6, 3: 0}
MAX_DISTANCE: Final = 4

Terrain: TypeAlias = tuple[str, ...]
Zones: TypeAlias = tuple[int, ...]

SIZE_MIN, SIZE_MAX = (14, 16), (22, 26)  # K1: "roughly" 14-20 columns x 16-24 rows of sea


@dataclass(frozen=True, eq=False)
class Chart:
    """The sea chart. ``rays[f][d]`` lists the fields a ship passes sailing from ``f`` in
    direction ``d`` until land or the edge stops it (at most ``MAX_DISTANCE``)."""

    width: int
    height: int
    terrain: tuple[str, ...]
    zone: tuple[int, ...]  # 0 off the sea
    starts: tuple[int, ...]  # start field 1, 2, ... in order
    start_winds: tuple[Wind, ...]
    station: dict[int, int]  # field -> colour index
    stations: int  # the same as a bit mask
    sea: int  # bit mask of every sea field (ships and cards may be here)
    playable: int  # sea fields a card may be played on: all but the printed start fields
    finish: int  # bit mask of the finish line
    neighbours: tuple[int, ...]  # per field: bit mask of its sea neighbours (8 directions)
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    distance: tuple[int, ...]  # king steps over sea to the finish line; -1 off the sea
    not_first_column: int  # masks that stop a shift by one from wrapping round a row
    not_last_column: int

    def label(self, field: int) -> str:
        row, col = divmod(field, self.width)
        return f"{string.ascii_uppercase[col]}{row + 1}"

    def field(self, label: str) -> int:
        text = str(label).strip().upper()
        col = string.ascii_uppercase.find(text[:1])
        if col < 0 or col >= self.width or not text[1:].isdigit():
            raise KeyError(f"no field {label!r} on the chart")
        row = int(text[1:]) - 1
        if not 0 <= row < self.height:
            raise KeyError(f"no field {label!r} on the chart")
        return row * self.width + col

    def is_sea(self, field: int) -> bool:
        return bool(self.sea >> field & 1)

    def arrows(self, wind: Wind, field: int) -> tuple[int, ...]:
        """The absolute directions of ``wind``'s arrows when it lies on ``field``."""
        return wind.turned(FORWARD[self.zone[field]])

    def grow(self, mask: int) -> int:
        """``mask`` plus its eight neighbours, kept on the sea (a few shifts on one int)."""
        side = mask | (mask << 1 & self.not_first_column) | (mask >> 1 & self.not_last_column)
        return (side | side << self.width | side >> self.width) & self.sea

    def end_of(self, field: int, direction: int, distance: int) -> int:
        """Where a straight sail of exactly ``distance`` ends, or -1 if land or the edge is in
        the way (K4)."""
        ray = self.rays[field][direction]
        return ray[distance - 1] if distance <= len(ray) else -1


@functools.cache
def default_chart() -> Chart:
    return load_chart(CHART_FILE)


def load_chart(path: Source) -> Chart:
    data = read_level(path)
    rows = _grid(data, "map", path)
    zone_rows = _grid(data, "zones", path)
    height, width = len(rows), len(rows[0])
    if not (SIZE_MIN[0] <= width <= SIZE_MAX[0] and SIZE_MIN[1] <= height <= SIZE_MAX[1]):
        raise LevelError(
            f"{path}: map: {width} columns x {height} rows; K1 wants "
            f"{SIZE_MIN[0]}-{SIZE_MAX[0]} columns x {SIZE_MIN[1]}-{SIZE_MAX[1]} rows"
        )
    if (len(zone_rows), len(zone_rows[0])) != (height, width):
        raise LevelError(f"{path}: zones: must have the same size as map ({width}x{height})")
    terrain = tuple("".join(rows))

    def where(f: int) -> str:
        return f"{string.ascii_uppercase[f % width]}{f // width + 1}"

    for f, symbol in enumerate(terrain):
        if symbol not in SYMBOLS:
            raise LevelError(f"{path}: map: field {where(f)}: unknown symbol {symbol!r}")
    zone = _zones(terrain, "".join(zone_rows), where, path)
    starts = _starts(terrain, zone, where, path)
    station = _stations(terrain, zone, where, path)
    finish = [f for f, s in enumerate(terrain) if s == FINISH]
    if not finish:
        raise LevelError(f"{path}: map: no finish line (symbol 'f')")
    for f in finish:
        if zone[f] != 3:
            raise LevelError(f"{path}: map: finish field {where(f)} is not in zone 3")
    sea_fields = [f for f, s in enumerate(terrain) if s not in (LAND, TITLE)]
    _check_connected(starts[0], sea_fields, width, height, where, path)
    sea = _mask(sea_fields)
    neighbours = tuple(
        _mask(n for n in _around(f, width, height) if sea >> n & 1) for f in range(len(terrain))
    )
    full = (1 << width * height) - 1
    first_column = _mask(r * width for r in range(height))
    return Chart(
        width=width,
        height=height,
        terrain=terrain,
        zone=zone,
        starts=starts,
        start_winds=_start_winds(data, path),
        station=station,
        stations=_mask(station),
        sea=sea,
        playable=sea & ~_mask(starts),
        finish=_mask(finish),
        neighbours=neighbours,
        rays=_rays(sea, width, height),
        distance=king_steps(finish, neighbours, len(terrain)),
        not_first_column=full & ~first_column,
        not_last_column=full & ~(first_column << width - 1),
    )


def _grid(data: dict[str, Any], key: str, path: Source) -> list[str]:
    text = data.get(key)
    if not isinstance(text, str):
        raise LevelError(f"{path}: {key}: missing (a multi-line string, one row per line)")
    rows = [row.strip() for row in text.strip("\n").splitlines()]
    if not rows or not rows[0]:
        raise LevelError(f"{path}: {key}: empty")
    for i, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise LevelError(
                f"{path}: {key}: row {i + 1} has {len(row)} fields, row 1 has {len(rows[0])}"
            )
    return rows


def _zones(terrain: tuple[str, ...], zones: str, where: Where, path: Source) -> tuple[int, ...]:
    out = []
    for f, (symbol, z) in enumerate(zip(terrain, zones, strict=True)):
        on_sea = symbol not in (LAND, TITLE)
        if on_sea and z not in "123":
            raise LevelError(f"{path}: zones: sea field {where(f)} has no zone 1, 2 or 3")
        if not on_sea and z in "123":
            raise LevelError(f"{path}: zones: field {where(f)} is land but has zone {z}")
        out.append(int(z) if on_sea else 0)
    return tuple(out)


def _starts(
    terrain: tuple[str, ...], zone: tuple[int, ...], where: Where, path: Source
) -> tuple[int, ...]:
    starts = []
    for number in STARTS:
        found = [f for f, s in enumerate(terrain) if s == number]
        if len(found) != 1:
            raise LevelError(f"{path}: map: start field {number} appears {len(found)} times")
        if zone[found[0]] != 1:
            raise LevelError(f"{path}: map: start field {number} ({where(found[0])}) not in zone 1")
        starts.append(found[0])
    return tuple(starts)


def _stations(
    terrain: tuple[str, ...], zone: tuple[int, ...], where: Where, path: Source
) -> dict[int, int]:
    station = {f: STATIONS[s] for f, s in enumerate(terrain) if s in STATIONS}
    for z in ZONES:
        colours = sorted(c for f, c in station.items() if zone[f] == z)
        if colours != [0, 1, 2]:
            names = ", ".join(COLOURS[c] for c in colours) or "none"
            raise LevelError(
                f"{path}: map: zone {z} needs one yellow, one red and one green station "
                f"(has {names})"
            )
    return station


def _start_winds(data: dict[str, Any], path: Source) -> tuple[Wind, ...]:
    table = data.get("start")
    if not isinstance(table, dict):
        raise LevelError(f"{path}: [start.1] ... [start.5]: missing (the printed start winds)")
    winds = []
    for number in STARTS:
        entry = table.get(number)
        if not isinstance(entry, dict):
            raise LevelError(f"{path}: [start.{number}]: missing")
        winds.append(parse_wind(entry, f"start-{number}", f"{path}: [start.{number}]"))
    return tuple(winds)


def _around(field: int, width: int, height: int) -> list[int]:
    row, col = divmod(field, width)
    return [
        (row + dr) * width + col + dc
        for dr, dc in STEPS
        if 0 <= row + dr < height and 0 <= col + dc < width
    ]


def _mask(fields: Any) -> int:
    mask = 0
    for f in fields:
        mask |= 1 << f
    return mask


def _check_connected(
    start: int, sea: list[int], width: int, height: int, where: Where, path: Source
) -> None:
    """Every sea field must be reachable from start field 1 (king steps)."""
    todo, seen = deque([start]), {start}
    members = set(sea)
    while todo:
        for n in _around(todo.popleft(), width, height):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    cut_off = sorted(members - seen)
    if cut_off:
        raise LevelError(f"{path}: map: sea field {where(cut_off[0])} is cut off from the rest")


def _rays(sea: int, width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    rays = []
    for field in range(width * height):
        row, col = divmod(field, width)
        per_direction = []
        for dr, dc in STEPS:
            ray: list[int] = []
            r, c = row + dr, col + dc
            while len(ray) < MAX_DISTANCE and 0 <= r < height and 0 <= c < width:
                f = r * width + c
                if not sea >> f & 1:
                    break  # K4: never over land
                ray.append(f)
                r, c = r + dr, c + dc
            per_direction.append(tuple(ray))
        rays.append(tuple(per_direction))
    return tuple(rays)


def king_steps(sources: list[int], neighbours: tuple[int, ...], size: int) -> tuple[int, ...]:
    """King steps over sea from the nearest of ``sources`` to every field (-1 off the sea)."""
    distance = [-1] * size
    todo = deque(sources)
    for f in sources:
        distance[f] = 0
    while todo:
        f = todo.popleft()
        for n in bits(neighbours[f]):
            if distance[n] < 0:
                distance[n] = distance[f] + 1
                todo.append(n)
    return tuple(distance)
