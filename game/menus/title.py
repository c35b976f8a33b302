"""The title screen: continue, play, saved games, replays, settings, quit, over the alpine
backdrop with falling snow. "Continue" shows for each game left unfinished (its autosave), the
most recent first.

In kiosk mode there is no quit and no settings: a big Play button and a row of painted
language flags that switch the language at once (for this visitor only; attract mode returns
to the kiosk's own language). Visitors get no Continue, saved games or replays.
"""

from __future__ import annotations

import math
from functools import partial

import pygame
from pygame_gui.elements import UIButton

from game import i18n
from game.engine.pacing import DECOR
from game.i18n import LANGUAGES, tr
from game.menus import record
from game.menus.menukit import game_title, menu_games, offer
from game.menus.picker import PickerScene
from game.menus.saves_list import LibraryScene
from game.menus.settings import SettingsScene
from game.play import saves
from game.play.registry import plugin
from game.ui import theme
from game.ui.emblems import draw_emblem
from game.ui.flags import draw_flag
from game.ui.kit import Focusable, UIScene

FLAKES = 90
BUTTON_W = 560
WIDE_W = 840  # the two-column rows: saved games | replays, settings | quit
ROWS_TOP = 612
KIOSK_PLAY = pygame.Rect(0, 612, 680, 132)
FLAG_W, FLAG_H, FLAG_GAP, FLAG_Y = 340, 116, 30, 782
SLOT_W, STRIP_W = 360, 1760  # an emblem's slot on the strip, narrower when many must fit


def emblem_slots(count: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The strip of the games' emblems under the tagline, and each game's slot in it (one
    row; the slots narrow so that any number of games fits the window)."""
    slot = min(SLOT_W, STRIP_W // max(count, 1))
    box = pygame.Rect(0, 340, max(1080, count * slot), 250)
    box.centerx = theme.LOGICAL_SIZE[0] // 2
    x0 = box.centerx - count * slot // 2
    return box, [pygame.Rect(x0 + i * slot, box.y, slot, box.h) for i in range(count)]


class TitleScene(UIScene):
    name = "title"
    idle_pace = DECOR  # the snow falls, the emblems move

    def enter(self) -> None:
        self.unfinished = self._read_unfinished()
        self.build()
        self.ring.move(0)

    def _read_unfinished(self) -> list[saves.Record]:
        """Each game's game left unfinished, most recent first (damaged files: kept as *.bad)."""
        if not offer(self.services).saving:
            return []
        found = saves.unfinished_games(self.services.data_dir)
        record.report_bad(self.services, found.bad)
        record.report_newer(self.services, found.newer)
        return found.records

    def build(self) -> None:
        self.flag_buttons: dict[str, UIButton] = {}
        if offer(self.services).large_controls:
            self._build_kiosk()
            return
        x = theme.LOGICAL_SIZE[0] // 2 - WIDE_W // 2
        half = (WIDE_W - 20) // 2
        y = ROWS_TOP
        self.continue_buttons = self._build_continue(x, y, half)
        count = len(self.continue_buttons)
        # the most recently left one (a big "Continue" of its own when it is the only one)
        self.continue_button = self.continue_buttons[0] if count else None
        y += 112 * ((count + 1) // 2)
        if count == 3:  # Play beside the third, on the second row of "Continue"
            play = pygame.Rect(x + half + 20, y - 112, half, 96)
        else:
            play = pygame.Rect(x, y, WIDE_W, 84 if count else 104)
            y += 100 if count else 120
        self.play_button = self.button(play, tr("title.play"), self.play,
                                       "#menu_button" if count else "#big_button")  # fmt: skip
        self.saves_button = self.button(
            pygame.Rect(x, y, half, 84), tr("title.saves"), lambda: self.library("saves")
        )
        self.replays_button = self.button(
            pygame.Rect(x + half + 20, y, half, 84), tr("title.replays"),
            lambda: self.library("replays"),
        )  # fmt: skip
        y += 100
        self.settings_button = self.button(
            pygame.Rect(x, y, half, 84), tr("title.settings"), self.settings
        )
        self.quit_button = self.button(
            pygame.Rect(x + half + 20, y, half, 84), tr("title.quit"), self.quit
        )
        self.buttons_bottom = y + 84

    def _build_continue(self, x: int, y: int, half: int) -> list[UIButton]:
        """One "Continue" per game left unfinished, most recent first: one wide button, or
        half-width ones in rows of two, all in one size of letters."""
        count = len(self.unfinished)
        games = [game_title(w.config.game) for w in self.unfinished]
        labels = [tr("title.continue_game", game=game) for game in games]
        buttons = []
        for i, waiting in enumerate(self.unfinished):
            if count == 1:
                rect, look = pygame.Rect(x, y, WIDE_W, 96), "#big_button"
            else:
                rect = pygame.Rect(x + (i % 2) * (half + 20), y + (i // 2) * 112, half, 96)
                look = "#continue_button"
            element = self.fitted_button(rect, [labels[i], *labels], look, None)
            self._register(Focusable(element, partial(record.resume, self.services, waiting)))
            buttons.append(element)
        return buttons

    def _build_kiosk(self) -> None:
        flags = offer(self.services).languages
        cx = theme.LOGICAL_SIZE[0] // 2
        play = KIOSK_PLAY.copy()
        play.centerx = cx
        self.play_button = self.button(play, tr("title.play"), self.play, "#big_button")
        languages = flags if len(flags) > 1 else ()
        total = len(languages) * FLAG_W + (len(languages) - 1) * FLAG_GAP
        for i, lang in enumerate(languages):
            rect = pygame.Rect(cx - total // 2 + i * (FLAG_W + FLAG_GAP), FLAG_Y, FLAG_W, FLAG_H)
            self.flag_buttons[lang] = self.button(rect, "", partial(self.set_language, lang))

    def set_language(self, lang: str) -> None:
        """A visitor's flag: the whole kiosk speaks ``lang`` at once (not saved)."""
        self.services.settings_store.visit(lang)
        self.services.sound("click")
        self.rebuild()
        self.ring.focus(self.flag_buttons[lang])

    def play(self) -> None:
        self.services.scenes.push(PickerScene)

    def library(self, tab: str) -> None:
        self.services.scenes.push(LibraryScene, tab=tab)

    def settings(self) -> None:
        self.services.scenes.push(SettingsScene)

    def quit(self) -> None:
        self.services.quit()

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a deliberate button."""

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        seconds = theme.idle(self.services.clock.now)  # reduced motion: the snow hangs still
        _draw_snow(surface, seconds)
        cx = surface.get_width() // 2
        theme.text(surface, tr("app.name"), (cx, 170), 160, theme.WHITE, True, "center", True)
        theme.text(surface, tr("title.tagline"), (cx, 290), 44, theme.SNOW, False, "center", True)
        games = menu_games()
        box, slots = emblem_slots(len(games))
        theme.panel(surface, box, (16, 24, 40, 150), 28)
        for game, slot in zip(games, slots, strict=True):
            art = pygame.Rect(0, slot.y + 16, min(200, slot.w - 24), 170)
            art.centerx = slot.centerx
            draw_emblem(surface, plugin(game).emblem(), art, seconds)
            theme.text(surface, game_title(game), (slot.centerx, box.bottom - 36), 34,
                       theme.SNOW, True, "center", width=slot.w - 16)  # fmt: skip
        if offer(self.services).large_controls:
            wide = max(KIOSK_PLAY.width, 3 * FLAG_W + 2 * FLAG_GAP) + 60
            buttons = pygame.Rect(0, 0, wide, 340 if self.flag_buttons else 180)
        else:
            buttons = pygame.Rect(0, 0, WIDE_W + 80, self.buttons_bottom - ROWS_TOP + 32)
        buttons.midtop = (cx, ROWS_TOP - 16)
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
        room = rect.right - flag.right - 30  # a large UI scale shrinks back to fit, then cuts
        theme.text(surface, LANGUAGES[lang], (flag.right + 16, rect.centery), 32, theme.WHITE,
                   True, "midleft", width=room)  # fmt: skip
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
