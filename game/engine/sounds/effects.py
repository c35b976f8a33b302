"""The shared short effects: the interface tones and a step on snow. Each game brings its own
(its ``sounds`` module, named by its plugin)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from game.engine.sounds.dsp import (
    band,
    decay,
    finish,
    n_samples,
    noise,
    times,
)


def _tone(freqs: list[float], seconds: float, rate: float, hiss: float = 0.0) -> np.ndarray:
    n = n_samples(seconds)
    t = times(n)
    wave = sum(np.sin(2 * np.pi * f * t) for f in freqs) / len(freqs)
    if hiss:
        wave = (1 - hiss) * wave + hiss * np.random.default_rng(7).uniform(-1, 1, n)
    return finish(wave * decay(n, rate, 0.0025), 0.5)


def snow_step(rng: np.random.Generator) -> np.ndarray:
    """A soft crunch: grainy low-passed noise swelling and dying within a quarter second."""
    n = n_samples(0.26)
    grains = np.abs(band(noise(rng, n), 0, 260)) ** 1.5  # a rough, grainy amplitude
    crunch = band(noise(rng, n) * grains, 300, 2600)
    t = times(n)
    envelope = np.minimum(1, t / 0.035) * np.exp(-np.maximum(0, t - 0.035) * 14)
    thump = np.sin(2 * np.pi * 95 * t) * decay(n, 30, 0.01) * 0.15
    return finish(crunch * envelope / max(crunch.std(), 1e-9) * 0.3 + thump, 0.55, 0.004)


Recipe = Callable[[np.random.Generator], np.ndarray]

EFFECTS: dict[str, Recipe] = {
    # the interface tones of before (menus, turns, mistakes)
    "click": lambda rng: _tone([880], 0.06, 60),
    "good": lambda rng: _tone([523, 659, 784], 0.45, 6),
    "bad": lambda rng: _tone([220, 233], 0.40, 7),
    "rumble": lambda rng: _tone([55, 70], 0.9, 3, hiss=0.7),
    "step": snow_step,  # a piece steps on snow (Nanuuk!, Der Berg ruft)
}
