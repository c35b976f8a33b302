"""The markers of each seat's last turn on the floe (issue 29, item 3): the way its hunter (or
bear, or Inuk) went, as footsteps of the seat's mark from field to field (hollow where it
crossed by kayak or drove the bear away with the harpoon), and the cracks that turn made, each
on a band of the seat's colour with its mark, under the crack. Kept until that seat's next turn
begins (``game.play.trails``); worked out from the action played and the positions before and
after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.games.nanuuk.rules import NanuukState
from game.games.nanuuk.rules.actions import Banish, NanuukAction, Step
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.view.floelayout import FloeLayout
from game.play.panels import Mark
from game.play.trails import TrailEntry, draw_glow, draw_steps, footsteps


def entries(old: NanuukState, action: NanuukAction, new: NanuukState) -> list[TrailEntry]:
    """What ``action`` leaves: the mover's turn begins or goes on (a turn: until a turn ends
    or a piece is placed); a step ``("way", from, to, hollow)``, the harpoon's throw of the
    bear likewise, and every crack it made ``("crack", edge)``, those the rules add at the end
    of a move too."""
    seat = old.seat
    turn = (sum(old.turns), old.placed)
    out: list[TrailEntry] = [(seat, turn, None)]
    if isinstance(action, Step):
        start = old.pos[old.spec.index[action.mover]]
        out.append((seat, turn, ("way", start, action.to, action.kayak)))
    elif isinstance(action, Banish) and old.at >= 0:
        out.append((seat, turn, ("way", old.at, action.to, True)))
    out += [(seat, turn, ("crack", 1 << b)) for b in bits(new.cracks & ~old.cracks)]
    return out


def draw(
    surface: pygame.Surface, layout: FloeLayout, shown: dict[int, list[Any]],
    marks: Sequence[Mark],
) -> list[tuple[int, pygame.Rect]]:  # fmt: skip
    """Each seat's ways and cracks of its last turn (under the cracks and the pieces, which
    they hide nothing of); returns where each seat's marks lie."""
    r = layout.radius
    drawn: list[tuple[int, pygame.Rect]] = []
    for seat, seat_marks in sorted(shown.items()):
        mark = marks[seat]
        for kind, *where in seat_marks:
            if kind == "crack":
                a, b = layout.edge_segment(where[0])
                width = max(6, round(r * 0.2))
                drawn += [(seat, rect) for rect in draw_glow(surface, a, b, mark, width)]
            else:
                start, end, hollow = where
                points = [layout.centre(start), layout.centre(end)]
                spots = footsteps(points, r * 0.42, r * 0.5, r * 0.55)
                rects = draw_steps(surface, spots, mark, max(4.0, r * 0.14), hollow)
                drawn += [(seat, rect) for rect in rects]
    return drawn
