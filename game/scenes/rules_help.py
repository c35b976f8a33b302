"""How to play: a game's rules text in a scrollable panel.

The text lives in ``rules.toml`` (``rules.<game>.body``): "# " starts a heading, "- " a bullet.
Up/Down (keys, D-pad) scroll, as do the two buttons, and dragging with a finger or the mouse.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import has, tr
from game.input.intents import Intent, Kind
from game.render import theme
from game.scenes.menukit import draw_heading, game_title, go_back
from game.scenes.ui import UIScene

PANEL = pygame.Rect(200, 180, 1520, 690)
PAD = 50
BODY, HEAD = 32, 40
LINE, HEAD_LINE = 46, 60
STEP = 140


@dataclass(frozen=True)
class Line:
    text: str
    y: int
    size: int
    bold: bool
    indent: int
    bullet: bool = False


def layout(body: str, width: int) -> tuple[list[Line], int]:
    """Lines with their y offsets for ``body``; returns them and the total height."""
    lines: list[Line] = []
    y = 0
    for raw in body.strip().split("\n"):
        text = raw.strip()
        if not text:
            y += LINE // 2
        elif text.startswith("# "):
            y += 10 if lines else 0
            for part in theme.wrap(text[2:], HEAD, width, True):
                lines.append(Line(part, y, HEAD, True, 0))
                y += HEAD_LINE
        elif text.startswith("- "):
            for i, part in enumerate(theme.wrap(text[2:], BODY, width - 50)):
                lines.append(Line(part, y, BODY, False, 50, bullet=i == 0))
                y += LINE
            y += 6
        else:
            for part in theme.wrap(text, BODY, width):
                lines.append(Line(part, y, BODY, False, 0))
                y += LINE
    return lines, y


class RulesHelpScene(UIScene):
    def enter(self, game: str = "bergruft", **data: object) -> None:
        self.game = game
        self.scroll = 0.0
        self.target = 0.0
        self.drag_from: float | None = None
        self.build()
        self.ring.move(0)

    def build(self) -> None:
        key = f"rules.{self.game}.body"
        self.lines, self.height = layout(tr(key) if has(key) else "", PANEL.width - 2 * PAD - 30)
        y = 950
        self.back_button = self.button(
            pygame.Rect(PANEL.x, y, 340, 90), tr("common.back"), self.back
        )
        self.up_button = self.button(
            pygame.Rect(PANEL.right - 760, y, 360, 90),
            tr("rules_help.up"),
            lambda: self.scroll_by(-1),
        )
        self.down_button = self.button(
            pygame.Rect(PANEL.right - 360, y, 360, 90),
            tr("rules_help.down"),
            lambda: self.scroll_by(1),
        )

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.height - (PANEL.height - 2 * PAD))

    def scroll_by(self, steps: float) -> None:
        self.target = min(self.max_scroll, max(0.0, self.target + steps * STEP))

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.UP:
            self.scroll_by(-1)
        elif kind is Kind.DOWN:
            self.scroll_by(1)
        elif kind is Kind.SCROLL and intent.pos is not None:
            self.scroll_by(intent.pos[1])
        elif kind is Kind.TEXT and intent.event is not None and intent.event.type == pygame.KEYDOWN:
            pages = {
                pygame.K_PAGEUP: -4,
                pygame.K_PAGEDOWN: 4,
                pygame.K_HOME: -999,
                pygame.K_END: 999,
            }
            self.scroll_by(pages.get(intent.event.key, 0))
        elif kind is Kind.POINT_DOWN and intent.pos is not None and PANEL.collidepoint(intent.pos):
            self.drag_from = intent.pos[1]
        elif kind is Kind.POINT_MOVE and self.drag_from is not None and intent.pos is not None:
            self.target = min(
                self.max_scroll, max(0.0, self.target + self.drag_from - intent.pos[1])
            )
            self.scroll = self.target
            self.drag_from = intent.pos[1]
        elif kind is Kind.POINT_UP and self.drag_from is not None:
            self.drag_from = None
        else:
            super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def back(self) -> None:
        go_back(self.app)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("rules_help.heading", game=game_title(self.game)), 90, 64)
        theme.panel(surface, PANEL, (14, 22, 38, 230), 26)
        inner = PANEL.inflate(-2 * PAD + 20, -2 * PAD + 20)
        clip = surface.get_clip()
        surface.set_clip(inner)
        top = PANEL.y + PAD - round(self.scroll)
        for line in self.lines:
            y = top + line.y
            if y > inner.bottom or y + line.size * 2 < inner.top:
                continue
            x = PANEL.x + PAD + line.indent
            colour = theme.ACCENT if line.bold else theme.SNOW
            if line.bullet:
                pygame.draw.circle(surface, theme.ACCENT, (x - 26, y + line.size * 0.7), 6)
            theme.text(surface, line.text, (x, y), line.size, colour, line.bold)
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        theme.text(
            surface,
            tr("rules_help.hint"),
            (PANEL.centerx, PANEL.bottom + 38),
            30,
            theme.SNOW,
            False,
            "center",
            True,
        )

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        track = pygame.Rect(PANEL.right - 26, PANEL.y + 30, 10, PANEL.height - 60)
        pygame.draw.rect(surface, (60, 72, 96), track, border_radius=5)
        visible = (PANEL.height - 2 * PAD) / self.height
        thumb = pygame.Rect(track.x, 0, track.width, max(40, round(track.height * visible)))
        thumb.y = track.y + round((track.height - thumb.height) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=5)
