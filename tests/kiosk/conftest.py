"""Fixtures for kiosk tests: ``kiosk()`` makes a headless kiosk App and its input driver."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from kiosk_support import FAST, Driver, close, make_kiosk

from game import i18n
from game.app import App
from game.ui.pointer import show_cursor


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[Callable[..., tuple[App, Driver]]]:
    """``kiosk(toml=..., **options) -> (app, driver)``; every app made is closed afterwards."""
    made: list[App] = []

    def factory(toml: str | None = FAST, **options: object) -> tuple[App, Driver]:
        app = make_kiosk(tmp_path / f"data{len(made)}", toml, **options)
        made.append(app)
        return app, Driver(app)

    yield factory
    for app in made:
        close(app)
    pygame.mouse.set_visible(True)
    show_cursor(True)
    i18n.set_language("en")
