"""Drawing helpers shared by the rules pictures: labels with a pointer line, arrows, crops."""

from __future__ import annotations

import math

import pygame

from game.ui import theme

Point = tuple[float, float]
LABEL_SIZE = 28
LABEL_INK = (34, 30, 28)
LABEL_PAPER = (255, 250, 236)


def label(
    surface: pygame.Surface,
    text: str,
    at: Point,
    to: Point | None = None,
    colour: tuple[int, int, int] = (150, 44, 32),
    size: int = LABEL_SIZE,
) -> pygame.Rect:
    """A tag with ``text`` centred at ``at``, with a line to the point ``to`` it names."""
    image = theme.font(size, True).render(text, True, LABEL_INK)
    box = image.get_rect(center=(round(at[0]), round(at[1]))).inflate(24, 12)
    box.clamp_ip(surface.get_rect().inflate(-8, -8))
    if to is not None:
        pygame.draw.line(surface, (20, 20, 20), box.center, to, 6)
        pygame.draw.line(surface, colour, box.center, to, 3)
        pygame.draw.circle(surface, colour, (round(to[0]), round(to[1])), 7)
        pygame.draw.circle(surface, (20, 20, 20), (round(to[0]), round(to[1])), 7, 2)
    pygame.draw.rect(surface, LABEL_PAPER, box, border_radius=10)
    pygame.draw.rect(surface, colour, box, 3, border_radius=10)
    surface.blit(image, image.get_rect(center=box.center))
    return box


def arrow(
    surface: pygame.Surface,
    start: Point,
    end: Point,
    colour: tuple[int, int, int] = (214, 64, 52),
    width: int = 8,
) -> None:
    """A bold arrow from ``start`` to ``end`` with a dark casing, to show a move."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = width * 3.2
    base = (end[0] - math.cos(angle) * head, end[1] - math.sin(angle) * head)
    wing = [
        end,
        (base[0] + math.sin(angle) * head * 0.6, base[1] - math.cos(angle) * head * 0.6),
        (base[0] - math.sin(angle) * head * 0.6, base[1] + math.cos(angle) * head * 0.6),
    ]
    pygame.draw.line(surface, (20, 20, 20), start, base, width + 4)
    pygame.draw.polygon(surface, (20, 20, 20), wing)
    pygame.draw.line(surface, colour, start, base, width)
    inner = [
        (end[0] - math.cos(angle) * 3, end[1] - math.sin(angle) * 3),
        wing[1],
        wing[2],
    ]
    pygame.draw.polygon(surface, colour, inner)


def crop(canvas: pygame.Surface, centre: Point, size: tuple[int, int]) -> pygame.Surface:
    """The part of ``canvas`` of ``size`` around ``centre``, kept inside the canvas."""
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre[0]), round(centre[1]))
    rect.clamp_ip(canvas.get_rect())
    return canvas.subsurface(rect.clip(canvas.get_rect())).copy()


def paper(size: tuple[int, int], colour: tuple[int, int, int] = (236, 228, 206)) -> pygame.Surface:
    """A plain sheet for pictures that show pieces rather than a board."""
    surface = pygame.Surface(size)
    surface.fill(colour)
    return surface
