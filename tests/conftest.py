"""Shared test set-up: every test runs without a screen or a sound card."""

import os
import random
import secrets
import zlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        help="the full long runs: the monkey's 100,000 events per scene and the kiosk soak's "
        "8 hours of attract mode (CI runs their short versions); see the README",
    )
    parser.addoption(
        "--real-speed-minutes",
        type=float,
        default=None,
        metavar="MINUTES",
        help="run the kiosk soak at real speed (speed 1) for MINUTES and report its memory as "
        "it is, without a forced collection (--full: 10 minutes; never in CI); see the README",
    )


# the fixtures for every folder: a test once per game, the tests' own games included
# (tests/games_support.py); the scene tests' headless App and a Driver that feeds it input
from tests.games_support import each_game  # noqa: E402, F401
from tests.scenes_support import app, drive, fake_audio  # noqa: E402, F401


@pytest.fixture(autouse=True)
def system_chance(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """What the game draws from the operating system, a table's private key while a person
    plays (``game.protocol.streams``) and the number of "a random game" (``new_seed``), follows
    from the test's name here. Drawn afresh, the computers' play and the deal differed from run
    to run, and a test that failed in one game of twenty failed now and then; so every run of a
    test plays the same games and a failure repeats. A module that needs other draws defines a
    fixture of this name."""
    key = zlib.crc32(request.node.nodeid.encode())
    draws = random.Random(key)
    monkeypatch.setattr(secrets, "randbits", draws.getrandbits)
    monkeypatch.setattr(secrets, "randbelow", draws.randrange)
    return key
