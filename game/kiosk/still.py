""" "Still playing?": the kiosk asks when nobody has touched a game for a while.

An overlay over the game (which is paused beneath it) with a big countdown and a big "Yes"
button. Any touch, click or key answers yes, except the "End the game" button; when the
countdown runs out, the game is abandoned and the kiosk returns to the title.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.intents import Intent, Kind
from game.engine.pacing import DECOR
from game.i18n import tr
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services
    from game.kiosk.station import Station
from game.ui.screens import dim

PANEL = pygame.Rect(0, 0, 1160, 720)


class StillPlayingScene(UIScene):
    name = "kiosk_still"
    idle_pace = DECOR  # the countdown runs
    overlay = True
    background = False

    def __init__(self, services: Services, seconds: float = 20.0,
                 station: Station | None = None) -> None:  # fmt: skip
        super().__init__(services)
        self.total = max(1.0, float(seconds))
        self.station = station  # the kiosk that asks

    def enter(self) -> None:
        self.left = self.total
        self.answered = False
        self.build()
        self.ring.move(0)

    def panel_rect(self) -> pygame.Rect:
        return theme.centred(PANEL.size)

    def build(self) -> None:
        box = self.panel_rect()
        yes = pygame.Rect(0, 0, 720, 130)
        yes.midtop = (box.centerx, box.y + 446)
        self.yes_button = self.button(yes, tr("kiosk.still_yes"), self.keep, "#big_button")
        end = pygame.Rect(0, 0, 480, 96)
        end.midtop = (box.centerx, yes.bottom + 24)
        self.end_button = self.button(end, tr("kiosk.still_end"), self.end, "#danger_button")

    def keep(self) -> None:
        """Yes: back to the game, and the idle clock starts again."""
        if self.answered:
            return
        self.answered = True
        kiosk = self.station
        if kiosk is not None:
            kiosk.idle = 0.0
        self.services.sound("click")
        self.services.scenes.pop()

    def end(self) -> None:
        if self.answered:
            return
        self.answered = True
        kiosk = self.station
        if kiosk is not None:
            kiosk.to_title("the players ended the game at 'Still playing?'")
        else:
            self.services.menus.title()

    def handle(self, intent: Intent) -> None:
        pos = intent.pos
        if intent.kind is Kind.POINT_DOWN and pos is not None:
            if not self.end_button.rect.collidepoint(pos):
                self.keep()  # a touch anywhere means somebody is there
                return
        elif intent.kind in (Kind.TEXT, Kind.BACK, Kind.PAUSE):
            self.keep()
            return
        super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.left <= 0 and not self.answered:
            self.answered = True
            kiosk = self.station
            if kiosk is not None:
                kiosk.give_up()
            else:
                self.services.menus.title()

    @property
    def seconds_left(self) -> int:
        return max(0, math.ceil(self.left))

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 180)
        box = self.panel_rect()
        theme.panel(surface, box, (18, 28, 46, 245), 34)
        cx = box.centerx
        theme.text(surface, tr("kiosk.still_title"), (cx, box.y + 72), 84, theme.WHITE, True,
                   "center", True)  # fmt: skip
        # the countdown: a ring that empties, the seconds in the middle
        centre = (cx, box.y + 230)
        share = max(0.0, self.left / self.total)
        pygame.draw.circle(surface, (44, 58, 88), centre, 100, 16)
        if share > 0:
            arc = pygame.Rect(0, 0, 200, 200)
            arc.center = centre
            start = math.pi / 2
            pygame.draw.arc(
                surface, theme.palette().accent, arc, start, start + 2 * math.pi * share, 16
            )
        theme.text(surface, str(self.seconds_left), centre, 120, theme.WHITE, True, "center")
        lines = theme.wrap(tr("kiosk.still_message", n=self.seconds_left), 34, box.width - 120)
        for i, line in enumerate(lines[:2]):
            theme.text(surface, line, (cx, box.y + 362 + 40 * i), 34, theme.SNOW, False, "center")
