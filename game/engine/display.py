"""The display: the window or full screen, and the logical canvas scaled into it.

Everything is drawn on a logical 1920x1080 canvas; when the window has another size the canvas
is scaled into it, letterboxed, and pointer positions are mapped back (``to_logical``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pygame

from game.persist.log import LOG

LOGICAL_SIZE = (1920, 1080)
ALIGN_MAX = 8  # a window part is scaled alone only at scales like 2/3 or 1/2 (see _aligned)
DEFAULT_WINDOW = (1280, 720)


class Display:
    """``kiosk_display``: in kiosk mode, the display the full screen goes to (and the input is
    grabbed there); None on the desktop."""

    def __init__(self, fullscreen: bool, size: tuple[int, int] | None,
                 kiosk_display: int | None = None) -> None:  # fmt: skip
        self.fullscreen = fullscreen
        self.size = size or DEFAULT_WINDOW
        self.kiosk_display = kiosk_display
        self.window = self._open_window()
        self.canvas = pygame.Surface(LOGICAL_SIZE).convert()

    def reopen(self) -> None:
        """The display again after the loop lost it (an error while drawing)."""
        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            pygame.display.init()
            self.window = self._open_window()

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            self.fullscreen = on
            self.window = self._open_window()

    def resized(self) -> None:
        """The player resized the window (a window only: full screen keeps its size)."""
        window = pygame.display.get_surface()
        if not self.fullscreen and window is not None:
            self.window = window

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen and self.kiosk_display is not None:
            return _open_kiosk_display(self.kiosk_display)
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.size, pygame.RESIZABLE)

    def _viewport(self) -> tuple[float, pygame.Rect]:
        ww, wh = self.window.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh) or 1.0
        rect = pygame.Rect(0, 0, round(lw * scale), round(lh * scale))
        rect.center = (ww // 2, wh // 2)
        return scale, rect

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        scale, rect = self._viewport()
        return round((pos[0] - rect.x) / scale), round((pos[1] - rect.y) / scale)

    def surface(self) -> pygame.Surface:
        """Where scenes draw this frame: the window itself when it has the logical size."""
        return self.window if self.window.get_size() == LOGICAL_SIZE else self.canvas

    def present(self, area: pygame.Rect | None = None) -> None:
        """Show the frame; ``area`` (logical): only that part changed."""
        if self.window.get_size() == self.canvas.get_size():
            pygame.display.flip() if area is None else pygame.display.update(area)
            return
        scale, rect = self._viewport()
        if area is None:
            self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(self.canvas, rect.size, self.window.subsurface(rect))
            pygame.display.flip()
            return
        part = _aligned(area, Fraction(rect.w, self.canvas.get_width()),
                        Fraction(rect.h, self.canvas.get_height()))  # fmt: skip
        if part is None or not self.canvas.get_rect().contains(part[0]):
            self.present()  # at this window size a part cannot be scaled as the whole is
            return
        source, shown = part
        shown.move_ip(rect.topleft)
        pygame.transform.smoothscale(
            self.canvas.subsurface(source), shown.size, self.window.subsurface(shown)
        )
        pygame.display.update(shown)

    def save_screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface(), str(path))


def _open_kiosk_display(wanted: int) -> pygame.Surface:
    """Fullscreen at the native size of display ``wanted``, else of the first display."""
    count = pygame.display.get_num_displays()
    if not 0 <= wanted < count:
        LOG.warning("kiosk: there is no display %d (%d found); using display 0", wanted, count)
        wanted = 0
    window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN, display=wanted)
    pygame.event.set_grab(True)  # with SDL_GRAB_KEYBOARD: Alt+Tab, Super stay in the kiosk
    return window


def _aligned(
    area: pygame.Rect, sx: Fraction, sy: Fraction
) -> tuple[pygame.Rect, pygame.Rect] | None:
    """``area`` grown to edges that scale to whole window pixels (at 2/3: multiples of 3), so
    that the part scaled alone gives the pixels the whole frame scaled would; and its window
    rect. None when the scale allows no small such step (an odd window size)."""
    if max(sx.denominator, sy.denominator) > ALIGN_MAX:
        return None
    qx, qy = sx.denominator, sy.denominator
    left, top = area.x // qx * qx, area.y // qy * qy
    right, bottom = -(-area.right // qx) * qx, -(-area.bottom // qy) * qy
    source = pygame.Rect(left, top, right - left, bottom - top)
    shown = pygame.Rect(int(left * sx), int(top * sy), int(source.w * sx), int(source.h * sy))
    return source, shown
