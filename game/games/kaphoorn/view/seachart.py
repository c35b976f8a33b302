"""The Kap Hoorn sea chart: the cached old-chart board layer, wind cards on the board, the draw
pile and the field highlights.

:class:`ChartRenderer` paints everything static once into ``board_layer`` (the size of the
rect): parchment and sea textures and the zone tints (numpy, anti-aliased by construction), then
the vector work supersampled (``chartink``). The grid of fields is ``chartlayout``'s
:class:`ChartLayout`; the highlight sprites are ``highlight``'s. A big board takes seconds
of work, so the table paints it over frames (``prepare_board`` with a budget: the textures on a
background thread, the vector work in steps of a few milliseconds); ``board_layer`` paints
whatever is left at once. A frame blits the layer, then ``draw_cards`` (one cached sprite per
card), ships (``game.games.kaphoorn.view.clipper``) and ``draw_highlights``.

Pieces and sheets live next door: ``game.games.kaphoorn.view.windcard`` (card faces and backs) and
``game.games.kaphoorn.view.clipper`` (ships, wind roses, log books); the names the scene needs are
re-exported here.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Collection, Iterator, Sequence

import numpy as np
import pygame

from game.games.kaphoorn.rules.chart import FORWARD, LAND, STEPS, TITLE, Chart
from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.view.chartink import overlay_pieces, title_rect
from game.games.kaphoorn.view.chartlayout import (
    COAST,
    COAST_WASH,
    INK,
    LAND_DARK,
    LAND_LIGHT,
    SEA,
    SS,
    WATERLINE,
    ZONE_TINT,
    ChartLayout,
    Point,
    Scaled,
)
from game.games.kaphoorn.view.clipper import (
    draw_logbook,
    draw_rose,
    draw_ship,
    ship_offsets,
    ship_size,
)
from game.games.kaphoorn.view.highlight import (
    HIGHLIGHT_STYLES,
    badge,
    course_dot,
    cross,
    highlight_sprite,
)
from game.games.kaphoorn.view.windcard import (
    board_sprite,
    draw_card_back,
    draw_wind_card,
    finish,
)
from game.ui import theme
from game.ui.steps import Stepped

__all__ = [
    "ChartLayout",
    "ChartRenderer",
    "HIGHLIGHT_STYLES",
    "INK",
    "SEA",
    "board_sprite",
    "title_rect",
    "draw_card_back",
    "draw_logbook",
    "draw_rose",
    "draw_ship",
    "draw_wind_card",
    "ship_offsets",
    "ship_size",
]


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
    g = Scaled(lay, 1)
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
BAND = 256  # rows of the supersampled overlay smoothed down and laid on in one step


class _Painting:
    """One board of ``size`` pixels being painted; ``layer`` once it is."""

    def __init__(self, chart: Chart, size: tuple[int, int]) -> None:
        self.chart, self.size = chart, size
        self._textures: tuple[np.ndarray, np.ndarray, pygame.Surface] | None = None
        self._error: BaseException | None = None
        self._work: Stepped[pygame.Surface] | None = None  # the steps on the loop's thread
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
        if self._started(wait=False):
            assert self._work is not None
            return self._work.advance(budget)
        return False

    @property
    def layer(self) -> pygame.Surface | None:
        return None if self._work is None else self._work.result

    @property
    def steps(self) -> int:
        """The steps painted so far on the loop's thread."""
        return 0 if self._work is None else self._work.steps

    def wait(self, limit: float) -> bool:
        """Block up to ``limit`` seconds for the textures; whether they are there."""
        self._thread.join(limit)
        return not self._thread.is_alive()

    def finish(self) -> pygame.Surface:
        """The board, painted to its end now (the wait of a caller that cannot show it later)."""
        self._started(wait=True)
        assert self._work is not None
        return self._work.finish()

    def _started(self, wait: bool) -> bool:
        if self._work is None:
            if wait:
                self._thread.join()
            elif self._thread.is_alive():
                return False
            if self._error is not None:
                raise self._error
            assert self._textures is not None
            self._work = Stepped(_board_steps(self.chart, self.size, *self._textures))
            self._textures = None
        return True


def _board_steps(
    chart: Chart, size: tuple[int, int], rgb: np.ndarray, blurred: np.ndarray, over: pygame.Surface
) -> Iterator[pygame.Surface | None]:
    """The pygame work of a board, one step a ``next`` (None), the board last."""
    lay = ChartLayout(chart, pygame.Rect((0, 0), size))
    g = Scaled(lay, SS)
    for paint in overlay_pieces(chart, g, blurred, lay):
        paint(over)
        yield None
    # shares rgb's memory (through rgb.data: numpy types its arrays as buffers from Python 3.12
    # on), kept till the end
    base = pygame.image.frombuffer(rgb.data, size, "RGB")
    for top in range(0, g.h, BAND):
        rows = over.subsurface((0, top, g.w, min(BAND, g.h - top)))
        base.blit(finish(rows, SS), (0, top // SS))  # exact halving: bands join seamlessly
        yield None
    yield base.convert() if _display_ready() else base.copy()


_PAINTINGS: dict[tuple, _Painting] = {}  # boards being painted, until they are stored


def _layer_key(chart: Chart, size: tuple[int, int]) -> tuple:
    return (id(chart), chart.terrain, tuple(size))


def _painting(chart: Chart, size: tuple[int, int]) -> _Painting:
    key = _layer_key(chart, size)
    if key not in _PAINTINGS:
        _PAINTINGS[key] = _Painting(chart, (size[0], size[1]))
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
        badge(surface, (cx, top.centery), r, str(max(0, count)))

    # -- the wind's course ---------------------------------------------------------------------
    def draw_course(
        self, surface: pygame.Surface, ship: int, legs: Sequence[tuple[int, int, bool]]
    ) -> None:
        """Where the wind under a ship leads: a dotted line along each arrow (``legs``: its
        direction, the fields it crosses, whether land or the edge stops it short, which a
        cross then marks)."""
        lay = self.layout
        cell = lay.cell
        dot = course_dot(max(3, round(cell * 0.07)))
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
                cross(surface, (ax + dc * cell * reach, ay + dr * cell * reach), cell * 0.16)

    # -- highlights -------------------------------------------------------------------------
    def draw_highlights(
        self, surface: pygame.Surface, fields: dict[int, str], clock: float,
        focus: int | None = None,
    ) -> None:  # fmt: skip
        """Pulsing overlays: play, replace, sail, ignore, focus (strongest), ship; the keys'
        ``focus`` over its field's own overlay (a focused sail field still shows blue)."""
        cell = self.layout.cell
        clock = theme.idle(clock)  # reduced motion: a steady glow instead of a pulse
        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        fast = 0.5 + 0.5 * math.sin(clock * 8.0)
        if theme.access().high_contrast:
            pulse = fast = 1.0  # highlights at full strength
        order = sorted(fields.items(), key=lambda kv: kv[1] == "focus")
        if focus is not None:
            order.append((focus, "focus"))
        for field, style in order:
            if not 0 <= field < len(self._corner):
                continue
            if style not in HIGHLIGHT_STYLES:
                style = "focus"
            sprite = highlight_sprite(style, cell)
            if style == "focus":
                sprite.set_alpha(round(200 + 55 * fast))
            else:
                sprite.set_alpha(round(150 + 105 * pulse))
            c = self.layout.centre(field)
            surface.blit(sprite, sprite.get_rect(center=(round(c[0]), round(c[1]))))
