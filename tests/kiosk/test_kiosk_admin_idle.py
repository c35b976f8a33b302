"""Admin screens close themselves: the PIN pad, the admin menu and the settings opened from it
give way to attract mode after 60 s without input (Quit and Settings never wait for the next
visitor), even with a longer ``idle_in_game_s`` and with a game beneath."""

from __future__ import annotations

import pytest
from kiosk_support import PIN, enter_admin

from game.kiosk.attract import AttractScene
from game.play.config import GameConfig, Seat
from tests.scenes_support import table_class

# The default idle times (attract after 60 s on the title, 180 s elsewhere), the tests' PIN.
DEFAULT_IDLE = f'admin_pin = "{PIN}"\n'
ALONE_S = 60.0


def left_alone(drive, screen: str) -> None:
    """Just short of 60 s the screen is still up; just after, attract mode has taken over."""
    drive.run(ALONE_S - 2)
    assert drive.top == screen
    drive.run(3)
    assert drive.app.kiosk.attract and drive.app.scenes.stack[0].name == AttractScene.name
    names = {s.name for s in drive.app.scenes.stack}
    assert not names & {"kiosk_admin", "kiosk_pin", "settings"}
    assert f"s without input on the {screen} screen (admin); attract mode" in (
        drive.app.log_path.read_text(encoding="utf-8")
    )


def test_the_admin_menu_left_alone_gives_way_to_attract_mode(kiosk):
    app, drive = kiosk(DEFAULT_IDLE)
    enter_admin(drive)
    left_alone(drive, "kiosk_admin")


def test_settings_opened_from_the_admin_menu_give_way_to_attract_mode(kiosk):
    app, drive = kiosk(DEFAULT_IDLE)
    enter_admin(drive)
    drive.press(app.scenes.top.settings_button)
    left_alone(drive, "settings")


def test_the_pin_pad_left_alone_gives_way_to_attract_mode(kiosk):
    app, drive = kiosk(DEFAULT_IDLE)
    app.kiosk.open_pin("a test")
    drive.frames(2)
    left_alone(drive, "kiosk_pin")


@pytest.mark.parametrize("screen", ["kiosk_admin", "settings"])
def test_over_a_game_the_admin_screens_close_too_and_the_game_is_abandoned(kiosk, screen):
    app, drive = kiosk(DEFAULT_IDLE)
    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    app.scenes.reset(table_class("bergruft"), config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    enter_admin(drive)
    if screen == "settings":
        drive.press(app.scenes.top.settings_button)
    left_alone(drive, screen)
    (row,) = [r for r in app.kiosk.stats.rows() if not r["attract"]]
    assert row["status"] == "abandoned"


def test_input_on_an_admin_screen_keeps_it_up(kiosk):
    app, drive = kiosk(DEFAULT_IDLE)
    enter_admin(drive)
    drive.run(ALONE_S - 10)
    drive.tap((1200, 1000))  # an empty spot of the admin menu
    drive.run(ALONE_S - 10)
    assert drive.top == "kiosk_admin"
