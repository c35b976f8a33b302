"""A seeded monkey: random keys, text, mouse, touch, wheel and gamepad events, in bursts, through
every scene there is (the kiosk's too), starting it again whenever the monkey has left it.

Nothing may raise (the Apps re-raise every scene error). CI runs ``SHORT_EVENTS`` per scene;
``python -m pytest tests/engine/test_monkey.py --full`` runs ``FULL_EVENTS`` (100,000) per scene,
split between a scene's starts (``share``: the set-up screen of three games, say).
Each scene's generator is seeded from its name, so a failure names the scene and the event and
replays with the same command (the computer players' timing aside, which is wall-clock).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_support import close, finished

from game import i18n
from game.app import STEP, App, Options
from game.persist import saves
from game.session import GameConfig, Seat

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
    opens: tuple[tuple[str, Callable[[], dict[str, Any]]], ...]
    kiosk: bool = False
    share: float = 1.0
    id: str = field(default="")

    @property
    def name(self) -> str:
        return self.id or (f"kiosk-{self.scene}" if self.kiosk else self.scene)


def opens(*steps: tuple[str, dict[str, Any] | Callable[[], dict[str, Any]]]):
    return tuple((name, data if callable(data) else (lambda d=data: d)) for name, data in steps)


def handoff_data() -> dict[str, Any]:
    return {"title": "Anna", "message": "Pass the device to Anna", "button": "OK",
            "game": "bergruft"}  # fmt: skip


STARTS = [
    Start("title", opens(("title", {})), share=0.5),
    Start("picker", opens(("picker", {}))),
    Start("setup", opens(("setup", {"game": "bergruft"})), share=1 / 3),
    Start("setup", opens(("setup", {"game": "nanuuk"})), share=1 / 3, id="setup-nanuuk"),
    Start("settings", opens(("settings", {}))),
    Start("rules_help", opens(("rules_help", {"game": "kaphoorn"}))),
    Start("results", opens(("results", {"config": TWO_HUMANS, "outcome": OUTCOME}))),
    Start("bergruft", opens(("bergruft", {"config": TWO_HUMANS})), share=0.5),
    Start("bergruft", opens(("bergruft", {"config": MIXED})), share=0.5, id="bergruft-ai"),
    Start("kaphoorn", opens(("kaphoorn", {"config": KAPHOORN}))),
    Start("nanuuk", opens(("nanuuk", {"config": NANUUK_INTRO})), share=0.5),
    Start("nanuuk", opens(("nanuuk", {"config": NANUUK_FULL})), share=0.5, id="nanuuk-full"),
    Start("nanuuk_editor", opens(("nanuuk_editor", {"players": 3}))),
    Start("handoff", opens(("bergruft", {"config": TWO_HUMANS}), ("handoff", handoff_data))),
    Start(
        "pause", opens(("kaphoorn", {"config": KAPHOORN_PEOPLE}), ("pause", {"game": "kaphoorn"}))
    ),
    Start("library", opens(("library", {"tab": "replays"}))),
    Start("replay", opens(("title", {}), ("replay", lambda: {"record": finished(TWO_HUMANS, 1)}))),
    Start("title", opens(("title", {})), kiosk=True, share=0.5),
    Start("setup", opens(("setup", {"game": "kaphoorn"})), kiosk=True, share=1 / 3),
    Start("kiosk_attract", opens(("kiosk_attract", {})), kiosk=True),
    Start(
        "kiosk_still", opens(("bergruft", {"config": TWO_HUMANS}), ("kiosk_still", {})), kiosk=True
    ),
    Start("kiosk_pin", opens(("title", {}), ("kiosk_pin", {})), kiosk=True),
    Start("kiosk_admin", opens(("title", {})), kiosk=True),  # through the PIN, see below
    Start(
        "kiosk_keyboard",
        opens(("setup", {"game": "bergruft"}), ("kiosk_keyboard", {"text": "Player 1"})),
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


def make_app(folder: Path, kiosk: bool) -> App:
    i18n.set_language("en")
    folder.mkdir(parents=True, exist_ok=True)
    saves.write_replay(folder, finished(MIXED, 7))  # the replays list has one to open
    if kiosk:
        (folder / "kiosk.toml").write_text("attract_after_s = 30\nidle_in_game_s = 60\n")
    options = Options(data_dir=folder, raise_errors=True, size=(1920, 1080), fullscreen=False,
                      kiosk=kiosk, speed=SPEED)  # fmt: skip
    app = App(options)
    app.start()
    return app


def open_start(app: App, start: Start) -> None:
    """Clear everything and open the start's scenes (the admin menu through its PIN)."""
    app.running = True
    (first, data), *more = start.opens
    app.scenes.reset(first, **data())
    for name, data in more:
        app.scenes.push(name, **data())
    app.scenes.apply_pending()
    if start.scene == "kiosk_admin":
        app.kiosk.gate.try_pin(app.kiosk.config.admin_pin)
        app.kiosk.open_admin()
        app.scenes.apply_pending()


def bursts(rng: random.Random, total: int) -> Iterator[list[pygame.event.Event]]:
    """``total`` events in bursts of 1 to 16, as fast hands and a fast mouse give them."""
    sent = 0
    while sent < total:
        size = min(total - sent, rng.choice([1, 2, 4, 8, 16]))
        yield [random_event(rng) for _ in range(size)]
        sent += size


@pytest.mark.parametrize("start", STARTS, ids=[s.name for s in STARTS])
def test_monkey_never_crashes(tmp_path, request, start):
    total = round(events_per_scene(request.config) * start.share)
    rng = random.Random(f"monkey:{start.name}")
    app = make_app(tmp_path / "data", start.kiosk)
    sent = restarts = 0
    try:
        open_start(app, start)
        for burst in bursts(rng, total):
            for event in burst:
                pygame.event.post(event)
            for _ in range(rng.choice([1, 1, 2])):
                app.frame(STEP)
            sent += len(burst)
            if not app.running or start.scene not in {s.name for s in app.scenes.stack}:
                restarts += 1  # the monkey left the scene (or quit): back into it
                open_start(app, start)
        alive = app.scenes.top is not None
    except Exception as exc:
        raise AssertionError(f"{start.name}: event {sent} of {total} raised {exc!r}") from exc
    finally:
        close(app)
        pygame.event.clear()
    print(f"\nmonkey {start.name}: {sent} events, {restarts} restarts, 0 exceptions")
    assert sent == total and alive
