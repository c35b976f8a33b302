"""The kiosk's state machine, sitting between the loop (``game.engine.loop``) and the scenes.

Two modes: ``visitor`` (the menus and the games people play) and ``attract`` (demo games with
a "Touch to play" banner). Every timer but the PIN lock (``game.kiosk.gate``, real time) counts
game time, so ``--speed`` shortens them all:

- on the title, ``attract_after_s`` without human input starts attract mode; any input ends it;
- in a game, ``idle_in_game_s`` without human input (AI moves are not input) asks "Still
  playing?"; no answer within ``still_playing_s`` abandons the game and returns to the title;
- on an admin screen (the PIN pad, the admin menu and what it opened, such as settings),
  ``ADMIN_IDLE_S`` (or ``idle_in_game_s`` if shorter) starts attract mode: Quit and Settings
  must not stay up for the next visitor;
- on any other screen (picker, set-up, results), ``idle_in_game_s`` returns to the title.

Visitors cannot leave: the window's close, Alt+F4, the quit request other shortcuts send (Cmd+Q,
a desktop's Ctrl+Q) and F11 are swallowed here, Alt+Tab is kept from the system where SDL can
grab the keyboard (fullscreen), and the menus offer no quit. Holding the
``admin_keys`` chord for ``admin_hold_s``, or tapping the four corners clockwise from the top
left, opens the PIN pad; only the right PIN opens the admin menu (``game.kiosk.gate``), and the
admin menu refuses to open any other way. Every entry and every admin action is logged.

A scene's exception returns to the title with the traceback in the log; an error in the loop
itself does too (``fatal``). Repeated errors are logged in one line each, and a crash loop
waits longer and longer (up to ``MAX_PAUSE_S``) between restarts instead of spinning.
"""

from __future__ import annotations

import gc
import math
import os
import sys
import time
from collections import deque
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.engine.policy import Offer, Policy
from game.i18n import tr
from game.kiosk.admin import AdminScene, PinScene
from game.kiosk.attract import AttractScene, DemoRotation
from game.kiosk.gate import Gate, pin_in_force
from game.kiosk.still import StillPlayingScene
from game.persist.kiosk_config import Damaged, KioskConfig
from game.persist.log import LOG
from game.persist.settings import Damaged as SettingsProblem
from game.persist.stats import Stats
from game.play.config import HUMAN, GameConfig
from game.play.registry import ids
from game.ui import theme
from game.ui.flags import draw_flag
from game.ui.pointer import show_cursor

if TYPE_CHECKING:
    from game.engine.scenes import Scene
    from game.engine.services import Services

ADMIN_SCENES = frozenset({AdminScene.name, PinScene.name})
ADMIN_IDLE_S = 60.0  # an admin screen left alone this long gives way to attract mode
STILL = StillPlayingScene.name
HUMAN_SOURCES = frozenset({"key", "mouse", "touch", "pad"})

RESULTS_SECONDS = 8.0  # a demo game's results stay up this long, then the next demo begins
DEMO_MAX_SECONDS = 300.0  # the kiosk's own cap on a demo game (game time at demo speed)
CORNER = 180  # logical pixels: the square in each corner that counts as a corner tap
CORNER_WINDOW_S = 5.0  # each corner tap must follow the last within this time
CORNERS = ("top_left", "top_right", "bottom_right", "bottom_left")  # clockwise from top left
MOVE_PX = 3  # a mouse motion shorter than this is a jitter, not a visitor
HOLD_SHOWN_AFTER = 0.4  # the chord's progress bar appears once it was held this long

ERROR_WINDOW_S = 60.0
FULL_TRACEBACKS = 5  # per minute; after that one line per error
CRASH_LOOP = 20  # errors in a minute that make the kiosk wait before it restarts
MAX_PAUSE_S = 30.0

MODIFIER_KEYS = {
    pygame.K_LCTRL: "ctrl",
    pygame.K_RCTRL: "ctrl",
    pygame.K_LSHIFT: "shift",
    pygame.K_RSHIFT: "shift",
    pygame.K_LALT: "alt",
    pygame.K_RALT: "alt",
}
MODIFIER_FLAGS = (
    (pygame.KMOD_CTRL, "ctrl"),
    (pygame.KMOD_SHIFT, "shift"),
    (pygame.KMOD_ALT, "alt"),
)


def key_name(key: int) -> str:
    """The name of a key as ``admin_keys`` spells it: ctrl/shift/alt for either side."""
    return MODIFIER_KEYS.get(key) or pygame.key.name(key)


def corner_of(pos: tuple[int, int]) -> str | None:
    """Which corner square of the logical canvas ``pos`` lies in, if any."""
    w, h = theme.LOGICAL_SIZE
    x, y = pos
    left, right = x < CORNER, x >= w - CORNER
    top, bottom = y < CORNER, y >= h - CORNER
    if top and left:
        return "top_left"
    if top and right:
        return "top_right"
    if bottom and right:
        return "bottom_right"
    if bottom and left:
        return "bottom_left"
    return None


class Kiosk(Policy):
    """Kiosk mode of one run: made by the App when ``Options.kiosk`` is set; the run's policy
    (``game.engine.policy``): an input filter and the scene manager's listener."""

    services: Services  # given by ``attach``: the services hold this policy, so it comes first

    def __init__(
        self,
        data_dir: Path,
        config: KioskConfig,
        problem: Damaged | None = None,
        settings_problem: SettingsProblem | None = None,
    ) -> None:
        self.mode = "visitor"
        self.idle = 0.0  # game seconds since the last human input
        self.rotation = DemoRotation(config)
        self.problems: list[str] = []  # for the operator: the admin menu shows them
        if problem is not None:
            self._report(problem, "kiosk.config_keys" if problem.keys else "kiosk.config_damaged")
        pin, one_time = pin_in_force(config.admin_pin, os.environ)
        if one_time:  # the PIN itself only on the terminal and in the log, never on screen
            self.problems.append(tr("kiosk.one_time_pin"))
        # The configuration in force: with the PIN the gate takes, whoever made it.
        self.config = self.kiosk_config = replace(config, admin_pin=pin)
        self.offer = Offer(config.games, config.variants, config.ai_levels, saving=False,
                           large_controls=True, languages=config.languages,
                           phones=config.phones)  # fmt: skip
        if settings_problem is not None:
            self._report(settings_problem, "kiosk.settings_damaged")
        self.stats, stats_problem = Stats.open(data_dir)
        if stats_problem is not None:
            self._report(stats_problem, "kiosk.stats_damaged")
        self.rows: dict[int, int] = {}  # id(play scene) -> its statistics row, while it runs
        # attract mode
        self.demos_started = 0
        self.demos_finished = 0
        self.demos_capped = 0
        self.recent_demos: deque[str] = deque(maxlen=60)  # the games of the last demos
        # the admin chord and the corner taps
        self.held: set[str] = set()
        self.hold = 0.0
        self.fired = False
        self.corner_step = 0
        self.corner_at = 0.0
        self.gate = Gate(pin)  # its lock runs on real time, not on (sped-up) game time
        self._admitting = False  # open_admin() took the gate's pass: the admin scene may open
        # input that woke the kiosk up is not also a click on the title
        self._swallow = False
        self.quit_requested = False
        self.quit_attempts = 0
        self._collect = False  # a game scene was closed: free its memory at the next step
        self.errors: deque[float] = deque()
        self.error_count = 0
        self.pointer_visible = True
        self._show_pointer(False)  # hidden until a real mouse moves
        if pygame.display.get_init():
            pygame.display.set_allow_screensaver(False)
            if sys.platform == "win32":  # the end of the session comes as a window message
                pygame.event.set_allowed(pygame.SYSWMEVENT)

    def attach(self, services: Services) -> None:
        """The services of the run this kiosk looks after."""
        self.services = services

    # ---- what the App asks ----------------------------------------------------------------
    @property
    def attract(self) -> bool:
        return self.mode == "attract"

    @property
    def time_scale(self) -> float:
        """Game time runs ``demo_speed`` times faster while demo games play."""
        return self.config.demo_speed if self.attract else 1.0

    @property
    def muted(self) -> bool:
        return self.attract and not self.config.attract_sound

    def may_stop(self) -> bool:
        """Only the admin's quit ends a kiosk run (besides ``--quit-after`` and the operating
        system, which the App always obeys)."""
        return self.quit_requested

    # ---- input ------------------------------------------------------------------------------
    def raw_event(self, event: pygame.event.Event) -> bool:
        """See every SDL event before it becomes an intent; True swallows it."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            self.held.add(key_name(event.key))
            for flag, name in MODIFIER_FLAGS:
                if getattr(event, "mod", 0) & flag:
                    self.held.add(name)
            if event.key == pygame.K_F4 and getattr(event, "mod", 0) & pygame.KMOD_ALT:
                self._quit_attempt("Alt+F4")
                return True
        elif kind == pygame.KEYUP:
            self.held.discard(key_name(event.key))
        elif kind == pygame.WINDOWFOCUSLOST:
            self.held.clear()  # keys released elsewhere never send their key-up here
        elif kind == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            dx, dy = getattr(event, "rel", (0, 0))
            if abs(dx) + abs(dy) >= MOVE_PX:
                self._show_pointer(True)
        elif kind == pygame.FINGERDOWN:
            self._show_pointer(False)
        elif kind == pygame.WINDOWCLOSE:
            self._quit_attempt("window close")
            return True
        elif kind == pygame.SYSWMEVENT:
            return self.services.stop.session_ending(event)  # Windows: logoff or shutdown
        return False

    def intercept(self, intent: Intent) -> bool:
        """See every intent before the top scene does; True swallows it."""
        if intent.kind is Kind.QUIT:
            self._quit_attempt("quit event")
            return True
        if intent.kind is Kind.FULLSCREEN:
            return True  # F11 would let a visitor reach the desktop
        if intent.source not in HUMAN_SOURCES:
            return False
        if intent.kind is Kind.POINT_MOVE and not self._moved(intent):
            return False
        self.idle = 0.0
        if intent.kind is Kind.POINT_DOWN and intent.pos is not None:
            self._corner_tap(intent.pos)
        if self.attract:
            self.stop_attract()
            self._swallow = True
        return self._swallow

    def _moved(self, intent: Intent) -> bool:
        if intent.source != "mouse" or intent.event is None:
            return True
        dx, dy = getattr(intent.event, "rel", (0, 0))
        return abs(dx) + abs(dy) >= MOVE_PX

    def _quit_attempt(self, how: str) -> None:
        self.quit_attempts += 1
        LOG.info("kiosk: %s ignored (only the admin menu quits)", how)

    def _show_pointer(self, visible: bool) -> None:
        if visible != self.pointer_visible and pygame.display.get_init():
            show_cursor(visible)
        self.pointer_visible = visible

    def _corner_tap(self, pos: tuple[int, int]) -> None:
        corner = corner_of(pos)
        if self.corner_step and self.services.clock.now - self.corner_at > CORNER_WINDOW_S:
            self.corner_step = 0
        if corner is None:
            self.corner_step = 0
            return
        if corner == CORNERS[self.corner_step]:
            self.corner_step += 1
        else:
            self.corner_step = 1 if corner == CORNERS[0] else 0
        self.corner_at = self.services.clock.now
        if self.corner_step == len(CORNERS):
            self.corner_step = 0
            self.open_pin("the corner taps")

    # ---- the step -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One logic step, after the top scene's own update."""
        self.idle += dt
        self._swallow = False
        if self._collect:
            # A closed game scene is a cycle of references (scene, its controls, their
            # callbacks) holding full-screen surfaces; Python's cycle collector would free it
            # only after many more allocations, so RSS would climb for dozens of games first.
            self._collect = False
            gc.collect()
        self._update_chord(dt)
        scenes = self.services.scenes
        top = scenes.top
        if top is None:
            return
        if self.attract:
            self._update_attract(top)
            return
        names = {s.name for s in scenes.stack}
        cfg = self.config
        if top.name in ADMIN_SCENES or AdminScene.name in names:  # settings opened from the admin
            if self.idle >= min(ADMIN_IDLE_S, cfg.idle_in_game_s):
                self._admin_left_open(top.name)
        elif names & set(ids()):
            if top.name != STILL and self.idle >= cfg.idle_in_game_s:
                LOG.info("kiosk: %.0f s without input in a game: 'Still playing?'", self.idle)
                scenes.push(StillPlayingScene, seconds=cfg.still_playing_s, station=self)
        elif top.name == "title":
            if self.idle >= cfg.attract_after_s:
                self.start_attract()
        elif self.idle >= cfg.idle_in_game_s:
            self.to_title(f"nobody used the {top.name} screen")

    def _admin_left_open(self, screen: str) -> None:
        """Nobody used an admin screen for a while: attract mode, so that no visitor finds Quit
        or Settings (a game beneath is abandoned, as the operator walked away from it)."""
        LOG.info("kiosk: %.0f s without input on the %s screen (admin); attract mode",
                 self.idle, screen)  # fmt: skip
        self.start_attract()

    def _update_chord(self, dt: float) -> None:
        if set(self.config.admin_keys) <= self.held:
            self.hold += dt
            if self.hold >= self.config.admin_hold_s and not self.fired:
                self.fired = True
                self.open_pin("the key chord")
        else:
            self.hold = 0.0
            self.fired = False

    def _update_attract(self, top: Scene) -> None:
        if top.name in ids():
            if top.time.now >= DEMO_MAX_SECONDS:  # the demo's own time, from its start
                LOG.info("kiosk: the %s demo reached the demo cap; next demo", top.name)
                self.demos_capped += 1
                self.next_demo()
        elif top.name == "results":
            if top.time.now >= RESULTS_SECONDS:
                self.next_demo()

    # ---- modes --------------------------------------------------------------------------------
    def start_attract(self) -> None:
        LOG.info("kiosk: attract mode")
        self.mode = "attract"
        self._restore_language()
        self._show_pointer(False)
        self.services.scenes.reset(AttractScene, station=self)

    def stop_attract(self) -> None:
        LOG.info("kiosk: a visitor; back to the title")
        self.mode = "visitor"
        self.idle = 0.0
        self.services.menus.title()

    def next_demo(self) -> None:
        self.services.scenes.reset(AttractScene, station=self)

    def next_demo_config(self) -> GameConfig:
        return self.rotation.next_config()

    def to_title(self, why: str) -> None:
        LOG.info("kiosk: back to the title (%s)", why)
        self.mode = "visitor"
        self.idle = 0.0
        self._restore_language()
        self.services.menus.title()

    def give_up(self) -> None:
        """Nobody answered "Still playing?": the game is abandoned."""
        self.to_title("nobody answered 'Still playing?'")

    def _restore_language(self) -> None:
        """Back to the kiosk's own language after a visitor picked another flag."""
        self.services.settings_store.restore_language()

    def open_admin(self) -> None:
        """The admin menu, after the right PIN only: without the gate's pass, the PIN pad."""
        top = self.services.scenes.top
        if top is not None and top.name == AdminScene.name:
            return
        if not self.gate.take_pass():
            LOG.warning("kiosk: the admin menu was asked for without the PIN")
            self.open_pin("a request without the PIN")
            return
        LOG.info("kiosk: admin menu opened")
        self._admitting = True
        if self.attract:
            self.stop_attract()
        elif top is not None and top.name == PinScene.name:
            self.services.scenes.pop()
        self.services.scenes.push(AdminScene, station=self)

    def open_pin(self, how: str) -> None:
        top = self.services.scenes.top
        if top is not None and top.name in ADMIN_SCENES:
            return
        LOG.info("kiosk: the PIN pad opened (%s)", how)
        if self.attract:
            self.stop_attract()
        self.services.scenes.push(PinScene, station=self)

    def quit(self) -> None:
        """The admin menu's quit: the one way (besides --quit-after) to end a kiosk run."""
        LOG.info("kiosk: the admin quit")
        self.quit_requested = True
        self.services.quit(operator=True)

    # ---- statistics ---------------------------------------------------------------------------
    def scene_entered(self, scene: Scene) -> None:
        if scene.name == AdminScene.name:
            self._guard_admin()
        elif scene.name == "settings":
            self._guard_settings()
        config = getattr(scene, "config", None)
        if scene.name not in ids() or not isinstance(config, GameConfig):
            return
        kinds = [seat.kind for seat in config.seats]
        if self.attract:
            self.demos_started += 1
            self.recent_demos.append(f"{config.game}/{config.variant}")
        elif HUMAN not in kinds:
            return  # statistics are about visitors
        row = self.stats.started(config.game, config.variant, kinds, attract=self.attract)
        self.rows[id(scene)] = row

    def _guard_admin(self) -> None:
        """The admin scene opens only through ``open_admin``, i.e. after the right PIN."""
        if not self._admitting:
            LOG.warning("kiosk: the admin menu opened without the PIN; closed at once")
            self.services.scenes.pop()
        self._admitting = False

    def _guard_settings(self) -> None:
        """The settings (full screen among them) are the operator's: they open only over the
        admin menu. Back and Settings pressed in one frame there would otherwise close the
        menu first and open the settings over the title, for the next visitor."""
        stack = self.services.scenes.stack
        if len(stack) < 2 or stack[-2].name != AdminScene.name:
            LOG.warning("kiosk: the settings opened without the admin menu beneath; closed at once")
            self.services.scenes.pop()

    def scene_left(self, scene: Scene) -> None:
        if scene.name in ids():
            self._collect = True
        row = self.rows.pop(id(scene), None)
        if row is not None:
            LOG.info("kiosk: %s game abandoned", scene.name)
            self.stats.abandoned(row)

    def game_over(self, config: GameConfig, outcome: dict[str, Any]) -> None:
        stack = self.services.scenes.stack
        scene = next((s for s in reversed(stack) if getattr(s, "config", None) is config), None)
        row = self.rows.pop(id(scene), None) if scene is not None else None
        if self.attract:
            self.demos_finished += 1
        if row is None:
            return
        seats = config.seats
        winners = [seats[i].kind for i in outcome.get("winners") or [] if 0 <= i < len(seats)]
        self.stats.finished(row, winners)

    def close(self) -> None:
        """The run ends: a game still open is abandoned, the statistics are closed."""
        for scene in self.services.scenes.stack:
            self.scene_left(scene)
        self.stats.close()

    def _report(self, problem: object, key: str) -> None:
        """A damaged file: in the log and the admin menu; visitors see nothing of it."""
        LOG.warning("kiosk: %s", problem)
        self.problems.append(tr(key, detail=str(problem)))

    # ---- errors -------------------------------------------------------------------------------
    def scene_error(self, text: str) -> bool:
        """A scene raised: log it, tell the visitors briefly, start again at the title."""
        pause = self._note_error("scene error", text)
        self.services.toast(tr("kiosk.error"), 5.0, once=True)
        self.recover()
        if pause:
            self.services.stop.sleep(pause)  # a SIGTERM meanwhile ends the pause at once
        return True

    def fatal(self, text: str) -> bool:
        """The loop itself raised (drawing, the display): log it and start again."""
        pause = self._note_error("loop error", text)
        self._reopen_display()
        self.recover()
        if pause:
            self.services.stop.sleep(pause)  # a SIGTERM meanwhile ends the pause at once
        return True

    def _note_error(self, what: str, text: str) -> float:
        """Log an error (in full only the first few a minute); the pause a crash loop needs."""
        now = time.monotonic()
        self.errors.append(now)
        while self.errors and now - self.errors[0] > ERROR_WINDOW_S:
            self.errors.popleft()
        self.error_count += 1
        n = len(self.errors)
        if n <= FULL_TRACEBACKS:
            LOG.error("kiosk: %s, back to the title:\n%s", what, text)
        else:
            last = text.strip().splitlines()[-1] if text.strip() else what
            LOG.error("kiosk: %s again (%d in the last minute): %s", what, n, last)
        if n < CRASH_LOOP:
            return 0.0
        pause = min(MAX_PAUSE_S, 2.0 ** (n - CRASH_LOOP))
        LOG.error("kiosk: crash loop (%d errors in a minute): waiting %.0f s", n, pause)
        return pause

    def recover(self) -> None:
        """Close every scene (an error in closing one is logged) and open the title."""
        scenes = self.services.scenes
        scenes.clear_pending()
        while scenes.stack:
            scene = scenes.stack.pop()
            self.scene_left(scene)
            try:
                scene.exit()
            except Exception:
                LOG.exception("kiosk: the %s scene failed to close", scene.name)
        self.mode = "visitor"
        self.idle = 0.0
        self._restore_language()
        self.services.menus.title()

    def _reopen_display(self) -> None:
        try:
            self.services.reopen_display()
        except pygame.error:
            LOG.exception("kiosk: the display could not be opened again")

    # ---- drawing ------------------------------------------------------------------------------
    def pace(self) -> float:
        return 60.0 if self.attract or self.hold else 0.0  # the banner's ripple, the chord's bar

    def draw(self, surface: pygame.Surface) -> None:
        if self.attract:
            self._draw_banner(surface)
        if self.hold >= HOLD_SHOWN_AFTER and not self.fired:
            self._draw_hold(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """A band along the bottom: "Touch to play", in each flag's language in turn."""
        w, h = surface.get_size()
        band = pygame.Rect(0, h - BANNER_H, w, BANNER_H)
        surface.blit(_band(band.size), band)
        languages = self.config.languages
        lang = languages[int(self.services.clock.now / BANNER_LANGUAGE_S) % len(languages)]
        words = i18n.load_language(lang).get("kiosk.touch_to_play")  # a text, never plurals
        if not isinstance(words, str) or not words:
            words = tr("kiosk.touch_to_play")
        size = 84
        width = theme.font(size, True).size(words)[0]
        flag = pygame.Rect(0, 0, 150, 100)
        total = 150 + 48 + width
        flag.midleft = (w // 2 - total // 2, band.centery)
        draw_flag(surface, lang, flag)
        text_pos = (flag.right + 48, band.centery)
        theme.text(surface, words, text_pos, size, theme.WHITE, True, "midleft", True)
        ripple_at = (text_pos[0] + width + 110, band.centery)
        # reduced motion: the rings stand still
        _draw_ripple(surface, ripple_at, theme.idle(self.services.clock.now))

    def _draw_hold(self, surface: pygame.Surface) -> None:
        """A thin bar at the top while the admin chord is held."""
        share = min(1.0, self.hold / self.config.admin_hold_s)
        bar = pygame.Rect(0, 0, 600, 14)
        bar.midtop = (surface.get_width() // 2, 8)
        pygame.draw.rect(surface, (20, 28, 44), bar, border_radius=7)
        fill = bar.copy()
        fill.width = max(14, round(bar.width * share))
        pygame.draw.rect(surface, theme.palette().accent, fill, border_radius=7)


BANNER_H = 160
BANNER_LANGUAGE_S = 4.0


@lru_cache(maxsize=4)
def _band(size: tuple[int, int]) -> pygame.Surface:
    """The banner's translucent band with a bright top edge."""
    band = pygame.Surface(size, pygame.SRCALPHA)
    band.fill((10, 16, 30, 228))
    pygame.draw.rect(band, theme.palette().accent, (0, 0, size[0], 6))
    return band


def _draw_ripple(surface: pygame.Surface, centre: tuple[int, int], seconds: float) -> None:
    """A fingertip with rings spreading from it: "touch here"."""
    x, y = centre
    for k in range(2):
        phase = (seconds * 0.8 + k / 2) % 1.0
        radius = round(24 + 44 * phase)
        shade = round(255 * (1 - phase))
        pygame.draw.circle(surface, (shade, round(shade * 0.77), round(shade * 0.18)), (x, y),
                           radius, 5)  # fmt: skip
    pygame.draw.circle(surface, theme.palette().accent, (x, y), 20)
    pygame.draw.circle(surface, theme.WHITE, (x, y), 20, 4)
    pulse = 0.5 + 0.5 * math.sin(seconds * 4)
    pygame.draw.circle(surface, theme.WHITE, (x, y), round(6 + 3 * pulse))

