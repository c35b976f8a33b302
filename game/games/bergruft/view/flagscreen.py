"""The caller's folding screen with the 15 little flags behind it (Der Berg ruft).

``draw_flag_screen`` only draws: which flags stand and how far the screen is lifted are decided
by the scene (the number must never be drawn for a player who may not see it, B7).
"""

from __future__ import annotations

from functools import cache

import pygame

from game.ui import theme

FLAGS = 15
CLOTH = (214, 52, 44)
WOOD = (166, 112, 62)
WOOD_DARK = (104, 66, 34)


@cache
def _screen_image(width: int, height: int) -> pygame.Surface:
    """A three-panel wooden folding screen with a painted mountain in the middle."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    panel_w = width // 3
    for i in range(3):
        rect = pygame.Rect(i * panel_w + 3, 0, panel_w - 6, height)
        shade = (0.88, 1.0, 0.88)[i]
        body = tuple(round(c * shade) for c in WOOD)
        pygame.draw.rect(surf, body, rect, border_radius=10)
        for k in range(1, 6):  # wood grain
            y = rect.y + k * height // 6
            pygame.draw.line(
                surf,
                tuple(round(c * 0.82) for c in body),
                (rect.x + 10, y),
                (rect.right - 10, y + (k % 2) * 4),
                2,
            )
        pygame.draw.rect(surf, WOOD_DARK, rect, 5, border_radius=10)
        if i < 2:  # brass hinges
            for y in (height // 4, 3 * height // 4):
                pygame.draw.rect(
                    surf, (212, 176, 80), (rect.right - 2, y - 8, 10, 16), border_radius=3
                )
    mid = pygame.Rect(panel_w + 3, 0, panel_w - 6, height)
    peak = [
        (mid.x + 22, mid.bottom - 16),
        (mid.centerx - 8, mid.y + 22),
        (mid.centerx + 14, mid.y + 40),
        (mid.right - 22, mid.bottom - 16),
    ]
    pygame.draw.polygon(surf, (238, 240, 246), peak)
    pygame.draw.polygon(surf, WOOD_DARK, peak, 3)
    return surf


@cache
def _faint_screen(width: int, height: int) -> pygame.Surface:
    faint = _screen_image(width, height).copy()
    faint.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    return faint


def _flag(surface: pygame.Surface, x: int, base: int, pole: int, height: float) -> None:
    if height <= 0.03:  # a lowered flag lies flat on the table
        pygame.draw.line(surface, (150, 140, 124), (x - 14, base - 3), (x + 14, base - 3), 4)
        pygame.draw.polygon(
            surface, (150, 100, 94), [(x + 2, base - 5), (x + 16, base - 12), (x + 14, base - 3)]
        )
        return
    top = base - round(pole * height)
    pygame.draw.line(surface, theme.INK, (x, base), (x, top), 4)
    cloth = [(x + 1, top), (x + 30, top + 11), (x + 1, top + 22)]
    pygame.draw.polygon(surface, CLOTH, cloth)
    pygame.draw.line(surface, theme.WHITE, (x + 2, top + 11), (x + 17, top + 11), 4)
    pygame.draw.polygon(surface, (120, 24, 20), cloth, 2)
    pygame.draw.circle(surface, (230, 190, 70), (x, top), 4)


def draw_flag_screen(
    surface: pygame.Surface,
    rect: pygame.Rect,
    heights: list[float],
    lift: float,
    private: bool,
) -> None:
    """The table strip with 15 flag holders, the flags at ``heights`` (0 down .. 1 up) and the
    screen: down over the flags (``lift`` 0), lifted away (1), or, for the caller looking from
    behind it (``private``), faint behind the flags."""
    height = rect.height - 12
    image = _screen_image(rect.width - 10, height)
    if private and lift < 1.0:  # the caller looks from behind: a faint screen, flags in front
        surface.blit(_faint_screen(rect.width - 10, height), (rect.x + 5, rect.y + 4))
    table = pygame.Rect(rect.x, rect.bottom - 34, rect.width, 34)
    pygame.draw.rect(surface, (92, 62, 40), table, border_radius=8)
    pygame.draw.rect(surface, (60, 40, 26), table, 3, border_radius=8)
    base = table.y + 16
    pole = rect.height - 52
    spacing = (rect.width - 60) / (FLAGS - 1)
    for i in range(FLAGS):
        x = round(rect.x + 22 + i * spacing)
        pygame.draw.circle(surface, (50, 34, 22), (x, base), 5)
        _flag(surface, x, base, pole, heights[i])
    if lift >= 1.0 or private:
        return
    y = rect.y + 4 - round(lift * 60)
    image.set_alpha(round(255 * (1 - lift)))
    surface.blit(image, (rect.x + 5, y))
    image.set_alpha(None)
