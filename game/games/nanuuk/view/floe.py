"""The Nanuuk! ice floe: hex layout, the cached board layer, cracks and highlights.

:class:`FloeLayout` maps the floe's fields (pointy-top hexes in the odd-r offset map of
``game.games.nanuuk.rules.board``) to pixels inside a rect and back. :class:`FloeRenderer` draws the
board: everything static (sea, shallow halo, the ice fields with their bevel and texture,
unused fields as drifting ice, igloos, field numbers, the region outline) is rendered once,
supersampled, into one surface per (floe, rect, fields in play, region); a frame blits it, adds a
few moving wave strokes, the cracks (polygons precomputed per edge) and highlight sprites.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from functools import lru_cache

import pygame

from game.games.nanuuk.rules.board import DIRECTIONS, DOTS, IGLOO, WAVES, Floe, bits
from game.ui import theme

Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)
SUPERSAMPLE = 2  # the static layer is drawn at this scale and smoothed down

SEA_TOP = (38, 104, 150)
SEA_BOTTOM = (20, 62, 104)
SHALLOW = (86, 178, 200)
FOAM = (226, 244, 252)
ICE_TOP = (250, 253, 255)
ICE_LOW = (214, 232, 244)
ICE_CLIFF = (96, 150, 184)
ICE_CLIFF_DARK = (58, 104, 140)
SEAM = (168, 198, 220)
BEVEL_LIGHT = (255, 255, 255)
BEVEL_DARK = (184, 210, 228)
LABEL = (128, 146, 166)
REGION = (236, 110, 40)
REGION_CASING = (60, 30, 20)
CRACK = (14, 34, 60)
CRACK_RIM = (122, 176, 214)

# Okabe-Ito hues; beside colour, "kayak" is dashed with waves, "bad" crossed out, "focus" and
# "select" thicker, and move/banish/place are never shown together (one phase each).
FIELD_STYLES: dict[str, tuple[int, int, int]] = {
    "move": (0, 158, 115),
    "kayak": (0, 114, 178),
    "focus": (240, 228, 66),
    "select": (230, 159, 0),
    "banish": (204, 121, 167),
    "place": (86, 180, 233),
    "bad": (213, 94, 0),
}
EDGE_STYLES: dict[str, tuple[int, int, int]] = {
    "crack": (255, 140, 30),
    "crack-focus": (255, 244, 120),
}

_LAYER_CACHE: dict[tuple, pygame.Surface] = {}
_LAYER_CACHE_SIZE = 8


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))  # type: ignore[return-value]


def _hex_points(c: Point, r: float) -> list[Point]:
    """Corners of a pointy-top hex, clockwise from the top."""
    cx, cy = c
    return [
        (
            cx + r * math.cos(math.radians(-90 + 60 * k)),
            cy + r * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


# ---- layout ---------------------------------------------------------------------------------
class FloeLayout:
    """Pixel geometry of the whole floe (every field, any symbol), fitted and centred in rect."""

    PAD = 0.45  # water around the floe, in hex radii

    def __init__(self, floe: Floe, rect: pygame.Rect) -> None:
        self.floe = floe
        self.rect = pygame.Rect(rect)
        unit = {f: (SQRT3 * (c + 0.5 * (r & 1)), 1.5 * r) for f, (r, c) in floe.coords.items()}
        xs = [x for x, _ in unit.values()]
        ys = [y for _, y in unit.values()]
        left, right = min(xs) - SQRT3 / 2 - self.PAD, max(xs) + SQRT3 / 2 + self.PAD
        top, bottom = min(ys) - 1 - self.PAD, max(ys) + 1 + self.PAD
        self.radius: float = min(
            self.rect.width / (right - left), self.rect.height / (bottom - top)
        )
        ox = self.rect.centerx - (left + right) / 2 * self.radius
        oy = self.rect.centery - (top + bottom) / 2 * self.radius
        self._centres: dict[int, Point] = {
            f: (ox + x * self.radius, oy + y * self.radius) for f, (x, y) in unit.items()
        }

    @property
    def fields(self) -> Iterable[int]:
        return self._centres.keys()

    def centre(self, field: int) -> Point:
        return self._centres[field]

    def corners(self, field: int) -> list[Point]:
        return _hex_points(self._centres[field], self.radius)

    def edge_segment(self, edge: int) -> tuple[Point, Point]:
        """The side shared by the edge's two fields (a side is as long as the radius)."""
        a, b = self.floe.edge_ends(edge)
        return self.side(a, b)

    def side(self, a: int, b: int) -> tuple[Point, Point]:
        (ax, ay), (bx, by) = self._centres[a], self._centres[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        px, py = -dy / length * self.radius / 2, dx / length * self.radius / 2
        return (mx - px, my - py), (mx + px, my + py)

    def field_at(self, pos: Point) -> int | None:
        x, y = pos
        best, best_d = None, math.inf
        for f, (cx, cy) in self._centres.items():
            d = (x - cx) ** 2 + (y - cy) ** 2
            if d < best_d:
                best, best_d = f, d
        if best is None:
            return None
        cx, cy = self._centres[best]
        dx, dy = abs(x - cx), abs(y - cy)
        r = self.radius
        if dx <= r * SQRT3 / 2 + 1e-6 and dy + dx / SQRT3 <= r + 1e-6:
            return best
        return None

    def edge_at(
        self, pos: Point, candidates: Iterable[int], tolerance: float | None = None
    ) -> int | None:
        limit = 0.45 * self.radius if tolerance is None else tolerance
        best, best_d = None, math.inf
        for edge in candidates:
            a, b = self.edge_segment(edge)
            d = _segment_distance(pos, a, b)
            if d < best_d:
                best, best_d = edge, d
        return best if best_d <= limit else None


# ---- the static board layer -----------------------------------------------------------------
def _board_layer(
    floe: Floe, in_play: frozenset[int], size: tuple[int, int], region: frozenset[int] | None
) -> pygame.Surface:
    key = (floe.rows, size, in_play, region, theme.access())  # the numbers follow contrast/scale
    layer = _LAYER_CACHE.get(key)
    if layer is None:
        if len(_LAYER_CACHE) >= _LAYER_CACHE_SIZE:
            _LAYER_CACHE.pop(next(iter(_LAYER_CACHE)))
        layer = _paint_board(floe, in_play, size, region)
        _LAYER_CACHE[key] = layer
    return layer


def _paint_board(
    floe: Floe, in_play: frozenset[int], size: tuple[int, int], region: frozenset[int] | None
) -> pygame.Surface:
    s = SUPERSAMPLE
    w, h = size[0] * s, size[1] * s
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    lay = FloeLayout(floe, pygame.Rect(0, 0, w, h))
    r = lay.radius
    rng = random.Random(4242)
    corner = round(min(w, h) * 0.035)

    # the sea: a vertical gradient, soft swell marks, a darker rim
    sea = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(0, h, 2):
        pygame.draw.line(sea, _mix(SEA_TOP, SEA_BOTTOM, y / h), (0, y), (w, y), 2)
    for _ in range(int(w * h / (r * r) * 0.9)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        length = rng.uniform(0.3, 0.8) * r
        shade = _mix(SEA_TOP, SEA_BOTTOM, y / h)
        tone = _mix(shade, (255, 255, 255) if rng.random() < 0.5 else (0, 0, 0), 0.08)
        pygame.draw.arc(
            sea, tone, (x, y, length, length * 0.35), 0.4, math.pi - 0.4, max(2, round(r * 0.04))
        )
    # the shallow shelf around the ice, in two soft steps, and a fainter one round unused fields
    for grow, alpha, fields in (
        (1.34, 60, floe.kinds.keys()),
        (1.34, 70, in_play),
        (1.18, 90, in_play),
    ):
        shelf = pygame.Surface((w, h), pygame.SRCALPHA)
        for f in fields:
            pygame.draw.polygon(shelf, SHALLOW, _hex_points(lay.centre(f), r * grow))
        shelf.set_alpha(alpha)
        sea.blit(shelf, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=corner)
    sea.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(sea, (0, 0))
    pygame.draw.rect(big, (12, 40, 70), big.get_rect(), round(6 * s), border_radius=corner)
    pygame.draw.rect(
        big, (120, 180, 214), big.get_rect().inflate(-6 * s, -6 * s), round(2 * s),
        border_radius=corner,
    )  # fmt: skip

    # fields not in play: open water with drifting ice shards
    for f in sorted(floe.kinds.keys() - in_play):
        _paint_drift(big, lay, f, floe.kinds[f], random.Random(f * 7919))

    # the floe: foam rim, ice cliff, then the top faces with bevel and texture
    fields = sorted(in_play)
    for f in fields:
        cx, cy = lay.centre(f)
        pygame.draw.polygon(big, FOAM, _hex_points((cx, cy + r * 0.06), r * 1.07))
    for f in fields:
        cx, cy = lay.centre(f)
        pygame.draw.polygon(big, ICE_CLIFF_DARK, _hex_points((cx, cy + r * 0.2), r * 1.01))
        pygame.draw.polygon(big, ICE_CLIFF, _hex_points((cx, cy + r * 0.13), r * 1.01))
    face = _face_sprite(r)
    for f in fields:
        cx, cy = lay.centre(f)
        big.blit(face, face.get_rect(center=(round(cx), round(cy))))
    for f in fields:
        _paint_field(big, lay, f, floe.kinds[f], random.Random(f * 104729))
    for f in fields:
        if floe.kinds[f] == IGLOO:
            _paint_igloo(big, lay.centre(f), r)

    # field numbers: tiny and grey, near the bottom of each field
    size_px = max(10, round(r * 0.25))
    for f in fields:
        cx, cy = lay.centre(f)
        colour = _mix(LABEL, ICE_TOP, 0.1)
        theme.text(
            big, str(floe.labels[f]), (cx, cy + r * 0.8), size_px, colour, False, "midbottom"
        )

    if region:
        _paint_region(big, lay, region)

    layer = pygame.transform.smoothscale(big, size)
    if _display_ready():
        layer = layer.convert_alpha()
    return layer


@lru_cache(maxsize=8)
def _face_sprite(r: float) -> pygame.Surface:
    """One ice field's top face: a soft diagonal gradient inside the hex, with a bevel."""
    side = math.ceil(r * 2) + 4
    c = side / 2
    face = pygame.Surface((side, side), pygame.SRCALPHA)
    for y in range(side):
        t = y / side
        pygame.draw.line(face, (*_mix(ICE_TOP, ICE_LOW, t**1.4), 255), (0, y), (side, y))
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), _hex_points((c, c), r))
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    inner = _hex_points((c, c), r * 0.9)
    width = max(2, round(r * 0.05))
    bevel = {0: 0.5, 1: 0.0, 2: 0.0, 3: 0.5, 4: 1.0, 5: 1.0}
    for k in range(6):  # bevel: light on the upper-left sides, shaded on the lower-right
        a, b = inner[k], inner[(k + 1) % 6]
        pygame.draw.line(face, _mix(BEVEL_DARK, BEVEL_LIGHT, bevel[k]), a, b, width)
    pygame.draw.polygon(face, SEAM, _hex_points((c, c), r), max(2, round(r * 0.035)))
    return face


def _paint_field(
    big: pygame.Surface, lay: FloeLayout, f: int, kind: str, rng: random.Random
) -> None:
    cx, cy = lay.centre(f)
    r = lay.radius
    thin = max(1, round(r * 0.02))
    for _ in range(rng.randint(2, 3)):  # faint frost scratches
        a = rng.uniform(0, math.pi)
        x0, y0 = cx + rng.uniform(-0.45, 0.45) * r, cy + rng.uniform(-0.5, 0.35) * r
        length = rng.uniform(0.2, 0.42) * r
        x1, y1 = x0 + math.cos(a) * length, y0 + math.sin(a) * length
        mx, my = (x0 + x1) / 2 + rng.uniform(-0.06, 0.06) * r, (y0 + y1) / 2
        pygame.draw.lines(big, (198, 220, 236), False, [(x0, y0), (mx, my), (x1, y1)], thin)
    for _ in range(rng.randint(3, 6)):  # sparkles
        x, y = cx + rng.uniform(-0.55, 0.55) * r, cy + rng.uniform(-0.6, 0.45) * r
        pygame.draw.circle(big, (255, 255, 255), (x, y), r * rng.uniform(0.015, 0.03))
    mark = (150, 178, 204)
    if kind == DOTS:
        for dx in (-0.16, 0.0, 0.16):
            pygame.draw.circle(big, mark, (cx + dx * r, cy - 0.55 * r), r * 0.045)
    elif kind == WAVES:
        _squiggles(big, (cx, cy - 0.55 * r), r, mark, max(2, round(r * 0.04)))


def _squiggles(
    big: pygame.Surface, c: Point, r: float, colour: tuple[int, ...], width: int
) -> None:
    for dy in (-0.06, 0.06):
        pts = [
            (
                c[0] + (t / 8 - 0.5) * 0.42 * r,
                c[1] + dy * r + math.sin(t / 8 * 2 * math.pi) * 0.035 * r,
            )
            for t in range(9)
        ]
        pygame.draw.lines(big, colour, False, pts, width)


def _paint_drift(
    big: pygame.Surface, lay: FloeLayout, f: int, kind: str, rng: random.Random
) -> None:
    """A field not in play: water with a dotted ghost outline and a few drifting ice shards."""
    cx, cy = lay.centre(f)
    r = lay.radius
    ghost = (120, 184, 214)
    pts = _hex_points((cx, cy), r * 0.96)
    dot = max(2, round(r * 0.028))
    for k in range(6):
        (ax, ay), (bx, by) = pts[k], pts[(k + 1) % 6]
        for i in range(7):
            t = (i + 0.5) / 7
            pygame.draw.circle(big, ghost, (ax + (bx - ax) * t, ay + (by - ay) * t), dot)
    for _ in range(rng.randint(2, 3)):
        sx, sy = cx + rng.uniform(-0.4, 0.4) * r, cy + rng.uniform(-0.4, 0.3) * r
        size = rng.uniform(0.14, 0.26) * r
        shard = [
            (
                sx + math.cos(a) * size * rng.uniform(0.6, 1.0),
                sy + math.sin(a) * size * rng.uniform(0.5, 0.8),
            )
            for a in sorted(rng.uniform(0, 2 * math.pi) for _ in range(6))
        ]
        pygame.draw.polygon(big, (60, 120, 160), [(x, y + size * 0.25) for x, y in shard])
        pygame.draw.polygon(big, (214, 234, 246), shard)
        pygame.draw.polygon(big, (160, 200, 224), shard, max(1, round(r * 0.02)))
    mark = (110, 170, 204)
    if kind == DOTS:
        for dx in (-0.16, 0.0, 0.16):
            pygame.draw.circle(big, mark, (cx + dx * r, cy + 0.55 * r), r * 0.045)
    elif kind == WAVES:
        _squiggles(big, (cx, cy + 0.55 * r), r, mark, max(2, round(r * 0.04)))


def _paint_igloo(big: pygame.Surface, c: Point, r: float) -> None:
    """A snow-block dome with an entrance tunnel, seen from the front and a little above."""
    cx, cy = c
    a, b = r * 0.6, r * 0.62  # dome half-width and height
    base = cy + r * 0.3
    ink = (70, 100, 130)
    line = max(2, round(r * 0.03))
    pygame.draw.ellipse(big, (150, 186, 214), (cx - a * 1.15, base - r * 0.12, a * 2.3, r * 0.3))
    dome = [
        (cx + a * math.cos(t / 24 * math.pi), base - b * math.sin(t / 24 * math.pi))
        for t in range(25)
    ]
    pygame.draw.polygon(big, (244, 249, 255), dome)
    # shading on the right side of the dome
    shade = [
        (cx + a * math.cos(t / 24 * math.pi), base - b * math.sin(t / 24 * math.pi))
        for t in range(0, 10)
    ]
    shade += [
        (cx + a * 0.55 * math.cos(t / 24 * math.pi), base - b * 0.9 * math.sin(t / 24 * math.pi))
        for t in range(9, -1, -1)
    ]
    pygame.draw.polygon(big, (214, 230, 244), shade)
    rows = 4
    for k in range(1, rows):  # block courses
        y = base - b * k / rows
        half = a * math.sqrt(max(0.0, 1 - (k / rows) ** 2))
        pygame.draw.line(big, (176, 200, 222), (cx - half, y), (cx + half, y), line)
    for k in range(rows):  # staggered joints
        y0, y1 = base - b * k / rows, base - b * (k + 1) / rows
        half = a * math.sqrt(max(0.0, 1 - ((k + 0.5) / rows) ** 2))
        n = 4 - k if k < 3 else 1
        for i in range(n):
            x = cx - half + (i + 0.5 + 0.5 * (k % 2)) * (2 * half / (n + 0.5))
            pygame.draw.line(big, (176, 200, 222), (x, y0), (x, y1), line)
    pygame.draw.polygon(big, ink, dome, line + 1)
    # the entrance tunnel in front, with a dark opening
    ta, tb = a * 0.42, b * 0.52
    tbase = base + r * 0.08
    tunnel = [
        (cx + ta * math.cos(t / 16 * math.pi), tbase - tb * math.sin(t / 16 * math.pi))
        for t in range(17)
    ]
    pygame.draw.polygon(big, (236, 244, 252), tunnel)
    pygame.draw.polygon(big, ink, tunnel, line + 1)
    door = [
        (cx + ta * 0.6 * math.cos(t / 16 * math.pi), tbase - tb * 0.72 * math.sin(t / 16 * math.pi))
        for t in range(17)
    ]
    pygame.draw.polygon(big, (34, 46, 70), door)
    # snow on the ground line
    pygame.draw.line(
        big, (250, 252, 255), (cx - a * 1.05, base + line), (cx - ta, base + line), line * 2
    )
    pygame.draw.line(
        big, (250, 252, 255), (cx + ta, base + line), (cx + a * 1.05, base + line), line * 2
    )


def _paint_region(big: pygame.Surface, lay: FloeLayout, region: frozenset[int]) -> None:
    """A bold outline along every side of the region that does not touch another region field."""
    r = lay.radius
    floe = lay.floe
    sides: list[tuple[Point, Point]] = []
    for f in region:
        cx, cy = lay.centre(f)
        for off, (dq, dr) in zip(floe.offsets, DIRECTIONS, strict=True):
            if f + off in region:
                continue
            nx, ny = cx + r * SQRT3 * (dq + dr / 2), cy + r * 1.5 * dr
            mx, my = (cx + nx) / 2, (cy + ny) / 2
            px, py = -(ny - cy) / (SQRT3 * 2), (nx - cx) / (SQRT3 * 2)
            sides.append(((mx - px, my - py), (mx + px, my + py)))
    for width, colour in ((r * 0.16, REGION_CASING), (r * 0.09, REGION)):
        for a, b in sides:
            pygame.draw.line(big, colour, a, b, round(width))
            pygame.draw.circle(big, colour, a, width / 2)
            pygame.draw.circle(big, colour, b, width / 2)


# ---- the renderer ---------------------------------------------------------------------------
class FloeRenderer:
    """Draws one game's floe: the cached board, cracks, highlights (the pieces: ``figures``)."""

    def __init__(
        self,
        floe: Floe,
        in_play: frozenset[int],
        rect: pygame.Rect,
        region: frozenset[int] | None = None,
    ) -> None:
        self.floe = floe
        self.in_play = frozenset(in_play)
        self.rect = pygame.Rect(rect)
        self.region = frozenset(region) if region else None
        self.layout = FloeLayout(floe, self.rect)
        self._cracks: dict[int, tuple[list[Point], list[Point], list[float]]] = {}
        self._fractures: dict[int, list[list[Point]]] = {}
        self._crack_sprites: dict[int, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._waves = self._wave_spots()
        self._wave_sprites = _wave_sprites(round(self.layout.radius))

    # -- board ------------------------------------------------------------------------------
    @property
    def board_layer(self) -> pygame.Surface:
        return _board_layer(self.floe, self.in_play, self.rect.size, self.region)

    def _wave_spots(self) -> list[tuple[float, float, float]]:
        """Places in open water, away from every field, for the moving wave strokes."""
        lay = self.layout
        r = lay.radius
        rng = random.Random(99)
        spots: list[tuple[float, float, float]] = []
        inner = self.rect.inflate(-r * 0.9, -r * 0.7)
        step = r * 1.15
        y = inner.top + step / 2
        row = 0
        while y < inner.bottom:
            x = inner.left + step / 2 + (row % 2) * step / 2
            while x < inner.right:
                px, py = x + rng.uniform(-0.3, 0.3) * r, y + rng.uniform(-0.3, 0.3) * r
                near = min(math.hypot(px - cx, py - cy) for cx, cy in lay._centres.values())
                if near > r * 1.45 and inner.collidepoint(px, py):
                    spots.append((px, py, rng.uniform(0, 2 * math.pi)))
                x += step
            y += step * 0.8
            row += 1
        return spots

    def draw_board(self, surface: pygame.Surface, clock: float) -> None:
        surface.blit(self.board_layer, self.rect.topleft)
        self.draw_waves(surface, clock)

    def draw_waves(self, surface: pygame.Surface, clock: float) -> None:
        """Only the moving waves (for a screen that keeps the board layer in its own cache)."""
        sprites = self._wave_sprites
        clock = theme.idle(clock)  # reduced motion: the sea lies still
        r = self.layout.radius
        n = len(sprites)
        for x, y, phase in self._waves:
            t = clock * 0.7 + phase
            level = 0.5 + 0.5 * math.sin(t * 0.8)
            sprite = sprites[min(n - 1, int(level * n))]
            dx = math.sin(t) * r * 0.12
            surface.blit(sprite, (x + dx - sprite.get_width() / 2, y - sprite.get_height() / 2))

    # -- cracks -----------------------------------------------------------------------------
    def _crack_path(self, edge: int) -> tuple[list[Point], list[Point], list[float]]:
        """The jagged centre line of an edge's crack, its normals and its half widths."""
        cached = self._cracks.get(edge)
        if cached is not None:
            return cached
        (ax, ay), (bx, by) = self.layout.edge_segment(edge)
        r = self.layout.radius
        rng = random.Random(edge.bit_length() * 31 + 7)
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        n = 7
        line: list[Point] = []
        normals: list[Point] = []
        widths: list[float] = []
        for i in range(n + 1):
            t = i / n
            jag = 0.0 if i in (0, n) else rng.uniform(-0.11, 0.11) * r
            line.append((ax + (bx - ax) * t + nx * jag, ay + (by - ay) * t + ny * jag))
            normals.append((nx, ny))
            widths.append(r * (0.03 + 0.1 * math.sin(math.pi * t) ** 0.6))
        self._cracks[edge] = (line, normals, widths)
        return line, normals, widths

    def _fracture_lines(self, edge: int) -> list[list[Point]]:
        """Hairline fractures running from a crack into the ice on both sides (seen from the
        sofa, they make the dark line read as broken ice rather than a stroke)."""
        cached = self._fractures.get(edge)
        if cached is not None:
            return cached
        line, normals, _ = self._crack_path(edge)
        r = self.layout.radius
        rng = random.Random(edge.bit_length() * 17 + 3)
        out: list[list[Point]] = []
        for k, side in ((2, 1), (4, -1), (5, 1)):
            (x, y), (nx, ny) = line[k], normals[k]
            tx, ty = ny, -nx  # along the crack
            ahead = rng.choice((1, -1))  # a branch leaves at a slant, as ice splits
            angle = math.radians(rng.uniform(40, 62))
            dx = side * nx * math.sin(angle) + ahead * tx * math.cos(angle)
            dy = side * ny * math.sin(angle) + ahead * ty * math.cos(angle)
            reach = r * rng.uniform(0.4, 0.56)
            points = [(x, y)]
            for step in range(1, 5):
                d = reach * step / 4
                wobble = rng.uniform(-0.045, 0.045) * r
                points.append((x + dx * d - dy * wobble, y + dy * d + dx * wobble))
            out.append(points)
        self._fractures[edge] = out
        return out

    def _crack_sprite(self, edge: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A finished crack, supersampled once per edge: a blit per crack per frame."""
        cached = self._crack_sprites.get(edge)
        if cached is not None:
            return cached
        line, normals, widths = self._crack_path(edge)
        fractures = self._fracture_lines(edge)
        r = self.layout.radius
        margin = r * 0.06
        every = [*line, *(p for f in fractures for p in f)]
        x0 = math.floor(min(x for x, _ in every) - margin)
        y0 = math.floor(min(y for _, y in every) - margin)
        x1 = math.ceil(max(x for x, _ in every) + margin)
        y1 = math.ceil(max(y for _, y in every) + margin)
        big = pygame.Surface(((x1 - x0) * SUPERSAMPLE, (y1 - y0) * SUPERSAMPLE), pygame.SRCALPHA)

        def local(points: list[Point]) -> list[Point]:
            return [((x - x0) * SUPERSAMPLE, (y - y0) * SUPERSAMPLE) for x, y in points]

        for fracture in fractures:  # under the crack: they start in its open water
            _paint_fracture(big, local(fracture), r * SUPERSAMPLE)
        _paint_crack(big, local(line), normals, [w * SUPERSAMPLE for w in widths], r * SUPERSAMPLE)
        sprite = pygame.transform.smoothscale(big, (x1 - x0, y1 - y0))
        if _display_ready():
            sprite = sprite.convert_alpha()
        self._crack_sprites[edge] = (sprite, (x0, y0))
        return sprite, (x0, y0)

    def draw_cracks(
        self, surface: pygame.Surface, cracks: int, growing: dict[int, float] | None = None
    ) -> None:
        growing = growing or {}
        blits = []
        for index in bits(cracks):
            edge = 1 << index
            progress = growing.get(edge, 1.0)
            if progress >= 1:
                blits.append(self._crack_sprite(edge))
            elif progress > 0:
                line, normals, widths = _partial(*self._crack_path(edge), progress)
                _paint_crack(surface, line, normals, widths, self.layout.radius)
        if blits:
            surface.fblits(blits)

    # -- highlights -------------------------------------------------------------------------
    def draw_highlights(
        self,
        surface: pygame.Surface,
        fields: dict[int, str],
        edges: dict[int, str],
        clock: float,
    ) -> None:
        r = round(self.layout.radius)
        clock = theme.idle(clock)  # reduced motion: a steady glow instead of a pulse
        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        fast = 0.5 + 0.5 * math.sin(clock * 8.0)
        if theme.access().high_contrast:
            pulse = fast = 1.0  # highlights at full strength
        for field, style in fields.items():
            if field not in self.layout._centres:
                continue
            sprite = _field_sprite(style if style in FIELD_STYLES else "focus", r)
            if style == "select":
                sprite.set_alpha(255)
            elif style == "focus":
                sprite.set_alpha(round(190 + 65 * fast))
            else:
                sprite.set_alpha(round(150 + 105 * pulse))
            cx, cy = self.layout.centre(field)
            surface.blit(sprite, sprite.get_rect(center=(round(cx), round(cy))))
        for edge, style in edges.items():
            (ax, ay), (bx, by) = self.layout.edge_segment(edge)
            angle = round(math.degrees(math.atan2(by - ay, bx - ax))) % 180
            sprite = _edge_sprite(style if style in EDGE_STYLES else "crack", r, angle)
            level = fast if style == "crack-focus" else pulse
            sprite.set_alpha(round(160 + 95 * level))
            c = (round((ax + bx) / 2), round((ay + by) / 2))
            surface.blit(sprite, sprite.get_rect(center=c))


def _paint_crack(
    surface: pygame.Surface,
    line: list[Point],
    normals: list[Point],
    widths: list[float],
    r: float,
) -> None:
    """A dark wedge of open water along ``line`` with a pale broken rim on one side."""
    left = [
        (x + nx * w, y + ny * w) for (x, y), (nx, ny), w in zip(line, normals, widths, strict=True)
    ]
    right = [
        (x - nx * w, y - ny * w) for (x, y), (nx, ny), w in zip(line, normals, widths, strict=True)
    ]
    shadow = [(x, y + r * 0.03) for x, y in left + right[::-1]]
    pygame.draw.polygon(surface, _mix(CRACK, ICE_LOW, 0.55), shadow)
    pygame.draw.polygon(surface, CRACK, left + right[::-1])
    pygame.draw.lines(surface, CRACK_RIM, False, left, max(1, round(r * 0.025)))
    pygame.draw.aalines(surface, CRACK, False, right)


def _paint_fracture(surface: pygame.Surface, points: list[Point], r: float) -> None:
    """A hairline crack in the ice, thinning away from the open water: a pale chipped edge
    beside a darker line."""
    widths = (0.05, 0.036, 0.026, 0.018)
    for (ax, ay), (bx, by), width in zip(points, points[1:], widths, strict=False):
        w = max(1, round(r * width))
        lit = w * 0.6  # the chipped edge catches the light below and right of the line
        pygame.draw.line(surface, CRACK_RIM, (ax + lit, ay + lit), (bx + lit, by + lit), w)
        pygame.draw.line(surface, _mix(CRACK, ICE_LOW, 0.25), (ax, ay), (bx, by), w)


def _partial(
    line: list[Point], normals: list[Point], widths: list[float], progress: float
) -> tuple[list[Point], list[Point], list[float]]:
    """The first ``progress`` of a crack path, ending in a sharp tip."""
    n = len(line) - 1
    reach = max(0.0, min(1.0, progress)) * n
    whole = int(reach)
    out = line[: whole + 1]
    norms = normals[: whole + 1]
    ws = widths[: whole + 1]
    frac = reach - whole
    if whole < n and frac > 0:
        (x0, y0), (x1, y1) = line[whole], line[whole + 1]
        out = [*out, (x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac)]
        norms = [*norms, normals[whole]]
        ws = [*ws, 0.0]
    elif ws:
        ws = [*ws[:-1], 0.0]
    if len(out) < 2:
        out = [line[0], line[0]]
        norms = [normals[0], normals[0]]
        ws = [0.0, 0.0]
    return out, norms, ws


@lru_cache(maxsize=16)
def _wave_sprites(r: int) -> list[pygame.Surface]:
    """A small white wave stroke in a few brightnesses (for a cheap shimmer)."""
    s = SUPERSAMPLE
    w, h = max(8, round(r * 0.7)), max(4, round(r * 0.25))
    out = []
    for level in (40, 70, 100, 130):
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        width = max(2, round(r * 0.05 * s))
        pts = [
            (i / 12 * w * s, h * s / 2 + math.sin(i / 12 * 2 * math.pi) * h * s * 0.3)
            for i in range(13)
        ]
        pygame.draw.lines(big, (235, 248, 255, level), False, pts, width)
        small = pygame.transform.smoothscale(big, (w, h))
        out.append(small.convert_alpha() if _display_ready() else small)
    return out


@lru_cache(maxsize=64)
def _field_sprite(style: str, r: int) -> pygame.Surface:
    """A glowing hex outline for one highlight style (supersampled once, alpha set per frame)."""
    s = SUPERSAMPLE
    colour = FIELD_STYLES[style]
    side = round(r * 2.5)
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    c = (side * s / 2, side * s / 2)
    R = r * s
    inner = _hex_points(c, R * 0.86)
    fill = {
        "move": 46,
        "kayak": 40,
        "place": 40,
        "banish": 50,
        "bad": 70,
        "select": 56,
        "focus": 60,
    }
    pygame.draw.polygon(big, (*colour, fill[style]), _hex_points(c, R * 0.95))
    thick = {"focus": 0.16, "select": 0.13}.get(style, 0.1)
    if style == "kayak":
        # a blue dashed ring: the crossing of a crack by kayak
        for k in range(6):
            a, b = inner[k], inner[(k + 1) % 6]
            for i in range(3):
                t0, t1 = i / 3 + 0.04, (i + 1) / 3 - 0.08
                p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
                q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
                pygame.draw.line(big, (255, 255, 255, 255), p, q, round(R * 0.14))
                pygame.draw.line(big, (*colour, 255), p, q, round(R * 0.09))
        _squiggles(big, (c[0], c[1] - R * 0.05), R * 1.3, (*colour, 230), round(R * 0.05))
    else:
        for grow, alpha in ((0.1, 40), (0.06, 70), (0.03, 110)):
            pygame.draw.polygon(
                big,
                (*colour, alpha),
                _hex_points(c, R * (0.86 + grow)),
                round(R * (thick + 2 * grow)),
            )
        pygame.draw.polygon(
            big, (20, 24, 36, 200), _hex_points(c, R * 0.86), round(R * (thick + 0.04))
        )
        pygame.draw.polygon(big, (*colour, 255), inner, round(R * thick))
        for p in inner:
            pygame.draw.circle(big, (*colour, 255), p, R * thick / 2)
        if style == "focus":
            pygame.draw.polygon(
                big, (255, 255, 255, 255), _hex_points(c, R * 0.86), round(R * 0.04)
            )
        if style == "bad":
            d = R * 0.3
            for sx in (-1, 1):
                pygame.draw.line(
                    big,
                    (*colour, 230),
                    (c[0] - d, c[1] - d * sx),
                    (c[0] + d, c[1] + d * sx),
                    round(R * 0.1),
                )
    small = pygame.transform.smoothscale(big, (side, side))
    return small.convert_alpha() if _display_ready() else small


@lru_cache(maxsize=64)
def _edge_sprite(style: str, r: int, angle: int) -> pygame.Surface:
    """A glowing bar along one side (for crack choices), rotated to the side's angle."""
    s = SUPERSAMPLE
    colour = EDGE_STYLES[style]
    focus = style == "crack-focus"
    length = r * (1.0 if focus else 0.86)
    thick = r * (0.2 if focus else 0.13)
    w, h = round((length + thick * 2) * s), round(thick * 3 * s)
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    cy = h / 2
    x0, x1 = thick * s, w - thick * s
    for width, rgba in (
        (thick * 2.6, (*colour, 50)),
        (thick * 1.9, (*colour, 90)),
        (thick * 1.25, (20, 24, 36, 220)),
        (thick, (*colour, 255)),
    ):
        ws = width * s
        pygame.draw.line(big, rgba, (x0, cy), (x1, cy), round(ws))
        pygame.draw.circle(big, rgba, (x0, cy), ws / 2)
        pygame.draw.circle(big, rgba, (x1, cy), ws / 2)
    if focus:
        pygame.draw.line(big, (255, 255, 255, 255), (x0, cy), (x1, cy), round(thick * 0.35 * s))
    else:  # a dashed core: a crack that may come here
        n = 5
        for i in range(n):
            t0, t1 = (i + 0.2) / n, (i + 0.8) / n
            pygame.draw.line(
                big, (40, 30, 20, 255), (x0 + (x1 - x0) * t0, cy), (x0 + (x1 - x0) * t1, cy),
                max(1, round(thick * 0.3 * s)),
            )  # fmt: skip
    small = pygame.transform.smoothscale(big, (max(1, w // s), max(1, h // s)))
    small = pygame.transform.rotate(small, -angle)
    return small.convert_alpha() if _display_ready() else small
