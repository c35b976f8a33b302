"""Settings: language, full screen, volume and mute, animation speed; applied and saved at once."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from game.i18n import LANGUAGES, language, tr
from game.persist.settings import ANIMATION_SPEEDS
from game.render import theme
from game.scenes.menukit import draw_heading, go_back
from game.scenes.ui import UIScene

VOLUMES = tuple(i / 10 for i in range(11))
WIDTH = 960
MUTE_WIDTH = 340


def speed_text(speed: float) -> str:
    number = f"{speed:g}"
    if tr("settings.decimal_comma") == "yes":
        number = number.replace(".", ",")
    return tr("settings.speed_value", x=number)


class SettingsScene(UIScene):
    def enter(self, **data: object) -> None:
        self.build()
        self.ring.move(0)

    def build(self) -> None:
        s = self.app.settings
        x = theme.LOGICAL_SIZE[0] // 2 - WIDTH // 2
        y, h, gap = 250, 88, 112
        self.language_button = self.choice(
            pygame.Rect(x, y, WIDTH, h),
            tr("settings.language"),
            list(LANGUAGES),
            language(),  # the shown language (a --language option may override the file)
            lambda lang: LANGUAGES[lang],
            self.set_language,
        )
        self.fullscreen_button = self.choice(
            pygame.Rect(x, y + gap, WIDTH, h),
            tr("settings.fullscreen"),
            [False, True],
            bool(self.app.fullscreen),
            lambda on: tr("common.on") if on else tr("common.off"),
            lambda on: self.change(fullscreen=on),
        )
        self.volume_button = self.choice(
            pygame.Rect(x, y + 2 * gap, WIDTH - MUTE_WIDTH - 20, h),
            tr("settings.volume"),
            VOLUMES,
            round(s.volume * 10) / 10,
            lambda v: f"{round(v * 100)} %",
            lambda v: self.change(volume=v),
        )
        self.mute_button = self.choice(  # next to the volume: sound off without losing it
            pygame.Rect(x + WIDTH - MUTE_WIDTH, y + 2 * gap, MUTE_WIDTH, h),
            tr("settings.mute"),
            [False, True],
            bool(s.muted),
            lambda on: tr("common.on") if on else tr("common.off"),
            lambda on: self.change(muted=on),
        )
        speeds = list(ANIMATION_SPEEDS)
        current = min(speeds, key=lambda v: abs(v - s.animation_speed))
        self.speed_button = self.choice(
            pygame.Rect(x, y + 3 * gap, WIDTH, h),
            tr("settings.speed"),
            speeds,
            current,
            speed_text,
            lambda v: self.change(animation_speed=v),
        )
        self.back_button = self.button(
            pygame.Rect(theme.LOGICAL_SIZE[0] // 2 - 200, 820, 400, 90),
            tr("common.back"),
            self.back,
        )

    def change(self, **values: Any) -> None:
        self.app.update_settings(dataclasses.replace(self.app.settings, **values))
        self.app.sound("click")

    def set_language(self, lang: str) -> None:
        self.change(language=lang)
        self.rebuild()  # every control again, now in the new language

    def back(self) -> None:
        go_back(self.app)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("settings.heading"))
        box = pygame.Rect(0, 0, WIDTH + 100, 590)
        box.midtop = (surface.get_width() // 2, 200)
        theme.panel(surface, box, (16, 24, 40, 170), 28)
        theme.text(
            surface,
            tr("settings.saved"),
            (box.centerx, box.bottom - 56),
            30,
            theme.SNOW,
            False,
            "midtop",
        )
