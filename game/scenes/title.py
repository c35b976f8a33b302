"""The title screen: play, settings, quit, over the alpine backdrop with falling snow.

In kiosk mode there is no quit and no settings: a big Play button and a row of painted
language flags that switch the language at once (for this visitor only; attract mode returns
to the kiosk's own language).
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from game import i18n
from game.i18n import LANGUAGES, tr
from game.render import theme
from game.render.emblems import draw_emblem
from game.render.flags import draw_flag
from game.scenes.menukit import GAMES, game_title, kiosk_config
from game.scenes.ui import UIScene

FLAKES = 90
BUTTON_W = 560
KIOSK_PLAY = pygame.Rect(0, 612, 680, 132)
FLAG_W, FLAG_H, FLAG_GAP, FLAG_Y = 340, 116, 30, 782


class TitleScene(UIScene):
    def enter(self, **data: object) -> None:
        self.build()
        self.ring.move(0)

    def build(self) -> None:
        self.flag_buttons: dict[str, UIButton] = {}
        if kiosk_config(self.app) is not None:
            self._build_kiosk()
            return
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

    def _build_kiosk(self) -> None:
        config = kiosk_config(self.app)
        assert config is not None
        cx = theme.LOGICAL_SIZE[0] // 2
        play = KIOSK_PLAY.copy()
        play.centerx = cx
        self.play_button = self.button(play, tr("title.play"), self.play, "#big_button")
        languages = config.languages if len(config.languages) > 1 else ()
        total = len(languages) * FLAG_W + (len(languages) - 1) * FLAG_GAP
        for i, lang in enumerate(languages):
            rect = pygame.Rect(cx - total // 2 + i * (FLAG_W + FLAG_GAP), FLAG_Y, FLAG_W, FLAG_H)
            self.flag_buttons[lang] = self.button(
                rect, "", lambda lang=lang: self.set_language(lang)
            )

    def set_language(self, lang: str) -> None:
        """A visitor's flag: the whole kiosk speaks ``lang`` at once (not saved)."""
        i18n.set_language(lang)
        self.app.sound("click")
        self.rebuild()
        self.ring.focus(self.flag_buttons[lang])

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
        if kiosk_config(self.app) is not None:
            wide = max(KIOSK_PLAY.width, 3 * FLAG_W + 2 * FLAG_GAP) + 60
            buttons = pygame.Rect(0, 0, wide, 340 if self.flag_buttons else 180)
        else:
            buttons = pygame.Rect(0, 0, BUTTON_W + 80, 372)
        buttons.midtop = (cx, 596)
        theme.panel(surface, buttons, (16, 24, 40, 170), 30)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        for lang, element in self.flag_buttons.items():
            self._draw_flag_button(surface, lang, element.rect)

    def _draw_flag_button(self, surface: pygame.Surface, lang: str, rect: pygame.Rect) -> None:
        """The flag and the language's own name on its button; the current one outlined."""
        flag = pygame.Rect(0, 0, 96, 64)
        flag.midleft = (rect.x + 20, rect.centery)
        draw_flag(surface, lang, flag)
        name = theme.fit(LANGUAGES[lang], 32, rect.right - flag.right - 30, True)
        theme.text(surface, name, (flag.right + 16, rect.centery), 32, theme.WHITE, True,
                   "midleft")  # fmt: skip
        if lang == i18n.language():
            pygame.draw.rect(surface, theme.WHITE, rect.inflate(6, 6), 5, border_radius=16)


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
