"""Menu scenes built with pygame_gui, navigable by keyboard and gamepad through a focus ring.

Every control is a button (plain, or a "choice" that cycles through values with Left/Right) or a
text field, so arrows/Tab/Enter, the D-pad and A/B, a mouse or a finger all reach all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.engine.intents import Intent, Kind, Point
from game.engine.pacing import DECOR
from game.engine.scenes import Scene
from game.ui import theme

# Any key, pad button or tap finishes a running animation (README: "skip an animation"); Back
# and Pause keep their meaning (the pause menu), a pointer merely moving skips nothing.
SKIP_KINDS = frozenset(
    {Kind.CONFIRM, Kind.POINT_DOWN, Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT, Kind.NEXT, Kind.PREV}
)
FIT_MARGIN = 24  # room a button keeps round its label (its border and rounded corners)
CLIP_MARGIN = 18  # less room than this, and the label runs into the border: it is cut
EDGE = 8  # what a caption grown with the UI scale keeps above and below it, border included


def fits(texts: Sequence[str], look: str, rect: pygame.Rect, base: int) -> bool:
    """Whether ``texts`` fit a button ``rect`` in the font of ``look`` with room round them
    (``base``: the look's font size at 100 %): ``FIT_MARGIN`` across, more as the font grows
    with the UI scale (never cramped), and a grown font ``EDGE`` above and below too."""
    px, bold = theme.caption_font(look)
    room = rect.width - FIT_MARGIN * max(1.0, px / base)
    if max(theme.base_font(px, bold).size(t)[0] for t in texts) > room:
        return False
    return px <= base or max(theme.ink_height(t, px, bold) for t in texts) <= rect.h - 2 * EDGE


@dataclass
class Focusable:
    element: UIElement
    activate: Callable[[], None] | None = None
    left: Callable[[], None] | None = None
    right: Callable[[], None] | None = None

    @property
    def is_text(self) -> bool:
        return isinstance(self.element, UITextEntryLine)

    @property
    def enabled(self) -> bool:
        return bool(self.element.is_enabled) and self.element.visible


class FocusRing:
    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.index = 0

    @property
    def current(self) -> Focusable | None:
        return self.items[self.index] if self.items else None

    def add(self, item: Focusable) -> Focusable:
        self.items.append(item)
        return item

    def clear(self) -> None:
        self.items.clear()
        self.index = 0

    def move(self, delta: int) -> None:
        if not self.items:
            return
        for _ in range(len(self.items)):
            self.index = (self.index + delta) % len(self.items)
            if self.items[self.index].enabled:
                break
        self._sync()

    def focus(self, element: UIElement) -> None:
        for i, item in enumerate(self.items):
            if item.element is element:
                self.index = i
        self._sync()

    def _sync(self) -> None:
        for i, item in enumerate(self.items):
            if item.is_text:
                if i == self.index:
                    item.element.focus()
                else:
                    item.element.unfocus()


@dataclass
class BoardFocus:
    """Where the keyboard and the gamepad are on a board of targets (fields, lines, cards):
    the arrows go from target to target, Confirm picks the focused one, Tab goes over to the
    controls (the focus ring) and, after the last enabled control or before the first, back
    to the board. A pointer over a target focuses it (``point``)."""

    index: int = 0
    on_board: bool = True

    def reset(self) -> None:
        self.index, self.on_board = 0, True

    def point(self, n: int) -> None:
        self.index, self.on_board = n, True

    def shown(self, count: int) -> int | None:
        """The focused target of ``count`` as drawn; None while the focus is on the controls."""
        return self.index % max(1, count) if self.on_board else None

    def handle(self, kind: Kind, count: int, ring: FocusRing, pick: Callable[[int], Any]) -> bool:
        """Move among ``count`` targets or ``pick`` one; True if ``kind`` was used here."""
        if count and self.on_board:
            if kind in (Kind.LEFT, Kind.UP, Kind.RIGHT, Kind.DOWN):
                step = -1 if kind in (Kind.LEFT, Kind.UP) else 1
                self.index = (self.index + step) % count
            elif kind is Kind.CONFIRM:
                pick(self.index % count)
            elif kind in (Kind.NEXT, Kind.PREV) and ring.items:
                self.on_board = False
            else:
                return False
            return True
        if kind in (Kind.NEXT, Kind.PREV) and count and not self.on_board:
            enabled = [i for i, item in enumerate(ring.items) if item.enabled]
            if (
                not enabled  # nothing to press there
                or (kind is Kind.NEXT and ring.index >= enabled[-1])
                or (kind is Kind.PREV and ring.index <= enabled[0])
            ):
                self.on_board = True
                return True
        return False


class UIScene(Scene):
    """A scene whose controls are pygame_gui elements with a keyboard/gamepad focus ring."""

    background = True
    # frames a second while idle: 0 for a menu that stands still, pacing.DECOR for a slow
    # decoration (snow, emblems), pacing.FULL for a table (see pace())
    idle_pace = 0.0
    # where a slow decoration moves, as the last drawing found it (None: it may be anywhere);
    # an idle frame draws only there (game.engine.pacing)
    moving_areas: list[pygame.Rect] | None = None

    def __init__(self, services: Any) -> None:
        super().__init__(services)
        self.ui = services.new_ui_manager()
        self._gui_key = theme.gui_key()  # the high-contrast/UI-scale theme self.ui was made with
        self.ring = FocusRing()
        self._by_element: dict[UIElement, Focusable] = {}
        self._on_text: dict[UIElement, Callable[[str], None]] = {}
        self._pointer: Point | None = None  # where the pointer last went down or up
        self._defaults: set[UIElement] = set()  # text fields still showing their default text

    # ---- building -----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Drop every control and build them again (after a language change)."""
        index = self.ring.index
        if self._gui_key != theme.gui_key():  # accessibility changed: a manager of the new theme
            self._gui_key = theme.gui_key()
            self.ui = self.services.new_ui_manager()
        self.ui.clear_and_reset()
        self.ring.clear()
        self._by_element.clear()
        self._on_text.clear()
        self._defaults.clear()
        self.build()
        self.ring.index = min(index, max(0, len(self.ring.items) - 1))
        self.ring.move(0)

    def build(self) -> None:
        """Create the controls; override."""

    def resume(self) -> None:
        self.rebuild()

    def label(self, rect: pygame.Rect, text: str, object_id: str = "#label") -> UILabel:
        return UILabel(rect, text, manager=self.ui, object_id=object_id)

    def button(
        self,
        rect: pygame.Rect,
        text: str,
        on_press: Callable[[], None],
        object_id: str = "#menu_button",
        enabled: bool = True,
        tooltip: str | None = None,
        peers: Sequence[str] = (),
    ) -> UIButton:
        """``peers``: the captions of the buttons of the same size beside it, which all take
        the font the longest of them fits (a row of buttons alike)."""
        element = self.fitted_button(rect, [text, *peers], object_id, tooltip)
        if not enabled:
            element.disable()
        self._register(Focusable(element, on_press))
        return element

    def choice(
        self,
        rect: pygame.Rect,
        caption: str,
        values: Sequence[Any],
        current: Any,
        show: Callable[[Any], str],
        on_change: Callable[[Any], None],
        object_id: str = "#choice_button",
    ) -> UIButton:
        """A button ``caption: value`` that cycles through ``values`` (click, Enter, Left/Right)."""
        state = {"i": list(values).index(current) if current in values else 0}

        def text() -> str:
            return f"‹  {caption}: {show(values[state['i']])}  ›"

        labels = [f"‹  {caption}: {show(v)}  ›" for v in values]
        element = self.fitted_button(rect, labels, object_id, None)
        element.set_text(text())

        def step(delta: int) -> Callable[[], None]:
            def run() -> None:
                state["i"] = (state["i"] + delta) % len(values)
                element.set_text(text())
                on_change(values[state["i"]])

            return run

        self._register(Focusable(element, step(1), step(-1), step(1)))
        return element

    def text_entry(
        self,
        rect: pygame.Rect,
        initial: str,
        on_change: Callable[[str], None],
        limit: int = 16,
        default: bool = False,
    ) -> UITextEntryLine:
        """A text field; ``default``: ``initial`` is a default (say "Player 1") that the first
        letter typed replaces, as a selected text would be."""
        element = UITextEntryLine(rect, manager=self.ui, object_id="#text_entry")
        element.set_text_length_limit(limit)
        element.set_text(initial)
        self._register(Focusable(element, activate=None))
        self._on_text[element] = on_change
        if default:
            self._defaults.add(element)
        return element

    def fitted_button(
        self, rect: pygame.Rect, texts: list[str], object_id: str, tooltip: str | None
    ) -> UIButton:
        """A button whose captions all fit: in the largest of its look's fonts (grown with the
        UI scale as body text is, down to the font at 100 %, ``theme.gui_looks``) that leaves
        them room all round, and else in the small buttons' font at 100 % (a long name)."""
        looks = [*theme.gui_looks(object_id), theme.unscaled_id("#small_button")]
        base = theme.caption_font(looks[-2])[0]
        look = next((look for look in looks[:-1] if fits(texts, look, rect, base)), looks[-1])
        element = UIButton(rect, texts[0], manager=self.ui, object_id=look, tool_tip_text=tooltip)
        font = element.font
        assert font is not None  # a button gets its look's font when it is made
        if look == looks[-1]:  # even the small font may be too wide: pygame_gui clips it
            for text in texts:
                if font.size(text)[0] > rect.width - CLIP_MARGIN:
                    theme.note_cut(text, "")
        return element

    def _register(self, item: Focusable) -> None:
        self.ring.add(item)
        self._by_element[item.element] = item

    # ---- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind, current = intent.kind, self.ring.current
        if intent.is_pointer and intent.event is not None:
            if kind is not Kind.POINT_MOVE:
                self._pointer = intent.pos
            self.ui.process_events(intent.event)
            if kind is Kind.POINT_DOWN:
                self._focus_under(intent.pos)
        elif kind is Kind.UI:
            self._ui_event(intent.event)
        elif current is not None and current.is_text and kind in (Kind.TEXT, Kind.LEFT, Kind.RIGHT):
            if intent.event is not None:
                self._type(current.element, intent)
                self.ui.process_events(intent.event)
        elif kind in (Kind.UP, Kind.PREV):
            self.ring.move(-1)
        elif kind in (Kind.DOWN, Kind.NEXT):
            self.ring.move(1)
        elif kind is Kind.LEFT and current is not None:
            (current.left or (lambda: self.ring.move(-1)))()
        elif kind is Kind.RIGHT and current is not None:
            (current.right or (lambda: self.ring.move(1)))()
        elif kind is Kind.CONFIRM and current is not None:
            if current.is_text:
                self.ring.move(1)
            elif current.enabled and current.activate is not None:
                current.activate()
        elif kind is Kind.BACK:
            self.back()

    def _type(self, element: UIElement, intent: Intent) -> None:
        """The first letter typed into a field that shows its default replaces the default."""
        if element not in self._defaults:
            return
        event = intent.event
        if intent.kind is Kind.TEXT and event is not None and event.type == pygame.TEXTINPUT:
            self._defaults.discard(element)
            element.set_text("")  # type: ignore[attr-defined]
        elif intent.kind is not Kind.TEXT or getattr(event, "key", None) == pygame.K_BACKSPACE:
            self._defaults.discard(element)  # the player edits the default: it stays

    def _focus_under(self, pos: tuple[int, int] | None) -> None:
        for i, item in enumerate(self.ring.items):
            if pos is not None and item.element.rect.collidepoint(pos):
                self.ring.index = i

    def _ui_event(self, event: pygame.event.Event | None) -> None:
        if event is None:
            return
        element = getattr(event, "ui_element", None)
        item = None if element is None else self._by_element.get(element)
        if item is None:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and item.activate is not None:
            self.ring.focus(item.element)
            pointer = self._pointer
            # a choice "‹  value  ›": a press on its left half steps back, as its ‹ says
            on_left = pointer is not None and pointer[0] < item.element.rect.centerx
            back = item.left is not None and on_left
            (item.left if back and item.left is not None else item.activate)()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._on_text[item.element](event.text)

    # ---- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def pace(self) -> float:
        """``idle_pace``, and a slow decoration's while the focus ring pulses or a text
        cursor blinks."""
        typing = any(isinstance(item.element, UITextEntryLine) and item.element.is_focused
                     for item in self.ring.items)  # fmt: skip
        return max(self.idle_pace, DECOR if self.services.show_focus or typing else 0.0)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.background:
            theme.draw_backdrop(surface, self.services.clock.now)
        self.draw_content(surface, alpha)
        self.ui.draw_ui(surface)
        current = self.ring.current
        if self.services.show_focus and current is not None and current.enabled:
            theme.draw_focus(surface, current.element.rect, self.services.clock.now)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        """Drawing under the controls (titles, boards, pictures); override."""

    def drawn_controls(self) -> list[pygame.Rect]:
        """The controls this scene draws itself rather than as pygame_gui elements (the cards
        of a hand that a press picks up): no text may overlap them, no toast cover them."""
        return []
