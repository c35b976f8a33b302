"""The Kap Hoorn sea chart: square-grid layout, the cached old-chart board layer, wind cards on
the board, the draw pile and the field highlights.

:class:`ChartLayout` maps fields (``row * width + col``) to square cells fitted and centred in a
rect and back. :class:`ChartRenderer` paints everything static once into ``board_layer`` (the
size of the rect): parchment and sea textures and the zone tints (numpy, anti-aliased by
construction), then the vector work supersampled (grid, zone borders, the water lining along the
coasts, mountains, stations, the printed start winds, the finish line, lettering, the title
cartouche, compass rose and zone legends). A big board takes seconds of work, so the table
paints it over frames (``prepare_board`` with a budget: the textures on a background thread,
the vector work in steps of a few milliseconds); ``board_layer`` paints whatever is left at
once. A frame blits the layer, then ``draw_cards`` (one cached sprite per card), ships
(``game.games.kaphoorn.view.clipper``) and ``draw_highlights``.

Pieces and sheets live next door: ``game.games.kaphoorn.view.windcard`` (card faces and backs) and
``game.games.kaphoorn.view.clipper`` (ships, wind roses, log books); the names the scene needs are
re-exported here.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from functools import lru_cache, partial

import numpy as np
import pygame

from game.games.kaphoorn.rules.chart import FORWARD, LAND, STEPS, TITLE, Chart
from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.view.clipper import (
    draw_logbook,
    draw_rose,
    draw_ship,
    paint_ship,
    ship_offsets,
    ship_size,
)
from game.games.kaphoorn.view.windcard import (
    EDGE,
    STATION_RGB,
    STATION_TEXT,
    board_sprite,
    draw_arrow,
    draw_card_back,
    draw_wind_card,
    finish,
    font,
    paint_face,
    star,
)
from game.ui import theme

__all__ = [
    "ChartLayout",
    "ChartRenderer",
    "HIGHLIGHT_STYLES",
    "draw_card_back",
    "draw_logbook",
    "draw_rose",
    "draw_ship",
    "draw_wind_card",
    "ship_offsets",
    "ship_size",
]

Point = tuple[float, float]
RGB = tuple[int, int, int]
SS = 2  # the vector work of the board layer is drawn at this scale and smoothed down

PARCHMENT = (238, 226, 196)
SEA = (222, 230, 222)
ZONE_TINT: dict[int, RGB] = {1: (247, 232, 168), 2: (196, 220, 238), 3: (242, 204, 192)}
ZONE_INK: dict[int, RGB] = {1: (150, 116, 20), 2: (44, 92, 140), 3: (160, 62, 46)}
COAST_WASH = (150, 186, 200)
LAND_LIGHT = (236, 214, 164)
LAND_DARK = (204, 164, 104)
COAST = (84, 56, 34)
INK = (70, 50, 34)
WATERLINE = (74, 106, 132)
GRID = (96, 84, 64)
ROMAN = ("I", "II", "III")

# Okabe-Ito hues, and each style has its own pattern too (plus, dashes, brackets, beads), so
# none is told apart by colour alone.
HIGHLIGHT_STYLES: dict[str, RGB] = {
    "play": (0, 158, 115),
    "replace": (213, 94, 0),
    "sail": (0, 114, 178),
    "ignore": (204, 121, 167),
    "focus": (255, 214, 40),
    "ship": (255, 196, 46),
    "course": (246, 246, 240),  # where the wind leads, but the ship may not end (no card yet)
}


# ---- layout ---------------------------------------------------------------------------------
class ChartLayout:
    """Square cells of ``cell`` pixels (by default the whole grid fitted in ``rect``), the grid
    centred in ``rect``. ``origin`` is where the grid's corner is drawn: ``place`` moves it (a
    camera's view of a chart bigger than its window)."""

    PAD = 0.2  # room round the grid for the chart's frame, in cells

    def __init__(self, chart: Chart, rect: pygame.Rect, cell: int | None = None) -> None:
        self.chart = chart
        self.rect = pygame.Rect(rect)
        self.cell: int = cell or max(
            4,
            int(
                min(
                    self.rect.width / (chart.width + 2 * self.PAD),
                    self.rect.height / (chart.height + 2 * self.PAD),
                )
            ),
        )
        self.grid = pygame.Rect(0, 0, chart.width * self.cell, chart.height * self.cell)
        self.grid.center = self.rect.center
        self.home: tuple[int, int] = self.grid.topleft  # the grid's corner in the painted board
        self.origin: tuple[float, float] = self.home

    def place(self, origin: tuple[float, float]) -> None:
        """Draw the grid's corner at ``origin`` from now on."""
        self.origin = origin

    def field_rect(self, field: int) -> pygame.Rect:
        row, col = divmod(field, self.chart.width)
        c = self.cell
        return pygame.Rect(self.origin[0] + col * c, self.origin[1] + row * c, c, c)

    def centre(self, field: int) -> Point:
        row, col = divmod(field, self.chart.width)
        c = self.cell
        return (self.origin[0] + (col + 0.5) * c, self.origin[1] + (row + 0.5) * c)

    def point(self, col: float, row: float) -> Point:
        """Pixel position of a place in cell units (0, 0 = the grid's upper left corner)."""
        return (self.origin[0] + col * self.cell, self.origin[1] + row * self.cell)

    def field_at(self, pos: Point) -> int | None:
        """The field under ``pos`` (any field of the grid, land too), or None off the grid."""
        col = math.floor((pos[0] - self.origin[0]) / self.cell)
        row = math.floor((pos[1] - self.origin[1]) / self.cell)
        if 0 <= col < self.chart.width and 0 <= row < self.chart.height:
            return row * self.chart.width + col
        return None


class _Scaled:
    """The layout of the board layer's own canvas (origin at the rect's corner, times ``k``)."""

    def __init__(self, lay: ChartLayout, k: int) -> None:
        self.k = k
        self.cell = lay.cell * k
        self.ox = (lay.origin[0] - lay.rect.left) * k
        self.oy = (lay.origin[1] - lay.rect.top) * k
        self.w, self.h = lay.rect.width * k, lay.rect.height * k
        self.cols, self.rows = lay.chart.width, lay.chart.height

    def p(self, col: float, row: float) -> Point:
        return (self.ox + col * self.cell, self.oy + row * self.cell)

    def rect(self, col: float, row: float, w: float, h: float) -> pygame.Rect:
        x, y = self.p(col, row)
        return pygame.Rect(round(x), round(y), round(w * self.cell), round(h * self.cell))

    @property
    def margin_left(self) -> float:
        return self.ox / self.cell

    @property
    def margin_right(self) -> float:
        return (self.w - self.ox) / self.cell - self.cols


# ---- numpy helpers --------------------------------------------------------------------------
def _bilinear(a: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """Sample the small array ``a`` at fractional rows ``ys`` x columns ``xs`` (clamped)."""
    h, w = a.shape
    ys = np.clip(ys, 0, h - 1)
    xs = np.clip(xs, 0, w - 1)
    y0 = np.floor(ys).astype(np.int32)
    x0 = np.floor(xs).astype(np.int32)
    y1 = np.minimum(y0 + 1, h - 1)
    x1 = np.minimum(x0 + 1, w - 1)
    fy = (ys - y0)[:, None].astype(np.float32)
    fx = (xs - x0)[None, :].astype(np.float32)
    top = a[y0][:, x0] * (1 - fx) + a[y0][:, x1] * fx
    bottom = a[y1][:, x0] * (1 - fx) + a[y1][:, x1] * fx
    return (top * (1 - fy) + bottom * fy).astype(np.float32)


def _box_blur(a: np.ndarray, r: int) -> np.ndarray:
    """A box blur of radius ``r`` along both axes (edges replicated)."""
    for axis in (0, 1):
        pad = [(0, 0), (0, 0)]
        pad[axis] = (r + 1, r)
        p = np.pad(a, pad, mode="edge")
        c = np.cumsum(p, axis=axis, dtype=np.float64)
        n = a.shape[axis]
        hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
        lo = np.take(c, np.arange(0, n), axis=axis)
        a = ((hi - lo) / (2 * r + 1)).astype(np.float32)
    return a


def _noise(shape: tuple[int, int], cells: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """Smooth value noise in -1..1: a coarse random grid upsampled bilinearly."""
    coarse = rng.uniform(-1, 1, (cells[0] + 2, cells[1] + 2)).astype(np.float32)
    ys = np.linspace(0.5, cells[0] + 0.5, shape[0], dtype=np.float32)
    xs = np.linspace(0.5, cells[1] + 0.5, shape[1], dtype=np.float32)
    return _bilinear(coarse, ys, xs)


def _band(field: np.ndarray, level: float, grad: np.ndarray, width: float) -> np.ndarray:
    """Anti-aliased coverage of the contour ``field == level``, ``width`` pixels wide."""
    d = np.abs(field - level) / np.maximum(grad, 1e-6)
    return np.clip(width / 2 + 0.5 - d, 0, 1)


def _mix(base: np.ndarray, colour: Sequence[int], alpha: np.ndarray) -> np.ndarray:
    """Planar ``base`` (3, h, w) moved towards ``colour`` by ``alpha`` (h, w), in place."""
    alpha = alpha.astype(np.float32, copy=False)
    for c in range(3):
        plane = base[c]
        plane += (np.float32(colour[c]) - plane) * alpha
    return base


# ---- the static board layer -------------------------------------------------------------------
_LAYER_CACHE: dict[tuple, pygame.Surface] = {}
_LAYER_CACHE_SIZE = 4  # boards of other sizes (the rules pages' pictures), besides the zooms
ZOOM_CELLS = (48, 64, 80, 96)  # the play table's zoom steps beyond the whole chart (field px)


def _land_grid(chart: Chart) -> np.ndarray:
    cells = np.array([s in (LAND, TITLE) for s in chart.terrain], dtype=np.float32)
    return cells.reshape(chart.height, chart.width)


def _paint_textures(lay: ChartLayout) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The parchment, sea, zone tints and land at 1x: planar RGB (3, h, w) plus the land field
    and the blurred land field (for the placement of decorations)."""
    chart = lay.chart
    g = _Scaled(lay, 1)
    h, w = g.h, g.w
    cell = float(g.cell)
    rng = np.random.default_rng(1999)
    ys = np.arange(h, dtype=np.float32)
    xs = np.arange(w, dtype=np.float32)
    # fractional cell coordinates (cell centres at integers)
    u = (xs + 0.5 - g.ox) / cell - 0.5
    v = (ys + 0.5 - g.oy) / cell - 0.5
    land = _land_grid(chart)
    wobble = 0.09 * _noise((h, w), (chart.height * 2, chart.width * 2), rng)
    wobble += 0.04 * _noise((h, w), (chart.height * 6, chart.width * 6), rng)
    L = _bilinear(land, v, u) + wobble
    # a blurred land field: the water lines and the coastal wash follow its contours
    fine = 8
    big = np.kron(land, np.ones((fine, fine), dtype=np.float32))
    big = np.pad(big, fine * 3, mode="edge")
    for _ in range(3):
        big = _box_blur(big, 5)
    B = _bilinear(big, (v + 0.5) * fine - 0.5 + fine * 3, (u + 0.5) * fine - 0.5 + fine * 3)
    B = B + wobble * 0.35
    # zone tint per pixel (cells clamped: the margins continue the nearest zone)
    rows = np.clip(np.floor(v + 0.5).astype(np.int32), 0, chart.height - 1)
    cols = np.clip(np.floor(u + 0.5).astype(np.int32), 0, chart.width - 1)
    zone = np.array(chart.zone, dtype=np.int32).reshape(chart.height, chart.width)
    zsea = zone.copy()
    # land cells take the zone of a sea neighbour (so the tint runs up to the coast)
    for _ in range(4):
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            shifted = np.roll(np.roll(zsea, dr, axis=0), dc, axis=1)
            zsea = np.where(zsea == 0, shifted, zsea)
    palette = np.zeros((4, 3), dtype=np.float32)
    palette[0] = SEA
    for z, tint in ZONE_TINT.items():
        palette[z] = [s * 0.45 + t * 0.55 for s, t in zip(SEA, tint, strict=True)]
    zone_px = zsea[rows][:, cols]
    img = np.ascontiguousarray(palette[zone_px].transpose(2, 0, 1))  # planar (3, h, w)
    # parchment grain and clouds
    grain = rng.normal(0, 1, (h, w)).astype(np.float32)
    clouds = _noise((h, w), (9, 11), rng) + 0.5 * _noise((h, w), (27, 33), rng)
    img *= 1 + 0.035 * clouds
    img += 2.2 * grain
    # the coastal wash: the sea goes a little bluer and deeper near the land
    img = _mix(img, COAST_WASH, np.clip(B * 1.1, 0, 0.55) * 0.55)
    # the water lining: thin lines following the coast, fading outwards (classic chart style)
    gy, gx = np.gradient(B)
    gB = np.hypot(gx, gy)
    sea_side = np.clip((0.5 - L) * cell / 1.5 + 0.5, 0, 1)
    for level, alpha in ((0.36, 0.55), (0.21, 0.42), (0.11, 0.3), (0.05, 0.2)):
        img = _mix(img, WATERLINE, _band(B, level, gB, 1.0) * alpha * sea_side)
    # land: light parchment inland, a warm ochre band along the coast, then the coast line
    land_a = np.clip((L - 0.5) * cell / 1.2 + 0.5, 0, 1)
    inland = np.clip((B - 0.5) * 2.4, 0, 1)
    ground = np.empty_like(img)
    ground[:] = np.asarray(LAND_DARK, np.float32)[:, None, None]
    ground = _mix(ground, LAND_LIGHT, inland)
    ground *= 1 + 0.05 * clouds
    ground += 3.0 * grain
    # hatching along the coast, on land: fine diagonal strokes
    stripe = ((xs[None, :] - ys[:, None]) % 6.0 < 1.2).astype(np.float32)
    hatch = stripe * np.clip(1 - inland * 1.6, 0, 1) * 0.22
    ground = _mix(ground, COAST, hatch)
    img = _mix(img, (0, 0, 0), land_a)
    img += ground * land_a
    gy, gx = np.gradient(L)
    img = _mix(img, COAST, _band(L, 0.5, np.hypot(gx, gy), 2.2))
    img = _mix(img, COAST, _band(L, 0.5, np.hypot(gx, gy), 4.5) * 0.18)
    # an aged vignette
    ry = (ys / h - 0.5)[:, None]
    rx = (xs / w - 0.5)[None, :]
    vignette = np.clip((rx * rx + ry * ry) * 2.2 - 0.12, 0, 1)
    img = _mix(img, (150, 120, 80), vignette * 0.35)
    return np.clip(img, 0, 255).astype(np.uint8), L, B


# ---- painting a board across frames (issue 27, item 9) -----------------------------------------
# A big board takes seconds to paint: no frame may wait for that. Its textures are worked out on
# a background thread (plain numpy, no SDL, no fonts: numpy lets the loop run meanwhile); the
# pygame work (lines, lettering: fonts are not for sharing between threads) then runs on the
# loop's thread in steps of a few milliseconds, as many a frame as its budget allows.
BUDGET_S = 0.006  # seconds of painting a frame may spend (the rest of the frame is the game's)
BAND = 256  # rows of the supersampled overlay smoothed down and laid on in one step


class _Painting:
    """One board of ``size`` pixels being painted; ``layer`` once it is."""

    def __init__(self, chart: Chart, size: tuple[int, int]) -> None:
        self.chart, self.size = chart, size
        self.layer: pygame.Surface | None = None
        self.steps = 0  # the steps painted so far on the loop's thread
        self._textures: tuple[np.ndarray, np.ndarray, pygame.Surface] | None = None
        self._error: BaseException | None = None
        self._work: Iterator[pygame.Surface | None] | None = None
        self._thread = threading.Thread(target=self._off_loop, name="chart-textures", daemon=True)
        self._thread.start()

    def _off_loop(self) -> None:
        """The textures, as rows of RGB pixels, and the empty overlay (73 MB to clear, at the
        largest zoom): none of it touched by the loop's thread until this is over."""
        try:
            lay = ChartLayout(self.chart, pygame.Rect((0, 0), self.size))
            img, _, blurred = _paint_textures(lay)
            rgb = np.ascontiguousarray(img.transpose(1, 2, 0))
            over = pygame.Surface((self.size[0] * SS, self.size[1] * SS), pygame.SRCALPHA)
            self._textures = (rgb, blurred, over)
        except BaseException as error:  # met again on the loop's thread, which reports it
            self._error = error

    def advance(self, budget: float) -> bool:
        """Paint on for about ``budget`` seconds (at least one step once the textures are
        there, never waiting for them); whether the board is painted."""
        if self.layer is None and self._started(wait=False):
            assert self._work is not None
            end = time.perf_counter() + budget
            while self.layer is None:
                self.layer = next(self._work)
                self.steps += 1
                if time.perf_counter() >= end:
                    break
        return self.layer is not None

    def wait(self, limit: float) -> bool:
        """Block up to ``limit`` seconds for the textures; whether they are there."""
        self._thread.join(limit)
        return not self._thread.is_alive()

    def finish(self) -> pygame.Surface:
        """The board, painted to its end now (the wait of a caller that cannot show it later)."""
        self._started(wait=True)
        assert self._work is not None
        while self.layer is None:
            self.layer = next(self._work)
        return self.layer

    def _started(self, wait: bool) -> bool:
        if self._work is None:
            if wait:
                self._thread.join()
            elif self._thread.is_alive():
                return False
            if self._error is not None:
                raise self._error
            assert self._textures is not None
            self._work = _board_steps(self.chart, self.size, *self._textures)
            self._textures = None
        return True


def _board_steps(
    chart: Chart, size: tuple[int, int], rgb: np.ndarray, blurred: np.ndarray, over: pygame.Surface
) -> Iterator[pygame.Surface | None]:
    """The pygame work of a board, one step a ``next`` (None), the board last."""
    lay = ChartLayout(chart, pygame.Rect((0, 0), size))
    g = _Scaled(lay, SS)
    for paint in _overlay_pieces(chart, g, blurred, lay):
        paint(over)
        yield None
    base = pygame.image.frombuffer(rgb, size, "RGB")  # shares rgb's memory: kept till the end
    for top in range(0, g.h, BAND):
        rows = over.subsurface((0, top, g.w, min(BAND, g.h - top)))
        base.blit(finish(rows, SS), (0, top // SS))  # exact halving: bands join seamlessly
        yield None
    yield base.convert() if _display_ready() else base.copy()


def _overlay_pieces(
    chart: Chart, g: _Scaled, blurred: np.ndarray, lay: ChartLayout
) -> list[Callable[[pygame.Surface], None]]:
    """The vector work of the board, in pieces of a few milliseconds each, in painting order."""
    return [
        *_grid_pieces(chart, g),
        partial(_paint_mountains, chart=chart, g=g, B=blurred, lay=lay),
        partial(_paint_frame, g=g),
        *_legend_pieces(chart, g),
        partial(_paint_finish, chart=chart, g=g),
        partial(_paint_stations, chart=chart, g=g),
        partial(_paint_starts, chart=chart, g=g),
        partial(_paint_cartouche, chart=chart, g=g),
        partial(_paint_lettering, chart=chart, g=g),
    ]


_PAINTINGS: dict[tuple, _Painting] = {}  # boards being painted, until they are stored


def _layer_key(chart: Chart, size: tuple[int, int]) -> tuple:
    return (id(chart), chart.terrain, tuple(size))


def _painting(chart: Chart, size: tuple[int, int]) -> _Painting:
    key = _layer_key(chart, size)
    if key not in _PAINTINGS:
        _PAINTINGS[key] = _Painting(chart, tuple(size))
    return _PAINTINGS[key]


def prepare_board(chart: Chart, size: tuple[int, int], budget: float = 0.0) -> bool:
    """Whether the board of ``size`` pixels is painted. If not, it is painted on for about
    ``budget`` seconds (its textures first worked out on a background thread): ask again in a
    later frame."""
    key = _layer_key(chart, size)
    if key in _LAYER_CACHE:
        return True
    painting = _painting(chart, size)
    if not painting.advance(budget):
        return False
    _store(chart, key, _PAINTINGS.pop(key).layer)
    return True


def wait_board(chart: Chart, size: tuple[int, int], limit: float) -> bool:
    """Block up to ``limit`` seconds until the background part of the painting of the board
    of ``size`` pixels, if one has begun, is done; whether it is."""
    painting = _PAINTINGS.get(_layer_key(chart, size))
    return painting is None or painting.wait(limit)


def _board(chart: Chart, rect: pygame.Rect) -> pygame.Surface:
    """The board of ``rect``'s size, painted to its end now if it is not yet."""
    key = _layer_key(chart, rect.size)
    layer = _LAYER_CACHE.get(key)
    if layer is None:
        layer = _painting(chart, rect.size).finish()
        _PAINTINGS.pop(key, None)
        _store(chart, key, layer)
    return layer


def _store(chart: Chart, key: tuple, layer: pygame.Surface | None) -> None:
    """Keep a painted board; of the boards of other sizes than the zooms (the rules pages'
    pictures), only the newest few."""
    assert layer is not None
    zooms = {zoomed_size(chart, c) for c in ZOOM_CELLS}
    if key[2] not in zooms:
        others = [k for k in _LAYER_CACHE if k[2] not in zooms]
        if len(others) >= _LAYER_CACHE_SIZE:
            _LAYER_CACHE.pop(others[0])
    _LAYER_CACHE[key] = layer


def zoomed_size(chart: Chart, cell: int) -> tuple[int, int]:
    """The whole chart's size, its frame included, when a field is ``cell`` pixels wide."""
    pad = 2 * ChartLayout.PAD
    return math.ceil((chart.width + pad) * cell), math.ceil((chart.height + pad) * cell)


def zoomed_layer(chart: Chart, cell: int) -> pygame.Surface:
    """The board at zoom ``cell``: painted once at the largest zoom (``ZOOM_CELLS``), each
    smaller zoom made from that by scaling (a painting takes seconds, a scaling a moment)."""
    size = zoomed_size(chart, cell)
    key = _layer_key(chart, size)
    layer = _LAYER_CACHE.get(key)
    if layer is None:
        top = max(ZOOM_CELLS)
        biggest = _board(chart, pygame.Rect((0, 0), zoomed_size(chart, top)))
        layer = biggest if cell == top else pygame.transform.smoothscale(biggest, size)
        _LAYER_CACHE[key] = layer
    return layer


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _is_sea(chart: Chart, row: int, col: int) -> bool:
    if not (0 <= row < chart.height and 0 <= col < chart.width):
        return False
    return chart.zone[row * chart.width + col] > 0


GRID_PIECE = 320  # faint grid lines drawn in one step of a board's painting


def _paint_grid(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    """The faint lines between sea fields, the zone borders dashed, the grid's edge."""
    for piece in _grid_pieces(chart, g):
        piece(over)


def _grid_pieces(chart: Chart, g: _Scaled) -> list[Callable[[pygame.Surface], None]]:
    """The grid in steps of a board's painting: the faint lines a few hundred at a time, then
    the zone borders and the grid's edge."""
    faint, zone_edges = _grid_lines(chart, g)
    chunks = [faint[i : i + GRID_PIECE] for i in range(0, len(faint), GRID_PIECE)]
    return [
        *(partial(_faint_lines, lines=chunk, width=max(1, round(g.k * 0.8))) for chunk in chunks),
        partial(_zone_borders, edges=zone_edges, g=g),
    ]


Segment = tuple[Point, Point]


def _grid_lines(chart: Chart, g: _Scaled) -> tuple[list[Segment], list[Segment]]:
    """The faint lines between sea fields, and the edges between two zones."""
    faint: list[Segment] = []
    zone_edges: list[Segment] = []
    zones = chart.zone

    def edge(a: Point, b: Point, one: tuple[int, int], other: tuple[int, int]) -> None:
        sea_one, sea_other = _is_sea(chart, *one), _is_sea(chart, *other)
        if not (sea_one or sea_other):
            return
        if sea_one and sea_other:
            if zones[one[0] * chart.width + one[1]] != zones[other[0] * chart.width + other[1]]:
                zone_edges.append((a, b))
                return
        faint.append((a, b))

    for row in range(chart.height + 1):
        for col in range(chart.width):
            edge(g.p(col, row), g.p(col + 1, row), (row - 1, col), (row, col))
    for col in range(chart.width + 1):
        for row in range(chart.height):
            edge(g.p(col, row), g.p(col, row + 1), (row, col - 1), (row, col))
    return faint, zone_edges


def _faint_lines(over: pygame.Surface, lines: list[Segment], width: int) -> None:
    # drawn straight onto the still empty overlay: the same pixels as a layer of their own
    for a, b in lines:
        pygame.draw.line(over, (*GRID, 60), a, b, width)


def _zone_borders(over: pygame.Surface, edges: list[Segment], g: _Scaled) -> None:
    """The zone borders, a dashed line in brown ink, and the edge of the playable grid."""
    dash = g.cell / 5
    for a, b in edges:
        length = math.dist(a, b)
        n = max(1, round(length / dash))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1.2) / n)
            p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(over, (*INK, 200), p, q, max(2, round(g.k * 2)))
    x0, y0 = g.p(0, 0)
    outer = pygame.Rect(round(x0), round(y0), g.cols * g.cell, g.rows * g.cell)
    pygame.draw.rect(over, (*INK, 150), outer, max(1, round(g.k * 1.2)))


def _paint_frame(over: pygame.Surface, g: _Scaled) -> None:
    """The chart's neat line: a dark rule, a scale of alternating bars, a thin inner rule."""
    k = g.k
    r = over.get_rect()
    band = round(7 * k)
    pygame.draw.rect(over, (*INK, 255), r, round(3 * k))
    inner = r.inflate(-2 * band, -2 * band)
    pygame.draw.rect(over, (*INK, 255), inner, max(1, round(1.2 * k)))
    # alternating scale bars between the two rules
    step = g.cell / 2
    mid = round(3 * k) + (band - round(3 * k)) / 2
    thick = band - round(3 * k)
    for horizontal, length in ((True, r.width), (False, r.height)):
        n = int(length / step) + 1
        for i in range(0, n, 2):
            a0 = i * step
            a1 = min(length, a0 + step)
            if horizontal:
                for y in (mid, r.height - mid):
                    pygame.draw.line(over, (*INK, 235), (a0, y), (a1, y), thick)
            else:
                for x in (mid, r.width - mid):
                    pygame.draw.line(over, (*INK, 235), (x, a0), (x, a1), thick)


def _mountain(over: pygame.Surface, x: float, y: float, size: float, k: int) -> None:
    """A little engraved peak: the lit side plain, the shaded side hatched."""
    left, top, right = (x - size, y), (x, y - size * 1.15), (x + size * 0.9, y)
    pygame.draw.polygon(over, (*LAND_LIGHT, 255), [left, top, right])
    for i in range(1, 5):
        t = i / 5
        a = (top[0] + (right[0] - top[0]) * t, top[1] + (right[1] - top[1]) * t)
        pygame.draw.line(over, (*COAST, 170), a, (x + (a[0] - x) * 0.25, y), max(1, k))
    pygame.draw.lines(over, (*COAST, 255), False, [left, top, right], max(2, round(1.6 * k)))


def _paint_mountains(
    over: pygame.Surface, chart: Chart, g: _Scaled, B: np.ndarray, lay: ChartLayout
) -> None:
    """Mountain marks inland (where the blurred land field is high), away from the lettering."""
    rng = random.Random(7)
    keep_out = [_cartouche_cells(chart), (4.9, 7.9, 10.4, 9.4), (8.6, 0.2, 14.2, 2.0)]
    spots: list[tuple[float, float]] = []
    h, w = B.shape
    for row in range(chart.height):
        for col in range(chart.width):
            for _ in range(2):
                cx, cy = col + rng.uniform(0.1, 0.9), row + rng.uniform(0.3, 0.95)
                if any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in keep_out):
                    continue
                px = int(lay.origin[0] - lay.rect.left + cx * lay.cell)
                py = int(lay.origin[1] - lay.rect.top + cy * lay.cell)
                if not (0 <= px < w and 0 <= py < h) or B[py, px] < 0.9:
                    continue
                if any(math.dist((cx, cy), s) < 0.95 for s in spots):
                    continue
                spots.append((cx, cy))
    for cx, cy in sorted(spots, key=lambda s: s[1]):
        x, y = g.p(cx, cy)
        _mountain(over, x, y, g.cell * rng.uniform(0.26, 0.36), g.k)


def _paint_stations(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    for f, colour in chart.station.items():
        row, col = divmod(f, chart.width)
        _station_disc(over, g.p(col + 0.5, row + 0.5), g.cell * 0.44, colour, chart.zone[f])


def _station_disc(
    surface: pygame.Surface, c: Point, r: float, colour: int, zone: int, *, alpha: int = 255
) -> None:
    k = max(1, round(r / 16))
    rgb = STATION_RGB[colour]
    pygame.draw.circle(surface, (40, 24, 8, 90), (c[0] + r * 0.08, c[1] + r * 0.12), r)
    pygame.draw.circle(surface, (*EDGE, alpha), c, r)
    pygame.draw.circle(surface, (*rgb, alpha), c, r - 2 * k)
    pygame.draw.circle(surface, (255, 255, 255, min(alpha, 200)), c, r * 0.78, max(1, k))
    label = ROMAN[zone - 1]
    size = round(r * (0.95 if len(label) < 3 else 0.8))
    ink = STATION_TEXT[colour]
    image = font(size).render(label, True, ink)
    surface.blit(image, image.get_rect(center=(c[0], c[1] + r * 0.02)))


def _paint_starts(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    """The five printed start winds (turned to zone 1) with a big start number."""
    forward = FORWARD[1]
    for number, (f, wind) in enumerate(zip(chart.starts, chart.start_winds, strict=True), 1):
        row, col = divmod(f, chart.width)
        face = g.rect(col + 0.06, row + 0.06, 0.88, 0.88)
        paint_face(over, face, wind.turned(forward), wind.distance, forward, printed=True)
        # the start number: a dark red pennant badge in the field's upper left corner
        bx, by = g.p(col + 0.2, row + 0.22)
        br = g.cell * 0.2
        pygame.draw.circle(over, (250, 244, 228, 255), (bx, by), br + g.k * 1.5)
        pygame.draw.circle(over, (150, 30, 30, 255), (bx, by), br)
        image = font(round(br * 1.45)).render(str(number), True, (255, 255, 255))
        over.blit(image, image.get_rect(center=(bx, by + br * 0.04)))


def _paint_finish(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    """A checkered band along both long sides of the finish line, flags at its ends."""
    fields = [f for f in range(chart.width * chart.height) if chart.finish >> f & 1]
    square = g.cell / 6
    for f in fields:
        row, col = divmod(f, chart.width)
        tint = pygame.Surface((g.cell, g.cell), pygame.SRCALPHA)
        for i in range(6):
            for j in range(6):
                if (i + j) % 2 == 0:
                    pygame.draw.rect(
                        tint, (60, 40, 20, 22), (i * square, j * square, square + 1, square + 1)
                    )
        over.blit(tint, g.p(col, row))
        for edge in (row, row + 1):
            for i in range(6):
                x0, y0 = g.p(col + i / 6, edge)
                for j, dy in enumerate((-square, 0)):
                    black = (i + j) % 2 == 0
                    colour = (30, 24, 20, 255) if black else (252, 248, 238, 255)
                    pygame.draw.rect(
                        over, colour, (round(x0), round(y0 + dy), round(square) + 1, round(square))
                    )
    if not fields:
        return
    rows = {f // chart.width for f in fields}
    cols = sorted(f % chart.width for f in fields)
    row = min(rows)
    for col, side in ((cols[0], -1), (cols[-1] + 1, 1)):
        x, y = g.p(col, row + 0.5)
        if side < 0 and g.margin_left < 0.8:
            continue
        if side > 0 and _is_sea(chart, row, col):
            continue
        _flag(over, (x + side * g.cell * 0.35, y + g.cell * 0.55), g.cell * 0.95, g.k)


def _flag(over: pygame.Surface, foot: Point, height: float, k: int) -> None:
    x, y = foot
    top = y - height
    pygame.draw.line(over, (*COAST, 255), (x, y), (x, top), max(2, round(1.6 * k)))
    pygame.draw.circle(over, (*COAST, 255), (x, top), 1.8 * k)
    w, h = height * 0.62, height * 0.42
    n, m = 4, 3
    for i in range(n):
        for j in range(m):
            wave = math.sin((i / n) * math.pi) * h * 0.12
            cell = pygame.Rect(
                round(x + i * w / n),
                round(top + j * h / m + wave),
                math.ceil(w / n),
                math.ceil(h / m),
            )
            colour = (30, 24, 20, 255) if (i + j) % 2 == 0 else (252, 248, 238, 255)
            pygame.draw.rect(over, colour, cell)
    pygame.draw.rect(over, (*COAST, 255), (round(x), round(top), round(w), round(h + h * 0.12)), k)


def _cartouche_cells(chart: Chart) -> tuple[float, float, float, float]:
    """(col0, row0, col1, row1) of the title cartouche: round the K fields, on land only."""
    title = [f for f, s in enumerate(chart.terrain) if s == TITLE]
    if not title:
        return (0.0, 0.0, 0.0, 0.0)
    rows = [f // chart.width for f in title]
    cols = [f % chart.width for f in title]
    r0, r1, c0, c1 = min(rows), max(rows) + 1, min(cols), max(cols) + 1

    def land(r: int, c: int) -> bool:
        return (
            0 <= r < chart.height and 0 <= c < chart.width and chart.zone[r * chart.width + c] == 0
        )

    # grow the box while the new row / column is all land (at most 3 cells each way)
    for _ in range(3):
        if all(land(r0 - 1, c) for c in range(c0, c1)) and r0 - 1 >= 0:
            r0 -= 1
        if all(land(r, c0 - 1) for r in range(r0, r1)):
            c0 -= 1
        if all(land(r, c1) for r in range(r0, r1)):
            c1 += 1
    return (c0 + 0.15, r0 + 0.15, c1 - 0.15, r1 - 0.1)


def title_rect(lay: ChartLayout) -> pygame.Rect:
    """The K fields (where the draw pile lies), in screen pixels."""
    x, y, w, h = _title_cells(lay.chart)
    c = lay.cell
    return pygame.Rect(round(lay.origin[0] + x * c), round(lay.origin[1] + y * c), w * c, h * c)


@lru_cache(maxsize=8)
def _title_cells(chart: Chart) -> tuple[int, int, int, int]:  # drawn every frame: found once
    title = [divmod(f, chart.width) for f, s in enumerate(chart.terrain) if s == TITLE]
    rows, cols = [r for r, _ in title], [c for _, c in title]
    return min(cols), min(rows), max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def _paint_cartouche(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    c0, r0, c1, r1 = _cartouche_cells(chart)
    if c1 <= c0:
        return
    box = g.rect(c0, r0, c1 - c0, r1 - r0)
    k = g.k
    radius = round(g.cell * 0.3)
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (50, 30, 10, 90), shadow.get_rect(), border_radius=radius)
    over.blit(shadow, box.move(round(4 * k), round(6 * k)))
    pygame.draw.rect(over, (*COAST, 255), box, border_radius=radius)
    pygame.draw.rect(over, (246, 236, 210, 255), box.inflate(-6 * k, -6 * k), border_radius=radius)
    pygame.draw.rect(
        over,
        (*COAST, 255),
        box.inflate(-12 * k, -12 * k),
        max(1, round(1.4 * k)),
        border_radius=max(1, radius - 6 * k),
    )
    # corner flourishes: small scrolls
    for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = box.left + 12 * k if sx == 0 else box.right - 12 * k
        cy = box.top + 12 * k if sy == 0 else box.bottom - 12 * k
        pygame.draw.circle(over, (*COAST, 255), (cx, cy), 5 * k, max(1, round(1.4 * k)))
        pygame.draw.circle(over, (*ZONE_INK[3], 255), (cx, cy), 2 * k)
    # the name, in bold italic capitals over a rule with a small star at each end
    title = [f for f, s in enumerate(chart.terrain) if s == TITLE]
    top_row = min(f // chart.width for f in title)
    name_y = (box.top + g.p(0, top_row)[1]) / 2
    size = round(min(g.cell * 1.05, (g.p(0, top_row)[1] - box.top) * 0.95))
    image = font(size, True, True).render("Kap Hoorn", True, (110, 30, 24))
    ink = font(size, True, True).render("Kap Hoorn", True, (246, 236, 210))
    at = image.get_rect(center=(box.centerx, name_y))
    over.blit(ink, at.move(round(1.5 * k), round(1.5 * k)))
    over.blit(image, at)
    # the pile's berth: a dashed card outline in the K fields
    rows = [f // chart.width for f in title]
    cols = [f % chart.width for f in title]
    berth = g.rect(min(cols), min(rows), max(cols) + 1 - min(cols), max(rows) + 1 - min(rows))
    inner = berth.inflate(-round(g.cell * 0.12), -round(g.cell * 0.12))
    pygame.draw.rect(over, (232, 218, 186, 255), inner, border_radius=round(g.cell * 0.14))
    pygame.draw.rect(
        over, (*COAST, 140), inner, max(1, round(1.2 * k)), border_radius=round(g.cell * 0.14)
    )
    # a small clipper vignette to the left of the berth and a star to the right
    vx = (box.left + inner.left) / 2
    paint_ship(over, (vx, inner.centery), g.cell * 1.2, (120, 70, 40), 90.0)
    star(
        over,
        ((box.right + inner.right) / 2, inner.centery),
        g.cell * 0.42,
        (232, 196, 110),
        (150, 96, 40),
        points=8,
    )


def _label(
    over: pygame.Surface,
    content: str,
    pos: Point,
    size: int,
    colour: RGB,
    anchor: str = "center",
    italic: bool = True,
    halo: RGB = (240, 228, 196),
) -> pygame.Rect:
    """Lettering with a soft parchment halo so it reads over hatching and lines."""
    f = font(size, True, italic)
    image = f.render(content, True, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    glow = f.render(content, True, halo)
    d = max(2, size // 14)
    for dx, dy in ((-d, 0), (d, 0), (0, -d), (0, d), (-d, -d), (d, d), (-d, d), (d, -d)):
        over.blit(glow, rect.move(dx, dy))
    over.blit(image, rect)
    return rect


def _town(over: pygame.Surface, c: Point, r: float, k: int) -> None:
    pygame.draw.circle(over, (*COAST, 255), c, r)
    pygame.draw.circle(over, (252, 244, 224, 255), c, r * 0.6)
    pygame.draw.circle(over, (150, 30, 30, 255), c, r * 0.3)


def _paint_lettering(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    """New York by the starts, San Francisco by the finish line."""
    size = round(g.cell * 0.62)
    starts = [divmod(f, chart.width) for f in chart.starts]
    row = min(r for r, _ in starts)
    col = min(c for _, c in starts)
    # the coast just west of the start fields
    coast = col
    while coast > 0 and _is_sea(chart, row, coast - 1):
        coast -= 1
    _town(over, g.p(coast - 0.18, row + 0.55), g.cell * 0.16, g.k)
    _label(over, "New York", g.p(coast - 0.45, row + 1.25), size, (60, 36, 20), "midright")
    fields = [f for f in range(chart.width * chart.height) if chart.finish >> f & 1]
    if fields:
        frow = min(f // chart.width for f in fields)
        fcol = max(f % chart.width for f in fields) + 1
        _town(over, g.p(fcol + 0.2, frow + 0.55), g.cell * 0.16, g.k)
        _label(over, "San Francisco", g.p(fcol + 0.12, frow + 1.55), size, (60, 36, 20), "midleft")


def _paint_legends(over: pygame.Surface, chart: Chart, g: _Scaled) -> None:
    """The compass rose and, per zone, a little card showing which way its cards point."""
    for piece in _legend_pieces(chart, g):
        piece(over)


def _legend_pieces(chart: Chart, g: _Scaled) -> list[Callable[[pygame.Surface], None]]:
    """The roses and medallions, one a step of a board's painting."""
    pieces: list[Callable[[pygame.Surface], None]] = []
    left, right = g.margin_left, g.margin_right
    if left >= 3.0:
        cx = g.ox / 2
        pieces.append(partial(_compass, c=(cx, g.p(0, 12.5)[1]),
                              r=min(g.ox * 0.42, g.cell * 2.2), k=g.k))  # fmt: skip
    else:  # no margin: the rose goes on the southern continent
        pieces.append(partial(_compass, c=g.p(10.0, 12.0), r=g.cell * 1.4, k=g.k))
    spots = {3: (-1, 3.0), 1: (1, 4.0), 2: (1, 20.5)}
    for zone, (side, row) in spots.items():
        margin = left if side < 0 else right
        if margin < 2.2:
            continue
        x = g.ox / 2 if side < 0 else g.ox + g.cols * g.cell + (g.w - g.ox - g.cols * g.cell) / 2
        pieces.append(partial(_zone_medallion, c=(x, g.p(0, row)[1]), r=g.cell * 0.95,
                              zone=zone, k=g.k))  # fmt: skip
    if left >= 2.2:
        x = g.ox / 2
        pieces.append(partial(_zone_medallion, c=(x, g.p(0, 20.5)[1]), r=g.cell * 0.95,
                              zone=2, k=g.k))  # fmt: skip
    if right >= 3.0:
        x = g.ox + g.cols * g.cell + (g.w - g.ox - g.cols * g.cell) / 2
        r = min((g.w - g.ox - g.cols * g.cell) * 0.3, g.cell * 1.5)
        pieces.append(partial(_compass, c=(x, g.p(0, 12.5)[1]), r=r, k=g.k, small=True))
    return pieces


def _compass(over: pygame.Surface, c: Point, r: float, k: int, *, small: bool = False) -> None:
    """An old compass rose: rings with ticks, a 16-point star, N with a fleur tip."""
    # the translucent rings on a layer of their own, only as big as they reach
    reach = (r * 0.9 if small else r * 3.2) + 2 * k + 2
    box = pygame.Rect(math.floor(c[0] - reach), math.floor(c[1] - reach), 0, 0)
    box.size = (math.ceil(2 * reach) + 2, math.ceil(2 * reach) + 2)
    rings = pygame.Surface(box.size, pygame.SRCALPHA)
    o = (c[0] - box.x, c[1] - box.y)
    # faint rhumb lines from the rose (the portolan look)
    if not small:
        for i in range(16):
            a = i * math.pi / 8
            end = (o[0] + math.sin(a) * r * 3.2, o[1] - math.cos(a) * r * 3.2)
            pygame.draw.line(rings, (*INK, 28), o, end, max(1, k))
    pygame.draw.circle(rings, (248, 240, 220, 200), o, r * 0.9)
    pygame.draw.circle(rings, (*INK, 255), o, r * 0.9, max(1, round(1.5 * k)))
    pygame.draw.circle(rings, (*INK, 255), o, r * 0.78, max(1, k))
    for i in range(32):
        a = i * math.pi / 16
        r0 = r * (0.78 if i % 4 == 0 else 0.83)
        p = (o[0] + math.sin(a) * r0, o[1] - math.cos(a) * r0)
        q = (o[0] + math.sin(a) * r * 0.9, o[1] - math.cos(a) * r * 0.9)
        pygame.draw.line(rings, (*INK, 255), p, q, max(1, k))
    over.blit(rings, box.topleft)
    star(over, c, r * 0.62, (236, 226, 200), (120, 90, 60), points=16, inner=0.14)
    star(over, c, r * 0.98, (244, 236, 214), (70, 50, 34), points=4, inner=0.18)
    star(over, c, r * 0.72, (200, 80, 60), (120, 30, 24), points=4, inner=0.16)
    pygame.draw.circle(over, (*INK, 255), c, r * 0.06)
    size = round(r * (0.36 if small else 0.3))
    _label(over, "N", (c[0], c[1] - r * 1.12), size, (110, 30, 24), italic=False)


def _zone_medallion(over: pygame.Surface, c: Point, r: float, zone: int, k: int) -> None:
    """A disc in the zone's tint with a little card turned as the zone turns its cards, the
    forward arrow, and the stage's numeral."""
    tint = ZONE_TINT[zone]
    pygame.draw.circle(over, (40, 24, 8, 70), (c[0] + r * 0.06, c[1] + r * 0.09), r)
    pygame.draw.circle(over, (*ZONE_INK[zone], 255), c, r)
    pygame.draw.circle(over, (*tint, 255), c, r - 2.5 * k)
    pygame.draw.circle(over, (*ZONE_INK[zone], 255), c, r * 0.86, max(1, k))
    forward = FORWARD[zone]
    face = pygame.Rect(0, 0, round(r * 0.9), round(r * 0.9))
    face.center = (round(c[0]), round(c[1]))
    # the card as an outline with its keel band, and the forward arrow across the disc
    pygame.draw.rect(over, (252, 248, 236, 255), face, border_radius=round(r * 0.12))
    pygame.draw.rect(
        over, (*EDGE, 255), face, max(1, round(1.4 * k)), border_radius=round(r * 0.12)
    )
    band = round(r * 0.13)
    keel = pygame.Rect(face)
    back = (forward + 4) % 8
    if back == 4:
        keel.height, keel.bottom = band, face.bottom
    elif back == 0:
        keel.height = band
    elif back == 2:
        keel.width, keel.right = band, face.right
    else:
        keel.width = band
    pygame.draw.rect(over, (40, 62, 104, 255), keel.inflate(-2 * k, -2 * k))
    draw_arrow(over, c, forward, -r * 0.3, r * 0.42, r * 0.17, (28, 44, 82), head=2.2)
    _label(
        over, ROMAN[zone - 1], (c[0], c[1] + r * 1.3), round(r * 0.62), ZONE_INK[zone], italic=False
    )


# ---- the renderer ---------------------------------------------------------------------------
class ChartRenderer:
    """Draws one game's sea chart: the cached board, cards, the pile and highlights (ships,
    roses and log books: ``game.games.kaphoorn.view.clipper``)."""

    def __init__(self, chart: Chart, rect: pygame.Rect, cell: int | None = None) -> None:
        """The chart fitted in ``rect``, or, with ``cell``, the whole chart at that zoom (a
        camera shows part of it: ``place``)."""
        self.chart = chart
        self.zoomed = cell is not None
        self.rect = pygame.Rect((0, 0), zoomed_size(chart, cell)) if cell else pygame.Rect(rect)
        self.layout = ChartLayout(chart, self.rect, cell)
        self._winds = all_winds()
        self._starts = frozenset(chart.starts)
        self._forward = tuple(FORWARD.get(z, 0) for z in chart.zone)
        width, cell = chart.width, self.layout.cell
        # each field's corner from the grid's: the cards' places, wherever the camera puts it
        fields = range(len(chart.zone))
        self._corner = tuple(((f % width) * cell, (f // width) * cell) for f in fields)
        self.place(self.layout.home)

    def place(self, origin: tuple[float, float]) -> None:
        """Draw the grid's corner at ``origin`` (screen pixels) from now on."""
        self.layout.place((round(origin[0]), round(origin[1])))

    # -- board ------------------------------------------------------------------------------
    @property
    def board_layer(self) -> pygame.Surface:
        if self.zoomed:
            return zoomed_layer(self.chart, self.layout.cell)
        return _board(self.chart, self.rect)

    def covers(self, view: pygame.Rect) -> bool:
        """Whether the painted board, where ``place`` put it, fills all of ``view``."""
        lay = self.layout
        x = round(lay.origin[0] - lay.home[0] + self.rect.x)
        y = round(lay.origin[1] - lay.home[1] + self.rect.y)
        return pygame.Rect((x, y), self.rect.size).contains(view)

    def draw_board(self, surface: pygame.Surface) -> None:
        """The painted board, where ``place`` put it (the surface's clip cuts it to a view)."""
        lay = self.layout
        x = lay.origin[0] - lay.home[0] + self.rect.x
        y = lay.origin[1] - lay.home[1] + self.rect.y
        surface.blit(self.board_layer, (round(x), round(y)))

    # -- cards ------------------------------------------------------------------------------
    def card_sprite(self, wind: int, field: int) -> pygame.Surface:
        """The sprite of wind ``wind`` (index into ``all_winds()``) lying on ``field``."""
        return board_sprite(
            self._winds[wind],
            self._forward[field],
            self.layout.cell,
            self.chart.station.get(field, -1),
        )

    def draw_cards(
        self,
        surface: pygame.Surface,
        cards: Sequence[int],
        hidden: Collection[int] = frozenset(),
    ) -> None:
        """Every wind card on the board, turned to its zone (not the printed start fields,
        not the ``hidden`` fields that are being animated)."""
        winds, forward, station = self._winds, self._forward, self.chart.station
        cell, starts, corner = self.layout.cell, self._starts, self._corner
        ox, oy = self.layout.origin
        blits = [
            (board_sprite(winds[c], forward[f], cell, station.get(f, -1)),
             (ox + corner[f][0], oy + corner[f][1]))
            for f, c in enumerate(cards)
            if c >= 0 and f not in starts and f not in hidden
        ]  # fmt: skip
        if blits:
            surface.fblits(blits)

    def draw_card_at(
        self, surface: pygame.Surface, wind: int, centre: Point, zone: int = 1
    ) -> None:
        """One card of the board's size turned to ``zone``, centred anywhere (animations)."""
        sprite = board_sprite(self._winds[wind], FORWARD[zone], self.layout.cell)
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))

    # -- the pile ---------------------------------------------------------------------------
    def pile_rect(self) -> pygame.Rect:
        """Where the top card of the draw pile lies (a square in the title fields)."""
        berth = title_rect(self.layout)
        side = round(min(berth.height * 0.86, berth.width * 0.6))
        top = pygame.Rect(0, 0, side, side)
        top.center = (berth.centerx - round(berth.width * 0.14), berth.centery - 2)
        return top

    def pile_point(self) -> Point:
        """The centre of the draw pile's top card (where drawn cards fly from)."""
        c = self.pile_rect().center
        return (float(c[0]), float(c[1]))

    def draw_pile(self, surface: pygame.Surface, count: int) -> None:
        """The draw pile in the title area: a stack as thick as the pile, and its count."""
        top = self.pile_rect()
        layers = 0 if count <= 0 else min(6, 1 + count // 15)
        for i in range(layers - 1, -1, -1):
            draw_card_back(surface, top.move(i * 1, -i * 2 + (layers - 1) * 2 - 2))
        if count <= 0:
            pygame.draw.rect(surface, (*COAST, 160), top, 2, border_radius=6)
        berth = title_rect(self.layout)
        cx = (top.right + berth.right) / 2 + 2
        r = max(10, round(self.layout.cell * 0.36))
        _badge(surface, (cx, top.centery), r, str(max(0, count)))

    # -- the wind's course ---------------------------------------------------------------------
    def draw_course(
        self, surface: pygame.Surface, ship: int, legs: Sequence[tuple[int, int, bool]]
    ) -> None:
        """Where the wind under a ship leads: a dotted line along each arrow (``legs``: its
        direction, the fields it crosses, whether land or the edge stops it short, which a
        cross then marks)."""
        lay = self.layout
        cell = lay.cell
        dot = _course_dot(max(3, round(cell * 0.07)))
        ax, ay = lay.centre(ship)
        for direction, fields, stopped in legs:
            dr, dc = STEPS[direction]
            reach = fields + (0.5 if stopped else 0.0)  # a stopped leg ends at the land's edge
            n = max(1, round(reach / 0.3))
            for k in range(2, n + 1):  # not on the ship itself
                t = reach * k / n
                at = (round(ax + dc * cell * t), round(ay + dr * cell * t))
                surface.blit(dot, dot.get_rect(center=at))
            if stopped:
                _cross(surface, (ax + dc * cell * reach, ay + dr * cell * reach), cell * 0.16)

    # -- highlights -------------------------------------------------------------------------
    def draw_highlights(
        self, surface: pygame.Surface, fields: dict[int, str], clock: float
    ) -> None:
        """Pulsing overlays: play, replace, sail, ignore, focus (strongest), ship."""
        cell = self.layout.cell
        clock = theme.idle(clock)  # reduced motion: a steady glow instead of a pulse
        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        fast = 0.5 + 0.5 * math.sin(clock * 8.0)
        if theme.access().high_contrast:
            pulse = fast = 1.0  # highlights at full strength
        order = sorted(fields.items(), key=lambda kv: kv[1] == "focus")
        for field, style in order:
            if not 0 <= field < len(self._corner):
                continue
            if style not in HIGHLIGHT_STYLES:
                style = "focus"
            sprite = _highlight_sprite(style, cell)
            if style == "focus":
                sprite.set_alpha(round(200 + 55 * fast))
            else:
                sprite.set_alpha(round(150 + 105 * pulse))
            c = self.layout.centre(field)
            surface.blit(sprite, sprite.get_rect(center=(round(c[0]), round(c[1]))))


def _badge(surface: pygame.Surface, c: Point, r: int, label: str) -> None:
    sprite = _badge_sprite(r, label)
    surface.blit(sprite, sprite.get_rect(center=(round(c[0]), round(c[1]))))


@lru_cache(maxsize=128)
def _badge_sprite(r: int, label: str) -> pygame.Surface:
    s = SS
    big = pygame.Surface((r * 2 * s + 4 * s, r * 2 * s + 4 * s), pygame.SRCALPHA)
    c = (big.get_width() / 2, big.get_height() / 2)
    R = r * s
    pygame.draw.circle(big, (40, 24, 8, 90), (c[0] + 2 * s, c[1] + 2 * s), R)
    pygame.draw.circle(big, (*COAST, 255), c, R)
    pygame.draw.circle(big, (250, 242, 220, 255), c, R - 2 * s)
    size = round(R * (1.05 if len(label) < 2 else 0.85))
    image = font(size).render(label, True, (60, 36, 20))
    big.blit(image, image.get_rect(center=(c[0], c[1] + R * 0.03)))
    return finish(big, s)


@lru_cache(maxsize=64)
def _highlight_sprite(style: str, cell: int) -> pygame.Surface:
    """One highlight style for a field of ``cell`` pixels (supersampled once; alpha per frame)."""
    s = SS
    colour = HIGHLIGHT_STYLES[style]
    side = round(cell * 1.3)
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    C = big.get_width() / 2
    c = (C, C)
    u = cell * s
    box = pygame.Rect(0, 0, round(u * 0.94), round(u * 0.94))
    box.center = (round(C), round(C))
    radius = round(u * 0.14)
    dark = (20, 24, 36)
    if style == "play":
        # a free berth: soft green fill, a dashed card outline and a plus
        pygame.draw.rect(big, (*colour, 70), box, border_radius=radius)
        _dashed_rect(big, box.inflate(-u * 0.1, -u * 0.1), (*dark, 200), u * 0.09, 8)
        _dashed_rect(big, box.inflate(-u * 0.1, -u * 0.1), (*colour, 255), u * 0.055, 8)
        for a, b in (((-1, 0), (1, 0)), ((0, -1), (0, 1))):
            p = (C + a[0] * u * 0.16, C + a[1] * u * 0.16)
            q = (C + b[0] * u * 0.16, C + b[1] * u * 0.16)
            pygame.draw.line(big, (*dark, 200), p, q, round(u * 0.11))
            pygame.draw.line(big, (*colour, 255), p, q, round(u * 0.06))
    elif style == "replace":
        # a card that may be covered: a thick dashed orange frame with a dark casing
        frame = box.inflate(u * 0.04, u * 0.04)
        _dashed_rect(big, frame, (*dark, 220), u * 0.14, 6)
        _dashed_rect(big, frame, (*colour, 255), u * 0.09, 6)
        pygame.draw.rect(big, (*colour, 40), box, border_radius=radius)
    elif style == "sail":
        # an end field of the move: a bright ring with corner brackets
        for grow, alpha in ((0.12, 50), (0.07, 90)):
            pygame.draw.rect(
                big,
                (*colour, alpha),
                box.inflate(u * grow, u * grow),
                round(u * 0.08),
                border_radius=radius,
            )
        pygame.draw.rect(big, (*colour, 55), box, border_radius=radius)
        pygame.draw.rect(big, (*dark, 210), box, round(u * 0.11), border_radius=radius)
        pygame.draw.rect(
            big,
            (*colour, 255),
            box.inflate(-u * 0.02, -u * 0.02),
            round(u * 0.07),
            border_radius=radius,
        )
        _brackets(big, box.inflate(u * 0.16, u * 0.16), (255, 255, 255, 255), u * 0.25, u * 0.05)
    elif style == "ignore":
        # a neighbour by "ignore": a dotted violet ring of beads
        pygame.draw.rect(big, (*colour, 50), box, border_radius=radius)
        inner = box.inflate(-u * 0.06, -u * 0.06)
        n = 16
        for i in range(n):
            t = i / n
            p = _perimeter(inner, t)
            pygame.draw.circle(big, (*dark, 220), p, u * 0.07)
            pygame.draw.circle(big, (*colour, 255), p, u * 0.05)
    elif style == "focus":
        for grow, alpha in ((0.22, 50), (0.15, 90), (0.09, 150)):
            pygame.draw.rect(
                big,
                (*colour, alpha),
                box.inflate(u * grow, u * grow),
                round(u * 0.1),
                border_radius=radius + round(u * grow / 2),
            )
        pygame.draw.rect(
            big,
            (*dark, 230),
            box.inflate(u * 0.06, u * 0.06),
            round(u * 0.16),
            border_radius=radius,
        )
        pygame.draw.rect(
            big,
            (*colour, 255),
            box.inflate(u * 0.02, u * 0.02),
            round(u * 0.1),
            border_radius=radius,
        )
        pygame.draw.rect(
            big,
            (255, 255, 255, 255),
            box.inflate(-u * 0.02, -u * 0.02),
            round(u * 0.035),
            border_radius=radius,
        )
    elif style == "course":
        # an end of the wind's course with no card: a white dashed outline, nothing to press
        frame = box.inflate(-u * 0.08, -u * 0.08)
        _dashed_rect(big, frame, (*dark, 200), u * 0.1, 5)
        _dashed_rect(big, frame, (*colour, 255), u * 0.055, 5)
    else:  # "ship": a golden ring round the ship that moves
        for grow, alpha in ((0.56, 40), (0.5, 80), (0.45, 140)):
            pygame.draw.circle(big, (*colour, alpha), c, u * grow, round(u * 0.07))
        pygame.draw.circle(big, (*dark, 220), c, u * 0.43, round(u * 0.09))
        pygame.draw.circle(big, (*colour, 255), c, u * 0.425, round(u * 0.06))
    return finish(big, s)


@lru_cache(maxsize=16)
def _course_dot(r: int) -> pygame.Surface:
    sprite = pygame.Surface((r * 2 + 4, r * 2 + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    pygame.draw.circle(sprite, (20, 24, 36, 200), c, r + 1)
    pygame.draw.circle(sprite, (246, 246, 240, 255), c, r - 1)
    return sprite


def _cross(surface: pygame.Surface, at: Point, half: float) -> None:
    """Where land or the chart's edge stops a course."""
    x, y = at
    for width, colour in ((round(half * 0.7), (20, 24, 36)), (round(half * 0.4), (213, 94, 0))):
        pygame.draw.line(surface, colour, (x - half, y - half), (x + half, y + half), width)
        pygame.draw.line(surface, colour, (x - half, y + half), (x + half, y - half), width)


def _perimeter(rect: pygame.Rect, t: float) -> Point:
    """The point at fraction ``t`` round the rect's outline (clockwise from the top left)."""
    w, h = rect.width, rect.height
    d = (t % 1.0) * 2 * (w + h)
    if d < w:
        return (rect.left + d, rect.top)
    d -= w
    if d < h:
        return (rect.right, rect.top + d)
    d -= h
    if d < w:
        return (rect.right - d, rect.bottom)
    return (rect.left, rect.bottom - (d - w))


def _dashed_rect(
    big: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: float, per_side: int
) -> None:
    n = per_side * 4
    for i in range(n):
        t0 = i / n
        t1 = t0 + 0.55 / n
        p, q = _perimeter(rect, t0 + 0.2 / n), _perimeter(rect, t1 + 0.2 / n)
        if abs(p[0] - q[0]) > 1e-6 and abs(p[1] - q[1]) > 1e-6:  # round a corner: two pieces
            corner = _perimeter(rect, math.ceil(t0 * 4) / 4)
            pygame.draw.line(big, colour, p, corner, round(width))
            pygame.draw.line(big, colour, corner, q, round(width))
        else:
            pygame.draw.line(big, colour, p, q, round(width))


def _brackets(
    big: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], length: float, width: float
) -> None:
    w = round(width)
    for x, y, sx, sy in (
        (rect.left, rect.top, 1, 1),
        (rect.right, rect.top, -1, 1),
        (rect.left, rect.bottom, 1, -1),
        (rect.right, rect.bottom, -1, -1),
    ):
        pygame.draw.line(big, (20, 24, 36, 230), (x, y), (x + sx * length, y), w + 4)
        pygame.draw.line(big, (20, 24, 36, 230), (x, y), (x, y + sy * length), w + 4)
        pygame.draw.line(big, colour, (x, y), (x + sx * length, y), w)
        pygame.draw.line(big, colour, (x, y), (x, y + sy * length), w)
