"""Where things stand on the Nanuuk! table, on the logical 1920x1080 canvas."""

from __future__ import annotations

import pygame

BOARD_RECT = pygame.Rect(16, 96, 1200, 968)
PANEL_X = BOARD_RECT.right + 16
PANEL_W = 1920 - PANEL_X - 16
BANNER_RECT = pygame.Rect(16, 12, 1888, 72)
ASK_RECT = pygame.Rect(PANEL_X, 96, PANEL_W, 96)
BUTTONS_Y = 200
SHEETS_Y = 400
LOG_RECT = pygame.Rect(PANEL_X, 848, PANEL_W, 216)
NOTICE_RECT = pygame.Rect(BOARD_RECT.x + 100, BOARD_RECT.bottom - 96, BOARD_RECT.w - 200, 72)
# wide enough for German "Rückgängig" in the menu buttons' font (issue 29: not "Zurück", Back)
UNDO_RECT = pygame.Rect(PANEL_X + PANEL_W - 300, LOG_RECT.y - 68, 300, 60)
GUIDE_WIDTH = PANEL_W - UNDO_RECT.w - 16  # the guide's panel over the log leaves undo free
LOG_BUTTON = pygame.Rect(BANNER_RECT.right - 12 - 212, 20, 212, 56)  # the whole log: banner's end
CHIP_W, CHIP_STEP = 262, 276  # four chips leave room for it


def chip_rect(seat: int) -> pygame.Rect:
    """A player's chip in the banner."""
    return pygame.Rect(BANNER_RECT.x + 560 + seat * CHIP_STEP, BANNER_RECT.y + 10, CHIP_W, 52)


def sheet_rect(seat: int, players: int) -> pygame.Rect:
    """A player's card with his hunters' sheets, every one the same size (the undo button
    lies under the last)."""
    h = (LOG_RECT.y - 76 - SHEETS_Y) // max(1, players)
    return pygame.Rect(PANEL_X, SHEETS_Y + seat * h, PANEL_W, h - 8)


def sheet_point(seat: int, players: int) -> tuple[float, float]:
    """Where a taken animal flies to: the middle of its hunter's card."""
    rect = sheet_rect(seat, players)
    return (rect.centerx, rect.centery)


def dialog_rect(buttons: int) -> pygame.Rect:
    """The small dialog over the floe that asks take or leave and the igloo's exchanges."""
    rows = (buttons + 1) // 2
    rect = pygame.Rect(0, 0, 1100, 170 + rows * 64)
    rect.midbottom = (BOARD_RECT.centerx, BOARD_RECT.bottom - 40)
    return rect


def button_rects(count: int, dialog: pygame.Rect | None) -> tuple[list[pygame.Rect], int]:
    """The action buttons (two columns in the dialog or for more than three) and the y below
    them in the panel, where the helpers' "place ..." buttons go."""
    x0, y, width = PANEL_X, BUTTONS_Y, PANEL_W
    if dialog is not None:
        x0, y, width = dialog.x + 24, dialog.y + 150, dialog.w - 48
    cols = 2 if dialog is not None or count > 3 else 1
    w = (width - 12 * (cols - 1)) // cols
    rects = [
        pygame.Rect(x0 + (n % cols) * (w + 12), y + (n // cols) * 64, w, 56) for n in range(count)
    ]
    below = BUTTONS_Y + (count + cols - 1) // cols * 64 if dialog is None else BUTTONS_Y
    return rects, below


def choice_rect(n: int, y: int) -> pygame.Rect:
    """The helpers' "place the bear / the Inuk" buttons, side by side (N15)."""
    pw = (PANEL_W - 12) // 2
    return pygame.Rect(PANEL_X + n * (pw + 12), y, pw, 56)


# where a panel's content may be painted (game.play.panels.PanelCache clips it there): the
# question with the line under it, who had to pass; every player's sheet
ASK_AREA = ASK_RECT.union(pygame.Rect(ASK_RECT.x, ASK_RECT.bottom, ASK_RECT.w, 44))


def sheets_area(players: int) -> pygame.Rect:
    first = sheet_rect(0, players)
    return first.unionall([sheet_rect(seat, players) for seat in range(1, players)])
