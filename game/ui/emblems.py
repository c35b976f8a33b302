"""Small drawn emblems of the games (game picker, title): plain pygame draw calls.

Each game paints its own (``view/emblem.py`` in its folder, handed out by its plugin) into a
given rect; here are the colours they share and the clipping every emblem gets.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui import theme

Point = tuple[float, float]

ICE = (236, 246, 252)
ICE_SHADE = (178, 208, 230)
WATER = (30, 84, 130)
WATER_LIGHT = (64, 128, 178)
ROCK = (112, 118, 132)
ROCK_DARK = (78, 84, 98)
SNOWCAP = (248, 250, 255)
WOOD = (128, 76, 40)
SAIL = (250, 246, 232)
FLAG = (214, 64, 52)
OUTLINE = (24, 30, 44)


def hexagon(center: Point, r: float) -> list[Point]:
    cx, cy = center
    return [
        (
            cx + r * math.cos(math.pi / 6 + i * math.pi / 3),
            cy + r * math.sin(math.pi / 6 + i * math.pi / 3),
        )
        for i in range(6)
    ]




Painter = Callable[[pygame.Surface, pygame.Rect, float], None]


def draw_emblem(
    surface: pygame.Surface, paint: Painter, rect: pygame.Rect, seconds: float = 0.0
) -> None:
    """Draw an emblem (a game's, from its plugin: ``plugin(game).emblem()``) into ``rect``."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    paint(surface, rect, theme.idle(seconds))  # reduced motion: still
    surface.set_clip(clip)
