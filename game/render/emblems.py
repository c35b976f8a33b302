"""Small drawn emblems for the three games (game picker, title): plain pygame draw calls.

Each emblem fills a given rect: an ice floe with a polar bear for Nanuuk!, a clipper on the waves
for Kap Hoorn, a mountain with its steps and a summit flag for Der Berg ruft.
"""

from __future__ import annotations

import math

import pygame

from game.render import theme

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


def _hex(center: Point, r: float) -> list[Point]:
    cx, cy = center
    return [
        (
            cx + r * math.cos(math.pi / 6 + i * math.pi / 3),
            cy + r * math.sin(math.pi / 6 + i * math.pi / 3),
        )
        for i in range(6)
    ]


def nanuuk(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
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
        pygame.draw.polygon(surface, ICE_SHADE, _hex((centre[0], centre[1] + 6 * s), r - 1))
        pygame.draw.polygon(surface, ICE, _hex(centre, r - 1))
        pygame.draw.polygon(surface, ICE_SHADE, _hex(centre, r - 1), max(1, round(2 * s)))
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


def kaphoorn(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
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
        y0 = base_y + (30 + row * 22) * s
        for i in range(0, 41):
            x = rect.x + 10 * s + i * (rect.width - 20 * s) / 40
            pts.append((x, y0 + math.sin(i * 0.9 + seconds * 2.2 + row * 1.7) * 6 * s))
        pts += [(rect.right - 10 * s, y0 + 40 * s), (rect.x + 10 * s, y0 + 40 * s)]
        pygame.draw.polygon(surface, colour, pts)
    for i in range(0, 41, 4):
        x = rect.x + 10 * s + i * (rect.width - 20 * s) / 40
        y = base_y + 30 * s + math.sin(i * 0.9 + seconds * 2.2) * 6 * s
        pygame.draw.circle(surface, ICE, (x, y), 3 * s)


def bergruft(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
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


def draw_emblem(
    surface: pygame.Surface, game: str, rect: pygame.Rect, seconds: float = 0.0
) -> None:
    """Draw ``game``'s emblem (its plugin names the painter) into ``rect``."""
    from game.play.registry import plugin

    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    plugin(game).emblem()(surface, rect, theme.idle(seconds))  # reduced motion: still
    surface.set_clip(clip)
