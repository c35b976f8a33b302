"""The loop: fixed 60 Hz steps with a catch-up cap, logical-canvas scaling, F11, quit-after."""

from pathlib import Path

import pygame

from game import i18n
from game.app import MAX_CATCH_UP, STEP, App, Options
from game.engine.scenes import Scene


class Counter(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.steps = 0
        self.alphas: list[float] = []

    def update(self, dt):
        assert dt == STEP
        self.steps += 1

    def draw(self, surface, alpha):
        self.alphas.append(alpha)


def make_app(tmp_path: Path, **kw) -> App:
    i18n.set_language("en")
    options = Options(data_dir=tmp_path, raise_errors=True, **kw)
    app = App(options)
    app.start()
    return app


def with_counter(app: App) -> Counter:
    counter = Counter(app)
    app.scenes.stack.append(counter)
    return counter


def test_logic_runs_at_a_fixed_step_whatever_the_frame_time(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    counter = with_counter(app)
    for _ in range(10):
        app.frame(1 / 30)  # 30 fps: two logic steps per frame
    assert counter.steps == 20
    assert all(0 <= a <= 1 for a in counter.alphas)


def test_interpolation_factor_is_the_leftover_fraction_of_a_step(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    counter = with_counter(app)
    app.frame(STEP * 1.5)
    assert counter.steps == 1
    assert abs(counter.alphas[-1] - 0.5) < 1e-6


def test_catch_up_is_capped_so_a_long_stall_does_not_spiral(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    counter = with_counter(app)
    app.frame(0.2)  # 12 steps owed
    assert counter.steps == MAX_CATCH_UP
    app.frame(0.0)
    assert counter.steps <= MAX_CATCH_UP + 1  # the backlog was dropped


def test_speed_multiplies_game_time(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080), speed=4.0)
    counter = with_counter(app)
    app.frame(STEP)
    assert counter.steps == 4


def test_quit_after_counts_game_time(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080), quit_after=0.5)
    for _ in range(29):
        app.frame(STEP)
    assert app.running
    for _ in range(3):
        app.frame(STEP)
    assert not app.running


def test_window_scales_the_logical_canvas_with_letterbox(tmp_path):
    app = make_app(tmp_path, size=(1280, 800))
    # 1920x1080 scaled by 2/3 is 1280x720, centred: 40 px bars top and bottom
    assert app.to_logical((0, 40)) == (0, 0)
    assert app.to_logical((640, 400)) == (960, 540)
    assert app.to_logical((1280, 760)) == (1920, 1080)
    app.frame(STEP)  # draws through the scaled path
    assert app.surface() is app.canvas


def test_logical_sized_window_draws_directly(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    assert app.surface() is app.window


def test_f11_toggles_fullscreen_and_remembers_it(tmp_path):
    app = make_app(tmp_path, size=(1280, 720))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.frame(STEP)
    assert app.fullscreen and app.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.frame(STEP)
    assert not app.fullscreen


def test_window_close_stops_the_loop(tmp_path):
    app = make_app(tmp_path, size=(1280, 720))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(STEP)
    assert not app.running


def test_a_failing_scene_goes_back_to_the_title_and_logs(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    app.raise_errors = False

    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("boom")

    app.scenes.stack.append(Broken(app))
    app.frame(STEP)
    app.frame(STEP)
    assert app.scenes.top.name == "title"
    assert "boom" in app.log_path.read_text()
    (text,) = [text for text, _ in app.messages]
    assert "log" in text and "boom" not in text and str(app.log_path) not in text


def test_screenshot_is_saved(tmp_path):
    app = make_app(tmp_path, size=(1280, 720))
    app.frame(STEP)
    app.save_screenshot(tmp_path / "shot.png")
    assert pygame.image.load(str(tmp_path / "shot.png")).get_size() == (1920, 1080)
