"""Visitors cannot leave the kiosk: the window's close, Alt+F4, Ctrl+Q, Alt+Tab (kept by the
keyboard grab), F11 and Esc however often change nothing; the title has no quit; only the admin
menu (or --quit-after, or the operating system's SIGTERM) ends the run."""

from __future__ import annotations

import os

import pygame
from kiosk_support import FAST

from game.menus.picker import PickerScene
from game.menus.rules_help import RulesHelpScene
from game.menus.setup import SetupScene
from game.play.config import GameConfig, Seat
from tests.scenes_support import table_class


def test_the_window_close_is_ignored(kiosk):
    app, drive = kiosk()
    drive.post(pygame.WINDOWCLOSE, window=None)
    drive.post(pygame.QUIT)
    drive.frames(2)
    assert app.running and drive.top == "title"
    assert app.kiosk.quit_attempts == 2


def test_alt_f4_is_ignored(kiosk):
    app, drive = kiosk()
    drive.key(pygame.K_F4, mod=pygame.KMOD_LALT)
    drive.post(pygame.QUIT)  # what a window manager sends for Alt+F4
    drive.frames(2)
    assert app.running and drive.top == "title"


def test_f11_does_not_leave_fullscreen(kiosk):
    app, drive = kiosk(fullscreen=True, size=None)
    assert app.fullscreen
    drive.key(pygame.K_F11)
    assert app.fullscreen and app.running


def test_esc_on_the_title_does_nothing_and_there_is_no_quit_button(kiosk):
    app, drive = kiosk()
    title = app.scenes.top
    drive.key(pygame.K_ESCAPE)
    assert app.running and drive.top == "title"
    assert not hasattr(title, "quit_button") and not hasattr(title, "settings_button")


def test_esc_in_a_game_opens_the_pause_menu_without_settings_and_never_quits(kiosk):
    app, drive = kiosk()
    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    app.scenes.reset(table_class("bergruft"), config=GameConfig("bergruft", "standard", seats, 5))
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)
    assert drive.top == "pause" and app.running
    pause = app.scenes.top
    assert not hasattr(pause, "settings_button")
    assert min(b.rect.height for b in (pause.resume_button, pause.quit_button)) >= 90
    drive.press(pause.quit_button)
    assert drive.top == "title" and app.running
    assert app.kiosk.stats.rows()[0]["status"] == "abandoned"  # left before its end


def test_the_loop_keeps_running_when_something_tells_it_to_stop(kiosk):
    """Only the admin's quit or --quit-after end a kiosk run: App.run restarts otherwise."""
    app, drive = kiosk(FAST, quit_after=3.0)
    frames = {"n": 0}
    real_frame = app.frame

    def frame(elapsed, paced=False):
        frames["n"] += 1
        if frames["n"] == 3:
            app.running = False  # e.g. a scene that still has a quit button
        real_frame(1 / 6, paced)  # ten steps a frame: a short real-time run

    app.frame = frame
    assert app.run() == 0
    assert app.clock.now >= 3.0  # it ran on until --quit-after


def test_fullscreen_on_a_missing_display_falls_back_to_the_first_with_a_warning(kiosk):
    app, drive = kiosk(FAST + "display = 3\n", fullscreen=None, size=None)
    assert app.fullscreen
    assert pygame.display.get_window_size() == pygame.display.get_desktop_sizes()[0]
    assert "there is no display 3" in app.log_path.read_text(encoding="utf-8")
    drive.frames(2)
    assert drive.top == "title"


def test_ctrl_q_and_the_quit_it_may_send_are_ignored(kiosk):
    app, drive = kiosk()
    drive.key(pygame.K_q, mod=pygame.KMOD_LCTRL)
    drive.post(pygame.QUIT)  # where a desktop (or macOS's Cmd+Q) turns it into a quit
    drive.frames(2)
    assert app.running and drive.top == "title" and app.kiosk.quit_attempts == 1


def test_esc_pressed_again_and_again_never_leaves_the_kiosk(kiosk):
    app, drive = kiosk()
    seats = (Seat("Ann", "human", ""), Seat("Bot", "easy", ""))
    for scene, data in [
        (PickerScene, {}),
        (SetupScene, {"game": "kaphoorn"}),
        (RulesHelpScene, {"game": "nanuuk"}),
        (table_class("bergruft"), {"config": GameConfig("bergruft", "standard", seats, 5)}),
    ]:
        app.scenes.reset(scene, **data)
        drive.frames(2)
        for _ in range(12):
            drive.key(pygame.K_ESCAPE)
            drive.post(
                pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_B
            )
            drive.frames(2)
        opened = scene.name or data["config"].game  # a game's table is called by its game
        assert app.running and drive.top in ("title", "pause", opened), opened
        assert not {s.name for s in app.scenes.stack} & {"kiosk_admin", "settings"}


def test_fullscreen_grabs_the_keyboard_so_alt_tab_stays_in_the_kiosk(kiosk):
    app, drive = kiosk(fullscreen=True, size=None)
    assert pygame.event.get_grab()
    assert os.environ["SDL_GRAB_KEYBOARD"] == "1"  # SDL's grab takes the keyboard too
    assert os.environ["SDL_ALLOW_ALT_TAB_WHILE_GRABBED"] == "0"
    drive.key(pygame.K_TAB, mod=pygame.KMOD_LALT)
    assert app.running and drive.top == "title"
