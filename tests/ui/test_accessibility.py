"""Accessibility (issue 9): high contrast, UI scale, reduced motion, a shape for every seat."""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.app import STEP, App, Options
from game.engine.tween import REDUCED_SECONDS, Path, Tweener
from game.games.bergruft.view import mountain as berg_board  # its own test below
from game.menus.handoff import HandoffScene
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.results import ResultsScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.persist.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from game.play.config import GameConfig, Seat
from game.play.registry import rules_for
from game.ui import theme
from tests.games_support import first_set_up, knob, shipped
from tests.scenes_support import table_class

LARGEST = Settings(language="de", ui_scale=1.3, high_contrast=True)
NAMES = ("Anna", "Bartholomäus", "Cleo", "Dirk", "Eva")
COLOURS = ("red", "blue", "yellow", "green", "purple")


@pytest.fixture(autouse=True)
def plain_theme() -> Iterator[None]:
    """Every test leaves the drawing helpers as it found them (they are module-wide)."""
    yield
    theme.configure(False, 1.0, False)
    theme.stop_recording()
    i18n.set_language("en")


def start(tmp_path, settings: Settings) -> App:
    save_settings(tmp_path, settings)
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()
    return app


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(STEP)


def show(app: App, scene: Any, push: bool = False, **data) -> object:
    (app.scenes.push if push else app.scenes.reset)(scene, **data)
    app.scenes.apply_pending()
    frames(app)
    return app.scenes.top


def config(game: str, variant: str, players: int) -> GameConfig:
    seats = tuple(Seat(NAMES[i], "human", COLOURS[i]) for i in range(players))
    return GameConfig(game, variant, seats, 7)


def play_scene(app: App, game: str, variant: str, players: int):
    """A play scene some random moves in (every piece on the board), hand-off screen put away."""
    show(app, table_class(game), config=config(game, variant, players))
    while app.scenes.top.name == "handoff":
        app.scenes.pop()
        app.scenes.apply_pending()
    scene = app.scenes.top
    rng, state = random.Random(5), scene.state
    for _ in range(30):
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    scene.state = state
    scene.tweener.finish_all()
    frames(app, 2)
    painted_to_the_end(scene)
    return scene


def painted_to_the_end(scene) -> None:
    """A table that paints its board across frames (Kap Hoorn's chart, Nanuuk!'s floe) has
    finished it: the first frames show a placeholder sea without the pieces."""
    paint = getattr(scene, "_paint_ahead", None)  # one slice of the chart's painting per call
    assert paint is not None or scene.name != "kaphoorn", "the chart's painting has a new name"
    while paint is not None and not paint():
        assert scene.wait_background(600.0), "the board's painting hung"
    wait = getattr(scene, "wait_background", None)  # the floe: painted to its end
    assert wait is None or wait(600.0), "the board's painting hung"


# ---- settings ---------------------------------------------------------------------------------
def test_accessibility_settings_round_trip(tmp_path):
    wanted = Settings(high_contrast=True, ui_scale=1.15, reduced_motion=True)
    save_settings(tmp_path, wanted)
    assert load_settings(tmp_path) == (wanted, None)


def test_a_settings_file_from_before_accessibility_still_loads(tmp_path):
    old = {"version": 1, "language": "nl", "fullscreen": False, "volume": 0.4,
           "muted": False, "animation_speed": 2.0}  # fmt: skip
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(old))
    settings, damaged = load_settings(tmp_path)
    assert damaged is None
    assert settings == Settings(language="nl", volume=0.4, animation_speed=2.0)
    assert not settings.high_contrast and settings.ui_scale == 1.0 and not settings.reduced_motion


@pytest.mark.parametrize(
    "bad", [{"ui_scale": 5}, {"ui_scale": True}, {"high_contrast": "yes"}, {"reduced_motion": 1}]
)
def test_bad_accessibility_values_get_their_defaults(tmp_path, bad):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "volume": 0.2, **bad}))
    settings, damaged = load_settings(tmp_path)
    assert settings == Settings(volume=0.2) and damaged is not None
    assert damaged.keys == tuple(bad)


def test_settings_screen_switches_each_option_with_keys(tmp_path):
    app = start(tmp_path, Settings())
    scene = show(app, SettingsScene)
    for button, field, wanted in (
        ("contrast_button", "high_contrast", True),
        ("scale_button", "ui_scale", 1.15),
        ("motion_button", "reduced_motion", True),
    ):
        scene.ring.focus(getattr(scene, button))  # looked up anew: a restyle rebuilds them
        scene.handle(_key_intent("RIGHT"))
        frames(app, 1)
        assert getattr(app.settings, field) == wanted
    assert load_settings(tmp_path)[0] == app.settings
    assert theme.access() == theme.Access(True, 1.15, True)


def _key_intent(kind: str):
    from game.engine.intents import Intent, Kind

    return Intent(Kind[kind], "key")


# ---- reduced motion ---------------------------------------------------------------------------
def test_reduced_motion_moves_jump_within_the_short_time():
    tweener = Tweener(1.0, reduced=True)
    slide = tweener.animate((0.0, 0.0), (100.0, 0.0), 1.2, delay=0.5)
    climb = tweener.add(Path([(0.0, 0.0), (0.0, 10.0), (0.0, 20.0), (0.0, 30.0)], 0.3))
    seen: set[float] = set()
    steps = 0
    while tweener.busy:
        tweener.step(STEP)
        steps += 1
        seen.add(slide.value(0.5)[0])
    assert steps * STEP <= REDUCED_SECONDS + STEP
    assert seen <= {0.0, 100.0}  # never between: the piece jumps, it does not slide
    assert climb.value() == (0.0, 30.0)


def test_without_reduced_motion_the_same_move_slides():
    tweener = Tweener(1.0, reduced=False)
    slide = tweener.animate((0.0, 0.0), (100.0, 0.0), 1.2)
    tweener.step(0.6)
    assert 0.0 < slide.value()[0] < 100.0


def test_the_tweener_follows_the_reduced_motion_setting():
    theme.configure(False, 1.0, True)
    assert Tweener().reduced
    theme.configure(False, 1.0, False)
    assert not Tweener().reduced


def _title_frame(app: App, clock: float) -> bytes:
    app.clock.now = clock
    app.draw(0.0)
    return pygame.image.tobytes(app.surface(), "RGB")


@pytest.mark.parametrize("reduced", [True, False])
def test_title_snow_and_emblems_stand_still_with_reduced_motion(tmp_path, reduced):
    app = start(tmp_path, Settings(reduced_motion=reduced))
    assert (_title_frame(app, 3.0) == _title_frame(app, 7.4)) is reduced


@pytest.mark.parametrize("reduced", [True, False])
def test_floe_waves_and_highlights_stand_still_with_reduced_motion(tmp_path, reduced):
    app = start(tmp_path, Settings(reduced_motion=reduced))
    scene = play_scene(app, "nanuuk", "intro", 2)

    def frame(clock: float) -> bytes:
        surface = pygame.Surface((1920, 1080))
        scene.renderer.draw_waves(surface, clock)
        scene.renderer.draw_highlights(surface, {1: "move", 2: "focus"}, {}, clock)
        return pygame.image.tobytes(surface, "RGB")

    assert (frame(1.0) == frame(2.3)) is reduced


@pytest.mark.parametrize("game", shipped())
@pytest.mark.parametrize("kind", ["CONFIRM", "POINT_DOWN", "LEFT"])
def test_a_key_pad_button_or_tap_skips_a_running_move(tmp_path, game, kind):
    from game.engine.intents import Intent, Kind

    app = start(tmp_path, Settings())
    scene = play_scene(app, game, *first_set_up(game))
    scene.tweener.animate((0.0, 0.0), (1.0, 1.0), 5.0)
    assert scene.tweener.busy
    pos = (5, 1075) if kind == "POINT_DOWN" else None  # a corner where no control lies
    scene.handle(Intent(Kind[kind], "touch" if pos else "pad", pos=pos))
    assert not scene.tweener.busy


# ---- high contrast ----------------------------------------------------------------------------
def test_high_contrast_makes_panels_opaque_and_text_white():
    def panel_pixel() -> tuple[int, ...]:
        surface = pygame.Surface((200, 200))
        surface.fill((250, 250, 250))
        theme.panel(surface, pygame.Rect(40, 40, 120, 120), (16, 24, 40, 150))
        return tuple(surface.get_at((100, 100)))[:3]

    normal = panel_pixel()
    theme.configure(True, 1.0, False)
    assert panel_pixel() == (7, 11, 18)  # solid: none of the white ground shows through
    assert normal != panel_pixel()
    assert theme.palette().muted != (170, 178, 194) and theme.palette().panel[3] == 255
    surface = pygame.Surface((400, 80))
    rect = theme.text(surface, "Hallo", (10, 10), 40, theme.palette().muted)
    assert (255, 255, 255) in {tuple(surface.get_at((x, rect.centery)))[:3] for x in range(400)}


def test_high_contrast_rims_the_pieces():
    sprite = pygame.Surface((20, 20), pygame.SRCALPHA)
    pygame.draw.circle(sprite, (240, 228, 66), (10, 10), 8)
    assert theme.piece(sprite) is sprite
    theme.configure(True, 1.0, False)
    rimmed = theme.piece(sprite)
    assert rimmed.get_size() == (20 + 2 * theme.HALO, 20 + 2 * theme.HALO)
    assert tuple(rimmed.get_at((10 + theme.HALO, 1 + theme.HALO))) == (0, 0, 0, 255)
    assert theme.piece(sprite) is rimmed  # made once


def test_high_contrast_switches_the_menu_theme_at_once(tmp_path):
    app = start(tmp_path, Settings())
    scene = show(app, SettingsScene)
    before = scene.ui
    scene.ring.focus(scene.contrast_button)
    scene.handle(_key_intent("RIGHT"))
    frames(app, 2)
    assert app.settings.high_contrast and scene.ui is not before
    assert theme.gui_theme(*theme.gui_key())["button"]["colours"]["normal_bg"] == "#000000"
    for menu in (TitleScene, PickerScene):
        show(app, menu)  # menus still build and draw in the new theme


def test_ui_scale_grows_body_text_but_not_headings():
    surface = pygame.Surface((1920, 200))
    body, heading = theme.text(surface, "Wal", (0, 0), 30), theme.text(surface, "Wal", (0, 0), 72)
    theme.configure(False, 1.3, False)
    assert theme.text(surface, "Wal", (0, 0), 30).height > body.height * 1.2
    assert theme.text(surface, "Wal", (0, 0), 72).height == heading.height
    long = "Donaudampfschifffahrtsgesellschaft"
    fitted = theme.text(surface, long, (0, 0), 30, width=400)
    assert fitted.width <= 400  # shrinks back towards 30 px, then is cut short


# ---- the largest UI scale: nothing spills out -------------------------------------------------
def _spills(app: App) -> list[str]:
    """What the top scene draws outside the screen, outside its panels, or cut off."""
    surface = app.surface()
    for scene in app.scenes.visible()[:-1]:
        scene.draw(surface, 0.0)  # a scene beneath an overlay may well lie under its panel
    recording = theme.start_recording()
    app.scenes.top.draw(surface, 0.0)
    theme.stop_recording()
    canvas = pygame.Rect(0, 0, *theme.LOGICAL_SIZE)
    bad = [f"{t!r} off screen {r}" for t, r in recording.texts if not canvas.contains(r)]
    for content, rect in recording.texts:
        for panel in recording.panels:
            overlap = rect.clip(panel)
            if overlap.w > 6 and overlap.h > 6 and not panel.inflate(8, 8).contains(rect):
                bad.append(f"{app.scenes.top.name}: {content!r} {rect} spills out of {panel}")
    for item in app.scenes.top.ring.items:
        element = item.element
        if isinstance(element, UIButton) and element.visible:
            if element.font.size(element.text)[0] > element.rect.width - 8:
                bad.append(f"{app.scenes.top.name}: button {element.text!r} is cut off")
    return bad


def test_menus_at_the_largest_scale_keep_text_inside(tmp_path):
    app = start(tmp_path, LARGEST)
    bad = _spills(app)
    menus = ((PickerScene, {}), (SettingsScene, {}), (SetupScene, {"game": "kaphoorn"}))
    for opened, data in menus:
        scene = show(app, opened, **data)
        if opened is SetupScene:
            for _ in range(scene.max_seats - len(scene.seats)):
                scene.add_seat()
            frames(app, 2)
        bad += _spills(app)
    show(app, HandoffScene, push=True, title="Bartholomäus",
         message="Alle anderen bitte wegschauen.")  # fmt: skip
    bad += _spills(app)
    assert bad == [], "\n".join(bad)


def crowded(game: str) -> tuple[str, str, int]:
    """(game, variant, seats) of the game's most crowded table: the knob ``CROWDED``, else its
    first variant with the most players."""
    first = rules_for(game).variants()[0]
    return (game, *knob(game, "CROWDED", (first.id, first.max_players)))


@pytest.mark.parametrize(("game", "variant", "players"), [crowded(g) for g in shipped()])
def test_play_scenes_at_the_largest_scale_keep_text_inside(tmp_path, game, variant, players):
    app = start(tmp_path, LARGEST)
    scene = play_scene(app, game, variant, players)
    bad = _spills(app)
    show(app, PauseScene, push=True, game=game)
    bad += _spills(app)
    rng, state = random.Random(1), scene.state
    while not state.is_over():
        state = state.apply(rng.choice(state.legal_actions()))
    scene.state = state
    show(app, ResultsScene, config=scene.config, outcome=scene.outcome_dict())
    bad += _spills(app)
    assert bad == [], "\n".join(bad)


# ---- a shape for every seat, on the board ---------------------------------------------------
@pytest.mark.parametrize(("game", "variant", "players"), [crowded(g) for g in shipped()])
def test_every_seat_has_its_own_shape_on_the_board(tmp_path, monkeypatch, game, variant, players):
    app = start(tmp_path, Settings())
    scene = play_scene(app, game, variant, players)
    # the game's own function that draws a seat's piece (its knob PIECE_DRAWER)
    drawer = knob(game, "PIECE_DRAWER", "missing")
    assert drawer != "missing", f"{game}: its tests' conformance.py names no PIECE_DRAWER"
    if drawer is None:  # the game said so: its pieces are told apart by their own forms
        pytest.skip(f"{game}: its seats' pieces are shapes of their own (X and O, say)")
    where, name = drawer
    module = importlib.import_module(where)
    original, marks = getattr(module, name), []
    pieces: list[tuple[tuple[int, ...], str]] = []

    def piece(*args, **kwargs):
        colour = next(a for a in args if isinstance(a, tuple) and len(a) == 3)
        shape = kwargs.get("shape") or next(a for a in args if a in _SHAPES)
        pieces.append((tuple(colour), shape))
        return original(*args, **kwargs)

    def mark(surface, shape, colour, *args, **kwargs):
        marks.append((tuple(colour), shape))
        return real_mark(surface, shape, colour, *args, **kwargs)

    real_mark = theme.draw_mark
    monkeypatch.setattr(module, name, piece)
    monkeypatch.setattr(theme, "draw_mark", mark)
    package = ".".join(where.split(".")[:3]) + "."  # the game's own modules
    for drawing in [m for n, m in list(sys.modules.items()) if n.startswith(package)]:
        for value in vars(drawing).values():  # cached sprites would skip the mark
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    scene.draw(pygame.Surface((1920, 1080)), 0.0)
    seats = {(tuple(scene.colours[s]), theme.seat_shape(s)) for s in range(players)}
    assert seats <= set(pieces), "a seat's piece is missing or drawn without its shape"
    assert seats <= set(marks), "a seat's shape is not painted on its piece"
    assert len({shape for _, shape in seats}) == players


_SHAPES = ("circle", "square", "triangle", "diamond", "star")


def test_high_contrast_chosen_during_a_game_repaints_the_mountain_at_once(tmp_path):
    app = start(tmp_path, Settings())
    scene = play_scene(app, "bergruft", "standard", 2)
    plain = berg_board.board_surface(scene.state.mountain)
    show(app, SettingsScene, push=True)
    settings = app.scenes.top
    settings.ring.focus(settings.contrast_button)
    settings.handle(_key_intent("RIGHT"))
    app.scenes.pop()  # back to the game (resume)
    app.scenes.apply_pending()
    frames(app, 2)
    contrast = berg_board.board_surface(scene.state.mountain)
    assert app.settings.high_contrast and contrast is not plain
    differs = [
        (x, y)
        for x in range(0, 1920, 24)
        for y in range(0, 1080, 24)
        if plain.get_at((x, y)) != contrast.get_at((x, y))
    ]
    assert differs  # the contrast board differs somewhere from the plain one...
    shown = scene.panels.surface
    assert all(shown.get_at(p) == contrast.get_at(p) for p in differs  # ...and is shown
               if not any(r.collidepoint(p) for r in _berg_regions()))  # fmt: skip


def _berg_regions() -> list[pygame.Rect]:
    """The panels Der Berg ruft paints over its cached board (they follow their own keys)."""
    from game.games.bergruft.view import layout as bergruft

    names = ("CARDS_RECT", "SCREEN_REGION", "PROMPT_RECT", "STORY_RECT")
    return [getattr(bergruft, n) for n in names if hasattr(bergruft, n)]
