"""The title screen: play, settings, quit, over the alpine backdrop with falling snow."""

from __future__ import annotations

import math

import pygame

from game.i18n import tr
from game.render import theme
from game.render.emblems import draw_emblem
from game.scenes.menukit import GAMES, game_title
from game.scenes.ui import UIScene

FLAKES = 90
BUTTON_W = 560


class TitleScene(UIScene):
    def enter(self, **data: object) -> None:
        self.build()
        self.ring.move(0)

    def build(self) -> None:
        x = theme.LOGICAL_SIZE[0] // 2 - BUTTON_W // 2
        self.play_button = self.button(
            pygame.Rect(x, 620, BUTTON_W, 104), tr("title.play"), self.play, "#big_button"
        )
        self.settings_button = self.button(
            pygame.Rect(x, 752, BUTTON_W, 84), tr("title.settings"), self.settings
        )
        self.quit_button = self.button(
            pygame.Rect(x, 860, BUTTON_W, 84), tr("title.quit"), self.quit
        )

    def play(self) -> None:
        self.app.scenes.push("picker")

    def settings(self) -> None:
        self.app.scenes.push("settings")

    def quit(self) -> None:
        self.app.running = False

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a deliberate button."""

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        seconds = self.app.clock_seconds
        _draw_snow(surface, seconds)
        cx = surface.get_width() // 2
        theme.text(surface, tr("app.name"), (cx, 170), 160, theme.WHITE, True, "center", True)
        theme.text(surface, tr("title.tagline"), (cx, 290), 44, theme.SNOW, False, "center", True)
        box = pygame.Rect(0, 0, 1080, 250)
        box.midtop = (cx, 340)
        theme.panel(surface, box, (16, 24, 40, 150), 28)
        for i, game in enumerate(GAMES):
            centre_x = box.x + 180 + i * 360
            draw_emblem(surface, game, pygame.Rect(centre_x - 100, box.y + 16, 200, 170), seconds)
            theme.text(
                surface,
                game_title(game),
                (centre_x, box.bottom - 36),
                34,
                theme.SNOW,
                True,
                "center",
            )
        buttons = pygame.Rect(0, 0, BUTTON_W + 80, 372)
        buttons.midtop = (cx, 596)
        theme.panel(surface, buttons, (16, 24, 40, 170), 30)


def _draw_snow(surface: pygame.Surface, seconds: float) -> None:
    """Deterministic flakes: each drifts down and sways; no state to keep."""
    w, h = surface.get_size()
    for i in range(FLAKES):
        speed = 30 + (i * 37) % 50
        x0 = (i * 7919) % w
        y = ((i * 4513) % h + seconds * speed) % (h + 20) - 10
        x = x0 + math.sin(seconds * 0.8 + i) * 18
        r = 2 + (i % 3)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), r)
