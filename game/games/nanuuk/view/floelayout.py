"""The Nanuuk! ice floe's hex layout and inks: :class:`FloeLayout` maps the floe's fields
(pointy-top hexes in the odd-r offset map of ``game.games.nanuuk.rules.board``) to pixels inside
a rect and back."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.games.nanuuk.rules.board import Floe

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


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))  # type: ignore[return-value]


def hex_points(c: Point, r: float) -> list[Point]:
    """Corners of a pointy-top hex, clockwise from the top."""
    cx, cy = c
    return [
        (
            cx + r * math.cos(math.radians(-90 + 60 * k)),
            cy + r * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def display_ready() -> bool:
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
        return hex_points(self._centres[field], self.radius)

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
            d = segment_distance(pos, a, b)
            if d < best_d:
                best, best_d = edge, d
        return best if best_d <= limit else None
