"""How the set-up editor of Nanuuk! is drawn: the floe with the pieces set, the palette of
pieces, the problems of the set-up, the status line and the save and load dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.games.nanuuk.rules.level import (
    PIECE_KINDS,
    Problem,
)
from game.games.nanuuk.view.figures import draw_piece, piece_icon
from game.i18n import tr
from game.menus.menukit import dim
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.games.nanuuk.view.floe import FloeRenderer

BOARD_RECT = pygame.Rect(30, 100, 1100, 830)
PANEL_X, PANEL_W = 1160, 730
PALETTE_Y, CELL_W, CELL_H, CELL_GAP = 100, 355, 84, 12
ICON = 64
PROBLEMS_RECT = pygame.Rect(PANEL_X, 476, PANEL_W, 336)
STATUS_RECT = pygame.Rect(PANEL_X, 826, PANEL_W, 104)
BUTTON_Y, BUTTON_H = 962, 88
FIGURE = {  # piece kind of the set-up -> figure of game.games.nanuuk.view.figures
    "bears": "bear",
    "fish": "fish",
    "seals": "seal",
    "walruses": "walrus",
    "whales": "whale",
    "inuit": "inuk",
}
PAGE = 7  # saved set-ups shown at once in the load list
FATAL_RGB = (255, 120, 108)
WARN_RGB = (255, 196, 46)


def translate_problem(problem: Problem) -> str:
    """A ``check_setup`` problem in the current language, from its code and parameters."""
    params = dict(problem.params)
    kind = params.pop("kind", None)
    if kind is not None:  # a piece kind of the set-up: one of them, and several
        params["piece"] = tr(f"editor.one.{kind}")
        params["pieces"] = tr(f"editor.many.{kind}")
    for key in ("first", "second"):  # the two pieces on one field
        if key in params:
            params[key] = tr(f"editor.one.{params[key]}")
    text = tr(f"editor.problem.{problem.code}", **params)
    return text[:1].upper() + text[1:]


class EditorDrawing(UIScene):
    """The frame of the set-up editor; ``NanuukEditorScene`` adds what it edits and its input."""

    # what the frame draws, set by NanuukEditorScene.enter (editor.py)
    players: int
    renderer: FloeRenderer
    kind: str  # the palette's chosen kind of piece
    pieces: dict[int, str]  # field -> kind
    status: str
    status_bad: bool
    panel: str  # "edit", "save" or "load"
    board_focus: bool
    problems: list[Problem]
    marked: dict[int, str]
    cursor: int
    load_buttons: dict[str, Any]  # set by NanuukEditorScene's load dialog

    if TYPE_CHECKING:  # and what it asks of NanuukEditorScene (editor.py)

        @property
        def fatal(self) -> list[Problem]: ...
        def palette_rect(self, i: int) -> pygame.Rect: ...
        def dialog_rect(self) -> pygame.Rect: ...

    # ---- frame --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        theme.draw_backdrop(surface, self.services.clock.now)
        self.draw_content(surface, alpha)
        if self.panel != "edit":
            dim(surface, 170)
            self._draw_dialog(surface)
        self.ui.draw_ui(surface)
        current = self.ring.current
        keys = self.services.show_focus
        if keys and current is not None and current.enabled and not self._board_has_focus():
            theme.draw_focus(surface, current.element.rect, self.services.clock.now)

    def _board_has_focus(self) -> bool:
        return self.panel == "edit" and self.board_focus

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        clock = self.services.clock.now
        title = tr("editor.heading", n=self.players)
        theme.text(surface, title, (BOARD_RECT.centerx, 50), 52, theme.WHITE, True, "center", True)
        self.renderer.draw_board(surface, clock)
        layout = self.renderer.layout
        radius = layout.radius
        self.renderer.draw_highlights(surface, self.marked, {}, clock)  # under the pieces
        for field, kind in sorted(self.pieces.items()):
            draw_piece(surface, FIGURE[kind], layout.centre(field), radius)
        if self.services.show_focus and self._board_has_focus():
            self.renderer.draw_highlights(surface, {self.cursor: "focus"}, {}, clock)
        self._draw_palette(surface)
        self._draw_problems(surface)
        self._draw_status(surface)

    def _draw_palette(self, surface: pygame.Surface) -> None:
        for i, kind in enumerate(PIECE_KINDS):
            cell = self.palette_rect(i)
            chosen = kind == self.kind
            theme.panel(
                surface, cell.inflate(8, 8), (46, 74, 118, 240) if chosen else (16, 24, 40, 170), 18
            )
            if chosen:
                pygame.draw.rect(
                    surface, theme.palette().accent, cell.inflate(12, 12), 5, border_radius=18
                )
            icon = _icon(FIGURE[kind], ICON)
            surface.blit(icon, icon.get_rect(center=(cell.x + 6 + ICON // 2, cell.centery)))
        y = PALETTE_Y + 3 * (CELL_H + CELL_GAP) + 2
        for line in theme.wrap_lines(tr("editor.hint"), 28, PANEL_W, 2):
            theme.text(surface, line, (PANEL_X, y), 28, theme.SNOW)
            y += 34

    def _draw_problems(self, surface: pygame.Surface) -> None:
        box = PROBLEMS_RECT
        theme.panel(surface, box, (16, 24, 40, 200), 20)
        x, y, width = box.x + 24, box.y + 16, box.width - 48
        if not self.problems:
            heading, colour = tr("editor.no_problems"), (140, 230, 150)
        elif self.fatal:
            heading, colour = tr("editor.problems_fatal", n=len(self.fatal)), FATAL_RGB
        else:
            heading, colour = tr("editor.problems_warn"), WARN_RGB
        for line in theme.wrap(heading, 30, width, True):
            theme.text(surface, line, (x, y), 30, colour, True)
            y += 40
        y += 6
        for problem in self.problems:
            colour = FATAL_RGB if problem.fatal else WARN_RGB
            lines = theme.wrap(f"• {translate_problem(problem)}", 28, width)
            for line in lines:
                if y + 36 > box.bottom - 8:
                    theme.text(surface, "…", (x, y - 6), 28, colour)
                    return
                theme.text(surface, line, (x, y), 28, colour)
                y += 36

    def _draw_status(self, surface: pygame.Surface) -> None:
        if not self.status:
            return
        box = STATUS_RECT
        fill = (120, 34, 30, 225) if self.status_bad else (26, 60, 44, 220)
        theme.panel(surface, box, fill, 18)
        lines = theme.wrap_lines(self.status, 28, box.width - 40, 2)
        y = box.centery - len(lines) * 18
        for line in lines:
            theme.text(surface, line, (box.x + 20, y), 28, theme.WHITE)
            y += 36

    def _draw_dialog(self, surface: pygame.Surface) -> None:
        box = self.dialog_rect()
        theme.panel(surface, box, (20, 30, 50, 245), 24)
        key = "editor.save_heading" if self.panel == "save" else "editor.load_heading"
        theme.text(surface, tr(key), (box.centerx, box.y + 66), 44, theme.WHITE, True, "center")
        if self.panel == "load" and not self.load_buttons:
            theme.text(
                surface, tr("editor.none_saved"), box.center, 32, theme.SNOW, anchor="center"
            )
        if self.panel == "save" and self.status_bad and self.status:
            lines = theme.wrap_lines(self.status, 28, box.width - 120, 2)
            for i, line in enumerate(lines):
                theme.text(surface, line, (box.x + 60, box.y + 244 + i * 34), 28, FATAL_RGB)


_ICONS: dict[tuple[str, int], pygame.Surface] = {}


def _icon(kind: str, size: int) -> pygame.Surface:
    key = (kind, size)
    if key not in _ICONS:
        _ICONS[key] = piece_icon(kind, size)
    return _ICONS[key]
