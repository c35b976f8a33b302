"""The loop: a fixed 60 Hz logic step, one SceneManager, the display and its scaling.

Everything is drawn on a logical 1920x1080 canvas; when the window has another size the canvas is
scaled into it, letterboxed, and pointer positions are mapped back (``to_logical``).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
import traceback
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n
from game.engine.clock import Clock
from game.engine.intents import InputMapper, Intent, Kind
from game.engine.pacing import FULL, MOVING, NOTHING, Pacer
from game.engine.policy import Policy
from game.engine.scenes import SceneManager
from game.engine.services import Services
from game.engine.settings_store import SettingsStore
from game.engine.stop import StopRequest, quit_code
from game.persist.log import LOG, setup_logging
from game.persist.paths import data_dir, remove_leftovers
from game.persist.settings import Damaged as SettingsProblem
from game.persist.settings import Settings, load_settings
from game.scene_table import scene_class
from game.session import GameConfig
from game.ui import theme
from game.ui.toasts import Toasts

if TYPE_CHECKING:
    from game.kiosk.controller import Kiosk
    from game.persist.kiosk_config import KioskConfig

STEP = 1 / 60
ALIGN_MAX = 8  # a window part is scaled alone only at scales like 2/3 or 1/2 (see _aligned)
MAX_CATCH_UP = 8  # logic steps per frame at speed 1 (an idle frame holds 5); beyond, the game slows
DEFAULT_WINDOW = (1280, 720)
PROCESS_START = time.perf_counter()


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


class App:
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
        self.toasts = Toasts()  # messages on top of every scene, where they cover nothing
        if settings_problem and not options.kiosk:  # a kiosk tells its operator, not visitors
            LOG.warning("settings: %s", settings_problem)
            self.toast(_settings_message(settings_problem), 8.0)
        self.kiosk: Kiosk | None = None
        self.kiosk_config: KioskConfig | None = None
        kiosk_problem = None
        if options.kiosk:
            from game.persist.kiosk_config import load_kiosk_config

            _kiosk_hints()
            self.kiosk_config, kiosk_problem = load_kiosk_config(
                self.data_dir, options.kiosk_config
            )
            max_bytes = round(self.kiosk_config.max_log_mb * 1024 * 1024)
            self.log_path = setup_logging(self.data_dir, max_bytes)
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # ours take them (game.engine.stop)
        pygame.init()
        _init_controllers()
        pygame.display.set_caption("Speltafel")
        self.fullscreen = (
            self.settings.fullscreen if options.fullscreen is None else options.fullscreen
        )
        if options.kiosk:  # always fullscreen, unless a window was asked for (tests, a try-out)
            self.fullscreen = options.fullscreen is True or (
                options.fullscreen is None and options.size is None
            )
        self.window = self._open_window()
        self.canvas = pygame.Surface(theme.LOGICAL_SIZE).convert()
        self.mapper = InputMapper(self.to_logical)
        self.services = Services(self)  # what scenes and the policy may use (game.engine.services)
        self.scenes = SceneManager(self.services, scene_class)
        self.policy = Policy()  # how the loop behaves around the scenes (game.engine.policy)
        if self.kiosk_config is not None:
            from game.kiosk.controller import Kiosk

            self.kiosk = Kiosk(self.services, self.kiosk_config, kiosk_problem, settings_problem)
            self.policy = self.kiosk
        self.scenes.listeners.append(self.policy)
        self.ambience: str | None = None  # the game whose ambient loop plays (its scene's)
        self.audio = _open_audio(settings.volume)
        self.store.listeners.append(self._settings_changed)
        self.store.not_saved = self._settings_not_saved
        self.running = False
        self.stop = StopRequest()  # SIGTERM, SIGINT, ...: the run ends cleanly at the next frame
        self.accumulator = 0.0
        self.exit_code = 0
        self.clock = Clock()  # logic time: timers, idle animations, --quit-after
        self.show_focus = False  # the focus ring shows once keys or a gamepad are used
        self.frame_times: list[float] | None = None  # the bench switches this on
        self.pacer = Pacer()  # the real loop draws a still screen seldom (game.engine.pacing)
        self.first_frame_at: float | None = None
        self.outcome: dict[str, Any] | None = None

    # ---- display ----------------------------------------------------------------------------
    def reopen_display(self) -> None:
        """The display again after the loop lost it (an error while drawing)."""
        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            pygame.display.init()
            self.window = self._open_window()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen and self.kiosk_config is not None:
            return self._open_kiosk_display(self.kiosk_config.display)
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = self.options.size or DEFAULT_WINDOW
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _open_kiosk_display(self, wanted: int) -> pygame.Surface:
        """Fullscreen at the native size of display ``wanted``, else of the first display."""
        count = pygame.display.get_num_displays()
        if not 0 <= wanted < count:
            LOG.warning("kiosk: there is no display %d (%d found); using display 0", wanted, count)
            wanted = 0
        window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN, display=wanted)
        pygame.event.set_grab(True)  # with SDL_GRAB_KEYBOARD: Alt+Tab, Super stay in the kiosk
        return window

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.window = self._open_window()

    def _viewport(self) -> tuple[float, pygame.Rect]:
        ww, wh = self.window.get_size()
        lw, lh = theme.LOGICAL_SIZE
        scale = min(ww / lw, wh / lh) or 1.0
        rect = pygame.Rect(0, 0, round(lw * scale), round(lh * scale))
        rect.center = (ww // 2, wh // 2)
        return scale, rect

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        scale, rect = self._viewport()
        return round((pos[0] - rect.x) / scale), round((pos[1] - rect.y) / scale)

    def _present(self, area: pygame.Rect | None = None) -> None:
        """Show the frame; ``area`` (logical): only that part changed."""
        if self.window.get_size() == self.canvas.get_size():
            pygame.display.flip() if area is None else pygame.display.update(area)
            return
        scale, rect = self._viewport()
        if area is None:
            self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(self.canvas, rect.size, self.window.subsurface(rect))
            pygame.display.flip()
            return
        part = _aligned(area, Fraction(rect.w, self.canvas.get_width()),
                        Fraction(rect.h, self.canvas.get_height()))  # fmt: skip
        if part is None or not self.canvas.get_rect().contains(part[0]):
            self._present()  # at this window size a part cannot be scaled as the whole is
            return
        source, shown = part
        shown.move_ip(rect.topleft)
        pygame.transform.smoothscale(
            self.canvas.subsurface(source), shown.size, self.window.subsurface(shown)
        )
        pygame.display.update(shown)

    def surface(self) -> pygame.Surface:
        """Where scenes draw this frame: the window itself when it has the logical size."""
        return self.window if self.window.get_size() == theme.LOGICAL_SIZE else self.canvas

    # ---- services for scenes ----------------------------------------------------------------
    def new_ui_manager(self) -> pygame_gui.UIManager:
        return SharedThemeUIManager(
            theme.LOGICAL_SIZE, theme.gui_theme(*theme.gui_key()), enable_live_theme_updates=False
        )

    @property
    def quiet(self) -> bool:
        """Muted in the settings, or attract mode (quiet unless kiosk.toml says otherwise)."""
        return self.settings.muted or self.policy.muted

    def sound(self, name: str) -> None:
        if self.quiet:
            return
        if self.audio is not None:
            self.audio.play(name)

    def ambient(self, game: str | None) -> None:
        """A game scene's ambient loop, from its enter to its exit (None: no loop)."""
        self.ambience = game
        self._sync_ambient()

    def _sync_ambient(self) -> None:
        """Start, stop or keep the loop; every step, as attract mode and readiness change."""
        if self.audio is not None:
            self.audio.ambient(None if self.quiet else self.ambience)

    def toast(self, text: str, seconds: float = 3.0, once: bool = False) -> None:
        """A message on top of every scene for ``seconds``; ``once``: not while it shows."""
        self.toasts.add(text, seconds, once)

    @property
    def messages(self) -> list[tuple[str, float]]:
        """The toasts showing: (text, seconds left)."""
        return [(toast.text, toast.left) for toast in self.toasts.shown]

    def quit(self, operator: bool = False) -> None:
        """End the run at the end of this frame, if the policy lets it (the kiosk: only the
        admin's quit). ``operator``: the kiosk admin menu's Quit, which under a supervisor ends
        the run with ``OPERATOR_QUIT`` so that it does not start the kiosk again."""
        if operator:
            self.exit_code = quit_code()
        self.running = False

    @property
    def settings(self) -> Settings:
        return self.store.current

    def update_settings(self, settings: Settings) -> None:
        self.store.change(settings)

    def _settings_changed(self, old: Settings, settings: Settings) -> None:
        _apply_access(settings)  # menus rebuild their controls when the theme key changes
        if settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        if settings.volume != old.volume and self.audio is not None:
            self.audio.set_volume(settings.volume)
        self._sync_ambient()  # muting silences the ambient loop at once

    def _settings_not_saved(self, exc: OSError) -> None:
        from game.menus import record

        record.not_written(self.services, "settings.not_saved", exc)

    def game_over(self, config: GameConfig, outcome: dict[str, Any]) -> None:
        """A play scene reports the end; headless runs print the JSON line and stop."""
        from game.menus import record

        self.outcome = outcome
        replay = record.game_finished(self.services)  # the autosave goes, a replay is kept
        self.policy.game_over(config, outcome)
        if self.options.exit_when_over:
            print(json.dumps(outcome), flush=True)
            self.running = False
        else:
            self.scenes.replace("results", config=config, outcome=outcome, replay=replay)

    # ---- the loop ---------------------------------------------------------------------------
    def start(self) -> None:
        cfg = self.options.game
        if cfg is not None:
            self.scenes.reset(cfg.game, config=cfg)
        else:
            self.scenes.reset("title")
        if self.options.replay is not None:
            from game.menus import record

            record.open_replay_file(self.services, self.options.replay)
        self.scenes.apply_pending()
        self.running = True

    def run(self) -> int:
        """The loop until a quit (in kiosk mode: the admin's), --quit-after or the operating
        system's stop; then everything is closed properly and the exit code returned."""
        self.stop.install()
        try:
            return self._run()
        finally:
            self.stop.finished.set()
            self.stop.restore()

    def _run(self) -> int:
        try:
            self.start()
        except Exception:
            if not self.policy.fatal(traceback.format_exc()):
                raise
            self.running = True
        last = time.perf_counter()
        while self.running and not self.stop.requested:
            now = time.perf_counter()
            try:
                self.frame(now - last, paced=True)
            except Exception:
                if not self.policy.fatal(traceback.format_exc()):  # the kiosk: to the title
                    raise
            last = now
            self.pacer.wait(now, pygame.event.peek)
            if not self.running and not self._may_stop():
                LOG.warning("the loop was told to stop; the %s policy keeps it running",
                            type(self.policy).__name__)  # fmt: skip
                self.running = True
        return self._finish()

    def _may_stop(self) -> bool:
        """``--quit-after`` and the operating system always end a run; a quit if the policy
        lets it."""
        limit = self.options.quit_after
        timed_out = limit is not None and self.clock.now >= limit
        return timed_out or self.stop.requested or self.policy.may_stop()

    def frame(self, elapsed: float, paced: bool = False) -> None:
        """One frame: events, as many fixed steps as the accumulator holds (capped), one draw
        (``paced``: only if the pacer wants one; a still screen is drawn seldom)."""
        started = time.perf_counter()
        rate = self.options.speed * self.policy.time_scale
        self.accumulator += min(elapsed, 0.25) * rate
        self._guard(self._events)
        steps, cap = 0, MAX_CATCH_UP * max(1, round(rate))
        while self.accumulator >= STEP and steps < cap and self.running:
            self._guard(self.step)
            self.accumulator -= STEP
            steps += 1
        if steps == cap:
            self.accumulator = min(self.accumulator, STEP)  # too slow: drop the backlog
        area = None  # the logical rect to draw; None: all of it
        if paced:
            what = self.pacer.should_draw(self._pace(), self._look())
            if what == NOTHING:
                return
            area = self._moving_area() if what == MOVING else None
            if area is not None and not area:
                return  # the scene's decoration moves nowhere this frame
        self._guard(lambda: self.draw(min(self.accumulator / STEP, 1.0), area))
        self._present(area)
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("SPELTAFEL_REPORT_FIRST_FRAME"):  # read by game.tools.bench
                print(f"first-frame {time.time():.6f}", flush=True)
        if self.frame_times is not None:
            self.frame_times.append(time.perf_counter() - started)

    def _pace(self) -> float:
        """The frames a second the screen needs while nobody plays (game.engine.pacing)."""
        top = self.scenes.top
        return max(FULL if top is None else top.pace(), self.policy.pace())

    def _moving_area(self) -> pygame.Rect | None:
        """Where the top scene's slow decoration moves (None: anywhere), toasts kept clear."""
        top = self.scenes.top
        areas = getattr(top, "moving_areas", None)
        if areas is None or self.toasts.shown or self.show_focus:  # the focus ring pulses too
            return None
        if not areas:
            return pygame.Rect(0, 0, 0, 0)
        return areas[0].unionall(areas[1:]).inflate(8, 8).clip(self.canvas.get_rect())

    def _look(self) -> tuple[Any, ...]:
        """What a frame shows, as far as a change of it must be drawn at once."""
        shown = tuple(id(scene) for scene in self.scenes.stack)
        return shown, tuple(text for text, _ in self.messages), self.show_focus

    def _events(self) -> None:
        events = pygame.event.get()
        if events:
            self.pacer.input_seen()
        for event in events:
            if self.policy.raw_event(event):
                continue
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                self.window = pygame.display.get_surface()
            elif event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
                self.dispatch(Intent(Kind.UI, "system", event=event))
            else:
                for intent in self.mapper.translate(event):
                    self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        if self.policy.intercept(intent):
            return  # kiosk mode: quit blocked, attract mode ended, the waking tap swallowed
        if intent.kind is Kind.QUIT:
            self.running = False
            return
        if intent.kind is Kind.FULLSCREEN:
            self.update_settings(replace(self.settings, fullscreen=not self.fullscreen))
            return
        if intent.source in ("key", "pad") and intent.kind is not Kind.TEXT:
            self.show_focus = True
        elif intent.kind is Kind.POINT_DOWN:
            self.show_focus = False
        top = self.scenes.top
        if top is not None:
            top.handle(intent)

    def step(self) -> None:
        self.scenes.apply_pending()
        self.clock.tick(STEP)
        self.toasts.tick(STEP)
        top = self.scenes.top  # scenes beneath an overlay are paused
        if top is not None:
            top.update(STEP)
        self.policy.update(STEP)
        self._sync_ambient()
        self.scenes.apply_pending()
        quit_after = self.options.quit_after
        if quit_after is not None and self.clock.now >= quit_after:
            self.running = False

    def draw(self, alpha: float, area: pygame.Rect | None = None) -> None:
        """Draw every visible scene, the policy's layer and the toasts (``area``: only there;
        a frame with toasts is drawn whole, so what it holds is known)."""
        surface = self.surface()
        surface.set_clip(area)
        # only a frame with toasts records what they must leave uncovered
        held = theme.start_recording() if self.toasts.shown else None
        try:
            for scene in self.scenes.visible():
                scene.draw(surface, alpha)
            self.policy.draw(surface)
            if held is not None:
                theme.stop_recording(held)
                self._draw_toasts(surface, held)
            else:
                self.toasts.draw(surface, (), None, None)  # none: it forgets the last layout
        finally:
            if held is not None:
                theme.stop_recording(held)
            surface.set_clip(None)

    def _draw_toasts(self, surface: pygame.Surface, held: theme.Recording) -> None:
        top = self.scenes.top
        taken = [rect for _, rect in held.texts] + held.panels
        if top is not None:
            taken += top.keep_clear() + _controls(top)
        area = None if top is None else top.message_area()
        self.toasts.draw(surface, taken, area, self._look()[0])

    def _guard(self, work: Any) -> None:
        """Run a scene callback; an error is logged and the game goes back to the title."""
        try:
            work()
        except Exception:
            if self.options.raise_errors:
                raise
            if self.policy.scene_error(traceback.format_exc()):
                return
            LOG.error("scene error:\n%s", traceback.format_exc())
            self.toast(i18n.tr("app.error"), 8.0)
            self.scenes.reset("title")

    def _finish(self) -> int:
        self.stop.announce()
        if self.options.screenshot is not None:
            self.save_screenshot(self.options.screenshot)
        self.policy.close()
        from game.menus import record

        record.autosave(self.services)  # the window closed during a game: "Continue" brings it back
        for scene in reversed(self.scenes.stack):
            scene.exit()
        return self.exit_code

    def save_screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface(), str(path))


class SharedThemeUIManager(pygame_gui.UIManager):
    """A UIManager per scene, all sharing one loaded theme.

    The theme holds pygame_gui's font and shape caches: sharing it means a scene opened again
    finds its rounded buttons already drawn instead of redrawing them over the next frames.
    """

    shared_themes: dict[tuple[bool, float], Any] = {}  # one per high-contrast/UI-scale pair

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        import i18n as gui_i18n  # pygame_gui's translation backend

        # every UIManager appends its translation folder again; keep the list from growing
        paths = gui_i18n.load_path
        paths[:] = list(dict.fromkeys(paths))

    def create_new_theme(self, theme_path: Any = None) -> Any:
        themes, key = SharedThemeUIManager.shared_themes, theme.gui_key()
        if key not in themes:
            themes[key] = super().create_new_theme(theme_path)
        return themes[key]


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
}


def _controls(scene: Any) -> list[pygame.Rect]:
    """The rects of a scene's visible pygame_gui controls."""
    ui = getattr(scene, "ui", None)
    if ui is None:
        return []
    return [
        element.rect
        for element in ui.get_sprite_group().sprites()
        if element.visible and not isinstance(element, pygame_gui.core.UIContainer)
    ]  # (the root container spans the screen and holds the controls; it is not one)


def _aligned(
    area: pygame.Rect, sx: Fraction, sy: Fraction
) -> tuple[pygame.Rect, pygame.Rect] | None:
    """``area`` grown to edges that scale to whole window pixels (at 2/3: multiples of 3), so
    that the part scaled alone gives the pixels the whole frame scaled would; and its window
    rect. None when the scale allows no small such step (an odd window size)."""
    if max(sx.denominator, sy.denominator) > ALIGN_MAX:
        return None
    qx, qy = sx.denominator, sy.denominator
    left, top = area.x // qx * qx, area.y // qy * qy
    right, bottom = -(-area.right // qx) * qx, -(-area.bottom // qy) * qy
    source = pygame.Rect(left, top, right - left, bottom - top)
    shown = pygame.Rect(int(left * sx), int(top * sy), int(source.w * sx), int(source.h * sy))
    return source, shown


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

    return Sounds.open(volume, {game.id: game.ambience() for game in GAMES})


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
