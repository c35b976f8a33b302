"""A change of language shows within one frame (issue 18, item 3): a table is played a few
moves in English, the settings (over it, as from the pause menu) switch to German, and the very
first frame after the settings close draws the same texts as a table that was German all along,
the log lines, panels and banners included, and none of the English ones."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_support import close

from game import i18n
from game.app import STEP, App, Options
from game.menus.settings import SettingsScene
from game.play.config import GameConfig, Seat
from game.ui import theme
from tests.scenes_support import table_class

MOVES = 6


def config_of(game: str, variant: str, seats: int) -> GameConfig:
    colours = ("red", "blue", "green", "yellow")
    return GameConfig(game, variant, tuple(Seat(f"P{i + 1}", "human", colours[i])
                                           for i in range(seats)), 11)  # fmt: skip


CONFIGS = [
    config_of("nanuuk", "full", 3),
    config_of("kaphoorn", "standard", 3),
    config_of("bergruft", "standard", 3),
]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    pygame.event.clear()


def table_after_moves(app: App, config: GameConfig):  # type: ignore[no-untyped-def]
    app.scenes.reset(table_class(config.game), config=config)
    app.scenes.apply_pending()
    table = next(s for s in reversed(app.scenes.stack) if hasattr(s, "state"))
    rng = random.Random(5)
    for _ in range(MOVES):
        while app.scenes.top is not table:  # a hand-off screen between people
            app.scenes.pop()
            app.scenes.apply_pending()
        table.play(rng.choice(table.state.legal_actions()))
        table.skip()
        app.frame(STEP)
    while app.scenes.top is not table:
        app.scenes.pop()
        app.scenes.apply_pending()
    return table


def repainted(table) -> None:  # type: ignore[no-untyped-def]
    """Every cached panel painted again in the next frame: what a table shows in full."""
    for cache in ("panels", "painted"):
        if hasattr(table, cache):
            getattr(table, cache).reset()


def texts_of_one_frame(app: App) -> set[str]:
    recording = theme.start_recording()
    try:
        app.frame(STEP)
    finally:
        theme.stop_recording(recording)
    return {text for text, _ in recording.texts if text.strip()}


def new_app(tmp_path: Path, name: str, language: str) -> App:
    app = App(Options(data_dir=tmp_path / name, raise_errors=True, size=(1920, 1080),
                      fullscreen=False, language=language))  # fmt: skip
    app.start()
    return app


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.game)
def test_the_first_frame_after_a_language_change_is_all_in_the_new_language(
    tmp_path: Path, config: GameConfig
) -> None:
    german = new_app(tmp_path, "de", "de")
    try:
        repainted(table_after_moves(german, config))
        wanted = texts_of_one_frame(german)
    finally:
        close(german)
    i18n.set_language("en")
    app = new_app(tmp_path, "en", "en")
    try:
        table = table_after_moves(app, config)
        repainted(table)
        english = texts_of_one_frame(app)
        assert wanted and english != wanted  # the two languages differ on this table at all
        app.scenes.push(SettingsScene)
        app.scenes.apply_pending()
        app.frame(STEP)
        app.scenes.top.set_language("de")
        app.scenes.pop()
        app.scenes.apply_pending()
        shown = texts_of_one_frame(app)  # no repaint asked for: the change itself must do it
    finally:
        close(app)
    stale = (shown & english) - wanted
    assert not stale, f"still in English one frame after the change: {sorted(stale)}"
    assert shown == wanted
