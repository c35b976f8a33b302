"""Kap Hoorn by keys and a gamepad alone (issue 29, items 9 and 10).

The focus starts on a likely choice (the sail field, else the first playable card), an arrow goes
to the nearest choice that way on the chart (not the next one in reading order: a field beside
the ship is a few presses away, not 25), after every decision the focus goes to what a player
presses next (a laid card: the sail field; a sail: End turn) and is never lost, so a whole turn
is Enter, Enter, Enter, Enter; the camera keeps the focused field in sight; Shift+arrows and a
pad's right stick stop at the chart's edge.

The positions are found by seeded play through the rules (as eyes would read the chart); every
decision in a test is a key or a pad button.
"""

from __future__ import annotations

import random

import pygame
import pytest
from app_support import close
from test_kaphoorn_scene import config, my_turn, only_human_setup, settle, start

from game import i18n
from game.app import App, Options
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import END, STAY, Ignore, Play, Sail
from game.games.kaphoorn.rules.turn import DRAW, LAY, MOVED, course
from game.games.kaphoorn.view import hand, seachart
from game.games.kaphoorn.view.layout import BOARD_RECT, WIND_RECT
from game.ui import theme
from tests.finale_positions import answer
from tests.scenes_support import Driver

ONE_HUMAN = ["human", "easy", "easy"]
ARROWS = {
    (0, -1): pygame.K_UP,
    (0, 1): pygame.K_DOWN,
    (-1, 0): pygame.K_LEFT,
    (1, 0): pygame.K_RIGHT,
}
PAD = {
    (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
    (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
STAY_N, IGNORE_N, AGAIN_N, BUY_N, END_N, UNDO_N = range(6)  # the buttons in the ring's order


# ---- positions ----------------------------------------------------------------------------------


def voyage(seed: int, wanted, limit: int = 3000) -> KapState | None:
    """A position of a game played by a plain sailor (sail nearest the finish, else lay a card
    where the wind leads, else stay and end) where ``wanted`` holds at the start of step 2."""
    st = RULES.new_game("standard", ("Anna", "Ben", "Cleo"), seed=seed, options={"start": 1})
    for _ in range(limit):
        if st.is_over():
            return None
        if st.phase == LAY and st.played == 0 and wanted(st):
            return st
        acts = st.legal_actions()
        sails = [a for a in acts if isinstance(a, Sail)]
        if sails:
            st = st.apply(min(sails, key=lambda a: (st.chart.distance[a.to], a.to)))
            continue
        ends = {end for _, end in course(st)}
        lays = [a for a in acts if isinstance(a, Play) and a.to in ends]
        st = st.apply(lays[0] if lays and st.played < 2 else STAY if STAY in acts else END)
    return None


def far_from_the_start(st: KapState) -> bool:
    """Seat 0 to move, its ship far down the chart, nothing to sail to yet, cards in hand."""
    sails = any(isinstance(a, Sail) for a in st.legal_actions())
    return st.seat == 0 and st.ships[0] // st.chart.width >= 8 and not sails and bool(st.hands[0])


def opens_a_sail(st: KapState) -> bool:
    """Seat 0 to move, no sail yet, and a card of the hand can go where the wind leads."""
    if st.seat != 0 or any(isinstance(a, Sail) for a in st.legal_actions()):
        return False
    ends = {end for _, end in course(st)}
    return st.turn > 3 and any(isinstance(a, Play) and a.to in ends for a in st.legal_actions())


def found(wanted) -> KapState:
    for seed in range(1, 30):
        st = voyage(seed, wanted)
        if st is not None:
            return st
    raise AssertionError("no seeded game reaches such a position")


# ---- helpers ------------------------------------------------------------------------------------


def press(drive: Driver, scene, key: int, mod: int = 0) -> None:
    drive.key(key, mod)
    settle(drive, scene)


def pad(drive: Driver, scene, button: int) -> None:
    drive.pad(button)
    settle(drive, scene)


def stick(axis: int, value: int) -> None:
    event = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=value)
    pygame.event.post(event)


def ship(scene) -> int:
    return scene.state.ships[scene.state.seat]


def grid(scene, field: int) -> tuple[int, int]:
    """(col, row) of a field: the chart's own geometry, whatever the camera shows."""
    row, col = divmod(field, scene.state.chart.width)
    return col, row


def beside(scene, field: int, other: int) -> bool:
    (c1, r1), (c2, r2) = grid(scene, field), grid(scene, other)
    return max(abs(c1 - c2), abs(r1 - r2)) == 1


def in_sight(scene, field: int) -> bool:
    """The whole field is in the chart's window and none of it under the wind card."""
    rect = scene.layout.field_rect(field)
    return BOARD_RECT.contains(rect) and not rect.colliderect(WIND_RECT)


def chart_fields(scene) -> list[int]:
    return [f for f, _, _ in scene.board_targets()]


def drawn_focus(scene, monkeypatch) -> tuple[str, object]:
    """What the frame marks as focused: a field's "focus" outline, a ringed hand card or the
    focus ring round a control (one of them, never none)."""
    marks: list[tuple[str, object]] = []
    real_highlights = seachart.ChartRenderer.draw_highlights

    def highlights(self, surface, fields, clock, focus=None) -> None:
        assert "focus" not in fields.values()  # the focus goes over the field's own colour
        if focus is not None:
            assert focus in fields, "the focused field shows what a press there does"
            marks.append(("field", focus))
        real_highlights(self, surface, fields, clock, focus=focus)

    real_faces = hand.draw_faces

    def faces(surface, slots, playable, picked, focused, dragged, forward=0, **kw) -> None:
        if focused is not None:
            marks.append(("card", focused))
        real_faces(surface, slots, playable, picked, focused, dragged, forward, **kw)

    real_ring = theme.draw_focus

    def ring(surface, rect, seconds) -> None:
        marks.extend(("button", n) for n, i in enumerate(scene.ring.items)
                     if i.element.rect == rect)  # fmt: skip
        real_ring(surface, rect, seconds)

    scene.services.run.show_focus = True  # as once keys or a pad have been used
    with monkeypatch.context() as m:
        m.setattr(seachart.ChartRenderer, "draw_highlights", highlights)
        m.setattr(hand, "draw_faces", faces)
        m.setattr(theme, "draw_focus", ring)
        scene.draw(pygame.Surface((1920, 1080)), 1.0)
    assert len(marks) == 1, f"the frame marks {marks} as focused"
    return marks[0]


def focus_is(scene, monkeypatch, kind: str, value: int) -> None:
    """The focus is on (kind, value), and that is what the frame marks."""
    focused = scene.focused()
    assert focused is not None and focused[:2] == (kind, value), focused
    assert drawn_focus(scene, monkeypatch) == (kind, value)


@pytest.fixture(params=[(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def sized(request, tmp_path):
    """A driver of an App whose window is 1920x1080 or 1280x720."""
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=request.param, fullscreen=False))
    app.start()
    yield Driver(app)
    close(app)
    i18n.set_language("en")


# ---- the arrows go by direction, from a likely start --------------------------------------------


@pytest.mark.parametrize("wanted", [far_from_the_start, opens_a_sail], ids=["far", "course"])
def test_the_cursor_starts_by_the_ship_one_press_from_a_field_beside_it(drive, wanted) -> None:
    """Issue 29, item 9: the cursor used to start top-left and step in reading order, some 25
    presses to a field beside the ship. Now the turn starts on the first playable card (with
    no sail offered the card is the first choice), the picked card's focus is by the ship
    (beside it, or where the wind leads from it), and one arrow press (towards the ship, or
    along its side) reaches a field beside the ship."""
    scene = only_human_setup(drive, found(wanted), ONE_HUMAN)
    assert scene.focused()[0] == "card"  # nothing to sail to: the first playable card
    press(drive, scene, pygame.K_RETURN)
    assert scene.selected is not None
    at, there = scene.focused()[1], ship(scene)
    (fc, fr), (sc, sr) = grid(scene, at), grid(scene, there)
    assert max(abs(fc - sc), abs(fr - sr)) <= 2, "the cursor starts by the ship"
    assert in_sight(scene, at)
    dc, dr = sc - fc, sr - fr
    if beside(scene, at, there):  # along the ship's side: another field beside it
        dc, dr = (dr, -dc) if expected_way(scene, at, way_of(dr, -dc)) else (-dr, dc)
    press(drive, scene, ARROWS[way_of(dc, dr)])
    now = scene.focused()
    assert now[0] == "field" and now[1] != at and beside(scene, now[1], there), (at, now)


def way_of(dc: int, dr: int) -> tuple[int, int]:
    """The arrow nearest to a step of (dc, dr) fields."""
    return ((dc > 0) - (dc < 0), 0) if abs(dc) >= abs(dr) else (0, (dr > 0) - (dr < 0))


def expected_way(scene, origin: int, step: tuple[int, int]) -> set[int] | None:
    """The chart's choices an arrow may go to from ``origin``: the nearest within 45 degrees
    either side of it (None: none lies that way)."""
    ox, oy = grid(scene, origin)
    cone: dict[int, float] = {}
    for f in chart_fields(scene):
        x, y = grid(scene, f)
        along = (x - ox) * step[0] + (y - oy) * step[1]
        across = abs((y - oy) * step[0] - (x - ox) * step[1])
        if along > 0 and across <= along:
            cone[f] = (x - ox) ** 2 + (y - oy) ** 2
    if not cone:
        return None
    least = min(cone.values())
    return {f for f, d in cone.items() if d == least}


def test_each_arrow_goes_to_the_nearest_choice_that_way_and_the_camera_follows(sized) -> None:
    drive = sized
    scene = only_human_setup(drive, found(far_from_the_start), ONE_HUMAN)
    press(drive, scene, pygame.K_RETURN)  # a card picked: its lay fields all over the chart
    assert len(chart_fields(scene)) >= 12
    rng = random.Random(4)
    tried: set[tuple[int, int]] = set()
    for _ in range(40):
        origin = scene.focused()
        assert origin is not None and origin[0] == "field"
        step = rng.choice(list(ARROWS))
        wanted = expected_way(scene, origin[1], step)
        press(drive, scene, ARROWS[step])
        assert drive.until(lambda: scene.chart_view.camera.goal is None, 5)
        now = scene.focused()
        if wanted is None and step == (1, 0):  # the chart's east-most: over to the panel
            assert now[0] in ("card", "button"), now
            press(drive, scene, pygame.K_LEFT)  # and Left comes back to the same field
            assert scene.focused()[:2] == origin[:2]
            continue
        if wanted is None:
            assert now == origin, f"{step} from {origin[1]}: nothing lies that way"
            continue
        tried.add(step)
        assert now[0] == "field" and now[1] in wanted, (step, origin[1], now, wanted)
        assert in_sight(scene, now[1]), "the camera keeps the focused field in sight"
    assert tried == set(ARROWS), "every direction was tried"


# ---- after each action, the next likely control -------------------------------------------------


def test_a_whole_turn_by_enter_alone_lay_sail_end(sized, monkeypatch) -> None:
    """The focus goes where the player goes next: a picked card to the field where the wind
    leads, the laid card to the sail field, the sail to End turn; after the computers' turns
    the next one starts on the hand. Four presses of Enter play a whole turn."""
    drive = sized
    scene = only_human_setup(drive, found(opens_a_sail), ONE_HUMAN)
    st = scene.state
    ends = {end for _, end in course(st)}
    first = scene.focused()
    focus_is(scene, monkeypatch, "card", first[1])
    press(drive, scene, pygame.K_RETURN)  # pick the card up
    assert scene.selected == first[1]
    lay = scene.focused()
    assert lay[0] == "field" and isinstance(lay[2], Play) and lay[1] in ends
    focus_is(scene, monkeypatch, "field", lay[1])
    assert in_sight(scene, lay[1])
    press(drive, scene, pygame.K_RETURN)  # lay it where the wind leads
    assert scene.state.cards[lay[1]] == first[1] and scene.selected is None
    sail = scene.focused()
    assert sail[0] == "field" and isinstance(sail[2], Sail) and sail[1] == lay[1]
    focus_is(scene, monkeypatch, "field", sail[1])
    press(drive, scene, pygame.K_RETURN)  # sail
    assert ship(scene) == lay[1] and scene.state.phase in (MOVED, DRAW)
    focus_is(scene, monkeypatch, "button", END_N)
    press(drive, scene, pygame.K_RETURN)  # end the turn
    assert scene.state.turn == st.turn + 1
    my_turn(drive, scene)
    focused = scene.focused()
    assert focused is not None, "the next turn has the focus at once"
    focus_is(scene, monkeypatch, *focused[:2])


def test_the_focus_after_stay_buy_undo_back_ignore_and_again(drive, monkeypatch) -> None:
    scene = only_human_setup(drive, found(far_from_the_start), ONE_HUMAN)
    card = scene.focused()[1]
    press(drive, scene, pygame.K_RETURN)
    press(drive, scene, pygame.K_RETURN)  # a card laid
    assert scene.state.played == 1
    _ring_to(drive, scene, UNDO_N)
    press(drive, scene, pygame.K_RETURN)  # undone: back to step 2's likely choice
    assert scene.state.played == 0
    focus_is(scene, monkeypatch, "card", card)
    press(drive, scene, pygame.K_RETURN)
    assert scene.focused()[0] == "field"
    press(drive, scene, pygame.K_ESCAPE)  # Back puts the card down: the focus on it again
    assert scene.selected is None
    focus_is(scene, monkeypatch, "card", card)
    press(drive, scene, pygame.K_TAB)  # Tab: over to the buttons, Stay the first
    focus_is(scene, monkeypatch, "button", STAY_N)
    if scene.ring.items[IGNORE_N].enabled:
        press(drive, scene, pygame.K_TAB)
        focus_is(scene, monkeypatch, "button", IGNORE_N)
        press(drive, scene, pygame.K_RETURN)  # ignore the wind: a neighbouring card
        focused = scene.focused()
        assert focused[0] == "field" and isinstance(focused[2], Ignore)
        press(drive, scene, pygame.K_ESCAPE)  # Cancel: back on the button
        focus_is(scene, monkeypatch, "button", IGNORE_N)
        press(drive, scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    focus_is(scene, monkeypatch, "button", STAY_N)
    press(drive, scene, pygame.K_RETURN)  # stay: step 4 has only buying and ending
    assert scene.state.phase == DRAW
    focus_is(scene, monkeypatch, "button", END_N)
    if scene.ring.items[BUY_N].enabled:
        press(drive, scene, pygame.K_LEFT)
        focus_is(scene, monkeypatch, "button", BUY_N)
        cards = len(scene.state.hands[0])
        press(drive, scene, pygame.K_RETURN)
        assert len(scene.state.hands[0]) == cards + 1
        focus_is(scene, monkeypatch, "button", END_N)


def _ring_to(drive, scene, n: int) -> None:
    for _ in range(12):
        if scene.focused() == ("button", n, None):
            return
        press(drive, scene, pygame.K_TAB)
    pytest.fail(f"button {n} never took the focus")


def test_sailing_again_goes_to_the_new_sail_field(drive, monkeypatch) -> None:
    def again(st: KapState) -> bool:
        if st.seat != 0 or st.sail[0] < 5:
            return False
        return any(isinstance(a, Sail) and st.apply(a).phase == MOVED for a in st.legal_actions())

    scene = only_human_setup(drive, found(again), ONE_HUMAN)
    sail = scene.focused()
    assert sail[0] == "field" and isinstance(sail[2], Sail)  # a sail: it is the likely choice
    target = next(a for a in scene.state.legal_actions()
                  if isinstance(a, Sail) and scene.state.apply(a).phase == MOVED)  # fmt: skip
    while scene.focused()[1] != target.to:  # to the sail that may be followed by another
        (fc, fr), (tc, tr) = grid(scene, scene.focused()[1]), grid(scene, target.to)
        across = abs(tc - fc) >= abs(tr - fr)
        way = ((tc > fc) - (tc < fc), 0) if across else (0, (tr > fr) - (tr < fr))
        press(drive, scene, ARROWS[way])
    press(drive, scene, pygame.K_RETURN)
    assert scene.state.phase == MOVED
    focus_is(scene, monkeypatch, "button", END_N)  # ending is likelier than paying 5
    press(drive, scene, pygame.K_RIGHT)  # Undo beside End turn (the sail may be undone)
    focus_is(scene, monkeypatch, "button", UNDO_N)
    press(drive, scene, pygame.K_UP)  # Again above it
    focus_is(scene, monkeypatch, "button", AGAIN_N)
    press(drive, scene, pygame.K_RETURN)
    focused = scene.focused()
    assert focused[0] == "field" and isinstance(focused[2], Sail)
    focus_is(scene, monkeypatch, "field", focused[1])


# ---- the gamepad --------------------------------------------------------------------------------


def test_a_gamepad_plays_the_turn_the_same_way(drive, monkeypatch) -> None:
    """D-pad and left stick move as the arrows, A picks, B puts a card down, the shoulders go
    to the buttons and back."""
    scene = only_human_setup(drive, found(opens_a_sail), ONE_HUMAN)
    first = scene.focused()
    pad(drive, scene, pygame.CONTROLLER_BUTTON_A)
    lay = scene.focused()
    assert scene.selected == first[1] and lay[0] == "field" and isinstance(lay[2], Play)
    pad(drive, scene, pygame.CONTROLLER_BUTTON_B)
    focus_is(scene, monkeypatch, "card", first[1])
    pad(drive, scene, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    focus_is(scene, monkeypatch, "button", STAY_N)
    pad(drive, scene, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # back before the first button
    focus_is(scene, monkeypatch, "card", first[1])
    pad(drive, scene, pygame.CONTROLLER_BUTTON_A)
    for step, button in PAD.items():  # the D-pad goes the arrows' ways
        origin = scene.focused()
        wanted = expected_way(scene, origin[1], step)
        if wanted is not None:
            pad(drive, scene, button)
            assert scene.focused()[1] in wanted
            break
    else:
        pytest.fail("no field lies any way from the focused one")
    before = scene.focused()
    for value in (-32000, 0, 32000, 0):  # the left stick: left, and back right
        stick(pygame.CONTROLLER_AXIS_LEFTX, value)
        drive.frames(2)
    left = expected_way(scene, before[1], (-1, 0))
    assert left is None or scene.focused()[1] != before[1] or scene.focused()[0] != "field"
    pad(drive, scene, pygame.CONTROLLER_BUTTON_B)  # the card down again; pick up the first
    focus_is(scene, monkeypatch, "card", first[1])
    pad(drive, scene, pygame.CONTROLLER_BUTTON_A)
    for _ in range(3):  # lay where the wind leads, sail, end the turn
        pad(drive, scene, pygame.CONTROLLER_BUTTON_A)
    assert scene.state.turn > 0 and scene.state.seat != 0 or scene.state.is_over()


# ---- Shift+arrows stop at the chart's edge (item 10) --------------------------------------------


def past_each_edge(scene) -> tuple[float, float, float, float]:
    """How far (in fields) the window shows past the chart's west, north, east and south
    edges (negative: short of it); 0 on an axis where the whole chart fits the window."""
    camera = scene.chart_view.camera
    left, top = camera.to_board((BOARD_RECT.left, BOARD_RECT.top))
    right, bottom = camera.to_board((BOARD_RECT.right, BOARD_RECT.bottom))
    width, height = camera.size
    west, north, east, south = -left, -top, right - width, bottom - height
    if right - left >= width:
        west = east = 0.0
    if bottom - top >= height:
        north = south = 0.0
    return west, north, east, south


SHIFT_WAYS = {pygame.K_LEFT: 0, pygame.K_UP: 1, pygame.K_RIGHT: 2, pygame.K_DOWN: 3}


def test_shift_arrows_stop_at_the_charts_edge(sized) -> None:
    """Issue 29, item 10: at every zoom step, Shift+arrows each way go as far as the chart's
    edge on that side (the window touches it) and never past it."""
    drive = sized
    scene = only_human_setup(drive, found(far_from_the_start), ONE_HUMAN)
    view = scene.chart_view
    camera = view.camera
    view.zoom(-len(view.cells))  # the smallest step first (all of the chart)
    levels = 0
    while True:
        levels += 1
        for way, side in SHIFT_WAYS.items():
            view.look_at(scene.state.chart.width * 12 + 10)  # the chart's middle
            for _ in range(60):
                before = camera.centre
                drive.key(way, pygame.KMOD_SHIFT)
                past = past_each_edge(scene)
                assert max(past) < 1e-6, f"past the edge at step {camera.level}: {past}"
                if camera.centre == before:
                    break
            else:
                pytest.fail("Shift+arrows never stop")
            assert abs(past_each_edge(scene)[side]) < 1e-6, "it stopped short of the edge"
        assert scene.focused() is not None  # looking round does not lose the focus
        if not view.zoom(1):
            break
    assert levels == len(view.cells) >= 3


def test_the_right_stick_and_a_finger_and_arrows_while_computers_play(drive) -> None:
    """The pad's right stick stops at the edge too; a finger may pull the chart past it (to
    see a field under the wind card), and keys then take it no further out, only back; the
    arrows that look round while the computers play stop at the edge."""
    scene = only_human_setup(drive, found(far_from_the_start), ONE_HUMAN)
    for value in (32000, 0) * 10:  # the right stick pushed right ten times
        stick(pygame.CONTROLLER_AXIS_RIGHTX, value)
        drive.frames(1)
        assert max(past_each_edge(scene)) < 1e-6
    scene.chart_view.pan(-5000, 0)  # a finger may pull the chart past its edge (the slack)
    pulled = max(past_each_edge(scene))
    assert pulled > 1
    drive.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)  # keys never take it further out
    assert max(past_each_edge(scene)) <= pulled
    drive.key(pygame.K_LEFT, pygame.KMOD_SHIFT)  # and bring it back in
    assert max(past_each_edge(scene)) < pulled
    watched = start(drive, config(["easy", "easy", "easy"], seed=3))
    for way in [pygame.K_RIGHT] * 8 + [pygame.K_DOWN] * 8:
        drive.key(way)
        assert max(past_each_edge(watched)) < 1e-6
    assert not watched.human_turn and len(watched.log) < 40


def test_a_field_under_the_wind_card_is_brought_out_for_the_keys(drive) -> None:
    """The wind card lies over the chart's corner: a focused field there is brought out from
    under it (the camera goes past the chart's edge as far as that needs)."""
    scene = only_human_setup(drive, found(far_from_the_start), ONE_HUMAN)
    press(drive, scene, pygame.K_RETURN)
    view = scene.chart_view
    corner = 0  # the chart's north-west field, under the wind card when the camera is there
    view.aim((("north-west",), (0.0, 0.0), "go"), at_once=True)  # the chart's corner in view
    assert scene.layout.field_rect(corner).colliderect(WIND_RECT)
    view.aim((("focus", corner), view.field_point(corner), "keep"), at_once=True)
    assert in_sight(scene, corner)


def test_the_focus_never_is_lost_through_a_game_by_keys(drive, monkeypatch) -> None:
    """A whole game's human turns by Enter alone (the likely choice every time, Stay or End
    where nothing else is likely): on every decision something has the focus, drawn."""
    drive.app.options.speed = 8
    scene = start(drive, config(ONE_HUMAN, seed=5, rounds=6))
    decisions = 0
    while drive.app.outcome is None and decisions < 400:
        assert drive.until(lambda: scene.human_turn or drive.app.outcome is not None, 60)
        if drive.app.outcome is not None:
            break
        focused = scene.focused()
        assert focused is not None, f"nothing has the focus in phase {scene.state.phase}"
        assert drawn_focus(scene, monkeypatch) == focused[:2]
        before = (len(scene.moves), scene.selected)
        drive.key(pygame.K_RETURN)
        answer(drive, by="key")  # a move that ends the game asks first: Right, Enter
        settle(drive, scene)
        assert (len(scene.moves), scene.selected) != before, "Enter did nothing"
        decisions += 1
    assert drive.app.outcome is not None and decisions > 10


def test_a_guided_game_puts_the_focus_on_the_guides_choice(drive) -> None:
    """In the guided first game the likely choice is the one the guide rings: Enter alone
    follows the guide, turn after turn."""
    from dataclasses import replace

    from game.games.kaphoorn.keys import BUTTONS

    scene = start(drive, replace(config(ONE_HUMAN, seed=3, start=1), guided=True))
    first, followed = scene.state.turn, 0
    for _ in range(12):
        my_turn(drive, scene)
        kind, where = scene.guide_hint().target
        if kind == "button":
            where = BUTTONS.index(where)
        if (kind, where) in {item[:2] for item, _, _ in scene.spots()}:
            assert scene.focused()[:2] == (kind, where)
            followed += 1
        press(drive, scene, pygame.K_RETURN)
    assert followed >= 10 and scene.state.turn > first + 3


def test_a_mouse_sees_the_choice_under_the_pointer_not_the_keys_focus(drive, monkeypatch) -> None:
    scene = only_human_setup(drive, found(far_from_the_start), ONE_HUMAN)
    card = scene.focused()[1]
    assert drawn_focus(scene, monkeypatch) == ("card", card)  # keys were used: the ring shows
    press(drive, scene, pygame.K_RETURN)
    other = next(f for f in chart_fields(scene) if f != scene.focused()[1])
    x, y = scene.layout.centre(other)
    if not in_sight(scene, other):
        scene.chart_view.look_at(other)
        x, y = scene.layout.centre(other)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                         rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    drive.frames(2)
    assert scene.focused()[:2] == ("field", other)  # the pointer over a choice focuses it
    scene.services.run.show_focus = False  # as after a click: the keys' focus is not drawn...
    marks: list[object] = []
    monkeypatch.setattr(hand, "draw_faces", lambda *args, **kw: marks.append(args[4]))
    monkeypatch.setattr(seachart.ChartRenderer, "draw_highlights",
                        lambda self, s, fields, clock, focus=None: marks.append(focus))  # fmt: skip
    scene.draw(pygame.Surface((1920, 1080)), 1.0)
    assert other in marks  # ...but the field under the pointer lights up
    press(drive, scene, pygame.K_ESCAPE)  # the card down: the keys' focus on the card
    scene.services.run.show_focus = False
    marks.clear()
    scene.draw(pygame.Surface((1920, 1080)), 1.0)
    assert None in marks and card not in marks  # no ring on a card for the mouse
