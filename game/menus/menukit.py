"""Shared bits of the menu scenes: the games' names and player counts, headings, seat kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import has, tr
from game.play.registry import ids
from game.session import AI_LEVELS, HUMAN
from game.ui import theme

if TYPE_CHECKING:
    from game.engine.policy import Offer
    from game.engine.services import Services

KINDS = (HUMAN, *AI_LEVELS)
HEADING_Y = 96
KIOSK_BUTTON_H = 100  # kiosk mode: menu buttons big enough for any finger


def offer(services: Services) -> Offer:
    """What the menus offer under the policy in force (a kiosk's visitors: its few things)."""
    return services.policy.offer


def menu_games() -> tuple[str, ...]:
    """Every game, in the menus' order."""
    return ids()


def game_title(game: str) -> str:
    return tr(f"games.{game}.title")


def player_range(game: str) -> tuple[int, int]:
    """The fewest and most seats over every variant of ``game``."""
    from game.play.registry import rules_for

    variants = rules_for(game).variants()
    return min(v.min_players for v in variants), max(v.max_players for v in variants)


def players_text(game: str) -> str:
    """How many play ``game``: "2–4 players", or "2 players" when there is one count."""
    lo, hi = player_range(game)
    return tr("picker.players", lo=lo, hi=hi) if lo != hi else tr("picker.players_one", n=lo)


def kind_name(kind: str) -> str:
    return tr(f"kinds.{kind}")


def colour_name(colour: str) -> str:
    return tr(f"colours.{colour}") if has(f"colours.{colour}") else colour


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


def go_back(services: Services, fallback: str = "title") -> None:
    """Pop this scene, or open ``fallback`` when nothing lies beneath (a scene opened alone)."""
    if len(services.scenes.stack) > 1:
        services.scenes.pop()
    else:
        services.scenes.reset(fallback)
