"""The game picker: one card per game with its emblem, a one-line pitch and the player count.

In kiosk mode only the configured games are offered.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.engine.pacing import DECOR
from game.i18n import tr
from game.menus.menukit import (
    GAMES,
    KIOSK_BUTTON_H,
    draw_heading,
    game_title,
    go_back,
    offer,
    player_range,
)
from game.play.registry import plugin
from game.ui import theme
from game.ui.emblems import draw_emblem
from game.ui.kit import UIScene

CARD_W, CARD_H, GAP = 540, 680, 60
CARD_Y = 190


class PickerScene(UIScene):
    idle_pace = DECOR  # the emblems move

    def enter(self, **data: object) -> None:
        self.cards: dict[str, UIButton] = {}
        self.build()
        self.ring.move(0)
        self.ring.focus(next(iter(self.cards.values())))

    @property
    def games(self) -> tuple[str, ...]:
        return offer(self.services).games or GAMES

    def build(self) -> None:
        games = self.games
        x0 = (theme.LOGICAL_SIZE[0] - len(games) * CARD_W - (len(games) - 1) * GAP) // 2
        self.cards = {}
        for i, game in enumerate(games):
            rect = pygame.Rect(x0 + i * (CARD_W + GAP), CARD_Y, CARD_W, CARD_H)
            self.cards[game] = self.button(
                rect, game_title(game), lambda g=game: self.choose(g), "#game_card"
            )
        back = pygame.Rect(80, 940, 320, 84)
        if offer(self.services).large_controls:
            back = pygame.Rect(80, 920, 360, KIOSK_BUTTON_H)
        self.back_button = self.button(back, tr("common.back"), self.back)

    def choose(self, game: str) -> None:
        self.services.sound("click")
        self.services.scenes.push("setup", game=game)

    def back(self) -> None:
        go_back(self.services)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("picker.heading"))
        self.moving_areas = []
        for game, card in self.cards.items():
            self._draw_card(surface, game, card.rect, card.hovered)

    def _draw_card(self, surface: pygame.Surface, game: str, rect: pygame.Rect, hot: bool) -> None:
        theme.panel(surface, rect, (26, 40, 64, 235), 26)
        # the card's frame is drawn here, not by pygame_gui: its anti-aliased rounded shapes
        # at card size cost a visible hitch each time the picker opens
        border = (255, 212, 94) if hot else (143, 179, 232)
        pygame.draw.rect(surface, border, rect, 3, border_radius=26)
        art = pygame.Rect(rect.x + 40, rect.y + 110, rect.width - 80, 240)
        pygame.draw.rect(surface, (58, 104, 160), art, border_radius=20)
        draw_emblem(surface, plugin(game).emblem(), art.inflate(-20, -12), self.services.clock.now)
        self.moving_areas.append(art)
        room = pygame.Rect(rect.x + 35, art.bottom + 24, rect.width - 70, 3 * 42)
        theme.text_in(surface, tr(f"games.{game}.pitch"), room, 30, theme.SNOW, max_lines=3,
                      align="center")  # fmt: skip
        lo, hi = player_range(game)
        theme.text(
            surface,
            tr("picker.players", lo=lo, hi=hi),
            (rect.centerx, rect.bottom - 96),
            32,
            theme.palette().muted,
            True,
            "midbottom",  # sits on the badge below at any UI scale
        )
        badge = pygame.Rect(0, 0, rect.width - 120, 60)
        badge.midbottom = (rect.centerx, rect.bottom - 30)
        pygame.draw.rect(surface, (200, 86, 44), badge, border_radius=30)
        theme.text(
            surface, tr("picker.ready"), badge.center, 32, theme.WHITE, True, "center",
            width=badge.w - 30,
        )
