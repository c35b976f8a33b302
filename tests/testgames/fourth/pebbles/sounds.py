"""Pebbles' sounds: a quiet breeze for its loop, and pebbles knocking when one is taken."""

from __future__ import annotations

import numpy as np

from game.engine.sounds.ambient import LOOP_SECONDS, wind
from game.engine.sounds.dsp import band, decay, finish, finish_loop, n_samples, noise


def breeze(rng: np.random.Generator) -> np.ndarray:
    return finish_loop(wind(rng, n_samples(LOOP_SECONDS), 200, 800, [(1, 0.3, 0.0)]) * 0.3)


def knock(rng: np.random.Generator) -> np.ndarray:
    n = n_samples(0.08)
    return finish(band(noise(rng, n), 800, 2400) * decay(n, 60, 0.001), 0.5)


EFFECTS = {"pebbles": knock}
