"""The emblem of the game in the game picker and on the title: a mountain with its steps and
a summit flag."""

from __future__ import annotations

import math

import pygame

from game.ui.emblems import FLAG, OUTLINE, ROCK, ROCK_DARK, SNOWCAP, WATER_LIGHT


def emblem(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
    s = min(rect.width, rect.height) / 260
    cx, cy = rect.centerx, rect.centery + 22 * s  # room above the peak for the flag
    foot = cy + 100 * s
    peak = (cx + 10 * s, cy - 110 * s)
    back = [(cx - 130 * s, foot), (cx - 60 * s, cy - 30 * s), (cx - 20 * s, foot)]
    pygame.draw.polygon(surface, ROCK_DARK, back)
    mountain = [(cx - 110 * s, foot), peak, (cx + 130 * s, foot)]
    pygame.draw.polygon(surface, ROCK, mountain)
    shade = [peak, (cx + 130 * s, foot), (cx + 30 * s, foot)]
    pygame.draw.polygon(surface, ROCK_DARK, shade)
    cap = [
        peak,
        (cx + 44 * s, cy - 60 * s),
        (cx + 22 * s, cy - 66 * s),
        (cx + 6 * s, cy - 52 * s),
        (cx - 12 * s, cy - 68 * s),
        (cx - 28 * s, cy - 58 * s),
    ]
    pygame.draw.polygon(surface, SNOWCAP, cap)
    # the steps: a zig-zag path up the slope
    path = []
    for i in range(9):
        t = i / 8
        x = cx - 80 * s + (peak[0] - (cx - 80 * s)) * t + (18 if i % 2 else -18) * s * (1 - t)
        y = foot - 10 * s + (peak[1] + 14 * s - (foot - 10 * s)) * t
        path.append((x, y))
    pygame.draw.lines(surface, (226, 206, 150), False, path, max(2, round(4 * s)))
    for p in path[1:-1]:
        pygame.draw.circle(surface, (226, 206, 150), p, 4 * s)
    # the summit flag, fluttering
    pole_top = (peak[0], peak[1] - 44 * s)
    pygame.draw.line(surface, OUTLINE, peak, pole_top, max(2, round(3 * s)))
    wave = math.sin(seconds * 4) * 4 * s
    pygame.draw.polygon(
        surface,
        FLAG,
        [
            pole_top,
            (pole_top[0] + 34 * s, pole_top[1] + 9 * s + wave),
            (pole_top[0], pole_top[1] + 20 * s),
        ],
    )
    # Peter and Heidi: two little climbers on the path
    for (px, py), colour in ((path[4], (0, 114, 178)), (path[2], (213, 94, 0))):
        pygame.draw.circle(surface, colour, (px, py - 16 * s), 9 * s)
        pygame.draw.circle(surface, OUTLINE, (px, py - 16 * s), 9 * s, max(1, round(2 * s)))
        pygame.draw.circle(surface, (250, 222, 190), (px, py - 32 * s), 7 * s)
    # the brook at the foot
    brook = pygame.Rect(0, 0, 220 * s, 22 * s)
    brook.midtop = (cx - 20 * s, foot - 4 * s)
    pygame.draw.ellipse(surface, WATER_LIGHT, brook)
