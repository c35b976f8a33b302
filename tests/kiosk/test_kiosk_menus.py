"""The visitors' menus: language flags on the title, only the configured games, variants and AI
levels, and touch targets at least 90 pixels tall on the 1920x1080 canvas."""

from __future__ import annotations

import pygame
from kiosk_support import FAST

from game import i18n
from game.i18n import tr
from game.ui.pointer import cursor_hidden

NARROW = (
    FAST
    + """\
games = ["nanuuk", "bergruft"]
ai_levels = ["easy"]
languages = ["de", "en"]

[variants]
nanuuk = ["bear-hunt", "intro"]
"""
)


def controls(scene):
    return [item.element for item in scene.ring.items]


def test_the_title_has_play_and_a_flag_per_language_that_switches_at_once(kiosk):
    app, drive = kiosk()
    title = app.scenes.top
    assert list(title.flag_buttons) == ["en", "nl", "de"]
    assert [e.rect.height >= 90 for e in controls(title)] == [True] * 4
    drive.tap(title.flag_buttons["nl"].rect.center)
    assert i18n.language() == "nl"
    assert app.scenes.top.play_button.text == tr("title.play") == "Spelen"
    assert app.settings.language == "en"  # a visitor's choice is not saved


def test_attract_mode_brings_back_the_kiosk_language(kiosk):
    app, drive = kiosk()
    drive.tap(app.scenes.top.flag_buttons["de"].rect.center)
    assert i18n.language() == "de"
    app.kiosk.start_attract()
    drive.frames(1)
    assert i18n.language() == "en"


def test_only_the_configured_games_variants_levels_and_flags_are_offered(kiosk):
    app, drive = kiosk(NARROW)
    assert list(app.scenes.top.flag_buttons) == ["de", "en"]
    drive.press(app.scenes.top.play_button)
    picker = app.scenes.top
    assert list(picker.cards) == ["nanuuk", "bergruft"]
    assert picker.back_button.rect.height >= 90
    drive.press(picker.cards["nanuuk"])
    setup = app.scenes.top
    assert drive.top == "setup"
    assert [v.id for v in setup.variants] == ["bear-hunt", "intro"]
    assert setup.kinds == ("human", "easy")
    assert setup.seats[1].kind == "easy"
    assert setup.seed_button is None and not setup.option_buttons
    small = [e for e in controls(setup) if e.rect.height < 90]
    assert small == []
    setup.cycle_kind(1, 1)
    assert setup.seats[1].kind == "human"


def test_a_visitor_game_from_the_menus_is_recorded(kiosk):
    app, drive = kiosk()
    drive.press(app.scenes.top.play_button)
    drive.press(app.scenes.top.cards["bergruft"])
    drive.press(app.scenes.top.start_button)
    assert drive.top == "bergruft"
    (row,) = app.kiosk.stats.rows()
    assert (row["game"], row["seats"], row["status"]) == (
        "bergruft",
        ["human", "normal"],
        "started",
    )


def test_the_pointer_hides_until_a_real_mouse_moves(kiosk):
    app, drive = kiosk()
    assert cursor_hidden()
    assert not pygame.display.get_allow_screensaver()
    drive.post(pygame.MOUSEMOTION, pos=(500, 500), rel=(30, 0), buttons=(0, 0, 0), touch=True)
    drive.frames(1)
    assert cursor_hidden()  # SDL's copy of a touch
    drive.post(pygame.MOUSEMOTION, pos=(530, 500), rel=(30, 0), buttons=(0, 0, 0), touch=False)
    drive.frames(1)
    assert not cursor_hidden()
