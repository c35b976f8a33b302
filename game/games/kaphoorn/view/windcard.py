"""Kap Hoorn wind cards: the face (arrows from a centre disc with the distance), the back, and
the sprites the sea chart blits.

A card's arrows are drawn in absolute compass directions (0 = north = up, clockwise in eighths);
its "bottom edge" (the side opposite the card's forward) carries a dark keel band, so a player
sees at a glance how the zone turned it. The distance stays upright in the centre disc so it
reads the same in every zone. Every sprite is painted once, supersampled, and cached.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib import resources

import pygame

from game.games.kaphoorn.rules.winds import Wind
from game.resources import gui_font

Point = tuple[float, float]
RGB = tuple[int, int, int]
SS = 3  # supersampling of card sprites (they are small: the digits need it)

FACE = (252, 248, 236)
FACE_PRINTED = (236, 228, 204)  # the printed start winds: darker, "part of the chart"
EDGE = (92, 66, 42)
RULE = (176, 146, 104)
KEEL = (40, 62, 104)
ARROW = (28, 44, 82)
ARROW_LIGHT = (86, 122, 184)
DISC = (255, 253, 246)
NUMBER = (24, 30, 46)
GOLD = (236, 180, 54)
BACK = (30, 48, 86)
BACK_DARK = (18, 30, 58)
# zones I, II, III in Okabe-Ito hues; the Roman numeral on each station tells them apart too
STATION_RGB: tuple[RGB, RGB, RGB] = ((244, 196, 40), (213, 94, 0), (0, 158, 115))
STATION_TEXT: tuple[RGB, RGB, RGB] = ((40, 30, 10), (255, 255, 255), (255, 255, 255))


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def finish(big: pygame.Surface, scale: int = SS) -> pygame.Surface:
    """Smooth a supersampled canvas down to its final size (converted when a display exists)."""
    w, h = big.get_size()
    small = pygame.transform.smoothscale(big, (max(1, w // scale), max(1, h // scale)))
    return small.convert_alpha() if _display_ready() else small


@cache
def font(size: int, bold: bool = True, italic: bool = False) -> pygame.font.Font:
    """A Noto Sans face from pygame_gui (also the italic ones the theme does not offer)."""
    name = "NotoSans-" + ("Bold" if bold else "") + ("Italic" if italic else "")
    if name == "NotoSans-":
        name = "NotoSans-Regular"
    with resources.as_file(gui_font(f"{name}.ttf")) as path:
        return pygame.font.Font(str(path), max(4, size))


def unit(direction: float) -> Point:
    """The screen vector of a compass direction in eighths (0 = up, clockwise)."""
    a = direction * math.pi / 4
    return math.sin(a), -math.cos(a)


def draw_arrow(
    surface: pygame.Surface,
    centre: Point,
    direction: float,
    r0: float,
    r1: float,
    width: float,
    colour: RGB,
    *,
    head: float = 2.6,
    head_length: float | None = None,
) -> None:
    """A bold arrow from radius ``r0`` to ``r1`` round ``centre`` along ``direction``; the head
    is ``head`` times as wide as the shaft (0: no head)."""
    ux, uy = unit(direction)
    px, py = -uy, ux
    cx, cy = centre
    hw = width * head / 2  # half head width
    hl = (hw * 1.45 if head_length is None else head_length) if head else 0.0
    base = r1 - hl
    w = width / 2
    pts = [
        (cx + ux * r0 + px * w, cy + uy * r0 + py * w),
        (cx + ux * base + px * w, cy + uy * base + py * w),
    ]
    if head:
        pts += [
            (cx + ux * base + px * hw, cy + uy * base + py * hw),
            (cx + ux * r1, cy + uy * r1),
            (cx + ux * base - px * hw, cy + uy * base - py * hw),
        ]
    pts += [
        (cx + ux * base - px * w, cy + uy * base - py * w),
        (cx + ux * r0 - px * w, cy + uy * r0 - py * w),
    ]
    pygame.draw.polygon(surface, colour, pts)


def _rounded(surface: pygame.Surface, colour, rect: pygame.Rect, radius: int, width: int = 0):
    pygame.draw.rect(surface, colour, rect, width, border_radius=max(0, radius))


def paint_face(
    surface: pygame.Surface,
    rect: pygame.Rect,
    arrows: Sequence[int],
    distance: int,
    forward: int,
    *,
    printed: bool = False,
    station: int = -1,
    shadow: bool = True,
) -> None:
    """Paint a wind card's face into ``rect`` of ``surface`` (at the surface's own scale).

    ``arrows`` are absolute directions, ``forward`` the absolute direction of the card's forward
    (its keel band lies on the opposite side). ``station`` >= 0 draws the station ring of that
    colour on the card (a card laid on a station lies under the disc)."""
    r = pygame.Rect(rect)
    side = min(r.width, r.height)
    radius = max(2, round(side * 0.12))
    if shadow:
        sh = pygame.Surface(r.size, pygame.SRCALPHA)
        _rounded(sh, (40, 24, 8, 80), sh.get_rect(), radius)
        surface.blit(sh, r.move(round(side * 0.035), round(side * 0.05)))
    _rounded(surface, EDGE, r, radius)
    inner = r.inflate(-max(2, round(side * 0.045)) * 2, -max(2, round(side * 0.045)) * 2)
    _rounded(surface, FACE_PRINTED if printed else FACE, inner, radius - 1)
    # the keel band along the bottom edge (opposite the forward direction)
    band = max(2, round(side * 0.1))
    keel = pygame.Rect(inner)
    back = (forward // 2 * 2 + 4) % 8
    if back == 4:
        keel.height, keel.bottom = band, inner.bottom
    elif back == 0:
        keel.height = band
    elif back == 2:
        keel.width, keel.right = band, inner.right
    else:
        keel.width = band
    clip = surface.get_clip()
    surface.set_clip(keel.clip(clip) if clip else keel)
    _rounded(surface, KEEL, inner, radius - 1)
    surface.set_clip(clip)
    # a thin printed rule inside the border
    big = side >= 180  # a hand card (at the supersampled scale) has room for fine print
    if big:
        rule = inner.inflate(-round(side * 0.1), -round(side * 0.1))
        _rounded(surface, RULE, rule, max(1, radius - 3), max(1, round(side * 0.012)))
    c = r.center
    if station >= 0:
        ring = side * 0.405
        pygame.draw.circle(surface, EDGE, c, ring + side * 0.035, round(side * 0.1))
        pygame.draw.circle(surface, STATION_RGB[station], c, ring, round(side * 0.065))
    disc = side * (0.15 if big else 0.19)
    width = side * (0.085 if big else 0.09)
    reach = side * (0.47 if big else 0.455)
    for d in arrows:
        length = reach * (1.25 if d % 2 else 1.0)
        hl = side * (0.17 if big else 0.2)
        draw_arrow(surface, c, d, disc * 0.5, length, width, ARROW, head=3.6, head_length=hl)
        if big:
            draw_arrow(surface, c, d, disc, length - hl * 0.8, width * 0.34, ARROW_LIGHT, head=0)
    # the centre disc with the distance, always upright
    fill = STATION_RGB[station] if station >= 0 else DISC
    ink = STATION_TEXT[station] if station >= 0 else NUMBER
    pygame.draw.circle(surface, EDGE, c, disc + side * 0.028)
    pygame.draw.circle(surface, fill, c, disc)
    digit = font(round(side * (0.27 if big else 0.42))).render(str(distance), True, ink)
    surface.blit(digit, digit.get_rect(center=(c[0], c[1] + side * 0.008)))


@lru_cache(maxsize=2048)
def board_sprite(
    wind: Wind, forward: int, cell: int, station: int = -1, printed: bool = False
) -> pygame.Surface:
    """A card lying on a field of ``cell`` pixels, turned so its forward points ``forward``."""
    big = pygame.Surface((cell * SS, cell * SS), pygame.SRCALPHA)
    inset = round(cell * SS * 0.07)
    face = big.get_rect().inflate(-inset * 2, -inset * 2)
    face.move_ip(-round(cell * SS * 0.012), -round(cell * SS * 0.018))
    arrows = wind.turned(forward)
    paint_face(big, face, arrows, wind.distance, forward, printed=printed, station=station)
    return finish(big)


@lru_cache(maxsize=256)
def _hand_sprite(
    wind: Wind, forward: int, size: tuple[int, int], highlight: bool
) -> pygame.Surface:
    w, h = size
    pad = round(min(w, h) * 0.14) if highlight else 0
    big = pygame.Surface(((w + 2 * pad) * SS, (h + 2 * pad) * SS), pygame.SRCALPHA)
    face = pygame.Rect(pad * SS, pad * SS, w * SS, h * SS)
    if highlight:
        side = min(w, h) * SS
        for grow, alpha in ((0.13, 50), (0.09, 90), (0.05, 150)):
            g = round(side * grow)
            _rounded(big, (*GOLD, alpha), face.inflate(g * 2, g * 2), round(side * 0.12) + g)
    paint_face(big, face, wind.turned(forward), wind.distance, forward)
    if highlight:
        side = min(w, h) * SS
        _rounded(big, GOLD, face.inflate(4 * SS, 4 * SS), round(side * 0.13), round(side * 0.045))
    return finish(big)


def draw_wind_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    wind: Wind,
    forward: int = 0,
    *,
    highlight: bool = False,
) -> None:
    """A wind card in a hand (or flying): upright with ``forward`` = 0 (up), or turned."""
    r = pygame.Rect(rect)
    sprite = _hand_sprite(wind, forward % 8, r.size, highlight)
    surface.blit(sprite, sprite.get_rect(center=r.center))


@lru_cache(maxsize=64)
def _back_sprite(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    side = min(w, h) * SS
    r = big.get_rect().inflate(-round(side * 0.06), -round(side * 0.06))
    r.move_ip(-round(side * 0.015), -round(side * 0.02))
    radius = round(side * 0.12)
    sh = pygame.Surface(r.size, pygame.SRCALPHA)
    _rounded(sh, (10, 10, 20, 90), sh.get_rect(), radius)
    big.blit(sh, r.move(round(side * 0.035), round(side * 0.045)))
    _rounded(big, BACK_DARK, r, radius)
    inner = r.inflate(-round(side * 0.07), -round(side * 0.07))
    _rounded(big, BACK, inner, radius - 2)
    # fine diagonal lattice
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(4, round(side * 0.09))
    for k in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(lattice, (255, 255, 255, 22), (k, 0), (k + inner.height, inner.height), 2)
        pygame.draw.line(lattice, (255, 255, 255, 22), (k, inner.height), (k + inner.height, 0), 2)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    _rounded(mask, (255, 255, 255, 255), mask.get_rect(), radius - 2)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(lattice, inner)
    rule = inner.inflate(-round(side * 0.08), -round(side * 0.08))
    _rounded(big, GOLD, rule, max(1, radius - 5), max(1, round(side * 0.018)))
    star(big, r.center, side * 0.3, GOLD, (120, 84, 20), points=8)
    pygame.draw.circle(big, BACK_DARK, r.center, side * 0.055)
    pygame.draw.circle(big, GOLD, r.center, side * 0.055, max(1, round(side * 0.015)))
    return finish(big)


def draw_card_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A face-down wind card (other players' hands, the draw pile)."""
    r = pygame.Rect(rect)
    sprite = _back_sprite(r.size)
    surface.blit(sprite, sprite.get_rect(center=r.center))


def star(
    surface: pygame.Surface,
    centre: Point,
    radius: float,
    colour: RGB,
    dark: RGB,
    *,
    points: int = 8,
    inner: float = 0.22,
    outline: RGB | None = None,
) -> None:
    """A compass star: ``points`` rays, each half light and half dark (the engraved look)."""
    cx, cy = centre
    n = points
    for k in range(n):
        a = -math.pi / 2 + k * 2 * math.pi / n
        long = radius if k % 2 == 0 or n <= 4 else radius * 0.68
        tip = (cx + long * math.cos(a), cy + long * math.sin(a))
        left = a - math.pi / n
        right = a + math.pi / n
        rr = radius * inner
        lp = (cx + rr * math.cos(left), cy + rr * math.sin(left))
        rp = (cx + rr * math.cos(right), cy + rr * math.sin(right))
        pygame.draw.polygon(surface, colour, [centre, lp, tip])
        pygame.draw.polygon(surface, dark, [centre, tip, rp])
        if outline is not None:
            pygame.draw.polygon(
                surface, outline, [lp, tip, rp, centre], max(1, round(radius * 0.04))
            )
