"""Painted language flags (the kiosk's title and its attract banner): drawn, not image files.

English shows the Union Flag, Nederlands the Dutch and Deutsch the German tricolour. Each is
painted at twice the size and smoothed down, then kept per language and size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

NAVY = (1, 33, 105)
RED = (200, 16, 46)
WHITE = (255, 255, 255)
TRICOLOURS = {
    "nl": ((174, 28, 40), WHITE, (33, 70, 139)),
    "de": ((0, 0, 0), (221, 0, 0), (255, 206, 0)),
}
OUTLINE = (20, 24, 34)


def draw_flag(surface: pygame.Surface, lang: str, rect: pygame.Rect) -> None:
    """The flag of language ``lang`` filling ``rect``, with a thin dark edge."""
    surface.blit(flag_image(lang, rect.width, rect.height), rect)


@lru_cache(maxsize=32)
def flag_image(lang: str, width: int, height: int) -> pygame.Surface:
    big = pygame.Surface((width * 2, height * 2))
    if lang in TRICOLOURS:
        _tricolour(big, TRICOLOURS[lang])
    else:
        _union(big)
    image = pygame.transform.smoothscale(big, (width, height))
    pygame.draw.rect(image, OUTLINE, image.get_rect(), 2)
    return image


def _tricolour(surface: pygame.Surface, colours: tuple[tuple[int, int, int], ...]) -> None:
    w, h = surface.get_size()
    for i, colour in enumerate(colours):
        top, bottom = round(h * i / 3), round(h * (i + 1) / 3)
        surface.fill(colour, (0, top, w, bottom - top))


def _union(surface: pygame.Surface) -> None:
    """The Union Flag, simplified: the red saltire runs centred on the white one."""
    w, h = surface.get_size()
    surface.fill(NAVY)
    unit = h / 30  # the flag's own proportions are given in thirtieths of its height
    for start, end in (((0, 0), (w, h)), ((0, h), (w, 0))):
        pygame.draw.line(surface, WHITE, start, end, round(6 * unit))
        pygame.draw.line(surface, RED, start, end, round(2 * unit))
    surface.fill(WHITE, (0, round(h / 2 - 5 * unit), w, round(10 * unit)))
    surface.fill(WHITE, (round(w / 2 - 5 * unit), 0, round(10 * unit), h))
    surface.fill(RED, (0, round(h / 2 - 3 * unit), w, round(6 * unit)))
    surface.fill(RED, (round(w / 2 - 3 * unit), 0, round(6 * unit), h))
