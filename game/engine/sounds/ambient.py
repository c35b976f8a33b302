"""Quiet ambient loops, one per game, built circularly so the end runs into the start.

Noise is filtered in the frequency domain over exactly the loop's length (so it is periodic),
every slow modulation makes whole cycles in the loop, and the events wrap round the end.
"""

from __future__ import annotations

import numpy as np

from game.engine.sounds.dsp import (
    band,
    chirp,
    decay,
    finish_loop,
    n_samples,
    noise,
    periodic,
    place,
    times,
)

LOOP_SECONDS = 10.0


def _wind(rng: np.random.Generator, n: int, lo: float, hi: float, gusts) -> np.ndarray:
    body = band(noise(rng, n), lo, hi, circular=True)
    body /= max(body.std(), 1e-9)
    return body * np.clip(1 + periodic(n, gusts), 0.15, None)


def ice(rng: np.random.Generator) -> np.ndarray:
    """Nanuuk!: wind over the floe, a faint whistle and the ice creaking far away."""
    n = n_samples(LOOP_SECONDS)
    out = _wind(rng, n, 120, 700, [(1, 0.35, 0.1), (3, 0.2, 0.6), (7, 0.08, 0.3)])
    whistle = band(noise(rng, n), 1100, 1350, circular=True)
    out += whistle / max(whistle.std(), 1e-9) * 0.12 * (1 + periodic(n, [(2, 0.8, 0.25)]))
    for at, f in ((2.7, 160.0), (7.9, 120.0)):
        m = n_samples(0.6)
        creak = chirp(m, f, f * 0.8) * (1 + 0.5 * np.sin(2 * np.pi * 23 * times(m)))
        place(out, creak * decay(m, 6, 0.08) * 0.5, at, wrap=True)
    return finish_loop(out)


def sea(rng: np.random.Generator) -> np.ndarray:
    """Kap Hoorn: the swell of the sea, its wash and the wind in the rigging."""
    n = n_samples(LOOP_SECONDS)
    swell = np.clip(0.55 + periodic(n, [(3, 0.35, 0.0), (2, 0.15, 0.4)]), 0.05, None)
    waves = band(noise(rng, n), 80, 900, circular=True)
    out = waves / max(waves.std(), 1e-9) * swell
    wash = band(noise(rng, n), 1800, 6000, circular=True)
    lagged = np.roll(swell, n_samples(0.5)) ** 2
    out += wash / max(wash.std(), 1e-9) * lagged * 0.35
    out += _wind(rng, n, 300, 1000, [(1, 0.4, 0.7), (4, 0.2, 0.2)]) * 0.25
    return finish_loop(out)


def _cowbell(m: int) -> np.ndarray:
    t = times(m)
    partials = ((560, 1.0), (845, 0.6), (1370, 0.35), (1620, 0.25))
    bell = sum(a * np.sin(2 * np.pi * f * t) for f, a in partials)
    return bell * decay(m, 7, 0.003)


def mountain(rng: np.random.Generator) -> np.ndarray:
    """Der Berg ruft: mountain wind in gusts, a distant cowbell and a bird."""
    n = n_samples(LOOP_SECONDS)
    out = _wind(rng, n, 180, 900, [(1, 0.45, 0.2), (2, 0.25, 0.8), (5, 0.1, 0.5)])
    m = n_samples(0.7)
    for at, level in ((1.2, 0.25), (1.65, 0.15), (6.4, 0.2)):
        place(out, band(_cowbell(m), 300, 2500) * level, at, wrap=True)
    for i in range(3):
        k = n_samples(0.09)
        tweet = chirp(k, 3000, 4200) * np.sin(np.pi * np.arange(k) / k)
        place(out, tweet * 0.12, 4.3 + i * 0.16, wrap=True)
    return finish_loop(out)



