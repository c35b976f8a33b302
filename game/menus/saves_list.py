"""Saved games and replays: one list scene with two tabs.

Each row shows the game, its variant, the players, when it was saved and how many moves it
has. Saved games can be loaded or deleted; replays watched, exported, deleted or imported.
Arrows move through the tabs, rows and buttons (a row under the focus is the chosen one), Enter
or a second click/tap on the chosen row loads or watches it; "Delete" asks once more.

``enter(tab="saves" | "replays")``. Never opened in kiosk mode (the title offers no way in).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.intents import Intent, Kind
from game.engine.pacing import DECOR
from game.i18n import has, tr
from game.menus import record
from game.menus.menukit import game_title, go_back
from game.menus.replay import ReplayScene
from game.persist.log import LOG
from game.play import saves
from game.play.registry import plugin
from game.ui import theme
from game.ui.emblems import draw_emblem
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

TABS = ("saves", "replays")
PAGE = 6
LIST_X, LIST_W, LIST_TOP = 160, 1600, 176
ROW_H, ROW_GAP = 104, 14
ACTIONS_Y, ACTION_H = 964, 90
ROW_FILL, ROW_CHOSEN = (22, 32, 52, 215), (52, 74, 110, 235)
# (what, width): the buttons under the list, per tab
ACTIONS = {
    "saves": (("load", 400), ("delete", 400), ("back", 400)),
    "replays": (("watch", 320), ("export", 300), ("delete", 360), ("import", 300), ("back", 240)),
}
NAVIGATION = (Kind.UP, Kind.DOWN, Kind.PREV, Kind.NEXT, Kind.LEFT, Kind.RIGHT)


class LibraryScene(UIScene):
    name = "library"
    idle_pace = DECOR  # the emblems move

    def __init__(self, services: Services, tab: str = "saves") -> None:
        super().__init__(services)
        self.tab = tab if tab in TABS else "saves"

    def enter(self) -> None:
        self.chosen = 0
        self.confirming = False  # "Delete" was pressed once: the next press deletes
        self.reload()
        self.build()
        self._focus_first_row()

    def reload(self) -> None:
        listing = (saves.list_saves if self.tab == "saves" else saves.list_replays)(
            self.services.data_dir
        )
        record.report_bad(self.services, listing.bad)
        record.report_newer(self.services, listing.newer)
        self.records = listing.records
        self.chosen = min(self.chosen, max(0, len(self.records) - 1))

    # ---- layout -------------------------------------------------------------------------------
    @property
    def page(self) -> int:
        return self.chosen // PAGE

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.records) // PAGE))

    def row_rect(self, slot: int) -> pygame.Rect:
        return pygame.Rect(LIST_X, LIST_TOP + slot * (ROW_H + ROW_GAP), LIST_W, ROW_H)

    def visible(self) -> list[tuple[int, saves.Record]]:
        start = self.page * PAGE
        return list(enumerate(self.records))[start : start + PAGE]

    def build(self) -> None:
        self.tab_buttons = {}
        cx = theme.LOGICAL_SIZE[0] // 2
        for i, tab in enumerate(TABS):
            rect = pygame.Rect(cx - 620 + i * 640, 40, 600, 92)
            style = "#big_button" if tab == self.tab else "#menu_button"
            self.tab_buttons[tab] = self.button(
                rect, tr(f"saves.tab_{tab}"), partial(self.show_tab, tab), style
            )
        self.row_buttons = []
        for slot, (index, _) in enumerate(self.visible()):
            button = self.button(self.row_rect(slot), "", self._row(index), "#game_card")
            self.row_buttons.append((button, index))
        if self.pages > 1:
            rect = pygame.Rect(cx - 220, LIST_TOP + PAGE * (ROW_H + ROW_GAP) + 2, 440, 60)
            self.choice(rect, tr("saves.page"), list(range(self.pages)), self.page,
                        lambda p: f"{p + 1}/{self.pages}", self.turn_page,
                        "#small_button")  # fmt: skip
        self._build_actions()

    def _build_actions(self) -> None:
        actions = ACTIONS[self.tab]
        total = sum(w for _, w in actions) + 20 * (len(actions) - 1)
        x = theme.LOGICAL_SIZE[0] // 2 - total // 2
        self.action_buttons = {}
        for what, width in actions:
            needs_row = what in ("load", "watch", "export", "delete")
            label = tr("saves.confirm_delete") if what == "delete" and self.confirming else None
            style = "#danger_button" if what == "delete" else "#menu_button"
            self.action_buttons[what] = self.button(
                pygame.Rect(x, ACTIONS_Y, width, ACTION_H),
                label or tr(f"saves.{what}"),
                getattr(self, f"do_{what}"),
                style,
                enabled=bool(self.records) or not needs_row,
            )
            x += width + 20

    def _focus_first_row(self) -> None:
        for button, index in self.row_buttons:
            if index == self.chosen:
                self.ring.focus(button)
                return
        self.ring.focus(self.action_buttons["back"])

    # ---- choosing -----------------------------------------------------------------------------
    def _row(self, index: int) -> Callable[[], None]:
        def run() -> None:
            if index == self.chosen:
                self.do_load() if self.tab == "saves" else self.do_watch()
            else:
                self.choose(index)

        return run

    def choose(self, index: int) -> None:
        if index != self.chosen:
            self.chosen, self.confirming = index, False
            self._refresh()

    def _refresh(self) -> None:
        """Build again, keeping the focus on the same control (by position in the ring)."""
        self.rebuild()

    def show_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.tab, self.chosen, self.confirming = tab, 0, False
            self.reload()
            self._refresh()

    def turn_page(self, page: int) -> None:
        self.chosen, self.confirming = min(page * PAGE, len(self.records) - 1), False
        self._refresh()

    @property
    def current(self) -> saves.Record | None:
        return self.records[self.chosen] if 0 <= self.chosen < len(self.records) else None

    # ---- the buttons --------------------------------------------------------------------------
    def do_load(self) -> None:
        if self.current is not None:
            record.resume(self.services, self.current)

    def do_watch(self) -> None:
        if self.current is not None:
            self.services.scenes.push(ReplayScene, record=self.current)

    def do_export(self) -> None:
        if self.current is None:
            return
        try:
            path = saves.export_replay(self.services.data_dir, self.current)
        except OSError as exc:
            self.services.files.not_written("saves.not_exported", exc)
            return
        LOG.info("replay exported: %s", path)
        self.services.toast(tr("saves.exported", name=path.name), 6.0)

    def do_import(self) -> None:
        try:
            newer: list[tuple[Path, str]] = []
            imported, bad = saves.import_replays(self.services.data_dir, newer)
        except OSError as exc:
            self.services.files.not_written("saves.not_imported", exc)
            return
        record.report_bad(self.services, bad)
        record.report_newer(self.services, newer)
        if imported:
            self.services.toast(tr("saves.imported", n=len(imported)), 5.0)
        elif not bad and not newer:
            LOG.info("nothing to import in %s", saves.import_dir(self.services.data_dir))
            self.services.toast(tr("saves.import_empty"), 8.0)
        self.reload()
        self._refresh()

    def do_delete(self) -> None:
        if self.current is None:
            return
        if not self.confirming:
            self.confirming = True
            self._refresh()
            return
        saves.delete(self.current)
        self.confirming = False
        self.services.toast(tr("saves.deleted"), 2.5)
        self.reload()
        self._refresh()

    def do_back(self) -> None:
        go_back(self.services)

    def resume(self) -> None:
        self.reload()  # a replay may have been watched, a game loaded elsewhere
        self._refresh()

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        super().handle(intent)
        if intent.kind in NAVIGATION:  # keys and pads: the row under the focus is chosen
            current = self.ring.current
            for button, index in self.row_buttons:
                if current is not None and current.element is button:
                    self.choose(index)
        if intent.kind in NAVIGATION and self.confirming:
            current = self.ring.current
            if current is None or current.element is not self.action_buttons.get("delete"):
                self.confirming = False
                self._refresh()

    # ---- drawing ------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        if not self.records:
            box = pygame.Rect(LIST_X, LIST_TOP + 120, LIST_W, 150)
            theme.panel(surface, box, ROW_FILL, 24)
            theme.text_in(surface, tr(f"saves.empty_{self.tab}"), box.inflate(-80, -44), 34,
                          theme.SNOW, False, 3, "center")  # fmt: skip
            return
        self.moving_areas = []
        for slot, (index, rec) in enumerate(self.visible()):
            self._draw_row(surface, self.row_rect(slot), rec, index == self.chosen)

    def _draw_row(
        self, surface: pygame.Surface, rect: pygame.Rect, rec: saves.Record, chosen: bool
    ) -> None:
        theme.panel(surface, rect, ROW_CHOSEN if chosen else ROW_FILL, 18)
        if chosen:
            pygame.draw.rect(surface, theme.palette().accent, rect, 3, border_radius=18)
        game = rec.config.game
        art = pygame.Rect(rect.x + 14, rect.y + 6, 110, rect.h - 12)
        draw_emblem(surface, plugin(game).emblem(), art, self.services.clock.now)
        if self.moving_areas is not None:
            self.moving_areas.append(art)
        x, right = rect.x + 144, rect.right - 24
        info_w = 520
        # the first line from the top, the second from the bottom: both inside the row at
        # any UI scale (issue 29: at 130 % the second line ran over the row's edge)
        top, bottom = rect.y + max(4, 14 - (theme.scaled(34) - 34)), rect.bottom - 6
        theme.text(surface, headline(rec), (x, top), 34, theme.WHITE, True,
                   width=rect.w - 144 - info_w - 40, least=26)  # fmt: skip
        moves = rec.summary.get("move_count", len(rec.moves))  # a save holds a position only
        details = f"{', '.join(rec.config.names)}  ·  {tr('saves.moves', n=moves)}"
        theme.text(surface, details, (x, bottom), 28, theme.SNOW, False, "bottomleft",
                   width=rect.w - 144 - info_w - 40)  # fmt: skip
        theme.text(surface, when(rec.saved_at), (right, top + 2), 28, theme.SNOW, False,
                   "topright", width=info_w)  # fmt: skip
        theme.text(surface, status(rec), (right, bottom), 28, theme.palette().accent, True,
                   "bottomright", width=info_w)  # fmt: skip


def headline(rec: saves.Record) -> str:
    """``Nanuuk! · Partner``: the game, and its variant when the game has several."""
    game, variant = rec.config.game, rec.config.variant
    title = game_title(game)
    key = f"setup.variants.{game}.{variant}"
    if has(key) and tr(key) != title and len(_variants(game)) > 1:
        return f"{title}  ·  {tr(key)}"
    return title


def _variants(game: str) -> list[Any]:
    from game.play.registry import rules_for

    return rules_for(game).variants()


def status(rec: saves.Record) -> str:
    """Who won (a finished game) or who is to move."""
    if rec.finished:
        return tr("saves.won", names=", ".join(rec.summary.get("winners") or ["–"]))
    name = str(rec.summary.get("to_move") or "")
    return tr("saves.to_move", name=name) if name else ""


def when(stamp: str) -> str:
    """The saved time in local time, written the language's way."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    return moment.strftime(tr("saves.date_format"))
