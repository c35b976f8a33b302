"""The sprites of the Kap Hoorn field highlights: each style with its own pattern as well as its
colour (plus, dashes, brackets, beads), the course dots and the ship badges."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.games.kaphoorn.view.chartlayout import COAST, RGB, SS, Point
from game.games.kaphoorn.view.windcard import (
    finish,
    font,
)

# Okabe-Ito hues, and each style has its own pattern too (plus, dashes, brackets, beads), so
# none is told apart by colour alone.
HIGHLIGHT_STYLES: dict[str, RGB] = {
    "play": (0, 158, 115),
    "replace": (213, 94, 0),
    "sail": (0, 114, 178),
    "ignore": (204, 121, 167),
    "focus": (255, 214, 40),
    "ship": (255, 196, 46),
    "course": (246, 246, 240),  # where the wind leads, but the ship may not end (no card yet)
}


def badge(surface: pygame.Surface, c: Point, r: int, label: str) -> None:
    sprite = _badge_sprite(r, label)
    surface.blit(sprite, sprite.get_rect(center=(round(c[0]), round(c[1]))))


@lru_cache(maxsize=128)
def _badge_sprite(r: int, label: str) -> pygame.Surface:
    s = SS
    big = pygame.Surface((r * 2 * s + 4 * s, r * 2 * s + 4 * s), pygame.SRCALPHA)
    c = (big.get_width() / 2, big.get_height() / 2)
    R = r * s
    pygame.draw.circle(big, (40, 24, 8, 90), (c[0] + 2 * s, c[1] + 2 * s), R)
    pygame.draw.circle(big, (*COAST, 255), c, R)
    pygame.draw.circle(big, (250, 242, 220, 255), c, R - 2 * s)
    size = round(R * (1.05 if len(label) < 2 else 0.85))
    image = font(size).render(label, True, (60, 36, 20))
    big.blit(image, image.get_rect(center=(c[0], c[1] + R * 0.03)))
    return finish(big, s)


# A field's letter while a phone chooses (issue 30): big enough to read from the sofa at every
# zoom step, at 1280x720 too (logical pixels: 2/3 of them there), in the field's lower left
# corner: the ship in its middle stays in sight, and the upper left holds the last turn's marks.
TAG_LEAST = 24  # the letter's size in logical pixels at the smallest zoom (16 px at 1280x720)
TAG_INK, TAG_FILL = (255, 255, 255), (24, 34, 64)


def tag(surface: pygame.Surface, field: pygame.Rect, label: str) -> None:
    """The letter ``label`` on a chart field (``field``: its rect on screen)."""
    sprite = tag_sprite(label, max(TAG_LEAST, round(field.h * 0.34)))
    at = sprite.get_rect(bottomleft=(field.x - round(field.w * 0.04), field.bottom + 2))
    surface.blit(sprite, at)


@lru_cache(maxsize=256)
def tag_sprite(label: str, size: int) -> pygame.Surface:
    """A dark label with a white rim and the letter in white: unlike a station's pale disc."""
    s = SS
    image = font(size * s).render(label, True, TAG_INK)
    pad_x, pad_y = round(size * 0.3 * s), round(size * 0.08 * s)
    w = max(image.get_width() + 2 * pad_x, round(size * 1.15 * s))
    h = image.get_height() + 2 * pad_y
    big = pygame.Surface((w + 3 * s, h + 3 * s), pygame.SRCALPHA)
    box = pygame.Rect(0, 0, w, h)
    radius = round(h * 0.3)
    pygame.draw.rect(big, (10, 14, 24, 110), box.move(2 * s, 3 * s), border_radius=radius)
    pygame.draw.rect(big, (*TAG_INK, 255), box, border_radius=radius)
    pygame.draw.rect(big, (*TAG_FILL, 255), box.inflate(-3 * s, -3 * s), border_radius=radius)
    big.blit(image, image.get_rect(center=box.center))
    return finish(big, s)


@lru_cache(maxsize=64)
def highlight_sprite(style: str, cell: int) -> pygame.Surface:
    """One highlight style for a field of ``cell`` pixels (supersampled once; alpha per frame)."""
    s = SS
    colour = HIGHLIGHT_STYLES[style]
    side = round(cell * 1.3)
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    C = big.get_width() / 2
    c = (C, C)
    u = cell * s
    box = pygame.Rect(0, 0, round(u * 0.94), round(u * 0.94))
    box.center = (round(C), round(C))
    radius = round(u * 0.14)
    dark = (20, 24, 36)
    if style == "play":
        # a free berth: soft green fill, a dashed card outline and a plus
        pygame.draw.rect(big, (*colour, 70), box, border_radius=radius)
        _dashed_rect(big, box.inflate(-u * 0.1, -u * 0.1), (*dark, 200), u * 0.09, 8)
        _dashed_rect(big, box.inflate(-u * 0.1, -u * 0.1), (*colour, 255), u * 0.055, 8)
        for a, b in (((-1, 0), (1, 0)), ((0, -1), (0, 1))):
            p = (C + a[0] * u * 0.16, C + a[1] * u * 0.16)
            q = (C + b[0] * u * 0.16, C + b[1] * u * 0.16)
            pygame.draw.line(big, (*dark, 200), p, q, round(u * 0.11))
            pygame.draw.line(big, (*colour, 255), p, q, round(u * 0.06))
    elif style == "replace":
        # a card that may be covered: a thick dashed orange frame with a dark casing
        frame = box.inflate(u * 0.04, u * 0.04)
        _dashed_rect(big, frame, (*dark, 220), u * 0.14, 6)
        _dashed_rect(big, frame, (*colour, 255), u * 0.09, 6)
        pygame.draw.rect(big, (*colour, 40), box, border_radius=radius)
    elif style == "sail":
        # an end field of the move: a bright ring with corner brackets
        for grow, alpha in ((0.12, 50), (0.07, 90)):
            pygame.draw.rect(
                big,
                (*colour, alpha),
                box.inflate(u * grow, u * grow),
                round(u * 0.08),
                border_radius=radius,
            )
        pygame.draw.rect(big, (*colour, 55), box, border_radius=radius)
        pygame.draw.rect(big, (*dark, 210), box, round(u * 0.11), border_radius=radius)
        pygame.draw.rect(
            big,
            (*colour, 255),
            box.inflate(-u * 0.02, -u * 0.02),
            round(u * 0.07),
            border_radius=radius,
        )
        _brackets(big, box.inflate(u * 0.16, u * 0.16), (255, 255, 255, 255), u * 0.25, u * 0.05)
    elif style == "ignore":
        # a neighbour by "ignore": a dotted violet ring of beads
        pygame.draw.rect(big, (*colour, 50), box, border_radius=radius)
        inner = box.inflate(-u * 0.06, -u * 0.06)
        n = 16
        for i in range(n):
            t = i / n
            p = _perimeter(inner, t)
            pygame.draw.circle(big, (*dark, 220), p, u * 0.07)
            pygame.draw.circle(big, (*colour, 255), p, u * 0.05)
    elif style == "focus":
        for grow, alpha in ((0.22, 50), (0.15, 90), (0.09, 150)):
            pygame.draw.rect(
                big,
                (*colour, alpha),
                box.inflate(u * grow, u * grow),
                round(u * 0.1),
                border_radius=radius + round(u * grow / 2),
            )
        pygame.draw.rect(
            big,
            (*dark, 230),
            box.inflate(u * 0.06, u * 0.06),
            round(u * 0.16),
            border_radius=radius,
        )
        pygame.draw.rect(
            big,
            (*colour, 255),
            box.inflate(u * 0.02, u * 0.02),
            round(u * 0.1),
            border_radius=radius,
        )
        pygame.draw.rect(
            big,
            (255, 255, 255, 255),
            box.inflate(-u * 0.02, -u * 0.02),
            round(u * 0.035),
            border_radius=radius,
        )
    elif style == "course":
        # an end of the wind's course with no card: a white dashed outline, nothing to press
        frame = box.inflate(-u * 0.08, -u * 0.08)
        _dashed_rect(big, frame, (*dark, 200), u * 0.1, 5)
        _dashed_rect(big, frame, (*colour, 255), u * 0.055, 5)
    else:  # "ship": a golden ring round the ship that moves
        for grow, alpha in ((0.56, 40), (0.5, 80), (0.45, 140)):
            pygame.draw.circle(big, (*colour, alpha), c, u * grow, round(u * 0.07))
        pygame.draw.circle(big, (*dark, 220), c, u * 0.43, round(u * 0.09))
        pygame.draw.circle(big, (*colour, 255), c, u * 0.425, round(u * 0.06))
    return finish(big, s)


@lru_cache(maxsize=16)
def course_dot(r: int) -> pygame.Surface:
    sprite = pygame.Surface((r * 2 + 4, r * 2 + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    pygame.draw.circle(sprite, (20, 24, 36, 200), c, r + 1)
    pygame.draw.circle(sprite, (246, 246, 240, 255), c, r - 1)
    return sprite


def cross(surface: pygame.Surface, at: Point, half: float) -> None:
    """Where land or the chart's edge stops a course."""
    x, y = at
    for width, colour in ((round(half * 0.7), (20, 24, 36)), (round(half * 0.4), (213, 94, 0))):
        pygame.draw.line(surface, colour, (x - half, y - half), (x + half, y + half), width)
        pygame.draw.line(surface, colour, (x - half, y + half), (x + half, y - half), width)


def _perimeter(rect: pygame.Rect, t: float) -> Point:
    """The point at fraction ``t`` round the rect's outline (clockwise from the top left)."""
    w, h = rect.width, rect.height
    d = (t % 1.0) * 2 * (w + h)
    if d < w:
        return (rect.left + d, rect.top)
    d -= w
    if d < h:
        return (rect.right, rect.top + d)
    d -= h
    if d < w:
        return (rect.right - d, rect.bottom)
    return (rect.left, rect.bottom - (d - w))


def _dashed_rect(
    big: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: float, per_side: int
) -> None:
    n = per_side * 4
    for i in range(n):
        t0 = i / n
        t1 = t0 + 0.55 / n
        p, q = _perimeter(rect, t0 + 0.2 / n), _perimeter(rect, t1 + 0.2 / n)
        if abs(p[0] - q[0]) > 1e-6 and abs(p[1] - q[1]) > 1e-6:  # round a corner: two pieces
            corner = _perimeter(rect, math.ceil(t0 * 4) / 4)
            pygame.draw.line(big, colour, p, corner, round(width))
            pygame.draw.line(big, colour, corner, q, round(width))
        else:
            pygame.draw.line(big, colour, p, q, round(width))


def _brackets(
    big: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], length: float, width: float
) -> None:
    w = round(width)
    for x, y, sx, sy in (
        (rect.left, rect.top, 1, 1),
        (rect.right, rect.top, -1, 1),
        (rect.left, rect.bottom, 1, -1),
        (rect.right, rect.bottom, -1, -1),
    ):
        pygame.draw.line(big, (20, 24, 36, 230), (x, y), (x + sx * length, y), w + 4)
        pygame.draw.line(big, (20, 24, 36, 230), (x, y), (x, y + sy * length), w + 4)
        pygame.draw.line(big, colour, (x, y), (x + sx * length, y), w)
        pygame.draw.line(big, colour, (x, y), (x, y + sy * length), w)
