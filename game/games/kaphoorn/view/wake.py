"""The markers of each seat's last turn on the sea chart (issue 29, item 3): the ship's wake, as
footsteps of the seat's mark along the fields it sailed through, and a frame in the seat's
colour (its mark on the corner) round each wind card it laid. Kept until that seat's next turn
begins (``game.play.trails``); worked out from the action played and the position before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import Ignore, KapAction, Play, Replace, Sail
from game.games.kaphoorn.view.chartlayout import ChartLayout
from game.play.panels import Mark
from game.play.trails import TrailEntry, draw_frame, draw_steps, footsteps

INSET = 0.07  # a card's face inside its field, each side (windcard.board_sprite)


def entries(old: KapState, action: KapAction, new: KapState) -> list[TrailEntry]:
    """What ``action`` leaves: the mover's turn (``old.turn``) begins or goes on; a card laid
    is ``("card", field)``, a voyage ``("wake", fields from the start to the end)``."""
    seat, turn = old.seat, old.turn
    out: list[TrailEntry] = [(seat, turn, None)]
    if isinstance(action, Play | Replace):
        out.append((seat, turn, ("card", action.to)))
    elif isinstance(action, Sail | Ignore):
        out.append((seat, turn, ("wake", voyage(old.chart.width, old.ships[seat], action.to))))
    return out


def voyage(width: int, start: int, end: int) -> tuple[int, ...]:
    """The fields of a straight voyage from ``start`` to ``end`` (both included)."""
    sr, sc = divmod(start, width)
    er, ec = divmod(end, width)
    steps = max(abs(er - sr), abs(ec - sc))
    dr, dc = (er - sr) // max(1, steps), (ec - sc) // max(1, steps)
    return tuple((sr + k * dr) * width + sc + k * dc for k in range(steps + 1))


def draw(
    surface: pygame.Surface, layout: ChartLayout, shown: dict[int, list[Any]],
    marks: Sequence[Mark],
) -> list[tuple[int, pygame.Rect]]:  # fmt: skip
    """Each seat's wakes and laid cards of its last turn, on the chart where the camera shows
    it (under the ships and the highlights); returns where each seat's marks lie."""
    cell = layout.cell
    drawn: list[tuple[int, pygame.Rect]] = []
    for seat, seat_marks in sorted(shown.items()):
        for kind, where in seat_marks:
            if kind == "card":
                face = layout.field_rect(where).inflate(-2 * round(cell * INSET),
                                                       -2 * round(cell * INSET))  # fmt: skip
                width = max(2, round(cell * 0.045))
                drawn.append((seat, draw_frame(surface, face, marks[seat], width, cell // 9)))
        for kind, where in seat_marks:
            if kind == "wake":
                points = [layout.centre(f) for f in where]
                spots = footsteps(points, cell * 0.3, cell * 0.42, cell * 0.5)
                r = max(4.0, cell * 0.1)
                drawn += [(seat, rect) for rect in draw_steps(surface, spots, marks[seat], r)]
    return drawn
