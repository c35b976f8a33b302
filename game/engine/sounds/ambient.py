"""What the games' quiet ambient loops are built of (each game's loop is in its ``sounds``
module): they are built circularly so the end runs into the start.

Noise is filtered in the frequency domain over exactly the loop's length (so it is periodic),
every slow modulation makes whole cycles in the loop, and the events wrap round the end.
"""

from __future__ import annotations

import numpy as np

from game.engine.sounds.dsp import (
    band,
    noise,
    periodic,
)

LOOP_SECONDS = 10.0


def wind(rng: np.random.Generator, n: int, lo: float, hi: float, gusts) -> np.ndarray:
    body = band(noise(rng, n), lo, hi, circular=True)
    body /= max(body.std(), 1e-9)
    return body * np.clip(1 + periodic(n, gusts), 0.15, None)
