"""What every game's table draws alike: the move log, the prompt, a refusal, a seat's name chip,
the dots and the bubble of a computer that thinks, and side panels kept painted on a still picture.

These are renderers: they draw what they are given and change nothing. Sizes are those at a UI
scale of 100 %; text and line steps grow with the scale through ``theme``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.ui import theme

Colour = tuple[int, int, int]
Mark = tuple[str, Colour]  # a seat's shape and colour


# ---- small pieces -----------------------------------------------------------------------------
def layer(
    size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int = 0
) -> pygame.Surface:
    """A translucent rounded rectangle (solid in high contrast), made once, blitted per frame."""
    return _made_layer(size, theme.solid(rgba), radius)


@cache
def _made_layer(size: tuple[int, int], rgba: tuple[int, ...], radius: int) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, rgba, surface.get_rect(), border_radius=radius)
    return surface




def text_line(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    width: int,
    colour: tuple[int, int, int],
    bold: bool = True,
) -> pygame.Rect:
    """One line from ``pos`` (its middle left), made smaller (to three quarters of ``size``
    at 100 %), then shortened, to fit ``width``."""
    return theme.text(surface, text, pos, size, colour, bold, "midleft", width=width,
                      least=round(size * 0.75))  # fmt: skip


def phone_mark(surface: pygame.Surface, centre: tuple[int, int], height: int,
               joined: bool) -> pygame.Rect:  # fmt: skip
    """A small phone beside a seat's name: the seat plays from a phone. Lit (a screen, a
    button) while its phone is connected; an empty outline while it is gone."""
    rect = pygame.Rect(0, 0, max(8, height * 3 // 5), height)
    rect.center = centre
    radius = max(2, height // 6)
    colour = theme.WHITE if joined else theme.palette().muted
    pygame.draw.rect(surface, colour, rect, max(2, height // 12), border_radius=radius)
    if joined:
        screen = rect.inflate(-max(4, height // 5), -max(8, height * 2 // 5))
        screen.y = rect.y + max(3, height // 8)
        pygame.draw.rect(surface, theme.palette().accent, screen)
        pygame.draw.circle(surface, colour, (rect.centerx, rect.bottom - max(3, height // 9)),
                           max(1, height // 14))  # fmt: skip
    return rect


def thinking_dots(seconds: float) -> str:
    """One to three dots, one more every third of a second: a computer is thinking."""
    return "." * (1 + int(seconds * 3) % 3)


def thought_bubble(surface: pygame.Surface, top: tuple[int, int], seconds: float) -> None:
    """A thought bubble with three dots lit in turn, above the piece whose top is ``top``."""
    x, y = top[0] + 30, top[1] - 26
    pygame.draw.circle(surface, theme.WHITE, (x - 22, y + 30), 5)
    rect = pygame.Rect(0, 0, 74, 40)
    rect.center = (x, y)
    pygame.draw.ellipse(surface, theme.WHITE, rect)
    pygame.draw.ellipse(surface, theme.INK, rect, 2)
    for i in range(3):
        lit = int(seconds * 3) % 3 == i
        pygame.draw.circle(
            surface, theme.INK if lit else theme.palette().muted, (x - 18 + 18 * i, y), 6
        )


def name_chip(
    surface: pygame.Surface, name: str, mark: Mark, pos: tuple[int, int], size: int
) -> int:
    """A seat's name on a pill in its colour, its mark in front; ``pos`` is the pill's middle
    left. Returns the pill's right edge."""
    shape, colour = mark
    ink = theme.INK if sum(colour) > 400 else theme.WHITE
    width = theme.font(size, True).size(name)[0] + size + 36
    rect = pygame.Rect(pos[0], pos[1] - size // 2 - 8, width, size + 16)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    theme.draw_mark(
        surface, shape, colour, (rect.x + size // 2 + 10, rect.centery), size * 0.38, ink
    )
    theme.text(surface, name, (rect.x + size + 18, rect.centery), size, ink, True, "midleft")
    return rect.right


# ---- the prompt -------------------------------------------------------------------------------
def draw_prompt(
    surface: pygame.Surface,
    pos: tuple[int, int],
    width: int,
    question: str,
    hint: str = "",
    size: int = 30,
) -> None:
    """What the table asks (white, bold) and under it a hint (accent), each on one line that
    shrinks to ``width``; ``pos`` is the question's middle left."""
    x, y = pos
    text_line(surface, question, (x, y), size, width, theme.WHITE)
    if hint:
        text_line(surface, hint, (x, y + 40), size - 2, width, theme.palette().accent)


@dataclass(frozen=True)
class NoticeStyle:
    """How a refusal looks: a red box, the text wrapped into two lines or fitted to one."""

    fill: tuple[int, int, int, int] = (150, 40, 34, 235)
    radius: int = 14
    size: int = 24
    one_line: bool = False  # one line in the box's middle, shortened if need be


ONE_LINE_NOTICE = NoticeStyle(fill=(120, 40, 36, 230), radius=18, size=30, one_line=True)
"""Nanuuk!'s and Kap Hoorn's refusal: one larger line in a darker box over the board's foot."""


def draw_notice(
    surface: pygame.Surface, rect: pygame.Rect, text: str, style: NoticeStyle = NoticeStyle()
) -> None:
    """A refusal (``PlayTable.notice``) in a red box ``rect``, at any UI scale inside it. The
    default is the table's look (``PlayTable.draw_notice``)."""
    theme.panel(surface, rect, style.fill, style.radius)
    if style.one_line:
        line = theme.fit(text, style.size, rect.w - 40, True)
        theme.text(surface, line, rect.center, style.size, theme.WHITE, True, "center")
    else:
        theme.text_in(surface, text, rect.inflate(-32, -10), style.size, theme.WHITE, True,
                      align="center", middle=True)  # fmt: skip


# ---- the move log -----------------------------------------------------------------------------
@dataclass(frozen=True)
class LogLine:
    """One entry of the move log as drawn: its text, after the mark of the seat that made it."""

    text: str
    mark: Mark | None = None


@dataclass(frozen=True)
class LogStyle:
    """How a table's move log looks (the defaults: Der Berg ruft's). Offsets are from the left
    of the log and from each row's ``y``; rows lie ``line`` apart, further at a larger UI scale."""

    size: int = 24  # text size
    line: int = 34  # the step from row to row
    mark_x: int = 28  # the mark's centre
    mark_y: int | None = 0  # None: half a line of its text below the row's y
    mark_r: int = 10
    text_x: int = 48
    anchor: str = "midleft"  # how the text stands at (text_x, the row's y)
    room: int = 60  # the text is this much narrower than the log
    shrink: bool = True  # a long line is set smaller (to 3/4) before it is cut; else only cut
    colour: Colour = (206, 212, 224)
    latest: Colour | None = (255, 255, 255)  # the newest line stands out; None: it does not

    def step(self) -> int:
        """The row step at the current UI scale."""
        return theme.spaced(self.line, self.size)

    def rows(self, rows: int) -> int:
        """How many rows fit at the current UI scale where ``rows`` fit at 100 %."""
        return max(1, rows * self.line // self.step())


def draw_log(
    surface: pygame.Surface,
    origin: tuple[int, int],
    width: int,
    lines: Sequence[LogLine],
    style: LogStyle = LogStyle(),
) -> None:
    """The log's rows, the first at ``origin`` (its left and its row's y), ``width`` wide."""
    x, y = origin
    step = style.step()
    for i, line in enumerate(lines):
        row = y + step * i
        if line.mark is not None:
            dy = theme.line_height(style.size) // 2 if style.mark_y is None else style.mark_y
            theme.draw_mark(surface, line.mark[0], line.mark[1], (x + style.mark_x, row + dy),
                            style.mark_r)  # fmt: skip
        room = width - style.room
        least = round(style.size * 0.75) if style.shrink else style.size
        newest = style.latest is not None and i == len(lines) - 1
        colour = style.latest if newest and style.latest is not None else style.colour
        theme.text(surface, line.text, (x + style.text_x, row), style.size, colour, False,
                   style.anchor, width=room, least=least)  # fmt: skip


def panel_rows(rect: pygame.Rect, style: LogStyle = LogStyle(), head: int = 0) -> int:
    """How many rows of the log fit the titled box ``rect`` (``draw_log_panel``) at the current
    UI scale: the newest entries that many, so the newest is always seen whole."""
    return max(1, (rect.h - _first_row(style, head) - 6) // style.step())


def _first_row(style: LogStyle, head: int) -> int:
    """The first row's y in a titled log box, under its title (``head`` more for a taller
    title band, where a control stands beside the title)."""
    return theme.spaced(58, style.size) + head


def draw_log_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    empty: str,
    lines: Sequence[LogLine],
    style: LogStyle = LogStyle(),
    title_w: int | None = None,
    head: int = 0,
) -> None:
    """The log in a titled translucent box ``rect``: the newest of ``lines`` that fit it
    (``panel_rows``), the newest at the bottom; ``empty`` stands in it before the first move.
    The title keeps to ``title_w`` and its band is ``head`` taller (a control may stand
    beside it)."""
    top = _first_row(style, head)
    lines = lines[max(0, len(lines) - panel_rows(rect, style, head)):]
    surface.blit(layer(rect.size, (10, 16, 30, 175), 16), rect)
    band = top - style.step() // 2  # the title's band, above the first row
    theme.text(surface, title, (rect.x + 16, rect.y + band // 2 + 2), style.size,
               theme.palette().accent, True, "midleft", width=title_w or rect.w - 32)  # fmt: skip
    if not lines:
        text = theme.fit(empty, style.size, rect.width - 40)
        muted = theme.palette().muted
        theme.text(surface, text, (rect.x + 20, rect.y + top), style.size, muted, False,
                   "midleft")  # fmt: skip
    draw_log(surface, (rect.x, rect.y + top), rect.width, lines, style)


# ---- panels kept on a still picture ----------------------------------------------------------
class Same:
    """A part of a panel's key equal only to the very same object: an immutable game state is
    compared by identity, not field by field."""

    __slots__ = ("obj",)

    def __init__(self, obj: object) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    __hash__ = None  # type: ignore[assignment]


class PanelCache:
    """A still picture (the board) with the side panels painted onto a copy of it, each again
    only when what it shows (its key) has changed: a frame then blits one opaque picture and
    draws what moves on top.

    ``background`` gives the still picture (a cached surface, never drawn on)."""

    def __init__(self, background: Callable[[], pygame.Surface]) -> None:
        self.background = background
        self.surface = background().copy()
        self._keys: dict[str, object] = {}

    def reset(self) -> None:
        """Paint everything anew (the settings changed the contrast or the text size)."""
        self.surface = self.background().copy()
        self._keys = {}

    def paint(
        self,
        name: str,
        rect: pygame.Rect,
        key: object,
        paint: Callable[[pygame.Surface], None] | None,
    ) -> None:
        """Panel ``name`` in ``rect``: the still picture there, then ``paint`` (clipped to
        ``rect``), whenever ``key`` differs from the last one; ``paint=None`` clears it."""
        if self._keys.get(name) == key:
            return
        self._keys[name] = key
        surface = self.surface
        surface.blit(self.background(), rect, area=rect)
        if paint is not None:
            surface.set_clip(rect)
            paint(surface)
            surface.set_clip(None)
