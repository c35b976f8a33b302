"""The pause overlay: the game stays visible, dimmed, under a panel of choices.

In kiosk mode there are no settings (the admin menu has them), no saving, and the buttons are
bigger; quit goes back to the title, which records the game as abandoned. Elsewhere "Save game"
writes a save, and quitting to the title autosaves first (the title's "Continue").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.intents import Intent, Kind
from game.i18n import has, tr
from game.menus.menukit import KIOSK_BUTTON_H, dim, game_title, go_back, offer
from game.menus.rules_help import RulesHelpScene
from game.menus.settings import SettingsScene
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

PANEL_W, PANEL_H = 720, 640
SAVE_PANEL_H = 744  # with the "Save game" button


class PauseScene(UIScene):
    name = "pause"
    overlay = True
    background = False

    def __init__(self, services: Services, game: str | None = None) -> None:
        super().__init__(services)
        self.asked = game  # else the game of the table beneath

    def enter(self) -> None:
        self.game = self.asked or self._game_beneath()
        self.build()
        self.ring.move(0)

    def _game_beneath(self) -> str:
        stack = self.services.scenes.stack
        return stack[-2].name if len(stack) > 1 else ""

    def panel_rect(self) -> pygame.Rect:
        saving = offer(self.services).saving and self.services.records.playing
        return theme.centred((PANEL_W, SAVE_PANEL_H if saving else PANEL_H))

    def build(self) -> None:
        if offer(self.services).large_controls:  # a visitor's: no settings, no saving
            self._build_kiosk()
            return
        box = self.panel_rect()
        x, w, y = box.x + 70, box.width - 140, box.y + 170
        self.resume_button = self.button(
            pygame.Rect(x, y, w, 96), tr("pause.resume"), self.resume_game, "#big_button"
        )
        self.save_button = None
        if self.services.records.playing:
            self.save_button = self.button(
                pygame.Rect(x, y + 120, w, 84), tr("pause.save"), self.save
            )
            y += 104
        self.rules_button = self.button(
            pygame.Rect(x, y + 120, w, 84), tr("pause.rules"), self.rules
        )
        self.settings_button = self.button(
            pygame.Rect(x, y + 224, w, 84), tr("pause.settings"), self.settings
        )
        self.quit_button = self.button(
            pygame.Rect(x, y + 328, w, 84), tr("pause.quit"), self.quit, "#danger_button"
        )

    def _build_kiosk(self) -> None:
        box = self.panel_rect()
        x, w, y, h = box.x + 70, box.width - 140, box.y + 170, KIOSK_BUTTON_H
        self.resume_button = self.button(
            pygame.Rect(x, y, w, h + 10), tr("pause.resume"), self.resume_game, "#big_button"
        )
        self.rules_button = self.button(
            pygame.Rect(x, y + h + 40, w, h), tr("pause.rules"), self.rules
        )
        self.quit_button = self.button(
            pygame.Rect(x, y + 2 * h + 70, w, h), tr("pause.quit"), self.quit, "#danger_button"
        )

    def resume_game(self) -> None:
        go_back(self.services)

    def rules(self) -> None:
        self.services.scenes.push(RulesHelpScene, game=self.game)

    def settings(self) -> None:
        self.services.scenes.push(SettingsScene)

    def save(self) -> None:
        self.services.records.save()  # the toast says where

    def quit(self) -> None:
        self.services.records.autosave()  # nothing in kiosk mode
        self.services.menus.title()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.PAUSE:
            self.resume_game()
        else:
            super().handle(intent)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 160)
        box = self.panel_rect()
        theme.panel(surface, box, (18, 28, 46, 240), 30)
        theme.text(
            surface,
            tr("pause.heading"),
            (box.centerx, box.y + 70),
            64,
            theme.WHITE,
            True,
            "center",
            True,
        )
        if has(f"games.{self.game}.title"):
            theme.text(
                surface,
                game_title(self.game),
                (box.centerx, box.y + 126),
                32,
                theme.palette().muted,
                False,
                "center",
            )
