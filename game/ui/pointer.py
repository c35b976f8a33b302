"""pygame_gui's hover follows the pointer in logical pixels.

pygame_gui asks ``pygame.mouse.get_pos()`` at each update what the pointer is over: window
pixels, while every screen is drawn on the logical 1920x1080 canvas and scaled into the window
(``to_logical`` in the App maps the other way), so in any window of another size the hover was
somewhere else than the pointer. The events a manager is given are already mapped to logical
pixels (``game.engine.intents``): the last of them says where the pointer is.
"""

from __future__ import annotations

from typing import Any

import pygame

NOWHERE = (-1, -1)  # no pointer event yet: nothing is hovered
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class LogicalPointer:
    """Mixed into a ``pygame_gui.UIManager`` (before it in the bases)."""

    mouse_position: tuple[int, int]
    _pointer: tuple[int, int] = NOWHERE

    def process_events(self, event: pygame.event.Event) -> Any:
        pos = getattr(event, "pos", None)
        if event.type in POINTER_EVENTS and pos is not None:
            self._pointer = (int(pos[0]), int(pos[1]))
        return super().process_events(event)  # type: ignore[misc]

    def _update_mouse_position(self) -> None:
        self.mouse_position = self._pointer


def show_cursor(visible: bool) -> None:
    """Show or hide the mouse cursor. Hidden means a transparent cursor, not
    ``pygame.mouse.set_visible(False)``: with the input grabbed (the kiosk's fullscreen) a hidden
    cursor puts SDL into relative mouse mode, where positions are virtual, hover never moves and
    clicks land where the pointer is not."""
    try:
        if not visible:
            pygame.mouse.set_cursor((0, 0), pygame.Surface((1, 1), pygame.SRCALPHA))
            return
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:  # no system cursors (SDL's dummy driver): pygame's own arrow
            pygame.mouse.set_cursor(pygame.cursors.arrow)
    except pygame.error:  # a video driver without cursors: nothing to show or hide
        pass


def cursor_hidden() -> bool:
    """Whether the cursor is the transparent one ``show_cursor(False)`` set."""
    cursor = pygame.mouse.get_cursor()
    surface = cursor.data[-1]  # a colour cursor's data: (hotspot, surface)
    if cursor.type != "color" or not isinstance(surface, pygame.Surface):
        return False
    return surface.get_size() == (1, 1) and surface.get_at((0, 0)).a == 0
