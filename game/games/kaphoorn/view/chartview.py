"""The sea chart seen through a camera (issue 18, item 1): zoomed in far enough that a wind card
reads from the sofa, following the ship to move and the cards being laid, with zoom and pan for
a look round.

The camera (``game.play.camera``) counts in fields: the chart with its frame is
``width + 2 * PAD`` by ``height + 2 * PAD`` fields, field ``f``'s middle is at ``PAD + col + 0.5``.
Each zoom step (the whole chart in the window, then the ``ZOOM_CELLS``) has its own
:class:`~game.games.kaphoorn.view.seachart.ChartRenderer`, made when first shown; all of them
draw the one painting of the chart at its largest zoom, scaled.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.games.kaphoorn.rules.chart import Chart
from game.games.kaphoorn.view.seachart import (
    INK,
    SEA,
    ZOOM_CELLS,
    ChartLayout,
    ChartRenderer,
    prepare_board,
    wait_board,
    zoomed_size,
)
from game.play.camera import Camera, Point
from game.ui.steps import BUDGET_S

LEAST_CARD = 64  # screen pixels a field is at least at the default zoom, at any window size
PAD = ChartLayout.PAD
SLACK = 4.0  # fields the chart may be pulled past its edge: no field stays under the wind card
DOT_OFF = (178, 168, 146)  # the placeholder's dots that are not lit

# what the camera is asked to look at: (what it is, where in fields, how)
#   how = "go" (go there once), "track" (keep going there: a sailing ship),
#   "keep" (only if it is out of sight: a field the keys point at)
Subject = tuple[object, Point, str]


def warm_up() -> None:
    """The chart at its largest zoom takes a second or two to paint: its textures are worked
    out on a background thread now (the set-up screen asks), the painting then takes less."""
    from game.games.kaphoorn.rules.chart import default_chart

    chart = default_chart()
    prepare_board(chart, zoomed_size(chart, max(ZOOM_CELLS)))


def window_scale() -> float:
    """How much the logical 1920x1080 canvas is scaled in the window (2/3 at 1280x720)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        w, h = pygame.display.get_window_size()
        return min(w / 1920, h / 1080) or 1.0
    return 1.0


def default_level(zooms: tuple[float, ...], scale: float) -> int:
    """The first zoom step whose fields are at least ``LEAST_CARD`` pixels on screen."""
    for level, cell in enumerate(zooms):
        if cell * scale >= LEAST_CARD - 0.5:
            return level
    return len(zooms) - 1


class ChartView:
    """The camera over one table's chart and the renderer of each of its zoom steps."""

    def __init__(self, chart: Chart, rect: pygame.Rect, scale: float = 1.0,
                 covers: Sequence[pygame.Rect] = ()) -> None:  # fmt: skip
        self.chart = chart
        self.rect = pygame.Rect(rect)
        # what lies over the window (the wind card): a field the keys go to is brought out
        self.covers = tuple((float(r.x), float(r.y), float(r.w), float(r.h)) for r in covers)
        whole = ChartLayout(chart, self.rect).cell  # the smallest zoom: all of the chart
        zooms = (float(whole), *(float(c) for c in ZOOM_CELLS if c > whole))
        self.cells = tuple(int(z) for z in zooms)
        self.renderers: dict[int, ChartRenderer] = {}
        self.home_level = default_level(zooms, scale)
        size = (chart.width + 2 * PAD, chart.height + 2 * PAD)
        view = (float(rect.x), float(rect.y), float(rect.w), float(rect.h))
        self.camera = Camera(view, size, zooms, self.home_level, (size[0] / 2, size[1] / 2),
                             slack=SLACK)  # fmt: skip
        self.seen: object = None  # the subject last gone to
        self.free = False  # the player has taken the camera over (pan, zoom)
        self.held = False  # a finger or the mouse is down on the chart: no gliding under it
        self.painted = False  # the chart's painting is done (it takes frames: issue 27, item 9)
        self._place()

    # ---- the painting ------------------------------------------------------------------------
    def paint(self, budget: float = BUDGET_S) -> bool:
        """Paint the chart on for about ``budget`` seconds of this frame; whether it is done.
        Every zoom is scaled from the one painting at the largest (a moment each)."""
        if not self.painted:
            self.painted = prepare_board(self.chart, zoomed_size(self.chart, max(ZOOM_CELLS)),
                                         budget)  # fmt: skip
        return self.painted

    def wait_painting(self, limit: float) -> bool:
        """Block up to ``limit`` seconds for the part of the painting done off the loop's
        thread (the tests' drivers); whether it is done."""
        return wait_board(self.chart, zoomed_size(self.chart, max(ZOOM_CELLS)), limit)

    def draw_coming(self, surface: pygame.Surface, clock: float, still: bool) -> None:
        """While the chart is being painted: plain sea, and three dots that take turns (one
        steady dot when ``still``: reduced motion)."""
        surface.fill(SEA, self.rect)
        lit = -1 if still else int(clock * 3) % 3
        for i in range(3):
            colour = INK if i == lit else DOT_OFF
            centre = (self.rect.centerx + (i - 1) * 40, self.rect.centery)
            pygame.draw.circle(surface, colour, centre, 10)

    # ---- fields in the camera's units ----------------------------------------------------------
    def field_point(self, field: int) -> Point:
        row, col = divmod(field, self.chart.width)
        return (PAD + col + 0.5, PAD + row + 0.5)

    def grid_point(self, col: float, row: float) -> Point:
        """A place given in fields from the grid's corner (a voyage's path)."""
        return (PAD + col, PAD + row)

    def fits(self, a: Point, b: Point, margin: float = 1.5) -> bool:
        """Whether two places can be in sight together at this zoom."""
        _, _, w, h = self.camera.view
        cell = self.camera.scale
        room_x, room_y = w / cell - 2 * margin, h / cell - 2 * margin
        return abs(a[0] - b[0]) <= room_x and abs(a[1] - b[1]) <= room_y

    # ---- the renderer of the zoom in use ------------------------------------------------------
    @property
    def renderer(self) -> ChartRenderer:
        return self.renderers[self.camera.level]

    def _place(self) -> None:
        level = self.camera.level
        if level not in self.renderers:
            self.renderers[level] = ChartRenderer(self.chart, self.rect, self.cells[level])
        self.renderers[level].place(self.camera.to_screen((PAD, PAD)))

    # ---- the table's wishes -----------------------------------------------------------------
    def aim(self, subject: Subject, at_once: bool = False) -> None:
        """Look at ``subject``: a new one takes the camera back from the player."""
        what, at, how = subject
        camera = self.camera
        if what != self.seen:
            self.seen, self.free = what, False
            if how == "keep":
                camera.keep_in_view(at, avoid=self.covers)
            else:
                camera.follow(at)
        elif how == "track" and not self.free:
            camera.follow(at)
        if at_once and not self.held:
            camera.jump()
        self._place()

    def update(self, dt: float) -> None:
        if not self.held and self.camera.update(dt):
            self._place()

    # ---- the players' wishes ------------------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        self.free = True
        self.camera.pan(dx, dy)
        self._place()

    def nudge(self, dx: float, dy: float) -> None:
        """Look round by keys or a stick: as ``pan``, stopping at the chart's edge."""
        self.free = True
        self.camera.nudge(dx, dy)
        self._place()

    def zoom(self, steps: int, anchor: Point | None = None) -> bool:
        self.free = True
        changed = self.camera.zoom(steps, anchor)
        self._place()
        return changed

    def pinched(self, spread: float, anchor: Point) -> None:
        self.free = True
        self.camera.pinched(spread, anchor)
        self._place()

    def look_at(self, field: int) -> None:
        """Show ``field`` in the middle at once, as a player who panned there would."""
        self.free = True
        self.camera.centre_on(self.field_point(field))
        self._place()

    def home(self) -> None:
        """Back to the default zoom, looking at what the table shows now (the next ``aim``)."""
        self.camera.zoom(self.home_level - self.camera.level)
        self.seen, self.free = None, False
        self._place()
