"""The Nanuuk! ice floe on the table: the board layer, waves, cracks and highlights.

:class:`FloeRenderer` draws the board: it blits the static layer (``floeboard``: sea, ice,
igloos, field numbers, the region outline, rendered once), adds a few moving wave strokes, the
cracks (polygons precomputed per edge) and highlight sprites. Fields map to pixels and back by
``floelayout``'s :class:`FloeLayout`.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.games.nanuuk.rules.board import Floe, bits
from game.games.nanuuk.view.floeboard import prepare_layer, squiggles, static_layer
from game.games.nanuuk.view.floelayout import (
    CRACK,
    CRACK_RIM,
    ICE_LOW,
    SUPERSAMPLE,
    FloeLayout,
    Point,
    display_ready,
    hex_points,
    mix,
)
from game.ui import theme
from game.ui.steps import BUDGET_S

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
        self.painted = False  # the still floe (``paint``); ``board_layer`` paints it at once

    # -- board ------------------------------------------------------------------------------
    @property
    def board_layer(self) -> pygame.Surface:
        """The still floe, painted to its end now if it is not yet (see ``paint``)."""
        return static_layer(self.floe, self.in_play, self.rect.size, self.region)

    def paint(self, budget: float = BUDGET_S) -> bool:
        """Paint the still floe on for about ``budget`` seconds; whether it is painted. A table
        asks each frame until it is, so that no frame paints all of it (issue 27, item 9)."""
        self.painted = self.painted or prepare_layer(
            self.floe, self.in_play, self.rect.size, self.region, budget
        )
        return self.painted

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
        if display_ready():
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
    pygame.draw.polygon(surface, mix(CRACK, ICE_LOW, 0.55), shadow)
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
        pygame.draw.line(surface, mix(CRACK, ICE_LOW, 0.25), (ax, ay), (bx, by), w)


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
        out.append(small.convert_alpha() if display_ready() else small)
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
    inner = hex_points(c, R * 0.86)
    fill = {
        "move": 46,
        "kayak": 40,
        "place": 40,
        "banish": 50,
        "bad": 70,
        "select": 56,
        "focus": 60,
    }
    pygame.draw.polygon(big, (*colour, fill[style]), hex_points(c, R * 0.95))
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
        squiggles(big, (c[0], c[1] - R * 0.05), R * 1.3, (*colour, 230), round(R * 0.05))
    else:
        for grow, alpha in ((0.1, 40), (0.06, 70), (0.03, 110)):
            pygame.draw.polygon(
                big,
                (*colour, alpha),
                hex_points(c, R * (0.86 + grow)),
                round(R * (thick + 2 * grow)),
            )
        pygame.draw.polygon(
            big, (20, 24, 36, 200), hex_points(c, R * 0.86), round(R * (thick + 0.04))
        )
        pygame.draw.polygon(big, (*colour, 255), inner, round(R * thick))
        for p in inner:
            pygame.draw.circle(big, (*colour, 255), p, R * thick / 2)
        if style == "focus":
            pygame.draw.polygon(big, (255, 255, 255, 255), hex_points(c, R * 0.86), round(R * 0.04))
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
    return small.convert_alpha() if display_ready() else small


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
    return small.convert_alpha() if display_ready() else small
