"""The replay viewer: a finished game shown again on its own board, move by move.

The board is the game's real play scene in replay mode (no bots, no input, nothing hidden),
drawn a little smaller above a bar with the controls: to the start, one move back, play/pause
(a move every ``AUTO_SECONDS``), one move forward, to the end, and back. Stepping forward plays
the move through the scene's normal ``play``, so it is animated; stepping back builds the board
again at that move, without animation. Keys: Left/Right, Space, Home/End, Esc; L (a pad's X,
a press on the board's log lines) opens the move log up to the move shown.

``enter(record=saves.Record)``: a record with the moves of a finished game.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.intents import Intent, Kind
from game.engine.pacing import FULL
from game.i18n import tr
from game.menus.menukit import go_back
from game.play import saves
from game.play.logview import MoveLogScene, log_key
from game.play.registry import plugin
from game.play.table import PlayTable
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

AUTO_SECONDS = 1.2
SCALE = 0.85  # the board, drawn smaller to leave room for the bar under it
BOARD_SIZE = (round(1920 * SCALE), round(1080 * SCALE))
BOARD_AT = ((1920 - BOARD_SIZE[0]) // 2, 0)
BAR_RECT = pygame.Rect(0, BOARD_SIZE[1], 1920, 1080 - BOARD_SIZE[1])
ICON = 96
CONTROLS = ("start", "back", "play", "forward", "end")
CONTROLS_X = 1040


class ReplayScene(UIScene):
    name = "replay"
    idle_pace = FULL  # the moves play on by themselves
    background = False

    def __init__(self, services: Services, record: saves.Record) -> None:
        super().__init__(services)
        self.record = record

    def enter(self) -> None:
        self.total = len(self.record.moves)
        self.playing = False
        self.wait = 0.0  # seconds until the next automatic step
        self.canvas = pygame.Surface(theme.LOGICAL_SIZE)
        self.small = pygame.Surface(BOARD_SIZE)
        self.board: Any = None  # the PlayTable the replay drives
        self.index = 0
        self.talk = ""
        self.jump(0)
        self.build()
        self.ring.focus(self.controls["play"])

    def exit(self) -> None:
        if self.board is not None:
            self.board.exit()

    # ---- moving through the game --------------------------------------------------------------
    def jump(self, index: int) -> None:
        """Show the position after ``index`` moves at once (a fresh board, no animation)."""
        index = max(0, min(self.total, index))
        if self.board is not None:
            self.board.exit()  # first: its exit stops the ambient loop the new board starts
        self.board = self._new_board(self.record.moves[: max(0, index - 1)])
        self.index = max(0, index - 1)
        self.talk = tr("replays.start")
        if index > 0:
            self._step(quiet=True)

    def _new_board(self, moves: tuple[dict[str, Any], ...]) -> PlayTable:
        config = self.record.config
        start = self.record.start  # a game resumed from a save: its replay begins there
        begun = None if start is None else plugin(config.game).rules.state_from_dict(start)
        board = plugin(config.game).scene()(self.services, config=config, moves=list(moves),
                                            replaying=True, start=begun)  # no bots, nothing hidden
        assert isinstance(board, PlayTable), f"{config.game}: a play scene is a PlayTable"
        board.time = self.time  # the table's time is the viewer's: paused with it
        board.enter()
        return board

    def forward(self) -> None:
        if self.index >= self.total:
            self.playing = False
            return
        if self.board.busy:
            self.board.skip()
        self._step(quiet=False)

    def _step(self, quiet: bool) -> None:
        """Play the next move on the board (animated, or at once and silently)."""
        board = self.board
        known = {id(entry) for entry in board.log}
        before = list(board.log)  # keeps the old entries alive, so no id is reused
        data = self.record.moves[self.index]
        if quiet:
            board.restore([data])
        else:
            board.play_next(data)
        self.index += 1
        new = [entry for entry in board.log if id(entry) not in known]
        self.talk = talk_line(board, new[:1]) or self.talk
        del before

    def back(self) -> None:
        go_back(self.services)

    def toggle(self) -> None:
        if self.index >= self.total:
            self.jump(0)  # play again from the start
        self.playing = not self.playing
        self.wait = 0.0

    def press(self, what: str) -> None:
        if what == "play":
            self.toggle()
            return
        self.playing = False
        if what == "forward":
            self.forward()
        elif what == "back":
            self.jump(self.index - 1)
        elif what == "start":
            self.jump(0)
        elif what == "end":
            self.jump(self.total)

    # ---- controls -----------------------------------------------------------------------------
    def build(self) -> None:
        self.controls = {}
        y = BAR_RECT.y + (BAR_RECT.h - ICON) // 2
        for i, what in enumerate(CONTROLS):
            rect = pygame.Rect(CONTROLS_X + i * (ICON + 16), y, ICON, ICON)
            big = "#big_button" if what == "play" else "#menu_button"
            self.controls[what] = self.button(rect, "", partial(self.press, what), big)
        x = CONTROLS_X + len(CONTROLS) * (ICON + 16) + 24
        rect = pygame.Rect(x, y, 1920 - 40 - x, ICON)
        self.controls["list"] = self.button(rect, tr("saves.back"), self.back)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        key = getattr(intent.event, "key", None) if intent.source == "key" else None
        if kind is Kind.LEFT:
            self.press("back")
        elif kind is Kind.RIGHT:
            self.press("forward")
        elif key == pygame.K_SPACE:
            self.toggle()
        elif key == pygame.K_HOME:
            self.press("start")
        elif key == pygame.K_END:
            self.press("end")
        elif kind in (Kind.BACK, Kind.PAUSE):
            self.back()
        elif log_key(intent) or self._on_log(intent):
            self.playing = False
            self.services.scenes.push(MoveLogScene, source=self.board)
        else:
            super().handle(intent)

    def _on_log(self, intent: Intent) -> bool:
        """A press on the board's log lines (drawn smaller, at ``BOARD_AT``)."""
        area, pos = self.board.log_area(), intent.pos
        if intent.kind is not Kind.POINT_DOWN or area is None or pos is None:
            return False
        x, y = (pos[0] - BOARD_AT[0]) / SCALE, (pos[1] - BOARD_AT[1]) / SCALE
        return bool(area.collidepoint(x, y))

    # ---- the loop -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        if not self.playing or self.board.busy:
            return
        self.wait -= dt
        if self.wait <= 0.0:
            self.forward()
            self.wait = AUTO_SECONDS
            if self.index >= self.total:
                self.playing = False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        theme.draw_backdrop(surface, 0.0)
        self.board.draw(self.canvas, alpha)
        pygame.transform.smoothscale(self.canvas, BOARD_SIZE, self.small)
        surface.blit(self.small, BOARD_AT)
        pygame.draw.rect(surface, (8, 12, 22), BAR_RECT)
        pygame.draw.line(surface, theme.palette().accent, BAR_RECT.topleft, BAR_RECT.topright, 3)
        self._draw_text(surface)
        self.ui.draw_ui(surface)
        for what in CONTROLS:
            shown = "pause" if what == "play" and self.playing else what
            draw_icon(surface, shown, self.controls[what].rect)
        current = self.ring.current
        if self.services.show_focus and current is not None and current.enabled:
            theme.draw_focus(surface, current.element.rect, self.services.clock.now)

    def _draw_text(self, surface: pygame.Surface) -> None:
        x, width = 40, CONTROLS_X - 80
        counter = tr("replays.move", n=self.index, total=self.total)
        theme.text(surface, counter, (x, BAR_RECT.y + 12), 38, theme.WHITE, True, width=width)
        theme.text(surface, self.talk, (x, BAR_RECT.y + 60), 30, theme.SNOW, False, width=width,
                   least=24)  # a long move (a field placed from the ship) set smaller, not cut
        muted = theme.palette().muted
        theme.text(surface, tr("replays.keys"), (x, BAR_RECT.y + 104), 28, muted, False,
                   width=width)  # fmt: skip


def talk_line(board: PlayTable, entries: list[Any]) -> str:
    """A move-log entry as the table's log shows it."""
    return board.log_text(entries[0]) if entries else ""


def draw_icon(surface: pygame.Surface, what: str, rect: pygame.Rect) -> None:
    """Player-style symbols, drawn (no glyph can be missing from the font)."""
    cx, cy, s = rect.centerx, rect.centery, rect.w // 5
    white = theme.WHITE

    def left(x: int) -> None:
        pygame.draw.polygon(surface, white, [(x + s, cy - s), (x + s, cy + s), (x - s // 2, cy)])

    def right(x: int) -> None:
        pygame.draw.polygon(surface, white, [(x - s, cy - s), (x - s, cy + s), (x + s // 2, cy)])

    if what == "play":
        pygame.draw.polygon(
            surface, white, [(cx - s + 4, cy - s - 6), (cx - s + 4, cy + s + 6), (cx + s + 6, cy)]
        )
    elif what == "pause":
        for dx in (-s + 2, s // 3 + 2):
            pygame.draw.rect(surface, white, (cx + dx, cy - s - 4, s * 2 // 3, 2 * s + 8))
    elif what == "back":
        left(cx)
    elif what == "forward":
        right(cx)
    elif what == "start":
        pygame.draw.rect(surface, white, (cx - s - 6, cy - s, 6, 2 * s))
        left(cx - s // 2 + 2)
        left(cx + s // 2 + 6)
    elif what == "end":
        pygame.draw.rect(surface, white, (cx + s, cy - s, 6, 2 * s))
        right(cx - s // 2 - 4)
        right(cx + s // 2)
