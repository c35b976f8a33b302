"""A seeded monkey: random keys, text, mouse, touch, wheel and gamepad events, in bursts, through
every scene there is (the kiosk's too), starting it again whenever the monkey has left it.

Nothing may raise (the Apps re-raise every scene error). In kiosk mode the monkey also watches
for an escape after every frame (``escape``): the kiosk never stops, never shows the admin menu
or the settings without the PIN, and never shows a visitor a control that leads to the desktop
(Quit, Settings). A kiosk that stops is a failure, not a reason to start it again; only the
admin menu the monkey itself opened with the PIN (the ``kiosk_admin`` start) may quit.

CI runs ``SHORT_EVENTS`` per scene; ``python -m pytest tests/engine/test_monkey.py --full`` runs
``FULL_EVENTS`` (100,000) per scene, split between a scene's starts (``share``: the set-up
screen of three games, say). Each scene's generator is seeded from its name, so a failure names
the scene and the event and replays with the same command (the computer players' timing aside,
which is wall-clock).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_support import close, finished

from game import i18n
from game.app import STEP, App, Options
from game.engine.intents import Kind
from game.engine.policy import Offer
from game.engine.scenes import Scene
from game.games.nanuuk.editor import NanuukEditorScene
from game.kiosk.admin import AdminScene, PinScene
from game.kiosk.attract import AttractScene
from game.kiosk.controller import Kiosk
from game.kiosk.still import StillPlayingScene
from game.menus import title as title_menu
from game.menus.handoff import HandoffScene
from game.menus.keyboard import KeyboardScene
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.replay import ReplayScene
from game.menus.results import ResultsScene
from game.menus.rules_help import RulesHelpScene
from game.menus.saves_list import LibraryScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.play import saves
from game.play.config import GameConfig, Seat
from tests.scenes_support import table_class

SHORT_EVENTS = 1_000
FULL_EVENTS = 100_000
SPEED = 3.0  # logic steps per frame: bots and animations move on between the bursts

KEYS = [
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
    pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_a, pygame.K_7, pygame.K_F11,
    pygame.K_h, pygame.K_HOME, pygame.K_END, pygame.K_2, pygame.K_4, pygame.K_DELETE, pygame.K_q,
    pygame.K_F4, pygame.K_k, pygame.K_LCTRL, pygame.K_LSHIFT,
]  # fmt: skip
MODS = [0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LALT]
PAD = [
    pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_START,
    pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_DPAD_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
]  # fmt: skip
TEXT = "aeinrstAZäöüßé 1'-"


def seats(*kinds: str) -> tuple[Seat, ...]:
    names, colours = ("Anna", "Ben", "Cleo", "Dirk"), ("red", "blue", "green", "yellow")
    return tuple(Seat(names[i], k, colours[i]) for i, k in enumerate(kinds))


TWO_HUMANS = GameConfig("bergruft", "standard", seats("human", "human"), seed=1)
MIXED = GameConfig("bergruft", "standard", seats("human", "easy", "normal"), seed=2)
KAPHOORN = GameConfig(
    "kaphoorn", "standard", seats("human", "human", "easy"), seed=3, options={"rounds": 6}
)
# Under an overlay that almost any input closes (pause, "Still playing?") the game is started
# again and again: people only, so that is not a bot process started each time.
KAPHOORN_PEOPLE = GameConfig("kaphoorn", "standard", seats("human", "human", "human"), seed=6)
NANUUK_INTRO = GameConfig("nanuuk", "intro", seats("human", "human"), seed=4)
NANUUK_FULL = GameConfig("nanuuk", "full", seats("human", "easy", "human"), seed=5)
OUTCOME = {
    "game": "bergruft", "variant": "standard", "seed": 1, "players": ["Anna", "Ben"],
    "kinds": ["human", "human"], "colours": ["red", "blue"], "scores": [12, 0],
    "ranking": [1, 0], "winners": [1], "reason": "avalanche", "turns": 9,
    "details": [
        {"peter": 9, "heidi": 5, "free_steps": 3, "stones": 4},
        {"peter": 17, "heidi": 16, "free_steps": 0, "stones": 2},
    ],
}  # fmt: skip


@dataclass(frozen=True)
class Start:
    """A scene to monkey with: what to open (beneath it first, for an overlay) and its share
    of the scene's events (a scene tried from two starts splits them)."""

    scene: str
    opens: tuple[tuple[Any, Callable[[App], dict[str, Any]]], ...]
    kiosk: bool = False
    share: float = 1.0
    id: str = field(default="")

    @property
    def name(self) -> str:
        return self.id or (f"kiosk-{self.scene}" if self.kiosk else self.scene)


def opens(*steps: tuple[Any, dict[str, Any] | Callable[[App], dict[str, Any]]]):
    """The scenes a start opens, each (its class, its arguments or a function of the app that
    gives them)."""
    return tuple(
        (scene, data if callable(data) else (lambda app, d=data: d)) for scene, data in steps
    )


def handoff_data(app: App) -> dict[str, Any]:
    return {"title": "Anna", "message": "Pass the device to Anna", "button": "OK",
            "game": "bergruft"}  # fmt: skip


def station(app: App) -> dict[str, Any]:
    """A kiosk scene's arguments: the kiosk that opens it."""
    return {"station": app.kiosk}


BERGRUFT, KAPHOORN_TABLE, NANUUK = (table_class(g) for g in ("bergruft", "kaphoorn", "nanuuk"))
STARTS = [
    Start("title", opens((TitleScene, {})), share=0.5),
    Start("picker", opens((PickerScene, {}))),
    Start("setup", opens((SetupScene, {"game": "bergruft"})), share=1 / 3),
    Start("setup", opens((SetupScene, {"game": "nanuuk"})), share=1 / 3, id="setup-nanuuk"),
    Start("settings", opens((SettingsScene, {}))),
    Start("rules_help", opens((RulesHelpScene, {"game": "kaphoorn"}))),
    Start("results", opens((ResultsScene, {"config": TWO_HUMANS, "outcome": OUTCOME}))),
    Start("bergruft", opens((BERGRUFT, {"config": TWO_HUMANS})), share=0.5),
    Start("bergruft", opens((BERGRUFT, {"config": MIXED})), share=0.5, id="bergruft-ai"),
    Start("kaphoorn", opens((KAPHOORN_TABLE, {"config": KAPHOORN}))),
    Start("nanuuk", opens((NANUUK, {"config": NANUUK_INTRO})), share=0.5),
    Start("nanuuk", opens((NANUUK, {"config": NANUUK_FULL})), share=0.5, id="nanuuk-full"),
    Start("nanuuk_editor", opens((NanuukEditorScene, {"players": 3}))),
    Start("handoff", opens((BERGRUFT, {"config": TWO_HUMANS}), (HandoffScene, handoff_data))),
    Start(
        "pause",
        opens((KAPHOORN_TABLE, {"config": KAPHOORN_PEOPLE}), (PauseScene, {"game": "kaphoorn"})),
    ),
    Start("library", opens((LibraryScene, {"tab": "replays"}))),
    Start(
        "replay",
        opens((TitleScene, {}), (ReplayScene, lambda app: {"record": finished(TWO_HUMANS, 1)})),
    ),  # fmt: skip
    Start("title", opens((TitleScene, {})), kiosk=True, share=0.5),
    Start("setup", opens((SetupScene, {"game": "kaphoorn"})), kiosk=True, share=1 / 3),
    Start("kiosk_attract", opens((AttractScene, station)), kiosk=True),
    Start(
        "kiosk_still",
        opens((BERGRUFT, {"config": TWO_HUMANS}), (StillPlayingScene, station)),
        kiosk=True,
    ),  # fmt: skip
    Start("kiosk_pin", opens((TitleScene, {}), (PinScene, station)), kiosk=True),
    Start("kiosk_admin", opens((TitleScene, {})), kiosk=True),  # through the PIN, see below
    Start(
        "kiosk_keyboard",
        opens((SetupScene, {"game": "bergruft"}), (KeyboardScene, {"text": "Player 1"})),
        kiosk=True,
    ),  # fmt: skip
]


def random_event(rng: random.Random) -> pygame.event.Event:
    roll = rng.random()
    pos = (rng.randrange(1920), rng.randrange(1080))
    if roll < 0.3:
        key = rng.choice(KEYS)
        kind = pygame.KEYDOWN if rng.random() < 0.8 else pygame.KEYUP
        return pygame.event.Event(kind, key=key, mod=rng.choice(MODS), scancode=0,
                                  unicode=chr(key) if key < 127 else "")  # fmt: skip
    if roll < 0.37:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXT))
    if roll < 0.57:
        kind = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION])
        if kind == pygame.MOUSEMOTION:
            rel = (rng.randint(-40, 40), rng.randint(-40, 40))
            return pygame.event.Event(kind, pos=pos, rel=rel, buttons=(0, 0, 0))
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 3, 4]))
    if roll < 0.6:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    if roll < 0.75:
        kind = rng.choice([pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION])
        return pygame.event.Event(
            kind, touch_id=1, finger_id=rng.randrange(3), x=rng.random(), y=rng.random(),
            dx=0.0, dy=0.0, pressure=1.0,
        )  # fmt: skip
    if roll < 0.92:
        return pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=rng.choice(PAD)
        )
    if roll < 0.995:
        axis = rng.choice([pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY])
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=rng.randint(-32768, 32767)
        )
    return pygame.event.Event(rng.choice([pygame.QUIT, pygame.WINDOWFOCUSLOST]))


def events_per_scene(config: pytest.Config) -> int:
    return FULL_EVENTS if config.getoption("--full") else SHORT_EVENTS


# The kiosk_admin start's way in, written into the monkey's own kiosk.toml (so it does not
# depend on any PIN built in): eight digits, which random taps and keys never type in order.
MONKEY_PIN = "80517396"
KIOSK_TOML = f'attract_after_s = 30\nidle_in_game_s = 60\nadmin_pin = "{MONKEY_PIN}"\n'


def make_app(folder: Path, kiosk: bool) -> App:
    i18n.set_language("en")
    folder.mkdir(parents=True, exist_ok=True)
    saves.write_replay(folder, finished(MIXED, 7))  # the replays list has one to open
    if kiosk:
        (folder / "kiosk.toml").write_text(KIOSK_TOML)
    options = Options(data_dir=folder, raise_errors=True, size=(1920, 1080), fullscreen=False,
                      kiosk=kiosk, speed=SPEED)  # fmt: skip
    app = App(options)
    app.start()
    return app


def open_start(app: App, start: Start) -> Scene | None:
    """Clear everything and open the start's scenes; for ``kiosk_admin`` the admin menu
    through the PIN pad's gate, which is returned: the one admin menu the monkey may see."""
    app.running = True
    (first, data), *more = start.opens
    app.scenes.reset(first, **data(app))
    for scene, data in more:
        app.scenes.push(scene, **data(app))
    app.scenes.apply_pending()
    if start.scene != "kiosk_admin":
        return None
    kiosk = app.kiosk
    assert kiosk is not None
    kiosk.quit_requested = False  # the last round's admin may have quit
    if kiosk.gate.wait_s() > 0:
        # The monkey locked the pad itself (the corner taps open it over the settings, then
        # wrong digits): it waits on the title, as the operator would, and tries again.
        return None
    assert kiosk.gate.try_pin(MONKEY_PIN).admitted, "the monkey's own PIN was refused"
    kiosk.open_admin()
    app.scenes.apply_pending()
    admitted = app.scenes.top
    assert admitted is not None and admitted.name == "kiosk_admin"
    return admitted


# ---- what a kiosk must never let a visitor do ----------------------------------------------------
# The screens behind the PIN: the admin menu and the settings it opens (full screen, language).
OPERATOR_SCENES = frozenset({"kiosk_admin", "settings"})
# The controls that lead to the desktop, by their translation keys: Quit and Settings as the
# desktop's title and pause menu have them, and the admin menu's own.
DESKTOP_KEYS = ("title.quit", "title.settings", "pause.settings", "kiosk.admin.quit",
                "kiosk.admin.settings")  # fmt: skip


def desktop_labels() -> frozenset[str]:
    """Every language's label of each desktop-facing control (a visitor may have switched the
    language with a flag)."""
    tables = [i18n.load_language(lang) for lang in i18n.LANGUAGES]
    return frozenset(str(table[key]) for table in tables for key in DESKTOP_KEYS)


def desktop_controls(scene: Scene) -> list[str]:
    """The labels of the desktop-facing controls ``scene`` offers."""
    labels = desktop_labels()
    ring = getattr(scene, "ring", None)
    texts = [getattr(item.element, "text", "") for item in ring.items] if ring else []
    return [text for text in texts if text in labels]


def escape(app: App, admitted: Scene | None, was_open: bool = False) -> str | None:
    """How the kiosk let go, or None. ``admitted``: the admin menu the monkey opened with the
    PIN; while it is open, it and what lies above it are the operator's, and a quit while it
    is open (``was_open``: at the frame's start, the quit may have closed it since) may stop
    the kiosk. Everything else is a visitor's, who may do neither."""
    stack = app.scenes.stack
    operator = next((i for i, s in enumerate(stack) if s is admitted), None)
    visitors = stack if operator is None else stack[:operator]
    admin_open = was_open or operator is not None
    admin_quit = admin_open and app.kiosk is not None and app.kiosk.quit_requested
    if not admin_quit:
        if app.stop.requested or app.policy.may_stop():
            return "the kiosk stopped (it may stop without the admin's quit)"
        if not app.running:
            return "the kiosk was told to stop (a quit reached the App)"
    for scene in visitors:
        if scene.name in OPERATOR_SCENES:
            return f"the {scene.name} screen opened without the PIN"
        shown = desktop_controls(scene)
        if shown:
            return f"the {scene.name} screen shows desktop-facing controls: {shown}"
    return None


def bursts(rng: random.Random, total: int) -> Iterator[list[pygame.event.Event]]:
    """``total`` events in bursts of 1 to 16, as fast hands and a fast mouse give them."""
    sent = 0
    while sent < total:
        size = min(total - sent, rng.choice([1, 2, 4, 8, 16]))
        yield [random_event(rng) for _ in range(size)]
        sent += size


@dataclass
class Tally:
    sent: int = 0
    restarts: int = 0
    admin_quits: int = 0


def play_burst(app: App, burst: list[pygame.event.Event], frames: int, admitted: Scene | None,
               kiosk: bool) -> str | None:  # fmt: skip
    """Post ``burst``, then ``frames`` frames; a kiosk is watched after each (``escape``)."""
    for event in burst:
        pygame.event.post(event)
    for _ in range(frames):
        was_open = any(scene is admitted for scene in app.scenes.stack)
        app.frame(STEP)
        problem = escape(app, admitted, was_open) if kiosk else None
        if problem is not None:
            return problem
    return None


def monkey(
    app: App, start: Start, rng: random.Random, feed: Iterable[list[pygame.event.Event]]
) -> Tally:
    """Send every burst of ``feed``, one or two frames after each. A desktop App (or the
    operator's admin menu) that quits, or a monkey that left the scene: start it again. A
    kiosk that lets go, or any error, fails at once, naming the event."""
    tally = Tally()
    admitted = open_start(app, start)
    for burst in feed:
        at = f"{start.name}: event {tally.sent + len(burst)}"
        try:
            problem = play_burst(app, burst, rng.choice([1, 1, 2]), admitted, start.kiosk)
        except Exception as exc:
            raise AssertionError(f"{at} raised {exc!r}") from exc
        if problem is not None:
            raise AssertionError(f"{at}: {problem}")
        tally.sent += len(burst)
        if start.kiosk and not app.running:
            tally.admin_quits += 1  # escape() let it pass: the admin's quit, behind the PIN
        if not app.running or start.scene not in {s.name for s in app.scenes.stack}:
            tally.restarts += 1  # the monkey left the scene (or quit): back into it
            admitted = open_start(app, start)
    return tally


@pytest.mark.parametrize("start", STARTS, ids=[s.name for s in STARTS])
def test_monkey_never_crashes_nor_escapes(tmp_path, request, start):
    total = round(events_per_scene(request.config) * start.share)
    rng = random.Random(f"monkey:{start.name}")
    app = make_app(tmp_path / "data", start.kiosk)
    try:
        tally = monkey(app, start, rng, bursts(rng, total))
        alive = app.scenes.top is not None
    finally:
        close(app)
        pygame.event.clear()
    kiosk = f", {tally.admin_quits} admin quits, 0 escapes" if start.kiosk else ""
    print(f"\nmonkey {start.name}: {tally.sent} of {total} events, {tally.restarts} restarts, "
          f"0 exceptions{kiosk}")  # fmt: skip
    assert tally.sent == total and alive


# ---- the watch itself: a kiosk that lets go fails the monkey, so its checks are not vacuous ------
KIOSK_TITLE = next(s for s in STARTS if s.name == "kiosk-title")
KIOSK_ADMIN = next(s for s in STARTS if s.name == "kiosk-kiosk_admin")


def run_monkey(folder: Path, start: Start, feed: list[list[pygame.event.Event]]) -> Tally:
    app = make_app(folder, kiosk=True)
    try:
        return monkey(app, start, random.Random(0), feed)
    finally:
        close(app)
        pygame.event.clear()


def key(code: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(kind, key=code, mod=0, scancode=0, unicode="")
            for kind in (pygame.KEYDOWN, pygame.KEYUP)]  # fmt: skip


def click(pos: tuple[int, int]) -> list[list[pygame.event.Event]]:
    """A mouse click as bursts: down, then up, then a frame for the button's press event."""
    down = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]  # fmt: skip
    return [down, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], [], []]


@pytest.mark.parametrize(
    "let_go",
    [
        # the window's close reaches the App instead of being swallowed
        lambda self, intent: False if intent.kind is Kind.QUIT else Kiosk.intercept(self, intent),
        None,
    ],
    ids=["quit-reaches-the-app", "quit-taken-for-the-admins"],
)
def test_the_monkey_fails_a_kiosk_that_a_quit_stops(tmp_path, monkeypatch, let_go):
    feed = [[pygame.event.Event(pygame.QUIT)], []]
    held = run_monkey(tmp_path / "held", KIOSK_TITLE, feed)
    assert held.restarts == 0 and held.sent == 1  # today's kiosk swallows it
    if let_go is not None:
        monkeypatch.setattr(Kiosk, "intercept", let_go)
    else:  # a visitor's quit attempt ends the run as the admin's quit does
        monkeypatch.setattr(Kiosk, "_quit_attempt", lambda self, how: self.quit())
    with pytest.raises(AssertionError, match="kiosk-title: event 1: the kiosk (stopped|was told)"):
        run_monkey(tmp_path / "let-go", KIOSK_TITLE, feed)


@pytest.mark.parametrize(
    ("scene", "guard"), [("kiosk_admin", "_guard_admin"), ("settings", "_guard_settings")]
)
def test_the_monkey_fails_a_kiosk_that_opens_an_admin_screen_without_the_pin(
    tmp_path, monkeypatch, scene, guard
):
    # a button that skips the PIN pad (here: the title's Play, focused at the start) ...
    opened = {"kiosk_admin": AdminScene, "settings": SettingsScene}[scene]
    monkeypatch.setattr(TitleScene, "play", lambda self: self.services.scenes.push(opened))
    held = run_monkey(tmp_path / "held", KIOSK_TITLE, [key(pygame.K_RETURN), []])
    assert held.restarts == 0  # ... is caught by the kiosk's own guard today
    monkeypatch.setattr(Kiosk, guard, lambda self: None)  # the guard gone
    with pytest.raises(AssertionError, match=f"the {scene} screen opened without the PIN"):
        run_monkey(tmp_path / "let-go", KIOSK_TITLE, [key(pygame.K_RETURN), []])


def test_the_monkey_fails_a_kiosk_whose_title_shows_quit_and_settings(tmp_path, monkeypatch):
    monkeypatch.setattr(title_menu, "offer", lambda services: Offer())  # the desktop's title
    shows = r"title screen shows desktop-facing controls: \['Settings', 'Quit'\]"
    with pytest.raises(AssertionError, match=shows):
        run_monkey(tmp_path / "data", KIOSK_TITLE, [[]])


def test_the_admin_menu_opened_with_the_pin_may_quit_the_kiosk(tmp_path):
    """The one stop the monkey allows: the admin's Quit, behind the PIN (then it starts the
    admin menu again, through the PIN)."""
    app = make_app(tmp_path / "data", kiosk=True)
    try:
        admin = open_start(app, KIOSK_ADMIN)
        assert admin is not None and desktop_controls(admin) == ["Settings", "Quit Speltafel"]
        tally = monkey(app, KIOSK_ADMIN, random.Random(0), click(admin.quit_button.rect.center))
    finally:
        close(app)
        pygame.event.clear()
    assert tally.admin_quits == 1 and tally.restarts == 1


def test_a_pad_the_monkey_locked_itself_leaves_it_waiting_on_the_title(tmp_path):
    app = make_app(tmp_path / "data", kiosk=True)
    try:
        gate = app.kiosk.gate
        while gate.wait_s() == 0:
            gate.try_pin("1")  # wrong digits, as the monkey types them on a pad
        assert open_start(app, KIOSK_ADMIN) is None
        assert [s.name for s in app.scenes.stack] == ["title"]
    finally:
        close(app)
