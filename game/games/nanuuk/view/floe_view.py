"""The pieces on the Nanuuk! floe and the highlights of what may be picked there.

Pure drawing: each function takes what it draws (the state, the floe's layout, the seats'
colours, what moves now) and writes nothing of it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.games.nanuuk.rules import NanuukState
from game.games.nanuuk.rules.actions import Banish, Choose, NanuukAction, Step
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.rules.state import PIECES
from game.games.nanuuk.view import figures
from game.games.nanuuk.view.floe import FloeLayout
from game.games.nanuuk.view.motion import Motion
from game.ui import theme

Target = tuple[str, int, NanuukAction]  # ("field" | "edge", field or edge, the action)
Colour = tuple[int, int, int]
INUK_BESIDE = (0.5, 0.16)  # where a hunter's Inuk stands, in floe radii from his middle
INUK_SIZE = 0.46  # and how big (a hunter is 0.7)
DRAW_MOVER = {"hunter": "hunter", "bear": "bear", "Inuk": "inuk"}  # a mover's kind -> figure


def highlights(
    state: NanuukState, targets: Sequence[Target], focus: int | None
) -> tuple[dict[int, str], dict[int, str]]:
    """The styles of the fields and crack lines to highlight (``focus``: the focused target)."""
    fields: dict[int, str] = {}
    edges: dict[int, str] = {}
    for n, (kind, where, action) in enumerate(targets):
        focused = n == focus
        if kind == "edge":
            edges[where] = "crack-focus" if focused else "crack"
        elif focused:
            fields[where] = "focus"
        elif isinstance(action, Step):
            fields[where] = "kayak" if action.kayak else "move"
        elif isinstance(action, Banish):
            fields[where] = "banish"
        elif isinstance(action, Choose):
            fields[where] = "select"
        else:
            fields[where] = "place"
    st = state
    if st.mover >= 0 and st.pos[st.mover] >= 0 and st.pos[st.mover] not in fields:
        fields[st.pos[st.mover]] = "select"  # the mover on its way
    return fields, edges


def draw_pieces(
    surface: pygame.Surface,
    state: NanuukState,
    layout: FloeLayout,
    colours: Sequence[Colour],
    motion: Motion,
    alpha: float,
) -> None:
    """The animals, then the movers (sliding where they move now), then what flies."""
    st, r = state, layout.radius
    for k, name in enumerate(PIECES):
        for field in bits(st.pieces[k]):
            if field not in motion.hidden:
                figures.draw_piece(surface, name, layout.centre(field), r * 0.62)
    stacked: dict[int, int] = {}
    for i, mover in enumerate(st.spec.movers):
        p = st.pos[i]
        if p < 0:
            continue
        path = motion.tracks.get(i)
        if path is not None and not path.finished:
            x, y = path.value(alpha)  # type: ignore[misc]
        else:
            x, y = layout.centre(p)
            n = stacked.get(p, 0)
            stacked[p] = n + 1
            x += (n - 0.5) * r * 0.5 if n else 0  # hunters sharing an igloo stand apart
        if i in motion.kayaks:
            figures.draw_kayak(surface, (x, y + r * 0.3), r * 0.8, 0.0)
        seat = mover.seat if mover.seat >= 0 else st.seat
        if mover.kind == "hunter":
            selected = i == st.mover and not st.is_over()
            shape = theme.seat_shape(seat)
            figures.draw_hunter(surface, (x, y), r * 0.7, colours[seat], shape, selected=selected)
            if st.sheets and st.sheets[i].inuk:  # an Inuk who joined him walks with him (N22)
                beside = (x + r * INUK_BESIDE[0], y + r * INUK_BESIDE[1])
                figures.draw_piece(surface, "inuk", beside, r * INUK_SIZE)
        else:
            figures.draw_piece(surface, DRAW_MOVER[mover.kind], (x, y), r * 0.7)
            if mover.seat >= 0:  # a helper: whose it is
                at = (int(x + r * 0.45), int(y - r * 0.45))
                theme.draw_mark(surface, theme.seat_shape(seat), colours[seat], at, int(r * 0.2))
    for flight in motion.flights:
        fx, fy = flight.path.value(alpha)  # type: ignore[misc]
        figures.draw_piece(surface, flight.kind, (fx, fy), r * 0.62)
