"""Pebbles' rules picture: the pile."""

from __future__ import annotations

import pygame

from tests.testgames.fourth.pebbles.emblem import emblem


def pile(variant: str, size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    emblem(image, image.get_rect(), 0.0)
    return image


FIGURES = {"pebbles.pile": pile}
