"""A Nanuuk! position drawn like the play scene draws it: floe, cracks, highlights, pieces.

``view`` draws the whole floe fitted into the picture, or, with ``focus`` and ``radius``, a
close-up: the floe drawn larger and cropped around the focus field.
"""

from __future__ import annotations

import pygame

from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.rules.state import PIECES, NanuukState
from game.games.nanuuk.view import figures
from game.games.nanuuk.view.floe import FloeLayout, FloeRenderer
from game.play.pictures.common import crop
from game.ui import theme

SEATS = ("red", "blue", "yellow", "green")
MOVER_PIECE = {"bear": "bear", "Inuk": "inuk"}


class FloeView:
    """A drawn position and the geometry to label it (``layout`` maps fields to pixels)."""

    def __init__(
        self,
        state: NanuukState,
        size: tuple[int, int],
        focus: int | None = None,
        radius: float | None = None,
        at: tuple[float, float] | None = None,
        region: frozenset[int] | None = None,
    ) -> None:
        """``at``: the close-up's centre in the whole floe's picture, instead of a field;
        ``region``: fields outlined (by default the 24 of a polar-bear game being played)."""
        board = state.spec.board
        region = region or (board.in_play if len(board.in_play) == 24 else None)
        rect = pygame.Rect(0, 0, *size)
        scale = 1.0
        if (focus is not None or at is not None) and radius is not None:
            scale = radius / FloeLayout(board.floe, rect).radius
            rect = pygame.Rect(0, 0, round(size[0] * scale), round(size[1] * scale))
        self.state = state
        self.size = size
        self.renderer = FloeRenderer(board.floe, board.in_play, rect, region)
        self.layout = self.renderer.layout
        self.canvas = pygame.Surface(rect.size)
        self.renderer.draw_board(self.canvas, 0.0)
        self.renderer.draw_cracks(self.canvas, state.cracks)
        self.offset = (0.0, 0.0)
        if focus is not None or at is not None:
            cx, cy = self.layout.centre(focus) if focus is not None else (0.0, 0.0)
            if at is not None:
                cx, cy = at[0] * scale, at[1] * scale
            view = pygame.Rect(0, 0, *size)
            view.center = (round(cx), round(cy))
            view.clamp_ip(self.canvas.get_rect())
            self.offset = (float(view.x), float(view.y))

    def centre(self, field: int) -> tuple[float, float]:
        x, y = self.layout.centre(field)
        return x - self.offset[0], y - self.offset[1]

    def side(self, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
        (ax, ay), (bx, by) = self.layout.edge_segment(edge)
        ox, oy = self.offset
        return (ax - ox, ay - oy), (bx - ox, by - oy)

    def highlight(self, fields: dict[int, str], edges: dict[int, str] | None = None) -> None:
        self.renderer.draw_highlights(self.canvas, fields, edges or {}, 0.0)

    def finish(self, hidden: frozenset[int] = frozenset()) -> pygame.Surface:
        """Draw the pieces and return the picture (cropped for a close-up)."""
        draw_pieces(self.canvas, self.state, self.layout, hidden)
        centre = (self.offset[0] + self.size[0] / 2, self.offset[1] + self.size[1] / 2)
        return crop(self.canvas, centre, self.size)


def draw_pieces(
    surface: pygame.Surface, st: NanuukState, layout: FloeLayout, hidden: frozenset[int]
) -> None:
    """Animals, Inuit, bears and the movers, as the play scene draws them."""
    r = layout.radius
    for k, name in enumerate(PIECES):
        for field in bits(st.pieces[k]):
            if field not in hidden:
                figures.draw_piece(surface, name, layout.centre(field), r * 0.62)
    for i, mover in enumerate(st.spec.movers):
        if st.pos[i] < 0 or st.pos[i] in hidden:
            continue
        x, y = layout.centre(st.pos[i])
        seat = mover.seat if mover.seat >= 0 else st.seat
        colour = theme.colour_rgb(SEATS[seat % len(SEATS)])
        if mover.kind == "hunter":
            figures.draw_hunter(surface, (x, y), r * 0.7, colour, theme.seat_shape(seat))
        else:
            figures.draw_piece(surface, MOVER_PIECE[mover.kind], (x, y), r * 0.7)
            if mover.seat >= 0:
                mark = (int(x + r * 0.45), int(y - r * 0.45))
                theme.draw_mark(surface, theme.seat_shape(seat), colour, mark, int(r * 0.2))
