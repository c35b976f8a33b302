"""Colours, fonts and small drawing helpers shared by every scene.

Fonts are the Noto Sans faces that ship with pygame_gui (full Latin coverage: ä, ë, ß ...),
found by name through the package (game/resources.py), never through the current directory.
"""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

import pygame

from game.engine import tween
from game.engine.display import LOGICAL_SIZE  # the one logical canvas
from game.resources import asset, gui_font

THEME_FILE = asset("themes", "speltafel.json")


def centred(size: tuple[int, int]) -> pygame.Rect:
    """A rect of ``size`` in the middle of the canvas (the panel of an overlay)."""
    rect = pygame.Rect((0, 0), size)
    rect.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
    return rect


INK = (32, 36, 48)
PAPER = (246, 242, 232)
SNOW = (250, 252, 255)
SKY_TOP = (84, 142, 206)
SKY_BOTTOM = (196, 226, 246)
SHADOW = (0, 0, 0, 90)
WHITE = (255, 255, 255)


# ---- accessibility (issue 9): one value read by every drawing helper --------------------------
@dataclass(frozen=True)
class Palette:
    """The colours that change with high contrast."""

    panel: tuple[int, int, int, int]
    muted: tuple[int, int, int]
    accent: tuple[int, int, int]
    danger: tuple[int, int, int]  # Okabe-Ito vermilion: never the only sign (a cross, a word too)


NORMAL = Palette(
    panel=(20, 28, 44, 200), muted=(170, 178, 194), accent=(255, 196, 46), danger=(213, 94, 0)
)
# High contrast: opaque panels, near-white secondary text, a stronger yellow, Okabe-Ito vermilion.
HIGH_CONTRAST = Palette(
    panel=(6, 10, 18, 255), muted=(236, 240, 248), accent=(255, 224, 0), danger=(213, 94, 0)
)


@dataclass(frozen=True)
class Access:
    """The player's access settings, with the palette they give: a value, replaced whole."""

    high_contrast: bool = False
    ui_scale: float = 1.0
    reduced_motion: bool = False

    @property
    def palette(self) -> Palette:
        return HIGH_CONTRAST if self.high_contrast else NORMAL


_current = Access()


def access() -> Access:
    """The access settings in force (the settings screen and ``--`` flags set them)."""
    return _current


def palette() -> Palette:
    """The colours in force: normal or high contrast."""
    return _current.palette


def configure(high_contrast: bool, ui_scale: float, reduced_motion: bool) -> bool:
    """Switch palette, text scale and motion at once; True when anything changed."""
    global _current
    wanted = Access(bool(high_contrast), float(ui_scale), bool(reduced_motion))
    if wanted == _current:
        return False
    _current = wanted
    tween.set_reduced_motion(wanted.reduced_motion)  # the engine's tweens follow it
    return True


def scaled(size: int) -> int:
    """The drawn size of ``size`` px text: body text grows fully, headings (64+) stay.

    Small text is what is hard to read from a couch; big titles already are legible and
    would only push layouts apart.
    """
    return _grown(size, _current.ui_scale)


def _grown(size: int, ui_scale: float) -> int:
    weight = min(1.0, max(0.0, (64 - size) / 32))
    return round(size * (1 + (ui_scale - 1) * weight))


def line_height(size: int, bold: bool = False) -> int:
    """The distance between lines of ``size`` px text at the current UI scale."""
    return font(size, bold).get_linesize()


def spaced(step: float, size: int) -> int:
    """A line step designed for ``size`` px text, grown with the text at the UI scale."""
    return round(step * scaled(size) / size)


def idle(seconds: float) -> float:
    """The clock idle motion (snow, waves, emblems, pulses) runs on: frozen when reduced."""
    return 0.0 if _current.reduced_motion else seconds


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The face for ``size`` px text at the current UI scale (measure with this, draw alike)."""
    return _font(scaled(size), bold)


def base_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The face for ``size`` px text at 100 % (layouts measured once for every UI scale)."""
    return _font(size, bold)


@cache
def _font(size: int, bold: bool = False) -> pygame.font.Font:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    with resources.as_file(gui_font(name)) as path:
        return pygame.font.Font(str(path), size)


# Bounded: a kiosk draws changing texts (countdowns, scores, names) all day long; an unbounded
# cache of rendered lines would grow without end.
@lru_cache(maxsize=1024)
def _text(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    return _font(size, bold).render(text, True, colour)


def _contrast_ink(colour: tuple[int, ...]) -> tuple[int, ...]:
    """High contrast: greyish light text becomes pure white, greyish dark text pure black."""
    r, g, b = colour[:3]
    if max(r, g, b) - min(r, g, b) > 60:
        return colour  # a colour that carries meaning (accent, a seat) stays
    return WHITE if _luma(colour) > 110 else (0, 0, 0)


def _luma(colour: tuple[int, ...]) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


@dataclass(eq=False)  # each recording is itself: stop_recording finds it by identity
class Recording:
    """Every text and panel drawn since ``start_recording``: the app finds room for its
    toasts by them, tests check that nothing spills out."""

    texts: list[tuple[str, pygame.Rect]]
    panels: list[pygame.Rect]
    # every text that had to lose characters to fit: (what it was, what was shown)
    cuts: list[tuple[str, str]] = field(default_factory=list)
    # every text that sticks out of the surface it is drawn on (the window's, or a panel's
    # own): what of it is outside is not seen
    outside: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    # every text with where its letters are on the surface it is drawn on (``texts`` holds the
    # rect of its line, with the font's room above and below): on the window's, a text must
    # not overlap a control (tests/ui/test_no_text_cut.py)
    inks: list[tuple[str, pygame.Rect, pygame.Surface]] = field(default_factory=list)


_recordings: list[Recording] = []  # all that listen now, a test's and the app's alike


def start_recording() -> Recording:
    recording = Recording([], [])
    _recordings.append(recording)
    return recording


def note_cut(whole: str, shown: str) -> None:
    """A text lost characters to fit (an ellipsis, a label wider than its button): what every
    recording keeps, and a test fails on (issue 18, item 2)."""
    for recording in _recordings:
        recording.cuts.append((whole, shown))


def stop_recording(recording: Recording | None = None) -> None:
    """Stop ``recording`` (by default every one)."""
    if recording is None:
        _recordings.clear()
    elif recording in _recordings:
        _recordings.remove(recording)


def text(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int = 32,
    colour: tuple[int, ...] = WHITE,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = False,
    width: int | None = None,
    px: int | None = None,
    least: int | None = None,
) -> pygame.Rect:
    """Blit ``content`` anchored at ``pos`` (any pygame.Rect anchor name); returns its rect.

    ``width``: the room there is; text larger at the UI scale than fits shrinks back towards
    ``size`` (or further, to ``least``), and is cut with an ellipsis only if even that does
    not fit. ``px``: the drawn size, already worked out (``text_in`` sets its lines in one
    size).
    """
    if px is not None:
        return _blit(surface, content, pos, px, tuple(colour), bold, anchor, shadow)
    px = scaled(size)
    if width is not None:
        px = _fitting_size(content, min(size, least or size), width, bold, size)
        fitted = _fit(content, px, width, bold)
        if fitted != content:
            note_cut(content, fitted)
        content = fitted
    return _blit(surface, content, pos, px, tuple(colour), bold, anchor, shadow)


def _fitting_size(content: str, least: int, width: int, bold: bool, size: int = 0) -> int:
    px = scaled(size or least)
    while px > least and _font(px, bold).size(content)[0] > width:
        px -= 1
    return px


def text_in(
    surface: pygame.Surface,
    content: str,
    rect: pygame.Rect,
    size: int = 32,
    colour: tuple[int, ...] = WHITE,
    bold: bool = False,
    max_lines: int = 2,
    align: str = "left",
    middle: bool = False,
) -> list[pygame.Rect]:
    """Wrapped text set into ``rect`` from its top (``middle``: centred in its height): at the
    UI scale when that fits, else smaller down to ``size``; then the last line is cut short."""
    px, rows = scaled(size), max(1, max_lines)
    while True:
        f = _font(px, bold)
        lines = _wrap(content, f, rect.width)
        step = min(f.get_linesize(), rect.height // rows)  # lines may sit a little closer
        if px <= size or (len(lines) <= rows and px * 1.15 <= step):
            break
        px -= 1
    if len(lines) > rows:
        rest = " ".join(lines[rows - 1 :])
        lines = lines[: rows - 1] + [_fit(rest, px, rect.width, bold)]
        note_cut(content, " ".join(lines))
    anchor = {"left": "topleft", "center": "midtop"}[align]
    x = rect.x if align == "left" else rect.centerx
    top = rect.y + (max(0, rect.height - len(lines) * step) // 2 if middle else 0)
    return [  # through ``text``, so whatever watches the drawn strings sees these too
        text(surface, line, (x, top + i * step), size, colour, bold, anchor, px=px)
        for i, line in enumerate(lines)
    ]


def _blit(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int,
    colour: tuple[int, ...],
    bold: bool,
    anchor: str,
    shadow: bool,
) -> pygame.Rect:
    """Draw ``size`` px text (already scaled) in the current contrast mode."""
    if _current.high_contrast:
        colour = _contrast_ink(colour)
    image = _text(content, size, colour, bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if _current.high_contrast and _luma(colour) > 110:
        _outline(surface, _text(content, size, (0, 0, 0), bold), rect)
    elif shadow:
        surface.blit(_text(content, size, (0, 0, 0), bold), rect.move(2, 3))
    surface.blit(image, rect)
    if content.strip() and _recordings:
        clipped = not surface.get_rect().contains(rect)
        ink = _ink(content, size, bold).move(rect.topleft)
        for recording in _recordings:
            recording.texts.append((content, rect.copy()))
            recording.inks.append((content, ink.copy(), surface))
            if clipped:
                recording.outside.append((content, rect.copy()))
    return rect


@lru_cache(maxsize=1024)
def _ink(content: str, size: int, bold: bool) -> pygame.Rect:
    """Where the letters of ``content`` are in its rendered line (from its top left)."""
    return _font(size, bold).render(content, True, WHITE).get_bounding_rect()


def _outline(surface: pygame.Surface, dark: pygame.Surface, rect: pygame.Rect) -> None:
    """A black rim all round light text: it reads on snow, sea and sky alike."""
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-2, -2), (2, 2), (-2, 2), (2, -2)):
        surface.blit(dark, rect.move(dx, dy))


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it fits ``width`` pixels (noted, see
    ``note_cut``; to ask whether it would fit, ``fits``)."""
    fitted = _fit(text, scaled(size), width, bold)
    if fitted != text:
        note_cut(text, fitted)
    return fitted


def fits(text: str, size: int, width: int, bold: bool = False) -> bool:
    """Whether ``text`` fits ``width`` pixels whole."""
    return _font(scaled(size), bold).size(text)[0] <= width


@lru_cache(maxsize=1024)
def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    f = _font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``content`` into lines that fit ``width`` pixels (paragraphs kept)."""
    return _wrap(content, font(size, bold), width)


def wrap_lines(content: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """``wrap``, at most ``most`` lines: the lines beyond are dropped, and noted (note_cut)."""
    lines = wrap(content, size, width, bold)
    if len(lines) > most:
        note_cut(content, " ".join(lines[:most]))
    return lines[:most]


def wrap_in(content: str, face: pygame.font.Font, width: int) -> list[str]:
    """``wrap`` in a face already chosen (its size worked out by the caller)."""
    return _wrap(content, face, width)


def _wrap(content: str, f: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
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


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=None, radius: int = 18) -> None:
    """A translucent rounded panel with a soft shadow (opaque and rimmed in high contrast)."""
    colour = tuple(palette().panel if colour is None else colour)
    if _current.high_contrast:
        colour = _opaque(colour)
    surface.blit(_panel_layer(rect.size, colour, radius), rect.move(-12, -12))
    for recording in _recordings:
        recording.panels.append(rect.copy())
    if _current.high_contrast:
        rim = WHITE if _luma(colour) < 110 else (0, 0, 0)
        pygame.draw.rect(surface, rim, rect, 3, border_radius=radius)


def solid(colour: tuple[int, ...]) -> tuple[int, ...]:
    """``colour`` for a text background: see-through, or in high contrast opaque."""
    return _opaque(tuple(colour)) if _current.high_contrast else tuple(colour)


def _opaque(colour: tuple[int, ...]) -> tuple[int, ...]:
    """A see-through dark panel becomes solid and darker; a light card just solid."""
    if _luma(colour) < 110:
        return (*(round(c * 0.45) for c in colour[:3]), 255)
    return (*colour[:3], 255)


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
    for row in range(h):
        t = row / h
        shade = [round(a + (b - a) * t) for a, b in zip(SKY_TOP, SKY_BOTTOM, strict=True)]
        pygame.draw.line(surf, shade, (0, row), (w, row))
    ridges = [
        ((120, 150, 190), 0.55, 7, 0.10),
        ((84, 112, 150), 0.68, 5, 0.08),
        ((52, 78, 108), 0.80, 3, 0.06),
    ]
    for colour, base, waves, amp in ridges:
        points: list[tuple[float, float]] = [(0, h)]
        for x in range(0, w + 40, 40):
            y = h * (base - amp * abs(math.sin(x / w * math.pi * waves * 0.5 + base * 9)))
            points.append((x, y))
        points.append((w, h))
        pygame.draw.polygon(surf, colour, points)
    return surf


def draw_backdrop(surface: pygame.Surface, seconds: float = 0.0) -> None:
    surface.blit(_backdrop(surface.get_size()), (0, 0))


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, seconds: float) -> None:
    """A pulsing outline round the control that keyboard or gamepad focus is on.

    Reduced motion: a steady outline; high contrast: a black rim round it as well.
    """
    pulse = 0.5 if _current.reduced_motion else 0.5 + 0.5 * math.sin(seconds * 6)
    width = 4 + round(2 * pulse)
    if _current.high_contrast:
        pygame.draw.rect(surface, (0, 0, 0), rect.inflate(26, 26), 4, border_radius=18)
        width += 2
    pygame.draw.rect(surface, palette().accent, rect.inflate(14, 14), width, border_radius=14)


# ---- seats: colour AND shape ---------------------------------------------------------------
@cache
def _players() -> dict:
    with asset("themes", "players.toml").open("rb") as fh:
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
    """A seat's mark: its shape filled with its colour, outlined so it reads on any ground.

    High contrast: a thick black outline with a white rim outside it, on any ground.
    """
    pts = shape_points(shape, center, r)
    if _current.high_contrast:
        rim = shape_points(shape, center, r + max(2, r / 5))
        pygame.draw.polygon(surface, WHITE, rim)
        outline = (0, 0, 0)
    pygame.draw.polygon(surface, colour, pts)
    width = max(2, round(r / 7)) * (2 if _current.high_contrast else 1)
    pygame.draw.polygon(surface, outline, pts, width)


# ---- pieces in high contrast ----------------------------------------------------------------
_HALOS: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}  # id(sprite) -> (sprite, halo)
HALO = 3  # px of black round a piece in high contrast


def piece(sprite: pygame.Surface) -> pygame.Surface:
    """``sprite`` as the board shows it: in high contrast with a thick black rim round its
    silhouette (made once per sprite; pieces are cached sprites already)."""
    if not _current.high_contrast:
        return sprite
    found = _HALOS.get(id(sprite))
    if found is None or found[0] is not sprite:
        if len(_HALOS) > 512:
            _HALOS.clear()
        found = (sprite, _halo(sprite))
        _HALOS[id(sprite)] = found
    return found[1]


def _halo(sprite: pygame.Surface) -> pygame.Surface:
    w, h = sprite.get_size()
    dark = pygame.mask.from_surface(sprite, 100).to_surface(
        setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0)
    )
    out = pygame.Surface((w + 2 * HALO, h + 2 * HALO), pygame.SRCALPHA)
    for dx in range(-HALO, HALO + 1):
        for dy in range(-HALO, HALO + 1):
            if dx * dx + dy * dy <= HALO * HALO:
                out.blit(dark, (HALO + dx, HALO + dy))
    out.blit(sprite, (HALO, HALO))
    return out


# ---- the pygame_gui theme, adjusted to the accessibility settings ---------------------------
HIGH_CONTRAST_THEME = asset("themes", "high_contrast.json")
# pygame_gui's captions do not wrap: each look with a font comes in GUI_STEPS + 1 sizes, from
# its font grown as body text grows (``scaled``) down to its font at 100 %; a button takes the
# largest its captions fit with room round them (UIScene.fitted_button, issue 29)
GUI_STEPS = 4
# what is no button (text fields, labels, tooltips) is not fitted: its font grows less
GUI_UNFITTED = ("label", "#label", "#heading", "text_entry_line", "#text_entry", "text_box",
                "tool_tip.text_box")  # fmt: skip
GUI_SCALE_WEIGHT = 0.6


def gui_key() -> tuple[bool, float]:
    """What the menu theme depends on: scenes rebuild their controls when it changes."""
    return _current.high_contrast, _current.ui_scale


@cache
def gui_theme(high_contrast: bool, ui_scale: float) -> dict:
    """speltafel.json with the high-contrast colours laid over it and its fonts scaled: every
    look ``#id`` with a font also as ``gui_looks(#id)``, its font a step smaller each."""
    data = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    if high_contrast:
        for block, over in json.loads(HIGH_CONTRAST_THEME.read_text(encoding="utf-8")).items():
            for part, values in over.items():
                data.setdefault(block, {}).setdefault(part, {}).update(values)
    for name, block in list(data.items()):
        font_spec = block.get("font")
        if not font_spec or "size" not in font_spec:
            continue
        base = int(font_spec["size"])
        if name in GUI_UNFITTED:
            font_spec["size"] = str(round(base * (1 + (ui_scale - 1) * GUI_SCALE_WEIGHT)))
            continue
        full = _grown(base, ui_scale)
        if name.startswith("#"):
            for step, look in enumerate(gui_looks(name)[1:], 1):
                copy = json.loads(json.dumps(block))
                copy["font"]["size"] = str(round(full + (base - full) * step / GUI_STEPS))
                data[look] = copy
        font_spec["size"] = str(full)
    return data


def gui_looks(object_id: str) -> list[str]:
    """The pygame_gui object ids of ``object_id``'s look, from its largest font (grown as body
    text at the UI scale) to its font at 100 % (``unscaled_id``)."""
    steps = [f"{object_id}_step{n}" for n in range(1, GUI_STEPS)]
    return [object_id, *steps, unscaled_id(object_id)]


def unscaled_id(object_id: str) -> str:
    """The pygame_gui object id of ``object_id``'s look with its font at 100 %."""
    return f"{object_id}_unscaled"


def caption_font(look: str) -> tuple[int, bool]:
    """The size and boldness of the captions of buttons of ``look``, at the UI scale."""
    data = gui_theme(*gui_key())
    spec = data.get(look, {}).get("font") or data["button"]["font"]
    return int(spec["size"]), spec.get("bold", "0") == "1"


def ink_height(content: str, size: int, bold: bool = False) -> int:
    """How tall the letters of ``content`` are at ``size`` px (drawn size)."""
    return _ink(content, size, bold).height
