"""Layout slips (issue 29, item 8): the hand-off screen's undo button clear of its hint, and
button captions that grow with the UI scale as far as their buttons leave room for them.

(The Kap Hoorn hand and its dragged card: tests/games/kaphoorn/test_kaphoorn_hand.py; any text
over any control on any screen: tests/ui/test_no_text_cut.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from app_support import close
from pygame_gui.elements import UIButton

from game import i18n
from game.app import STEP, App, Options
from game.games.kaphoorn.view import layout
from game.menus.handoff import HandoffScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.persist.settings import Settings, save_settings
from game.play.config import GameConfig, Seat
from game.ui import kit, theme
from game.ui.kit import UIScene
from tests.scenes_support import Driver, table_class

SCALES = (1.0, 1.15, 1.3)
EDGE = 8  # a grown caption keeps this much above and below it, border included (kit.EDGE)


@pytest.fixture(autouse=True)
def plain_theme() -> Iterator[None]:
    yield
    theme.configure(False, 1.0, False)
    theme.stop_recording()
    i18n.set_language("en")


def start(tmp_path, language: str, scale: float, size: tuple[int, int] = (1920, 1080)) -> App:
    save_settings(tmp_path, Settings(language=language, ui_scale=scale))
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=size, fullscreen=False))
    app.start()
    return app


def show(app: App, scene: Any, push: bool = False, **data: Any) -> Any:
    (app.scenes.push if push else app.scenes.reset)(scene, **data)
    app.scenes.apply_pending()
    for _ in range(2):
        app.frame(STEP)
    return app.scenes.top


def drawn(app: App) -> list[tuple[str, pygame.Rect]]:
    """The texts the top scene draws, each with its line (its letters and the font's room
    above and below them)."""
    recording = theme.start_recording()
    try:
        app.scenes.top.draw(app.surface(), 0.0)
    finally:
        theme.stop_recording(recording)
    return list(recording.texts)


def buttons(scene: UIScene) -> list[UIButton]:
    return [item.element for item in scene.ring.items if isinstance(item.element, UIButton)]


# ---- the hand-off screen ----------------------------------------------------------------------
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_hand_off_hint_is_clear_of_the_undo_button(tmp_path, language, scale):
    """Screenshot 210: "take the flags back" covered "Tap the button, or press Enter / A"."""
    app = start(tmp_path, language, scale)
    i18n.set_language(language)
    words = {"caller": "Bartholomäus", "guesser": "Anna"}
    handoff = show(app, HandoffScene, title=i18n.tr("bergruft.handoff.decide_title", **words),
                   message=i18n.tr("bergruft.handoff.decide_message", **words),
                   button=i18n.tr("bergruft.handoff.button", name="Bartholomäus"),
                   on_confirm=lambda: None, on_undo=lambda: None,
                   undo=i18n.tr("bergruft.handoff.undo", **words))  # fmt: skip
    hint = i18n.tr("handoff.how")
    (ink,) = [line for text, line in drawn(app) if text == hint]
    confirm, undo = buttons(handoff)
    assert not ink.colliderect(confirm.rect) and not ink.colliderect(undo.rect)
    assert confirm.rect.bottom < ink.top and ink.bottom < undo.rect.top  # in reading order
    assert undo.rect.bottom < theme.LOGICAL_SIZE[1]


# ---- captions that grow with the UI scale -----------------------------------------------------
def test_every_button_look_grows_with_the_ui_scale_as_body_text():
    """At 130 % the fonts of every button look, the table's small buttons and number pads
    included, grow as body text of their size does (they stayed small, issue 29)."""
    at_100 = theme.gui_theme(False, 1.0)
    at_130 = theme.gui_theme(False, 1.3)
    theme.configure(False, 1.3, False)
    looks = [name for name in at_100 if name.startswith("#") and "_step" not in name
             and not name.endswith("_unscaled") and name not in theme.GUI_UNFITTED
             and "font" in at_100[name]]  # fmt: skip
    assert {"#menu_button", "#small_button", "#pad_button", "#choice_button"} <= set(looks)
    for look in looks:
        base = int(at_100[look]["font"]["size"])
        assert int(at_130[look]["font"]["size"]) == theme.scaled(base) > base, look
        steps = [int(at_130[step]["font"]["size"]) for step in theme.gui_looks(look)]
        assert steps == sorted(steps, reverse=True) and steps[-1] == base, look


@pytest.mark.parametrize("language", ["en", "nl", "de"])
def test_captions_at_130_percent_are_larger_and_still_fit(tmp_path, language):
    """The menus and a table's buttons at 130 %: no caption smaller than at 100 %, most of them
    larger, each with room round it (across, and above and below a grown one)."""
    sizes: dict[float, dict[str, int]] = {}
    for scale in (1.0, 1.3):
        app = start(tmp_path / str(scale), language, scale)
        i18n.set_language(language)
        seats = tuple(Seat(f"P{n}", "human", c) for n, c in ((1, "red"), (2, "blue"), (3, "green")))
        found: dict[str, int] = {}
        table = {"config": GameConfig("kaphoorn", "standard", seats, 4)}
        for scene, data in ((TitleScene, {}), (SettingsScene, {}),
                            (SetupScene, {"game": "kaphoorn"}),
                            (table_class("kaphoorn"), table)):  # fmt: skip
            show(app, scene, **data)
            shown = app.scenes.stack[0]
            while app.scenes.top is not shown:  # a hand-off screen over the table
                app.scenes.pop()
                app.scenes.apply_pending()
            for n, button in enumerate(buttons(shown)):
                if not button.text:
                    continue
                px = button.font.get_point_size()  # the font it is drawn in
                width, base = button.font.size(button.text)[0], _base(button)
                if px > base:  # grown: room round it as it grew, above and below it too
                    room = button.rect.width - kit.FIT_MARGIN * px / base
                    ink = button.font.render_premul(button.text, pygame.Color("white"))
                    letters = ink.get_bounding_rect().height
                    assert letters <= button.rect.height - 2 * EDGE, (shown.name, button.text)
                else:  # at 100 %: clear of the border (as on main's code)
                    room = button.rect.width - kit.CLIP_MARGIN
                assert width <= room, (shown.name, button.text, width, room)
                found[f"{shown.name} {n}"] = px  # by its place (its caption is the language's)
        sizes[scale] = found
    shared = set(sizes[1.0]) & set(sizes[1.3])
    assert len(shared) >= 20
    assert all(sizes[1.3][key] >= sizes[1.0][key] for key in shared)
    grown = [key for key in shared if sizes[1.3][key] > sizes[1.0][key]]
    assert len(grown) >= len(shared) // 2, sorted(shared - set(grown))
    assert any(key.startswith("kaphoorn") for key in grown)  # the table's small ones too


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_kap_hoorn_buttons_in_german_at_130_percent_are_grown_and_fit(tmp_path, size):
    """Kap Hoorn's six buttons kept the font of 100 % at 130 % in German: "Zug beenden" needs
    253 px of button at the next font step, and the buttons were 222 px. On a person's turn all
    six captions now share a font larger than at 100 %, each with room round it (across, and
    above and below) and none cut; the buttons lie clear of each other, of the chart, its zoom
    buttons, the log books and the hand, and each reason under a button clear of them too."""
    app = start(tmp_path, "de", 1.3, size)
    try:
        i18n.set_language("de")
        seats = (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"),
                 Seat("Cleo", "easy", "yellow"))  # fmt: skip
        drive = Driver(app)
        table = show(app, table_class("kaphoorn"),
                     config=GameConfig("kaphoorn", "standard", seats, 3, {"start": 1}))  # fmt: skip
        assert drive.until(lambda: table.human_turn and not table.busy)
        recording = theme.start_recording()
        try:  # the buttons built again (and drawn) while the cut texts are noted
            table._buttons_key = None
            table.rebuild()
            drive.frames(2)
        finally:
            theme.stop_recording(recording)
        assert recording.cuts == []
        six = buttons(table)[:6]
        assert [b.text for b in six] == [label for label, _, _, _ in table.button_states()]
        assert "Zug beenden" in [b.text for b in six]  # the widest caption, in German
        sizes = {b.font.get_point_size() for b in six}
        base = _base(six[0])
        assert len(sizes) == 1 and sizes.pop() > base, (sizes, base)  # grown, all alike
        for button in six:
            px = button.font.get_point_size()
            width = button.font.size(button.text)[0]
            assert width <= button.rect.width - kit.FIT_MARGIN * px / base, button.text
            ink = button.font.render_premul(button.text, pygame.Color("white"))
            assert ink.get_bounding_rect().height <= button.rect.height - 2 * EDGE, button.text
        rects = [b.rect for b in six]
        books = [layout.book_rect(seat, 3) for seat in range(3)]
        keep_off = [layout.BOARD_RECT, layout.ZOOM_PANEL, layout.ASK_RECT, layout.HAND_RECT,
                    *books]  # fmt: skip
        canvas = pygame.Rect((0, 0), theme.LOGICAL_SIZE)
        for n, rect in enumerate(rects):
            assert canvas.contains(rect)
            assert rect.collidelist(rects[:n] + rects[n + 1 :] + keep_off) == -1, rect
        reasons = [why for _, _, on, why in table.button_states() if why and not on]
        assert reasons  # at the turn's start: a move first, then buy, end or undo
        lines = [(text, ink) for text, ink, _ in drawn_inks(app)  # a reason, or its lines
                 if len(text) > 5 and any(text in why for why in reasons)]  # fmt: skip
        assert len(lines) >= len(reasons)
        for _, ink in lines:
            assert ink.collidelist(rects + keep_off) == -1, ink
    finally:
        close(app)


def drawn_inks(app: App) -> list[tuple[str, pygame.Rect, pygame.Surface]]:
    """The texts the top scene draws, each with where its letters are."""
    recording = theme.start_recording()
    try:
        app.scenes.top.draw(app.surface(), 0.0)
    finally:
        theme.stop_recording(recording)
    return list(recording.inks)


def _look(button: UIButton) -> str:
    """The look (pygame_gui object id) the button was made in."""
    return next(i for i in button.object_ids if i and i.startswith("#"))


def _base(button: UIButton) -> int:
    """The font size of the button's look at 100 %."""
    root = _look(button).split("_step")[0].removesuffix("_unscaled")
    return int(theme.gui_theme(False, 1.0)[root]["font"]["size"])


# ---- default names in the language of the moment ----------------------------------------------
@pytest.mark.parametrize(("language", "then", "player"), [("en", "de", "Spieler"),
                                                          ("de", "nl", "Speler"),
                                                          ("nl", "en", "Player")])  # fmt: skip
def test_default_names_follow_a_language_change(tmp_path, language, then, player):
    """A seat still called by its default name is called so in the new language once the
    language changes (issue 29: "Player 1" stayed after switching to German); a typed name
    stays as typed, even one that reads like a default."""
    app = start(tmp_path, language, 1.0)
    i18n.set_language(language)
    setup = show(app, SetupScene, game="kaphoorn")
    while len(setup.seats) < 4:
        setup.add_seat()
    setup.seats[1].name = "Oma"
    setup.seats[2].name = "Player Two"
    settings = show(app, SettingsScene, push=True)
    settings.set_language(then)
    app.scenes.pop()
    app.scenes.apply_pending()
    app.frame(STEP)
    assert app.scenes.top is setup
    names = [seat.name for seat in setup.seats]
    assert names == [f"{player} 1", "Oma", "Player Two", f"{player} 4"]
    assert {f"{player} 1", "Oma", "Player Two", f"{player} 4"} <= set(_entries(setup))


def _entries(scene: UIScene) -> list[str]:
    """The texts of the scene's text fields and buttons (where a seat's name shows)."""
    return [getattr(item.element, "text", "") or "" for item in scene.ring.items]
