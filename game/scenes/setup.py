"""Player set-up: variant, seats (name, colour, human or AI level), game number; then start.

Every seat row shows its mark (shape in its colour), so seats differ without colour vision.
Two seats never share a colour: cycling a colour skips the ones other seats hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from game.i18n import has, tr
from game.render import theme
from game.scenes.menukit import KINDS, colour_name, draw_heading, game_title, go_back, kind_name
from game.scenes.ui import Focusable, UIScene
from game.session import HUMAN, GameConfig, Seat

SEEDS = ("random", *range(1, 100))
ROW_X, ROW_W = 120, 1680
TOP_Y = 200


@dataclass
class SeatDraft:
    name: str
    colour: str
    kind: str = HUMAN


class SetupScene(UIScene):
    def enter(self, game: str = "bergruft", **data: object) -> None:
        from game.rules.base import rules_for

        self.game = game
        self.variants = rules_for(game).variants()
        self.variant = self.variants[0]
        self.seed: object = "random"
        self.error = ""
        self.help_seat = 0  # whose AI level is explained under the rows
        self.pending: GameConfig | None = None  # the config handed to the play scene
        self.seats: list[SeatDraft] = []
        for _ in range(self.variant.min_players):
            self._append_seat()
        self.build()
        self.ring.move(0)

    # ---- model ----------------------------------------------------------------------------
    @property
    def min_seats(self) -> int:
        return self.variant.min_players

    @property
    def max_seats(self) -> int:
        return min(self.variant.max_players, len(theme.seat_colours()))

    def _free_colours(self, seat: int | None = None) -> list[str]:
        taken = {s.colour for i, s in enumerate(self.seats) if i != seat}
        return [c for c, _ in theme.seat_colours() if c not in taken]

    def _append_seat(self) -> None:
        taken_names = {s.name for s in self.seats}
        n = len(self.seats) + 1
        while tr("setup.seat_default", n=n) in taken_names:
            n += 1
        name = tr("setup.seat_default", n=n)
        kind = HUMAN if not self.seats else "normal"
        self.seats.append(SeatDraft(name, self._free_colours()[0], kind))

    def add_seat(self) -> None:
        if len(self.seats) < self.max_seats:
            self._append_seat()
            self.error = ""
            self._rebuild_focusing("add")

    def remove_seat(self) -> None:
        if len(self.seats) > self.min_seats:
            self.seats.pop()
            self.help_seat = min(self.help_seat, len(self.seats) - 1)
            self.error = ""
            self._rebuild_focusing("remove")

    def cycle_colour(self, seat: int, delta: int) -> None:
        palette = [c for c, _ in theme.seat_colours()]
        free = set(self._free_colours(seat))
        i = palette.index(self.seats[seat].colour) if self.seats[seat].colour in palette else 0
        for _ in range(len(palette)):
            i = (i + delta) % len(palette)
            if palette[i] in free:
                self.seats[seat].colour = palette[i]
                return

    def cycle_kind(self, seat: int, delta: int) -> None:
        draft = self.seats[seat]
        draft.kind = KINDS[(KINDS.index(draft.kind) + delta) % len(KINDS)]
        self.help_seat = seat

    def cycle_seed(self, delta: int) -> None:
        self.seed = SEEDS[(SEEDS.index(self.seed) + delta) % len(SEEDS)]

    def cycle_variant(self, delta: int) -> None:
        i = (self.variants.index(self.variant) + delta) % len(self.variants)
        self.variant = self.variants[i]
        while len(self.seats) > self.max_seats:
            self.seats.pop()
        while len(self.seats) < self.min_seats:
            self._append_seat()
        self._rebuild_focusing("variant")

    def set_name(self, seat: int, text: str) -> None:
        self.seats[seat].name = text
        self.error = ""

    def validate(self) -> str:
        """An empty string when the seats can start a game, else the message to show."""
        seen: set[str] = set()
        for i, draft in enumerate(self.seats):
            name = draft.name.strip()
            if not name:
                return tr("setup.err_empty", n=i + 1)
            if name.casefold() in seen:
                return tr("setup.err_duplicate", name=name)
            seen.add(name.casefold())
        return ""

    def config(self) -> GameConfig:
        seed = random.randrange(1, 1_000_000) if self.seed == "random" else int(self.seed)
        seats = tuple(Seat(d.name.strip(), d.kind, d.colour) for d in self.seats)
        return GameConfig(self.game, self.variant.id, seats, seed, {})

    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            self.app.sound("bad")
            return
        self.pending = self.config()
        self.app.scenes.replace(self.game, config=self.pending)

    def back(self) -> None:
        go_back(self.app, "picker")

    # ---- controls -------------------------------------------------------------------------
    def _rebuild_focusing(self, which: str) -> None:
        self.rebuild()
        target = {"add": self.add_button, "remove": self.remove_button}.get(which)
        if target is not None and not target.is_enabled:
            target = self.remove_button if target is self.add_button else self.add_button
        if which == "variant":
            target = self.variant_button
        if target is not None:
            self.ring.focus(target)

    def cycler(
        self, rect: pygame.Rect, text: Callable[[], str], step: Callable[[int], None]
    ) -> UIButton:
        """A choice button whose values depend on the other seats (colours skip taken ones)."""
        element = UIButton(rect, text(), manager=self.ui, object_id="#choice_button")

        def run(delta: int) -> Callable[[], None]:
            def go() -> None:
                step(delta)
                element.set_text(text())

            return go

        self._register(Focusable(element, run(1), run(-1), run(1)))
        return element

    def _variant_text(self) -> str:
        key = f"setup.variants.{self.game}.{self.variant.id}"
        name = tr(key) if has(key) else self.variant.title
        return f"‹  {tr('setup.variant')}: {name}  ›"

    def _seed_text(self) -> str:
        value = tr("setup.seed_random") if self.seed == "random" else str(self.seed)
        return f"‹  {tr('setup.seed')}: {value}  ›"

    def row_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(ROW_X, TOP_Y + 116 + seat * 106, ROW_W, 92)

    def build(self) -> None:
        self.variant_button = self.cycler(
            pygame.Rect(ROW_X, TOP_Y, 820, 84), self._variant_text, self.cycle_variant
        )
        self.seed_button = self.cycler(
            pygame.Rect(ROW_X + ROW_W - 820, TOP_Y, 820, 84), self._seed_text, self.cycle_seed
        )
        self.name_entries: list[UITextEntryLine] = []
        self.colour_buttons: list[UIButton] = []
        self.kind_buttons: list[UIButton] = []
        for i, draft in enumerate(self.seats):
            row = self.row_rect(i)
            y = row.y + 8
            entry = self.text_entry(
                pygame.Rect(row.x + 110, y, 470, 76),
                draft.name,
                lambda text, i=i: self.set_name(i, text),
                limit=14,
            )
            self.name_entries.append(entry)
            self.colour_buttons.append(
                self.cycler(
                    pygame.Rect(row.x + 610, y, 440, 76),
                    lambda i=i: f"‹  {colour_name(self.seats[i].colour)}  ›",
                    lambda d, i=i: self.cycle_colour(i, d),
                )
            )
            self.kind_buttons.append(
                self.cycler(
                    pygame.Rect(row.x + 1080, y, 580, 76),
                    lambda i=i: f"‹  {kind_name(self.seats[i].kind)}  ›",
                    lambda d, i=i: self.cycle_kind(i, d),
                )
            )
        y = 950
        self.back_button = self.button(pygame.Rect(80, y, 300, 90), tr("common.back"), self.back)
        self.remove_button = self.button(
            pygame.Rect(420, y, 440, 90),
            tr("setup.remove"),
            self.remove_seat,
            enabled=len(self.seats) > self.min_seats,
        )
        self.add_button = self.button(
            pygame.Rect(900, y, 440, 90),
            tr("setup.add"),
            self.add_seat,
            enabled=len(self.seats) < self.max_seats,
        )
        self.start_button = self.button(
            pygame.Rect(1400, y - 6, 440, 102), tr("setup.start"), self.start, "#big_button"
        )

    # ---- frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        current = self.ring.current
        if current is not None:  # explain the AI level of the row that has focus
            for i, (entry, colour, kind) in enumerate(
                zip(self.name_entries, self.colour_buttons, self.kind_buttons, strict=True)
            ):
                if current.element in (entry, colour, kind):
                    self.help_seat = i

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("setup.heading", game=game_title(self.game)), 90, 64)
        for i, draft in enumerate(self.seats):
            row = self.row_rect(i)
            theme.panel(surface, row, (16, 24, 40, 190), 22)
            rgb = theme.colour_rgb(draft.colour)
            theme.draw_mark(surface, theme.seat_shape(i), rgb, (row.x + 56, row.centery), 28)
        self._draw_help(surface)

    def help_text(self) -> str:
        """The sentence explaining the level of the seat whose row has focus."""
        seat = self.seats[min(self.help_seat, len(self.seats) - 1)]
        return tr(
            "setup.level_help",
            name=seat.name.strip() or tr("setup.seat_default", n=self.help_seat + 1),
            text=f"{kind_name(seat.kind)}. {tr(f'kinds.desc.{seat.kind}')}",
        )

    def _draw_help(self, surface: pygame.Surface) -> None:
        top = self.row_rect(len(self.seats) - 1).bottom + 24
        box = pygame.Rect(ROW_X, top, ROW_W, 920 - top)
        if box.height < 60:
            return
        if self.error:
            theme.panel(surface, box, (120, 34, 30, 225), 20)
            lines, colour = theme.wrap(self.error, 32, box.width - 60), theme.WHITE
        else:
            theme.panel(surface, box, (16, 24, 40, 150), 20)
            lines, colour = theme.wrap(self.help_text(), 30, box.width - 60), theme.SNOW
        max_lines = max(1, (box.height - 20) // 42)
        y = box.centery - min(len(lines), max_lines) * 21
        for line in lines[:max_lines]:
            theme.text(surface, line, (box.x + 30, y), 32 if self.error else 30, colour)
            y += 42
