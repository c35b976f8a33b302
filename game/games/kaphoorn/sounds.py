"""Kap Hoorn's own sounds: a wind card, the sails, the flags, and the sea.

Synthesised with numpy like the shared ones (``game.engine.sounds``, which turns them into the
mixer's format); the plugin names ``EFFECTS`` (by name) and the ambient loop."""

from __future__ import annotations

import numpy as np

from game.engine.sounds.ambient import LOOP_SECONDS, wind
from game.engine.sounds.dsp import (
    RATE,
    band,
    decay,
    finish,
    finish_loop,
    n_samples,
    noise,
    periodic,
    place,
    swept,
    times,
)
from game.engine.sounds.effects import Recipe


def card(rng: np.random.Generator) -> np.ndarray:
    """A card laid down: a faint slide and a short papery slap."""
    n = n_samples(0.18)
    out = np.zeros(n)
    m = n_samples(0.06)
    slide = band(noise(rng, m), 2500, 8000) * np.linspace(0, 1, m) ** 2 * 0.15
    place(out, slide, 0.0)
    k = n_samples(0.12)
    slap = band(noise(rng, k), 900, 7000) * decay(k, 70, 0.001)
    body = np.sin(2 * np.pi * 180 * times(k)) * decay(k, 90, 0.001) * 0.15
    place(out, slap + body, 0.06)
    return finish(out, 0.6, 0.003, 0.02)


def sails(rng: np.random.Generator) -> np.ndarray:
    """A gust of wind filling the sails, with two flaps of the canvas."""
    n = n_samples(1.6)
    t = times(n)
    gust = np.sin(np.pi * t / t[-1]) ** 1.5 * (1 + 0.25 * np.sin(2 * np.pi * 2.3 * t))
    centre = 500 + 300 * np.sin(np.pi * t / t[-1])
    wind = swept(rng, n, centre, 0.7)
    out = wind / max(wind.std(), 1e-9) * gust * 0.2
    for at, level in ((0.35, 0.5), (0.52, 0.35), (0.95, 0.25)):
        m = n_samples(0.12)
        flap = band(noise(rng, m), 120, 1400) * decay(m, 40, 0.004)
        place(out, flap * level, at)
    return finish(out, 0.7, 0.02, 0.1)


def flags(rng: np.random.Generator) -> np.ndarray:
    """Flags hauled up: a rising cloth flutter and a bright two-note call."""
    n = n_samples(0.75)
    t = times(n)
    rate = 11 + 10 * t / t[-1]  # the flutter quickens as the flag climbs
    flutter = 0.5 + 0.5 * np.sin(2 * np.pi * np.cumsum(rate) / RATE)
    cloth = swept(rng, n, 450 + 1200 * t / t[-1], 0.6)
    out = cloth / max(cloth.std(), 1e-9) * flutter**2 * np.minimum(1, t / 0.08) * 0.18
    for at, f in ((0.3, 784.0), (0.45, 1046.5)):
        m = n_samples(0.28)
        note = (np.sin(2 * np.pi * f * times(m)) + 0.3 * np.sin(4 * np.pi * f * times(m))) / 1.3
        place(out, note * decay(m, 9, 0.01) * 0.3, at)
    return finish(out, 0.65, 0.01, 0.06)


def flag(rng: np.random.Generator) -> np.ndarray:
    """One flag raised (played many times in a row): a short cloth flick with a light tick."""
    n = n_samples(0.12)
    flick = band(noise(rng, n), 700, 4000) * decay(n, 45, 0.004)
    tick = np.sin(2 * np.pi * 880 * times(n)) * decay(n, 40, 0.002) * 0.25
    return finish(flick * 0.6 + tick, 0.45, 0.003, 0.02)


def sea(rng: np.random.Generator) -> np.ndarray:
    """Kap Hoorn: the swell of the sea, its wash and the wind in the rigging."""
    n = n_samples(LOOP_SECONDS)
    swell = np.clip(0.55 + periodic(n, [(3, 0.35, 0.0), (2, 0.15, 0.4)]), 0.05, None)
    waves = band(noise(rng, n), 80, 900, circular=True)
    out = waves / max(waves.std(), 1e-9) * swell
    wash = band(noise(rng, n), 1800, 6000, circular=True)
    lagged = np.roll(swell, n_samples(0.5)) ** 2
    out += wash / max(wash.std(), 1e-9) * lagged * 0.35
    out += wind(rng, n, 300, 1000, [(1, 0.4, 0.7), (4, 0.2, 0.2)]) * 0.25
    return finish_loop(out)


EFFECTS: dict[str, Recipe] = {
    "card": card,
    "sails": sails,
    "flags": flags,
    "flag": flag,
}
