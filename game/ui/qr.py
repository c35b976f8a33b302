"""A QR code drawn on a pygame surface from its matrix of modules (``segno.make(text).matrix``),
not from an image file: dark modules on a light square with the quiet zone round them.

Every module is a whole number of pixels (crisp edges a phone's camera reads at a distance), and
the join screen (``game.menus.join``) chooses a module size divisible by 3 at a place divisible
by 3: a window at 2/3 of the canvas (1280x720) then scales each module to whole pixels too.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

QUIET = 4  # modules of light round the code: the standard's quiet zone
DARK = (16, 18, 24)
LIGHT = (255, 255, 255)

Matrix = Sequence[Sequence[int]]  # rows of modules, 1 (or any true value) dark


def modules_across(matrix: Matrix) -> int:
    """The code's width in modules, the quiet zone included."""
    return len(matrix) + 2 * QUIET


def module_size(matrix: Matrix, room: int, step: int = 3) -> int:
    """The largest module size (a multiple of ``step``) at which the code fits ``room`` px;
    at least 1 px (a code that does not fit at all is still drawn whole, and too small)."""
    size = room // modules_across(matrix) // step * step
    return max(size, 1)


def qr_surface(matrix: Matrix, module: int) -> pygame.Surface:
    """The code as an opaque surface: ``module`` px a module, the quiet zone included."""
    side = modules_across(matrix) * module
    surface = pygame.Surface((side, side))
    surface.fill(LIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                rect = ((x + QUIET) * module, (y + QUIET) * module, module, module)
                surface.fill(DARK, rect)
    return surface

