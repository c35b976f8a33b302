"""The Kap Hoorn sea chart's square grid and inks: :class:`ChartLayout` maps fields
(``row * width + col``) to square cells fitted and centred in a rect and back; :class:`Scaled`
is a layout at the supersampled scale the board's vector work is drawn at."""

from __future__ import annotations

import math

import pygame

from game.games.kaphoorn.rules.chart import Chart

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


class Scaled:
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
