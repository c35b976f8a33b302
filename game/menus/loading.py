"""The loading picture: shown the frame after Start (or Continue, or Load), while the table is
built (issue 18, item 8). The first Kap Hoorn table of a run takes a second or more to build
(its chart, its sprites, the computer players' process); the screen should not stand frozen
on the set-up meanwhile.

``LoadingScene(services, game, table)``: ``table`` is the game's table with its arguments
(``game.engine.scenes.opening``). The picture is drawn once, and in the step after that the
table takes its place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scenes import Opening, Scene
from game.i18n import tr
from game.menus.menukit import game_title
from game.play.registry import plugin
from game.ui import theme
from game.ui.emblems import draw_emblem

if TYPE_CHECKING:
    from game.engine.services import Services

CARD = pygame.Rect(0, 0, 860, 520)


class LoadingScene(Scene):
    name = "loading"

    def __init__(self, services: Services, game: str, table: Opening | None = None) -> None:
        super().__init__(services)
        self.game, self.table = game, table
        self.shown = False  # the picture has been drawn: the table may be built now

    def update(self, dt: float) -> None:
        if self.shown and self.table is not None:
            table, self.table = self.table, None
            self.services.scenes.replace(table)

    def pace(self) -> float:
        return 0.0  # a still picture

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        theme.draw_backdrop(surface)
        card = theme.centred(CARD.size)
        theme.panel(surface, card, None, 28)
        game = self.game
        if game:
            art = pygame.Rect(0, 0, 360, 260)
            art.midtop = (card.centerx, card.y + 40)
            draw_emblem(surface, plugin(game).emblem(), art, 0.0)
            title = (card.centerx, art.bottom + 50)
            theme.text(surface, game_title(game), title, 48, theme.WHITE, True, "center",
                       width=card.w - 80)  # fmt: skip
        theme.text(surface, tr("loading.table"), (card.centerx, card.bottom - 70), 34,
                   theme.SNOW, False, "center", width=card.w - 80)  # fmt: skip
        self.shown = True
