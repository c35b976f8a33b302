"""Replays show everything (issue 18, item 7): all hands and the secret number, and none of live
play's leftovers ("Only you can see this", a closed screen after a lift, a banner over the
log). Each replay is a whole random game, watched in the viewer at its start, middle and end;
what the frame drew is read from the drawing helpers' recording."""

from __future__ import annotations

import pygame
import pytest
from app_support import close, finished

from game import i18n
from game.app import STEP, App, Options
from game.games.kaphoorn.view import hand as kaphoorn_hand
from game.games.kaphoorn.view.layout import ALL_HANDS_RECT
from game.menus.replay import ReplayScene
from game.menus.title import TitleScene
from game.play import saves
from game.play.config import GameConfig, Seat
from game.ui import theme


def seats(n: int) -> tuple[Seat, ...]:
    names, colours = ("Anna", "Ben", "Cleo"), ("red", "blue", "green")
    return tuple(Seat(names[i], "human", colours[i]) for i in range(n))




@pytest.fixture
def viewer(tmp_path):
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()

    def open_at(record: saves.Record, move: int):
        app.scenes.reset(TitleScene)
        app.scenes.push(ReplayScene, record=record)
        app.scenes.apply_pending()
        app.scenes.top.jump(move)
        for _ in range(3):
            app.frame(STEP)
        board = app.scenes.top.board
        if hasattr(board, "panels"):
            board.panels.reset()  # Der Berg ruft paints its panels only when they change
        drawn = theme.start_recording()
        app.frame(STEP)
        theme.stop_recording(drawn)
        return app.scenes.top.board, [text for text, _ in drawn.texts], drawn

    yield open_at
    theme.stop_recording()
    close(app)


BERGRUFT = GameConfig("bergruft", "standard", seats(2), 1)


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_a_bergruft_replay_is_nobodys_view_from_behind_the_screen(viewer, where):
    record = finished(BERGRUFT, 7)
    move = {"start": 0, "middle": len(record.moves) // 2, "end": len(record.moves)}[where]
    board, texts, _ = viewer(record, move)
    assert i18n.tr("bergruft.screen.private") not in texts
    if board.state.number is not None:  # set behind the screen: the replay shows it
        assert i18n.tr("bergruft.screen.flags", n=board.state.number) in texts


def test_a_bergruft_replay_ends_with_the_last_number_up_and_the_log_uncovered(viewer):
    from game.games.bergruft.view.layout import LOG_RECT
    from game.games.bergruft.view.panels import game_over_lines

    record = finished(BERGRUFT, 7)
    board, texts, drawn = viewer(record, len(record.moves))
    st = board.state
    assert st.is_over() and st.last_result is not None
    assert i18n.tr("bergruft.screen.flags", n=st.last_result.number) in texts  # the screen is up
    assert i18n.tr("bergruft.prompt.over") not in texts  # "counting the avalanches" was live
    assert i18n.tr("replays.over") in texts
    head, winner = game_over_lines(st)
    told = [rect for text, rect in drawn.texts if text in (head, winner)]
    assert told and not any(rect.colliderect(LOG_RECT) for rect in told)


@pytest.mark.parametrize("where", [0.25, 0.5, 1.0])
def test_a_kaphoorn_replay_shows_every_hand_face_up(viewer, monkeypatch, where):
    record = finished(GameConfig("kaphoorn", "standard", seats(3), 3, options={"rounds": 10}), 7)
    faces: list[tuple[object, object]] = []
    draw = kaphoorn_hand.seachart.draw_wind_card

    def seen(surface, rect, wind, *args, **kwargs):
        if ALL_HANDS_RECT.contains(rect):
            faces.append((rect.y, wind))
        draw(surface, rect, wind, *args, **kwargs)

    monkeypatch.setattr(kaphoorn_hand.seachart, "draw_wind_card", seen)
    board, texts, _ = viewer(record, round(len(record.moves) * where))
    faces.clear()
    board.draw(pygame.Surface((1920, 1080)), 0.0)
    st = board.state
    winds = kaphoorn_hand.all_winds()
    assert sorted(str(w) for _, w in faces) == sorted(
        str(winds[w]) for hand in st.hands for w in hand
    )
    assert len({y for y, _ in faces}) == sum(1 for hand in st.hands if hand)  # a row per seat
    assert i18n.tr("kaphoorn.hand_hidden") not in texts
