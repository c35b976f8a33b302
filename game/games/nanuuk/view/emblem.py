"""The emblem of the game in the game picker and on the title: an ice floe with a polar bear."""

from __future__ import annotations

import math

import pygame

from game.ui.emblems import ICE, ICE_SHADE, OUTLINE, WATER, WATER_LIGHT, hexagon


def emblem(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
    cx, cy = rect.center
    s = min(rect.width, rect.height) / 260
    water = pygame.Rect(0, 0, 250 * s, 120 * s)
    water.center = (cx, cy + 50 * s)
    pygame.draw.ellipse(surface, WATER, water)
    pygame.draw.ellipse(surface, WATER_LIGHT, water, max(2, round(4 * s)))
    bob = math.sin(seconds * 1.6) * 3 * s
    r = 30 * s
    w, h = r * math.sqrt(3), r * 1.5
    cells = [(-1, 0), (0, 0), (1, 0), (-0.5, -1), (0.5, -1), (-0.5, 1), (0.5, 1)]
    for col, row in cells:
        centre = (cx + col * w, cy + 30 * s + row * h + bob)
        pygame.draw.polygon(surface, ICE_SHADE, hexagon((centre[0], centre[1] + 6 * s), r - 1))
        pygame.draw.polygon(surface, ICE, hexagon(centre, r - 1))
        pygame.draw.polygon(surface, ICE_SHADE, hexagon(centre, r - 1), max(1, round(2 * s)))
    # the bear, standing on the top floe
    bx, by = cx + 10 * s, cy - 28 * s + bob
    body = pygame.Rect(0, 0, 96 * s, 50 * s)
    body.center = (bx, by)
    fur, dark = (250, 248, 240), OUTLINE
    for dx in (-34, -14, 16, 34):
        leg = pygame.Rect(0, 0, 16 * s, 34 * s)
        leg.midtop = (bx + dx * s, by + 4 * s)
        pygame.draw.rect(surface, fur, leg, border_radius=round(6 * s))
        pygame.draw.rect(surface, dark, leg, max(1, round(2 * s)), border_radius=round(6 * s))
    pygame.draw.ellipse(surface, fur, body)
    pygame.draw.ellipse(surface, dark, body, max(1, round(2 * s)))
    head = (bx + 52 * s, by - 10 * s)
    pygame.draw.circle(surface, fur, head, 20 * s)
    pygame.draw.circle(surface, dark, head, 20 * s, max(1, round(2 * s)))
    pygame.draw.circle(surface, fur, (head[0] - 10 * s, head[1] - 17 * s), 7 * s)
    pygame.draw.circle(surface, dark, (head[0] - 10 * s, head[1] - 17 * s), 7 * s, 1)
    pygame.draw.circle(surface, dark, (head[0] + 16 * s, head[1] + 2 * s), 4 * s)
    pygame.draw.circle(surface, dark, (head[0] + 4 * s, head[1] - 5 * s), 3 * s)
