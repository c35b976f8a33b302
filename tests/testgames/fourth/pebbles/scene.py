"""Pebbles' table: the pile, and a button for each number of pebbles that may be taken."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.play.table import PlayTable
from game.ui import theme
from tests.testgames.fourth.pebbles.emblem import emblem

PILE = pygame.Rect(560, 200, 800, 500)


class PebblesScene(PlayTable):
    def build(self) -> None:
        self.take_buttons = []
        if self.restoring or not self.human_turn:
            return
        for i, action in enumerate(self.state.legal_actions()):
            rect = pygame.Rect(560 + i * 280, 780, 240, 90)
            label = tr(f"{self.config.game}.take", n=action.n)
            self.take_buttons.append(self.button(rect, label, lambda a=action: self.play(a)))

    def after_play(self, old: object, action: object, new: object) -> None:
        self.sound("pebbles")

    def controls_key(self) -> object:
        return (self.state.pile, self.human_turn)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.sync_controls()

    def draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        emblem(surface, PILE, 0.0)
        words = tr(f"{self.config.game}.left", n=self.state.pile)
        theme.text(surface, words, (PILE.centerx, PILE.y - 40), 44, theme.WHITE, True, "center")
