"""Screen helpers every scene with a heading shares: the menus, the kiosk's screens and a
game's own screens (Nanuuk!'s editor): a heading, a dimmed overlay, going back, a game's name.

In the kit, not in the menus, so the kiosk and the games reach them without importing the
menus (docs/LAYERS.md); ``game.menus.menukit`` names them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.ui import theme

if TYPE_CHECKING:
    from game.engine.services import Services

HEADING_Y = 96


def game_title(game: str) -> str:
    return tr(f"games.{game}.title")


def draw_heading(surface: pygame.Surface, content: str, y: int = HEADING_Y, size: int = 72) -> None:
    """A big centred title with a shadow and a short accent rule under it."""
    width = surface.get_width()
    while size > 40 and theme.font(size, True).size(content)[0] > width - 160:
        size -= 4  # a long German title shrinks rather than running off the screen
    rect = theme.text(surface, content, (width // 2, y), size, theme.WHITE, True, "center", True)
    bar = pygame.Rect(0, 0, 160, 6)
    bar.midtop = (width // 2, rect.bottom + 8)
    pygame.draw.rect(surface, theme.palette().accent, bar, border_radius=3)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken whatever is already drawn (an overlay over the game beneath)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((8, 12, 22, alpha))
    surface.blit(layer, (0, 0))


def go_back(services: Services) -> None:
    """Pop this scene, or show the title when nothing lies beneath (a scene opened alone)."""
    if len(services.scenes.stack) > 1:
        services.scenes.pop()
    else:
        services.menus.title()
