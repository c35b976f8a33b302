"""No frame that paints the whole floe (issue 27, item 9): a Nanuuk! table paints its still
floe over its first frames, a few milliseconds a frame, with plain sea in its place meanwhile;
nobody moves before the floe is seen, and the floe is the same picture as painted in one go."""

from __future__ import annotations

import pygame
from test_nanuuk_scene import config

from game.app import STEP
from game.games.nanuuk.view import floeboard
from game.games.nanuuk.view.layout import BOARD_RECT
from game.play.registry import rules_for
from game.ui.steps import BUDGET_S, Stepped
from tests.scenes_support import table_class

SPOT = (BOARD_RECT.x + 60, BOARD_RECT.y + 60)  # open sea in the floe's corner


def test_the_first_frames_paint_the_floe_in_slices_with_plain_sea_meanwhile(drive, monkeypatch):
    monkeypatch.setattr(floeboard, "_LAYER_CACHE", {})  # a floe nobody has painted yet
    monkeypatch.setattr(floeboard, "_PAINTINGS", {})
    asked: list[tuple[float, bool]] = []  # each frame's (budget, whether the floe is painted)
    real = floeboard.prepare_layer

    def watched(*args, **kwargs):
        done = real(*args, **kwargs)
        asked.append((kwargs.get("budget", args[4] if len(args) > 4 else BUDGET_S), done))
        return done

    monkeypatch.setattr("game.games.nanuuk.view.floe.prepare_layer", watched)
    app = drive.app
    app.scenes.reset(table_class("nanuuk"), config=config("full", ["easy"] * 4, seed=3))
    app.frame(STEP)  # as the real loop does: no driver's wait for the floe
    scene = app.scenes.stack[0]
    assert asked and asked[-1] == (BUDGET_S, False)  # a slice, not the whole floe
    placeholder = pygame.Surface((1920, 1080))
    scene.draw(placeholder, 1.0)
    sea = placeholder.get_at(BOARD_RECT.center)[:3]
    assert placeholder.get_at(SPOT)[:3] == sea  # one plain sea where the floe will be
    frames, first = 1, scene.state
    while not asked[-1][1]:
        assert scene.state is first and not scene.log  # nobody moves before the floe is seen
        app.frame(STEP)
        frames += 1
    assert frames > 2 and {budget for budget, _ in asked} == {BUDGET_S}  # small slices only
    painted = pygame.Surface((1920, 1080))
    scene.draw(painted, 1.0)
    assert painted.get_at(BOARD_RECT.center)[:3] != sea  # ice, a field, a piece: the floe now
    assert drive.until(lambda: bool(scene.log), 30)  # and the game goes on


def test_the_floe_painted_in_steps_is_the_floe_painted_in_one_go():
    pygame.init()
    state = rules_for("nanuuk").new_game("full", 4, seed=5)
    board = state.spec.board
    args = (board.floe, frozenset(board.in_play), BOARD_RECT.size, None)
    sliced = Stepped(floeboard._board_steps(*args))
    calls = 0
    while not sliced.advance(0.0):
        calls += 1
        assert sliced.steps == calls  # never more than one step when there is no time for it
    assert calls >= 30  # the sea's bands, the fields, the smoothing: each a step of its own
    whole = Stepped(floeboard._board_steps(*args)).finish()
    assert pygame.image.tobytes(sliced.result, "RGBA") == pygame.image.tobytes(whole, "RGBA")
