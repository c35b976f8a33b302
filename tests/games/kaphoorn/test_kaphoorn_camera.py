"""Kap Hoorn's chart is followable (issue 18, item 1): a camera zoomed in so a card is at
least 64 screen pixels at 1920x1080 and at 1280x720, following the ship to move and the cards
being laid; zoom and pan by wheel, drag, keys and buttons; the wind's course drawn before the
ship moves, and the question saying why there is no sail field when there is none.
"""

from __future__ import annotations

import random

import pygame
import pytest
from app_support import close
from test_kaphoorn_scene import config, my_turn, point, start

from game import i18n
from game.app import STEP, App, Options
from game.games.kaphoorn.rules.actions import Play, Sail
from game.games.kaphoorn.rules.chart import FORWARD
from game.games.kaphoorn.rules.turn import course
from game.games.kaphoorn.view import hand, seachart
from game.games.kaphoorn.view.chartview import LEAST_CARD, window_scale
from game.games.kaphoorn.view.layout import BOARD_RECT, WIND_RECT, ZOOM_RECTS
from game.i18n import tr
from game.menus.setup import SetupScene
from tests.scenes_support import table_class

ONE_HUMAN = ["human", "easy", "easy"]


def in_sight(scene, field: int) -> bool:
    """The field's middle is in the chart's window and not under the wind card."""
    x, y = scene.layout.centre(field)
    return BOARD_RECT.collidepoint(x, y) and not WIND_RECT.collidepoint(x, y)


def settled(drive, scene) -> None:
    assert drive.until(lambda: not scene.busy and scene.chart_view.camera.goal is None, 10)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_card_on_the_chart_is_at_least_64_screen_pixels_at_the_default_zoom(tmp_path, size):
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=size, fullscreen=False))
    app.start()
    try:
        app.scenes.reset(table_class("kaphoorn"), config=config(ONE_HUMAN, seed=3, start=1))
        for _ in range(3):
            app.frame(STEP)
        scene = app.scenes.stack[0]
        scale = window_scale()
        assert abs(scale - size[1] / 1080) < 1e-6
        shown = scene.layout.field_rect(scene.state.ships[0]).w * scale  # screen pixels
        assert shown >= LEAST_CARD - 0.5
        assert scene.chart_view.camera.level > 0  # not the whole chart squeezed in
    finally:
        close(app)


def test_the_ship_to_move_is_in_sight_at_every_turn_of_a_game(drive):
    scene = start(drive, config(ONE_HUMAN, seed=11, start=1))
    rng = random.Random(2)
    turns = 0
    while turns < 8 and not scene.state.is_over():
        my_turn(drive, scene)
        settled(drive, scene)
        st = scene.state
        assert in_sight(scene, st.ships[st.seat]), (st.turn, st.ships[st.seat])
        while scene.human_turn and scene.state.seat == st.seat and not scene.state.is_over():
            scene.play(rng.choice(scene.state.legal_actions()))
            settled(drive, scene)
        turns += 1


def test_a_card_laid_out_of_sight_is_brought_into_sight(drive):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    settled(drive, scene)
    scene.chart_view.pan(-3000, -3000)  # the player looks far away
    plays = [a for a in scene.state.legal_actions() if isinstance(a, Play)]
    assert plays and not in_sight(scene, plays[0].to)
    scene.play(plays[0])
    settled(drive, scene)
    assert in_sight(scene, plays[0].to)


def test_the_wheel_zooms_about_the_pointer_and_a_drag_pans_without_a_click(drive):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    settled(drive, scene)
    camera = scene.chart_view.camera
    pointer = (BOARD_RECT.centerx, BOARD_RECT.centery)
    held = camera.to_board(pointer)
    level = camera.level
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0),
                                         buttons=(0, 0, 0)))  # fmt: skip
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    drive.frames(2)
    assert camera.level == level + 1
    after = camera.to_screen(held)
    assert abs(after[0] - pointer[0]) < 1 and abs(after[1] - pointer[1]) < 1
    before, state = camera.centre, scene.state
    start_at, end_at = (700, 600), (500, 450)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1))
    drive.frames(1)
    for k in range(1, 6):
        at = (start_at[0] + (end_at[0] - start_at[0]) * k // 5,
              start_at[1] + (end_at[1] - start_at[1]) * k // 5)  # fmt: skip
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                             buttons=(1, 0, 0)))  # fmt: skip
        drive.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_at, button=1))
    drive.frames(2)
    moved = ((camera.centre[0] - before[0]) * camera.scale,
             (camera.centre[1] - before[1]) * camera.scale)  # fmt: skip
    assert abs(moved[0] - 200) < 1.5 and abs(moved[1] - 150) < 1.5  # the chart went with it
    assert scene.state is state and scene.notice is None  # and nothing was played or refused


def test_a_tap_on_a_sail_field_still_sails(drive):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    sails: list[Sail] = []
    for _ in range(6):  # lay a card where the wind leads, as the question asks
        sails = [a for a in scene.state.legal_actions() if isinstance(a, Sail)]
        ends = {end for _, end in course(scene.state)}
        plays = [a for a in scene.state.legal_actions() if isinstance(a, Play) and a.to in ends]
        if sails or not plays:
            break
        scene.play(plays[0])
        drive.frames(30)
    assert sails, "this deal has a card for the end of the start card's course"
    drive.click(point(scene, sails[0].to))
    drive.frames(30)
    assert scene.state.ships[0] == sails[0].to


def test_keys_and_buttons_zoom_and_pan(drive):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    settled(drive, scene)
    view = scene.chart_view
    home = view.camera.level
    drive.key(pygame.K_PLUS)
    assert view.camera.level == home + 1
    drive.key(pygame.K_MINUS)
    drive.key(pygame.K_MINUS)
    assert view.camera.level == home - 1
    drive.key(pygame.K_HOME)
    assert view.camera.level == home
    before = view.camera.centre
    drive.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert view.camera.centre != before and scene.state.phase == "lay"
    zoom_in = next(i for i in scene.ring.items if i.element.rect == ZOOM_RECTS[0])
    drive.click(zoom_in.element.rect.center)
    assert view.camera.level == home + 1
    drive.click(WIND_RECT.center)  # the ship's wind card: back to the ship, default zoom
    settled(drive, scene)
    assert view.camera.level == home and in_sight(scene, scene.state.ships[0])


def test_a_pad_pans_with_the_right_stick_and_zooms_with_the_triggers(drive):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    settled(drive, scene)
    view = scene.chart_view
    level, before = view.camera.level, view.camera.centre

    def axis(which: int, value: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                             axis=which, value=value))  # fmt: skip
        drive.frames(1)

    axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32000)
    axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0)
    assert view.camera.level == level + 1
    axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32000)
    axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0)
    assert view.camera.level == level
    axis(pygame.CONTROLLER_AXIS_RIGHTY, 32000)
    assert view.camera.centre[1] > before[1]  # the stick down: the view goes south


def test_round_one_shows_the_start_cards_course_and_says_why_there_is_no_sail_field(drive):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    st = scene.state
    ends = [end for _, end in course(st) if end >= 0]
    assert ends and not any(isinstance(a, Sail) for a in st.legal_actions())
    drawn: list[tuple[int, list]] = []
    original = seachart.ChartRenderer.draw_course
    try:
        seachart.ChartRenderer.draw_course = lambda self, s, ship, legs: drawn.append((ship, legs))
        fields = scene._course(pygame.Surface((1920, 1080)))
    finally:
        seachart.ChartRenderer.draw_course = original
    assert drawn and drawn[0][0] == st.ships[0]
    assert {d for d, _, _ in drawn[0][1]} == {d for d, _ in course(st)}
    assert set(fields) == set(ends) and set(fields.values()) == {"course"}
    assert scene._question() == tr("kaphoorn.ask.lay_no_card", name="Anna")
    # a card laid on an end of the course makes it a sail field, and the question says so
    lay = next(a for a in st.legal_actions() if isinstance(a, Play) and a.to in ends)
    scene.play(lay)
    drive.frames(30)
    assert any(isinstance(a, Sail) and a.to == lay.to for a in scene.state.legal_actions())
    assert scene._question() == tr("kaphoorn.ask.lay_sail", name="Anna")


def test_hand_cards_are_drawn_as_they_will_lie_in_the_ships_zone(drive, monkeypatch):
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    turned: list[int] = []
    monkeypatch.setattr(hand, "draw_faces", lambda *args, **kw: turned.append(args[-1]))
    drive.frames(1)
    st = scene.state
    assert turned and turned[-1] == FORWARD[st.chart.zone[st.ships[0]]] == FORWARD[1]


def test_nothing_of_the_zoomed_chart_is_drawn_outside_its_window(drive):
    """Nothing of the zoomed chart is drawn outside its window (over the panels)."""
    scene = start(drive, config(ONE_HUMAN, seed=3, start=1))
    my_turn(drive, scene)
    surface = pygame.Surface((1920, 1080))
    surface.fill((1, 2, 3))
    scene.backdrop.layer = lambda s: pygame.Surface(s.get_size())  # a black backdrop
    scene.chart_view.pan(-400, -300)
    scene.draw(surface, 1.0)
    right_of_chart = surface.get_at((BOARD_RECT.right + 4, BOARD_RECT.centery + 120))[:3]
    assert right_of_chart == (0, 0, 0)  # the backdrop, not the chart's parchment


def test_the_set_up_screen_starts_painting_the_chart_in_the_background(drive, monkeypatch):
    from game.games.kaphoorn.rules.chart import default_chart
    from game.games.kaphoorn.view import chartview

    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(chartview, "prepare_board", lambda chart, size: asked.append(size))
    drive.app.scenes.reset(SetupScene, game="bergruft")
    drive.frames(1)
    assert asked == []  # only Kap Hoorn's table needs it
    drive.app.scenes.reset(SetupScene, game="kaphoorn")
    drive.frames(1)
    chart = default_chart()
    assert asked == [seachart.zoomed_size(chart, max(seachart.ZOOM_CELLS))]


def test_the_buttons_are_built_again_only_when_one_of_them_changes(drive, monkeypatch):
    """A build costs milliseconds (issue 18, item 8: frame p99): none while computers play."""
    from game.games.kaphoorn.scene import KapHoornScene

    scene = start(drive, config(["easy", "easy", "easy"], seed=3))
    builds: list[int] = []
    build = KapHoornScene.build
    monkeypatch.setattr(KapHoornScene, "build", lambda self: (builds.append(1), build(self)))
    assert drive.until(lambda: len(scene.log) >= 8, 120)
    assert builds == []  # eight moves, the same (greyed) buttons
    while scene.chart_view.camera.level < len(scene.chart_view.camera.zooms) - 1:
        scene.chart_view.zoom(1)
    drive.frames(1)
    assert builds == [1]  # the largest zoom: "+" greys out
    assert not next(i for i in scene.ring.items if i.element.rect == ZOOM_RECTS[0]).enabled


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_no_control_covers_a_field_at_any_zoom_or_camera_place(tmp_path, size):
    """Issue 29, item 4: the zoom buttons (and every other control) lie off the chart's
    window, so no camera place and no zoom step can bring a ship, station or sail field under
    one. Checked at each zoom step, looking at the home view and at every field in turn."""
    i18n.set_language("de")  # the longest words: the controls at their widest
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=size, fullscreen=False))
    app.start()
    try:
        app.scenes.reset(table_class("kaphoorn"), config=config(ONE_HUMAN, seed=3, start=1))
        for _ in range(3):
            app.frame(STEP)
        scene = app.scenes.stack[0]
        controls = [item.element.rect for item in scene.ring.items]
        assert any(r == ZOOM_RECTS[0] for r in controls) and len(controls) >= 8
        view, chart = scene.chart_view, scene.state.chart
        fields = range(chart.width * chart.height)
        for level in range(len(view.cells)):
            view.zoom(level - view.camera.level)
            assert view.camera.level == level
            for look in (None, *fields):
                if look is not None:
                    view.look_at(look)
                for field in fields:
                    shown = scene.layout.field_rect(field).clip(BOARD_RECT)
                    if shown.w and shown.h:
                        covered = [c for c in controls if c.colliderect(shown)]
                        assert not covered, (level, look, field, covered)
    finally:
        close(app)
