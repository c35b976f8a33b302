"""Results: the ranking table with each seat's mark, the winner(s) and why they won.

``enter(config=GameConfig, outcome=dict)``; the outcome dict is the one the play scene hands to
``App.game_over`` (players, kinds, colours, scores, ranking, winners, reason, turns, details),
and ``replay``: the file the finished game was kept in, for "Watch replay" (none in kiosk mode).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import has, tr
from game.menus import record
from game.menus.menukit import draw_heading, game_title, kind_name, offer
from game.menus.replay import ReplayScene
from game.play import saves
from game.play.config import HUMAN, GameConfig, new_seed
from game.play.registry import plugin
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

TABLE_W = 1640
ROW_H = 84
GOLD = (255, 206, 84)
WIN_ROW = (120, 92, 24, 215)


def headline(names: list[str]) -> str:
    if len(names) == 1:
        return tr("results.wins", name=names[0])
    if len(names) == 2:
        return tr("results.share_two", a=names[0], b=names[1])
    return tr("results.share_many", names=", ".join(names[:-1]), last=names[-1])


class ResultsScene(UIScene):
    name = "results"

    def __init__(self, services: Services, config: GameConfig | None = None,
                 outcome: dict[str, Any] | None = None,
                 replay: Path | None = None) -> None:  # fmt: skip
        super().__init__(services)
        self.config = config
        self.outcome = outcome or {}
        self.replay = replay  # the finished game's replay file, if one was kept

    def enter(self) -> None:
        if not offer(self.services).saving:
            self.replay = None
        self.build()
        self.ring.move(0)

    # ---- data -----------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return str(self.outcome.get("game") or (self.config.game if self.config else ""))

    def _seat_list(self, key: str, fallback: list[Any]) -> list[Any]:
        values = list(self.outcome.get(key) or [])
        return values if len(values) == len(fallback) else fallback

    def players(self) -> list[str]:
        seats = self.config.seats if self.config else ()
        names = [s.name for s in seats]
        return [str(n) for n in (self.outcome.get("players") or names)]

    def rows(self) -> list[dict[str, Any]]:
        """One row per seat, best first: place, seat, name, kind, colour, score, details."""
        names = self.players()
        seats = self.config.seats if self.config else ()
        kinds = self._seat_list("kinds", [s.kind for s in seats] or [HUMAN] * len(names))
        colours = self._seat_list("colours", [s.colour for s in seats] or [""] * len(names))
        scores = self._seat_list("scores", [None] * len(names))
        details = self._seat_list("details", [{}] * len(names))
        ranking = list(self.outcome.get("ranking") or range(len(names)))
        winners = set(self.outcome.get("winners") or [])
        rows = []
        for index, seat in enumerate(ranking):
            rows.append(
                {
                    "place": 1 if seat in winners else index + 1,
                    "seat": seat,
                    "name": names[seat],
                    "kind": kinds[seat] if seat < len(kinds) else HUMAN,
                    "colour": colours[seat] if seat < len(colours) else "",
                    "score": scores[seat] if seat < len(scores) else None,
                    "details": details[seat] if seat < len(details) else {},
                    "winner": seat in winners,
                }
            )
        return rows

    def winner_names(self) -> list[str]:
        names = self.players()
        return [names[w] for w in self.outcome.get("winners") or [] if w < len(names)]

    def detail_keys(self) -> list[str]:
        details = self.outcome.get("details") or []
        return list(details[0]) if details and isinstance(details[0], dict) else []

    # ---- controls -------------------------------------------------------------------------
    def build(self) -> None:
        cx = theme.LOGICAL_SIZE[0] // 2
        watch = self.replay is not None
        w = 520 if watch else 540  # three buttons side by side with "Watch replay"
        x = cx - (3 * w + 40) // 2 if watch else cx - 560
        self.again_button = self.button(
            pygame.Rect(x, 950, w, 100),
            tr("results.play_again"),
            self.play_again,
            "#big_button",
            enabled=self.config is not None,
        )
        self.watch_button = None
        if watch:
            self.watch_button = self.button(
                pygame.Rect(x + w + 20, 950, w, 100), tr("results.watch_replay"), self.watch
            )
        self.title_button = self.button(
            pygame.Rect(x + (2 if watch else 1) * (w + 20), 950, w, 100),
            tr("results.to_title"),
            self.to_title,
        )

    def play_again(self) -> None:
        if self.config is None:
            return
        # the phones' server stopped as the results opened: the next game is on the TV (the
        # set-up's Phones choice joins phones again)
        config = replace(self.config.with_seed(new_seed()), phones=frozenset())
        self.services.scenes.replace(plugin(config.game).scene(), config=config)

    def watch(self) -> None:
        """The game just finished, again from its first move (a damaged file is kept aside)."""
        if self.replay is None:
            return
        if not self.replay.exists():  # deleted from the list meanwhile
            found, bad = None, None
        else:
            found, bad = saves.load_or_keep(self.replay)
        record.report_bad(self.services, [bad] if bad else [])
        if found is None:
            self.replay = None
            self.rebuild()
        else:
            self.services.scenes.push(ReplayScene, record=found)

    def to_title(self) -> None:
        self.services.menus.title()

    def back(self) -> None:
        self.to_title()

    # ---- drawing --------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        names = self.winner_names()
        draw_heading(surface, headline(names) if names else game_title(self.game), 90, 72)
        reason = str(self.outcome.get("reason") or "")
        decided = self.outcome.get("decided_by")
        if decided and has(f"results.reason.{reason}_{decided}"):
            reason = f"{reason}_{decided}"  # what decided the ranking, where the game tells
        sub = game_title(self.game)
        if has(f"results.reason.{reason}"):
            sub = f"{sub}  ·  {tr(f'results.reason.{reason}')}"
        for i, line in enumerate(theme.wrap_lines(sub, 32, TABLE_W, 2)):
            theme.text(
                surface,
                line,
                (surface.get_width() // 2, 168 + i * 42),
                32,
                theme.SNOW,
                False,
                "midtop",
                True,
            )
        self._draw_table(surface)

    def _columns(self) -> list[tuple[str, str, int]]:
        """(key, header, width): place, player, score, then the game's detail columns."""
        score_key = f"results.score.{self.game}"
        score = tr(score_key) if has(score_key) else tr("results.score.default")
        cols = [
            ("place", tr("results.col_place"), 0),
            ("player", tr("results.col_player"), 0),
            ("score", score, 0),
        ]
        for key in self.detail_keys():
            label = tr(f"results.col.{key}") if has(f"results.col.{key}") else key
            cols.append((key, label, 0))
        f = theme.base_font(30, True)  # the 100 % layout; a larger UI scale fits into it
        widths = [max(f.size(h)[0] + 40, 120) for _, h, _ in cols]
        widths[1] = max(widths[1], 520)
        spare = TABLE_W - 60 - sum(widths)
        widths[1] = max(320, widths[1] + spare)  # many columns (German): the names give way
        return [(k, h, w) for (k, h, _), w in zip(cols, widths, strict=True)]

    def _draw_table(self, surface: pygame.Surface) -> None:
        rows = self.rows()
        columns = self._columns()
        top = 270
        box = pygame.Rect(0, top, TABLE_W, 90 + len(rows) * (ROW_H + 10) + 70)
        box.centerx = surface.get_width() // 2
        theme.panel(surface, box, (16, 24, 40, 200), 26)
        x = box.x + 30
        for key, header, width in columns:
            anchor, px = ("midleft", x + 10) if key == "player" else ("center", x + width // 2)
            theme.text(surface, header, (px, top + 48), 30, theme.palette().muted, True, anchor,
                       width=width - 12)  # fmt: skip
            x += width
        y = top + 90
        for row in rows:
            self._draw_row(surface, row, columns, pygame.Rect(box.x + 20, y, TABLE_W - 40, ROW_H))
            y += ROW_H + 10
        if plugin(self.game).lower_is_better:  # the score column: smaller wins (an avalanche)
            note = f"{columns[2][1]}: {tr('results.lower_better')}"
        else:
            note = ""
        footer = tr(
            "results.footer",
            turns=self.outcome.get("turns", "–"),
            seed=self.outcome.get("seed", self.config.seed if self.config else "–"),
        )
        theme.text(
            surface,
            "   ·   ".join(t for t in (note, footer) if t),
            (box.centerx, box.bottom - 6),
            30,
            theme.palette().muted,
            False,
            "midbottom",  # from the bottom up: a large UI scale keeps it inside the panel
            width=TABLE_W - 60,
        )

    def _draw_player(self, surface: pygame.Surface, row: dict[str, Any], room: pygame.Rect) -> None:
        """The name, and a computer's level beside it, or under it when there is no room."""
        kind = kind_name(row["kind"]) if row["kind"] != HUMAN else ""
        muted = theme.palette().muted
        name_w = theme.font(38, True).size(row["name"])[0]
        if not kind or theme.fits(kind, 30, room.w - min(name_w, room.w) - 24):
            name = theme.text(surface, row["name"], (room.x, room.centery), 38, theme.WHITE, True,
                              "midleft", width=room.w)  # fmt: skip
            if kind:
                theme.text(surface, kind, (name.right + 24, room.centery), 30, muted, False,
                           "midleft")  # fmt: skip
            return
        theme.text(surface, row["name"], (room.x, room.centery - 14), 34, theme.WHITE, True,
                   "midleft", width=room.w, least=26)  # fmt: skip
        theme.text(surface, kind, (room.x, room.centery + 22), 24, muted, False, "midleft",
                   width=room.w, least=20)  # fmt: skip

    def _draw_row(
        self,
        surface: pygame.Surface,
        row: dict[str, Any],
        columns: list[tuple[str, str, int]],
        rect: pygame.Rect,
    ) -> None:
        fill = WIN_ROW if row["winner"] else (30, 42, 64, 200)
        theme.panel(surface, rect, fill, 16)
        if row["winner"]:
            pygame.draw.rect(surface, GOLD, rect, 3, border_radius=16)
        x, cy = rect.x + 10, rect.centery
        for key, _, width in columns:
            centre = (x + width // 2, cy)
            if key == "place":
                if row["winner"]:
                    _draw_crown(surface, (centre[0], cy))
                else:
                    theme.text(surface, f"{row['place']}.", centre, 40, theme.WHITE, True, "center")
            elif key == "player":
                rgb = theme.colour_rgb(row["colour"])
                theme.draw_mark(surface, theme.seat_shape(row["seat"]), rgb, (x + 36, cy), 22)
                self._draw_player(surface, row, pygame.Rect(x + 80, rect.y, width - 90, rect.h))
            elif key == "score":
                value = "–" if row["score"] is None else str(row["score"])
                colour = GOLD if row["winner"] else theme.WHITE
                theme.text(surface, value, centre, 44, colour, True, "center")
            else:
                value = row["details"].get(key, "–")
                theme.text(surface, str(value), centre, 34, theme.SNOW, False, "center",
                           width=width - 12)  # fmt: skip
            x += width


def _draw_crown(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    """A small gold crown marks first place (drawn, so no glyph is missing from the font)."""
    cx, cy = centre
    points = [
        (cx - 26, cy + 16),
        (cx - 30, cy - 14),
        (cx - 13, cy + 1),
        (cx, cy - 20),
        (cx + 13, cy + 1),
        (cx + 30, cy - 14),
        (cx + 26, cy + 16),
    ]
    pygame.draw.polygon(surface, GOLD, points)
    pygame.draw.polygon(surface, (120, 80, 10), points, 3)
    for px, py in ((cx - 30, cy - 14), (cx, cy - 20), (cx + 30, cy - 14)):
        pygame.draw.circle(surface, GOLD, (px, py), 5)
