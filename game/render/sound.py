"""Short sounds synthesised with numpy (no sound files to ship): clicks, steps, a rumble.

When no audio device can be opened (a headless machine, an unplugged headset) the game stays
silent instead of failing.
"""

from __future__ import annotations

import numpy as np
import pygame

RATE = 22050


def _tone(freqs: list[float], seconds: float, decay: float, noise: float = 0.0) -> np.ndarray:
    t = np.linspace(0, seconds, int(RATE * seconds), endpoint=False)
    wave = sum(np.sin(2 * np.pi * f * t) for f in freqs) / max(1, len(freqs))
    if noise:
        rng = np.random.default_rng(7)
        wave = (1 - noise) * wave + noise * rng.uniform(-1, 1, t.size)
    envelope = np.exp(-t * decay) * np.minimum(1, t * 400)
    return (wave * envelope * 0.5 * 32767).astype(np.int16)


RECIPES = {
    "click": lambda: _tone([880], 0.06, 60),
    "step": lambda: _tone([330, 495], 0.12, 30),
    "flag": lambda: _tone([660, 990], 0.10, 35),
    "good": lambda: _tone([523, 659, 784], 0.45, 6),
    "bad": lambda: _tone([220, 233], 0.40, 7),
    "rumble": lambda: _tone([55, 70], 0.9, 3, noise=0.7),
    "crack": lambda: _tone([1400, 2100], 0.16, 28, noise=0.85),  # ice cracking (Nanuuk!)
}


class Sounds:
    def __init__(self, volume: float) -> None:
        self.volume = volume
        self.cache: dict[str, pygame.mixer.Sound] = {}

    @classmethod
    def open(cls, volume: float) -> Sounds | None:
        try:
            pygame.mixer.init(RATE, -16, 1, 512)
        except pygame.error:
            return None
        return cls(volume)

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self, name: str) -> None:
        if self.volume <= 0 or name not in RECIPES:
            return
        if name not in self.cache:
            samples = RECIPES[name]()
            channels = pygame.mixer.get_init()[2] if pygame.mixer.get_init() else 1
            if channels > 1:
                samples = np.repeat(samples[:, None], channels, axis=1)
            self.cache[name] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
        sound = self.cache[name]
        sound.set_volume(self.volume)
        sound.play()
