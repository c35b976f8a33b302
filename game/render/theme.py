"""Colours, fonts and small drawing helpers shared by every scene.

Fonts are the Noto Sans faces that ship with pygame_gui (full Latin coverage: ä, ë, ß ...),
found by name through the package, never through the current directory.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
THEME_FILE = ASSETS / "themes" / "speltafel.json"
LOGICAL_SIZE = (1920, 1080)

INK = (32, 36, 48)
PAPER = (246, 242, 232)
SNOW = (250, 252, 255)
SKY_TOP = (84, 142, 206)
SKY_BOTTOM = (196, 226, 246)
ACCENT = (255, 196, 46)
SHADOW = (0, 0, 0, 90)
PANEL = (20, 28, 44, 200)
WHITE = (255, 255, 255)
MUTED = (170, 178, 194)
DANGER = (214, 64, 52)


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    with resources.as_file(resources.files("pygame_gui.data") / name) as path:
        return pygame.font.Font(str(path), size)


# Bounded: a kiosk draws changing texts (countdowns, scores, names) all day long; an unbounded
# cache of rendered lines would grow without end.
@lru_cache(maxsize=1024)
def _text(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


def text(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int = 32,
    colour: tuple[int, ...] = WHITE,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Blit ``content`` anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
    image = _text(content, size, tuple(colour), bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(_text(content, size, (0, 0, 0), bold), rect.move(2, 3))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it fits ``width`` pixels."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``content`` into lines that fit ``width`` pixels (paragraphs kept)."""
    lines: list[str] = []
    f = font(size, bold)
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, radius: int = 18) -> None:
    """A translucent rounded panel with a soft shadow."""
    surface.blit(_panel_layer(rect.size, tuple(colour), radius), rect.move(-12, -12))


@lru_cache(maxsize=256)
def _panel_layer(size: tuple[int, int], colour: tuple[int, ...], radius: int) -> pygame.Surface:
    """Panels are drawn every frame: each size and colour is rendered once."""
    layer = pygame.Surface((size[0] + 24, size[1] + 24), pygame.SRCALPHA)
    inner = pygame.Rect(12, 18, *size)
    pygame.draw.rect(layer, (0, 0, 0, 60), inner, border_radius=radius)
    pygame.draw.rect(layer, colour, inner.move(0, -6), border_radius=radius)
    return layer


@cache
def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """An alpine evening: sky gradient, far ridges, a snowy peak. Drawn once per size."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / h
        colour = [round(a + (b - a) * t) for a, b in zip(SKY_TOP, SKY_BOTTOM, strict=True)]
        pygame.draw.line(surf, colour, (0, y), (w, y))
    ridges = [
        ((120, 150, 190), 0.55, 7, 0.10),
        ((84, 112, 150), 0.68, 5, 0.08),
        ((52, 78, 108), 0.80, 3, 0.06),
    ]
    for colour, base, waves, amp in ridges:
        points = [(0, h)]
        for x in range(0, w + 40, 40):
            y = h * (base - amp * abs(math.sin(x / w * math.pi * waves * 0.5 + base * 9)))
            points.append((x, y))
        points.append((w, h))
        pygame.draw.polygon(surf, colour, points)
    return surf


def draw_backdrop(surface: pygame.Surface, seconds: float = 0.0) -> None:
    surface.blit(_backdrop(surface.get_size()), (0, 0))


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
    """A pulsing outline round the control that keyboard or gamepad focus is on."""
    pulse = 0.5 + 0.5 * math.sin(seconds * 6)
    width = 4 + round(2 * pulse)
    pygame.draw.rect(surface, ACCENT, rect.inflate(14, 14), width, border_radius=14)


# ---- seats: colour AND shape ---------------------------------------------------------------
@cache
def _players() -> dict:
    with (ASSETS / "themes" / "players.toml").open("rb") as fh:
        return tomllib.load(fh)


def seat_colours() -> list[tuple[str, tuple[int, int, int]]]:
    return [(c["id"], tuple(c["rgb"])) for c in _players()["colour"]]


def colour_rgb(colour_id: str) -> tuple[int, int, int]:
    return dict(seat_colours()).get(colour_id, (200, 200, 200))


def seat_shape(seat: int) -> str:
    shapes = _players()["shapes"]
    return shapes[seat % len(shapes)]


def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center
    if shape == "square":
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    if shape == "diamond":
        return [(cx, cy - r * 1.25), (cx + r, cy), (cx, cy + r * 1.25), (cx - r, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r * (1.25 if i % 2 == 0 else 0.55)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return pts
    return [
        (cx + r * math.cos(a * math.pi / 12), cy + r * math.sin(a * math.pi / 12))
        for a in range(24)
    ]


def draw_mark(
    surface: pygame.Surface,
    shape: str,
    colour: tuple[int, int, int],
    center: tuple[float, float],
    r: float,
    outline: tuple[int, int, int] = INK,
) -> None:
    """A seat's mark: its shape filled with its colour, outlined so it reads on any ground."""
    pts = shape_points(shape, center, r)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, outline, pts, max(2, round(r / 7)))
