"""The whole game's move log, opened over the table (issue 29, item 3): every entry since the
game began (or was resumed), each after the mark (shape and colour) of the seat that made it,
in the player's language, newest at the bottom.

It opens scrolled to the newest entry. The mouse wheel, a drag or swipe over the list, the
arrows and the D-pad scroll it a line, Page Up/Down and a pad's shoulders a page, Home/End and
the "First" and "Newest" buttons to either end. Esc, the pad's B, X or Start, the key L, the
"Close" button or a press beside the panel close it: the table goes on where it was (it is
paused beneath, as under any overlay). The entries are the table's public log: it holds no
secret, and neither does this view. The lines are worked out again when the log or the
language changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.i18n import tr
from game.play.panels import LogLine
from game.ui import theme
from game.ui.kit import UIScene
from game.ui.screens import dim

if TYPE_CHECKING:
    from game.engine.services import Services

PANEL = pygame.Rect(300, 40, 1320, 1000)
LIST = pygame.Rect(PANEL.x + 40, PANEL.y + 112, PANEL.w - 112, PANEL.h - 112 - 124)
BAR = pygame.Rect(LIST.right + 20, LIST.y, 12, LIST.h)  # the scroll bar's track
BUTTON_H, BUTTON_GAP = 76, 24
TEXT_SIZE = 30
MARK_R = 12
TEXT_X = 56  # the text's left, from the list's; the mark stands in front of it
ROW_PAD = 8  # above and below an entry's lines
WHEEL_LINES = 3
LOG_KEYS = frozenset({pygame.K_l})


def log_key(intent: Intent) -> bool:
    """Whether ``intent`` is the move log's key: L on a keyboard, X on a gamepad."""
    if intent.kind is Kind.LOG:
        return True
    event = intent.event
    return (
        intent.kind is Kind.TEXT
        and event is not None
        and event.type == pygame.KEYDOWN
        and event.key in LOG_KEYS
        and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    )


class LogSource(Protocol):
    """What the view reads of a table: its log as lines, and a count that changes with it."""

    log_serial: int

    def log_lines(self, rows: int | None = None) -> list[LogLine]: ...


@dataclass(frozen=True)
class Row:
    """One entry as the view sets it: its wrapped lines, its mark, where it starts and its
    height (in the list's own pixels, from the first entry's top)."""

    lines: tuple[str, ...]
    mark: tuple[str, tuple[int, int, int]] | None
    top: int
    height: int
    seat_change: bool  # another seat than the entry before: a rule above it


def set_rows(lines: Sequence[LogLine], width: int) -> list[Row]:
    """The entries wrapped to ``width`` (the text's room), one under the other."""
    rows: list[Row] = []
    step = theme.line_height(TEXT_SIZE)
    top, last_mark = 0, None
    for line in lines:
        wrapped = tuple(theme.wrap(line.text, TEXT_SIZE, width)) or ("",)
        height = len(wrapped) * step + 2 * ROW_PAD
        change = bool(rows) and line.mark is not None and line.mark != last_mark
        rows.append(Row(wrapped, line.mark, top, height, change))
        if line.mark is not None:
            last_mark = line.mark
        top += height
    return rows


class MoveLogScene(UIScene):
    name = "movelog"
    overlay = True
    background = False

    def __init__(self, services: Services, source: LogSource) -> None:
        super().__init__(services)
        self.source = source

    def enter(self) -> None:
        self._key: object = None
        self.rows: list[Row] = []
        self.height = 0
        self.offset = 0.0  # how far the list is scrolled, in pixels from its first entry
        self.drag: tuple[int, float] | None = None  # (pointer y, offset) where a drag began
        self._layout()
        self.offset = self.most
        self.build()
        self.ring.focus(self.close_button)

    # ---- the entries --------------------------------------------------------------------------
    def _layout(self) -> None:
        """Wrap the entries again if the log, the language or the text size changed."""
        key = (self.source.log_serial, i18n.language(), theme.gui_key())
        if key == self._key:
            return
        at_end = self.offset >= self.most
        self._key = key
        self.rows = set_rows(self.source.log_lines(), LIST.w - TEXT_X - 8)
        self.height = self.rows[-1].top + self.rows[-1].height if self.rows else 0
        self.offset = self.most if at_end else min(self.offset, self.most)

    @property
    def most(self) -> float:
        """The furthest the list scrolls: its newest entry at the bottom."""
        return float(max(0, self.height - LIST.h))

    def scroll(self, pixels: float) -> None:
        self.offset = max(0.0, min(self.most, self.offset + pixels))

    def line(self) -> int:
        return theme.line_height(TEXT_SIZE)

    def first(self) -> None:
        self.offset = 0.0

    def newest(self) -> None:
        self.offset = self.most

    def visible(self) -> list[Row]:
        """The entries in sight now (whole or in part)."""
        top, bottom = self.offset, self.offset + LIST.h
        return [r for r in self.rows if r.top + r.height > top and r.top < bottom]

    # ---- controls -----------------------------------------------------------------------------
    def build(self) -> None:
        w = (PANEL.w - 80 - 2 * BUTTON_GAP) // 3
        y = PANEL.bottom - 40 - BUTTON_H
        x = PANEL.x + 40
        self.first_button = self.button(pygame.Rect(x, y, w, BUTTON_H), tr("movelog.first"),
                                        self.first)  # fmt: skip
        self.newest_button = self.button(pygame.Rect(x + w + BUTTON_GAP, y, w, BUTTON_H),
                                         tr("movelog.newest"), self.newest)  # fmt: skip
        self.close_button = self.button(pygame.Rect(x + 2 * (w + BUTTON_GAP), y, w, BUTTON_H),
                                        tr("movelog.close"), self.close)  # fmt: skip

    def close(self) -> None:
        self.services.scenes.pop()

    def resume(self) -> None:
        super().resume()
        self.ring.focus(self.close_button)

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind, pos = intent.kind, intent.pos
        if log_key(intent) or kind in (Kind.BACK, Kind.PAUSE):
            self.close()
        elif kind in (Kind.UP, Kind.DOWN):
            self.scroll(self.line() * (-1 if kind is Kind.UP else 1))
        elif kind in (Kind.PREV, Kind.NEXT) and intent.source == "pad":  # the shoulders
            self.page(-1 if kind is Kind.PREV else 1)
        elif kind is Kind.SCROLL and pos is not None:
            self.scroll(pos[1] * WHEEL_LINES * self.line())
        elif kind is Kind.TEXT and self._page_key(intent):
            return
        elif kind is Kind.POINT_DOWN and pos is not None and not PANEL.collidepoint(pos):
            self.close()  # a press beside the panel: back to the table
        else:
            if intent.is_pointer and pos is not None and self._dragged(kind, pos):
                return
            super().handle(intent)

    def page(self, direction: int) -> None:
        self.scroll(direction * max(self.line(), LIST.h - self.line()))

    def _page_key(self, intent: Intent) -> bool:
        event = intent.event
        if event is None or event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.page(-1 if event.key == pygame.K_PAGEUP else 1)
        elif event.key == pygame.K_HOME:
            self.first()
        elif event.key == pygame.K_END:
            self.newest()
        else:
            return False
        return True

    def _dragged(self, kind: Kind, pos: tuple[int, int]) -> bool:
        """A press on the list and a move drag it along (a finger's swipe alike)."""
        if kind is Kind.POINT_DOWN and LIST.collidepoint(pos):
            self.drag = (pos[1], self.offset)
            return True
        if kind is Kind.POINT_MOVE and self.drag is not None:
            start, offset = self.drag
            self.offset = max(0.0, min(self.most, offset - (pos[1] - start)))
            return True
        if kind is Kind.POINT_UP and self.drag is not None:
            self.drag = None
            return True
        return False

    # ---- drawing ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._layout()

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        self._layout()
        dim(surface, 150)
        theme.panel(surface, PANEL, (16, 24, 40, 245), 28)
        pygame.draw.rect(surface, theme.palette().accent, PANEL, 3, border_radius=28)
        title = tr("movelog.title")
        theme.text(surface, title, (PANEL.x + 40, PANEL.y + 56), 48, theme.WHITE, True,
                   "midleft", width=PANEL.w - 80)  # fmt: skip
        if not self.rows:
            theme.text(surface, tr("movelog.empty"), (LIST.x, LIST.y + 20), TEXT_SIZE,
                       theme.palette().muted, width=LIST.w)  # fmt: skip
            return
        clip = surface.get_clip()
        surface.set_clip(LIST.clip(clip) if clip else LIST)
        for row in self.visible():
            self._draw_row(surface, row)
        surface.set_clip(clip)
        self._draw_bar(surface)

    def _draw_row(self, surface: pygame.Surface, row: Row) -> None:
        y = LIST.y + row.top - round(self.offset)
        muted = theme.palette().muted
        if row.seat_change:
            pygame.draw.line(surface, muted, (LIST.x, y), (LIST.right, y), 1)
        step = theme.line_height(TEXT_SIZE)
        first = y + ROW_PAD + step // 2
        if row.mark is not None:
            theme.draw_mark(surface, row.mark[0], row.mark[1], (LIST.x + 24, first), MARK_R)
        newest = row is self.rows[-1]
        colour = theme.WHITE if newest else theme.SNOW
        for i, text in enumerate(row.lines):
            theme.text(surface, text, (LIST.x + TEXT_X, first + i * step), TEXT_SIZE, colour,
                       False, "midleft")  # fmt: skip

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """Where the view is in the whole log: a thumb on a track (only if it scrolls)."""
        if self.height <= LIST.h:
            return
        pygame.draw.rect(surface, (44, 56, 80), BAR, border_radius=6)
        h = max(40, round(BAR.h * LIST.h / self.height))
        y = BAR.y + round((BAR.h - h) * (self.offset / self.most))
        pygame.draw.rect(surface, theme.palette().accent, (BAR.x, y, BAR.w, h), border_radius=6)
