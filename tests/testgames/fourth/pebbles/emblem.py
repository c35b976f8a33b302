"""Pebbles' emblem: three grey pebbles on a heap."""

from __future__ import annotations

import pygame


def emblem(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
    r = max(4, min(rect.w, rect.h) // 5)
    for dx, dy in ((-1.1, 0.5), (1.1, 0.5), (0.0, -0.5)):
        centre = (rect.centerx + dx * r, rect.centery + dy * r)
        pygame.draw.circle(surface, (150, 150, 140), centre, r)
        pygame.draw.circle(surface, (90, 90, 84), centre, r, 3)
