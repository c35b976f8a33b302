"""The game's sounds, synthesised with numpy at start-up (no sound files to ship).

The recipes live in ``game.engine.sounds``. They are synthesised on a background thread, never
on the frame's: ``play`` of a sound not ready yet is skipped silently, and the ambient loop of a
game starts once it is ready. The games' own sounds are handed in (``ambients``: a game -> the
recipe of its loop; ``effects``: a name -> its recipe, besides the shared ones; the program
hands in each game's, from its plugin). The arrays are kept per
process, so a second App (tests) finds them done. When no audio device can be opened (a
headless machine, an unplugged headset) the game stays silent instead of failing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping

import numpy as np
import pygame

from game.engine.sounds import EFFECTS
from game.engine.sounds.dsp import RATE, to_mixer

LOG = logging.getLogger(__name__)

AMBIENT_LEVEL = 0.35  # the ambient loop plays this much quieter than the effects
AMBIENT_FADE_MS = 1200
Recipe = Callable[[np.random.Generator], np.ndarray]

_ARRAYS: dict[tuple[str, int, int], np.ndarray] = {}  # (name, rate, channels) -> int16 samples
_LOCK = threading.Lock()


def ambient_key(game: str) -> str:
    return f"ambient:{game}"


def effects_with(games: Mapping[str, Recipe] | None) -> dict[str, Recipe]:
    """The shared effects, then the games' own."""
    return {**EFFECTS, **(games or {})}


def synthesise(
    name: str, ambients: Mapping[str, Recipe], effects: Mapping[str, Recipe] | None = None
) -> np.ndarray:
    """The mono float samples (at ``RATE``) of an effect or of ``ambient:<game>``."""
    key, every = name.removeprefix("ambient:"), effects_with(effects)
    recipe = ambients[key] if key != name else every[name]
    seed = 1000 + [*every, *ambients].index(key)  # each sound its own noise, every run alike
    return recipe(np.random.default_rng(seed))


def all_names(
    ambients: Mapping[str, Recipe], effects: Mapping[str, Recipe] | None = None
) -> list[str]:
    """The effects first (short, wanted soonest), then the ambient loops."""
    return [*effects_with(effects), *(ambient_key(game) for game in ambients)]


def prepare(
    freq: int,
    channels: int,
    ambients: Mapping[str, Recipe],
    effects: Mapping[str, Recipe] | None = None,
) -> None:
    """Synthesise every sound in the mixer's format (the background thread's work)."""
    for name in all_names(ambients, effects):
        with _LOCK:
            if (name, freq, channels) in _ARRAYS:
                continue
            try:
                samples = synthesise(name, ambients, effects)
                _ARRAYS[name, freq, channels] = to_mixer(samples, freq, channels)
            except Exception:  # a broken recipe costs that sound, never the game
                LOG.exception("sound %s could not be synthesised", name)


class Sounds:
    def __init__(
        self,
        volume: float,
        ambients: Mapping[str, Recipe],
        freq: int = RATE,
        channels: int = 1,
        effects: Mapping[str, Recipe] | None = None,
    ) -> None:
        self.volume = volume
        self.ambients = dict(ambients)
        self.effects = dict(effects or {})  # the games' own, besides the shared EFFECTS
        self.format = (freq, channels)
        self.cache: dict[str, pygame.mixer.Sound] = {}
        self.ambient_channel: pygame.mixer.Channel | None = None
        self.ambient_playing: str | None = None
        self.worker = threading.Thread(
            target=prepare,
            args=(*self.format, self.ambients, self.effects),
            name="sound-synthesis",
            daemon=True,
        )
        self.worker.start()

    @classmethod
    def open(
        cls,
        volume: float,
        ambients: Mapping[str, Recipe],
        effects: Mapping[str, Recipe] | None = None,
    ) -> Sounds | None:
        try:
            pygame.mixer.init(RATE, -16, 1, 512)  # keeps the format when already open
            mixer = pygame.mixer.get_init()
            if mixer is None:  # no mixer after all: no sound
                return None
            freq, _size, channels = mixer
            pygame.mixer.set_reserved(1)  # channel 0 is the ambient loop's alone
            sounds = cls(volume, ambients, freq, channels, effects)
            sounds.ambient_channel = pygame.mixer.Channel(0)
        except (pygame.error, TypeError):
            return None
        return sounds

    def ready(self, name: str) -> bool:
        return (name, *self.format) in _ARRAYS

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        sound = self.cache.get(name)
        if sound is None:
            samples = _ARRAYS.get((name, *self.format))
            if samples is None:
                return None  # still being synthesised
            sound = self.cache[name] = pygame.sndarray.make_sound(samples)
        return sound

    def set_volume(self, volume: float) -> None:
        self.volume = volume
        if self.ambient_channel is not None:
            self.ambient_channel.set_volume(volume * AMBIENT_LEVEL)

    def play(self, name: str) -> None:
        if self.volume <= 0 or (name not in EFFECTS and name not in self.effects):
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()

    def ambient(self, game: str | None) -> None:
        """Loop ``game``'s ambient sound (None: fade it out); cheap to call every frame."""
        if game == self.ambient_playing or self.ambient_channel is None:
            return
        if game is None:
            self.ambient_channel.fadeout(AMBIENT_FADE_MS // 2)
            self.ambient_playing = None
            return
        if game not in self.ambients:
            return
        sound = self._sound(ambient_key(game))
        if sound is None:
            return  # not ready yet: asked again next frame
        self.ambient_channel.play(sound, loops=-1, fade_ms=AMBIENT_FADE_MS)
        self.ambient_channel.set_volume(self.volume * AMBIENT_LEVEL)
        self.ambient_playing = game
