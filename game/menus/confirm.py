"""A question before something that cannot be taken back: ``enter(title=..., message=...,
yes=..., no=..., on_yes=callable)``. Two buttons; No, Esc and pad B close it and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.menus.menukit import dim
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

PANEL = pygame.Rect(0, 0, 1160, 560)
TEXT_SIZE = 34


class ConfirmScene(UIScene):
    name = "confirm"
    overlay = True
    background = False

    def __init__(self, services: Services, title: str = "", message: str = "", yes: str = "",
                 no: str = "", on_yes: Callable[[], None] | None = None) -> None:  # fmt: skip
        super().__init__(services)
        self.title, self.message = title, message
        self.yes_text, self.no_text = yes or tr("confirm.yes"), no or tr("confirm.no")
        self.on_yes = on_yes

    def enter(self) -> None:
        self.build()
        self.ring.move(0)

    def panel_rect(self) -> pygame.Rect:
        return theme.centred(PANEL.size)

    def build(self) -> None:
        box = self.panel_rect()
        no = pygame.Rect(box.x + 60, box.bottom - 140, 480, 96)
        yes = pygame.Rect(box.right - 540, box.bottom - 140, 480, 96)
        self.no_button = self.button(no, self.no_text, self.back)  # the safe one is focused
        self.yes_button = self.button(yes, self.yes_text, self.yes, "#big_button")

    def yes(self) -> None:
        self.services.sound("click")
        self.services.scenes.pop()
        if self.on_yes is not None:
            self.on_yes()

    def back(self) -> None:
        self.services.scenes.pop()

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 170)
        box = self.panel_rect()
        theme.panel(surface, box, (22, 30, 48, 245), 28)
        theme.text(surface, self.title, (box.centerx, box.y + 70), 52, theme.WHITE, True,
                   "center", width=box.width - 80, least=38)  # fmt: skip
        step = max(44, theme.line_height(TEXT_SIZE))
        for i, line in enumerate(theme.wrap_lines(self.message, TEXT_SIZE, box.width - 120, 5)):
            theme.text(surface, line, (box.centerx, box.y + 140 + i * step), TEXT_SIZE,
                       theme.SNOW, False, "midtop")  # fmt: skip
