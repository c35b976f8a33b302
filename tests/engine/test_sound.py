"""The synthesised sounds: all there, in the mixer's format, clean at the ends, never blocking."""

import threading

import numpy as np
import pygame
import pytest

from game.engine import sound
from game.engine.sound import Sounds, all_names
from game.engine.sound import synthesise as synthesise_with
from game.engine.sounds import EFFECTS
from game.engine.sounds.dsp import RATE, to_mixer
from game.play.registry import GAMES

AMBIENTS = {game.id: game.ambience() for game in GAMES}  # as the App hands them in
GAME_EFFECTS = {name: recipe for game in GAMES for name, recipe in game.effects().items()}
NAMES = all_names(AMBIENTS, GAME_EFFECTS)


def synthesise(name):
    return synthesise_with(name, AMBIENTS, GAME_EFFECTS)
WANTED = {
    "click", "good", "bad", "rumble", "step", "flag",  # the names callers used before
    "crack", "splash", "harpoon", "card", "sails", "flags", "rockslide",
}  # fmt: skip


def test_each_game_brings_its_own_sounds():
    """The games' effects come from their plugins, none shared by name with another's."""
    per_game = [set(game.effects()) for game in GAMES]
    assert all(per_game) and sum(map(len, per_game)) == len(GAME_EFFECTS)
    assert not set(GAME_EFFECTS) & set(EFFECTS)


def test_every_named_sound_exists():
    assert WANTED <= set(EFFECTS) | set(GAME_EFFECTS)


@pytest.mark.parametrize("name", NAMES)
def test_sound_is_clean_int16_for_the_mixer(name):
    x = synthesise(name)
    assert x.ndim == 1 and x.size > RATE * 0.04 and np.all(np.isfinite(x))
    for channels in (1, 2):
        data = to_mixer(x, 44100, channels)
        assert data.dtype == np.int16
        assert data.shape[1:] == (() if channels == 1 else (2,))
        assert abs(data.shape[0] - x.size * 2) <= 1
        assert int(np.abs(data.astype(np.int32)).max()) < 32767  # headroom: never clipping
    assert np.sqrt(np.mean(x**2)) > 0.01  # not silent


@pytest.mark.parametrize("name", [n for n in NAMES if not n.startswith("ambient:")])
def test_effect_starts_and_ends_at_silence(name):
    x = synthesise(name)
    assert abs(x[0]) < 1e-3 and abs(x[-1]) < 1e-3
    assert np.abs(x[:3]).max() < 0.05 and np.abs(x[-8:]).max() < 0.05


@pytest.mark.parametrize("game", sorted(AMBIENTS))
def test_ambient_loop_is_seamless_and_quiet(game):
    x = synthesise(f"ambient:{game}")
    assert 8 * RATE <= x.size <= 12 * RATE
    assert np.abs(x).max() <= 0.55
    step = np.abs(np.diff(x))
    seam = abs(x[0] - x[-1])
    assert seam <= np.percentile(step, 99.5)  # the jump round the loop is like any other step
    edge = RATE // 2  # and the level at the end is the level at the start
    a, b = np.sqrt(np.mean(x[:edge] ** 2)), np.sqrt(np.mean(x[-edge:] ** 2))
    assert 0.5 < a / b < 2


@pytest.mark.parametrize("name", ["crack", "splash", "ambient:kaphoorn"])
def test_synthesis_is_deterministic(name):
    assert np.array_equal(synthesise(name), synthesise(name))


def test_opening_hands_the_synthesis_to_a_thread(monkeypatch):
    started = threading.Event()
    release = threading.Event()
    seen = []

    def slow_prepare(freq, channels, ambients, effects):
        seen.append(threading.current_thread())
        started.set()
        release.wait(10)

    monkeypatch.setattr(sound, "prepare", slow_prepare)
    monkeypatch.setattr(sound, "_ARRAYS", {})
    pygame.mixer.init()
    try:
        sounds = Sounds.open(0.5, AMBIENTS)
        assert sounds is not None  # returned while the synthesis still waits
        assert started.wait(10)
        assert seen[0] is not threading.main_thread() and sounds.worker.is_alive()
        assert not sounds.ready("click")
        sounds.play("click")  # not ready: skipped silently
        sounds.ambient("nanuuk")
        assert sounds.ambient_playing is None  # tried again next frame
    finally:
        release.set()
    sounds.worker.join(10)


def test_sounds_play_once_ready():
    pygame.mixer.init()
    sounds = Sounds.open(0.5, AMBIENTS, GAME_EFFECTS)
    assert sounds is not None
    sounds.worker.join(60)
    assert all(sounds.ready(name) for name in NAMES)
    for name in [*EFFECTS, *GAME_EFFECTS]:
        sounds.play(name)
    sounds.play("no such sound")  # ignored
    sounds.ambient("bergruft")
    assert sounds.ambient_playing == "bergruft"
    sounds.set_volume(0.2)
    sounds.ambient(None)
    assert sounds.ambient_playing is None
