"""The admin menu: opened by holding the key chord for the configured time or by the four corner
taps and the PIN; it quits, resets the statistics (after a confirmation) and shows them."""

from __future__ import annotations

import pygame

from game.kiosk.controller import CORNER_WINDOW_S
from game.persist.stats import Stats
from game.session import GameConfig, Seat

CORNERS = {"tl": (40, 40), "tr": (1880, 40), "br": (1880, 1040), "bl": (40, 1040)}
CHORD = (pygame.K_LCTRL, pygame.K_LSHIFT, pygame.K_k)


def hold(drive, keys=CHORD) -> None:
    mod = 0
    for key in keys:
        mod |= {pygame.K_LCTRL: pygame.KMOD_LCTRL, pygame.K_LSHIFT: pygame.KMOD_LSHIFT}.get(key, 0)
        drive.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    drive.frames(1)


def release(drive, keys=CHORD) -> None:
    for key in keys:
        drive.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    drive.frames(1)


def test_holding_the_chord_for_the_configured_time_opens_the_admin_menu(kiosk):
    app, drive = kiosk()  # admin_hold_s = 2
    hold(drive)
    drive.run(1.5)
    assert drive.top == "title"
    drive.run(0.7)
    assert drive.top == "kiosk_admin"
    release(drive)


def test_releasing_the_chord_early_opens_nothing(kiosk):
    app, drive = kiosk()
    hold(drive)
    drive.run(1.5)
    release(drive)
    hold(drive)
    drive.run(1.0)
    release(drive)
    drive.run(2.0)
    assert drive.top == "title"


def test_part_of_the_chord_opens_nothing(kiosk):
    app, drive = kiosk()
    hold(drive, CHORD[:2])
    drive.run(3.0)
    assert drive.top == "title"


def test_the_chord_works_during_attract_mode_too(kiosk):
    app, drive = kiosk()
    app.kiosk.start_attract()
    drive.frames(2)
    hold(drive)
    drive.run(2.5)
    assert drive.top == "kiosk_admin" and not app.kiosk.attract


def tap_corners(drive, order=("tl", "tr", "br", "bl")) -> None:
    for corner in order:
        drive.tap(CORNERS[corner])


def type_pin(drive, pin: str) -> None:
    pad = drive.app.scenes.top
    for digit in pin:
        drive.tap(pad.keys[digit].rect.center)
    drive.tap(pad.keys["ok"].rect.center)


def test_four_corner_taps_then_the_pin_open_the_admin_menu(kiosk):
    app, drive = kiosk()
    tap_corners(drive)
    assert drive.top == "kiosk_pin"
    type_pin(drive, "2468")
    assert drive.top == "kiosk_admin"


def test_a_wrong_pin_does_not_open_it_and_three_close_the_pad(kiosk):
    app, drive = kiosk()
    tap_corners(drive)
    type_pin(drive, "1111")
    assert drive.top == "kiosk_pin" and app.scenes.top.wrong
    type_pin(drive, "2222")
    type_pin(drive, "3333")
    assert drive.top == "title"


def test_the_pin_can_be_typed_on_a_keyboard(kiosk):
    app, drive = kiosk()
    tap_corners(drive)
    for key in (pygame.K_2, pygame.K_4, pygame.K_6, pygame.K_9, pygame.K_BACKSPACE, pygame.K_8):
        drive.key(key)
    drive.key(pygame.K_RETURN)
    assert drive.top == "kiosk_admin"


def test_corners_in_the_wrong_order_or_too_slowly_do_nothing(kiosk):
    app, drive = kiosk()
    tap_corners(drive, ("tl", "br", "tr", "bl"))
    assert drive.top == "title"
    tap_corners(drive, ("tl", "tr"))
    drive.run(CORNER_WINDOW_S + 1)
    tap_corners(drive, ("br", "bl"))
    assert drive.top == "title"


def test_admin_quit_ends_the_run_and_a_game_in_progress_counts_as_abandoned(kiosk):
    app, drive = kiosk()
    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    app.scenes.reset("bergruft", config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    hold(drive)
    drive.run(2.5)
    assert drive.top == "kiosk_admin"
    drive.press(app.scenes.top.quit_button)
    assert not app.running and app.kiosk.may_stop()
    app._finish()  # what App.run does once the loop ends
    stats, problem = Stats.open(app.data_dir)
    (row,) = stats.rows()
    stats.close()
    assert row["status"] == "abandoned" and problem is None


def test_admin_back_returns_to_the_game_beneath(kiosk):
    app, drive = kiosk()
    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    app.scenes.reset("bergruft", config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    hold(drive)
    drive.run(2.5)
    release(drive)
    drive.press(app.scenes.top.back_button)
    assert drive.top == "bergruft"


def test_reset_statistics_asks_first_then_erases_them(kiosk):
    app, drive = kiosk()
    stats = app.kiosk.stats
    row = stats.started("bergruft", "standard", ["human", "easy"])
    stats.finished(row, ["human"])
    app.kiosk.open_admin()
    drive.frames(2)
    admin = app.scenes.top
    assert admin.table_rows()[0]["finished"] == 1
    drive.press(admin.reset_button)
    assert stats.rows()  # not yet: the button asks again
    assert "again" in admin.reset_button.text
    drive.press(admin.reset_button)
    assert stats.rows() == [] and admin.table_rows() == []


def test_an_unconfirmed_reset_expires(kiosk):
    app, drive = kiosk()
    stats = app.kiosk.stats
    stats.started("bergruft", "standard", ["human", "easy"])
    app.kiosk.open_admin()
    drive.frames(2)
    admin = app.scenes.top
    drive.press(admin.reset_button)
    drive.run(6.0)
    drive.press(admin.reset_button)
    assert stats.rows()  # the second press only asked again


def test_admin_settings_opens_the_settings(kiosk):
    app, drive = kiosk()
    app.kiosk.open_admin()
    drive.frames(2)
    drive.press(app.scenes.top.settings_button)
    assert drive.top == "settings"
