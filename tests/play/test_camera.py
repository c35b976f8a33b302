"""The shared board camera (game.play.camera): zoom about a point, pan, never past the edge,
follow with easing, pinch steps."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.play.camera import PINCH_STEP, Camera

VIEW = (16.0, 96.0, 1180.0, 968.0)
ZOOMS = (39.0, 48.0, 64.0, 80.0, 96.0)
SIZE = (20.4, 24.4)  # the Kap Hoorn chart with its frame, in fields


def camera(level: int = 2, slack: float = 0.0) -> Camera:
    return Camera(VIEW, SIZE, ZOOMS, level, (SIZE[0] / 2, SIZE[1] / 2), slack=slack)


def shown(cam: Camera) -> tuple[float, float, float, float]:
    """The part of the board in the window: left, top, right, bottom (units)."""
    x, y, w, h = cam.view
    left, top = cam.to_board((x, y))
    right, bottom = cam.to_board((x + w, y + h))
    return left, top, right, bottom


def test_screen_and_board_points_go_back_and_forth():
    cam = camera()
    for at in ((3.5, 4.5), (10.2, 12.2), (17.0, 20.0)):
        back = cam.to_board(cam.to_screen(at))
        assert abs(back[0] - at[0]) < 1e-9 and abs(back[1] - at[1]) < 1e-9


def test_a_zoom_keeps_the_point_under_the_pointer_where_it_is():
    cam = camera(level=2)
    anchor = (600.0, 580.0)  # the middle region: no edge stops the zoom
    held = cam.to_board(anchor)
    assert cam.zoom(1, anchor)
    assert cam.scale == 80.0
    after = cam.to_screen(held)
    assert abs(after[0] - anchor[0]) < 1e-6 and abs(after[1] - anchor[1]) < 1e-6


def test_zoom_stops_at_the_first_and_last_step():
    cam = camera(level=4)
    assert not cam.zoom(1)
    assert cam.level == 4
    assert cam.zoom(-10) and cam.level == 0
    assert not cam.zoom(-1)


def test_the_whole_board_fits_at_the_smallest_zoom_and_stays_in_the_middle():
    cam = camera(level=0)
    cam.pan(500, -300)  # nothing to pan: the board is smaller than the window
    left, top, right, bottom = shown(cam)
    assert left < 0 < SIZE[0] < right and top < 0 < SIZE[1] < bottom
    assert abs((left + right) / 2 - SIZE[0] / 2) < 1e-9


actions = st.lists(
    st.one_of(
        st.tuples(st.just("pan"), st.floats(-3000, 3000), st.floats(-3000, 3000)),
        st.tuples(st.just("zoom"), st.integers(-2, 2), st.floats(0, 1200)),
        st.tuples(st.just("follow"), st.floats(-10, 40), st.floats(-10, 40)),
        st.tuples(st.just("update"), st.floats(0, 1), st.floats(0, 0)),
    ),
    max_size=30,
)


@given(actions, st.sampled_from([0.0, 4.0]))
def test_the_window_never_shows_more_than_the_slack_past_the_edge(steps, slack):
    cam = camera(level=2, slack=slack)
    for kind, a, b in steps:
        if kind == "pan":
            cam.pan(a, b)
        elif kind == "zoom":
            cam.zoom(int(a), (16 + b, 96 + b * 0.8))
        elif kind == "follow":
            cam.follow((a, b))
        else:
            cam.update(a)
        left, top, right, bottom = shown(cam)
        w, h = right - left, bottom - top
        eps = 1e-6
        if w <= SIZE[0]:
            assert left >= -slack - eps and right <= SIZE[0] + slack + eps
        if h <= SIZE[1]:
            assert top >= -slack - eps and bottom <= SIZE[1] + slack + eps


def test_following_eases_to_the_goal_and_stops_there():
    cam = camera(level=2)
    goal = (10.5, 14.0)  # within what the edge lets the middle of the window be
    cam.follow(goal)
    first = cam.centre
    cam.update(1 / 60)
    assert first != cam.centre  # on its way, not there at once
    for _ in range(600):
        cam.update(1 / 60)
    assert cam.centre == goal and cam.goal is None
    assert not cam.update(1 / 60)  # at rest


def test_a_following_camera_never_goes_past_the_edge_even_with_slack():
    cam = camera(level=4, slack=4.0)
    cam.follow((0.0, 0.0))
    cam.jump()
    left, top, _, _ = shown(cam)
    assert abs(left) < 1e-9 and abs(top) < 1e-9
    cam.centre_on((0.0, 0.0))  # a player may pull it further, up to the slack
    left, top, _, _ = shown(cam)
    assert -4.0 - 1e-9 <= left < 0 and -4.0 - 1e-9 <= top < 0


def test_a_pan_stops_following():
    cam = camera(level=2)
    cam.follow((15.0, 18.0))
    cam.pan(10, 0)
    assert cam.goal is None


def test_a_pinch_zooms_one_step_per_step_of_spread():
    cam = camera(level=2)
    cam.pinched(1.1, (600, 580))
    assert cam.level == 2  # not far enough yet
    cam.pinched(PINCH_STEP / 1.1 + 0.01, (600, 580))
    assert cam.level == 3
    cam.pinched(1 / PINCH_STEP**2 - 0.01, (600, 580))
    assert cam.level == 1


def test_keys_look_round_only_as_far_as_the_edge():
    """Issue 29, item 10: a look round by keys (``nudge``) stops at the board's edge, though a
    finger may pull the board past it (the slack); from there keys go no further out."""
    cam = camera(level=2, slack=4.0)
    for _ in range(20):
        cam.nudge(300, 0)  # the board moves right: the view goes west
    left, top, right, bottom = shown(cam)
    assert abs(left) < 1e-9
    cam.nudge(-300, 0)
    assert shown(cam)[0] > 0  # and back east
    cam.pan(5000, 5000)  # a finger pulls it past the north-west corner
    pulled = shown(cam)
    assert pulled[0] < -3.9 and pulled[1] < -3.9
    cam.nudge(300, 0)
    assert shown(cam)[0] == pulled[0]  # keys: no further out
    cam.nudge(0, -300)
    assert pulled[1] < shown(cam)[1] and shown(cam)[0] == pulled[0]  # in along the other axis


def test_keeping_a_point_in_view_brings_it_out_from_under_a_panel():
    cam = camera(level=2, slack=4.0)
    cam.follow((0.0, 0.0))
    cam.jump()  # at the board's north-west corner
    panel = (16.0, 96.0, 190.0, 214.0)
    at = (0.7, 0.7)  # a field's middle in the corner, under the panel
    sx, sy = cam.to_screen(at)
    assert panel[0] < sx < panel[0] + panel[2] and panel[1] < sy < panel[1] + panel[3]
    cam.keep_in_view(at, avoid=[panel])
    cam.jump()
    sx, sy = cam.to_screen(at)
    half = cam.scale / 2
    assert sx - half >= panel[0] + panel[2] or sy - half >= panel[1] + panel[3]
    cam.keep_in_view((10.0, 12.0), avoid=[panel])  # a point clear of it: the camera stays
    assert cam.goal is None
