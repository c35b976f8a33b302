"""The vector work of the Kap Hoorn board layer, drawn supersampled: grid, zone borders, the
water lining along the coasts, mountains, stations, the printed start winds, the finish line,
lettering, the title cartouche, compass rose and zone legends. :func:`overlay_pieces` hands it
out in pieces of a few milliseconds, so ``seachart`` can paint a board across frames."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache, partial

import numpy as np
import pygame

from game.games.kaphoorn.rules.chart import FORWARD, TITLE, Chart
from game.games.kaphoorn.view.chartlayout import (
    COAST,
    GRID,
    INK,
    LAND_LIGHT,
    RGB,
    ROMAN,
    ZONE_INK,
    ZONE_TINT,
    ChartLayout,
    Point,
    Scaled,
)
from game.games.kaphoorn.view.clipper import paint_ship
from game.games.kaphoorn.view.windcard import (
    EDGE,
    STATION_RGB,
    STATION_TEXT,
    draw_arrow,
    font,
    paint_face,
    star,
)


def overlay_pieces(
    chart: Chart, g: Scaled, blurred: np.ndarray, lay: ChartLayout
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


def _is_sea(chart: Chart, row: int, col: int) -> bool:
    if not (0 <= row < chart.height and 0 <= col < chart.width):
        return False
    return chart.zone[row * chart.width + col] > 0


GRID_PIECE = 320  # faint grid lines drawn in one step of a board's painting


def _paint_grid(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
    """The faint lines between sea fields, the zone borders dashed, the grid's edge."""
    for piece in _grid_pieces(chart, g):
        piece(over)


def _grid_pieces(chart: Chart, g: Scaled) -> list[Callable[[pygame.Surface], None]]:
    """The grid in steps of a board's painting: the faint lines a few hundred at a time, then
    the zone borders and the grid's edge."""
    faint, zone_edges = _grid_lines(chart, g)
    chunks = [faint[i : i + GRID_PIECE] for i in range(0, len(faint), GRID_PIECE)]
    return [
        *(partial(_faint_lines, lines=chunk, width=max(1, round(g.k * 0.8))) for chunk in chunks),
        partial(_zone_borders, edges=zone_edges, g=g),
    ]


Segment = tuple[Point, Point]


def _grid_lines(chart: Chart, g: Scaled) -> tuple[list[Segment], list[Segment]]:
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


def _zone_borders(over: pygame.Surface, edges: list[Segment], g: Scaled) -> None:
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


def _paint_frame(over: pygame.Surface, g: Scaled) -> None:
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
    over: pygame.Surface, chart: Chart, g: Scaled, B: np.ndarray, lay: ChartLayout
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


def _paint_stations(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
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


def _paint_starts(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
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


def _paint_finish(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
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


def _paint_cartouche(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
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


def _paint_lettering(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
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


def _paint_legends(over: pygame.Surface, chart: Chart, g: Scaled) -> None:
    """The compass rose and, per zone, a little card showing which way its cards point."""
    for piece in _legend_pieces(chart, g):
        piece(over)


def _legend_pieces(chart: Chart, g: Scaled) -> list[Callable[[pygame.Surface], None]]:
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
