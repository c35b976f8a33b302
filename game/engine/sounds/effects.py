"""The short effects: the old interface tones and the game sounds (ice, snow, water, sea, rock)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from game.engine.sounds.dsp import (
    RATE,
    band,
    chirp,
    decay,
    finish,
    n_samples,
    noise,
    place,
    swept,
    times,
)


def _tone(freqs: list[float], seconds: float, rate: float, hiss: float = 0.0) -> np.ndarray:
    n = n_samples(seconds)
    t = times(n)
    wave = sum(np.sin(2 * np.pi * f * t) for f in freqs) / len(freqs)
    if hiss:
        wave = (1 - hiss) * wave + hiss * np.random.default_rng(7).uniform(-1, 1, n)
    return finish(wave * decay(n, rate, 0.0025), 0.5)


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


def snow_step(rng: np.random.Generator) -> np.ndarray:
    """A soft crunch: grainy low-passed noise swelling and dying within a quarter second."""
    n = n_samples(0.26)
    grains = np.abs(band(noise(rng, n), 0, 260)) ** 1.5  # a rough, grainy amplitude
    crunch = band(noise(rng, n) * grains, 300, 2600)
    t = times(n)
    envelope = np.minimum(1, t / 0.035) * np.exp(-np.maximum(0, t - 0.035) * 14)
    thump = np.sin(2 * np.pi * 95 * t) * decay(n, 30, 0.01) * 0.15
    return finish(crunch * envelope / max(crunch.std(), 1e-9) * 0.3 + thump, 0.55, 0.004)


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


Recipe = Callable[[np.random.Generator], np.ndarray]

EFFECTS: dict[str, Recipe] = {
    # the interface tones of before (menus, turns, mistakes)
    "click": lambda rng: _tone([880], 0.06, 60),
    "good": lambda rng: _tone([523, 659, 784], 0.45, 6),
    "bad": lambda rng: _tone([220, 233], 0.40, 7),
    "rumble": lambda rng: _tone([55, 70], 0.9, 3, hiss=0.7),
    # the games' sounds
    "step": snow_step,  # a piece steps on snow (Nanuuk!, Der Berg ruft)
    "crack": ice_crack,
    "splash": splash,
    "harpoon": harpoon,
    "card": card,
    "sails": sails,
    "flags": flags,
    "flag": flag,
    "rockslide": rock_slide,
}
