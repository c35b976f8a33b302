"""Toasts never cover controls, logos or panels (issue 18, item 6): on every kind of screen,
in German (the longest texts) and at the largest text size, each toast lies where the frame
drew no text, no panel and no control; on a table it lies in the table's own notice band.
Those that do not fit on screen at once wait their turn."""

from __future__ import annotations

import pygame
import pytest
from app_support import close

from game import i18n
from game.app import STEP, App, Options
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.rules_help import RulesHelpScene
from game.menus.saves_list import LibraryScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.persist.settings import Settings, save_settings
from game.play.config import GameConfig, Seat
from game.ui import theme, toasts
from tests.scenes_support import table_class

LONG = "saves.damaged"  # the longest toast there is, in every language
SHORT = "saves.saved"


def seats(*kinds: str) -> tuple[Seat, ...]:
    names, colours = ("Anna", "Ben", "Cleo"), ("red", "blue", "green")
    return tuple(Seat(names[i], k, colours[i]) for i, k in enumerate(kinds))


BERGRUFT = GameConfig("bergruft", "standard", seats("human", "easy"), 3)
MENUS = [
    [(TitleScene, {})],
    [(PickerScene, {})],
    [(SetupScene, {"game": "kaphoorn"})],
    [(SetupScene, {"game": "nanuuk"})],
    [(SettingsScene, {})],
    [(LibraryScene, {"tab": "saves"})],
    [(table_class("bergruft"), {"config": BERGRUFT}), (PauseScene, {"game": "bergruft"})],
]
TABLES = [
    GameConfig("nanuuk", "full", seats("human", "easy"), 3),
    GameConfig("kaphoorn", "standard", seats("human", "easy", "easy"), 3),
    BERGRUFT,
]


@pytest.fixture(autouse=True)
def plain_theme():
    yield
    theme.configure(False, 1.0, False)
    theme.stop_recording()
    i18n.set_language("en")


def open_with_toasts(tmp_path, steps, scale: float) -> tuple[App, list[toasts.Placed], list]:
    """The screen of ``steps`` with two toasts; what they were laid on and where they went."""
    save_settings(tmp_path, Settings(language="de", ui_scale=scale))
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()
    (first, data), *more = steps
    app.scenes.reset(first, **data)
    for scene, more_data in more:
        app.scenes.push(scene, **more_data)
    for _ in range(10):
        app.frame(STEP)
    app.toast(i18n.tr(LONG, kept_as="autosave-nanuuk.json.bad"), 30.0)
    app.toast(i18n.tr(SHORT), 30.0)
    seen: dict[str, object] = {}
    draw = app.toasts.draw

    def spy(surface, taken, area, look):
        seen["taken"], seen["area"] = list(taken), area
        seen["placed"] = draw(surface, taken, area, look)
        return seen["placed"]

    app.toasts.draw = spy  # type: ignore[method-assign]
    app.frame(STEP)
    return app, seen["placed"], seen["taken"]  # type: ignore[return-value]


@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("steps", MENUS, ids=[s[-1][0].name + "-" + str(s[-1][1].get("game", ""))
                                              for s in MENUS])  # fmt: skip
def test_a_toast_covers_no_text_panel_or_control(tmp_path, steps, scale):
    app, placed, taken = open_with_toasts(tmp_path, steps, scale)
    try:
        assert taken and (len(placed) == 2 or scale > 1)  # at 100 %: room for both at once
        screen = pygame.Rect(0, 0, *theme.LOGICAL_SIZE)
        for toast in placed:
            assert screen.contains(toast.box)
            covered = [r for r in taken if toast.box.colliderect(r)]
            assert covered == [], f"{toast.lines} covers {covered}"
        assert placed[0].box.collidelist([p.box for p in placed[1:]]) < 0
    finally:
        close(app)


OWN_PLACE = [[(table_class(c.game), {"config": c})] for c in TABLES]
OWN_PLACE += [[(RulesHelpScene, {"game": "nanuuk"})]]


@pytest.mark.parametrize("steps", OWN_PLACE, ids=[s[0][0] for s in OWN_PLACE])
def test_a_table_and_the_rules_pages_have_their_own_place_for_toasts(tmp_path, steps):
    """A table's notice band on its board, the rules pages' heading (the page is read); there
    one toast shows at a time."""
    app, placed, _ = open_with_toasts(tmp_path, steps, 1.0)
    try:
        band = app.scenes.top.message_area()
        assert band is not None
        (toast,) = placed  # one at a time over the board or the heading: the other waits
        assert toast.box.bottom == band.bottom or toast.box.top == band.top
        assert toast.box.left == band.left and toast.box.width == band.width
        assert app.toasts.on_screen == 1
    finally:
        close(app)


def test_more_toasts_than_fit_wait_their_turn():
    queue = toasts.Toasts()
    for text, seconds in (("one", 1.0), ("two", 2.0), ("three", 1.0)):
        queue.add(text, seconds)
    assert queue.texts == ("one", "two")
    queue.tick(1.0)  # "one" has had its second; "three" waited, its time untouched
    assert queue.texts == ("two", "three")
    queue.tick(0.5)
    assert queue.texts == ("two", "three")
    queue.tick(0.5)
    assert queue.texts == ()


def test_a_toast_only_once_while_it_shows():
    queue = toasts.Toasts()
    queue.add("Oops", 1.0, once=True)
    queue.add("Oops", 1.0, once=True)
    assert queue.texts == ("Oops",)


def test_a_toast_without_room_waits_until_the_one_before_it_is_gone():
    screen = pygame.Rect(0, 0, 1920, 1080)
    free = pygame.Rect(600, 400, 800, 110)  # room for one toast, not two
    taken = [pygame.Rect(0, 0, 1920, 400), pygame.Rect(0, 510, 1920, 570),
             pygame.Rect(0, 400, 600, 110), pygame.Rect(1400, 400, 520, 110)]  # fmt: skip
    queue = toasts.Toasts()
    queue.add("The game could not be saved: the disk is full.", 1.0)
    queue.add("Game saved.", 1.0)
    surface = pygame.Surface(screen.size)
    placed = queue.draw(surface, taken, None, "screen")
    assert [p.lines for p in placed] == [("The game could not be saved: the disk is full.",)]
    assert free.contains(placed[0].box)
    queue.tick(0.5)
    queue.tick(0.5)  # the first is gone; the second has waited with its second untouched
    assert queue.texts == ("Game saved.",)
    (shown,) = queue.draw(surface, taken, None, "screen")
    assert free.contains(shown.box)
