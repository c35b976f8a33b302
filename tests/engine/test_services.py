"""Services are a value of real parts: a test builds them, and a scene on them, without an App;
the settings store keeps ``--lang`` until the player picks a language."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import game
from game import i18n
from game.engine.audio import Audio
from game.engine.clock import Clock
from game.engine.files import Files
from game.engine.policy import Policy
from game.engine.scenes import Scene, SceneManager
from game.engine.services import Services
from game.engine.settings_store import SettingsStore
from game.engine.stop import StopRequest
from game.menus.doors import Doors
from game.persist.settings import Settings, load_settings
from game.ui.toasts import Toasts


class Recorder:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def set_volume(self, volume: float) -> None:
        pass

    def ambient(self, game: str | None) -> None:
        pass


@dataclasses.dataclass
class FakeRun:
    stop: StopRequest = dataclasses.field(default_factory=StopRequest)
    show_focus: bool = False
    raise_errors: bool = True
    quits: int = 0

    def quit(self, operator: bool = False) -> None:
        self.quits += 1


@dataclasses.dataclass
class FakeScreen:
    fullscreen: bool = False

    def reopen(self) -> None:
        pass


class NoRecords:
    playing = False

    def save(self) -> None:
        return None

    def autosave(self) -> None:
        return None


def services(folder: Path, run_language: str | None = None) -> tuple[Services, Recorder]:
    store = SettingsStore(folder, Settings(), run_language)
    sounds = Recorder()
    toasts = Toasts()
    scenes = SceneManager()
    made = Services(
        scenes=scenes,
        clock=Clock(),
        settings_store=store,
        audio=Audio(sounds, lambda: store.current.muted),
        toasts=toasts,
        files=Files(folder, folder / "speltafel.log", toasts.add),
        policy=Policy(),
        game_over=lambda record, outcome: None,
        menus=Doors(scenes),
        records=NoRecords(),
        run=FakeRun(),
        screen=FakeScreen(),
        new_ui_manager=lambda: None,  # type: ignore[arg-type,return-value]
    )
    made.scenes.services = made
    return made, sounds


class Hello(Scene):
    def enter(self) -> None:
        self.services.sound("click")
        self.services.toast("hello")


def test_a_scene_runs_on_services_built_without_an_app(tmp_path):
    made, sounds = services(tmp_path)
    made.scenes.push(Hello)
    made.scenes.apply_pending()
    assert isinstance(made.scenes.top, Hello) and made.scenes.top.services is made
    assert sounds.played == ["click"] and made.toasts.texts == ("hello",)
    made.update_settings(dataclasses.replace(made.settings, muted=True))
    made.sound("click")
    assert sounds.played == ["click"]  # muted through the store, at once
    assert load_settings(tmp_path)[0].muted


def test_services_are_a_frozen_value(tmp_path):
    made, _ = services(tmp_path)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.policy = Policy()  # type: ignore[misc]


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def test_the_store_keeps_lang_until_the_player_picks_a_language(tmp_path, english):
    made, _ = services(tmp_path, run_language="de")
    store = made.settings_store
    store.restore_language()
    made.update_settings(dataclasses.replace(made.settings, volume=0.2))
    assert i18n.language() == "de" and store.current.language == "en"
    store.visit("en")  # a kiosk visitor's flag: for the visit only
    store.restore_language()
    assert i18n.language() == "de"
    store.pick_language("en")  # the file's own language, picked: it replaces --lang
    assert i18n.language() == "en" and store.language == "en"


def test_settings_that_cannot_be_written_are_applied_and_the_player_told(tmp_path, english):
    blocked = tmp_path / "file"
    blocked.write_text("")  # a file where the data folder should be: nothing can be written
    made, _ = services(blocked)
    told: list[OSError] = []
    made.settings_store.not_saved = told.append
    made.update_settings(dataclasses.replace(made.settings, volume=0.1))
    assert made.settings.volume == 0.1 and len(told) == 1


def test_nothing_below_the_app_imports_game_app():
    """No module below the composition root imports ``game.app``, not even for type checking
    (only the command line, the tools and ``python -m game`` stand above it)."""
    root = Path(game.__file__).parent
    above = {"app.py", "cli.py", "__main__.py", "tools"}
    found = []
    for path in root.rglob("*.py"):
        if path.relative_to(root).parts[0] in above:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            if any(name == "game.app" or name.startswith("game.app.") for name in names):
                found.append(str(path.relative_to(root)))
    assert found == []
