"""The hand-off (privacy) screen for hot-seat play: it covers the whole game until the named
player confirms that it is them holding the device (ruling B7 of Der Berg ruft, and any game
with hidden information).

``enter(title=..., message=..., button=..., on_confirm=callable, game=None, mark=None)``: one
big button (``mark``: the named player's (shape, colour), shown by the title),
reachable by mouse, touch, Enter/Space and pad A. Esc or Start opens the pause menu of ``game``
when one is given. With ``on_undo`` (and its label ``undo``) a second, smaller button lets the
player who just decided take it back before the device changes hands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.intents import Intent, Kind
from game.i18n import tr
from game.menus.pause import PauseScene
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

BUTTON = pygame.Rect(0, 0, 1040, 120)  # wide: "I am <a long name>: show my cards"
BUTTON_Y = 720
UNDO = pygame.Rect(0, 0, 960, 84)  # wide: "<a long name>: take the flags back", grown
HINT_Y = BUTTON_Y + BUTTON.height // 2 + 16  # the hint how to confirm: close under the button
HINT_SIZE = 28
BOX = pygame.Rect(0, 0, 1300, 680)
BOX.center = (theme.LOGICAL_SIZE[0] // 2, 520)


def undo_rect() -> pygame.Rect:
    """The undo button: under the hint, however tall its line is at the UI scale (issue 29)."""
    top = HINT_Y + theme.line_height(HINT_SIZE) + 14
    return UNDO.move(theme.LOGICAL_SIZE[0] // 2 - UNDO.w // 2, top)


class HandoffScene(UIScene):
    name = "handoff"
    overlay = True  # drawn over the game, but opaque: nothing of the game shows through
    background = False

    def __init__(
        self,
        services: Services,
        title: str = "",
        message: str = "",
        button: str = "",
        on_confirm: Callable[[], None] | None = None,
        game: str | None = None,
        mark: tuple[str, tuple[int, int, int]] | None = None,
        on_undo: Callable[[], None] | None = None,
        undo: str = "",
    ) -> None:
        super().__init__(services)
        self.title = title
        self.mark = mark
        self.message = message
        self.button_text = button or tr("handoff.ready")
        self.on_confirm = on_confirm
        self.on_undo = on_undo
        self.undo_text = undo
        self.game = game
        self.confirmed = False

    def enter(self) -> None:
        self.build()
        self.ring.move(0)

    def build(self) -> None:
        rect = BUTTON.copy()
        rect.center = (theme.LOGICAL_SIZE[0] // 2, BUTTON_Y)
        self.button(rect, self.button_text, self.confirm, "#big_button")
        if self.on_undo is not None:
            self.button(undo_rect(), self.undo_text, self.undo)

    def undo(self) -> None:
        if self.confirmed or self.on_undo is None:
            return
        self.confirmed = True
        self.services.sound("click")
        self.on_undo()
        self.services.scenes.pop()

    def confirm(self) -> None:
        if self.confirmed:
            return
        self.confirmed = True
        self.services.sound("click")
        if self.on_confirm is not None:
            self.on_confirm()
        self.services.scenes.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.PAUSE or intent.kind is Kind.BACK:
            if self.game is not None:
                self.services.scenes.push(PauseScene, game=self.game)
            return
        super().handle(intent)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme.draw_backdrop(surface, self.services.clock.now)
        veil = _veil(surface.get_size())
        surface.blit(veil, (0, 0))
        w = surface.get_width()
        box = BOX.copy()
        if self.on_undo is not None:  # the panel holds the undo button too
            box.height = max(box.height, undo_rect().bottom + 28 - box.y)
        theme.panel(surface, box, (16, 24, 40, 235), 28)
        theme.text(
            surface,
            tr("handoff.private"),
            (w // 2, box.y + 56),
            30,
            theme.palette().accent,
            True,
            "center",
        )
        size = 64
        title_w = box.width - (200 if self.mark is not None else 80)  # the mark stands left of it
        while size > 40 and theme.font(size, True).size(self.title)[0] > title_w:
            size -= 4
        at = theme.text(
            surface, self.title, (w // 2, box.y + 150), size, theme.WHITE, True, "center"
        )
        if self.mark is not None:  # whose turn it is, by shape as well as by colour
            theme.draw_mark(surface, self.mark[0], self.mark[1], (at.x - 48, at.centery), 24)
        room = pygame.Rect(box.x + 60, box.y + 220, box.width - 120, 2 * 60)
        theme.text_in(surface, self.message, room, 42, theme.SNOW, max_lines=2, align="center")
        _closed_eye(surface, (w // 2, box.y + 390))
        hint = tr("handoff.how")
        theme.text(surface, hint, (w // 2, HINT_Y), HINT_SIZE, theme.palette().muted, False,
                   "midtop")  # fmt: skip


def _closed_eye(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    """A closed eye with lashes: "look away"."""
    x, y = centre
    points = [(x + 80 * math.cos(t / 20 * math.pi), y + 34 * math.sin(t / 20 * math.pi))
              for t in range(2, 19)]  # fmt: skip
    pygame.draw.lines(surface, theme.SNOW, False, points, 7)
    for t in (0.3, 0.42, 0.58, 0.7):
        a = t * math.pi
        px, py = x + 80 * math.cos(a), y + 34 * math.sin(a)
        pygame.draw.line(surface, theme.SNOW, (px, py), (px + 22 * math.cos(a), py + 26), 5)


_veils: dict[tuple[int, int], pygame.Surface] = {}


def _veil(size: tuple[int, int]) -> pygame.Surface:
    if size not in _veils:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((8, 12, 24, 170))
        _veils[size] = veil
    return _veils[size]
