"""Nanuuk!'s own sounds: the ice cracking, a splash, the harpoon, and the wind over the floe.

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
    periodic,
    place,
    swept,
    times,
)
from game.engine.sounds.effects import Recipe


def ice_crack(rng: np.random.Generator) -> np.ndarray:
    """A sharp snap, a few decaying crackles and the low boom of the floe."""
    n = n_samples(0.7)
    out = np.zeros(n)
    snap = band(noise(rng, n_samples(0.03)), 1800, 9000) * decay(n_samples(0.03), 180, 0.0005)
    place(out, snap, 0.0)
    at, level = 0.02, 0.7
    for _ in range(int(rng.integers(4, 8))):
        at += float(rng.uniform(0.015, 0.07))
        m = n_samples(0.04)
        lo = float(rng.uniform(1200, 3500))
        crackle = band(noise(rng, m), lo, lo * 2.2) * decay(m, float(rng.uniform(90, 260)), 0.0008)
        place(out, crackle * level, at)
        level *= float(rng.uniform(0.55, 0.85))
    m = n_samples(0.5)
    boom = chirp(m, 140, 70) * decay(m, 9, 0.004) * 0.35
    ping = chirp(n_samples(0.25), 2400, 900) * decay(n_samples(0.25), 18, 0.002) * 0.08
    place(out, boom, 0.01)
    place(out, ping, 0.02)
    return finish(out, 0.8, 0.001, 0.05)


def splash(rng: np.random.Generator) -> np.ndarray:
    """A burst of water whose band falls, then a few bubbles rising in pitch."""
    n = n_samples(1.0)
    t = times(n)
    centre = 3200 * np.exp(-t * 3.5) + 350
    body = swept(rng, n, centre, 0.9) * (np.minimum(1, t / 0.012) * np.exp(-t * 5.5))
    out = body / max(body.std(), 1e-9) * 0.25
    for _ in range(9):
        m = n_samples(float(rng.uniform(0.03, 0.07)))
        f0 = float(rng.uniform(450, 1300))
        bubble = chirp(m, f0, f0 * 1.4) * decay(m, 60, 0.002)
        place(out, bubble * float(rng.uniform(0.1, 0.3)), float(rng.uniform(0.12, 0.8)))
    return finish(out, 0.8, 0.002, 0.08)


def harpoon(rng: np.random.Generator) -> np.ndarray:
    """A whoosh through the air (the band rises, then falls away) and the thud of the hit."""
    fly = 0.38
    n = n_samples(0.85)
    out = np.zeros(n)
    m = n_samples(fly)
    s = np.linspace(0, 1, m)
    centre = 350 + 2200 * np.sin(np.pi * s**0.8)
    whoosh = swept(rng, m, centre, 0.5) * np.sin(np.pi * s) ** 1.5
    place(out, whoosh / max(whoosh.std(), 1e-9) * 0.2, 0.0)
    k = n_samples(0.45)
    thud = chirp(k, 90, 48) * decay(k, 14, 0.002)
    knock = band(noise(rng, k), 120, 900) * decay(k, 60, 0.0008) * 0.5
    place(out, thud + knock, fly - 0.02)
    return finish(out, 0.8, 0.01, 0.06)


def ice(rng: np.random.Generator) -> np.ndarray:
    """Nanuuk!: wind over the floe, a faint whistle and the ice creaking far away."""
    n = n_samples(LOOP_SECONDS)
    out = wind(rng, n, 120, 700, [(1, 0.35, 0.1), (3, 0.2, 0.6), (7, 0.08, 0.3)])
    whistle = band(noise(rng, n), 1100, 1350, circular=True)
    out += whistle / max(whistle.std(), 1e-9) * 0.12 * (1 + periodic(n, [(2, 0.8, 0.25)]))
    for at, f in ((2.7, 160.0), (7.9, 120.0)):
        m = n_samples(0.6)
        creak = chirp(m, f, f * 0.8) * (1 + 0.5 * np.sin(2 * np.pi * 23 * times(m)))
        place(out, creak * decay(m, 6, 0.08) * 0.5, at, wrap=True)
    return finish_loop(out)


EFFECTS: dict[str, Recipe] = {
    "crack": ice_crack,
    "splash": splash,
    "harpoon": harpoon,
}
