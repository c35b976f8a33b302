"""The on-screen keyboard of a touch-only kiosk: a player's name typed with fingers.

The set-up screen opens it in kiosk mode when a name is tapped (``KeyboardScene(services, text,
seat, on_done)``).
The keys are big (``KEY_H`` tall on the 1920x1080 picture, like every kiosk button), laid out as
the language's own keyboard (``kiosk.keyboard.layout``: QWERTZ with umlauts in German), and the
first letter of a name and of each word comes in capitals. The name there is shown selected:
the first key typed replaces it (a visitor wants their own name, not "Player 1" with letters
after it), and the first Delete clears it. A physical keyboard types too; Enter is Done, Esc
Cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.engine.intents import Intent, Kind
from game.i18n import tr
from game.ui import theme
from game.ui.kit import Focusable, UIScene
from game.ui.screens import dim

if TYPE_CHECKING:
    from game.engine.services import Services

KEY_W, KEY_H, GAP = 132, 110, 14
KEYS_TOP = 330
FIELD = pygame.Rect(0, 150, 1000, 120)
BOARD = pygame.Rect(90, 16, 1740, 1048)
MAX_NAME = 14  # the set-up screen's limit
SELECTED = (60, 110, 190)


def upper(letter: str) -> str:
    """The capital of a key's letter; ß has none of one character, so it stays."""
    big = letter.upper()
    return big if len(big) == 1 else letter


class KeyboardScene(UIScene):
    name = "kiosk_keyboard"
    overlay = True
    background = False

    def __init__(self, services: Services, text: str = "", seat: int = 0,
                 on_done: Callable[[str], None] | None = None) -> None:  # fmt: skip
        super().__init__(services)
        self.text = text[:MAX_NAME]
        self.seat = seat
        self.on_done = on_done

    def enter(self) -> None:
        self.selected = bool(self.text)  # the whole name, replaced by the first key
        self.capital = True  # the first letter of a name, whether it replaces one or not
        self.build()
        self.ring.move(0)

    # ---- typing -------------------------------------------------------------------------------
    def add(self, letter: str, as_typed: bool = False) -> None:
        """A key's letter, a capital where a word starts; ``as_typed``: from a physical keyboard,
        whose shift key already chose."""
        if self.selected:
            self.text, self.selected = "", False
        if len(self.text) >= MAX_NAME:
            return
        self.text += upper(letter) if self.capital and not as_typed else letter
        self.capital = letter == " "  # a new word starts with a capital
        self._refresh()

    def delete(self) -> None:
        if self.selected:
            self.text, self.selected = "", False
        else:
            self.text = self.text[:-1]
        self.capital = not self.text or self.text.endswith(" ")
        self._refresh()

    def toggle_capital(self) -> None:
        self.capital = not self.capital
        self._refresh()

    def done(self) -> None:
        name = self.text.strip()
        if not name:
            return
        self.services.sound("click")
        if self.on_done is not None:
            self.on_done(name)
        self.services.scenes.pop()

    def back(self) -> None:
        self.services.scenes.pop()  # Cancel: the name stays as it was

    # ---- controls -----------------------------------------------------------------------------
    def rows(self) -> list[str]:
        """The letter keys, row by row, in the current language's layout."""
        return tr("kiosk.keyboard.layout").split()

    def build(self) -> None:
        self.letter_keys: list[tuple[str, UIButton]] = []
        self.grid: list[list[UIButton]] = []
        cx = theme.LOGICAL_SIZE[0] // 2
        for r, row in enumerate(self.rows()):
            width = len(row) * KEY_W + (len(row) - 1) * GAP
            x, y = cx - width // 2, KEYS_TOP + r * (KEY_H + GAP)
            line = []
            for i, letter in enumerate(row):
                rect = pygame.Rect(x + i * (KEY_W + GAP), y, KEY_W, KEY_H)
                key = self.button(rect, letter, partial(self.add, letter), "#pad_button")
                self.letter_keys.append((letter, key))
                line.append(key)
            self.grid.append(line)
        y = KEYS_TOP + len(self.grid) * (KEY_H + GAP)
        self.shift_key = self._wide(cx - 780, y, 300, "kiosk.keyboard.lower", self.toggle_capital)
        self.space_key = self._wide(cx - 460, y, 760, "kiosk.keyboard.space", lambda: self.add(" "))
        self.delete_key = self._wide(cx + 320, y, 460, "kiosk.keyboard.delete", self.delete)
        self.grid.append([self.shift_key, self.space_key, self.delete_key])
        y += KEY_H + GAP + 20
        self.cancel_button = self._wide(cx - 620, y, 560, "kiosk.keyboard.cancel", self.back)
        done = pygame.Rect(cx + 60, y, 560, KEY_H)
        self.done_button = self.button(done, tr("kiosk.keyboard.done"), self.done, "#big_button")
        self.grid.append([self.cancel_button, self.done_button])
        self._refresh()

    def _wide(self, x: int, y: int, w: int, key: str, press: Callable[[], None]) -> UIButton:
        """A key with a word on it; the shift key fits either of its two words."""
        labels = (
            [tr(key), tr("kiosk.keyboard.upper")] if key == "kiosk.keyboard.lower" else [tr(key)]
        )
        button = self.fitted_button(pygame.Rect(x, y, w, KEY_H), labels, "#menu_button", None)
        self._register(Focusable(button, press))
        return button

    def _refresh(self) -> None:
        """Key caps in the case the next letter will have; Done only with a name to give."""
        for letter, key in self.letter_keys:
            key.set_text(upper(letter) if self.capital else letter)
        self.shift_key.set_text(
            tr("kiosk.keyboard.lower" if self.capital else "kiosk.keyboard.upper")
        )
        if self.text.strip():
            self.done_button.enable()
        else:
            self.done_button.disable()

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        event = intent.event
        if intent.kind is Kind.TEXT and event is not None:
            self._typed(event)
            return
        if intent.kind in (Kind.UP, Kind.DOWN):
            self._move_row(-1 if intent.kind is Kind.UP else 1)
            return
        if (
            intent.kind is Kind.CONFIRM
            and event is not None
            and getattr(event, "key", None)
            in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            )
        ):
            self.done()  # Enter on a keyboard; Space and a pad's A press the focused key
            return
        super().handle(intent)

    def _typed(self, event: pygame.event.Event) -> None:
        """A physical keyboard: letters come as text, Delete as its key."""
        if event.type == pygame.TEXTINPUT:
            for letter in event.text:
                if letter.isprintable():
                    self.add(letter, as_typed=True)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.delete()

    def _move_row(self, delta: int) -> None:
        """Up and Down go to the nearest key of the row above or below (a grid, not a list)."""
        current = self.ring.current
        if current is None:
            return
        row = next((r for r, line in enumerate(self.grid) if current.element in line), 0)
        target = self.grid[(row + delta) % len(self.grid)]
        x = current.element.rect.centerx
        self.ring.focus(min(target, key=lambda b: abs(b.rect.centerx - x)))

    # ---- drawing ------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 200)
        theme.panel(surface, BOARD, (14, 20, 34, 248), 34)  # the set-up screen stays out of it
        cx = surface.get_width() // 2
        heading = tr("kiosk.keyboard.heading", n=self.seat + 1)
        theme.text(surface, heading, (cx, 80), 56, theme.WHITE, True, "center", True)
        field = FIELD.copy()
        field.centerx = cx
        theme.panel(surface, field, (16, 24, 40, 240), 24)
        size = 56
        width = theme.font(size, True).size(self.text)[0] if self.text else 0
        left = field.centerx - width // 2
        if self.selected:  # shown selected: the first key replaces it
            mark = pygame.Rect(left - 12, field.centery - 40, width + 24, 80)
            pygame.draw.rect(surface, SELECTED, mark, border_radius=10)
        if self.text:
            theme.text(
                surface, self.text, (left, field.centery), size, theme.WHITE, True, "midleft"
            )
        if not self.selected:  # the caret, where the next letter goes (steady: no blinking)
            x = left + width + 6
            pygame.draw.line(
                surface, theme.palette().accent, (x, field.centery - 34), (x, field.centery + 34), 5
            )
