"""The composition root: what the command line asked for (``Options``), the parts of a run
built from it and wired together (``App``), and ``run``, which never ends in a traceback.

The loop is ``game.engine.loop``, the display ``game.engine.display``, what scenes may use
``game.engine.services``; the end of a game ``game.play.ending`` and its records
``game.play.records``.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.engine.audio import Audio
from game.engine.display import Display
from game.engine.files import Files
from game.engine.loop import MAX_CATCH_UP, STEP, Loop
from game.engine.policy import Policy
from game.engine.scenes import SceneManager
from game.engine.services import Services
from game.engine.settings_store import SettingsStore
from game.menus.doors import Doors
from game.persist.log import LOG, setup_logging
from game.persist.paths import data_dir, remove_leftovers
from game.persist.settings import Damaged as SettingsProblem
from game.persist.settings import Settings, load_settings
from game.phone_host import PhoneHost
from game.play.config import GameConfig
from game.play.ending import GameEnd
from game.play.records import Records
from game.play.registry import plugin
from game.ui import theme
from game.ui.frame import FramePainter, new_ui_manager
from game.ui.toasts import Toasts

if TYPE_CHECKING:
    from game.kiosk.controller import Kiosk
    from game.persist.kiosk_config import Damaged as KioskConfigProblem
    from game.persist.kiosk_config import KioskConfig

__all__ = ["MAX_CATCH_UP", "STEP", "App", "Options", "run"]  # tests and the bench use these


@dataclass
class Options:
    """What the command line asked for (see main.py and the README)."""

    game: GameConfig | None = None
    speed: float = 1.0
    exit_when_over: bool = False
    screenshot: Path | None = None
    quit_after: float | None = None
    fullscreen: bool | None = None
    size: tuple[int, int] | None = None
    data_dir: Path | None = None
    language: str | None = None
    raise_errors: bool = False  # tests and headless runs: an error stops the run
    kiosk: bool = False  # the unattended station (game.kiosk); see the README
    kiosk_config: Path | None = None  # default: kiosk.toml in the data folder
    replay: Path | None = None  # a replay file to watch at once (--replay)
    supervise: bool = False  # --supervise: game.kiosk.supervisor runs the kiosk as a child
    phones_port: int | None = None  # --phones-port; default: the settings' phones_port


class App(Loop):
    """The composition root: builds the parts of a run (the settings store, the display, the
    sound, the scenes and their services, the policy, the records and the game's end) and
    wires them to the loop it is."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.data_dir = data_dir(options.data_dir)
        self.log_path = setup_logging(self.data_dir)
        for leftover in remove_leftovers(self.data_dir):  # of a write the last run was killed in
            LOG.info("removed the leftover of an interrupted write: %s", leftover)
        settings, settings_problem = load_settings(self.data_dir)
        self.store = SettingsStore(self.data_dir, settings, options.language)
        self.store.restore_language()
        _apply_access(settings)
        toasts = Toasts()  # messages on top of every scene, where they cover nothing
        if settings_problem and not options.kiosk:  # a kiosk tells its operator, not visitors
            LOG.warning("settings: %s", settings_problem)
            toasts.add(_settings_message(settings_problem), 8.0)
        self.kiosk: Kiosk | None = None
        self.kiosk_config, kiosk_problem = self._kiosk_config()
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # ours take them (game.engine.stop)
        pygame.init()
        _init_controllers()
        pygame.display.set_caption("Speltafel")
        kiosk_display = None if self.kiosk_config is None else self.kiosk_config.display
        display = Display(_fullscreen(options, settings), options.size, kiosk_display)
        policy = Policy()  # how the loop behaves around the scenes (game.engine.policy)
        if self.kiosk_config is not None:  # after the display: it hides the pointer there
            from game.kiosk.controller import Kiosk

            self.kiosk = policy = Kiosk(self.data_dir, self.kiosk_config, kiosk_problem,
                                        settings_problem)  # fmt: skip
        scenes = SceneManager()
        audio = Audio(_open_audio(settings.volume), lambda: self.settings.muted or policy.muted)
        super().__init__(scenes, display, audio, toasts, policy,
                         FramePainter(scenes, policy, toasts), speed=options.speed,
                         quit_after=options.quit_after,
                         raise_errors=options.raise_errors)  # fmt: skip
        self.services = self._services(Files(self.data_dir, self.log_path, toasts.add))

    def _kiosk_config(self) -> tuple[KioskConfig | None, KioskConfigProblem | None]:
        """kiosk.toml (or ``--kiosk-config``) in kiosk mode; its log size limit in force."""
        if not self.options.kiosk:
            return None, None
        from game.persist.kiosk_config import load_kiosk_config

        _kiosk_hints()
        config, problem = load_kiosk_config(self.data_dir, self.options.kiosk_config)
        self.log_path = setup_logging(self.data_dir, round(config.max_log_mb * 1024 * 1024))
        return config, problem

    def _services(self, files: Files) -> Services:
        """The records, the game's end and the services, wired to the loop's parts."""
        options, scenes, display = self.options, self.scenes, self.display
        scripted = options.exit_when_over or options.quit_after is not None
        saving = self.policy.offer.saving  # a kiosk's visitors leave nothing behind
        self.records = Records(files, keep=saving and not scripted, saving=saving)
        self.doors = doors = Doors(scenes)  # the menus the parts below them open
        # the phones' server: closed at a game's end, at the title and when the run ends
        self.phones = PhoneHost(lambda: options.phones_port or self.settings.phones_port)
        self.ending = GameEnd(doors.results, self.policy, self.records,
                              self.quit if options.exit_when_over else None)  # fmt: skip
        services = Services(scenes=scenes, clock=self.clock, settings_store=self.store,
                            audio=self.audio, toasts=self.toasts, files=files, policy=self.policy,
                            game_over=self.ending, menus=doors, records=self.records, run=self,
                            screen=display, new_ui_manager=new_ui_manager,
                            phones=self.phones)  # fmt: skip
        scenes.services = services
        scenes.listeners += [self.policy, self.records, self.phones]
        if self.kiosk is not None:
            self.kiosk.attach(services)
        self.store.listeners.append(self._settings_changed)
        self.store.not_saved = lambda exc: files.not_written("settings.not_saved", exc)
        self.open_first = self._open_first
        self.home = doors.title
        self.toggle_fullscreen = lambda: self.update_settings(
            replace(self.settings, fullscreen=not display.fullscreen)
        )
        self.closing += [self._screenshot, self.records.autosave, self.phones.close]
        return services

    def _open_first(self) -> None:
        cfg = self.options.game
        if cfg is not None:
            cfg = cfg.named(lambda n: i18n.tr("setup.seat_default", n=n))
            self._keep_waiting(cfg.game)
            self.scenes.reset(plugin(cfg.game).scene(), config=cfg)
        else:
            self.doors.title()
        if self.options.replay is not None:
            from game.menus import record

            record.open_replay_file(self.services, self.options.replay)

    def _keep_waiting(self, game: str) -> None:
        """The menus ask before a new game replaces a waiting one; the command line cannot
        ask, so the waiting game is kept as a saved game, and one line says where."""
        title = plugin(game).title
        for path in self.records.keep_waiting(game, title):
            print(f"speltafel: the unfinished {title} game that was waiting is kept under "
                  f"Saved games, as {path}", file=sys.stderr)

    def _settings_changed(self, old: Settings, settings: Settings) -> None:
        _apply_access(settings)  # menus rebuild their controls when the theme key changes
        self.display.set_fullscreen(settings.fullscreen)
        if settings.volume != old.volume:
            self.audio.set_volume(settings.volume)
        self.audio.sync()  # muting silences the ambient loop at once
        if settings.phones_port != old.phones_port:  # chosen on the TV: it wins over the flag
            self.options.phones_port = None

    def _screenshot(self) -> None:
        if self.options.screenshot is not None:
            self.save_screenshot(self.options.screenshot)

    # ---- handles for tests and tools (the parts do the work) ----------------------------------
    @property  # type: ignore[override]
    def speed(self) -> float:
        """The loop's ``--speed``: read from the options, which a test may change mid-run."""
        return self.options.speed

    @speed.setter
    def speed(self, speed: float) -> None:
        self.options.speed = speed

    @property
    def settings(self) -> Settings:
        return self.store.current

    def update_settings(self, settings: Settings) -> None:
        self.store.change(settings)

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.ending.outcome

    @property
    def fullscreen(self) -> bool:
        return self.display.fullscreen

    @property
    def window(self) -> pygame.Surface:
        return self.display.window

    @property
    def canvas(self) -> pygame.Surface:
        return self.display.canvas

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        return self.display.to_logical(pos)

    def surface(self) -> pygame.Surface:
        return self.display.surface()

    def save_screenshot(self, path: Path) -> None:
        self.display.save_screenshot(path)


# the settings screen's label of each key, for "these are back to their defaults: ..."
SETTING_LABELS = {
    "language": "settings.language",
    "fullscreen": "settings.fullscreen",
    "volume": "settings.volume",
    "muted": "settings.mute",
    "animation_speed": "settings.speed",
    "high_contrast": "settings.high_contrast",
    "ui_scale": "settings.ui_scale",
    "reduced_motion": "settings.reduced_motion",
    "confirm_ending": "settings.confirm_ending",
    "phones_port": "settings.phones_port",
}


def _settings_message(problem: SettingsProblem) -> str:
    """What the player reads about a settings file that could not be used as it was."""
    if problem.kept_as:
        return i18n.tr("settings.corrupt", kept_as=problem.kept_as)
    if problem.keys:
        names = ", ".join(i18n.tr(SETTING_LABELS[k]) for k in problem.keys)
        return i18n.tr("settings.values_reset", names=names)
    return i18n.tr("settings.unreadable")  # the reason is in the log


def _kiosk_hints() -> None:
    """SDL hints of kiosk mode, read when SDL starts: Alt+F4 closes nothing on Windows; a grab
    takes the keyboard too, so the system does not get Alt+Tab or the Super key where SDL can
    keep them (X11, Windows; not Ctrl+Alt+Del, nor on Wayland); losing the focus anyway does
    not minimise the fullscreen kiosk."""
    os.environ.setdefault("SDL_WINDOWS_NO_CLOSE_ON_ALT_F4", "1")
    os.environ.setdefault("SDL_GRAB_KEYBOARD", "1")
    os.environ.setdefault("SDL_ALLOW_ALT_TAB_WHILE_GRABBED", "0")
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")


def _fullscreen(options: Options, settings: Settings) -> bool:
    """The command line's choice, else the settings'; a kiosk is always fullscreen, unless a
    window was asked for (tests, a try-out)."""
    if options.kiosk:
        return options.fullscreen is True or (options.fullscreen is None and options.size is None)
    return settings.fullscreen if options.fullscreen is None else options.fullscreen


def _apply_access(settings: Settings) -> None:
    """High contrast, UI scale and reduced motion: every drawing helper reads them from theme."""
    theme.configure(settings.high_contrast, settings.ui_scale, settings.reduced_motion)


def _init_controllers() -> None:
    """Game controllers through SDL's API; devices already plugged in arrive as added events."""
    from pygame._sdl2 import controller

    try:
        controller.init()
    except pygame.error as exc:
        LOG.warning("no game controller support: %s", exc)


def _open_audio(volume: float) -> Any:
    from game.engine.sound import Sounds
    from game.play.registry import GAMES

    effects = {name: recipe for game in GAMES for name, recipe in game.effects().items()}
    return Sounds.open(volume, {game.id: game.ambience() for game in GAMES}, effects)


def run(options: Options) -> int:
    """Build the app and run it; whatever goes wrong, building it too (a file nobody foresaw),
    ends in one line naming the log, never a traceback on the terminal."""
    if options.raise_errors is False and os.environ.get("SPELTAFEL_RAISE"):
        options.raise_errors = True
    app: App | None = None
    try:
        app = App(options)
        return app.run()
    except Exception as exc:
        print(f"speltafel: unexpected error, {_log_fatal(exc)}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()


def _log_fatal(exc: Exception) -> str:
    """The traceback into the log, and where to read it; before the log is open (the app
    failed that early) the error itself, on the same one line: with no handler, logging would
    print the whole traceback on the terminal."""
    logs = [h.baseFilename for h in LOG.handlers if isinstance(h, logging.FileHandler)]
    if not logs:
        return " ".join(f"{type(exc).__name__}: {exc}".split())
    LOG.error("fatal:\n%s", traceback.format_exc())
    return f"see {logs[0]}"
