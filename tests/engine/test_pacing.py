"""A still screen costs little (issue 18, item 8): the loop draws every frame while someone
plays, and once nobody has touched anything it draws a still menu only when what it shows
changes, a slow decoration only where it moves, and wakes at the first event.

The pacer runs on a fake clock here; the frames go through ``App.frame(paced=True)`` as the
real loop calls it, and what was drawn is counted or compared pixel by pixel.
"""

from __future__ import annotations

import pygame
import pytest
from app_support import close

from game import i18n
from game.app import STEP, App, Options
from game.engine.pacing import ACTIVE_S, ALL, DECOR, FULL, MOVING, NOTHING, REFRESH_S, Pacer
from game.menus.picker import PickerScene
from game.menus.rules_help import RulesHelpScene
from game.menus.settings import SettingsScene
from tests.testgames.fixture import more_games


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def pacer():
    time = FakeTime()
    return Pacer(time), time


def test_every_frame_is_drawn_while_someone_plays(pacer):
    pace, time = pacer
    assert [pace.should_draw(0.0, "menu") for _ in range(5)] == [ALL] * 5
    assert pace.frame_time() == pytest.approx(1 / FULL)


def test_an_idle_still_menu_is_drawn_on_a_change_and_once_a_refresh(pacer):
    pace, time = pacer
    pace.should_draw(0.0, "menu")
    time.now += ACTIVE_S
    assert pace.idle and pace.frame_time() == pytest.approx(1 / DECOR)
    assert pace.should_draw(0.0, "menu") == ALL  # its refresh was due
    assert pace.should_draw(0.0, "menu") == NOTHING
    assert pace.should_draw(0.0, "menu and a toast") == ALL  # at once, not at the refresh
    assert pace.should_draw(0.0, "menu and a toast") == NOTHING
    time.now += REFRESH_S
    assert pace.should_draw(0.0, "menu and a toast") == ALL
    assert pace.should_draw(0.0, "menu and a toast") == NOTHING
    pace.input_seen()
    assert not pace.idle and pace.should_draw(0.0, "menu and a toast") == ALL


def test_an_idle_decoration_moves_and_a_table_keeps_its_pace(pacer):
    pace, time = pacer
    pace.should_draw(DECOR, "title")
    time.now += ACTIVE_S
    assert pace.should_draw(DECOR, "title") == ALL  # its refresh was due
    assert [pace.should_draw(DECOR, "title") for _ in range(3)] == [MOVING] * 3
    assert pace.frame_time() == pytest.approx(1 / DECOR)
    assert pace.should_draw(FULL, "table") == ALL and pace.should_draw(FULL, "table") == ALL
    assert pace.frame_time() == pytest.approx(1 / FULL)


def test_an_idle_frame_ends_at_the_first_event_and_a_busy_one_does_not(pacer, monkeypatch):
    pace, time = pacer
    monkeypatch.setattr("game.engine.pacing.time.sleep", lambda s: setattr(time, "now",
                                                                             time.now + s))
    began = time.now
    pace.wait(began, lambda: True)  # someone plays: the frame runs its 1/60 s, events or not
    assert time.now - began == pytest.approx(1 / FULL)
    time.now += ACTIVE_S
    began = time.now
    pace.wait(began, lambda: True)  # idle, and an event waits: on at once
    assert time.now == began
    events = iter([False, False, True])
    pace.wait(began, lambda: next(events))  # idle: it sleeps in slices until the event comes
    assert 0 < time.now - began < 1 / DECOR


# ---- the loop --------------------------------------------------------------------------------
def paced_app(tmp_path, size=(1920, 1080)) -> tuple[App, FakeTime, list[pygame.Rect | None]]:
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=size, fullscreen=False))
    app.start()
    time = FakeTime()
    app.pacer = Pacer(time)
    drawn: list[pygame.Rect | None] = []
    draw = app.draw

    def counted(alpha, area=None):
        drawn.append(area)
        draw(alpha, area)

    app.draw = counted
    return app, time, drawn


def idle_frames(app: App, time: FakeTime, n: int) -> None:
    for _ in range(n):
        time.now += 1 / DECOR
        app.frame(1 / DECOR, paced=True)


def test_an_idle_settings_screen_is_drawn_once_a_second_and_a_toast_at_once(tmp_path):
    app, time, drawn = paced_app(tmp_path)
    try:
        app.scenes.reset(SettingsScene)
        app.frame(STEP, paced=True)
        time.now += ACTIVE_S
        drawn.clear()
        idle_frames(app, time, round(DECOR * 3))  # three seconds
        assert len(drawn) == 3  # once a second, for what its update may have changed
        drawn.clear()
        app.toast("Saved.")
        idle_frames(app, time, 1)
        assert drawn == [None]  # the toast shows in the next frame, the whole screen drawn
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                             buttons=(0, 0, 0)))  # fmt: skip
        drawn.clear()
        app.frame(STEP, paced=True)
        app.frame(STEP, paced=True)
        assert drawn == [None, None]  # someone is there: every frame again
    finally:
        close(app)


@pytest.mark.parametrize("extra", [0, 1, 2], ids=lambda n: f"{n} more games")
def test_an_idle_picker_draws_only_its_moving_emblems(tmp_path, extra):
    """One row of cards or two (four and more games): only the bands of the emblems."""
    with more_games(extra):
        app, time, drawn = paced_app(tmp_path)
        try:
            app.scenes.reset(PickerScene)
            app.frame(STEP, paced=True)
            time.now += ACTIVE_S
            cards = [card.rect for card in app.scenes.top.cards.values()]
            rows = sorted({card.y for card in cards})
            moved = 0
            for _ in range(6):
                drawn.clear()
                idle_frames(app, time, 1)
                if drawn == [None]:  # the once-a-second refresh of the whole screen
                    continue
                moved += 1
                assert len(drawn) == len(rows), drawn  # a band per row of cards
                for area, row in zip(sorted(drawn, key=lambda a: a.y), rows, strict=True):
                    in_row = [card for card in cards if card.y == row]
                    assert area.width < 1920 and all(area.colliderect(c) for c in in_row)
                    assert area.height < min(card.height for card in cards)
            assert moved >= 5 and len(rows) == (1 if len(cards) <= 3 else 2)
        finally:
            close(app)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_frame_drawn_only_where_it_moves_looks_like_one_drawn_whole(tmp_path, size):
    """The picker at one moment: drawn whole, and drawn whole at another moment and then only
    its emblems at the first one. The windows match (the scaled seam included)."""
    app, time, drawn = paced_app(tmp_path, size)
    try:
        app.scenes.reset(PickerScene)
        app.frame(STEP)
        picker = app.scenes.top
        at = app.clock.now
        app.draw(0.0)
        app._present()
        whole = pygame.surfarray.array3d(app.window).astype(int)
        for _ in range(40):  # the emblems move on
            app.step()
        app.draw(0.0)
        app._present()
        assert (pygame.surfarray.array3d(app.window).astype(int) != whole).any()
        app.clock.now = at  # back to the first moment, and draw only the emblems
        area = picker.moving_areas[0].unionall(picker.moving_areas[1:]).inflate(8, 8)
        app.draw(0.0, area)
        app._present(area)
        again = pygame.surfarray.array3d(app.window).astype(int)
        assert abs(again - whole).max() <= 2
    finally:
        close(app)


def test_an_idle_rules_page_stands_still_and_only_a_coming_picture_moves(tmp_path, monkeypatch):
    """The rules page is a still menu once its picture is there; while the picture is being
    prepared, only its frame (the dots taking turns) is drawn between the refreshes."""
    app, time, drawn = paced_app(tmp_path)
    try:
        from game.menus.rules_help import PICTURE
        from game.play import pictures

        app.scenes.reset(RulesHelpScene, game="nanuuk")
        coming = True
        monkeypatch.setattr(pictures, "ready", lambda *args: not coming)
        app.frame(STEP, paced=True)
        time.now += ACTIVE_S
        drawn.clear()
        idle_frames(app, time, 6)
        moving = [area for area in drawn if area is not None]
        assert len(moving) >= 5 and len(drawn) == 6
        assert all(PICTURE.inflate(6, 6).contains(area.inflate(-16, -16)) for area in moving)
        coming = False  # the picture is ready: the next drawing of its frame shows it
        idle_frames(app, time, 1)
        drawn.clear()
        idle_frames(app, time, round(DECOR * 3))
        assert len(drawn) == 3  # a still page: once a second
    finally:
        close(app)
