"""Settings, applied and saved at once: on the left language, full screen, volume and mute,
animation speed; on the right accessibility: high contrast, text size, reduced motion, and
whether a move that ends the game is asked first."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from game.i18n import LANGUAGES, tr
from game.menus.menukit import draw_heading, go_back
from game.persist.settings import ANIMATION_SPEEDS, UI_SCALES
from game.ui import theme
from game.ui.kit import UIScene

VOLUMES = tuple(i / 10 for i in range(11))
COLUMN_W = 800
COLUMN_GAP = 80
MUTE_WIDTH = 340
TOP = 300  # the first row of controls, under the column captions
ROW_H, ROW_GAP = 84, 104
BOX = pygame.Rect(0, 190, 2 * COLUMN_W + COLUMN_GAP + 100, 690)  # its height follows the notes
NOTE_ROW = 4  # under the last row: "saved at once" on the left, the note on the right


def speed_text(speed: float) -> str:
    number = f"{speed:g}"
    if tr("settings.decimal_comma") == "yes":
        number = number.replace(".", ",")
    return tr("settings.speed_value", x=number)


def on_off(on: bool) -> str:
    return tr("common.on") if on else tr("common.off")


def columns() -> tuple[int, int]:
    """The left edges of the general and the accessibility column."""
    left = theme.LOGICAL_SIZE[0] // 2 - COLUMN_W - COLUMN_GAP // 2
    return left, left + COLUMN_W + COLUMN_GAP


def row(x: int, i: int, width: int = COLUMN_W) -> pygame.Rect:
    return pygame.Rect(x, TOP + i * ROW_GAP, width, ROW_H)


class SettingsScene(UIScene):
    name = "settings"

    def enter(self) -> None:
        self.build()
        self.ring.move(0)

    def build(self) -> None:
        self.build_general(columns()[0])
        self.build_access(columns()[1])
        self.back_button = self.button(
            pygame.Rect(theme.LOGICAL_SIZE[0] // 2 - 200, 910, 400, 90),
            tr("common.back"),
            self.back,
        )

    def build_general(self, x: int) -> None:
        s = self.services.settings
        self.language_button = self.choice(
            row(x, 0),
            tr("settings.language"),
            list(LANGUAGES),
            self.services.settings_store.language,  # --lang may override the file
            lambda lang: LANGUAGES[lang],
            self.set_language,
        )
        self.fullscreen_button = self.choice(
            row(x, 1),
            tr("settings.fullscreen"),
            [False, True],
            bool(self.services.fullscreen),
            on_off,
            lambda on: self.change(fullscreen=on),
        )
        self.volume_button = self.choice(
            row(x, 2, COLUMN_W - MUTE_WIDTH - 20),
            tr("settings.volume"),
            VOLUMES,
            round(s.volume * 10) / 10,
            lambda v: f"{round(v * 100)} %",
            lambda v: self.change(volume=v),
        )
        self.mute_button = self.choice(  # next to the volume: sound off without losing it
            pygame.Rect(x + COLUMN_W - MUTE_WIDTH, TOP + 2 * ROW_GAP, MUTE_WIDTH, ROW_H),
            tr("settings.mute"),
            [False, True],
            bool(s.muted),
            on_off,
            lambda on: self.change(muted=on),
        )
        speeds = list(ANIMATION_SPEEDS)
        self.speed_button = self.choice(
            row(x, 3),
            tr("settings.speed"),
            speeds,
            min(speeds, key=lambda v: abs(v - s.animation_speed)),
            speed_text,
            lambda v: self.change(animation_speed=v),
        )

    def build_access(self, x: int) -> None:
        s = self.services.settings
        self.contrast_button = self.choice(
            row(x, 0),
            tr("settings.high_contrast"),
            [False, True],
            s.high_contrast,
            on_off,
            lambda on: self.change_look(high_contrast=on),
        )
        self.scale_button = self.choice(
            row(x, 1),
            tr("settings.ui_scale"),
            list(UI_SCALES),
            s.ui_scale,
            lambda v: tr("settings.ui_scale_value", x=round(v * 100)),
            lambda v: self.change_look(ui_scale=v),
        )
        self.motion_button = self.choice(
            row(x, 2),
            tr("settings.reduced_motion"),
            [False, True],
            s.reduced_motion,
            on_off,
            lambda on: self.change(reduced_motion=on),
        )
        self.confirm_button = self.choice(  # issue 29: a move that ends the game is asked first
            row(x, 3),
            tr("settings.confirm_ending"),
            [False, True],
            s.confirm_ending,
            on_off,
            lambda on: self.change(confirm_ending=on),
        )

    def change(self, **values: Any) -> None:
        self.services.update_settings(dataclasses.replace(self.services.settings, **values))
        self.services.sound("click")

    def change_look(self, **values: Any) -> None:
        """Contrast and text size restyle the controls: they are built again at once."""
        self.change(**values)
        self.rebuild()

    def set_language(self, lang: str) -> None:
        self.services.settings_store.pick_language(lang)  # it replaces --lang
        self.services.sound("click")
        self.rebuild()  # every control again, now in the new language

    def back(self) -> None:
        go_back(self.services)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("settings.heading"))
        left, right = columns()
        notes = [note_lines(tr("settings.saved")), note_lines(tr("settings.access_note"))]
        top = row(left, NOTE_ROW).y - 12
        box = BOX.copy()  # down to the longer note: the notes grow with the text size
        box.height = top + max(map(len, notes)) * theme.line_height(NOTE_SIZE) + 24 - box.y
        box.centerx = surface.get_width() // 2
        theme.panel(surface, box, (16, 24, 40, 170), 28)
        for x, key in zip(columns(), ("settings.general", "settings.access"), strict=True):
            theme.text(
                surface, tr(key), (x + 8, TOP - 24), 32, theme.palette().accent, True, "bottomleft"
            )
        for x, lines in zip((left, right), notes, strict=True):
            for i, line in enumerate(lines):
                at = (x + 8, top + theme.line_height(NOTE_SIZE) * i)
                theme.text(surface, line, at, NOTE_SIZE, theme.SNOW)


NOTE_SIZE = 26


def note_lines(content: str) -> list[str]:
    """A note under a column, wrapped to it (at most three lines, so the panel stays small)."""
    return theme.wrap_lines(content, NOTE_SIZE, COLUMN_W - 16, 3)
