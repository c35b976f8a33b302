"""The kiosk's admin menu (quit, settings, statistics, reset statistics) and its PIN pad.

Holding the configured key chord or the four corner taps open the PIN pad (``PinScene``); the
right PIN opens the admin menu (``game.kiosk.gate`` backs off after wrong ones). Every action in
the menu is logged. The statistics are those of ``game.persist.stats``: visitor games per game
and variant, and the totals with the number of demo games shown.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.intents import Intent, Kind
from game.engine.pacing import DECOR
from game.i18n import has, tr
from game.persist.log import LOG
from game.ui import theme
from game.ui.kit import UIScene
from game.ui.screens import draw_heading, game_title, go_back

if TYPE_CHECKING:
    from game.engine.services import Services
    from game.kiosk.station import Station

CONFIRM_SECONDS = 5.0
PROBLEM_COLOUR = (255, 190, 120)
TABLE = pygame.Rect(640, 190, 1220, 740)
ROW_H = 58
MAX_ROWS = 9
COLUMNS = (  # key in the summary, header key, width
    ("name", "kiosk.admin.col_game", 400),
    ("started", "kiosk.admin.col_started", 120),
    ("finished", "kiosk.admin.col_finished", 130),
    ("abandoned", "kiosk.admin.col_abandoned", 150),
    ("median_duration_s", "kiosk.admin.col_median", 130),
    ("won_by_humans", "kiosk.admin.col_humans", 120),
    ("won_by_ai", "kiosk.admin.col_ai", 120),
)


def changes(before: Any, after: Any) -> str:
    """``volume 0.7 -> 0.5, muted False -> True``: what changed between two settings."""
    old, new = dataclasses.asdict(before), dataclasses.asdict(after)
    return ", ".join(f"{k} {old[k]!r} -> {new[k]!r}" for k in old if old[k] != new[k])


def duration_text(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def variant_name(game: str, variant: str) -> str:
    key = f"setup.variants.{game}.{variant}"
    return tr(key) if has(key) else variant


class AdminScene(UIScene):
    name = "kiosk_admin"
    idle_pace = DECOR  # the statistics and the reset's confirmation change

    def __init__(self, services: Services, station: Station | None = None) -> None:
        super().__init__(services)
        self.kiosk = station  # the kiosk whose admin this is

    def enter(self) -> None:
        self.confirm_until = -1.0
        self.settings_before: Any = None  # the settings when the admin opened them
        self.build()
        self.ring.move(0)
        self.refresh()

    def refresh(self) -> None:
        """Read the statistics again (after a reset, or coming back from settings)."""
        stats = self.kiosk.stats if self.kiosk is not None else None
        self.summary = stats.summary() if stats is not None else []
        self.totals = stats.totals() if stats is not None else {}

    def resume(self) -> None:
        super().resume()
        self.refresh()
        before, self.settings_before = self.settings_before, None
        if before is not None and before != self.services.settings:
            LOG.info(
                "kiosk: the admin changed the settings: %s", changes(before, self.services.settings)
            )

    @property
    def confirming(self) -> bool:
        return self.services.clock.now < self.confirm_until

    def build(self) -> None:
        x, w, h, gap = 80, 500, 100, 124
        y = 220
        self.back_button = self.button(
            pygame.Rect(x, y, w, h), tr("kiosk.admin.back"), self.back, "#big_button"
        )
        self.settings_button = self.button(
            pygame.Rect(x, y + gap, w, h), tr("kiosk.admin.settings"), self.settings
        )
        label = tr("kiosk.admin.reset_confirm") if self.confirming else tr("kiosk.admin.reset")
        self.reset_button = self.button(
            pygame.Rect(x, y + 2 * gap, w, h), label, self.reset, "#small_button"
        )
        self.quit_button = self.button(
            pygame.Rect(x, y + 3 * gap + 40, w, h), tr("kiosk.admin.quit"), self.quit,
            "#danger_button",
        )  # fmt: skip

    def back(self) -> None:
        LOG.info("kiosk: the admin went back to the kiosk")
        go_back(self.services)

    def settings(self) -> None:
        LOG.info("kiosk: the admin opened the settings")
        self.settings_before = self.services.settings
        self.services.menus.settings()

    def reset(self) -> None:
        """The first press asks to press again; the second, within a few seconds, resets."""
        if not self.confirming:
            LOG.info("kiosk: the admin asked to reset the statistics")
            self.confirm_until = self.services.clock.now + CONFIRM_SECONDS
            self.reset_button.set_text(tr("kiosk.admin.reset_confirm"))
            return
        self.confirm_until = -1.0
        if self.kiosk is not None:
            LOG.info("kiosk: the admin reset the statistics")
            self.kiosk.stats.reset()
        self.reset_button.set_text(tr("kiosk.admin.reset"))
        self.services.toast(tr("kiosk.admin.reset_done"), 4.0)
        self.refresh()

    def quit(self) -> None:
        if self.kiosk is not None:
            self.kiosk.quit()
        else:
            self.services.quit()

    def update(self, dt: float) -> None:
        was = self.confirming
        super().update(dt)
        if was and not self.confirming:
            self.reset_button.set_text(tr("kiosk.admin.reset"))

    # ---- drawing ------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("kiosk.admin.heading"), 90, 72)
        menu = pygame.Rect(50, 190, 560, 740)
        theme.panel(surface, menu, (16, 24, 40, 190), 26)
        self._draw_table(surface)
        self._draw_footer(surface)

    def table_rows(self) -> list[dict[str, Any]]:
        rows = []
        for entry in self.summary:
            name = f"{game_title(entry['game'])} · {variant_name(entry['game'], entry['variant'])}"
            rows.append({**entry, "name": name})
        return rows

    def _draw_table(self, surface: pygame.Surface) -> None:
        box = TABLE
        theme.panel(surface, box, (16, 24, 40, 200), 26)
        theme.text(surface, tr("kiosk.admin.stats_heading"), (box.x + 30, box.y + 24), 40,
                   theme.WHITE, True)  # fmt: skip
        y = box.y + 100
        x = box.x + 30
        for key, header, width in COLUMNS:
            anchor = "midleft" if key == "name" else "center"
            px = x if key == "name" else x + width // 2
            for i, line in enumerate(theme.wrap_lines(tr(header), 24, width - 10, 2, True)):
                theme.text(surface, line, (px, y + 28 * i), 24, theme.palette().muted, True, anchor)
            x += width
        y += 70
        rows = self.table_rows()
        if not rows:
            theme.text(surface, tr("kiosk.admin.no_games"), (box.x + 30, y + 20), 32, theme.SNOW)
        for i, row in enumerate(rows[:MAX_ROWS]):
            self._draw_row(surface, row, y + i * ROW_H, i % 2 == 0)
        if len(rows) > MAX_ROWS:
            more = tr("kiosk.admin.more", n=len(rows) - MAX_ROWS)
            theme.text(
                surface, more, (box.x + 30, y + MAX_ROWS * ROW_H + 10), 26, theme.palette().muted
            )
        totals = {**self.totals, "name": tr("kiosk.admin.totals")}
        total_y = box.bottom - 130
        pygame.draw.line(surface, theme.palette().accent, (box.x + 24, total_y - 14),
                         (box.right - 24, total_y - 14), 3)  # fmt: skip
        self._draw_row(surface, totals, total_y, False, bold=True)
        demo = tr("kiosk.admin.demo_games", n=self.totals.get("attract_games", 0))
        since = self.totals.get("since")
        if since is not None:
            stamp = datetime.datetime.fromtimestamp(since).strftime("%Y-%m-%d %H:%M")
            demo = f"{demo}   ·   {tr('kiosk.admin.since', when=stamp)}"
        theme.text(surface, demo, (box.x + 30, box.bottom - 56), 28, theme.SNOW)

    def _draw_row(
        self, surface: pygame.Surface, row: dict[str, Any], y: int, shade: bool, bold: bool = False
    ) -> None:
        box = TABLE
        if shade:
            band = pygame.Rect(box.x + 16, y - ROW_H // 2 + 2, box.width - 32, ROW_H - 4)
            pygame.draw.rect(surface, (34, 46, 72), band, border_radius=10)
        x = box.x + 30
        for key, _, width in COLUMNS:
            value = row.get(key)
            if key == "name":
                theme.text(surface, str(value), (x, y), 30, theme.WHITE, bold, "midleft",
                           width=width - 16, least=24)  # fmt: skip
            else:
                shown = duration_text(value) if key.endswith("_s") else str(value or 0)
                theme.text(surface, shown, (x + width // 2, y), 32, theme.WHITE, bold, "center")
            x += width

    def footer_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The operator's notes under the menu: damaged files first (two at most, in the
        warning colour), then where the log is, then how to export if there is room."""
        problems = list(self.kiosk.problems) if self.kiosk is not None else []
        if len(problems) > 2:
            problems[1:] = [tr("kiosk.admin.more_problems", n=len(problems) - 1)]
        lines = [(text, PROBLEM_COLOUR) for text in problems]
        lines.append(
            (tr("kiosk.admin.log", path=str(self.services.log_path)), theme.palette().muted)
        )
        if len(lines) < 3:
            lines.append((tr("kiosk.admin.export"), theme.palette().muted))
        return lines

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The notes, each wrapped whole, as many as there is room for (the problems first)."""
        y, step = FOOTER_TOP, theme.line_height(24)
        for line, colour in self.footer_lines():
            rows = theme.wrap(line, 24, 1800)
            if y + step * len(rows) > FOOTER_BOTTOM:
                break
            for row in rows:
                theme.text(surface, row, (60, y), 24, colour)
                y += step


FOOTER_TOP, FOOTER_BOTTOM = 946, 1072  # the operator's notes under the menu

PIN_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok")
KEY_W, KEY_H, KEY_GAP = 200, 112, 20
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
DIGIT_KEYS = {
    **{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
    **{getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)},
}


def clock_text(seconds: float) -> str:
    minutes, secs = divmod(math.ceil(seconds), 60)
    return f"{minutes}:{secs:02d}"


class PinScene(UIScene):
    """The admin PIN, whatever opened the pad: a big digit pad (keys work too). The kiosk's
    gate checks each PIN and locks the pad for a while after too many wrong ones."""

    name = "kiosk_pin"
    idle_pace = DECOR  # a locked pad counts its wait down

    def __init__(self, services: Services, station: Station | None = None) -> None:
        super().__init__(services)
        self.kiosk = station  # the kiosk whose gate checks the PIN

    def enter(self) -> None:
        self.entered = ""
        self.wrong = False
        self.build()
        self.ring.move(0)

    @property
    def wait_s(self) -> float:
        """How long the pad is still locked (0: it takes a PIN)."""
        kiosk = self.kiosk
        return kiosk.gate.wait_s() if kiosk is not None else 0.0

    def build(self) -> None:
        cx = theme.LOGICAL_SIZE[0] // 2
        x0 = cx - (3 * KEY_W + 2 * KEY_GAP) // 2
        y0 = 330
        self.keys = {}
        for i, key in enumerate(PIN_KEYS):
            row, col = divmod(i, 3)
            rect = pygame.Rect(
                x0 + col * (KEY_W + KEY_GAP), y0 + row * (KEY_H + KEY_GAP), KEY_W, KEY_H
            )
            label = {"del": tr("kiosk.pin.delete"), "ok": tr("kiosk.pin.ok")}.get(key, key)
            object_id = "#big_button" if key == "ok" else "#menu_button"
            self.keys[key] = self.button(rect, label, partial(self.press, key), object_id)
        cancel = pygame.Rect(0, 0, 3 * KEY_W + 2 * KEY_GAP, 96)
        cancel.midtop = (cx, y0 + 4 * (KEY_H + KEY_GAP) + 10)
        self.cancel_button = self.button(cancel, tr("kiosk.pin.cancel"), self.back)

    def press(self, key: str) -> None:
        if self.wait_s > 0:
            return  # locked: the digits are not even collected
        if key == "del":
            self.entered = self.entered[:-1]
        elif key == "ok":
            self.check()
        elif len(self.entered) < 8:
            self.entered += key
            self.wrong = False

    def check(self) -> None:
        kiosk = self.kiosk
        if kiosk is None:
            go_back(self.services)
            return
        verdict = kiosk.gate.try_pin(self.entered)
        self.entered = ""
        if verdict.admitted:
            kiosk.open_admin()
            return
        self.wrong = True
        self.services.sound("bad")

    def back(self) -> None:
        LOG.info("kiosk: the PIN pad was closed")
        go_back(self.services)

    def handle(self, intent: Intent) -> None:
        event = intent.event
        if intent.kind is Kind.TEXT and event is not None and event.type == pygame.KEYDOWN:
            digit = DIGIT_KEYS.get(event.key)  # key codes, not text: one press, one digit
            if digit is not None:
                self.press(digit)
            elif event.key == pygame.K_BACKSPACE:
                self.press("del")
            return
        typed = event is not None and getattr(event, "key", None) in ENTER_KEYS
        if intent.kind is Kind.CONFIRM and typed and self.entered:
            self.check()  # Enter after typed digits; a pad's A still presses the focused key
            return
        super().handle(intent)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("kiosk.pin.heading"), 100, 72)
        cx = surface.get_width() // 2
        box = pygame.Rect(0, 0, 760, 90)
        box.midtop = (cx, 200)
        theme.panel(surface, box, (16, 24, 40, 220), 20)
        wait = self.wait_s
        if wait > 0:
            note = tr("kiosk.pin.locked", time=clock_text(wait))
            room = box.inflate(-30, -10)
            theme.text_in(surface, note, room, 32, (255, 140, 120), True, 2, "center", True)
        elif self.wrong and not self.entered:
            theme.text(surface, tr("kiosk.pin.wrong"), box.center, 36, (255, 140, 120), True,
                       "center")  # fmt: skip
        else:
            for i in range(len(self.entered)):
                x = cx + (i - (len(self.entered) - 1) / 2) * 56
                pygame.draw.circle(surface, theme.WHITE, (round(x), box.centery), 16)
