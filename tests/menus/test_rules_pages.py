"""The illustrated rules pages (issue 9, item 2): pages per game and variant, their texts in every
language, their pictures, turning pages by every input, and opening them from pause and set-up."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from game import i18n
from game.app import App, Options
from game.engine.scenes import Scene
from game.menus import rules_help as help_scene
from game.menus.menukit import KIOSK_BUTTON_H, menu_games
from game.menus.pause import PauseScene
from game.menus.rules_help import RulesHelpScene
from game.menus.rules_pages import BODY, all_pages, pages_for
from game.menus.setup import SetupScene
from game.play import pictures as rules_pictures
from game.play.config import GameConfig, Seat
from game.play.registry import rules_for
from tests.games_support import knob

VARIANTS = [(game, v.id) for game in menu_games() for v in rules_for(game).variants()]
PICTURES = sorted({(page.picture, page.variants[0]) for p in all_pages().values() for page in p})


class FakePlay(Scene):
    """Stands in for a play scene: the rules help reads the variant from its config."""

    @classmethod
    def guides(cls) -> bool:  # as the real table: the set-up offers its guided first game
        return True

    name = "fake_play"

    def __init__(self, services, config: GameConfig | None = None) -> None:
        super().__init__(services)
        self.config = config


def names(app: App) -> list[str]:
    return [scene.name for scene in app.scenes.stack]


def open_rules(drive, game: str = "nanuuk", variant: str = "full"):
    drive.app.scenes.reset(RulesHelpScene, game=game, variant=variant)
    drive.frames(2)
    return drive.scene


# ---- the pages as data --------------------------------------------------------------------
@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_every_variant_has_shared_pages_and_its_own(game, variant):
    pages = pages_for(game, variant)
    assert len(pages) >= knob(game, "RULES_PAGES", 5)
    assert pages[0].id == all_pages()[game][0].id  # every variant starts with the board
    ids = [page.id for page in pages]
    assert len(ids) == len(set(ids))
    if game == "nanuuk":  # each Nanuuk! variant explains what differs in it
        own = [page for page in pages if "*" not in page.variants]
        assert own and all(variant in page.variants for page in own)


def test_pages_name_only_real_variants():
    for game, pages in all_pages().items():
        known = {v.id for v in rules_for(game).variants()} | {"*"}
        assert [(p.id, v) for p in pages for v in p.variants if v not in known] == []


def test_nanuuk_variants_do_not_show_each_others_pages():
    full = {page.id for page in pages_for("nanuuk", "full")}
    intro = {page.id for page in pages_for("nanuuk", "intro")}
    assert "hunt" in full and "hunt" not in intro
    assert "place" in intro and "place" not in full
    assert "partner" in {page.id for page in pages_for("nanuuk", "partner")}
    assert "partner" not in {page.id for page in pages_for("nanuuk", "neighbourhood")}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_page_has_its_texts_in_every_language(lang):
    table = i18n.load_language(lang)
    keys = ["rules_help.previous", "rules_help.next", "rules_help.page", "rules_help.open"]
    for pages in all_pages().values():
        for page in pages:
            keys += [page.heading_key, page.body_key]
    assert [key for key in keys if not table.get(key)] == []


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_page_fits_its_column_at_couch_size(app, lang):
    """Body text at 32 px on every page, and no page runs past the bottom of the paper."""
    i18n.set_language(lang)
    for pages in all_pages().values():
        for page in pages:
            _, top, column = help_scene.page_layout(page)
            assert column.size == BODY >= 30, f"{lang}: {page.game}/{page.id} is too long"
            assert top + column.height <= help_scene.BODY_BOTTOM


def test_every_picture_named_by_a_page_exists():
    named = {page.picture for pages in all_pages().values() for page in pages}
    assert named <= set(rules_pictures.figures())


@pytest.mark.parametrize(("name", "variant"), PICTURES)
def test_every_picture_renders_a_real_image(app, name, variant):
    variant = "standard" if variant == "*" and not name.startswith("nanuuk") else variant
    variant = "full" if variant == "*" else variant
    image = rules_pictures.picture(name, variant, help_scene.PICTURE.size)
    assert image.get_size() == help_scene.PICTURE.size
    pixels = pygame.surfarray.array3d(image).reshape(-1, 3)
    assert pixels.std(axis=0).max() > 20  # not a flat colour
    assert len(np.unique(pixels[::7], axis=0)) > 60  # a drawing, not a few blocks


def test_a_picture_that_fails_leaves_the_text_and_does_not_crash(drive, monkeypatch):
    def broken(*args: object) -> pygame.Surface:
        raise ValueError("no such position")

    monkeypatch.setattr(rules_pictures, "picture", broken)
    monkeypatch.setattr(drive.app, "raise_errors", False)
    rules = open_rules(drive, "bergruft", "standard")
    drive.frames(3)
    assert rules.broken == {rules.pages[0].picture}
    drive.key(pygame.K_RIGHT)
    assert rules.index == 1 and names(drive.app) == ["rules_help"]


def test_a_slow_close_up_is_prepared_in_the_background_and_shown_when_ready(drive, monkeypatch):
    """The first chart close-up paints the whole chart large (seconds): its textures are worked
    out off the loop's thread while the page shows its text, then the picture appears."""
    from game.games.kaphoorn import pictures as kaphoorn
    from game.games.kaphoorn.view import seachart

    monkeypatch.setattr(seachart, "_LAYER_CACHE", {})
    monkeypatch.setattr(rules_pictures, "_DRAWN", {})
    close = kaphoorn.chart_size(kaphoorn.start(), help_scene.PICTURE.size, kaphoorn.CLOSE)
    on_loop_thread = []
    paint = seachart._paint_textures

    def watched(lay):
        if lay.rect.size == close:
            on_loop_thread.append(threading.current_thread() is threading.main_thread())
        return paint(lay)

    monkeypatch.setattr(seachart, "_paint_textures", watched)
    rules = open_rules(drive, "kaphoorn", "standard")
    target = next(i for i, page in enumerate(rules.pages) if page.picture == "kaphoorn.lay")
    for _ in range(target):
        drive.key(pygame.K_RIGHT)
    assert rules.index == target
    shown = ("kaphoorn.lay", "standard", help_scene.PICTURE.size, i18n.language())
    deadline = time.monotonic() + 300  # a wait for the worker, not a timing assertion
    while shown not in rules_pictures._DRAWN and time.monotonic() < deadline:
        drive.frames(1)
        time.sleep(0.01)
    assert shown in rules_pictures._DRAWN and on_loop_thread == [False]


def test_the_whole_chart_picture_is_painted_over_frames_with_the_dots_meanwhile(drive, monkeypatch):
    """Issue 27, item 9: the first Kap Hoorn page's chart took a frame of half a second (its
    board painted in one go); now the page shows the dots while the board is painted a few
    milliseconds a frame, then the picture."""
    from game.games.kaphoorn.view import seachart

    monkeypatch.setattr(seachart, "_LAYER_CACHE", {})  # a chart nobody has painted yet
    monkeypatch.setattr(seachart, "_PAINTINGS", {}, raising=False)
    monkeypatch.setattr(rules_pictures, "_DRAWN", {})
    drive.app.scenes.reset(RulesHelpScene, game="kaphoorn", variant="standard")
    drive.frames(1)
    rules = drive.scene
    assert rules.pages[0].picture == "kaphoorn.chart"
    shown = ("kaphoorn.chart", "standard", help_scene.PICTURE.size, i18n.language())
    assert shown not in rules_pictures._DRAWN and rules.moving_areas  # the dots, for now
    frames, deadline = 1, time.monotonic() + 300  # a wait for the painting, not a timing check
    while shown not in rules_pictures._DRAWN and time.monotonic() < deadline:
        drive.frames(1)
        frames += 1
        time.sleep(0.01)  # as the real loop waits for its next frame: the painter's thread runs
    assert shown in rules_pictures._DRAWN and frames > 2 and not rules.moving_areas


# ---- turning pages ------------------------------------------------------------------------
def test_keys_and_pad_turn_the_page_and_stop_at_both_ends(drive):
    rules = open_rules(drive)
    assert rules.index == 0 and not rules.previous_button.is_enabled
    drive.key(pygame.K_RIGHT)
    assert rules.index == 1
    drive.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert rules.index == 2
    drive.key(pygame.K_LEFT)
    drive.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    drive.key(pygame.K_LEFT)  # already on the first page
    assert rules.index == 0
    drive.key(pygame.K_END)
    assert rules.index == len(rules.pages) - 1 and not rules.next_button.is_enabled
    assert rules.ring.current.enabled  # focus left the button that can no longer turn
    drive.key(pygame.K_RIGHT)
    assert rules.index == len(rules.pages) - 1
    drive.key(pygame.K_HOME)
    drive.key(pygame.K_PAGEDOWN)
    assert rules.index == 1


def test_buttons_and_enter_turn_the_page(drive):
    rules = open_rules(drive, "kaphoorn", "standard")
    assert rules.ring.current.element is rules.next_button  # Enter reads on
    drive.key(pygame.K_RETURN)
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    assert rules.index == 2
    drive.click(rules.previous_button.rect.center)
    assert rules.index == 1
    drive.tap(rules.next_button.rect.center)
    assert rules.index == 2


def _drag(drive, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    drive.frames(2)


def _finger_swipe(drive, start: tuple[int, int], end: tuple[int, int]) -> None:
    w, h = pygame.display.get_window_size()
    for kind, (x, y) in ((pygame.FINGERDOWN, start), (pygame.FINGERMOTION, end),
                         (pygame.FINGERUP, end)):  # fmt: skip
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=1, x=x / w, y=y / h,
                                             dx=0.0, dy=0.0, pressure=1.0))  # fmt: skip
        drive.frames(1)
    drive.frames(1)


def test_swipes_with_mouse_and_finger_turn_the_page(drive):
    rules = open_rules(drive, "bergruft", "standard")
    _drag(drive, (1300, 500), (900, 520))  # to the left: the next page
    assert rules.index == 1
    _finger_swipe(drive, (800, 500), (1400, 480))  # to the right: back
    assert rules.index == 0
    _finger_swipe(drive, (1400, 500), (1000, 500))
    assert rules.index == 1
    _drag(drive, (1000, 300), (1040, 700))  # mostly downwards: not a swipe
    assert rules.index == 1


def test_the_mouse_wheel_turns_the_page(drive):
    rules = open_rules(drive, "bergruft", "standard")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    drive.frames(2)
    assert rules.index == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    drive.frames(2)
    assert rules.index == 0


def test_up_down_move_the_focus_and_back_leaves(drive):
    rules = open_rules(drive)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_UP)
    assert rules.ring.current.element is rules.previous_button
    drive.key(pygame.K_ESCAPE)
    assert names(drive.app) == ["title"]


# ---- where the pages are opened -------------------------------------------------------------
def test_pause_opens_the_pages_of_the_variant_being_played(drive):
    seats = (Seat("Ann", "human", "red"), Seat("Ben", "human", "blue"))
    config = GameConfig("nanuuk", "helpers", seats, seed=3)
    drive.app.scenes.reset(FakePlay, config=config)
    drive.app.scenes.push(PauseScene, game="nanuuk")
    drive.frames(2)
    drive.click(drive.scene.rules_button.rect.center)
    rules = drive.scene
    assert names(drive.app) == ["fake_play", "pause", "rules_help"]
    assert (rules.game, rules.variant, rules.index) == ("nanuuk", "helpers", 0)
    assert [p.id for p in rules.pages] == [p.id for p in pages_for("nanuuk", "helpers")]
    drive.pad(pygame.CONTROLLER_BUTTON_B)
    assert names(drive.app) == ["fake_play", "pause"]


def test_setup_opens_the_pages_of_the_chosen_variant(drive):
    drive.app.scenes.reset(SetupScene, game="nanuuk")
    drive.frames(2)
    setup = drive.scene
    while setup.variant.id != "bear-hunt":
        setup.cycle_variant(1)
    drive.frames(2)
    drive.click(setup.rules_button.rect.center)
    rules = drive.scene
    assert names(drive.app) == ["setup", "rules_help"]
    assert (rules.game, rules.variant) == ("nanuuk", "bear-hunt")
    assert "bear_hunt" in [p.id for p in rules.pages]
    drive.click(rules.back_button.rect.center)
    assert names(drive.app) == ["setup"] and drive.scene.variant.id == "bear-hunt"


def test_kiosk_pages_work_by_touch_alone(tmp_path: Path, drive):
    driver_class = type(drive)  # the conftest's Driver, for a kiosk app of our own
    (tmp_path / "kiosk.toml").write_text('attract_after_s = 60\nadmin_pin = "2468"\n')
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080),
                      fullscreen=False, kiosk=True))  # fmt: skip
    app.start()
    try:
        drive = driver_class(app)
        rules = open_rules(drive, "kaphoorn", "standard")
        buttons = (rules.back_button, rules.previous_button, rules.next_button)
        assert all(b.rect.height >= KIOSK_BUTTON_H for b in buttons)
        drive.tap(rules.next_button.rect.center)
        assert rules.index == 1
        _finger_swipe(drive, (1400, 500), (1000, 500))
        assert rules.index == 2
        drive.tap(rules.back_button.rect.center)
        assert drive.scene is not rules
    finally:
        if app.kiosk is not None:
            app.kiosk.close()
        for scene in reversed(app.scenes.stack):
            scene.exit()
        pygame.mouse.set_visible(True)
        i18n.set_language("en")
