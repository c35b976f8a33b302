"""What a scene may use of the running program: ``Services``, not the whole ``App``.

A scene (and the kiosk's policy) gets this one object. It reaches the scene stack, the clock,
the settings, sound, toasts, the data folder and the policy in force, and nothing else: not the
window, the loop's accumulator, its running flag or its list of toasts. So a scene cannot make
the loop misbehave, and a test or a tool can hand a scene services of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame_gui

    from game.app import App, Options
    from game.engine.clock import Clock
    from game.engine.policy import Policy
    from game.engine.scenes import SceneManager
    from game.engine.settings_store import SettingsStore
    from game.engine.stop import StopRequest
    from game.persist.settings import Settings
    from game.session import GameConfig


class Services:
    def __init__(self, app: App) -> None:
        self._app = app

    # ---- the scenes and time --------------------------------------------------------------
    @property
    def scenes(self) -> SceneManager:
        return self._app.scenes

    @property
    def clock(self) -> Clock:
        return self._app.clock

    # ---- settings, files ------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self._app.store.current

    @property
    def settings_store(self) -> SettingsStore:
        """The settings and the run's language (``--lang`` until the player picks one)."""
        return self._app.store

    def update_settings(self, settings: Settings) -> None:
        """Apply and save new settings (language, access, volume, fullscreen)."""
        self._app.update_settings(settings)

    @property
    def data_dir(self) -> Path:
        return self._app.data_dir

    @property
    def log_path(self) -> Path:
        return self._app.log_path

    @property
    def options(self) -> Options:
        """What the command line asked for (read only)."""
        return self._app.options

    # ---- sound and messages -----------------------------------------------------------------
    def sound(self, name: str) -> None:
        self._app.sound(name)

    def ambient(self, game: str | None) -> None:
        """A game scene's ambient loop, from its enter to its exit (None: no loop)."""
        self._app.ambient(game)

    def toast(self, text: str, seconds: float = 3.0, once: bool = False) -> None:
        """A message on top of every scene for ``seconds``; ``once``: not while it shows."""
        self._app.toast(text, seconds, once)

    # ---- the program ----------------------------------------------------------------------
    @property
    def policy(self) -> Policy:
        """How the program behaves around the scenes (the kiosk's, in kiosk mode)."""
        return self._app.policy

    @property
    def stop(self) -> StopRequest:
        """The operating system's request to stop (SIGTERM, SIGINT, a logout)."""
        return self._app.stop

    def quit(self, operator: bool = False) -> None:
        """End the run, if the policy lets it (``operator``: the kiosk admin menu's Quit)."""
        self._app.quit(operator)

    def game_over(self, config: GameConfig, outcome: dict[str, Any]) -> None:
        """A play scene reports the end of its game."""
        self._app.game_over(config, outcome)

    def reopen_display(self) -> None:
        self._app.reopen_display()

    # ---- the screen ---------------------------------------------------------------------------
    @property
    def show_focus(self) -> bool:
        """Whether the focus ring shows (keys or a gamepad were used last)."""
        return self._app.show_focus

    @property
    def fullscreen(self) -> bool:
        return self._app.fullscreen

    def new_ui_manager(self) -> pygame_gui.UIManager:
        return self._app.new_ui_manager()
