"""The hand of wind cards at the foot of the Kap Hoorn table.

A hand the screen may show lies face up (the playable cards lit, the picked one lifted, the
focused one ringed); any other hand shows only as card backs, so that its size is all anybody
learns of it (K10). A card dragged from the hand is drawn under the finger instead.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.view import seachart
from game.games.kaphoorn.view.layout import ALL_HANDS_RECT, CARD_H, CARD_W, HAND_RECT, LIFT
from game.ui import theme

DRAG_START = 12  # pixels a pressed card must move before it is dragged (else it is a tap)
NAME_W = 200  # a replay's row of hands: the player's name before the cards
FOCUS_RIM = (8, 12, 24)  # round the focus ring of a card: the glow of its neighbours is gold too


def draw_title(surface: pygame.Surface, text: str) -> None:
    """Whose hand this is, or why it is hidden."""
    at = (HAND_RECT.x + 20, HAND_RECT.y + 12)
    theme.text(surface, text, at, 28, theme.SNOW, True, "topleft", width=HAND_RECT.w - 40,
               least=22)  # fmt: skip


def draw_backs(surface: pygame.Surface, count: int) -> None:
    """A hidden hand: as many card backs as it holds cards."""
    for i in range(count):
        x = HAND_RECT.centerx - count * 40 + i * 80
        rect = pygame.Rect(x, HAND_RECT.bottom - CARD_H - 10, CARD_W, CARD_H)
        seachart.draw_card_back(surface, rect)


def draw_all(surface: pygame.Surface, title: str, names: Sequence[str],
             hands: Sequence[Sequence[int]], to_move: int | None) -> None:  # fmt: skip
    """A replay's hands, every one face up: a row per seat, the one to move marked."""
    area = ALL_HANDS_RECT  # its panel lies in the table's backdrop
    theme.text(surface, title, (area.x + 20, area.y + 12), 28, theme.SNOW, True)
    top, rows = area.y + 52, len(names)
    row_h = (area.bottom - 10 - top) // max(1, rows)
    card_h = min(CARD_H, row_h - 10)
    card_w = card_h * CARD_W // CARD_H
    winds = all_winds()
    for seat, (name, held) in enumerate(zip(names, hands, strict=True)):
        row = pygame.Rect(area.x + 12, top + seat * row_h, area.w - 24, row_h - 6)
        if seat == to_move:
            pygame.draw.rect(surface, theme.palette().accent, row, 3, border_radius=12)
        theme.text(surface, name, (row.x + 14, row.centery), 26, theme.WHITE, True, "midleft",
                   width=NAME_W)  # fmt: skip
        for i, wind in enumerate(held):
            rect = pygame.Rect(row.x + NAME_W + 24 + i * (card_w + 8), 0, card_w, card_h)
            rect.centery = row.centery
            seachart.draw_wind_card(surface, rect, winds[wind], 0)


def lifted(rect: pygame.Rect, wind: int, picked: int | None) -> pygame.Rect:
    """Where a card of the hand shows: lifted out of it while it is the picked one."""
    return rect.move(0, -LIFT) if wind == picked else rect


def draw_faces(
    surface: pygame.Surface,
    slots: Sequence[tuple[pygame.Rect, int]],
    playable: Collection[int],
    picked: int | None,
    focused: int | None,
    dragged: int | None,
    forward: int = 0,
    *,
    clock: float = 0.0,
) -> None:
    """The hand face up, each card turned as it will lie (``forward``: where its forward arrow
    points in the ship's zone); one card of the ``dragged`` wind is left out (it is under the
    finger). The ``focused`` wind's first card wears the keys' focus ring (pulsing by
    ``clock``), as a button does."""
    winds = all_winds()
    for rect, wind in slots:
        if wind == dragged:
            dragged = None
            continue
        shown = lifted(rect, wind, picked)
        lit = wind in playable or wind == picked
        seachart.draw_wind_card(surface, shown, winds[wind], forward, highlight=lit)
        if wind == focused:  # the ring on the card's edge (above it lies the hand's title),
            # a dark line inside it: it stands out of the gold glow of every playable card
            pygame.draw.rect(surface, FOCUS_RIM, shown.inflate(-14, -14), 3, border_radius=8)
            theme.draw_focus(surface, shown.inflate(-14, -14), clock)
            focused = None  # two cards of one wind are one choice: one ring


def is_drag(start: tuple[int, int], pos: tuple[int, int]) -> bool:
    """Whether a card pressed at ``start`` and now at ``pos`` is being dragged."""
    return abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START


def draw_dragged(surface: pygame.Surface, wind: int, pos: tuple[int, int]) -> None:
    """A card dragged from the hand, a little smaller, under the finger."""
    rect = pygame.Rect(0, 0, CARD_W * 3 // 4, CARD_H * 3 // 4)
    rect.center = pos
    seachart.draw_wind_card(surface, rect, all_winds()[wind], 0, highlight=True)
