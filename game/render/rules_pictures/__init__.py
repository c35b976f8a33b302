"""Pictures for the rules help pages, drawn with each game's own renderer from real positions.

``picture(name, variant, size)`` returns the named figure as a surface of ``size``; each is
drawn once per name, variant, size and language (its labels are translated) and then kept.
The figures live per game in ``nanuuk``, ``kaphoorn`` and ``bergruft``; each module's
``FIGURES`` maps a picture name to a function ``(variant, size) -> Surface``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

import pygame

from game import i18n

Figure = Callable[[str, tuple[int, int]], pygame.Surface]


@cache
def figures() -> dict[str, Figure]:
    """Every picture by name (imported on first use: the renderers load level data)."""
    from game.render.rules_pictures import bergruft, kaphoorn, nanuuk

    found: dict[str, Figure] = {}
    for module in (nanuuk, kaphoorn, bergruft):
        found.update(module.FIGURES)
    return found


def picture(name: str, variant: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture ``name`` for ``variant`` in the current language."""
    return _picture(name, variant, tuple(size), i18n.language())


@lru_cache(maxsize=16)
def _picture(name: str, variant: str, size: tuple[int, int], lang: str) -> pygame.Surface:
    figure = figures().get(name)
    if figure is None:
        raise KeyError(f"no rules picture named {name!r}")
    image = figure(variant, size)
    if image.get_size() != size:
        image = pygame.transform.smoothscale(image, size)
    return image.convert() if pygame.display.get_surface() is not None else image
