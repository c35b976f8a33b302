"""The static layer of the Nanuuk! floe: sea, shallow halo, the ice fields with their bevel and
texture, unused fields as drifting ice, igloos, field numbers and the region outline, rendered
once, supersampled, into one surface per (floe, rect, fields in play, region) and cached."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from functools import lru_cache

import pygame

from game.games.nanuuk.rules.board import DIRECTIONS, DOTS, IGLOO, WAVES, Floe
from game.games.nanuuk.view.floelayout import (
    BEVEL_DARK,
    BEVEL_LIGHT,
    FOAM,
    ICE_CLIFF,
    ICE_CLIFF_DARK,
    ICE_LOW,
    ICE_TOP,
    LABEL,
    REGION,
    REGION_CASING,
    SEA_BOTTOM,
    SEA_TOP,
    SEAM,
    SHALLOW,
    SQRT3,
    SUPERSAMPLE,
    FloeLayout,
    Point,
    display_ready,
    hex_points,
    mix,
)
from game.ui import theme
from game.ui.steps import BUDGET_S, Stepped

_LAYER_CACHE: dict[tuple, pygame.Surface] = {}
_LAYER_CACHE_SIZE = 8
BAND = 256  # rows of the supersampled picture blended or smoothed in one step (even: halving)
_PAINTINGS: dict[tuple, Stepped[pygame.Surface]] = {}  # layers being painted, until stored
Fields = frozenset[int]


# ---- the static board layer -----------------------------------------------------------------
def static_layer(
    floe: Floe, in_play: Fields, size: tuple[int, int], region: Fields | None
) -> pygame.Surface:
    """The layer, painted to its end now if it is not yet (the rules pages, the editor)."""
    key = _key(floe, in_play, size, region)
    layer = _LAYER_CACHE.get(key)
    if layer is None:
        layer = _painting(key, floe, in_play, size, region).finish()
        _store(key, layer)
    return layer


def prepare_layer(
    floe: Floe, in_play: Fields, size: tuple[int, int], region: Fields | None,
    budget: float = BUDGET_S,
) -> bool:  # fmt: skip
    """Whether the layer is painted; if not, it is painted on for about ``budget`` seconds
    (the table's first frames: a third of a second in one frame would freeze the screen)."""
    key = _key(floe, in_play, size, region)
    if key in _LAYER_CACHE:
        return True
    painting = _painting(key, floe, in_play, size, region)
    if not painting.advance(budget):
        return False
    _store(key, painting.finish())
    return True


def draw_placeholder(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The sea where the floe will be, while it is being painted (a few frames)."""
    corner = round(min(rect.size) * 0.035)
    pygame.draw.rect(surface, mix(SEA_TOP, SEA_BOTTOM, 0.5), rect, border_radius=corner)


def _key(floe: Floe, in_play: Fields, size: tuple[int, int], region: Fields | None) -> tuple:
    return (floe.rows, size, in_play, region, theme.access())  # the numbers follow contrast/scale


def _painting(
    key: tuple, floe: Floe, in_play: Fields, size: tuple[int, int], region: Fields | None
) -> Stepped[pygame.Surface]:
    if key not in _PAINTINGS:
        _PAINTINGS[key] = Stepped(_board_steps(floe, in_play, size, region))
    return _PAINTINGS[key]


def _store(key: tuple, layer: pygame.Surface) -> None:
    _PAINTINGS.pop(key, None)
    if len(_LAYER_CACHE) >= _LAYER_CACHE_SIZE:
        _LAYER_CACHE.pop(next(iter(_LAYER_CACHE)))
    _LAYER_CACHE[key] = layer


def _board_steps(
    floe: Floe, in_play: Fields, size: tuple[int, int], region: Fields | None
) -> Iterator[pygame.Surface | None]:
    """The painting of the layer, one step a ``next`` (None), the layer last."""
    s = SUPERSAMPLE
    w, h = size[0] * s, size[1] * s
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    yield None
    lay = FloeLayout(floe, pygame.Rect(0, 0, w, h))
    r = lay.radius
    rng = random.Random(4242)
    corner = round(min(w, h) * 0.035)

    # the sea: a vertical gradient, soft swell marks, a darker rim
    sea = pygame.Surface((w, h), pygame.SRCALPHA)
    yield None
    for row in range(0, h, 2):
        pygame.draw.line(sea, mix(SEA_TOP, SEA_BOTTOM, row / h), (0, row), (w, row), 2)
        if row % BAND == BAND - 2:
            yield None
    yield None
    for swell in range(int(w * h / (r * r) * 0.9)):
        if swell % 150 == 149:
            yield None
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        length = rng.uniform(0.3, 0.8) * r
        shade = mix(SEA_TOP, SEA_BOTTOM, y / h)
        tone = mix(shade, (255, 255, 255) if rng.random() < 0.5 else (0, 0, 0), 0.08)
        pygame.draw.arc(
            sea, tone, (x, y, length, length * 0.35), 0.4, math.pi - 0.4, max(2, round(r * 0.04))
        )
    # the shallow shelf around the ice, in two soft steps, and a fainter one round unused fields
    for grow, alpha, shallows in (
        (1.34, 60, floe.kinds.keys()),
        (1.34, 70, in_play),
        (1.18, 90, in_play),
    ):
        shelf = pygame.Surface((w, h), pygame.SRCALPHA)
        yield None
        for f in shallows:
            pygame.draw.polygon(shelf, SHALLOW, hex_points(lay.centre(f), r * grow))
        shelf.set_alpha(alpha)
        yield None

        def blit_shelf(band: pygame.Rect, shelf: pygame.Surface = shelf) -> None:
            sea.blit(shelf, band, area=band)

        yield from _banded(blit_shelf, w, h)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    yield None
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=corner)
    yield None
    mult = pygame.BLEND_RGBA_MULT
    yield from _banded(lambda band: sea.blit(mask, band, area=band, special_flags=mult), w, h)
    yield from _banded(lambda band: big.blit(sea, band, area=band), w, h)
    pygame.draw.rect(big, (12, 40, 70), big.get_rect(), round(6 * s), border_radius=corner)
    pygame.draw.rect(
        big, (120, 180, 214), big.get_rect().inflate(-6 * s, -6 * s), round(2 * s),
        border_radius=corner,
    )  # fmt: skip
    yield None

    # fields not in play: open water with drifting ice shards
    for f in sorted(floe.kinds.keys() - in_play):
        _paint_drift(big, lay, f, floe.kinds[f], random.Random(f * 7919))
        yield None

    # the floe: foam rim, ice cliff, then the top faces with bevel and texture
    fields = sorted(in_play)
    for f in fields:
        cx, cy = lay.centre(f)
        pygame.draw.polygon(big, FOAM, hex_points((cx, cy + r * 0.06), r * 1.07))
    yield None
    for f in fields:
        cx, cy = lay.centre(f)
        pygame.draw.polygon(big, ICE_CLIFF_DARK, hex_points((cx, cy + r * 0.2), r * 1.01))
        pygame.draw.polygon(big, ICE_CLIFF, hex_points((cx, cy + r * 0.13), r * 1.01))
    yield None
    face = _face_sprite(r)
    for f in fields:
        cx, cy = lay.centre(f)
        big.blit(face, face.get_rect(center=(round(cx), round(cy))))
    yield None
    for f in fields:
        _paint_field(big, lay, f, floe.kinds[f], random.Random(f * 104729))
        yield None
    for f in fields:
        if floe.kinds[f] == IGLOO:
            _paint_igloo(big, lay.centre(f), r)
            yield None

    # field numbers: tiny and grey, near the bottom of each field
    size_px = max(10, round(r * 0.25))
    for f in fields:
        cx, cy = lay.centre(f)
        colour = mix(LABEL, ICE_TOP, 0.1)
        theme.text(
            big, str(floe.labels[f]), (cx, cy + r * 0.8), size_px, colour, False, "midbottom"
        )

    yield None
    if region:
        _paint_region(big, lay, region)
        yield None

    layer = pygame.Surface(size, pygame.SRCALPHA)
    for top in range(0, h, BAND):  # exact halving (SUPERSAMPLE 2): the bands join seamlessly
        rows = big.subsurface((0, top, w, min(BAND, h - top)))
        smooth = pygame.transform.smoothscale(rows, (size[0], rows.get_height() // s))
        layer.blit(smooth, (0, top // s))
        yield None
    yield layer.convert_alpha() if display_ready() else layer


def _banded(
    blit: Callable[[pygame.Rect], object], w: int, h: int
) -> Iterator[None]:  # fmt: skip
    """``blit`` for each band of ``BAND`` rows of a ``w`` by ``h`` picture, a step each (a
    whole supersampled picture at once is tens of milliseconds)."""
    for top in range(0, h, BAND):
        blit(pygame.Rect(0, top, w, min(BAND, h - top)))
        yield None


@lru_cache(maxsize=8)
def _face_sprite(r: float) -> pygame.Surface:
    """One ice field's top face: a soft diagonal gradient inside the hex, with a bevel."""
    side = math.ceil(r * 2) + 4
    c = side / 2
    face = pygame.Surface((side, side), pygame.SRCALPHA)
    for y in range(side):
        t = y / side
        pygame.draw.line(face, (*mix(ICE_TOP, ICE_LOW, t**1.4), 255), (0, y), (side, y))
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hex_points((c, c), r))
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    inner = hex_points((c, c), r * 0.9)
    width = max(2, round(r * 0.05))
    bevel = {0: 0.5, 1: 0.0, 2: 0.0, 3: 0.5, 4: 1.0, 5: 1.0}
    for k in range(6):  # bevel: light on the upper-left sides, shaded on the lower-right
        a, b = inner[k], inner[(k + 1) % 6]
        pygame.draw.line(face, mix(BEVEL_DARK, BEVEL_LIGHT, bevel[k]), a, b, width)
    pygame.draw.polygon(face, SEAM, hex_points((c, c), r), max(2, round(r * 0.035)))
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
        squiggles(big, (cx, cy - 0.55 * r), r, mark, max(2, round(r * 0.04)))


def squiggles(big: pygame.Surface, c: Point, r: float, colour: tuple[int, ...], width: int) -> None:
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
    pts = hex_points((cx, cy), r * 0.96)
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
        squiggles(big, (cx, cy + 0.55 * r), r, mark, max(2, round(r * 0.04)))


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
