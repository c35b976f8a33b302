"""Toasts: short messages on top of every scene, laid where they cover nothing (issue 18, 6).

A toast must not hide a control, a logo, a panel or a board. The app tells the layout what the
frame holds: every text and panel drawn (``theme.Recording``), every control, and what the top
scene keeps clear besides (``Scene.keep_clear``: a board). Each toast takes the first free
place in reading order from the top centre, as wide as it may be there: the narrower, the more
lines it wraps into. Two show at once, the others wait their turn. A scene may name its own
place instead (``Scene.message_area``: a table's notice band), where they stack upward.
The place is found once per set of toasts and screen, not every frame.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme

SIZE = 30  # text size of a toast
WIDTHS = (1500, 1200, 1000, 860, 780, 720, 660, 600, 520)  # tried in turn, the widest first
PAD, GAP, MARGIN, STEP_PX = 14, 12, 16, 12
SHOWN = 2  # at most this many at once, the oldest; the others wait their turn
FILL = (40, 20, 20, 235)


@dataclass
class Toast:
    text: str
    left: float  # seconds


@dataclass(frozen=True)
class Placed:
    box: pygame.Rect
    lines: tuple[str, ...]
    step: int
    px: int  # the text's drawn size


class Toasts:
    def __init__(self) -> None:
        self.shown: list[Toast] = []  # on screen first, then those waiting their turn
        self.on_screen = SHOWN  # how many of them found room at the last drawing
        self._placed: tuple[Hashable, list[Placed]] | None = None

    def add(self, text: str, seconds: float, once: bool = False) -> None:
        """``once``: not while the same text shows."""
        if once and any(t.text == text for t in self.shown):
            return
        self.shown.append(Toast(text, seconds))

    def tick(self, dt: float) -> None:
        """The toasts on screen run down; those waiting their turn keep their time."""
        ticked = [Toast(t.text, t.left - dt) for t in self.shown[: self.on_screen]]
        self.shown = [t for t in ticked if t.left > 0] + self.shown[self.on_screen :]

    @property
    def texts(self) -> tuple[str, ...]:
        """The toasts that may show now (if they find room)."""
        return tuple(t.text for t in self.shown[:SHOWN])

    def draw(self, surface: pygame.Surface, taken: Sequence[pygame.Rect],
             area: pygame.Rect | None, look: Hashable) -> list[Placed]:  # fmt: skip
        """Lay out (if the toasts or the screen changed) and draw the toasts; ``taken``: what
        they must leave uncovered; ``area``: the scene's own place for them."""
        if not self.shown:
            self._placed, self.on_screen = None, SHOWN
            return []
        key = (self.texts, look, theme.gui_key())
        if self._placed is None or self._placed[0] != key:
            screen = surface.get_rect()
            if area:  # in a scene's own place (over a board) one at a time: the others wait
                placed = stack_in(self.texts[:1], area)
            else:
                placed = find_room(self.texts, taken, screen)
            self._placed = (key, placed)
        placed = self._placed[1]
        self.on_screen = len(placed)
        for toast in placed:
            theme.panel(surface, toast.box, FILL)
            for i, line in enumerate(toast.lines):
                at = (toast.box.centerx, toast.box.y + PAD + toast.step * i)
                theme.text(surface, line, at, SIZE, anchor="midtop", px=toast.px)
        return placed


def _boxes(texts: Sequence[str], width: int, px: int | None = None) -> list[Placed]:
    """The toasts wrapped to ``width`` in ``px`` text (default: at the UI scale), stacked from
    y = 0 (the newest last)."""
    px = px or theme.scaled(SIZE)
    face = theme.base_font(px)
    step = max(40, face.get_linesize())
    placed, y = [], 0
    for text in texts:
        lines = tuple(theme.wrap_in(text, face, width - 2 * PAD))
        height = step * (len(lines) - 1) + face.get_linesize() + 2 * PAD
        placed.append(Placed(pygame.Rect(0, y, width, height), lines, step, px))
        y += height + GAP
    return placed


def _moved(placed: list[Placed], dx: int, dy: int) -> list[Placed]:
    return [Placed(p.box.move(dx, dy), p.lines, p.step, p.px) for p in placed]


def find_room(texts: Sequence[str], taken: Sequence[pygame.Rect],
              screen: pygame.Rect) -> list[Placed]:  # fmt: skip
    """Each toast, the oldest first, in the first place from the top centre in reading order
    where it covers nothing ``taken`` nor the toasts placed before it, as wide as fits there.
    One without room waits until the toasts before it are gone; the first, if it finds none
    anywhere, shows over the top edge (nothing it says may wait)."""
    room = screen.inflate(-2 * MARGIN, -2 * MARGIN)
    grown = [r.inflate(GAP, GAP) for r in taken]
    placed: list[Placed] = []
    for text in texts:
        toast = _room_for(text, grown, room)
        if toast is None and placed:
            break  # it waits its turn, and those after it
        if toast is None:  # the first always shows
            (toast,) = _moved(_boxes([text], min(WIDTHS[0], room.w)), 0, room.y)
            toast.box.centerx = screen.centerx
        placed.append(toast)
        grown.append(toast.box.inflate(GAP, GAP))
    return placed


def _room_for(text: str, taken: list[pygame.Rect], room: pygame.Rect) -> Placed | None:
    """At the UI scale if there is room for it, else in smaller text, down to 100 %."""
    for px in range(theme.scaled(SIZE), SIZE - 1, -3) if theme.scaled(SIZE) > SIZE else [SIZE]:
        for width in WIDTHS:
            if width > room.w:
                continue
            (toast,) = _boxes([text], width, px)
            for y in range(room.y, room.bottom - toast.box.h + 1, STEP_PX):
                for x in _centre_out(room, width):
                    if pygame.Rect(x, y, width, toast.box.h).collidelist(taken) < 0:
                        return _moved([toast], x, y)[0]
    return None


def _centre_out(room: pygame.Rect, width: int) -> list[int]:
    """Left edges of a ``width`` box in ``room``, the centred one first, then outwards."""
    middle, last = room.centerx - width // 2, room.right - width
    xs = [middle]
    for d in range(STEP_PX * 4, room.w, STEP_PX * 4):
        xs += [x for x in (middle - d, middle + d) if room.x <= x <= last]
    return xs


def stack_in(texts: Sequence[str], area: pygame.Rect) -> list[Placed]:
    """In the scene's own place, as wide as it: the newest at its bottom and older ones above
    when they fit above it, else down from its top."""
    placed = _boxes(texts, area.w)
    height = placed[-1].box.bottom
    top = area.bottom - height if area.bottom - height >= MARGIN else area.y
    return _moved(placed, area.x, top)
