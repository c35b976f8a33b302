"""Issue 29, item 5: the end of a game told on the table, and the question before a move that
ends it. In each game, from a seeded position one move before the end (``finale_positions``):
the person's move asks, No keeps the position, Yes plays it (once); the table then holds the
final position with the deciding things marked and a sentence saying why, then the results.
Never asked: computers, replays, or anyone when the setting is off."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from game.games.bergruft.view import mountain
from game.persist.settings import SETTINGS_FILE, Settings, load_settings
from game.play.config import Seat
from game.play.finale import FINAL_HOLD
from game.ui import theme
from tests.finale_positions import NearEnd, answer, every
from tests.scenes_support import table_class


@pytest.fixture(params=every(), ids=lambda near: near.name)
def near(request) -> NearEnd:
    return request.param


def open_table(drive, near: NearEnd, **changes):
    config = dataclasses.replace(near.config, **changes)
    drive.app.scenes.reset(table_class(config.game), config=config, start=near.start)
    drive.frames(3)
    scene = drive.app.scenes.stack[0]
    assert drive.app.scenes.top is scene
    for action in near.before:
        assert scene.play(action)
        assert drive.until(lambda: not scene.busy, seconds=10)
    drive.frames(2)
    return scene


def where(scene, mark_id: str) -> tuple[float, float]:
    """Where the table draws the piece ``mark_id`` now (for the mark to be round it)."""
    st = scene.state
    kind, _, number = mark_id.rpartition(" ")
    if scene.config.game == "nanuuk":
        i = st.spec.index[mark_id]
        at = st.pos[i] if st.pos[i] >= 0 else scene.final_from.pos[i]  # taken off: where it was
        return scene.layout.centre(at)
    if scene.config.game == "bergruft":
        seat = int(number)
        return mountain.anchor(st.peter[seat], seat, len(st.names))
    return scene.layout.centre(st.ships[int(number)])


def test_the_persons_deciding_move_asks_first_and_no_keeps_the_position(drive, near) -> None:
    scene = open_table(drive, near)
    state, moves = scene.state, list(scene.moves)
    assert not scene.play(near.move)  # put to the player first
    drive.frames(1)
    question = drive.app.scenes.top
    assert question.name == "confirm"
    assert question.message and "{" not in question.message  # in the game's own words
    assert question.message == scene.ending_question(state, near.move, state.apply(near.move), 0)
    assert answer(drive, yes=False)
    assert drive.app.scenes.top is scene
    assert scene.state is state and scene.moves == moves and not scene.state.is_over()


def test_yes_plays_it_once_then_the_table_tells_why_and_then_the_results(drive, near) -> None:
    scene = open_table(drive, near)
    moves = len(scene.moves)
    scene.play(near.move)
    drive.frames(1)
    assert answer(drive, yes=True)
    assert drive.app.scenes.top is scene  # played, not asked again
    assert scene.moves[moves] == near.move.to_dict()
    assert scene.state.is_over() == near.ends
    assert drive.until(lambda: scene.holding and not scene.busy, seconds=60)  # (doomed: later)
    drive.frames(1)
    recording = theme.start_recording()
    try:
        drive.frames(1)
    finally:
        theme.stop_recording(recording)
    drawn = scene.finale_drawn
    assert drawn is not None and drawn.sentence == scene.finale_sentence()
    assert {m.id for m in drawn.marks} == near.marks
    for mark in drawn.marks:
        if mark.line is None:  # a ring round the piece where it is drawn
            x, y = where(scene, mark.id)
            assert mark.rect.inflate(8, 8).collidepoint(x, y), (mark, (x, y))
    in_box = [text for text, rect in recording.texts if drawn.box.contains(rect)]
    assert " ".join(in_box) == drawn.sentence  # the whole sentence, in its box
    assert not recording.cuts and not recording.outside
    assert not any(drawn.box.colliderect(m.rect) for m in drawn.marks if m.line is None)
    assert drive.app.scenes.top is scene  # the results wait for the hold
    drive.run(FINAL_HOLD - 1.0)
    assert drive.app.scenes.top is scene
    assert drive.until(lambda: drive.app.scenes.top.name == "results", seconds=2.0)
    assert drive.app.outcome["reason"].startswith(near.config.game)


def test_a_click_during_the_hold_shows_the_results_at_once(drive) -> None:
    near = next(n for n in every() if n.name == "bergruft")  # Peter onto the summit
    scene = open_table(drive, near)
    scene.play(near.move, asked=True)
    assert drive.until(lambda: scene.holding and not scene.busy, seconds=30)
    drive.frames(2)
    assert drive.app.scenes.top is scene
    drive.key(pygame.K_SPACE)
    drive.frames(2)
    assert drive.app.scenes.top.name == "results"


def test_with_the_setting_off_the_move_is_played_at_once(drive, near) -> None:
    drive.app.update_settings(dataclasses.replace(drive.app.settings, confirm_ending=False))
    scene = open_table(drive, near)
    assert scene.play(near.move)
    drive.frames(1)
    assert drive.app.scenes.top is scene and len(scene.moves) == len(near.before) + 1
    assert scene.state.is_over() == near.ends


def test_a_computer_is_never_asked(drive, near) -> None:
    seats = tuple(dataclasses.replace(s, kind="easy") if i == 0 else s
                  for i, s in enumerate(near.config.seats))  # fmt: skip
    scene = open_table(drive, near, seats=seats)
    scene.ai_job = None
    scene.runners.clear()  # its bot would answer for it: here the table plays its move
    assert scene.play(near.move, by_ai=True)
    drive.frames(1)
    assert drive.app.scenes.top is scene


def test_a_replay_is_never_asked(drive) -> None:
    near = every()[0]
    config = dataclasses.replace(near.config, seats=(Seat("Anna"), Seat("Ben")))
    drive.app.scenes.reset(table_class("nanuuk"), config=config, start=near.start,
                           replaying=True)  # fmt: skip
    drive.frames(3)
    scene = drive.app.scenes.stack[0]
    for action in (*near.before, near.move):
        scene.play_next(action.to_dict())
        scene.skip()
    assert drive.app.scenes.top is scene and scene.state.is_over()


# ---- the setting --------------------------------------------------------------------------------
def test_the_setting_is_on_by_default_and_old_or_damaged_files_keep_it_on(tmp_path) -> None:
    assert Settings().confirm_ending is True
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "volume": 0.5}))
    settings, problem = load_settings(tmp_path)  # written before the setting existed
    assert settings.confirm_ending is True and settings.volume == 0.5 and problem is None
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "confirm_ending": "no"}))
    settings, problem = load_settings(tmp_path)
    assert settings.confirm_ending is True
    assert problem is not None and problem.keys == ("confirm_ending",)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "confirm_ending": False}))
    assert load_settings(tmp_path)[0].confirm_ending is False


def test_the_settings_screen_switches_the_question_off_and_on(drive) -> None:
    from game.menus.settings import SettingsScene

    drive.app.scenes.reset(SettingsScene)
    drive.frames(2)
    settings = drive.app.scenes.top
    button = settings.confirm_button
    on = button.text
    drive.click(button.rect.center)
    assert drive.app.settings.confirm_ending is False
    assert settings.confirm_button.text != on
    drive.click(settings.confirm_button.rect.center)
    assert drive.app.settings.confirm_ending is True
