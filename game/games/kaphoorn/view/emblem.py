"""The emblem of the game in the game picker and on the title: a clipper on the waves."""

from __future__ import annotations

import math

import pygame

from game.ui.emblems import FLAG, ICE, ICE_SHADE, OUTLINE, SAIL, WATER, WATER_LIGHT, WOOD, Point


def emblem(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
    cx, cy = rect.center
    s = min(rect.width, rect.height) / 260
    rock = math.sin(seconds * 1.3) * 0.05
    base_y = cy + 50 * s

    def rot(p: Point) -> Point:
        dx, dy = p[0] - cx, p[1] - base_y
        return (
            cx + dx * math.cos(rock) - dy * math.sin(rock),
            base_y + dx * math.sin(rock) + dy * math.cos(rock),
        )

    hull = [(-110, 0), (110, 0), (84, 36), (-92, 36)]
    pygame.draw.polygon(surface, WOOD, [rot((cx + x * s, base_y + y * s)) for x, y in hull])
    stripe = [(-104, 8), (104, 8), (100, 14), (-102, 14)]
    pygame.draw.polygon(surface, SAIL, [rot((cx + x * s, base_y + y * s)) for x, y in stripe])
    for mx, top in ((-56, -120), (0, -150), (56, -110)):
        pygame.draw.line(
            surface,
            OUTLINE,
            rot((cx + mx * s, base_y)),
            rot((cx + mx * s, base_y + top * s)),
            max(2, round(4 * s)),
        )
        for i, (y0, y1, half) in enumerate(((-20, -55, 34), (-60, -92, 28), (-96, -120, 20))):
            if base_y + y1 * s < base_y + top * s:
                continue
            bulge = 8 * (1 - i * 0.3)
            sail = [
                (cx + (mx - half) * s, base_y + y1 * s),
                (cx + (mx + half) * s, base_y + y1 * s),
                (cx + (mx + half + bulge) * s, base_y + y0 * s),
                (cx + (mx - half + bulge) * s, base_y + y0 * s),
            ]
            pygame.draw.polygon(surface, SAIL, [rot(p) for p in sail])
            pygame.draw.polygon(surface, ICE_SHADE, [rot(p) for p in sail], max(1, round(2 * s)))
    flag = [(0, -150), (26, -142), (0, -134)]
    pygame.draw.polygon(surface, FLAG, [rot((cx + x * s, base_y + y * s)) for x, y in flag])
    # waves in front of the hull
    for row, colour in ((0, WATER_LIGHT), (1, WATER)):
        pts: list[Point] = []
        wave_y = base_y + (30 + row * 22) * s
        for i in range(0, 41):
            x = rect.x + 10 * s + i * (rect.width - 20 * s) / 40
            pts.append((x, wave_y + math.sin(i * 0.9 + seconds * 2.2 + row * 1.7) * 6 * s))
        pts += [(rect.right - 10 * s, wave_y + 40 * s), (rect.x + 10 * s, wave_y + 40 * s)]
        pygame.draw.polygon(surface, colour, pts)
    for i in range(0, 41, 4):
        x = rect.x + 10 * s + i * (rect.width - 20 * s) / 40
        y = base_y + 30 * s + math.sin(i * 0.9 + seconds * 2.2) * 6 * s
        pygame.draw.circle(surface, ICE, (x, y), 3 * s)
