"""The board of Der Berg ruft: sky, the mountain with its 17 steps, rocks and stones, the brook,
the meadow and the summit hut, plus the Heidi and Peter figures.

Everything static is drawn once into one surface (``board_surface``); a frame only blits it and
draws the figures. Positions follow ruling B1: 0 is the meadow, 1..17 the steps, 17 the summit.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import theme

BOARD_WIDTH = 1300  # the mountain's part of the 1920x1080 canvas; the side panel is to the right
LEDGE_W = 156
STEP_DX = 156
SUMMIT = 17
ROCK_COLOURS = ((132, 128, 122), (118, 116, 112), (146, 140, 130), (124, 120, 108))
STONE_COLOURS = ((170, 164, 150), (150, 146, 138), (186, 178, 160))
GRASS = (104, 164, 72)
GRASS_DARK = (70, 124, 52)
SKIN = (246, 206, 170)
HAIR = (226, 174, 72)
LEATHER = (108, 72, 40)
WOOD = (150, 100, 56)
WATER = (74, 150, 214)


def _rows() -> list[tuple[int, int]]:
    """(centre x, floor y) of every position: a switchback path of 17 steps up the slope."""
    points = [(118, 1016)]  # 0: the meadow, before the brook
    points += [(392 + i * STEP_DX, 1010 - i * 14) for i in range(6)]  # steps 1..6, to the right
    points += [(1172 - i * STEP_DX, 806 - i * 14) for i in range(5)]  # 7..11, back to the left
    points += [(548 + i * STEP_DX, 616 - i * 14) for i in range(4)]  # 12..15, to the right
    points += [(1016, 440), (790, 312)]  # 16, and the summit plateau
    return points


ANCHORS: tuple[tuple[int, int], ...] = tuple(_rows())


def slot_offset(position: int, seat: int, players: int) -> tuple[float, float]:
    """Where a seat's figure stands on a step, so several figures on one step never hide each
    other: every seat has its own place across the ledge (and a little depth)."""
    spread = 46 if position in (0, SUMMIT) else 38
    x = (seat - (players - 1) / 2) * spread
    y = 6 if seat % 2 else 0
    return x, y


def anchor(position: int, seat: int, players: int) -> tuple[float, float]:
    cx, fy = ANCHORS[position]
    dx, dy = slot_offset(position, seat, players)
    return cx + dx, fy + dy


def step_rect(position: int) -> pygame.Rect:
    """The area of a step (its top face and figures), for highlights."""
    cx, fy = ANCHORS[position]
    width = 220 if position in (0, SUMMIT) else LEDGE_W
    return pygame.Rect(cx - width // 2, fy - 90, width, 110)


# ---- the static board ------------------------------------------------------------------------
def board_surface(stones: tuple[int, ...]) -> pygame.Surface:
    """The whole 1920x1080 backdrop with the mountain (``stones`` per position, a rock counting
    as 5); drawn once per mountain and look (contrast, text size)."""
    return _board_surface(stones, theme.access())


@lru_cache(maxsize=4)
def _board_surface(stones: tuple[int, ...], access: theme.Access) -> pygame.Surface:
    surf = pygame.Surface(theme.LOGICAL_SIZE)
    rng = random.Random(17)
    _sky(surf, rng)
    _mountain_body(surf)
    _trees(surf, rng)
    _brook(surf)
    _meadow(surf, rng)
    _trail(surf)
    for position in range(SUMMIT, 0, -1):  # back to front: the summit first
        _ledge(surf, position, stones[position] // 5, stones[position] % 5, rng)
    _summit(surf)
    _side_panel(surf)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


def _sky(surf: pygame.Surface, rng: random.Random) -> None:
    w, h = surf.get_size()
    top, bottom = (70, 128, 198), (200, 228, 246)
    for row in range(h):
        t = min(1.0, row / (h * 0.75))
        shade = [round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)]
        pygame.draw.line(surf, shade, (0, row), (w, row))
    pygame.draw.circle(surf, (255, 244, 200), (1180, 190), 54)
    pygame.draw.circle(surf, (255, 250, 228), (1180, 190), 42)
    for cx, cy, s in ((250, 470, 0.7), (1030, 120, 0.8), (1540, 230, 1.1), (1800, 120, 0.7)):
        _cloud(surf, cx, cy, s)
    # far ranges with snowy tops behind everything
    for colour, base, amp, phase, snow in (
        ((150, 178, 212), 560, 170, 0.3, (232, 240, 250)),
        ((118, 148, 186), 660, 150, 1.7, (222, 232, 246)),
    ):
        points: list[tuple[float, float]] = [(0, h)]
        peaks = []
        for x in range(0, w + 60, 60):
            y = base - amp * abs(math.sin(x / 260 + phase)) * (0.6 + 0.4 * math.sin(x / 97))
            points.append((x, y))
            peaks.append((x, y))
        points.append((w, h))
        pygame.draw.polygon(surf, colour, points)
        for (_x1, y1), (x2, y2), (_x3, y3) in zip(peaks, peaks[1:], peaks[2:], strict=False):
            if y2 < y1 and y2 < y3 and y2 < base - amp * 0.55:
                cap = [(x2, y2), (x2 + 26, y2 + 34), (x2 + 8, y2 + 28), (x2 - 6, y2 + 38)]
                cap += [(x2 - 24, y2 + 30)]
                pygame.draw.polygon(surf, snow, cap)


def _cloud(surf: pygame.Surface, cx: int, cy: int, s: float) -> None:
    layer = pygame.Surface((int(260 * s), int(110 * s)), pygame.SRCALPHA)
    for dx, dy, r in ((60, 64, 38), (110, 46, 50), (165, 62, 40), (205, 74, 28), (30, 80, 24)):
        pygame.draw.circle(layer, (255, 255, 255, 215), (int(dx * s), int(dy * s)), int(r * s))
    pygame.draw.rect(layer, (255, 255, 255, 215), (int(30 * s), int(70 * s), int(180 * s), 30))
    surf.blit(layer, (cx - layer.get_width() // 2, cy - layer.get_height() // 2))


def _mountain_body(surf: pygame.Surface) -> None:
    """The big mountain: a gradient from meadow green through scree to snow, masked to a ridge."""
    outline = [
        (0, 1080), (0, 930), (120, 860), (260, 720), (330, 600), (390, 500), (470, 430),
        (560, 330), (640, 260), (720, 200), (790, 150), (846, 182), (900, 236), (980, 290),
        (1080, 350), (1180, 410), (1250, 480), (1300, 540), (1300, 1080),
    ]  # fmt: skip
    w, h = BOARD_WIDTH, 1080
    grad = pygame.Surface((w, h), pygame.SRCALPHA)
    stops = [(200, (236, 240, 246)), (330, (168, 160, 150)), (640, (134, 128, 112)),
             (860, (120, 150, 84)), (1080, (92, 146, 64))]  # fmt: skip
    for y in range(h):
        colour: tuple[int, ...] = stops[-1][1]
        for (y1, c1), (y2, c2) in zip(stops, stops[1:], strict=False):
            if y1 <= y <= y2:
                t = (y - y1) / (y2 - y1)
                colour = tuple(round(a + (b - a) * t) for a, b in zip(c1, c2, strict=True))
                break
        pygame.draw.line(grad, (*colour, 255), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), outline)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(grad, (0, 0))
    # shading: a darker east face and a few rock ribs
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(
        shade, (20, 24, 40, 60), [(790, 150), (846, 182), (1300, 540), (1300, 1080), (1000, 1080)]
    )
    surf.blit(shade, (0, 0))
    snow = [(700, 218), (760, 168), (790, 150), (846, 182), (900, 236), (872, 242), (850, 224),
            (826, 250), (800, 228), (770, 254), (742, 236), (716, 254)]  # fmt: skip
    pygame.draw.polygon(surf, theme.SNOW, snow)
    pygame.draw.lines(surf, (200, 214, 232), False, snow[4:], 3)


def _trees(surf: pygame.Surface, rng: random.Random) -> None:
    spots = [
        (40, 880),
        (82, 900),
        (150, 850),
        (205, 800),
        (250, 760),
        (300, 690),
        (1260, 660),
        (1240, 720),
        (1286, 740),
        (34, 960),
        (180, 900),
        (1230, 1050),
        (1280, 1010),
    ]
    for x, y in spots:
        h = rng.randint(54, 84)
        pygame.draw.rect(surf, (90, 60, 36), (x - 4, y - 8, 8, 14))
        for k in range(3):
            top = y - h + k * h // 4
            half = 14 + k * 7
            pygame.draw.polygon(
                surf,
                (34 + k * 8, 92 + k * 10, 58),
                [(x, top), (x + half, top + h // 2), (x - half, top + h // 2)],
            )


def _brook(surf: pygame.Surface) -> None:
    """The brook runs down the slope between the meadow and the first step (B1)."""
    centre = [(360, 700), (330, 780), (300, 850), (282, 920), (268, 990), (262, 1080)]
    for width, colour in ((46, (58, 110, 150)), (36, WATER), (14, (140, 196, 236))):
        pygame.draw.lines(surf, colour, False, centre, width)
        for p in centre:
            pygame.draw.circle(surf, colour, p, width // 2)
    for i, (x, y) in enumerate(centre[1:-1]):
        pygame.draw.arc(surf, (230, 244, 255), (x - 12, y + 8, 22, 10), 0.3, 2.8, 2)
        if i % 2:
            pygame.draw.ellipse(surf, (150, 146, 138), (x + 8, y - 4, 16, 10))


def _meadow(surf: pygame.Surface, rng: random.Random) -> None:
    pygame.draw.ellipse(surf, GRASS_DARK, (-60, 940, 340, 190))
    pygame.draw.ellipse(surf, GRASS, (-50, 948, 320, 170))
    for _ in range(70):
        x, y = rng.randint(6, 236), rng.randint(966, 1072)
        pygame.draw.line(surf, GRASS_DARK, (x, y), (x - 2, y - 7), 2)
    for _ in range(26):
        x, y = rng.randint(10, 232), rng.randint(970, 1070)
        colour = rng.choice(((255, 255, 255), (255, 214, 60), (236, 96, 120), (170, 120, 230)))
        pygame.draw.circle(surf, colour, (x, y), 3)
        pygame.draw.circle(surf, (255, 236, 120), (x, y), 1)


def _trail(surf: pygame.Surface) -> None:
    """Wooden ladders where the path turns up to the next row."""
    for low, high in ((6, 7), (11, 12), (15, 16)):
        (x1, y1), (x2, y2) = ANCHORS[low], ANCHORS[high]
        x = (x1 + x2) // 2 + (40 if x1 > 700 else -40)
        top, bottom = y2 + 40, y1 - 20
        for dx in (-14, 14):
            pygame.draw.line(surf, (96, 62, 32), (x + dx, top), (x + dx, bottom), 6)
        for y in range(top + 10, bottom, 16):
            pygame.draw.line(surf, (150, 104, 60), (x - 14, y), (x + 14, y), 4)
    (x1, y1), (x2, y2) = ANCHORS[16], ANCHORS[SUMMIT]
    pygame.draw.line(surf, (196, 172, 132), (x1 - 60, y1 - 4), (x2 + 90, y2 + 10), 14)


def _ledge(
    surf: pygame.Surface, position: int, rocks: int, stones: int, rng: random.Random
) -> None:
    cx, fy = ANCHORS[position]
    summit = position == SUMMIT
    half = 120 if summit else LEDGE_W // 2
    t = position / SUMMIT
    top = _mix((150, 176, 104), (214, 214, 220), t)  # grassy low down, snowy rock up high
    face = _mix((116, 100, 80), (128, 132, 146), t)
    front, back = fy + 14, fy - 30
    depth = 36
    face_poly = [(cx - half, front), (cx + half, front), (cx + half - 6, front + depth),
                 (cx - half + 6, front + depth)]  # fmt: skip
    pygame.draw.polygon(surf, face, face_poly)
    pygame.draw.polygon(surf, _mix(face, (0, 0, 0), 0.35), face_poly, 2)
    for k in range(3):  # rock strata on the front face
        y = front + 12 + k * 11
        pygame.draw.line(
            surf, _mix(face, (0, 0, 0), 0.2), (cx - half + 12, y), (cx + half - 30, y + 2), 2
        )
    top_poly = [
        (cx - half, front),
        (cx + half, front),
        (cx + half - 10, back),
        (cx - half + 10, back),
    ]
    pygame.draw.polygon(surf, top, top_poly)
    pygame.draw.polygon(surf, _mix(top, (0, 0, 0), 0.3), top_poly, 2)
    # the step number, on a little wooden sign on the front face
    sign = pygame.Rect(0, 0, 40, 30)
    sign.center = (cx - half + 30, front + depth // 2 + 2)
    pygame.draw.rect(surf, (236, 222, 190), sign, border_radius=6)
    pygame.draw.rect(surf, (90, 60, 34), sign, 2, border_radius=6)
    theme.text(surf, str(position), sign.center, 22, theme.INK, True, "center")
    # the stones this step counts for in an avalanche
    total = rocks * 5 + stones
    badge = pygame.Rect(0, 0, 56, 28)
    badge.center = (cx + half - 36, front + depth // 2 + 2)
    pygame.draw.rect(surf, (40, 44, 56), badge, border_radius=14)
    pygame.draw.ellipse(surf, (176, 170, 160), (badge.x + 6, badge.y + 8, 14, 12))
    theme.text(
        surf, str(total), (badge.right - 8, badge.centery), 20, theme.WHITE, True, "midright"
    )
    _rock_pile(surf, cx - (70 if summit else 14), back + 6, rocks, rng)
    _pebbles(surf, cx + (40 if summit else 52), back + 4, stones, rng)


def _rock_pile(surf: pygame.Surface, cx: int, base: int, rocks: int, rng: random.Random) -> None:
    """Big grey boulders in a heap: rows of 5, 4, 3 ... from the bottom up."""
    rows, left, cap = [], rocks, 5
    while left > 0:
        rows.append(min(cap, left))
        left -= rows[-1]
        cap = max(1, cap - 1)
    for r, count in enumerate(rows):
        y = base - r * 15
        for i in range(count):
            x = cx + (i - (count - 1) / 2) * 23
            _boulder(surf, x + rng.uniform(-2, 2), y + rng.uniform(-2, 1), rng)


def _boulder(surf: pygame.Surface, x: float, y: float, rng: random.Random) -> None:
    colour = rng.choice(ROCK_COLOURS)
    rect = pygame.Rect(0, 0, rng.randint(24, 28), rng.randint(19, 22))
    rect.midbottom = (round(x), round(y))
    pygame.draw.ellipse(surf, colour, rect)
    pygame.draw.ellipse(
        surf, _mix(colour, (255, 255, 255), 0.35), rect.inflate(-14, -12).move(-4, -3)
    )
    pygame.draw.ellipse(surf, (58, 56, 56), rect, 2)


def _pebbles(surf: pygame.Surface, cx: int, base: int, stones: int, rng: random.Random) -> None:
    places = ((-9, 0), (9, 0), (0, -9), (-18, -8), (18, -8))
    for dx, dy in places[:stones]:
        colour = rng.choice(STONE_COLOURS)
        rect = pygame.Rect(0, 0, 13, 10)
        rect.center = (cx + dx, base + dy)
        pygame.draw.ellipse(surf, colour, rect)
        pygame.draw.ellipse(surf, (70, 66, 62), rect, 2)


def _summit(surf: pygame.Surface) -> None:
    """A little hut, a summit cross and a pennant on the top plateau."""
    cx, fy = ANCHORS[SUMMIT]
    hut = pygame.Rect(cx + 58, fy - 92, 70, 54)
    pygame.draw.polygon(surf, (70, 44, 28), [(hut.x - 12, hut.y + 4), (hut.centerx, hut.y - 36),
                                            (hut.right + 12, hut.y + 4)])  # fmt: skip
    pygame.draw.rect(surf, (164, 108, 60), hut)
    for y in range(hut.y + 8, hut.bottom, 10):
        pygame.draw.line(surf, (120, 76, 40), (hut.x, y), (hut.right, y), 2)
    pygame.draw.rect(surf, (80, 50, 30), (hut.centerx - 10, hut.bottom - 30, 20, 30))
    pygame.draw.rect(surf, (255, 228, 150), (hut.x + 6, hut.y + 10, 14, 12))
    pygame.draw.rect(surf, theme.INK, hut, 2)
    # the summit cross
    x = cx - 100
    pygame.draw.line(surf, (90, 60, 34), (x, fy - 30), (x, fy - 140), 7)
    pygame.draw.line(surf, (90, 60, 34), (x - 28, fy - 112), (x + 28, fy - 112), 7)
    # a pennant on the hut
    pole = (hut.right - 6, hut.y - 30)
    pygame.draw.line(surf, theme.INK, pole, (pole[0], pole[1] - 56), 3)
    flag = [(pole[0], pole[1] - 56), (pole[0] + 36, pole[1] - 46), (pole[0], pole[1] - 36)]
    pygame.draw.polygon(surf, theme.palette().danger, flag)


def _side_panel(surf: pygame.Surface) -> None:
    """A calm, darker ground for the side panel so its text reads well."""
    for y in range(1080):
        colour = _mix((30, 42, 66), (14, 20, 34), y / 1080)
        pygame.draw.line(surf, colour, (BOARD_WIDTH, y), (1920, y))
    pygame.draw.line(surf, (255, 255, 255), (BOARD_WIDTH, 0), (BOARD_WIDTH, 1080), 2)


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


# ---- the figures -----------------------------------------------------------------------------
FIGURE_SIZE = (60, 100)  # sprite size; the feet stand at the bottom centre


def figure_sprite(kind: str, colour: tuple[int, int, int], shape: str) -> pygame.Surface:
    """Heidi (a girl in a dirndl with pigtails) or Peter (a guide with hat, rope and stick) in
    the seat's colour, wearing the seat's mark on a white badge. Drawn at 2x and smoothed."""
    return _figure_sprite(kind, colour, shape, theme.access())


@lru_cache(maxsize=64)
def _figure_sprite(
    kind: str, colour: tuple[int, int, int], shape: str, access: theme.Access
) -> pygame.Surface:
    big = pygame.Surface((FIGURE_SIZE[0] * 2, FIGURE_SIZE[1] * 2), pygame.SRCALPHA)
    pygame.draw.ellipse(big, (0, 0, 0, 70), (24, 182, 72, 16))
    if kind == "heidi":
        _draw_heidi(big, colour)
        badge = (60, 140)
    else:
        _draw_peter(big, colour)
        badge = (60, 122)
    pygame.draw.circle(big, theme.WHITE, badge, 17)
    pygame.draw.circle(big, theme.INK, badge, 17, 3)
    theme.draw_mark(big, shape, colour, badge, 10)
    small = pygame.transform.smoothscale(big, FIGURE_SIZE)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        small = small.convert_alpha()
    return small


def _draw_heidi(s: pygame.Surface, colour: tuple[int, int, int]) -> None:
    ink = theme.INK
    for x in (50, 64):  # legs in white stockings, black shoes
        pygame.draw.rect(s, theme.WHITE, (x, 166, 8, 20))
        pygame.draw.rect(s, ink, (x, 166, 8, 20), 2)
        pygame.draw.ellipse(s, (40, 30, 30), (x - 3, 182, 14, 10))
    dress = [(30, 172), (90, 172), (76, 102), (44, 102)]
    pygame.draw.polygon(s, colour, dress)
    pygame.draw.polygon(s, ink, dress, 3)
    apron = [(48, 118), (72, 118), (78, 166), (42, 166)]
    pygame.draw.polygon(s, theme.WHITE, apron)
    pygame.draw.polygon(s, ink, apron, 2)
    for side in (-1, 1):  # arms with puffed white sleeves
        pygame.draw.line(s, SKIN, (60 + side * 18, 110), (60 + side * 28, 146), 7)
        pygame.draw.circle(s, theme.WHITE, (60 + side * 17, 108), 9)
        pygame.draw.circle(s, ink, (60 + side * 17, 108), 9, 2)
    for side in (-1, 1):  # pigtails with ribbons in the seat colour
        pygame.draw.ellipse(s, HAIR, (60 + side * 24 - 7, 82, 14, 26))
        pygame.draw.ellipse(s, ink, (60 + side * 24 - 7, 82, 14, 26), 2)
        pygame.draw.circle(s, colour, (60 + side * 24, 84), 6)
    pygame.draw.circle(s, SKIN, (60, 74), 19)
    pygame.draw.circle(s, ink, (60, 74), 19, 3)
    pygame.draw.arc(s, HAIR, (40, 52, 40, 36), 0.15, math.pi - 0.15, 9)  # fringe and crown
    for x in (53, 67):
        pygame.draw.circle(s, ink, (x, 76), 3)
    pygame.draw.arc(s, (190, 80, 80), (53, 78, 14, 10), math.pi + 0.4, 2 * math.pi - 0.4, 2)


def _draw_peter(s: pygame.Surface, colour: tuple[int, int, int]) -> None:
    ink = theme.INK
    pygame.draw.line(s, (112, 74, 40), (96, 46), (102, 190), 6)  # the walking stick
    for x in (46, 64):  # lederhosen legs, socks, boots
        pygame.draw.rect(s, LEATHER, (x, 140, 12, 26))
        pygame.draw.rect(s, theme.WHITE, (x + 1, 164, 10, 16))
        pygame.draw.rect(s, ink, (x, 140, 12, 40), 2)
        pygame.draw.rect(s, (50, 34, 24), (x - 2, 178, 16, 12), border_radius=4)
    body = pygame.Rect(40, 90, 40, 54)
    pygame.draw.rect(s, colour, body, border_radius=8)
    pygame.draw.rect(s, ink, body, 3, border_radius=8)
    for x in (48, 72):  # braces
        pygame.draw.line(s, LEATHER, (x, 92), (x, 142), 4)
    pygame.draw.circle(s, (212, 180, 120), (38, 106), 15, 6)  # a coil of rope on the shoulder
    pygame.draw.line(s, colour, (80, 98), (96, 120), 10)  # arm holding the stick
    pygame.draw.circle(s, SKIN, (97, 122), 6)
    pygame.draw.circle(s, SKIN, (60, 72), 18)
    pygame.draw.circle(s, ink, (60, 72), 18, 3)
    for x in (53, 67):
        pygame.draw.circle(s, ink, (x, 74), 3)
    pygame.draw.line(s, (120, 60, 40), (53, 83), (67, 83), 3)  # a moustache
    pygame.draw.ellipse(s, (46, 84, 50), (30, 52, 60, 16))  # the hat: brim, crown, band, feather
    pygame.draw.polygon(s, (56, 100, 60), [(40, 58), (80, 58), (72, 30), (48, 30)])
    pygame.draw.rect(s, (180, 40, 40), (42, 50, 36, 6))
    pygame.draw.line(s, theme.WHITE, (74, 48), (88, 22), 3)
    pygame.draw.polygon(s, ink, [(40, 58), (80, 58), (72, 30), (48, 30)], 2)


def draw_figure(
    surface: pygame.Surface,
    kind: str,
    colour: tuple[int, int, int],
    shape: str,
    feet: tuple[float, float],
) -> pygame.Rect:
    sprite = theme.piece(figure_sprite(kind, colour, shape))  # rimmed in high contrast
    rect = sprite.get_rect(midbottom=(round(feet[0]), round(feet[1]) + 4))
    surface.blit(sprite, rect)
    return rect
