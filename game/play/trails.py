"""The last turn of each seat, marked on the board (issue 29, item 3): where its pieces went and
what it laid or broke, kept until that seat moves again, so that a player coming to the table
sees what every other player did since his own last turn.

A table's ``trail(old, action, new)`` says what a played action leaves: ``(seat, turn, mark)``
triples. A mark of a later ``turn`` of a seat replaces that seat's older marks; a mark ``None``
only begins that turn (the seat moves again, its old markers go, even if the new turn leaves
nothing to mark). The marks are the game's own values (a field, a path, a crack), worked out
from the states and the action the table played, never from the rules' insides; the game draws
them, under its pieces, with the helpers below: each seat's marks in its colour *and* its
shape, so that they are told apart without colour. Undo takes them back with the moves.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game.ui import theme

TrailEntry = tuple[int, object, Any]  # (seat, its turn, the game's mark or None)
Mark = tuple[str, tuple[int, int, int]]  # a seat's shape and colour
Point = tuple[float, float]


class Trails:
    """Every mark the game's actions left, in order, and each seat's last turn of them."""

    def __init__(self) -> None:
        self._entries: list[tuple[int, int, object, Any]] = []  # (moves played, seat, turn, mark)
        self._last: tuple[object, dict[int, list[Any]]] = (None, {})

    def add(self, moves: int, entries: Iterable[TrailEntry]) -> None:
        """What the ``moves``-th action played left."""
        self._entries.extend((moves, seat, turn, mark) for seat, turn, mark in entries)

    def cut(self, moves: int) -> None:
        """Forget what the actions after the first ``moves`` left (undo)."""
        while self._entries and self._entries[-1][0] > moves:
            self._entries.pop()
        self._last = (None, {})

    def last_turns(self, upto: int | None = None) -> dict[int, list[Any]]:
        """Each seat's marks of its last turn (an empty list: that turn left none), as they were
        after the first ``upto`` moves (all: None; while the last move is still shown moving,
        its marks wait)."""
        seen, found = self._last
        key = (len(self._entries), upto)
        if seen == key:
            return found
        entries = [e for e in self._entries if upto is None or e[0] <= upto]
        turn_of: dict[int, object] = {}
        for _, seat, turn, _ in entries:
            turn_of[seat] = turn
        found = {seat: [] for seat in turn_of}
        for _, seat, turn, mark in entries:
            if mark is not None and turn == turn_of[seat]:
                found[seat].append(mark)
        self._last = (key, found)
        return found


# ---- drawing --------------------------------------------------------------------------------
def footsteps(points: Sequence[Point], spacing: float, skip_start: float = 0.0,
              skip_end: float = 0.0) -> list[Point]:  # fmt: skip
    """Evenly spaced points along the polyline ``points``, ``spacing`` apart, leaving out the
    first ``skip_start`` and the last ``skip_end`` pixels (where a piece stands)."""
    legs = [(a, b, math.dist(a, b)) for a, b in zip(points, points[1:], strict=False)]
    total = sum(length for _, _, length in legs)
    room = total - skip_start - skip_end
    if room <= 0 or spacing <= 0:
        return [] if total <= 0 else [_along(legs, total / 2)]
    count = max(1, round(room / spacing))
    step = room / count
    return [_along(legs, skip_start + step * (i + 0.5)) for i in range(count)]


def _along(legs: list[tuple[Point, Point, float]], at: float) -> Point:
    for (ax, ay), (bx, by), length in legs:
        if at <= length or length <= 0:
            t = 0.0 if length <= 0 else at / length
            return (ax + (bx - ax) * t, ay + (by - ay) * t)
        at -= length
    return legs[-1][1] if legs else (0.0, 0.0)


def draw_steps(
    surface: pygame.Surface, points: Sequence[Point], mark: Mark, r: float, hollow: bool = False
) -> list[pygame.Rect]:
    """The seat's mark (its shape in its colour, outlined) at each of ``points``: footsteps
    along a way it went (``hollow``: its outline only, a slide back). Returns where they lie."""
    shape, colour = mark
    drawn = []
    for p in points:
        if hollow:
            pts = theme.shape_points(shape, p, r)
            pygame.draw.polygon(surface, theme.INK, pts, max(3, round(r / 2.5)))
            pygame.draw.polygon(surface, colour, pts, max(2, round(r / 4)))
        else:
            theme.draw_mark(surface, shape, colour, p, r)
        drawn.append(pygame.Rect(round(p[0] - r), round(p[1] - r), round(2 * r), round(2 * r)))
    return drawn


def draw_frame(
    surface: pygame.Surface, rect: pygame.Rect, mark: Mark, width: int, radius: int = 8
) -> pygame.Rect:
    """A frame in the seat's colour round ``rect`` (outside it: what it frames stays whole),
    dark-rimmed, with the seat's mark on its top right corner. Returns the mark's place."""
    shape, colour = mark
    outer = rect.inflate(2 * width, 2 * width)
    pygame.draw.rect(surface, theme.INK, outer.inflate(2, 2), width + 2, border_radius=radius + 2)
    pygame.draw.rect(surface, colour, outer, width, border_radius=radius)
    r = max(5.0, width * 2.2)
    at = (outer.right - width / 2, outer.top + width / 2)
    theme.draw_mark(surface, shape, colour, at, r)
    return pygame.Rect(round(at[0] - r), round(at[1] - r), round(2 * r), round(2 * r))


def draw_glow(
    surface: pygame.Surface, a: Point, b: Point, mark: Mark, width: int
) -> list[pygame.Rect]:
    """A broad band in the seat's colour along the line from ``a`` to ``b`` (under a crack
    drawn over it), with the seat's mark at its middle. Returns where the mark lies."""
    colour = mark[1]
    pygame.draw.line(surface, theme.INK, a, b, width + 4)
    pygame.draw.line(surface, colour, a, b, width)
    for end in (a, b):
        pygame.draw.circle(surface, colour, end, width / 2)
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return draw_steps(surface, [middle], mark, max(5.0, width * 0.9))
