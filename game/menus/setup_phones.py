"""The set-up's "Phones" choice (issue 30), a part of ``SetupScene``.

Off by default; offered only while at least one seat is a person, and in kiosk mode only when
the operator's ``kiosk.toml`` says ``phones = true`` (``Offer.phones``). When it is on, Start
opens the join screen (``game.menus.join``) over the set-up first; its Play starts the table
with the seats that joined, its Back comes back here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from game.engine.scenes import opening
from game.i18n import tr
from game.menus.join import JoinScene
from game.menus.loading import LoadingScene
from game.menus.menukit import KIOSK_BUTTON_H, offer
from game.play.config import GameConfig
from game.ui.kit import Focusable, UIScene

if TYPE_CHECKING:
    from game.play.plugin import GamePlugin

# where the choice goes: the kiosk's top row beside the variant, the second row of the
# options' column, or (a game without options) the top row's middle beside the guided game
KIOSK_RECT = pygame.Rect(760, 190, 340, KIOSK_BUTTON_H)
MIDDLE_RECT = pygame.Rect(680, 200, 560, 84)


class PhonesChoice(UIScene):
    """The choice's state, button and help, and the start through the join screen."""

    phones = False  # the players chose to play from their phones
    phones_button: UIButton | None = None
    game: str
    plugin: GamePlugin
    kiosk: bool
    columns: bool
    guides: bool
    help_option: str | None

    def phones_offered(self) -> bool:
        """Whether the choice shows: the policy offers it and a person plays."""
        seats = getattr(self, "seats", [])
        return offer(self.services).phones and any(s.kind == "human" for s in seats)

    def phones_rect(self, option_rect: pygame.Rect) -> pygame.Rect:
        """Where the button goes (``option_rect``: the options' column's row 1)."""
        if self.kiosk:
            return KIOSK_RECT
        if self.columns:
            return option_rect
        if self.guides:  # the middle of the top row, shared with the guided game
            return pygame.Rect(MIDDLE_RECT.x + 290, MIDDLE_RECT.y, 270, MIDDLE_RECT.h)
        return MIDDLE_RECT

    def build_phones(self, rect: pygame.Rect) -> None:
        """The choice's button, if it is offered now (else no button, and the choice off)."""
        self.phones_button = None
        if not self.phones_offered():
            self.phones = False
            return
        texts = [self._phones_text(on) for on in (self.phones, not self.phones)]
        element = self.fitted_button(rect, texts, "#choice_button", None)
        self.phones_button = element

        def toggle() -> None:
            self.phones = not self.phones
            self.help_option = "phones"
            element.set_text(self._phones_text(self.phones))

        self._register(Focusable(element, toggle, toggle, toggle))

    @staticmethod
    def _phones_text(on: bool) -> str:
        value = tr("common.on") if on else tr("common.off")
        return f"‹  {tr('setup.phones.label')}: {value}  ›"

    def update(self, dt: float) -> None:
        super().update(dt)
        if (self.phones_button is not None) != self.phones_offered():  # a seat's kind changed
            focused = self.ring.current.element if self.ring.current is not None else None
            self.rebuild()
            same = None if focused is None else self._same_place(focused.rect)
            if same is not None:  # the same control, made again: the same place
                self.ring.focus(same)
        current = self.ring.current
        if current is not None and current.element is self.phones_button:
            self.help_option = "phones"

    def _same_place(self, rect: pygame.Rect) -> UIElement | None:
        for item in self.ring.items:
            if item.element.rect == rect:
                return item.element
        return None

    # ---- starting ---------------------------------------------------------------------------
    def launch(self, config: GameConfig) -> None:
        """Start ``config``'s table, through the join screen when the phones are chosen."""
        if self.phones and self.phones_button is not None:
            self.services.scenes.push(JoinScene, config=config, on_play=self.start_table)
        else:
            self.start_table(config)

    def start_table(self, config: GameConfig) -> None:
        """The table of ``config`` (the join screen's: with the seats that joined) in place of
        the set-up, after the loading picture."""
        table = opening(self.plugin.scene(), config=config)
        self.services.scenes.replace(LoadingScene, game=self.game, table=table)
