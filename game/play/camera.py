"""A camera over a board bigger than its window: zoom steps, pan, and following what happens.

Pure arithmetic (no pygame), shared by every table whose board needs it (today Kap Hoorn's sea
chart, issue 18 item 1). The board is measured in *units* (a Kap Hoorn field is one unit); a
zoom step says how many pixels a unit is. The camera keeps the point of the board shown at the
middle of its window (``centre``, in units) and, while it follows something, eases towards it.

A player who pans or zooms takes the camera over: it stops following until the table asks it to
follow something new (the next turn, a card laid), so nobody's look round is yanked away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, width, height (pixels on screen)

EASE = 7.0  # how fast a following camera closes in: the share of the way left, per second
PINCH_STEP = 1.25  # a pinch opens or closes this much for one zoom step


@dataclass
class Camera:
    """``view``: the window on screen; ``size``: the board in units; ``zooms``: pixels per unit
    of each zoom step, smallest first; ``level``: the step in use."""

    view: Box
    size: Point
    zooms: Sequence[float]
    level: int = 0
    centre: Point = (0.0, 0.0)
    slack: float = 0.0  # units a player may pull the board past its edge (from under a panel)
    goal: Point | None = None  # where a following camera is going
    pinch: float = field(default=1.0, repr=False)  # a pinch's spread since its last step

    def __post_init__(self) -> None:
        self.zooms = tuple(sorted(self.zooms))
        self.level = max(0, min(self.level, len(self.zooms) - 1))
        self.centre = self._clamped(self.centre)

    # ---- where things are ---------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """Pixels per unit now."""
        return self.zooms[self.level]

    def origin(self) -> Point:
        """Where the board's (0, 0) lies on screen."""
        x, y, w, h = self.view
        return (x + w / 2 - self.centre[0] * self.scale, y + h / 2 - self.centre[1] * self.scale)

    def to_screen(self, at: Point) -> Point:
        ox, oy = self.origin()
        return (ox + at[0] * self.scale, oy + at[1] * self.scale)

    def to_board(self, pos: Point) -> Point:
        ox, oy = self.origin()
        return ((pos[0] - ox) / self.scale, (pos[1] - oy) / self.scale)

    def shows(self, at: Point, margin: float = 0.0) -> bool:
        """Whether the board point ``at`` is in the window, ``margin`` units inside its edge."""
        x, y, w, h = self.view
        sx, sy = self.to_screen(at)
        m = margin * self.scale
        return x + m <= sx <= x + w - m and y + m <= sy <= y + h - m

    # ---- what the players do ------------------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        """Drag the board ``dx, dy`` pixels (the board moves with the finger)."""
        self.goal = None
        cx, cy = self.centre
        self.centre = self._clamped((cx - dx / self.scale, cy - dy / self.scale), self.slack)

    def nudge(self, dx: float, dy: float) -> None:
        """Look round by keys or a stick (issue 29, item 10): as ``pan``, but the board stops at
        the window's edge rather than leaving empty space past it. A view already past the
        edge (a finger pulled it) goes no further out, and comes back as far as it is moved."""
        self.goal = None
        cx, cy = self.centre
        wanted = (cx - dx / self.scale, cy - dy / self.scale)
        out = []
        for now, to, (low, high) in zip(self.centre, wanted, self._limits(0.0), strict=True):
            out.append(max(min(low, now), min(max(high, now), to)))
        self.centre = self._clamped((out[0], out[1]), self.slack)

    def zoom(self, steps: int, anchor: Point | None = None) -> bool:
        """Zoom in (``steps`` > 0) or out, keeping the board under ``anchor`` (a screen point,
        by default the middle) where it is. False when no further step exists."""
        level = max(0, min(self.level + steps, len(self.zooms) - 1))
        if level == self.level:
            return False
        x, y, w, h = self.view
        anchor = anchor if anchor is not None else (x + w / 2, y + h / 2)
        held = self.to_board(anchor)
        self.level = level
        # the held point stays under the anchor: centre = held - (anchor - middle) / scale
        cx = held[0] - (anchor[0] - (x + w / 2)) / self.scale
        cy = held[1] - (anchor[1] - (y + h / 2)) / self.scale
        self.centre = self._clamped((cx, cy), self.slack)
        if self.goal is not None:
            self.goal = self._clamped(self.goal)
        return True

    def pinched(self, spread: float, anchor: Point) -> None:
        """Fingers spread (``spread`` > 1) or closed by that factor since the last motion: a zoom
        step each time they have opened or closed by ``PINCH_STEP``."""
        self.pinch *= spread
        while self.pinch >= PINCH_STEP:
            self.pinch /= PINCH_STEP
            self.goal = None
            self.zoom(1, anchor)
        while self.pinch <= 1 / PINCH_STEP:
            self.pinch *= PINCH_STEP
            self.goal = None
            self.zoom(-1, anchor)

    # ---- what the table does ------------------------------------------------------------------
    def follow(self, at: Point) -> None:
        """Go to ``at`` (eased, see ``update``), never past the board's edge."""
        self.goal = self._clamped(at)

    def centre_on(self, at: Point) -> None:
        """Put ``at`` in the middle at once, as far as a player could pull the board there."""
        self.goal = None
        self.centre = self._clamped(at, self.slack)

    def keep_in_view(self, at: Point, margin: float = 1.0, avoid: Sequence[Box] = ()) -> None:
        """Follow ``at`` only if it is not in the window already (a focused field), and
        never leave it under one of the boxes ``avoid`` (a panel over the window's corner):
        then the board goes as far past its edge as the slack allows to bring it out."""
        if not self.shows(at, margin):
            self.follow(at)
        cx, cy = self.goal if self.goal is not None else self.centre
        x, y, w, h = self.view
        sx = x + w / 2 + (at[0] - cx) * self.scale  # where ``at`` will be on screen
        sy = y + h / 2 + (at[1] - cy) * self.scale
        half = self.scale / 2  # the field round the point clears the box
        for bx, by, bw, bh in avoid:
            if bx - half < sx < bx + bw + half and by - half < sy < by + bh + half:
                right, down = bx + bw + half - sx, by + bh + half - sy
                if right <= down:
                    cx -= right / self.scale
                else:
                    cy -= down / self.scale
                self.goal = self._clamped((cx, cy), self.slack)
                return

    def jump(self) -> None:
        """Be where the camera is going at once (reduced motion, a table's first frame)."""
        if self.goal is not None:
            self.centre, self.goal = self.goal, None

    def update(self, dt: float) -> bool:
        """Ease towards the goal; True while the camera moves."""
        if self.goal is None:
            return False
        gx, gy = self.goal
        cx, cy = self.centre
        share = min(1.0, dt * EASE)
        cx, cy = cx + (gx - cx) * share, cy + (gy - cy) * share
        if abs(gx - cx) * self.scale < 0.5 and abs(gy - cy) * self.scale < 0.5:
            cx, cy, self.goal = gx, gy, None
        self.centre = (cx, cy)
        return True

    def _clamped(self, at: Point, slack: float = 0.0) -> Point:
        """``at`` moved so that the window shows no more than ``slack`` past the board's edge;
        a board narrower (or lower) than the window stays in its middle."""
        (lx, hx), (ly, hy) = self._limits(slack)
        return (max(lx, min(hx, at[0])), max(ly, min(hy, at[1])))

    def _limits(self, slack: float) -> tuple[tuple[float, float], tuple[float, float]]:
        """The least and most a centre may be on each axis, ``slack`` past the edge (both the
        middle where the board is narrower than the window)."""
        _, _, w, h = self.view

        def one(half: float, length: float) -> tuple[float, float]:
            if 2 * half >= length:
                return (length / 2, length / 2)
            return (half - slack, length - half + slack)

        return (one(w / 2 / self.scale, self.size[0]), one(h / 2 / self.scale, self.size[1]))
