"""The Kap Hoorn table's panels: the still backdrop, the banner with the move log, the question,
the log books (one per seat) and the reasons under disabled buttons; the move log and a
refusal are drawn by ``game.play.panels``.

Each function draws the words it is given (translated by the scene) where ``layout`` puts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.games.kaphoorn.view import seachart
from game.games.kaphoorn.view.layout import (
    ALL_HANDS_RECT,
    ASK_RECT,
    BANNER_RECT,
    HAND_RECT,
    REASON_SIZE,
    REASON_SMALL,
    reason_rect,
)
from game.play.panels import LogStyle
from game.ui import theme

RGB = tuple[int, int, int]
PANEL = (14, 22, 38, 215)
CHART_WELL = (40, 52, 66)  # behind the chart, where a narrow zoom leaves room
BOOKS_KEPT = 64  # log-book pictures cached before the cache starts again


class Backdrop:
    """What never changes during a game: the sky and the empty panels (the chart moves: the
    table draws it)."""

    def __init__(self, replaying: bool = False) -> None:
        self.hand_rect = ALL_HANDS_RECT if replaying else HAND_RECT  # a replay shows every hand
        self._key: object = None
        self._layer = pygame.Surface((1, 1))

    def layer(self, surface: pygame.Surface) -> pygame.Surface:
        if self._key != surface.get_size():
            layer = pygame.Surface(surface.get_size())
            theme.draw_backdrop(layer, 0.0)
            for rect in (BANNER_RECT, ASK_RECT, self.hand_rect):
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


LOG_STYLE = LogStyle(
    size=26, line=32, mark_x=12, mark_y=None, mark_r=9, text_x=30, anchor="topleft", room=40,
    shrink=True, colour=theme.SNOW, latest=None)  # fmt: skip
"""How the move log in the banner looks (``game.play.panels`` draws it); a long line (a card
laid far from the ship, placed from it) is set smaller before it is cut."""


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
        if theme.fits(reason, REASON_SIZE, rect.w):
            theme.text(
                surface, reason, rect.midtop, REASON_SIZE, theme.palette().muted, False, "midtop"
            )
        else:
            theme.text_in(
                surface, reason, rect, REASON_SMALL, theme.palette().muted, align="center"
            )
