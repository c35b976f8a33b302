"""Where things are on the 1920x1080 canvas: the mountain on the left, the panel on the right."""

from __future__ import annotations

import pygame

from game.games.bergruft.view.mountain import BOARD_WIDTH

LOG_LINES = 8  # at 100 %; a larger text size fits fewer (panels.panel_rows)

PANEL_X = BOARD_WIDTH + 16
PANEL_W = 1920 - PANEL_X - 16
CARD_W, CARD_H = (PANEL_W - 8) // 2, 112
SCREEN_RECT = pygame.Rect(PANEL_X, 374, PANEL_W, 158)
CHIPS_Y = 540
PROMPT_Y = 604
CONTROLS_Y = 690
PAD_COLS, PAD_GAP = 6, 8
PAD_W, PAD_H = (PANEL_W - (PAD_COLS - 1) * PAD_GAP) // PAD_COLS, 96
NOTICE_RECT = pygame.Rect(PANEL_X, 1000, PANEL_W, 74)
LOG_HEAD = 16  # the box's title band is this much taller: the button beside the title fits
LOG_RECT = pygame.Rect(20, 96, 540, 58 + LOG_HEAD + 6 + 34 * LOG_LINES)  # "What happened"
LOG_BUTTON = pygame.Rect(LOG_RECT.right - 10 - 220, LOG_RECT.y + 8, 220, 46)  # the whole log
GUIDE_RECT = pygame.Rect(20, LOG_RECT.bottom + 62, 440, 470)  # the guided game's panel: trees
BANNER_RECT = pygame.Rect(0, 0, BOARD_WIDTH, 76)
CARDS_RECT = pygame.Rect(PANEL_X, 96, PANEL_W, 2 * CARD_H + 10)
PROMPT_RECT = pygame.Rect(PANEL_X, CHIPS_Y - 4, PANEL_W, CONTROLS_Y - CHIPS_Y)
STORY_RECT = pygame.Rect(PANEL_X, CONTROLS_Y, PANEL_W, 290)
SCREEN_REGION = pygame.Rect(PANEL_X - 12, 336, PANEL_W + 24, 532 - 336)
BUTTON_TOP = pygame.Rect(PANEL_X, CONTROLS_Y, PANEL_W, 110)  # the first big button
BUTTON_STEP = 128  # down to the second


def pad_rect(i: int) -> pygame.Rect:
    """Where number ``i`` of the pad is (16 and 17 are the room of its "Set" button)."""
    row, col = divmod(i, PAD_COLS)
    return pygame.Rect(
        PANEL_X + col * (PAD_W + PAD_GAP), CONTROLS_Y + row * (PAD_H + 8), PAD_W, PAD_H
    )
