"""The Nanuuk! pieces: hunters, animals, Inuit, polar bears, the kayak and the equipment icons.

Every figure is drawn once per (kind, size, colour) at twice its size, smoothed down and cached;
drawing one on the board is a single blit. ``radius`` is the hex radius of the field the figure
stands on: a piece fits in a circle of about 0.85 * radius round ``centre``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui import theme

Point = tuple[float, float]
RGB = tuple[int, int, int]
SS = 2  # supersampling of the cached sprites

INK = (28, 32, 44)
SKIN = (214, 160, 112)
FUR = (246, 238, 214)
FUR_SHADE = (206, 192, 160)
WOOD = (150, 100, 56)
WOOD_DARK = (96, 60, 30)
BONE = (244, 236, 210)

PIECE_KINDS = ("fish", "seal", "walrus", "whale", "inuk", "bear")
EQUIPMENT_KINDS = ("harpoon", "husky", "sledge", "kayak")
FIT = 0.85  # a figure's extent in hex radii


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _finish(big: pygame.Surface) -> pygame.Surface:
    w, h = big.get_size()
    small = pygame.transform.smoothscale(big, (max(1, w // SS), max(1, h // SS)))
    return small.convert_alpha() if _display_ready() else small


def _darker(c: RGB, t: float = 0.35) -> RGB:
    return tuple(round(v * (1 - t)) for v in c)  # type: ignore[return-value]


def _lighter(c: RGB, t: float = 0.35) -> RGB:
    return tuple(round(v + (255 - v) * t) for v in c)  # type: ignore[return-value]


class _Pen:
    """Draws in unit coordinates (-1..1 across the figure, y down) onto a supersampled canvas."""

    def __init__(self, surface: pygame.Surface, unit: float) -> None:
        self.s = surface
        self.u = unit
        self.cx = surface.get_width() / 2
        self.cy = surface.get_height() / 2
        self.line = max(2, round(unit * 0.055))

    def p(self, x: float, y: float) -> Point:
        return (self.cx + x * self.u, self.cy + y * self.u)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(
            round(self.cx + x * self.u),
            round(self.cy + y * self.u),
            round(w * self.u),
            round(h * self.u),
        )

    def ellipse(self, colour, x, y, w, h, outline: bool = True) -> None:
        r = self.rect(x - w / 2, y - h / 2, w, h)
        pygame.draw.ellipse(self.s, colour, r)
        if outline:
            pygame.draw.ellipse(self.s, INK, r, self.line)

    def circle(self, colour, x, y, rad, outline: bool = True) -> None:
        pygame.draw.circle(self.s, colour, self.p(x, y), rad * self.u)
        if outline:
            pygame.draw.circle(self.s, INK, self.p(x, y), rad * self.u, self.line)

    def poly(self, colour, pts, outline: bool = True) -> None:
        q = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.s, colour, q)
        if outline:
            pygame.draw.polygon(self.s, INK, q, self.line)
            for c in q:  # round the outline's joints
                pygame.draw.circle(self.s, INK, c, self.line / 2)

    def outline(self, pts) -> None:
        q = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.s, INK, q, self.line)

    def lines(self, colour, pts, width: float, closed: bool = False) -> None:
        w = max(1, round(width * self.u))
        q = [self.p(x, y) for x, y in pts]
        pygame.draw.lines(self.s, colour, closed, q, w)
        if w > 2:
            for c in q:
                pygame.draw.circle(self.s, colour, c, w / 2)

    def shadow(self, x: float, y: float, w: float, h: float) -> None:
        pygame.draw.ellipse(self.s, (0, 0, 20, 70), self.rect(x - w / 2, y - h / 2, w, h))


def _curve(x0, y0, rx, ry, a0, a1, n=12) -> list[Point]:
    return [
        (x0 + rx * math.cos(a0 + (a1 - a0) * i / n), y0 + ry * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


# ---- animals and people ----------------------------------------------------------------------
def _fish(pen: _Pen) -> None:
    pen.shadow(0, 0.5, 1.4, 0.28)
    body, belly = (96, 150, 196), (236, 150, 90)
    pen.poly(body, [(0.42, -0.02), (0.86, -0.36), (0.78, 0.0), (0.86, 0.36)])  # tail fin
    pen.poly(body, [(-0.2, -0.24), (0.0, -0.46), (0.22, -0.22)])  # dorsal fin
    top = _curve(-0.06, 0.02, 0.62, 0.32, math.pi, 2 * math.pi, 16)
    bottom = _curve(-0.06, 0.02, 0.62, 0.32, 0, math.pi, 16)
    pen.poly(belly, bottom + top, outline=False)
    pen.poly(body, top + [(0.56, 0.06), (-0.68, 0.08)], outline=False)
    pen.outline(bottom + top)
    pen.lines(_lighter(body, 0.5), [(-0.5, -0.06), (0.3, -0.1)], 0.05)  # shine
    pen.lines(INK, _curve(-0.36, 0.02, 0.08, 0.16, -1.0, 1.0, 6), 0.035)  # gill
    pen.circle((255, 255, 255), -0.48, -0.04, 0.09)
    pen.circle(INK, -0.47, -0.04, 0.045, outline=False)
    pen.lines(INK, [(-0.68, 0.1), (-0.56, 0.12)], 0.04)  # mouth


def _seal(pen: _Pen) -> None:
    pen.shadow(0.05, 0.5, 1.6, 0.3)
    coat, spot = (132, 118, 104), (98, 86, 76)
    pen.poly(coat, [(0.58, 0.22), (0.96, 0.02), (0.86, 0.26), (0.98, 0.46), (0.58, 0.38)])  # tail
    body = _curve(0.0, 0.18, 0.7, 0.3, 0, 2 * math.pi, 24)
    pen.poly(coat, body)
    for x, y, r in ((0.1, 0.08, 0.06), (0.32, 0.16, 0.05), (-0.1, 0.22, 0.045), (0.44, 0.02, 0.04)):
        pen.circle(spot, x, y, r, outline=False)
    pen.poly(_darker(coat, 0.15), [(-0.2, 0.34), (-0.05, 0.62), (-0.36, 0.56)])  # front flipper
    pen.circle(coat, -0.52, -0.12, 0.34)  # head
    pen.ellipse(_lighter(coat, 0.3), -0.74, -0.04, 0.26, 0.2)  # snout
    pen.circle(INK, -0.86, -0.1, 0.05, outline=False)  # nose
    for x in (-0.6, -0.38):
        pen.circle((20, 20, 24), x, -0.2, 0.07, outline=False)
        pen.circle((255, 255, 255), x - 0.02, -0.22, 0.025, outline=False)
    for dy in (-0.06, 0.0, 0.06):  # whiskers
        pen.lines(INK, [(-0.78, -0.02 + dy), (-1.0, -0.06 + dy * 2.2)], 0.02)


def _walrus(pen: _Pen) -> None:
    pen.shadow(0.05, 0.55, 1.7, 0.32)
    hide = (168, 112, 80)
    pen.poly(_darker(hide, 0.1), [(0.6, 0.3), (0.98, 0.14), (0.9, 0.38), (0.98, 0.56), (0.6, 0.48)])
    pen.poly(hide, _curve(0.1, 0.16, 0.72, 0.42, 0, 2 * math.pi, 24))
    for k in range(3):  # folds in the hide
        pen.lines(_darker(hide, 0.25), _curve(0.2 + k * 0.18, 0.18, 0.1, 0.3, -1.0, 1.0, 6), 0.03)
    pen.poly(_darker(hide, 0.15), [(-0.1, 0.44), (0.04, 0.7), (-0.34, 0.66)])  # flipper
    pen.circle(hide, -0.5, -0.16, 0.38)  # head
    pen.poly(BONE, [(-0.7, 0.06), (-0.62, 0.62), (-0.56, 0.06)])  # tusks
    pen.poly(BONE, [(-0.48, 0.06), (-0.38, 0.6), (-0.32, 0.04)])
    pen.circle(_lighter(hide, 0.25), -0.66, -0.02, 0.16)  # whisker pads
    pen.circle(_lighter(hide, 0.25), -0.4, -0.02, 0.16)
    for x, y in ((-0.7, -0.02), (-0.62, 0.04), (-0.44, 0.04), (-0.36, -0.02)):
        pen.circle(INK, x, y, 0.018, outline=False)
    pen.circle(INK, -0.53, -0.14, 0.05, outline=False)  # nose
    for x in (-0.66, -0.36):
        pen.circle((20, 20, 24), x, -0.34, 0.05, outline=False)


def _whale(pen: _Pen) -> None:
    pen.shadow(0.05, 0.56, 1.8, 0.3)
    back, belly = (52, 64, 92), (196, 206, 220)
    # the tail fluke, raised at the back
    pen.poly(
        back,
        [
            (0.5, 0.14),
            (0.76, -0.12),
            (0.98, -0.36),
            (0.86, -0.1),
            (0.98, 0.06),
            (0.72, -0.02),
            (0.58, 0.3),
        ],
    )
    body = _curve(-0.08, 0.18, 0.82, 0.38, 0, 2 * math.pi, 28)
    pen.poly(back, body)
    pen.poly(belly, _curve(-0.16, 0.28, 0.62, 0.2, 0.15, math.pi - 0.1, 12), outline=False)
    for k in range(4):  # throat grooves
        y = 0.34 + k * 0.05
        pen.lines(_darker(belly, 0.25), [(-0.66 + k * 0.04, y), (-0.2, y)], 0.02)
    pen.lines(INK, [(-0.86, 0.2), (-0.5, 0.24), (-0.3, 0.2)], 0.04)  # mouth
    pen.poly(_darker(back, 0.2), [(-0.2, 0.36), (0.02, 0.66), (0.14, 0.4)])  # flipper
    pen.circle((255, 255, 255), -0.5, 0.08, 0.07, outline=False)
    pen.circle(INK, -0.49, 0.08, 0.04, outline=False)
    pen.lines(_lighter(back, 0.3), _curve(-0.08, 0.18, 0.7, 0.28, -2.6, -1.2, 8), 0.04)  # shine
    # the spout from the blowhole: a column that splits and falls to both sides
    spray = (150, 210, 246)
    pen.lines(spray, [(-0.3, -0.22), (-0.3, -0.7)], 0.08)
    for side in (-1, 1):
        arc = [
            (-0.3 + side * 0.26 * t, -0.7 - 0.14 * math.sin(t * 2.2))
            for t in (0, 0.25, 0.5, 0.75, 1)
        ]
        pen.lines(spray, arc, 0.06)
        for k, (dx, dy) in enumerate(((0.3, -0.56), (0.36, -0.46))):
            pen.circle(spray, -0.3 + side * dx, dy, 0.04 - k * 0.01, outline=False)


def _person(pen: _Pen, parka: RGB, height: float, *, trim: RGB = FUR) -> None:
    """A front-view Inuit figure in a hooded parka; ``height`` scales it (1 = full figure)."""
    h = height

    def p(x: float, y: float) -> tuple[float, float]:
        return (x * h, 0.55 - (0.55 - y) * h)

    boots = _darker(parka, 0.45)
    for sx in (-1, 1):
        pen.poly(
            boots, [p(sx * 0.06, 0.36), p(sx * 0.26, 0.36), p(sx * 0.28, 0.56), p(sx * 0.04, 0.56)]
        )
    coat = [p(-0.22, -0.2), p(0.22, -0.2), p(0.4, 0.4), p(-0.4, 0.4)]
    pen.poly(parka, coat)
    pen.poly(trim, [p(-0.42, 0.32), p(0.42, 0.32), p(0.44, 0.44), p(-0.44, 0.44)])  # hem
    pen.lines(_darker(parka, 0.2), [p(0, -0.14), p(0, 0.3)], 0.03 * h)  # front seam
    for sx in (-1, 1):  # arms with mittens
        pen.poly(
            parka, [p(sx * 0.18, -0.18), p(sx * 0.36, -0.1), p(sx * 0.46, 0.2), p(sx * 0.32, 0.24)]
        )
        x, y = p(sx * 0.42, 0.26)
        pen.circle(trim, x, y, 0.08 * h)
    x, y = p(0, -0.42)
    pen.circle(parka, x, y, 0.3 * h)  # hood
    pen.circle(trim, x, y + 0.02 * h, 0.22 * h)  # fur ruff
    pen.circle(SKIN, x, y + 0.03 * h, 0.15 * h, outline=False)
    for sx in (-1, 1):
        pen.circle(INK, x + sx * 0.06 * h, y + 0.01 * h, 0.026 * h, outline=False)
    pen.lines((150, 80, 60), [(x - 0.04 * h, y + 0.1 * h), (x + 0.04 * h, y + 0.1 * h)], 0.02 * h)


def _inuk(pen: _Pen) -> None:
    pen.shadow(0, 0.55, 0.9, 0.22)
    _person(pen, (86, 60, 44), 0.82, trim=(226, 210, 180))


def _smooth(pts: list[Point], rounds: int = 2) -> list[Point]:
    """Chaikin corner cutting of a closed polygon: a soft, organic outline."""
    for _ in range(rounds):
        out: list[Point] = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            out += [(0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1)]
            out += [(0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1)]
        pts = out
    return pts


BEAR_OUTLINE: list[Point] = [
    (-0.99, 0.04), (-0.93, -0.06), (-0.76, -0.13), (-0.62, -0.22), (-0.46, -0.2),
    (-0.24, -0.32), (0.1, -0.32), (0.42, -0.3), (0.68, -0.22), (0.82, -0.06),
    (0.8, 0.14), (0.74, 0.32), (0.78, 0.58), (0.5, 0.6), (0.5, 0.32), (0.36, 0.24),
    (-0.02, 0.26), (-0.06, 0.6), (-0.36, 0.6), (-0.34, 0.26), (-0.44, 0.1),
    (-0.6, 0.12), (-0.76, 0.14), (-0.94, 0.14),
]  # fmt: skip


def _bear(pen: _Pen) -> None:
    pen.shadow(0, 0.62, 1.8, 0.28)
    fur, shade = (250, 246, 234), (206, 198, 176)
    for x0, x1 in ((0.3, 0.54), (-0.24, -0.02)):  # far legs, in shade
        pen.poly(shade, _smooth([(x0, 0.1), (x1, 0.1), (x1 + 0.02, 0.55), (x0 - 0.02, 0.55)], 1))
    pen.circle(fur, -0.56, -0.22, 0.075)  # ear
    pen.circle(shade, -0.56, -0.23, 0.035, outline=False)
    pen.poly(fur, _smooth(BEAR_OUTLINE, 2))
    pen.lines(shade, _curve(0.16, 0.02, 0.46, 0.2, 0.6, 2.5, 10), 0.03)  # belly shading
    pen.lines(shade, [(0.52, 0.36), (0.56, 0.5)], 0.03)  # leg creases
    pen.lines(shade, [(-0.08, 0.34), (-0.1, 0.5)], 0.03)
    for x in (0.58, 0.66, -0.3, -0.22):  # claws
        pen.lines(INK, [(x, 0.54), (x, 0.59)], 0.02)
    pen.circle(INK, -0.97, 0.02, 0.05, outline=False)  # nose
    pen.circle(INK, -0.72, -0.06, 0.04, outline=False)  # eye
    pen.lines(INK, [(-0.93, 0.1), (-0.8, 0.1)], 0.022)  # mouth


PIECES: dict[str, Callable[[_Pen], None]] = {
    "fish": _fish,
    "seal": _seal,
    "walrus": _walrus,
    "whale": _whale,
    "inuk": _inuk,
    "bear": _bear,
}


@lru_cache(maxsize=512)
def _sprite(paint: Callable[[_Pen], None], radius: int) -> pygame.Surface:
    """A figure drawn by ``paint`` for a field of hex radius ``radius`` (supersampled once)."""
    side = max(4, round(radius * FIT * 2))
    big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    paint(_Pen(big, side * SS / 2))
    return _finish(big)


def _piece_sprite(kind: str, radius: int) -> pygame.Surface:
    return _sprite(PIECES[kind], radius)


def draw_piece(surface: pygame.Surface, kind: str, centre: Point, radius: float) -> None:
    """An animal, an Inuk or a polar bear on the field at ``centre`` (hex radius ``radius``)."""
    sprite = theme.piece(_piece_sprite(kind, max(4, round(radius))))
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


# ---- hunters ---------------------------------------------------------------------------------
@lru_cache(maxsize=128)
def _hunter_sprite(
    radius: int, colour: RGB, shape: str, selected: bool, access: theme.Access | None = None
) -> pygame.Surface:
    """One hunter; ``access`` keys the cache: the mark is outlined for high contrast."""
    side = max(4, round(radius * 2))
    big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    pen = _Pen(big, side * SS / 2 * 1.02)
    if selected:
        for grow, alpha in ((0.2, 60), (0.12, 110), (0.06, 200)):
            pygame.draw.ellipse(
                big,
                (*theme.palette().accent, alpha),
                pen.rect(-0.62 - grow, 0.4 - grow / 2, 1.24 + 2 * grow, 0.36 + grow),
            )
    # the base disc, in the player's colour
    pen.ellipse(_darker(colour, 0.3), 0, 0.62, 1.12, 0.34)
    pen.ellipse(colour, 0, 0.56, 1.12, 0.34)
    _person(pen, colour, 1.0)
    # the seat's mark on a white badge on the chest
    x, y = pen.p(0, 0.1)
    badge = 0.19 * pen.u
    pygame.draw.circle(big, theme.WHITE, (x, y), badge)
    pygame.draw.circle(big, INK, (x, y), badge, pen.line)
    theme.draw_mark(big, shape, colour, (x, y), badge * 0.62, INK)
    return _finish(big)


def draw_hunter(
    surface: pygame.Surface,
    centre: Point,
    radius: float,
    colour: tuple[int, int, int],
    shape: str,
    *,
    selected: bool = False,
) -> None:
    """A hunter in the player's colour with the seat's mark on the chest, standing on a disc."""
    radius_px = max(4, round(radius))
    sprite = theme.piece(_hunter_sprite(radius_px, tuple(colour), shape, selected, theme.access()))
    rect = sprite.get_rect(center=(round(centre[0]), round(centre[1] - radius * 0.08)))
    surface.blit(sprite, rect)


# ---- kayak and equipment -----------------------------------------------------------------------
def _kayak(pen: _Pen) -> None:
    hull, deck = (196, 124, 64), (226, 172, 108)
    pen.shadow(0.02, 0.16, 1.9, 0.22)
    pen.poly(
        hull, [(-0.98, 0.0), (-0.6, -0.15), (0.6, -0.15), (0.98, 0.0), (0.6, 0.15), (-0.6, 0.15)]
    )
    pen.lines(deck, [(-0.9, 0.0), (0.9, 0.0)], 0.05)
    for x in (-0.62, -0.42, 0.42, 0.62):
        pen.lines(_darker(hull, 0.25), [(x, -0.11), (x, 0.11)], 0.025)
    pen.ellipse((46, 36, 30), 0, 0, 0.34, 0.18)  # the cockpit
    # the double paddle across the cockpit
    pen.lines(WOOD_DARK, [(-0.42, 0.36), (0.42, -0.36)], 0.05)
    for sx in (-1, 1):
        pen.poly(
            (236, 220, 180),
            [
                (sx * 0.36, -sx * 0.26),
                (sx * 0.5, -sx * 0.34),
                (sx * 0.56, -sx * 0.48),
                (sx * 0.44, -sx * 0.46),
            ],
        )


def _harpoon(pen: _Pen) -> None:
    pen.lines(INK, [(-0.72, 0.72), (0.56, -0.56)], 0.12)
    pen.lines(WOOD, [(-0.72, 0.72), (0.56, -0.56)], 0.07)
    pen.poly(BONE, [(0.5, -0.42), (0.86, -0.86), (0.42, -0.5), (0.3, -0.52), (0.48, -0.62)])
    pen.poly(BONE, [(0.46, -0.46), (0.86, -0.86), (0.62, -0.44)])
    pen.lines((60, 60, 70), [(0.3, -0.3), (0.4, -0.4)], 0.09)  # lashing
    coil = (214, 180, 120)
    for k in range(3):  # a coil of line
        pen.lines(
            coil, _curve(-0.3, 0.42, 0.26 - k * 0.05, 0.16 - k * 0.03, 0, 2 * math.pi, 16), 0.04
        )


def _husky(pen: _Pen) -> None:
    pen.shadow(0, 0.62, 1.5, 0.24)
    grey, white = (118, 124, 136), (244, 244, 240)
    pen.lines(INK, _curve(0.62, -0.1, 0.2, 0.2, 0.6, -3.6, 10), 0.13)  # curled tail
    pen.lines(grey, _curve(0.62, -0.1, 0.2, 0.2, 0.6, -3.6, 10), 0.08)
    for dx in (0.46, -0.26):
        pen.poly(grey, [(dx - 0.09, 0.1), (dx + 0.09, 0.1), (dx + 0.09, 0.6), (dx - 0.09, 0.6)])
        pen.poly(
            white,
            [(dx - 0.09, 0.46), (dx + 0.09, 0.46), (dx + 0.1, 0.6), (dx - 0.1, 0.6)],
            outline=False,
        )
    pen.poly(grey, _curve(0.1, 0.14, 0.56, 0.26, 0, 2 * math.pi, 20))  # body
    pen.poly(white, _curve(0.1, 0.22, 0.42, 0.14, 0.1, math.pi - 0.1, 8), outline=False)
    pen.poly(grey, [(-0.56, -0.5), (-0.46, -0.76), (-0.36, -0.46)])  # ears
    pen.poly(grey, [(-0.32, -0.48), (-0.18, -0.72), (-0.14, -0.4)])
    pen.circle(grey, -0.38, -0.3, 0.24)  # head
    pen.poly(grey, [(-0.52, -0.3), (-0.9, -0.18), (-0.88, -0.06), (-0.5, -0.1)])  # muzzle
    pen.poly(white, [(-0.5, -0.16), (-0.86, -0.1), (-0.86, -0.07), (-0.5, -0.1)], outline=False)
    pen.circle(white, -0.34, -0.2, 0.1, outline=False)  # white cheek
    pen.circle(INK, -0.88, -0.12, 0.05, outline=False)
    pen.circle((70, 150, 230), -0.44, -0.34, 0.05, outline=False)  # blue eye


def _sledge(pen: _Pen) -> None:
    pen.shadow(0, 0.5, 1.8, 0.22)
    # runners with upturned fronts
    for dy in (0.0, 0.12):
        pen.lines(
            INK, [(-0.9, 0.32 + dy), (0.7, 0.32 + dy), (0.86, 0.22 + dy), (0.88, 0.08 + dy)], 0.1
        )
        pen.lines(
            WOOD, [(-0.9, 0.32 + dy), (0.7, 0.32 + dy), (0.86, 0.22 + dy), (0.88, 0.08 + dy)], 0.05
        )
    for x in (-0.7, -0.3, 0.1, 0.5):  # uprights
        pen.lines(WOOD_DARK, [(x, 0.34), (x, 0.04)], 0.06)
    for k in range(4):  # slats
        pen.poly(
            WOOD,
            [
                (-0.84 + k * 0.4, -0.06),
                (-0.5 + k * 0.4, -0.06),
                (-0.5 + k * 0.4, 0.06),
                (-0.84 + k * 0.4, 0.06),
            ],
        )
    pen.lines(WOOD_DARK, [(-0.84, -0.3), (-0.84, 0.1)], 0.07)  # handlebar
    pen.lines(WOOD_DARK, [(-0.92, -0.3), (-0.7, -0.3)], 0.07)
    pen.lines((214, 180, 120), [(0.88, 0.1), (0.98, -0.02)], 0.04)  # the towline


def _kayak_icon(pen: _Pen) -> None:
    rot = math.radians(-30)

    class _Rot(_Pen):
        def p(self, x: float, y: float) -> Point:  # noqa: D401 - rotated coordinates
            return _Pen.p(
                self, x * math.cos(rot) - y * math.sin(rot), x * math.sin(rot) + y * math.cos(rot)
            )

    rotated = _Rot(pen.s, pen.u)
    _kayak(rotated)


EQUIPMENT: dict[str, Callable[[_Pen], None]] = {
    "harpoon": _harpoon,
    "husky": _husky,
    "sledge": _sledge,
    "kayak": _kayak_icon,
}


def _equipment_sprite(kind: str, radius: int) -> pygame.Surface:
    return _sprite(EQUIPMENT[kind], radius)


def draw_equipment(surface: pygame.Surface, kind: str, centre: Point, radius: float) -> None:
    """A harpoon, husky, sledge or kayak icon (for the player sheets)."""
    sprite = _equipment_sprite(kind, max(4, round(radius)))
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def _kayak_sprite(radius: int) -> pygame.Surface:
    return _sprite(_kayak, radius)


@lru_cache(maxsize=256)
def _kayak_rotated(radius: int, angle: int) -> pygame.Surface:
    return pygame.transform.rotozoom(_kayak_sprite(radius), angle, 1.0)


def draw_kayak(surface: pygame.Surface, centre: Point, radius: float, angle_deg: float) -> None:
    """A kayak with its paddle, its bow pointing ``angle_deg`` (counter-clockwise from east)."""
    sprite = _kayak_rotated(max(4, round(radius)), round(angle_deg) % 360)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


@lru_cache(maxsize=128)
def piece_icon(kind: str, size: int) -> pygame.Surface:
    """A ``size`` x ``size`` icon of a piece or a piece of equipment (for the sheets)."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size / 2 / FIT
    if kind in PIECES:
        draw_piece(icon, kind, (size / 2, size / 2), radius)
    elif kind in EQUIPMENT:
        draw_equipment(icon, kind, (size / 2, size / 2), radius)
    else:
        raise ValueError(f"unknown piece or equipment {kind!r}")
    return icon
