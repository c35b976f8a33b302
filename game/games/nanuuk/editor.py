"""The Nanuuk! free-style set-up editor (ruling N29).

The floe of the chosen player count with the pieces of a set-up (the printed one, or the saved
one the set-up scene had chosen). A palette picks the kind of piece; clicking or tapping an
empty field places one there, clicking a piece removes it. With keys or a gamepad the arrows
move a cursor from field to field, Enter / A places or removes, Tab / the shoulder buttons
change the kind, and Down past the floe's lower edge reaches the buttons (Up returns).

Every change is checked at once against the construction rules (``check_setup``): fatal
problems are listed in red, warnings in amber, and the fields concerned are marked. "Done"
hands the set-up back to the set-up scene by name (saving it first when it is new) and is
refused while a fatal problem remains.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.intents import Intent, Kind
from game.engine.pacing import FULL
from game.games.nanuuk.editor_view import (
    BOARD_RECT,
    BUTTON_H,
    BUTTON_Y,
    CELL_GAP,
    CELL_H,
    CELL_W,
    ICON,
    PAGE,
    PALETTE_Y,
    PANEL_X,
    EditorDrawing,
)
from game.games.nanuuk.rules.board import IGLOO
from game.games.nanuuk.rules.level import (
    BOX,
    PIECE_KINDS,
    Problem,
    SetUp,
    check_setup,
    default_level,
)
from game.games.nanuuk.rules.spec import full_game_mode
from game.games.nanuuk.setups import NAME_LIMIT, SetupFileError, list_setups, load_setup, save_setup
from game.games.nanuuk.view.floe import FloeRenderer
from game.i18n import tr
from game.persist.log import LOG
from game.ui.kit import Focusable
from game.ui.screens import go_back

if TYPE_CHECKING:
    from game.engine.services import Services

DIRS = {Kind.UP: (0, -1), Kind.DOWN: (0, 1), Kind.LEFT: (-1, 0), Kind.RIGHT: (1, 0)}


def printed_for(players: int, two_hunters: bool = False) -> str:
    return "4p" if players == 4 or two_hunters else f"{players}p"


def _damaged(exc: SetupFileError) -> str:
    """What the player is told of a broken saved set-up: its file, and where it was kept."""
    if exc.kept_as:
        return tr("editor.msg.broken", file=exc.file, kept=exc.kept_as)
    return tr("editor.msg.unreadable", file=exc.file)


class NanuukEditorScene(EditorDrawing):
    name = "nanuuk_editor"
    idle_pace = FULL  # the floe's water moves

    def __init__(
        self,
        services: Services,
        players: int = 4,
        options: Mapping[str, Any] | None = None,
        on_done: Callable[[str | None], None] | None = None,
    ) -> None:
        super().__init__(services)
        self.opened_with = players, options, on_done

    def enter(self) -> None:
        players, options, on_done = self.opened_with
        level = default_level()
        self.level, self.floe = level, level.floe
        self.players = max(2, min(4, int(players)))
        options = options or {}
        self.two_hunters = bool(options.get("two-hunters")) and self.players == 2
        setup: str | dict[str, Any] = options.get("setup", "")
        self.mode = full_game_mode(self.players, self.two_hunters)
        self.printed = printed_for(self.players, self.two_hunters)
        self.in_play = level.in_play(self.mode)
        self.renderer = FloeRenderer(self.floe, self.in_play, BOARD_RECT)
        self.on_done = on_done
        self.kind = PIECE_KINDS[0]
        self.pieces: dict[int, str] = {}  # field -> kind
        self.saved_name: str | None = None  # the saved set-up the pieces were loaded/saved as
        self.saved_pieces: dict[int, str] = {}
        self.status, self.status_bad = "", False
        self.panel = "edit"  # or "save" / "load": a small dialog over the editor
        self.finish_after_save = False
        self.load_page = 0
        self.save_text = ""
        self.board_focus = True  # keys and pad move the field cursor (else: the button row)
        self.problems: list[Problem] = []
        self.marked: dict[int, str] = {}
        self.reset_printed(quiet=True)
        if isinstance(setup, dict):
            self._take(setup)
        elif setup:
            self.load(setup)
        playable = sorted(f for f in self.in_play if self.floe.kinds[f] != IGLOO)
        self.cursor = min(playable, key=lambda f: self.floe.labels[f])
        self.build()

    # ---- the set-up ---------------------------------------------------------------------------
    def setup(self) -> SetUp:
        pieces = {
            k: tuple(sorted(f for f, kind in self.pieces.items() if kind == k)) for k in PIECE_KINDS
        }
        return SetUp(self.saved_name or "custom", pieces)

    def setup_dict(self) -> dict[str, list[str]]:
        return self.setup().to_dict(self.floe)

    def count(self, kind: str) -> int:
        return sum(1 for k in self.pieces.values() if k == kind)

    @property
    def fatal(self) -> list[Problem]:
        return [p for p in self.problems if p.fatal]

    def _changed(self) -> None:
        """Check the set-up again and refresh the palette counts."""
        self.problems = check_setup(self.level, self.setup(), self.in_play)
        marked: dict[int, str] = {}
        for problem in sorted(self.problems, key=lambda p: p.fatal):  # fatal marks win
            for label in problem.fields:
                try:
                    marked[self.floe.field(label)] = "bad" if problem.fatal else "select"
                except KeyError:
                    continue
        self.marked = marked
        if self.panel == "edit" and getattr(self, "palette", None):
            for kind, button in self.palette.items():
                button.set_text(self._palette_text(kind))

    def _take(self, data: dict[str, Any]) -> None:
        pieces: dict[int, str] = {}
        for kind in PIECE_KINDS:
            for label in data.get(kind, []):
                pieces[self.floe.field(label)] = kind
        self.pieces = pieces
        self._changed()

    def _say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad
        if bad:
            self.services.sound("bad")

    def select_kind(self, kind: str) -> None:
        self.kind = kind
        self.services.sound("click")

    def cycle_kind(self, delta: int) -> None:
        i = PIECE_KINDS.index(self.kind)
        self.select_kind(PIECE_KINDS[(i + delta) % len(PIECE_KINDS)])

    def toggle(self, field: int) -> None:
        """Remove the piece on ``field``, or place one of the selected kind there."""
        if field in self.pieces:
            del self.pieces[field]
            self._say("")
            self.services.sound("click")
        elif field not in self.floe.kinds:
            return
        elif self.floe.kinds[field] == IGLOO:
            self._say(tr("editor.msg.igloo", field=self.floe.label(field)), True)
            return
        elif field not in self.in_play:
            self._say(tr("editor.msg.unused", field=self.floe.label(field), n=self.players), True)
            return
        elif self.count(self.kind) >= BOX[self.kind]:
            kind = tr(f"editor.many.{self.kind}")
            self._say(tr("editor.msg.box", limit=BOX[self.kind], kind=kind), True)
            return
        else:
            self.pieces[field] = self.kind
            self._say("")
            self.services.sound("click")
        self._changed()

    def reset_printed(self, quiet: bool = False) -> None:
        self._take(self.level.setups[self.printed].to_dict(self.floe))
        self.saved_name, self.saved_pieces = None, {}
        if not quiet:
            self._say(tr("editor.msg.reset", name=self.printed))

    def clear(self) -> None:
        self.pieces = {}
        self.saved_name = None
        self._changed()
        self._say(tr("editor.msg.cleared"))

    def load(self, name: str) -> bool:
        try:
            data = load_setup(self.services.data_dir, name)
            self._take(data)
        except SetupFileError as exc:
            LOG.warning("nanuuk editor: saved set-up %r: %s", name, exc)  # the details: for the log
            self._say(_damaged(exc), True)
            return False
        except KeyError as exc:
            LOG.warning("nanuuk editor: saved set-up %r does not fit the floe: %s", name, exc)
            self._say(tr("editor.msg.unreadable", file=f"{name}.toml"), True)
            return False
        self.saved_name, self.saved_pieces = name, dict(self.pieces)
        self._say(tr("editor.msg.loaded", name=name))
        return True

    def save(self, name: str) -> str | None:
        """Save under ``name``; the name used, or None (and a message) when it failed."""
        try:
            safe = save_setup(self.services.data_dir, name, self.setup_dict())
        except OSError as exc:
            LOG.warning("nanuuk editor: set-up %r not saved: %s", name, exc)
            self._say(tr("editor.msg.not_saved", name=name), True)
            return None
        except ValueError:
            self._say(tr("editor.msg.bad_name"), True)
            return None
        self.saved_name, self.saved_pieces = safe, dict(self.pieces)
        self._say(tr("editor.msg.saved", name=safe))
        return safe

    def is_printed(self) -> bool:
        printed = self.level.setups[self.printed]
        return self.setup().pieces == printed.pieces

    def done(self) -> None:
        """Hand the set-up back: by name, saving it first when it is new."""
        if self.fatal:
            self._say(tr("editor.msg.fix_first"), True)
            return
        if self.is_printed():
            self._finish("")
        elif self.saved_name is not None and self.pieces == self.saved_pieces:
            self._finish(self.saved_name)
        else:
            self.finish_after_save = True
            self.open_save()

    def _finish(self, name: str | None) -> None:
        if self.on_done is not None:
            self.on_done(name)
        self.services.sound("click")
        go_back(self.services)

    def back(self) -> None:
        if self.panel != "edit":
            self.close_panel()
        else:
            go_back(self.services)

    # ---- dialogs ------------------------------------------------------------------------------
    def open_save(self) -> None:
        self.save_text = self.saved_name or ""
        self.status, self.status_bad = "", False
        self.panel = "save"
        self.rebuild()
        self.ring.focus(self.name_entry)

    def open_load(self) -> None:
        self.load_page = 0
        self.panel = "load"
        self.rebuild()

    def close_panel(self) -> None:
        self.panel = "edit"
        self.finish_after_save = False
        self.rebuild()
        self.board_focus = True

    def confirm_save(self) -> None:
        name = self.save(self.save_text)
        if name is None:
            return
        finish = self.finish_after_save
        self.close_panel()
        if finish:
            self._finish(name)

    def choose_saved(self, name: str) -> None:
        self.load(name)
        self.close_panel()

    def next_page(self) -> None:
        pages = max(1, -(-len(list_setups(self.services.data_dir)) // PAGE))
        self.load_page = (self.load_page + 1) % pages
        self.rebuild()

    # ---- controls -----------------------------------------------------------------------------
    def _palette_text(self, kind: str) -> str:
        return f"{tr(f'editor.kinds.{kind}')} {self.count(kind)}/{BOX[kind]}"

    def palette_rect(self, i: int) -> pygame.Rect:
        col, row = i % 2, i // 2
        return pygame.Rect(
            PANEL_X + col * (CELL_W + 20), PALETTE_Y + row * (CELL_H + CELL_GAP), CELL_W, CELL_H
        )

    def _click_only(self, element: Any, on_press: Callable[[], None]) -> None:
        """A control the pointer reaches but the focus ring skips (Tab changes the kind)."""
        self._by_element[element] = Focusable(element, on_press)

    def build(self) -> None:
        from pygame_gui.elements import UIButton

        self.palette: dict[str, Any] = {}
        if self.panel == "save":
            self._build_save()
            return
        if self.panel == "load":
            self._build_load()
            return
        for i, kind in enumerate(PIECE_KINDS):
            rect = self.palette_rect(i)
            rect = pygame.Rect(rect.x + ICON + 14, rect.y, rect.width - ICON - 14, rect.height)
            button = UIButton(
                rect, self._palette_text(kind), manager=self.ui, object_id="#choice_button"
            )
            self._click_only(button, partial(self.select_kind, kind))
            self.palette[kind] = button
        specs = [
            ("back", tr("common.back"), self.back, 220),
            ("clear", tr("editor.clear"), self.clear, 260),
            ("reset", tr("editor.reset"), lambda: self.reset_printed(), 400),
            ("load", tr("editor.load"), self.open_load, 280),
            ("save", tr("editor.save"), self.open_save, 280),
            ("done", tr("editor.done"), self.done, 300),
        ]
        gap = (1860 - sum(w for *_, w in specs)) // (len(specs) - 1)
        x = 30
        self.buttons: dict[str, Any] = {}
        for key, text, run, width in specs:
            object_id = "#big_button" if key == "done" else "#small_button"
            self.buttons[key] = self.button(
                pygame.Rect(x, BUTTON_Y, width, BUTTON_H), text, run, object_id
            )
            x += width + gap
        if not list_setups(self.services.data_dir):
            self.buttons["load"].disable()
        self.ring.index = len(self.ring.items) - 1  # Done, when Down leaves the floe

    def dialog_rect(self) -> pygame.Rect:
        height = 480 if self.panel == "save" else 860
        rect = pygame.Rect(0, 0, 900, height)
        rect.center = (960, 540)
        return rect

    def _build_save(self) -> None:
        box = self.dialog_rect()
        self.name_entry = self.text_entry(
            pygame.Rect(box.x + 60, box.y + 150, box.width - 120, 80),
            self.save_text,
            self._set_save_text,
            limit=NAME_LIMIT,
        )
        y = box.bottom - 120
        self.cancel_button = self.button(
            pygame.Rect(box.x + 60, y, 360, 88), tr("editor.cancel"), self.close_panel
        )
        self.confirm_button = self.button(
            pygame.Rect(box.right - 420, y, 360, 88), tr("editor.save"), self.confirm_save
        )

    def _set_save_text(self, text: str) -> None:
        self.save_text = text

    def _build_load(self) -> None:
        box = self.dialog_rect()
        names = list_setups(self.services.data_dir)
        shown = names[self.load_page * PAGE : (self.load_page + 1) * PAGE]
        self.load_buttons: dict[str, Any] = {}
        for i, name in enumerate(shown):
            rect = pygame.Rect(box.x + 60, box.y + 130 + i * 84, box.width - 120, 72)
            self.load_buttons[name] = self.button(
                rect, name, partial(self.choose_saved, name), "#choice_button"
            )
        y = box.bottom - 120
        self.cancel_button = self.button(
            pygame.Rect(box.x + 60, y, 360, 88), tr("editor.cancel"), self.close_panel
        )
        if len(names) > PAGE:
            self.button(pygame.Rect(box.right - 420, y, 360, 88), tr("editor.more"), self.next_page)

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if self.panel != "edit":
            current = self.ring.current
            if kind is Kind.CONFIRM and self.panel == "save" and current and current.is_text:
                self.confirm_save()
            else:
                super().handle(intent)
            return
        if intent.is_pointer and intent.event is not None:
            self.ui.process_events(intent.event)
            if kind is Kind.POINT_DOWN and intent.pos is not None:
                self._point(intent.pos)
        elif kind is Kind.UI:
            self._ui_event(intent.event)
        elif kind in (Kind.NEXT, Kind.PREV):
            self.cycle_kind(1 if kind is Kind.NEXT else -1)
        elif kind is Kind.BACK:
            self.back()
        elif self.board_focus:
            if kind in DIRS:
                self.move_cursor(*DIRS[kind])
            elif kind is Kind.CONFIRM:
                self.toggle(self.cursor)
        elif kind is Kind.UP:
            self.board_focus = True
        elif kind in (Kind.LEFT, Kind.RIGHT):
            self.ring.move(-1 if kind is Kind.LEFT else 1)
        elif kind is Kind.CONFIRM:
            current = self.ring.current
            if current is not None and current.enabled and current.activate is not None:
                current.activate()

    def _point(self, pos: tuple[int, int]) -> None:
        for i, item in enumerate(self.ring.items):
            if item.element.rect.collidepoint(pos):
                self.ring.index = i
                self.board_focus = False
                return
        for i, kind in enumerate(PIECE_KINDS):
            if self.palette_rect(i).collidepoint(pos):
                if not self.palette[kind].rect.collidepoint(pos):  # the icon beside the button
                    self.select_kind(kind)
                return
        field = self.field_at(pos)
        if field is not None:
            self.cursor = field
            self.board_focus = True
            self.toggle(field)

    def field_at(self, pos: tuple[int, int]) -> int | None:
        if not BOARD_RECT.collidepoint(pos):
            return None
        return self.renderer.layout.field_at(pos)

    def reachable(self) -> set[int]:
        """Fields the cursor visits: those in play, and any other that holds a piece."""
        return set(self.in_play) | set(self.pieces)

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move to the nearest field in that direction; Down past the floe reaches the buttons."""
        layout = self.renderer.layout
        cx, cy = layout.centre(self.cursor)
        best, best_score = None, float("inf")
        for field in self.reachable():
            if field == self.cursor:
                continue
            x, y = layout.centre(field)
            along = (x - cx) * dx + (y - cy) * dy
            across = abs((x - cx) * dy - (y - cy) * dx)
            if along <= 1 or across > along * 1.8:
                continue
            score = along + across
            if score < best_score:
                best, best_score = field, score
        if best is not None:
            self.cursor = best
        elif dy > 0:
            self.board_focus = False
            self._focus_button_below(cx)

    def _focus_button_below(self, x: float) -> None:
        if not self.ring.items:
            return
        nearest = min(
            range(len(self.ring.items)),
            key=lambda i: (
                abs(self.ring.items[i].element.rect.centerx - x)
                + (0 if self.ring.items[i].enabled else 10_000)
            ),
        )
        self.ring.index = nearest
