"""The markers of each seat's last turn on the mountain (issue 29, item 3): the steps its Heidi
and Peter went, as footsteps in the seat's colour and shape along its own lane (where its
figures stand on a step), hollow where the pair slid back to the start. Kept until that seat
acts again (``game.play.trails``); worked out from the resolved turn the rules report
(``BergState.last_result``), the moves the figures are shown making (``figures.Climbs.show``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.games.bergruft.rules import HEIDI_START, PETER_START, BergAction, BergState, TurnResult
from game.games.bergruft.view import mountain as board
from game.play.panels import Mark
from game.play.trails import TrailEntry, draw_steps, footsteps

Move = tuple[str, int, int, bool]  # (figure, from step, to step, slid back)
SPACING = 44  # px between footsteps
ROOM = 20  # px left free by the figure at either end
R = 8.0
FACE = (10, 58)  # px below a step's floor where a footstep's disc would touch its front face


def entries(old: BergState, action: BergAction, new: BergState) -> list[TrailEntry]:
    """What ``action`` leaves: the acting seat's turn begins; a resolved turn adds the moves of
    the caller's and the guesser's figures (their turn's, ``old.turn``)."""
    out: list[TrailEntry] = [(action.seat, old.turn, None)]
    if new.turn > old.turn and new.last_result is not None:
        out += [(seat, old.turn, move) for seat, move in moves(new.last_result)]
    return out


def moves(r: TurnResult) -> list[tuple[int, Move]]:
    """The figures' moves of a resolved turn, in the order they are shown."""
    c, g = r.caller, r.guesser
    hb, pb, ha, pa = r.heidi_before, r.peter_before, r.heidi_after, r.peter_after
    out: list[tuple[int, Move]] = []
    if r.guessed:  # the caller's pair restarts, the guesser's climbs its bonus
        out += [(c, ("peter", pb[c], PETER_START, True)), (c, ("heidi", hb[c], HEIDI_START, True))]
        out += [(g, ("peter", pb[g], pa[g], False)), (g, ("heidi", hb[g], ha[g], False))]
    else:
        peter_top, heidi_top = pb[c] + r.caller_peter_climb, hb[c] + r.caller_heidi_climb
        out += [(c, ("peter", pb[c], peter_top, False)), (c, ("heidi", hb[c], heidi_top, False))]
        if r.caller_restart:
            out += [(c, ("peter", peter_top, PETER_START, True)),
                    (c, ("heidi", heidi_top, HEIDI_START, True))]  # fmt: skip
        if r.capped:  # the guesser punished: Peter down 1, Heidi down 3 (B13)
            down = max(PETER_START, pb[g] - 1)
            out += [(g, ("peter", pb[g], down, False)), (g, ("heidi", hb[g], ha[g], False))]
            if pa[g] != down:
                out.append((g, ("peter", down, pa[g], True)))
    return [(seat, move) for seat, move in out if move[1] != move[2]]


def draw(
    surface: pygame.Surface, shown: dict[int, list[Any]], marks: Sequence[Mark]
) -> list[tuple[int, pygame.Rect]]:
    """Each seat's footsteps of its last turn (under the figures: they hide none, and never on
    a step's number or stone count); returns where each seat's marks lie."""
    players = len(marks)
    drawn: list[tuple[int, pygame.Rect]] = []
    for seat, seat_moves in sorted(shown.items()):
        for _, start, end, slid in seat_moves:
            step = 1 if end > start else -1
            points = [board.anchor(s, seat, players) for s in range(start, end + step, step)]
            points = [(x, y - 4) for x, y in points]  # on the ledge, just behind the feet
            spots = [p for p in footsteps(points, SPACING, ROOM, ROOM) if not on_a_face(p)]
            drawn += [(seat, rect) for rect in draw_steps(surface, spots, marks[seat], R, slid)]
    return drawn


def on_a_face(point: tuple[float, float]) -> bool:
    """Whether a footstep at ``point`` would lie on a step's front face, over its number or
    its stone count (a way down a ladder passes there): such a footstep is left out."""
    x, y = point
    for position, (cx, fy) in enumerate(board.ANCHORS[1:], start=1):
        half = 120 if position == board.SUMMIT else board.LEDGE_W // 2
        if abs(x - cx) <= half and fy + FACE[0] <= y <= fy + FACE[1]:
            return True
    return False
