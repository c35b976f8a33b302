"""Where everything lies on the Kap Hoorn table (the logical 1920x1080 canvas).

The sea chart fills the left, and its margin on its right holds the zoom buttons beside the
log books; on the right, from the top: the question, one log book per seat, then across the
margin's width too two rows of buttons (each with room for its reason under it) and the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

BOARD_RECT = pygame.Rect(16, 96, 1096, 968)  # the chart's window: the camera shows it here
MARGIN_W = 84  # the chart's margin on its right, beside the question and the log books
RIGHT_X = BOARD_RECT.right + MARGIN_W + 16  # the question and the log books
RIGHT_W = 1920 - RIGHT_X - 16
BANNER_RECT = pygame.Rect(16, 12, 1888, 72)
LOG_RECT = pygame.Rect(640, 14, 1020, 70)  # the last lines of the log, in the banner
LOG_BUTTON = pygame.Rect(BANNER_RECT.right - 12 - 220, 20, 220, 56)  # the whole log, at its end
LOG_LINES = 2
ASK_RECT = pygame.Rect(RIGHT_X, 96, RIGHT_W, 84)
BOOKS_RECT = pygame.Rect(RIGHT_X, 188, RIGHT_W, 440)
# the chart's margin: the zoom buttons, which so never cover a field (issue 29, item 4)
MARGIN_RECT = pygame.Rect(BOARD_RECT.right, BOARD_RECT.y, MARGIN_W,
                          BOOKS_RECT.bottom - BOARD_RECT.y)  # fmt: skip
# under the log books the buttons and the hand take the margin's width too: three buttons in a
# row wide and high enough for their captions to grow at 130 % in every language (issue 29,
# item 8: German "Zug beenden" kept the 100 % font in buttons of 222 px; in these it takes
# 34 px at 130 %, Dutch 37, English 40)
LOWER_X = BOARD_RECT.right + 4
LOWER_W = 1920 - LOWER_X - 16
BUTTONS_Y = BOOKS_RECT.bottom + 4
BUTTON_W, BUTTON_H, BUTTON_GAP = (LOWER_W - 2 * 10) // 3, 56, 10
REASON_SIZE, REASON_SMALL = 22, 18  # a disabled button's reason: one line, or two smaller ones
# under a button: room for its reason's two lines, clear of the next row and of the hand
# (issue 29: a second line ran into the buttons below), and below that room what the letters
# of the second line may still reach (text_in sets two lines a little closer than their
# height: at 130 % a parenthesis reached 3 px into the hand)
REASON_ROOM, REASON_DIP = 46, 6
ROW_STEP = BUTTON_H + 2 + REASON_ROOM + REASON_DIP
HAND_RECT = pygame.Rect(LOWER_X, 852, LOWER_W, 212)
# a replay offers no buttons: every hand lies face up from the buttons' place down
ALL_HANDS_RECT = pygame.Rect(LOWER_X, BUTTONS_Y, LOWER_W, HAND_RECT.bottom - BUTTONS_Y)
# the hand: its title at the top, the cards at the foot, a picked card lifted by LIFT, all
# clear of each other with the title at 130 % (issue 29: the lifted card covered it)
TITLE_TOP = 6
CARD_W, CARD_H = 90, 128
CARD_FOOT = 8  # room under the cards
LIFT = 16  # how far the picked card stands out of the hand
# the wind card under the ship to move, enlarged in the chart's upper left corner
WIND_RECT = pygame.Rect(BOARD_RECT.x + 12, BOARD_RECT.y + 12, 190, 214)
# zoom in and out, in the chart's margin, level with the log books' middle
ZOOM_RECTS = [pygame.Rect(MARGIN_RECT.x + 10, BOOKS_RECT.centery - 70 + i * 72, 64, 64)
              for i in range(2)]  # fmt: skip
ZOOM_PANEL = ZOOM_RECTS[0].union(ZOOM_RECTS[1]).inflate(12, 12)  # the plate they sit on
NOTICE_RECT = pygame.Rect(BOARD_RECT.x + 120, BOARD_RECT.bottom - 96, BOARD_RECT.w - 240, 72)
GUIDE_PANELS = [  # where the guided game's panel may lie on the chart, best first
    pygame.Rect(36, 754, 640, 290),  # the south-west: open sea until the ships round the Horn
    pygame.Rect(456, 754, 640, 290),
    pygame.Rect(36, 160, 640, 290),
]

Point = tuple[float, float]


def button_rect(n: int) -> pygame.Rect:
    """Button ``n``: three in a row, two rows (Stay, Ignore, Again; Buy, End, Undo)."""
    row, col = divmod(n, 3)
    x = LOWER_X + col * (BUTTON_W + BUTTON_GAP)
    return pygame.Rect(x, BUTTONS_Y + row * ROW_STEP, BUTTON_W, BUTTON_H)


def reason_rect(n: int) -> pygame.Rect:
    """Where button ``n``'s reason is written: under it, above the next row or the hand."""
    rect = button_rect(n)
    return pygame.Rect(rect.x, rect.bottom + 2, rect.w, REASON_ROOM)


def book_rect(seat: int, players: int) -> pygame.Rect:
    """The log book of ``seat``, the seats one under the other."""
    h = min(150, (BOOKS_RECT.h - 8 * (players - 1)) // players)
    return pygame.Rect(BOOKS_RECT.x, BOOKS_RECT.y + seat * (h + 8), BOOKS_RECT.w, h)


def book_point(seat: int, players: int) -> Point:
    rect = book_rect(seat, players)
    return (float(rect.centerx), float(rect.centery))


def hand_slots(hand: Sequence[int]) -> list[tuple[pygame.Rect, int]]:
    """Where the cards of a hand shown face up lie, in hand order: ``(rect, wind)``."""
    n = max(1, len(hand))
    gap = min(CARD_W + 16, (HAND_RECT.w - 40 - CARD_W) // max(1, n - 1) if n > 1 else 0)
    width = CARD_W + gap * (n - 1)
    x0 = HAND_RECT.centerx - width // 2
    y = HAND_RECT.bottom - CARD_H - CARD_FOOT
    return [(pygame.Rect(x0 + i * gap, y, CARD_W, CARD_H), w) for i, w in enumerate(hand)]
