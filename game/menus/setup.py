"""Player set-up: variant and its options, seats (name, colour, human or AI level), game number.

Every seat row shows its mark (shape in its colour), so seats differ without colour vision.
Two seats never share a colour: cycling a colour skips the ones other seats hold.

A game whose variants have options (Nanuuk!) gets a compact two-column layout: the seats on the
left, one cycler row per option of the chosen variant on the right. Options that do not apply
to the current number of players are hidden and not passed; only values that differ from the
default reach :attr:`GameConfig.options`.

In kiosk mode the scene is simpler and bigger: only the configured variants and AI levels, no
options and no game number (always random), and rows and buttons big enough for a finger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from game.i18n import LANGUAGES, has, load_language, tr
from game.menus import option_words
from game.menus.confirm import ConfirmScene
from game.menus.keyboard import KeyboardScene
from game.menus.menukit import (
    KIOSK_BUTTON_H,
    colour_name,
    draw_heading,
    game_title,
    go_back,
    kind_name,
    offer,
    seat_kinds,
)
from game.menus.rules_help import RulesHelpScene
from game.menus.setup_phones import PhonesChoice
from game.persist.log import LOG
from game.play import saves
from game.play.config import HUMAN, GameConfig, Seat, new_seed
from game.play.plugin import OptionsFileError
from game.play.registry import plugin
from game.protocol.base import VariantOption
from game.ui import theme
from game.ui.kit import Focusable

if TYPE_CHECKING:
    from game.engine.services import Services

SEEDS = ("random", *range(1, 100))
ROW_X, ROW_W = 120, 1680
TOP_Y = 200
# the two-column layout of a game with options
LEFT_X, LEFT_W = 60, 1090
RIGHT_X, RIGHT_W = 1180, 680
COL_TOP = 190
SEAT_Y, SEAT_H, SEAT_STEP = 290, 84, 96
OPT_H, OPT_STEP = 76, 88
HELP_BOTTOM = 920

@dataclass
class SeatDraft:
    name: str
    colour: str
    kind: str = HUMAN


class SetupScene(PhonesChoice):
    name = "setup"

    def __init__(self, services: Services, game: str) -> None:
        super().__init__(services)
        self.game = game

    def enter(self) -> None:
        game = self.game
        self.plugin = plugin(game)
        self.guides = self.plugin.scene().guides()  # a guided first game is offered
        try:
            self.plugin.warm_up()  # while the players choose, the table gets ready
        except Exception:  # a table that starts cold is slower, never broken
            LOG.exception("setup: warming up %s", game)
        self.variants = self.plugin.rules.variants()
        given = offer(self.services)  # a kiosk's visitors: only its variants and levels
        # a person, or one of the game's bot levels (none for a game without bots)
        self.kinds: tuple[str, ...] = seat_kinds(self.plugin.levels, given.ai_levels)
        self.kiosk = given.large_controls
        chosen = [v for w in given.variants.get(game, ()) for v in self.variants if v.id == w]
        self.variants = chosen or self.variants
        self.variant = self.variants[0]
        self.columns = not self.kiosk and any(
            self.offered(o) for v in self.variants for o in v.options
        )  # 2 columns
        self.option_values: dict[str, dict[str, Any]] = {v.id: {} for v in self.variants}
        self.seed: str | int = "random"
        self.guided = False  # the guided first game (also offered in kiosk mode: visitors learn)
        self.error = ""
        self.help_seat = 0  # whose AI level is explained under the rows
        self.help_option: str | None = None  # or the option whose row has focus
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
        computer = "normal" if "normal" in self.kinds else self.kinds[-1]
        kind = HUMAN if not self.seats else computer
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
        kinds = self.kinds
        i = kinds.index(draft.kind) if draft.kind in kinds else 0
        draft.kind = kinds[(i + delta) % len(kinds)]
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
        self.help_seat = min(self.help_seat, len(self.seats) - 1)
        self.help_option = None
        self.error = ""
        self._rebuild_focusing("variant")

    def set_name(self, seat: int, text: str) -> None:
        self.seats[seat].name = text
        self.error = ""

    def type_name(self, seat: int) -> None:
        """Kiosk mode: the on-screen keyboard (game.menus.keyboard) for seat ``seat``'s name."""
        self.help_seat = seat
        self.services.scenes.push(
            KeyboardScene,
            text=self.seats[seat].name,
            seat=seat,
            on_done=lambda text: self.set_name(seat, text),
        )

    # ---- options --------------------------------------------------------------------------
    def visible_options(self) -> list[VariantOption]:
        """The options of the chosen variant offered with the current number of seats."""
        players = len(self.seats)
        return [
            o
            for o in self.variant.options
            if self.offered(o) and o.applies(players)
        ]

    def offered(self, option: VariantOption) -> bool:
        """Whether the scene offers ``option`` at all: one with choices or a menu, or one
        whose choices the game finds in files (its saved set-ups). Free-form options (a
        list of cracks) stay on the command line."""
        return bool(option.choices or option.menu) or self._from_files(option) is not None

    def _from_files(self, option: VariantOption) -> tuple[Any, ...] | None:
        return self.plugin.option_choices(self.services.data_dir, option.key)

    def option_choices(self, option: VariantOption) -> tuple[Any, ...]:
        if option.choices or option.menu:
            return option.menu_values(len(self.seats))
        found = self._from_files(option)
        return (option.default,) if found is None else found

    def option_value(self, key: str) -> Any:
        option = next(o for o in self.variant.options if o.key == key)
        value = self.option_values[self.variant.id].get(key, option.default)
        return value if value in self.option_choices(option) else option.default

    def set_option(self, key: str, value: Any) -> None:
        self.option_values[self.variant.id][key] = value
        self.error = ""

    def cycle_option(self, key: str, delta: int) -> None:
        option = next(o for o in self.variant.options if o.key == key)
        choices = self.option_choices(option)
        current = self.option_value(key)
        i = choices.index(current) if current in choices else 0
        self.set_option(key, choices[(i + delta) % len(choices)])
        self.help_option = key

    def chosen_options(self) -> dict[str, Any]:
        """The visible options whose value differs from the default (as chosen, names)."""
        chosen = {}
        for option in self.visible_options():
            value = self.option_value(option.key)
            if value != option.default:
                chosen[option.key] = value
        return chosen

    def setup_chosen(self, name: str | None) -> None:
        """The editor's answer: a saved set-up name ("" for the printed one), None to keep."""
        if name is not None:
            self.set_option("setup", name)
            self.help_option = "setup"

    # ---- starting -------------------------------------------------------------------------
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

    def resolved_options(self) -> dict[str, Any]:
        """:meth:`chosen_options` as the rules take them: a saved set-up name becomes its
        ``kind -> labels`` table. Raises OptionsFileError for a broken saved set-up."""
        return self.plugin.resolve_options(self.services.data_dir, self.chosen_options())

    def config(self) -> GameConfig:
        seed = new_seed() if self.seed == "random" else int(self.seed)
        seats = tuple(Seat(d.name.strip(), d.kind, d.colour) for d in self.seats)
        options = self.resolved_options()
        return GameConfig(self.game, self.variant.id, seats, seed, options, guided=self.guided)

    def _check_config(self) -> tuple[GameConfig | None, str]:
        """The config to start, or None and the message why it cannot start."""
        try:
            config = self.config()
        except OptionsFileError as exc:  # the file was kept as *.bad: back to the printed one
            self.set_option(exc.key, "")
            self._refresh_options()
            LOG.warning("saved set-up: %s", exc)
            if exc.kept_as:
                return None, tr("setup.err_setup_file", file=exc.file, kept=exc.kept_as)
            return None, tr("setup.err_setup_unreadable", file=exc.file)
        try:  # the rules check the options too (a custom set-up must fit this floe)
            self.plugin.rules.new_game(
                config.variant, config.names, seed=config.seed, options=config.options
            )
        except ValueError as exc:
            LOG.warning("options refused: %s", exc)
            return None, tr("setup.err_options")
        return config, ""

    def start(self) -> None:
        self.error = self.validate()
        config = None
        if not self.error:
            config, self.error = self._check_config()
        if self.error or config is None:
            self.services.sound("bad")
            return
        self.pending = config
        waiting = saves.unfinished(self.services.data_dir, self.game)
        if waiting is None or not offer(self.services).saving:
            self._play()
            return
        name = game_title(self.game)
        self.services.scenes.push(ConfirmScene, tr("setup.replace_title", game=name),
                                  tr("setup.replace_message", game=name), tr("setup.replace_yes"),
                                  tr("setup.replace_no"), on_yes=self._play)  # fmt: skip

    def _play(self) -> None:
        assert self.pending is not None
        self.launch(self.pending)  # through the join screen when the phones are chosen

    def edit_setup(self) -> None:
        """Open the free-style set-up editor (N29) for the current seats (the button shows only
        for a game with an editor)."""
        self.services.sound("click")
        if (edit := self.plugin.editor()) is not None:
            players, options = len(self.seats), self.chosen_options()
            self.services.scenes.push(edit, players, options, on_done=self.setup_chosen)

    def open_rules(self) -> None:
        """The illustrated rules pages of the game and the variant chosen here."""
        self.services.sound("click")
        self.services.scenes.push(RulesHelpScene, game=self.game, variant=self.variant.id)

    def back(self) -> None:
        go_back(self.services)

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

    def resume(self) -> None:
        focused = self.ring.current.element if self.ring.current is not None else None
        was_edit = focused is not None and focused is getattr(self, "edit_button", None)
        super().resume()
        if was_edit and self.edit_button is not None:
            self.ring.focus(self.edit_button)

    def cycler(
        self, rect: pygame.Rect, text: Callable[[], str], step: Callable[[int], None],
        shown: Sequence[str] = (),
    ) -> UIButton:
        """A choice button whose values depend on the other seats (colours skip taken ones);
        ``shown``: every text it may show, so that one font fits them all (and a row of them
        alike, whatever each one shows)."""
        element = self.fitted_button(rect, [text(), *shown], "#choice_button", None)

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

    # ---- the guided first game (issue 9): a toggle beside the variant --------------------------
    def toggle_guided(self, delta: int = 1) -> None:
        self.guided = not self.guided
        self.help_option = "guided"

    def _guided_text(self) -> str:
        value = tr("common.on") if self.guided else tr("common.off")
        return f"‹  {tr('guide.setup.label')}: {value}  ›"

    def _guided_rect(self) -> pygame.Rect:
        if self.kiosk:
            return pygame.Rect(ROW_X + ROW_W - 680, TOP_Y - 10, 680, KIOSK_BUTTON_H)
        if self.columns:
            return self.option_rect(0)
        return pygame.Rect(ROW_X + 560, TOP_Y, 270 if self.phones_offered() else 560, 84)

    def _option_text(self, option: VariantOption) -> str:
        names = [seat.name for seat in self.seats]
        value = option_words.value_text(self.game, option, self.option_value(option.key), names)
        return f"‹  {option_words.label(self.game, option)}: {value}  ›"

    def row_rect(self, seat: int) -> pygame.Rect:
        if self.kiosk:
            return pygame.Rect(ROW_X, TOP_Y + 124 + seat * 122, ROW_W, 114)
        if self.columns:
            return pygame.Rect(LEFT_X, SEAT_Y + seat * SEAT_STEP, LEFT_W, SEAT_H)
        return pygame.Rect(ROW_X, TOP_Y + 116 + seat * 106, ROW_W, 92)

    def option_rect(self, row: int) -> pygame.Rect:
        return pygame.Rect(RIGHT_X, SEAT_Y + row * OPT_STEP, RIGHT_W, OPT_H)

    def build(self) -> None:
        for draft in self.seats:  # a default name follows a change of language (issue 29)
            n = default_number(draft.name)
            if n is not None:
                draft.name = tr("setup.seat_default", n=n)
        if self.columns:
            variant_rect = pygame.Rect(LEFT_X, COL_TOP, LEFT_W, 80)
            seed_rect = pygame.Rect(RIGHT_X, COL_TOP, RIGHT_W, 80)
            # mark, name, colour, AI level across the left column
            cells = ((80, 290), (384, 250), (648, 430))
        else:
            variant_rect = pygame.Rect(ROW_X, TOP_Y, 540, 84)
            seed_rect = pygame.Rect(ROW_X + ROW_W - 540, TOP_Y, 540, 84)
            cells = ((110, 470), (610, 440), (1080, 580))
        if self.kiosk:  # no game number: every visitor game gets a random one
            wide = ROW_W - (1060 if self.phones_offered() else 700)  # the phones beside it
            variant_rect = pygame.Rect(ROW_X, TOP_Y - 10, wide, KIOSK_BUTTON_H)
        self.variant_button = self.cycler(variant_rect, self._variant_text, self.cycle_variant)
        self.guided_button = None  # a table without a guide: no guided first game offered
        if self.guides:
            self.guided_button = self.cycler(self._guided_rect(), self._guided_text,
                                             self.toggle_guided)  # fmt: skip
        self.build_phones(self.phones_rect(self.option_rect(int(self.guides))))
        self.seed_button: UIButton | None = None
        if not self.kiosk:
            self.seed_button = self.cycler(seed_rect, self._seed_text, self.cycle_seed)
        # the rules of the chosen variant, top right beside the heading
        rules_rect = pygame.Rect(1560, 44, 320, 84)
        if self.kiosk:
            rules_rect = pygame.Rect(1560, 36, 320, KIOSK_BUTTON_H)
        self.rules_button = self.button(rules_rect, tr("rules_help.open"), self.open_rules)
        self.name_entries: list[UITextEntryLine | UIButton] = []
        self.colour_buttons: list[UIButton] = []
        self.kind_buttons: list[UIButton] = []
        (name_x, name_w), (colour_x, colour_w), (kind_x, kind_w) = cells
        for i, draft in enumerate(self.seats):
            row = self.row_rect(i)
            y, h = row.y + 8, row.height - 16
            name_rect = pygame.Rect(row.x + name_x, y, name_w, h)
            entry: UITextEntryLine | UIButton
            if self.kiosk:  # a touch-only station: the name is typed on the screen's keyboard
                entry = self.button(name_rect, draft.name, partial(self.type_name, i))
            else:
                entry = self.text_entry(
                    name_rect, draft.name, partial(self.set_name, i), limit=14,
                    default=is_default_name(draft.name),
                )  # fmt: skip
            self.name_entries.append(entry)
            self.colour_buttons.append(
                self.cycler(
                    pygame.Rect(row.x + colour_x, y, colour_w, h),
                    partial(_colour_text, draft),
                    partial(self.cycle_colour, i),
                    [_colour_text(SeatDraft("", c, HUMAN)) for c, _ in theme.seat_colours()],
                )
            )
            self.kind_buttons.append(
                self.cycler(
                    pygame.Rect(row.x + kind_x, y, kind_w, h),
                    partial(_kind_text, draft),
                    partial(self.cycle_kind, i),
                    [_kind_text(SeatDraft("", draft.colour, kind)) for kind in self.kinds],
                )
            )
        self.option_buttons: dict[str, UIButton] = {}
        self.edit_button: UIButton | None = None
        if self.columns:
            self._build_options()
        y, h = (960, KIOSK_BUTTON_H) if self.kiosk else (950, 90)
        self.back_button = self.button(pygame.Rect(80, y, 300, h), tr("common.back"), self.back)
        self.remove_button = self.button(
            pygame.Rect(420, y, 440, h),
            tr("setup.remove"),
            self.remove_seat,
            enabled=len(self.seats) > self.min_seats,
        )
        self.add_button = self.button(
            pygame.Rect(900, y, 440, h),
            tr("setup.add"),
            self.add_seat,
            enabled=len(self.seats) < self.max_seats,
        )
        self.start_button = self.button(
            pygame.Rect(1400, y - 6, 440, h + 12), tr("setup.start"), self.start, "#big_button"
        )

    def _refresh_options(self) -> None:
        for option in self.visible_options():
            if option.key in self.option_buttons:
                self.option_buttons[option.key].set_text(self._option_text(option))

    def _build_options(self) -> None:
        rows = int(self.guides) + (self.phones_button is not None)  # the guided game, phones
        for option in self.visible_options():
            self.option_buttons[option.key] = self.cycler(
                self.option_rect(rows),
                partial(self._option_text, option),
                partial(self.cycle_option, option.key),
            )
            rows += 1
        if self.variant.id in self.plugin.editor_variants:
            self.edit_button = self.button(
                self.option_rect(rows).inflate(0, 4), tr("setup.edit_setup"), self.edit_setup
            )

    # ---- frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        current = self.ring.current
        if current is None:
            return
        for i, (entry, colour, kind) in enumerate(
            zip(self.name_entries, self.colour_buttons, self.kind_buttons, strict=True)
        ):
            if current.element in (entry, colour, kind):  # explain that seat's AI level
                self.help_seat = i
                self.help_option = None
        for key, element in self.option_buttons.items():
            if current.element is element:  # explain that option
                self.help_option = key
        if current.element is self.guided_button:
            self.help_option = "guided"
        if self.edit_button is not None and current.element is self.edit_button:
            self.help_option = "setup"

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_heading(surface, tr("setup.heading", game=game_title(self.game)), 90, 64)
        for i, draft in enumerate(self.seats):
            row = self.row_rect(i)
            theme.panel(surface, row, (16, 24, 40, 190), 22)
            rgb = theme.colour_rgb(draft.colour)
            mark_x = row.x + (42 if self.columns else 56)
            r = 24 if self.columns else 28
            theme.draw_mark(surface, theme.seat_shape(i), rgb, (mark_x, row.centery), r)
        if self.columns and not self.option_buttons and self.edit_button is None:
            box = self.option_rect(1 + (self.phones_button is not None))
            theme.panel(surface, box, (16, 24, 40, 150), 20)
            theme.text(surface, tr("setup.no_options"), box.center, 30, theme.SNOW, anchor="center")
        self._draw_help(surface)

    def help_text(self) -> str:
        """The sentence explaining the option or the level of the seat whose row has focus."""
        if self.help_option in ("guided", "phones"):
            return tr("guide.setup.help" if self.help_option == "guided" else "setup.phones.help")
        if self.help_option is not None:
            option = next((o for o in self.visible_options() if o.key == self.help_option), None)
            if option is not None:
                label = option_words.label(self.game, option)
                return f"{label}: {option_words.help_text(self.game, option)}"
        seat = self.seats[min(self.help_seat, len(self.seats) - 1)]
        return tr(
            "setup.level_help",
            name=seat.name.strip() or tr("setup.seat_default", n=self.help_seat + 1),
            text=f"{kind_name(seat.kind)}. {level_sentence(self.game, seat.kind)}",
        )

    def _draw_help(self, surface: pygame.Surface) -> None:
        top = self.row_rect(len(self.seats) - 1).bottom + 24
        x, w = (LEFT_X, LEFT_W) if self.columns else (ROW_X, ROW_W)
        draw_help(surface, pygame.Rect(x, top, w, HELP_BOTTOM - top), self.error, self.help_text)


def level_sentence(game: str, kind: str) -> str:
    """What playing against ``kind`` is like, in ``game``'s words if it has them."""
    key = f"kinds.desc.{game}.{kind}"
    return tr(key) if has(key) else tr(f"kinds.desc.{kind}")


def draw_help(surface: pygame.Surface, box: pygame.Rect, error: str,
              help_text: Callable[[], str]) -> None:  # fmt: skip
    """The box under the seats: the error that keeps the game from starting, else the help."""
    if box.height < 60:
        return
    if error:
        theme.panel(surface, box, (120, 34, 30, 225), 20)
        content, size, colour = error, 32, theme.WHITE
    else:
        theme.panel(surface, box, (16, 24, 40, 150), 20)
        content, size, colour = help_text(), 30, theme.SNOW
    room = box.inflate(-60, -16)  # text_in keeps a large UI scale inside the box
    theme.text_in(surface, content, room, size, colour, max_lines=max(1, room.height // 40))


def is_default_name(name: str) -> bool:
    """Whether ``name`` is a seat's default ("Player 2", "Spieler 2": in any language), not a
    name somebody typed: the first letter typed replaces it, a change of language translates
    it."""
    return default_number(name) is not None


def default_number(name: str) -> int | None:
    """The number in a seat's default name in any language ("Speler 3": 3), else None."""
    for lang in LANGUAGES:
        pattern = load_language(lang).get("setup.seat_default")
        if isinstance(pattern, str):
            for n in range(1, 9):
                if name == pattern.format(n=n):
                    return n
    return None


def _colour_text(draft: SeatDraft) -> str:
    """A seat's colour button: its colour, between the arrows that change it."""
    return f"‹  {colour_name(draft.colour)}  ›"


def _kind_text(draft: SeatDraft) -> str:
    """A seat's kind button: a human or a computer's level, between the arrows."""
    return f"‹  {kind_name(draft.kind)}  ›"
