"""No frame that takes seconds (issue 27, item 9): the chart of Kap Hoorn is painted over the
first frames, a few milliseconds a frame, with plain sea and three dots in its window meanwhile;
nobody moves before the chart is seen, and then the game goes on as ever."""

from __future__ import annotations

import time

import numpy as np
import pygame
from test_kaphoorn_scene import config

from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.view import chartview, seachart
from game.games.kaphoorn.view.layout import BOARD_RECT
from game.ui.steps import BUDGET_S
from tests.scenes_support import table_class

# Only a hung painting takes this long: a guard against hanging CI, never a timing assertion.
HANG_S = 600.0
SPOT = (BOARD_RECT.centerx, BOARD_RECT.centery + 150)  # open chart: no panel, button or dot
LEAST_COLOURS = 60  # a painted chart has far more; the placeholder has a handful


def colours(surface: pygame.Surface, rect: pygame.Rect) -> int:
    pixels = pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3)
    return len(np.unique(pixels[::7], axis=0))


def test_the_first_frames_paint_the_chart_in_slices_and_show_its_placeholder(drive, monkeypatch):
    monkeypatch.setattr(seachart, "_LAYER_CACHE", {})  # a chart nobody has painted yet
    monkeypatch.setattr(seachart, "_PAINTINGS", {}, raising=False)
    asked: list[tuple[float, bool]] = []  # each frame's (budget, whether the chart is painted)
    real = chartview.prepare_board

    def watched(chart, size, budget=0.0):
        done = real(chart, size, budget)
        asked.append((budget, done))
        return done

    monkeypatch.setattr(chartview, "prepare_board", watched)
    drive.app.scenes.reset(table_class("kaphoorn"), config=config(["easy", "easy", "easy"], seed=3))
    drive.frames(1)
    scene = drive.app.scenes.stack[0]
    assert asked and asked[-1] == (BUDGET_S, False)  # a slice, not the whole chart
    shown = pygame.Surface((1920, 1080))
    scene.draw(shown, 1.0)
    assert shown.get_at(SPOT)[:3] == seachart.SEA  # plain sea where the chart will be
    assert shown.get_at(BOARD_RECT.center)[:3] in (seachart.INK, chartview.DOT_OFF)  # a dot
    assert colours(shown, BOARD_RECT.inflate(-420, -420)) < 8
    frames, deadline = 1, time.monotonic() + HANG_S
    while not asked[-1][1] and time.monotonic() < deadline:
        assert scene.state.turn == 0 and not scene.log  # nobody moves before the chart is seen
        drive.frames(1)
        frames += 1
    assert asked[-1][1] and frames > 2  # painted, over several frames
    assert {budget for budget, _ in asked} == {BUDGET_S}  # every frame a small slice
    scene.draw(shown, 1.0)
    assert colours(shown, BOARD_RECT.inflate(-420, -420)) >= LEAST_COLOURS  # the chart now
    assert drive.until(lambda: bool(scene.log), 30)  # and the game goes on


def test_a_board_takes_one_step_a_call_at_no_budget_and_paints_as_in_one_go():
    pygame.init()
    chart, size = default_chart(), (590, 484)
    sliced, whole = seachart._Painting(chart, size), seachart._Painting(chart, size)
    sliced._thread.join(HANG_S)  # the textures, off the loop: then only steps are left
    calls = 0
    while not sliced.advance(0.0):
        calls += 1
        assert sliced.steps == calls  # never more than one step when there is no time for it
    assert calls >= 20  # the overlay's pieces and bands, each a step of its own
    same = pygame.surfarray.array3d(sliced.layer) == pygame.surfarray.array3d(whole.finish())
    assert same.all()
