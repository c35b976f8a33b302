"""Kap Hoorn pieces and sheets: the clipper ships, the wind roses and the players' log books.

A ship is a side-view silhouette under full sail: a hull in the player's colour, three masts
with square sails tinted in that colour, a bowsprit with its jibs, pennants, and the seat's mark
on a white badge (colour-blind players tell the ships apart by the mark). Its heading shows as
the bow to the east or west, raised or lowered for a northern or southern course. Every
sprite is drawn supersampled once per (size, colour, mark, heading) and cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.games.kaphoorn.view.windcard import GOLD, STATION_RGB, draw_card_back, finish, star
from game.ui import theme

Point = tuple[float, float]
RGB = tuple[int, int, int]
SS = 3

INK = (30, 26, 30)
SAIL = (250, 246, 232)
SAIL_SHADE = (214, 206, 186)
WOOD_DARK = (84, 52, 28)
LEATHER = (104, 62, 34)
LEATHER_DARK = (62, 36, 20)
PAGE = (246, 237, 212)
PAGE_INK = (70, 50, 34)
ROMAN = ("I", "II", "III")
ROSE_DARK: tuple[RGB, RGB, RGB] = ((150, 104, 10), (120, 34, 14), (10, 84, 58))
HEADING_STEP = 3  # degrees: ship sprites are cached per this many degrees of heading


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def heading_degrees(heading: int | float) -> float:
    """An int 0-7 is a compass index (0 = north, clockwise); anything else is compass degrees."""
    if isinstance(heading, int) and 0 <= heading < 8:
        return heading * 45.0
    return float(heading) % 360.0


# ---- the ship -------------------------------------------------------------------------------
# The clipper in side view, bow to the right, in units of half its length (y down).
HULL = [
    (-0.86, 0.02),
    (-0.5, 0.08),
    (0.2, 0.08),
    (0.66, 0.02),
    (0.84, -0.06),
    (0.72, 0.12),
    (0.56, 0.34),
    (-0.58, 0.36),
    (-0.8, 0.24),
]
MASTS = ((0.4, -0.86), (0.0, -1.0), (-0.42, -0.8))  # (x, top): fore, main, mizzen


def _paint_up(surface: pygame.Surface, c: Point, length: float, colour: RGB) -> None:
    """A clipper under full sail in side view, bow to the right, ``length`` pixels from the
    bowsprit's tip to the stern, its hull's middle at ``c``."""
    u = length / 2
    ol = max(2, round(u * 0.06))  # the dark outline round the silhouette

    def p(x: float, y: float) -> Point:
        return (c[0] + x * u, c[1] + (y + 0.3) * u)

    def shape(pts: list[Point], fill: tuple[int, ...], outline: int = 0) -> None:
        q = [p(x, y) for x, y in pts]
        if outline:
            pygame.draw.polygon(surface, INK, q)
            pygame.draw.lines(surface, INK, True, q, outline)
            for point in q:
                pygame.draw.circle(surface, INK, point, outline / 2)
        pygame.draw.polygon(surface, fill, q)

    # the water: a wake and a soft shadow under the hull
    water = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    wx, wy = p(-0.05, 0.34)
    pygame.draw.ellipse(water, (20, 40, 70, 70), (wx - u * 0.95, wy - u * 0.1, u * 1.9, u * 0.26))
    for k, x0 in enumerate((-1.0, -0.78)):
        pts = [p(x0 + 0.12 * i, 0.36 + 0.03 * math.sin(i * 1.6 + k)) for i in range(5)]
        pygame.draw.lines(water, (255, 255, 255, 170), False, pts, max(1, round(u * 0.04)))
    surface.blit(water, (0, 0))
    sail = _mix(colour, SAIL, 0.7)
    sail_dark = _mix(sail, (0, 0, 0), 0.14)
    # rigging outline first: masts, bowsprit, stays
    for x, top in MASTS:
        pygame.draw.line(surface, INK, p(x, 0.05), p(x, top - 0.04), max(2, round(u * 0.07)))
    pygame.draw.line(surface, INK, p(0.64, 0.02), p(1.0, -0.22), max(2, round(u * 0.07)))
    # the jibs, from the bowsprit to the foremast
    shape([(0.98, -0.2), (0.44, -0.8), (0.5, -0.04)], sail, ol * 2)
    shape([(0.8, -0.1), (0.44, -0.54), (0.46, -0.02)], sail_dark, 0)
    # square sails, three per mast, narrowing upwards, bellied
    for x, top in MASTS:
        span = -0.06 - top  # from the deck line up to the mast top
        rows = 3
        for i in range(rows):
            y1 = -0.1 - span * i / rows
            y0 = -0.1 - span * (i + 1) / rows + 0.03
            half1 = 0.2 - i * 0.035
            half0 = 0.2 - (i + 1) * 0.035
            pts = [
                (x - half0, y0),
                (x + half0, y0),
                (x + half1 + 0.02, (y0 + y1) / 2),
                (x + half1, y1),
                (x - half1, y1),
                (x - half1 + 0.02, (y0 + y1) / 2),
            ]
            shape(pts, sail, ol * 2)
            pygame.draw.line(
                surface,
                sail_dark,
                p(x - half1 * 0.8, y1 - 0.04),
                p(x + half1 * 0.8, y1 - 0.04),
                max(1, round(u * 0.03)),
            )
    # pennants in the player's colour at the mast tops
    for x, top in MASTS[:2]:
        shape([(x, top - 0.02), (x - 0.26, top + 0.03), (x, top + 0.08)], colour, ol)
    # the hull in the player's colour with a light gunport band and a dark waterline
    shape(HULL, colour, ol * 2)
    band = [(-0.82, 0.08), (0.7, 0.07), (0.66, 0.14), (-0.76, 0.15)]
    shape(band, _mix(colour, (255, 255, 255), 0.55))
    for i in range(6):
        px_ = -0.6 + i * 0.22
        pygame.draw.rect(surface, INK, (*p(px_, 0.09), max(1, u * 0.06), max(1, u * 0.05)))
    shape([(-0.62, 0.3), (0.6, 0.29), (0.56, 0.34), (-0.58, 0.36)], _mix(colour, (0, 0, 0), 0.45))


def _range(a: float, b: float, n: int) -> list[float]:
    return [a + (b - a) * i / n for i in range(n + 1)]


def paint_ship(
    surface: pygame.Surface, centre: Point, length: float, colour: RGB, heading: float
) -> None:
    """Paint a ship straight onto ``surface`` (no cache: for static layers)."""
    side = round(length * 1.3)
    tmp = pygame.Surface((side, side), pygame.SRCALPHA)
    _paint_up(tmp, (side / 2, side / 2), length, colour)
    right, tilt = facing(heading)
    turned = pygame.transform.rotate(
        tmp if right else pygame.transform.flip(tmp, True, False), tilt
    )
    surface.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))


def facing(degrees: float) -> tuple[bool, float]:
    """How the side view shows a compass heading: (bow to the right?, tilt in degrees,
    counter-clockwise) -- east and west as they are, north and south by raising or lowering
    the bow (north-bound ships face right, south-bound ones left)."""
    a = math.radians(degrees)
    dx, up = math.sin(a), math.cos(a)
    right = dx > 1e-6 or (abs(dx) <= 1e-6 and up > 0)
    elevation = math.degrees(math.atan2(up, abs(dx)))
    tilt = elevation * 0.28
    return right, tilt if right else -tilt


@lru_cache(maxsize=512)
def _ship_sprite(
    size: int, colour: RGB, shape: str, selected: bool, degrees: int, access: object = None
) -> pygame.Surface:
    """One ship; ``access`` keys the cache: the mark is outlined for high contrast."""
    side = round(size * 1.3)
    big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    c = (side * SS / 2, side * SS / 2)
    if selected:
        for grow, alpha in ((0.6, 50), (0.55, 100), (0.5, 190)):
            pygame.draw.circle(
                big, (*theme.palette().accent, alpha), c, size * SS * grow, round(size * SS * 0.05)
            )
    ship = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    _paint_up(ship, c, size * SS * 0.96, colour)
    right, tilt = facing(degrees)
    if not right:
        ship = pygame.transform.flip(ship, True, False)
    if abs(tilt) > 0.5:
        ship = pygame.transform.rotate(ship, tilt)
    big.blit(ship, ship.get_rect(center=(round(c[0]), round(c[1]))))
    # the seat's mark on a white badge on the main course, upright whatever the heading
    r = size * SS * 0.14
    m = (c[0], c[1] - size * SS * 0.03)
    pygame.draw.circle(big, INK, m, r + SS * 1.5)
    pygame.draw.circle(big, (255, 255, 255), m, r)
    theme.draw_mark(big, shape, colour, m, r * 0.66, INK)
    return finish(big, SS)


def draw_ship(
    surface: pygame.Surface,
    centre: Point,
    size: float,
    colour: RGB,
    shape: str,
    heading: int | float = 0,
    selected: bool = False,
) -> None:
    """A clipper ``size`` pixels long in the player's colour with the seat's mark, under sail
    towards ``heading`` (an int 0-7 is a compass index, a float is compass degrees): seen from
    the side, bow east or west, raised for a northward course and lowered for a southward one."""
    degrees = round(heading_degrees(heading) / HEADING_STEP) * HEADING_STEP % 360
    size_px = max(8, round(size))
    sprite = _ship_sprite(size_px, tuple(colour), shape, selected, degrees, theme.access())
    sprite = theme.piece(sprite)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


_OFFSETS: dict[int, list[tuple[float, float]]] = {
    1: [(0.0, 0.0)],
    2: [(-0.2, -0.2), (0.2, 0.2)],
    3: [(-0.22, -0.22), (0.22, -0.22), (0.0, 0.24)],
    4: [(-0.23, -0.23), (0.23, -0.23), (-0.23, 0.23), (0.23, 0.23)],
    5: [(-0.26, -0.26), (0.26, -0.26), (0.0, 0.0), (-0.26, 0.26), (0.26, 0.26)],
}


def ship_offsets(n: int) -> list[tuple[float, float]]:
    """Where ``n`` ships on one field stand: (dx, dy) in fractions of a cell from its centre."""
    if n <= 0:
        return []
    if n in _OFFSETS:
        return list(_OFFSETS[n])
    return [
        (0.28 * math.cos(2 * math.pi * i / n), 0.28 * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]


def ship_size(cell: float, n: int = 1) -> float:
    """A good ship length (pixels) for ``n`` ships sharing a field of ``cell`` pixels."""
    return cell * (1.3 if n <= 1 else 1.0 if n == 2 else 0.8)


# ---- wind roses -------------------------------------------------------------------------------
@lru_cache(maxsize=128)
def _rose_sprite(radius: int, colour: int) -> pygame.Surface:
    side = radius * 2 + 4
    big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    c = (side * SS / 2, side * SS / 2)
    R = radius * SS
    rgb, dark = STATION_RGB[colour], ROSE_DARK[colour]
    pygame.draw.circle(big, (30, 20, 10, 80), (c[0] + R * 0.06, c[1] + R * 0.08), R * 0.62)
    pygame.draw.circle(big, dark, c, R * 0.62)
    pygame.draw.circle(big, _mix(rgb, (255, 255, 255), 0.5), c, R * 0.62 - SS * 1.5)
    star(big, c, R * 0.96, _mix(rgb, (255, 255, 255), 0.25), dark, points=16, inner=0.2)
    star(big, c, R, rgb, dark, points=4, inner=0.2, outline=INK)
    pygame.draw.circle(big, (255, 255, 255), c, R * 0.13)
    pygame.draw.circle(big, INK, c, R * 0.13, max(1, round(R * 0.04)))
    return finish(big, SS)


def draw_rose(surface: pygame.Surface, centre: Point, radius: float, colour_index: int) -> None:
    """A wind rose (compass star) in yellow (0), red (1) or green (2)."""
    sprite = _rose_sprite(max(4, round(radius)), colour_index % 3)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


# ---- log books --------------------------------------------------------------------------------
def draw_logbook(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    name: str,
    colour: RGB,
    shape: str,
    sail: int,
    roses: tuple[int, int, int],
    hand: int,
    current: bool,
    ai: bool,
) -> None:
    """A player's log book: name and mark, sail track 0-8 with the marker stone, the three wind
    rose slots (I, II, III) and the hand as small card backs."""
    r = pygame.Rect(rect)
    surface.blit(_logbook_page(r.size, current), r.topleft)
    h = r.height
    pad = round(h * 0.12)
    page = r.inflate(-pad, -pad)
    top_h = round(page.height * 0.42)
    # the name row: the seat's mark, the name, an AI badge, the hand
    mark_r = top_h * 0.34
    mx, my = page.left + pad * 0.4 + mark_r, page.top + top_h / 2
    theme.draw_mark(surface, shape, colour, (mx, my), mark_r, INK)
    size = max(12, round(top_h * 0.62))
    card_h = round(top_h * 0.86)
    card_w = round(card_h * 0.78)
    hand_w = card_w + max(0, min(hand, 6) - 1) * round(card_w * 0.42) + round(top_h * 0.9)
    name_x = mx + mark_r + pad * 0.5
    room = page.right - hand_w - name_x - (top_h if ai else 0) - pad * 0.5
    label = theme.fit(name, size, max(20, int(room)), bold=True)
    at = theme.text(surface, label, (name_x, my), size, PAGE_INK, bold=True, anchor="midleft")
    if ai:
        _gear(surface, (at.right + top_h * 0.55, my), top_h * 0.3)
    # the hand: small card backs, fanned, with the count
    hx = page.right - hand_w + round(top_h * 0.2)
    for i in range(min(hand, 6)):
        back = pygame.Rect(0, 0, card_w, card_h)
        back.midleft = (round(hx + i * card_w * 0.42), round(my))
        draw_card_back(surface, back)
    theme.text(
        surface,
        str(hand),
        (page.right - pad * 0.1, my),
        max(12, round(size * 0.9)),
        PAGE_INK,
        bold=True,
        anchor="midright",
    )
    # the sail track 0-8 and the marker stone
    low = pygame.Rect(page.left, page.top + top_h, page.width, page.height - top_h)
    slot = low.height * 0.8
    roses_w = slot * 3 + pad * 1.2
    track = pygame.Rect(low.left + pad * 0.3, low.top, low.width - roses_w - pad, low.height)
    step = track.width / 9
    rad = min(step * 0.42, low.height * 0.34)
    cy = low.centery
    pygame.draw.line(
        surface,
        PAGE_INK,
        (track.left + step / 2, cy),
        (track.right - step / 2, cy),
        max(2, round(rad * 0.18)),
    )
    for v in range(9):
        x = track.left + step * (v + 0.5)
        ring = (3, 5)
        fill = (236, 222, 188) if v not in ring else (226, 204, 156)
        pygame.draw.circle(surface, PAGE_INK, (x, cy), rad)
        pygame.draw.circle(surface, fill, (x, cy), rad - max(1, rad * 0.12))
        if v == sail:
            _stone(surface, (x, cy), rad * 1.02, colour)
            theme.text(
                surface,
                str(v),
                (x, cy + rad * 0.04),
                max(10, round(rad * 1.3)),
                _on(colour),
                bold=True,
                anchor="center",
            )
        else:
            theme.text(
                surface,
                str(v),
                (x, cy + rad * 0.04),
                max(10, round(rad * 1.1)),
                PAGE_INK,
                bold=v in ring,
                anchor="center",
            )
    # the three wind-rose slots
    rx = low.right - roses_w + pad * 0.6
    for stage, rose in enumerate(roses):
        c = (rx + slot * (stage + 0.5), cy)
        pygame.draw.circle(surface, (226, 212, 178), c, slot * 0.47)
        pygame.draw.circle(surface, PAGE_INK, c, slot * 0.47, max(1, round(slot * 0.04)))
        if rose >= 0:
            draw_rose(surface, c, slot * 0.5, rose)
        else:
            theme.text(
                surface,
                ROMAN[stage],
                c,
                max(10, round(slot * 0.42)),
                (150, 126, 96),
                bold=True,
                anchor="center",
            )


def _on(colour: RGB) -> RGB:
    """Ink that reads on ``colour`` (dark on light colours, white on dark ones)."""
    lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return INK if lum > 150 else (255, 255, 255)


def _stone(surface: pygame.Surface, c: Point, r: float, colour: RGB) -> None:
    sprite = _stone_sprite(max(4, round(r)), tuple(colour))
    surface.blit(sprite, sprite.get_rect(center=(round(c[0]), round(c[1]))))


@lru_cache(maxsize=64)
def _stone_sprite(r: int, colour: RGB) -> pygame.Surface:
    side = r * 2 + 6
    big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    c = (side * SS / 2, side * SS / 2)
    R = r * SS
    pygame.draw.circle(big, (20, 10, 0, 90), (c[0] + R * 0.1, c[1] + R * 0.16), R)
    pygame.draw.circle(big, INK, c, R)
    pygame.draw.circle(big, _mix(colour, (0, 0, 0), 0.2), c, R - SS * 2)
    pygame.draw.circle(big, colour, (c[0] - R * 0.08, c[1] - R * 0.1), R * 0.78)
    pygame.draw.circle(
        big, _mix(colour, (255, 255, 255), 0.55), (c[0] - R * 0.34, c[1] - R * 0.38), R * 0.2
    )
    return finish(big, SS)


def _gear(surface: pygame.Surface, c: Point, r: float) -> None:
    """A small cog: this seat is played by the computer."""
    pts = []
    for i in range(16):
        a = i * math.pi / 8
        rad = r if i % 2 == 0 else r * 0.74
        for da in (-0.16, 0.16):
            pts.append((c[0] + rad * math.cos(a + da), c[1] + rad * math.sin(a + da)))
    pygame.draw.polygon(surface, PAGE_INK, pts)
    pygame.draw.circle(surface, PAGE, c, r * 0.34)


@lru_cache(maxsize=32)
def _logbook_page(size: tuple[int, int], current: bool) -> pygame.Surface:
    """The book: a leather cover, a parchment page with ruled lines; gold-framed when current."""
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    radius = round(h * 0.12 * SS)
    full = big.get_rect()
    if current:
        for grow, alpha in ((0, 70), (3, 120)):
            pygame.draw.rect(
                big, (*GOLD, alpha), full.inflate(-grow * SS, -grow * SS), border_radius=radius
            )
    cover = full.inflate(-8 * SS, -8 * SS)
    pygame.draw.rect(big, (20, 10, 0, 110), cover.move(2 * SS, 4 * SS), border_radius=radius)
    pygame.draw.rect(big, LEATHER_DARK, cover, border_radius=radius)
    pygame.draw.rect(big, LEATHER, cover.inflate(-3 * SS, -3 * SS), border_radius=radius)
    page = cover.inflate(-round(h * 0.07 * SS), -round(h * 0.07 * SS))
    pygame.draw.rect(big, PAGE, page, border_radius=round(radius * 0.6))
    for i in range(1, 6):  # faint ruled lines
        y = page.top + page.height * i / 6
        pygame.draw.line(
            big, (226, 212, 180), (page.left + 8 * SS, y), (page.right - 8 * SS, y), SS
        )
    pygame.draw.rect(big, (196, 170, 120), page, SS, border_radius=round(radius * 0.6))
    if current:
        pygame.draw.rect(big, GOLD, cover.inflate(2 * SS, 2 * SS), 3 * SS, border_radius=radius)
    return finish(big, SS)
