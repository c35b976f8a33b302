"""What every game's guide shares: the hint, the panel, the pointer and the hide/show toggle.

A play scene owns one :class:`Guide`. It asks :meth:`Guide.hint` for the current decision with
a key that changes whenever the decision does, so a suggestion is worked out once per decision,
not per frame. Hints are built from ``state.view(seat)`` of the deciding human only; the guide
never shows for a computer seat, and a scene that replays a game sets ``replaying`` to hide it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.intents import Intent, Kind
from game.i18n import tr
from game.persist.log import LOG
from game.ui import theme

Target = tuple[Any, ...]  # ("field", 17), ("edge", 1 << 40), ("card", 3), ("button", "end") ...
Words = tuple[str, Mapping[str, Any]]  # a text's key and its parameters ("guide.nanuuk.take", {})

TITLE_SIZE, BODY_SIZE, KEYS_SIZE = 30, 30, 26  # legible from a couch on the 1920x1080 canvas
PAD = 18
TEXT_TOP = 14  # the space above the first line and below the last
TAB_H = 62  # the heading's tab above the panel (it overlaps the panel by 14 px)
PANEL_COLOUR = (18, 40, 66, 255)  # opaque: what lies beneath must not show through
RING_COLOUR = (255, 214, 64)
PULSE_HZ = 1.2


@dataclass(frozen=True)
class Hint:
    """One guided decision: the words, what to point at, and the legal action behind it.

    ``words`` are the keys and parameters ``text`` was made from, sentence by sentence: what a
    test compares with what the action does (``text`` is their translation, joined)."""

    text: str  # what the decision is and why the pointed choice is legal, translated
    target: Target  # something the scene maps to a rect on the screen
    action: Any  # the suggested action (always one of the view's legal actions)
    title: str = ""  # a short heading ("Your move", "Set the flags")
    words: tuple[Words, ...] = ()

    @classmethod
    def said(cls, words: tuple[Words, ...], target: Target, action: Any, title: str = "") -> Hint:
        """The hint whose text is ``words`` translated, one sentence after the other."""
        return cls(say(words), target, action, title, words)

    def keys(self) -> tuple[str, ...]:
        """The keys of its sentences, without the games' prefix (``("step", "why_animal")``)."""
        return tuple(key.rsplit(".", 1)[-1] for key, _ in self.words)


def say(words: tuple[Words, ...]) -> str:
    """Sentences (key and parameters each) in the current language, one after the other."""
    return " ".join(tr(key, **params) for key, params in words)


class Guide:
    """The guide of one play scene: cached hint, hide/show, and drawing."""

    def __init__(self, guided: bool) -> None:
        self.guided = guided
        self.shown = True
        self._key: object = None
        self._hint: Hint | None = None
        self.panel: pygame.Rect | None = None  # where the panel was drawn (None: hidden)
        self.tab: pygame.Rect | None = None  # its heading's tab, or the "show" tab when hidden

    def hint(self, key: object, make: Callable[[], Hint | None]) -> Hint | None:
        """The hint for the decision ``key`` (None: no guide now), made once per decision."""
        if not self.guided or key is None:
            return None
        if key != self._key:
            self._key, self._hint = key, None
            try:
                self._hint = make()
            except Exception:  # a guide that cannot suggest must never stop the game
                LOG.exception("guide: no hint for this decision")
        return self._hint

    # ---- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """H on a keyboard, Y on a pad or a click on the panel hides or shows it; True if used."""
        if not self.guided:
            return False
        event = intent.event
        key_h = (
            intent.kind is Kind.TEXT
            and event is not None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_h
        )
        clicked = (
            intent.kind is Kind.POINT_DOWN and intent.pos is not None and self.covers(intent.pos)
        )
        if key_h or intent.kind is Kind.GUIDE or clicked:
            self.shown = not self.shown
            return True
        return False

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the panel or its tab as last drawn."""
        return any(r is not None and r.collidepoint(pos) for r in (self.panel, self.tab))

    # ---- drawing -----------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        hint: Hint | None,
        target: pygame.Rect | None,
        panel: pygame.Rect,
        seconds: float,
        tab_w: int | None = None,
        arrow: bool = True,
        top: bool | None = None,
        shrink: bool = True,
    ) -> None:
        """The panel in ``panel`` (its heading on a tab above it, at most ``tab_w`` wide) and the
        pointer on ``target``; only a small "show" tab when hidden."""
        self.panel = self.tab = None
        if hint is None:
            return
        if not self.shown:
            self.tab = _draw_tab(surface, panel)
            return
        panel = fit_panel(hint, panel, top) if shrink else panel
        if target is not None:
            draw_pointer(surface, target, seconds, arrow)
        self.panel, self.tab = panel, _draw_panel(surface, hint, panel, tab_w)


def panel_lines(hint: Hint, width: int) -> list[str]:
    """The hint's words wrapped to the panel's inner ``width``."""
    return theme.wrap(hint.text, BODY_SIZE, width - 2 * PAD)


def fit_panel(hint: Hint, rect: pygame.Rect, top: bool | None = None) -> pygame.Rect:
    """``rect`` shrunk to the words' height, keeping its top edge (``top``) or its bottom
    edge; by default the edge nearer the screen's rim."""
    needed = len(panel_lines(hint, rect.w)) * theme.line_height(BODY_SIZE) + 2 * TEXT_TOP
    if needed >= rect.h:
        return rect
    bottom = rect.centery > 540 if top is None else not top
    if bottom:
        return pygame.Rect(rect.x, rect.bottom - needed, rect.w, needed)
    return pygame.Rect(rect.x, rect.y, rect.w, needed)


def _draw_panel(
    surface: pygame.Surface, hint: Hint, rect: pygame.Rect, tab_w: int | None = None
) -> pygame.Rect:
    """The words in ``rect`` and a tab above it with the heading and the key that hides it;
    returns the tab."""
    head = hint.title or tr("guide.title")
    keys = tr("guide.hide")
    head_w = theme.font(TITLE_SIZE, True).size(head)[0] + 2 * PAD
    keys_w = theme.font(KEYS_SIZE).size(keys)[0] + 2 * PAD
    room_w = min(rect.w, tab_w or rect.w)
    if head_w + keys_w > room_w:
        keys, keys_w = "", 0  # a narrow tab keeps the heading; a click on the panel still hides
    tab = pygame.Rect(rect.x, rect.y - TAB_H + 14, min(room_w, head_w + keys_w), TAB_H)
    theme.panel(surface, tab, PANEL_COLOUR, 16)
    pygame.draw.rect(surface, RING_COLOUR, tab, 3, border_radius=16)
    theme.panel(surface, rect, PANEL_COLOUR, 18)
    pygame.draw.rect(surface, RING_COLOUR, rect, 3, border_radius=18)
    cover = pygame.Rect(tab.x + 3, rect.y - 2, tab.w - 6, 8)  # tab and panel read as one
    surface.fill(PANEL_COLOUR[:3], cover)
    mid = tab.y + (TAB_H - 14) // 2 + 2
    # a tab kept narrow (by an undo button beside it) sets its heading smaller before it cuts
    theme.text(surface, head, (tab.x + PAD, mid), TITLE_SIZE, RING_COLOUR, True, "midleft",
               width=tab.w - keys_w - 2 * PAD, least=TITLE_SIZE - 8)  # fmt: skip
    if keys:
        theme.text(surface, keys, (tab.right - PAD, mid), KEYS_SIZE, theme.SNOW, False, "midright")
    step = theme.line_height(BODY_SIZE)
    lines = panel_lines(hint, rect.w)
    if len(lines) * step > rect.h - 8:  # too long at a large text size: smaller, down to 100 %,
        inner = pygame.Rect(rect.x + PAD, rect.y + 4, rect.w - 2 * PAD, rect.h - 8)
        rows = max(1, inner.h // theme.base_font(BODY_SIZE).get_linesize())
        theme.text_in(surface, hint.text, inner, BODY_SIZE, theme.WHITE, max_lines=rows,
                      middle=True)  # fmt: skip
        return tab  # ...and only then does the last line end in "…"
    y = rect.y + max(4, min(TEXT_TOP, (rect.h - len(lines) * step) // 2))
    for line in lines:
        theme.text(surface, line, (rect.x + PAD, y), BODY_SIZE, theme.WHITE, False, "topleft")
        y += step
    return tab


def _draw_tab(surface: pygame.Surface, panel: pygame.Rect) -> pygame.Rect:
    """The hidden guide: only its tab, where the heading was, that brings it back."""
    label = tr("guide.show")
    w = theme.font(TITLE_SIZE, True).size(label)[0] + 2 * PAD
    tab = pygame.Rect(panel.x, panel.y - TAB_H + 14, w, TAB_H - 14)
    theme.panel(surface, tab, PANEL_COLOUR, 16)
    pygame.draw.rect(surface, RING_COLOUR, tab, 3, border_radius=16)
    theme.text(surface, label, tab.center, TITLE_SIZE, RING_COLOUR, True, "center")
    return tab


def draw_pointer(
    surface: pygame.Surface, target: pygame.Rect, seconds: float, arrow: bool = True
) -> None:
    """A ring round ``target`` with a ripple spreading from it, and (``arrow``) a bobbing arrow
    that points at it from above (from below when the target is near the top of the screen)."""
    t = theme.idle(seconds)
    pulse = 0.5 + 0.5 * math.sin(t * PULSE_HZ * 2 * math.pi)
    ring = target.inflate(14, 14)
    radius = min(ring.w, ring.h) // 2 if abs(ring.w - ring.h) < 12 else 14
    _ripple(surface, ring, radius, (t * PULSE_HZ) % 1.0)
    # black, white and the guide's yellow: it stands out from the games' own highlights
    pygame.draw.rect(surface, (0, 0, 0), ring.inflate(4, 4), 11, border_radius=radius + 2)
    pygame.draw.rect(surface, theme.WHITE, ring, 7, border_radius=radius)
    pygame.draw.rect(surface, RING_COLOUR, ring.inflate(-6, -6), 3, border_radius=radius - 3)
    if not arrow:  # on a dense grid the ring alone: an arrow would hide the next field
        return
    bob = 10 * pulse
    if target.top > 140:
        tip = (target.centerx, ring.top - 6 - bob)
        _arrow(surface, tip, -1)
    else:
        tip = (target.centerx, ring.bottom + 6 + bob)
        _arrow(surface, tip, 1)


def _ripple(surface: pygame.Surface, ring: pygame.Rect, radius: int, phase: float) -> None:
    """A white ring that spreads from the target and fades, again and again: seen at a glance."""
    reach = min(44, max(16, min(ring.w, ring.h) // 2))  # a wide button: a short spread
    grow = round(6 + reach * phase)
    outer = ring.inflate(2 * grow, 2 * grow)
    layer = pygame.Surface(outer.size, pygame.SRCALPHA)
    alpha = round(220 * (1.0 - phase))
    pygame.draw.rect(
        layer, (255, 255, 255, alpha), layer.get_rect(), 5, border_radius=radius + grow
    )
    surface.blit(layer, outer.topleft)


def _arrow(surface: pygame.Surface, tip: tuple[float, float], up: int) -> None:
    """An arrow whose point is at ``tip``; ``up`` -1: the shaft lies above, 1: below."""
    x, y = tip
    d = -up  # the direction from the shaft towards the tip
    head = [(x, y), (x - 26, y - d * 30), (x + 26, y - d * 30)]
    shaft = pygame.Rect(0, 0, 18, 44)
    shaft.midbottom = (int(x), int(y - d * 28)) if d > 0 else (int(x), int(y - d * 28 + 44))
    pygame.draw.rect(surface, (0, 0, 0), shaft.inflate(6, 6), border_radius=6)
    pygame.draw.polygon(surface, (0, 0, 0), _grow(head, 4))
    pygame.draw.rect(surface, RING_COLOUR, shaft, border_radius=5)
    pygame.draw.polygon(surface, RING_COLOUR, head)


def _grow(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for px, py in points:
        dx, dy = px - cx, py - cy
        length = math.hypot(dx, dy) or 1.0
        out.append((px + dx / length * by, py + dy / length * by))
    return out


def pick_panel(candidates: list[pygame.Rect], avoid: list[tuple[pygame.Rect, int]]) -> pygame.Rect:
    """The candidate place for the panel (its tab included) that hides the least of what
    matters: ``avoid`` pairs a rect with its weight (the target most, then the other choices,
    ships and cards). The first of equally good places wins, so the panel does not wander."""

    def cost(rect: pygame.Rect) -> int:
        area = rect.inflate(0, TAB_H).move(0, -TAB_H // 2)  # with the tab above it
        return sum(weight for r, weight in avoid if area.colliderect(r))

    return min(candidates, key=cost)


def box(centre: tuple[float, float], size: float) -> pygame.Rect:
    """A square of ``size`` round ``centre``: a field or a crack line as a target."""
    rect = pygame.Rect(0, 0, round(size), round(size))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect
