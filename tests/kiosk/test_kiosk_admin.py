"""The admin menu: the key chord held for the configured time or the four corner taps open the PIN
pad, and only the right PIN opens the menu (wrong ones back off); every entry and action is
logged; it quits, resets the statistics (after a confirmation) and shows them."""

from __future__ import annotations

import pygame
from kiosk_support import FAST, PIN, enter_admin, type_pin

from game.kiosk import gate
from game.kiosk.admin import AdminScene
from game.kiosk.controller import CORNER_WINDOW_S
from game.persist.stats import Stats
from game.play.config import GameConfig, Seat
from tests.scenes_support import table_class

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


def test_holding_the_chord_for_the_configured_time_opens_the_pin_pad_not_the_menu(kiosk):
    app, drive = kiosk()  # admin_hold_s = 2
    hold(drive)
    drive.run(1.5)
    assert drive.top == "title"
    drive.run(0.7)
    assert drive.top == "kiosk_pin"
    drive.run(3.0)
    assert drive.top == "kiosk_pin"  # holding on opens nothing more
    release(drive)
    type_pin(drive, PIN)
    assert drive.top == "kiosk_admin"


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
    assert drive.top == "kiosk_pin" and not app.kiosk.attract


def tap_corners(drive, order=("tl", "tr", "br", "bl")) -> None:
    for corner in order:
        drive.tap(CORNERS[corner])


def test_four_corner_taps_then_the_pin_open_the_admin_menu(kiosk):
    app, drive = kiosk()
    tap_corners(drive)
    assert drive.top == "kiosk_pin"
    type_pin(drive, PIN)
    assert drive.top == "kiosk_admin"


def test_a_wrong_pin_does_not_open_it(kiosk):
    app, drive = kiosk()
    tap_corners(drive)
    type_pin(drive, "1111")
    assert drive.top == "kiosk_pin" and app.scenes.top.wrong


class Seconds:
    """A clock for the gate that moves only when the test says (the lock runs on real time)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_five_wrong_pins_lock_the_pad_and_each_further_one_locks_it_longer(kiosk):
    app, drive = kiosk(FAST.replace("idle_in_game_s = 10", "idle_in_game_s = 600"))
    app.kiosk.gate.clock = clock = Seconds()
    tap_corners(drive)
    for _ in range(gate.FREE_TRIES):
        type_pin(drive, "1111")
    pad = app.scenes.top
    assert pad.wait_s == gate.FIRST_LOCK_S
    type_pin(drive, PIN)  # even the right PIN is not taken while locked
    assert drive.top == "kiosk_pin" and pad.entered == ""
    clock.now += gate.FIRST_LOCK_S + 1
    type_pin(drive, "9999")  # the sixth wrong one: twice as long
    assert pad.wait_s == gate.FIRST_LOCK_S * 2
    clock.now += gate.FIRST_LOCK_S * 2 + 1
    type_pin(drive, PIN)
    assert drive.top == "kiosk_admin" and app.kiosk.gate.failures == 0


def test_closing_the_pad_does_not_lift_the_lock(kiosk):
    app, drive = kiosk()
    app.kiosk.gate.clock = Seconds()
    tap_corners(drive)
    for _ in range(gate.FREE_TRIES):
        type_pin(drive, "1111")
    drive.press(app.scenes.top.cancel_button)
    tap_corners(drive)
    assert drive.top == "kiosk_pin" and app.scenes.top.wait_s > 0


def test_the_lock_grows_to_its_cap():
    now = {"t": 0.0}
    door = gate.Gate(PIN, lambda: now["t"])
    locks = []
    for _ in range(gate.FREE_TRIES + 8):
        verdict = door.try_pin("0000")
        locks.append(verdict.wait_s)
        now["t"] += verdict.wait_s
    assert locks[: gate.FREE_TRIES - 1] == [0.0] * (gate.FREE_TRIES - 1)
    assert locks[gate.FREE_TRIES - 1 :][:4] == [30.0, 60.0, 120.0, 240.0]
    assert locks[-1] == gate.MAX_LOCK_S
    assert door.try_pin(PIN).admitted and door.take_pass() and not door.take_pass()


def test_the_admin_menu_never_opens_without_the_pin(kiosk):
    app, drive = kiosk()
    app.kiosk.open_admin()  # what any other way in would ask for
    drive.frames(2)
    assert drive.top == "kiosk_pin"
    drive.press(app.scenes.top.cancel_button)
    app.scenes.push(AdminScene)  # even pushed straight onto the stack
    drive.frames(2)
    assert drive.top == "title"
    log = app.log_path.read_text(encoding="utf-8")
    assert "the admin menu was asked for without the PIN" in log
    assert "the admin menu opened without the PIN; closed at once" in log


def pad(drive, button) -> None:
    drive.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)


def test_settings_open_only_over_the_admin_menu_even_with_back_pressed_in_the_same_frame(kiosk):
    """B and A at once on the admin menu with Settings focused: Back closes the menu, then
    Settings would open over the title, for the next visitor (the monkey found it)."""
    app, drive = kiosk()
    enter_admin(drive)
    admin = app.scenes.top
    pad(drive, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    drive.frames(1)
    assert admin.ring.current.element is admin.settings_button
    pad(drive, pygame.CONTROLLER_BUTTON_B)
    pad(drive, pygame.CONTROLLER_BUTTON_A)
    drive.frames(2)
    assert [s.name for s in app.scenes.stack] == ["title"]
    log = app.log_path.read_text(encoding="utf-8")
    assert "the settings opened without the admin menu beneath; closed at once" in log


def test_every_admin_entry_and_action_is_logged(kiosk):
    app, drive = kiosk()
    hold(drive)
    drive.run(2.5)
    release(drive)
    type_pin(drive, "1111")
    type_pin(drive, PIN)
    admin = app.scenes.top
    drive.press(admin.reset_button)
    drive.press(admin.reset_button)
    drive.press(admin.settings_button)
    settings = app.scenes.top
    drive.press(settings.mute_button)
    drive.press(settings.back_button)
    drive.press(app.scenes.top.back_button)
    log = app.log_path.read_text(encoding="utf-8")
    wanted = [
        "kiosk: the PIN pad opened (the key chord)",
        "kiosk: wrong admin PIN (1 of 5 free tries)",
        "kiosk: admin PIN accepted",
        "kiosk: admin menu opened",
        "kiosk: the admin asked to reset the statistics",
        "kiosk: the admin reset the statistics",
        "kiosk: the admin opened the settings",
        "kiosk: the admin changed the settings: muted False -> True",
        "kiosk: the admin went back to the kiosk",
    ]
    positions = [log.find(line) for line in wanted]
    assert -1 not in positions, [w for w, at in zip(wanted, positions, strict=True) if at < 0]
    assert positions == sorted(positions)


def test_the_pin_can_be_typed_on_a_keyboard(kiosk):
    app, drive = kiosk()
    tap_corners(drive)
    for key in (pygame.K_3, pygame.K_5, pygame.K_7, pygame.K_8, pygame.K_BACKSPACE, pygame.K_9):
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
    app.scenes.reset(table_class("bergruft"), config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    enter_admin(drive)
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
    app.scenes.reset(table_class("bergruft"), config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    enter_admin(drive)
    drive.press(app.scenes.top.back_button)
    assert drive.top == "bergruft"


def test_reset_statistics_asks_first_then_erases_them(kiosk):
    app, drive = kiosk()
    stats = app.kiosk.stats
    row = stats.started("bergruft", "standard", ["human", "easy"])
    stats.finished(row, ["human"])
    enter_admin(drive)
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
    enter_admin(drive)
    admin = app.scenes.top
    drive.press(admin.reset_button)
    drive.run(6.0)
    drive.press(admin.reset_button)
    assert stats.rows()  # the second press only asked again


def test_admin_settings_opens_the_settings(kiosk):
    app, drive = kiosk()
    enter_admin(drive)
    drive.press(app.scenes.top.settings_button)
    assert drive.top == "settings"
