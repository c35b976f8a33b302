"""The game picker: one card per game with its emblem, a one-line pitch and the player count.

Up to three games stand in one row of tall cards; more share two rows of short ones (the
emblem smaller, no "ready" badge: the whole card is the button). In kiosk mode only the
configured games are offered.
"""

from __future__ import annotations

from functools import partial

import pygame
from pygame_gui.elements import UIButton

from game.engine.pacing import DECOR
from game.i18n import tr
from game.menus.menukit import (
    KIOSK_BUTTON_H,
    draw_heading,
    game_title,
    go_back,
    menu_games,
    offer,
    players_text,
)
from game.menus.setup import SetupScene
from game.play.registry import plugin
from game.ui import theme
from game.ui.emblems import draw_emblem
from game.ui.kit import UIScene

CARD_W, CARD_H, GAP = 540, 680, 60  # one row of tall cards
ROW_GAP = 24
AREA = pygame.Rect(80, 170, 1760, 730)  # two rows of short cards: above the Back button
ONE_ROW = 3  # the most games in one row
SHORT_W = 760  # a short card is no wider than this


def card_rects(count: int) -> list[pygame.Rect]:
    """Where the cards of ``count`` games stand: one row of tall cards up to ``ONE_ROW``,
    else two rows of short ones (the second row's centred under the first)."""
    if count <= ONE_ROW:
        x0 = (theme.LOGICAL_SIZE[0] - count * CARD_W - (count - 1) * GAP) // 2
        return [pygame.Rect(x0 + i * (CARD_W + GAP), 190, CARD_W, CARD_H) for i in range(count)]
    across = -(-count // 2)
    w = min(SHORT_W, (AREA.w - (across - 1) * GAP) // across)
    h = (AREA.h - ROW_GAP) // 2
    rects = []
    for row, in_row in enumerate((across, count - across)):
        x0 = AREA.centerx - (in_row * w + (in_row - 1) * GAP) // 2
        y = AREA.y + row * (h + ROW_GAP)
        rects += [pygame.Rect(x0 + i * (w + GAP), y, w, h) for i in range(in_row)]
    return rects


class PickerScene(UIScene):
    name = "picker"
    idle_pace = DECOR  # the emblems move

    def enter(self) -> None:
        self.cards: dict[str, UIButton] = {}
        self.build()
        self.ring.move(0)
        self.ring.focus(next(iter(self.cards.values())))

    @property
    def games(self) -> tuple[str, ...]:
        return offer(self.services).games or menu_games()

    def build(self) -> None:
        games = self.games
        self.cards = {}
        for game, rect in zip(games, card_rects(len(games)), strict=True):
            self.cards[game] = self.button(
                rect, game_title(game), partial(self.choose, game), "#game_card"
            )
        back = pygame.Rect(80, 940, 320, 84)
        if offer(self.services).large_controls:
            back = pygame.Rect(80, 920, 360, KIOSK_BUTTON_H)
        self.back_button = self.button(back, tr("common.back"), self.back)

    def choose(self, game: str) -> None:
        self.services.sound("click")
        self.services.scenes.push(SetupScene, game=game)

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
        tall = rect.h >= CARD_H
        art = pygame.Rect(rect.x + 40, rect.y + (110 if tall else 100), rect.width - 80,
                          240 if tall else 70)  # fmt: skip
        pygame.draw.rect(surface, (58, 104, 160), art, border_radius=20)
        draw_emblem(surface, plugin(game).emblem(), art.inflate(-20, -12), self.services.clock.now)
        if self.moving_areas is not None:  # draw_content began the list
            self.moving_areas.append(art)
        room = pygame.Rect(rect.x + 35, art.bottom + (24 if tall else 10), rect.width - 70,
                           3 * (42 if tall else 34))  # fmt: skip
        theme.text_in(surface, tr(f"games.{game}.pitch"), room, 30 if tall else 26, theme.SNOW,
                      max_lines=3, align="center")  # fmt: skip
        theme.text(
            surface,
            players_text(game),
            (rect.centerx, rect.bottom - (96 if tall else 14)),
            32 if tall else 28,
            theme.palette().muted,
            True,
            "midbottom",  # sits on the badge below at any UI scale
            width=rect.width - 60,
        )
        if tall:
            self._draw_badge(surface, rect)

    def _draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        badge = pygame.Rect(0, 0, rect.width - 120, 60)
        badge.midbottom = (rect.centerx, rect.bottom - 30)
        pygame.draw.rect(surface, (200, 86, 44), badge, border_radius=30)
        theme.text(
            surface, tr("picker.ready"), badge.center, 32, theme.WHITE, True, "center",
            width=badge.w - 30,
        )
