"""A seeded monkey: thousands of random key, mouse, touch and gamepad events through every scene.

Nothing may raise (the fixture's App re-raises every scene error).
"""

import random

import pygame
import pytest

from game.session import GameConfig, Seat

KEYS = [
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
    pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_a, pygame.K_7, pygame.K_F11,
]  # fmt: skip
PAD = [
    pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_START,
    pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
]  # fmt: skip

TWO_HUMANS = GameConfig(
    "bergruft", "standard", (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue")), seed=1
)
MIXED = GameConfig(
    "bergruft",
    "standard",
    (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"), Seat("Cleo", "normal", "green")),
    seed=2,
)
KAPHOORN_HOT_SEAT = GameConfig(
    "kaphoorn",
    "standard",
    (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue"), Seat("Cleo", "easy", "green")),
    seed=3,
    options={"rounds": 6},
)
OUTCOME = {
    "game": "bergruft", "variant": "standard", "seed": 1, "players": ["Anna", "Ben"],
    "kinds": ["human", "human"], "colours": ["red", "blue"], "scores": [12, 0],
    "ranking": [1, 0], "winners": [1], "reason": "avalanche", "turns": 9,
    "details": [
        {"peter": 9, "heidi": 5, "free_steps": 3, "stones": 4},
        {"peter": 17, "heidi": 16, "free_steps": 0, "stones": 2},
    ],
}  # fmt: skip

START = [
    ("title", {}),
    ("picker", {}),
    ("setup", {"game": "bergruft"}),
    ("settings", {}),
    ("rules_help", {"game": "bergruft"}),
    ("results", {"config": TWO_HUMANS, "outcome": OUTCOME}),
    ("bergruft", {"config": TWO_HUMANS}),
    ("bergruft", {"config": MIXED}),
    ("kaphoorn", {"config": KAPHOORN_HOT_SEAT}),
]


def random_event(rng: random.Random) -> pygame.event.Event:
    roll = rng.random()
    pos = (rng.randrange(1920), rng.randrange(1080))
    if roll < 0.35:
        key = rng.choice(KEYS)
        return pygame.event.Event(
            pygame.KEYDOWN, key=key, mod=0, unicode=chr(key) if key < 127 else ""
        )
    if roll < 0.55:
        kind = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION])
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 3, 4]))
    if roll < 0.7:
        kind = rng.choice([pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION])
        return pygame.event.Event(
            kind, touch_id=1, finger_id=rng.randrange(3), x=rng.random(), y=rng.random(),
            dx=0.0, dy=0.0, pressure=1.0,
        )  # fmt: skip
    if roll < 0.9:
        return pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=rng.choice(PAD)
        )
    axis = rng.choice([pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY])
    return pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=rng.randint(-32768, 32767)
    )


@pytest.mark.parametrize(
    ("start", "data"), START, ids=[f"{n}-{i}" for i, (n, _) in enumerate(START)]
)
def test_monkey_never_crashes(drive, start, data):
    app = drive.app
    rng = random.Random(f"monkey:{start}:{sorted(data)}")
    app.scenes.reset(start, **data)
    drive.frames(2)
    for _ in range(600):
        pygame.event.post(random_event(rng))
        drive.frames(rng.choice([1, 1, 2, 6]))
        if not app.running:  # the monkey pressed "Quit" on the title: start again
            app.running = True
            app.scenes.reset(start, **data)
    assert app.scenes.top is not None
