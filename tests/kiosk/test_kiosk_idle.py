"""Kiosk timers: attract mode after the title's idle time, "Still playing?" in a game, back to
the title when nobody answers (the game logged as abandoned), AI moves are not human input."""

from __future__ import annotations

import pygame
from kiosk_support import FAST

from game.play import registry
from game.play.config import GameConfig, Seat
from tests.scenes_support import table_class


def visitor_game(app, seats=(("Ann", "human"), ("Bot", "normal")), game="bergruft", seed=3):
    variant = {"bergruft": "standard", "nanuuk": "intro", "kaphoorn": "standard"}[game]
    config = GameConfig(game, variant, tuple(Seat(n, k, "") for n, k in seats), seed=seed)
    app.scenes.reset(table_class(game), config=config)
    app.scenes.apply_pending()
    return config


def test_title_idle_starts_attract_mode_with_a_demo_game_of_computers_only(kiosk):
    app, drive = kiosk()
    drive.run(4.0)
    assert drive.top == "title" and not app.kiosk.attract
    assert drive.until(lambda: app.kiosk.attract, 3.0)
    assert drive.until(lambda: drive.top in registry.ids(), 5.0)
    scene = app.scenes.top
    assert {seat.kind for seat in scene.config.seats} == {"demo"}
    assert app.kiosk.muted  # attract sound is off by default


def test_a_key_or_a_tap_in_attract_mode_returns_to_the_title_at_once(kiosk):
    app, drive = kiosk()
    for wake in (lambda: drive.key(pygame.K_a, frames=1), lambda: drive.tap((960, 540), 0)):
        app.kiosk.start_attract()
        drive.until(lambda: drive.top in registry.ids(), 5.0)
        wake()  # one frame
        assert drive.top == "title" and not app.kiosk.attract
        assert len(app.scenes.stack) == 1  # the tap did not also press Play


def test_idle_in_a_game_asks_still_playing_and_no_answer_abandons_it(kiosk):
    app, drive = kiosk()
    visitor_game(app)
    drive.run(8.0)
    assert drive.top == "bergruft"
    assert drive.until(lambda: drive.top == "kiosk_still", 3.0)
    overlay = app.scenes.top
    assert overlay.seconds_left == 4
    drive.run(2.0)
    assert drive.top == "kiosk_still" and 1 <= overlay.seconds_left <= 3
    assert drive.until(lambda: drive.top == "title", 3.0)
    (row,) = app.kiosk.stats.rows()
    assert (row["game"], row["status"], row["attract"]) == ("bergruft", "abandoned", False)
    assert row["seats"] == ["human", "normal"]


def test_yes_keeps_the_game_and_starts_the_idle_clock_again(kiosk):
    app, drive = kiosk()
    visitor_game(app)
    assert drive.until(lambda: drive.top == "kiosk_still", 12.0)
    drive.press(app.scenes.top.yes_button)
    assert drive.top == "bergruft" and app.kiosk.idle < 1.0
    drive.run(6.0)
    assert drive.top == "bergruft"
    assert app.kiosk.stats.rows()[0]["status"] == "started"


def test_a_touch_anywhere_on_the_question_answers_yes(kiosk):
    app, drive = kiosk()
    visitor_game(app)
    assert drive.until(lambda: drive.top == "kiosk_still", 12.0)
    drive.tap((200, 900))
    assert drive.top == "bergruft"


def test_end_the_game_button_goes_to_the_title_and_logs_it_abandoned(kiosk):
    app, drive = kiosk()
    visitor_game(app)
    assert drive.until(lambda: drive.top == "kiosk_still", 12.0)
    drive.press(app.scenes.top.end_button)
    assert drive.top == "title"
    assert app.kiosk.stats.rows()[0]["status"] == "abandoned"


def test_ai_moves_do_not_count_as_human_input(kiosk):
    """The computer caller moves first; the idle clock runs on through its moves."""
    app, drive = kiosk(FAST.replace("idle_in_game_s = 10", "idle_in_game_s = 30"))
    visitor_game(app, seats=(("Bot", "normal"), ("Ann", "human")), seed=2)  # Bot calls first
    scene = app.scenes.top
    start, began = scene.state, app.clock.now
    assert scene.state.current_player == 0
    assert drive.until(lambda: scene.state is not start, 25.0, bots=True)  # it set its flags
    assert scene.state.current_player == 1  # now the human guesses
    assert abs(app.kiosk.idle - (app.clock.now - began)) < 0.1  # never reset by the bot
    assert drive.until(lambda: drive.top == "kiosk_still", 31.0 - app.kiosk.idle)
    assert app.clock.now - began >= 30.0


def test_human_input_in_a_game_resets_the_idle_clock(kiosk):
    app, drive = kiosk()
    visitor_game(app)
    drive.run(8.0)
    drive.post(pygame.MOUSEMOTION, pos=(900, 500), rel=(40, 10), buttons=(0, 0, 0))
    drive.frames(1)
    assert app.kiosk.idle < 0.5
    drive.run(6.0)
    assert drive.top == "bergruft"


def test_a_menu_left_alone_goes_back_to_the_title_then_attract_mode(kiosk):
    app, drive = kiosk()
    drive.press(app.scenes.top.play_button)
    assert drive.top == "picker"
    drive.run(6.0)
    assert drive.top == "picker"  # menus wait longer than the title
    assert drive.until(lambda: drive.top == "title", 5.0)
    assert drive.until(lambda: app.kiosk.attract, 6.0)


def test_demo_games_are_recorded_apart_from_visitor_games(kiosk):
    app, drive = kiosk()
    app.kiosk.start_attract()
    assert drive.until(lambda: drive.top in registry.ids(), 5.0)
    drive.key(pygame.K_SPACE)
    assert app.kiosk.stats.totals()["attract_games"] == 1
    assert app.kiosk.stats.summary() == []
    (row,) = app.kiosk.stats.rows()
    assert row["attract"] and row["status"] == "abandoned"  # the visitor cut it short


def test_a_visitor_game_played_to_the_end_is_recorded_with_the_winners_kinds(kiosk):
    app, drive = kiosk()
    config = visitor_game(app, seats=(("Ann", "human"), ("Bot", "easy")))
    outcome = {"winners": [1], "game": "bergruft"}
    app.kiosk.game_over(config, outcome)  # what the game's end tells the kiosk
    (row,) = app.kiosk.stats.rows()
    assert row["status"] == "finished" and row["winners"] == ["easy"]
    assert app.kiosk.stats.totals()["won_by_ai"] == 1
