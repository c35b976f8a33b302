"""The Kap Hoorn table's panels: the still backdrop, the banner with the move log, the question,
the log books (one per seat), the reasons under disabled buttons and the notice of a refusal.

Each function draws the words it is given (translated by the scene) where ``layout`` puts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.games.kaphoorn.view import seachart
from game.games.kaphoorn.view.layout import (
    ASK_RECT,
    BANNER_RECT,
    BOARD_RECT,
    HAND_RECT,
    LOG_LINES,
    LOG_RECT,
    NOTICE_RECT,
    REASON_SIZE,
    REASON_SMALL,
    reason_rect,
)
from game.render import theme

RGB = tuple[int, int, int]
PANEL = (14, 22, 38, 215)
BOOKS_KEPT = 64  # log-book pictures cached before the cache starts again


class Backdrop:
    """What never changes during a game: the sky, the sea chart and the empty panels."""

    def __init__(self, renderer: seachart.ChartRenderer) -> None:
        self.renderer = renderer
        self._key: object = None
        self._layer = pygame.Surface((1, 1))

    def layer(self, surface: pygame.Surface) -> pygame.Surface:
        if self._key != surface.get_size():
            layer = pygame.Surface(surface.get_size())
            theme.draw_backdrop(layer, 0.0)
            layer.blit(self.renderer.board_layer, BOARD_RECT.topleft)
            for rect in (BANNER_RECT, ASK_RECT, HAND_RECT):
                theme.panel(layer, rect, PANEL, 18)
            self._layer = layer.convert() if pygame.display.get_surface() else layer
            self._key = surface.get_size()
        return self._layer


def draw_banner(surface: pygame.Surface, title: str, rounds: str) -> None:
    """The game's name and the round, at the left of the banner."""
    left = (BANNER_RECT.x + 24, BANNER_RECT.centery)
    drawn = theme.text(surface, title, left, 34, theme.WHITE, True, "midleft")
    at = (drawn.right + 28, BANNER_RECT.centery)
    theme.text(surface, rounds, at, 28, theme.SNOW, False, "midleft")


def log_room() -> int:
    """How many log lines the banner shows (fewer, further apart, with larger text)."""
    return max(1, LOG_LINES * 32 // theme.spaced(32, 26))


def draw_log(surface: pygame.Surface, lines: Sequence[tuple[str, RGB, str]]) -> None:
    """The last moves, each ``(shape, colour, text)`` behind the mover's mark."""
    y = LOG_RECT.y
    step = theme.spaced(32, 26)
    for shape, colour, line in lines:
        at = (LOG_RECT.x + 12, y + step // 2)
        theme.draw_mark(surface, shape, colour, at, 9)
        text = theme.fit(line, 26, LOG_RECT.w - 40)
        theme.text(surface, text, (LOG_RECT.x + 30, y), 26, theme.SNOW, False, "topleft")
        y += step


def draw_ask(surface: pygame.Surface, text: str) -> None:
    """The question of the moment, on two lines (smaller if the UI scale is big)."""
    theme.text_in(surface, text, ASK_RECT.inflate(-40, -12), 32, theme.WHITE, True)


class LogBooks:
    """The seats' log books; each is painted once per change, not in every frame."""

    def __init__(self) -> None:
        self._books: dict[tuple[Any, ...], pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, page: dict[str, Any]) -> None:
        key = (rect.size, tuple(page.values()), theme.access())  # restyled with the settings
        book = self._books.get(key)
        if book is None:
            if len(self._books) > BOOKS_KEPT:
                self._books.clear()
            book = pygame.Surface(rect.size, pygame.SRCALPHA)
            seachart.draw_logbook(book, book.get_rect(), **page)
            self._books[key] = book
        surface.blit(book, rect.topleft)


def draw_gain(surface: pygame.Surface, book: pygame.Rect, text: str, rise: float) -> None:
    """The sail point of a new turn (step 1), risen ``rise`` pixels from the sail track."""
    at = (book.x + book.w * 0.62, book.centery - rise)
    theme.text(surface, text, at, 34, theme.palette().accent, True, "center", True)


def draw_reasons(surface: pygame.Surface, reasons: Sequence[tuple[int, str]]) -> None:
    """Why button ``n`` is off, under it: one line, or the full reason on two smaller ones."""
    for n, reason in reasons:
        rect = reason_rect(n)
        if theme.fit(reason, REASON_SIZE, rect.w) == reason:
            theme.text(
                surface, reason, rect.midtop, REASON_SIZE, theme.palette().muted, False, "midtop"
            )
        else:
            theme.text_in(
                surface, reason, rect, REASON_SMALL, theme.palette().muted, align="center"
            )


def draw_notice(surface: pygame.Surface, text: str) -> None:
    """A refusal, for a moment, in a red box over the chart's foot."""
    theme.panel(surface, NOTICE_RECT, (120, 40, 36, 230), 18)
    line = theme.fit(text, 30, NOTICE_RECT.w - 40, True)
    theme.text(surface, line, NOTICE_RECT.center, 30, theme.WHITE, True, "center")
