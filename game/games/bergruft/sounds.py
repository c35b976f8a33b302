"""Der Berg ruft's own sounds: the avalanche, and the wind on the mountain.

Synthesised with numpy like the shared ones (``game.engine.sounds``, which turns them into the
mixer's format); the plugin names ``EFFECTS`` (by name) and the ambient loop."""

from __future__ import annotations

import numpy as np

from game.engine.sounds.ambient import LOOP_SECONDS, wind
from game.engine.sounds.dsp import (
    band,
    chirp,
    decay,
    finish,
    finish_loop,
    n_samples,
    noise,
    place,
    times,
)
from game.engine.sounds.effects import Recipe


def rock_slide(rng: np.random.Generator) -> np.ndarray:
    """An avalanche: a long low rumble with stones knocking, thinning out at the end."""
    seconds = 2.6
    n = n_samples(seconds)
    t = times(n)
    swell = np.minimum(1, t / 0.35) * np.exp(-np.maximum(0, t - 0.9) * 1.6)
    wobble = 1 + 0.3 * band(noise(rng, n), 0, 6)
    rumble = band(noise(rng, n), 25, 220)
    out = rumble / max(rumble.std(), 1e-9) * swell * wobble * 0.3
    for _ in range(34):
        at = float(rng.uniform(0.05, seconds - 0.3) ** 1.0)
        level = float(np.interp(at, t, swell)) * float(rng.uniform(0.2, 0.8))
        m = n_samples(0.09)
        lo = float(rng.uniform(180, 700))
        knock = band(noise(rng, m), lo, lo * 3) * decay(m, float(rng.uniform(50, 120)), 0.001)
        knock += chirp(m, lo * 0.4, lo * 0.3) * decay(m, 45, 0.002) * 0.5
        place(out, knock * level, at)
    return finish(out, 0.8, 0.02, 0.2)


def _cowbell(m: int) -> np.ndarray:
    t = times(m)
    partials = ((560, 1.0), (845, 0.6), (1370, 0.35), (1620, 0.25))
    bell = sum(a * np.sin(2 * np.pi * f * t) for f, a in partials)
    return bell * decay(m, 7, 0.003)


def mountain(rng: np.random.Generator) -> np.ndarray:
    """Der Berg ruft: mountain wind in gusts, a distant cowbell and a bird."""
    n = n_samples(LOOP_SECONDS)
    out = wind(rng, n, 180, 900, [(1, 0.45, 0.2), (2, 0.25, 0.8), (5, 0.1, 0.5)])
    m = n_samples(0.7)
    for at, level in ((1.2, 0.25), (1.65, 0.15), (6.4, 0.2)):
        place(out, band(_cowbell(m), 300, 2500) * level, at, wrap=True)
    for i in range(3):
        k = n_samples(0.09)
        tweet = chirp(k, 3000, 4200) * np.sin(np.pi * np.arange(k) / k)
        place(out, tweet * 0.12, 4.3 + i * 0.16, wrap=True)
    return finish_loop(out)


EFFECTS: dict[str, Recipe] = {
    "rockslide": rock_slide,
}
