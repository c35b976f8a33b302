"""Small numpy building blocks: filtered noise, envelopes, fades and the mixer conversion."""

from __future__ import annotations

import numpy as np

RATE = 22050  # synthesis rate; converted to the mixer's rate at the end


def n_samples(seconds: float) -> int:
    return int(round(RATE * seconds))


def times(n: int) -> np.ndarray:
    return np.arange(n) / RATE


def band(x: np.ndarray, lo: float, hi: float, circular: bool = False) -> np.ndarray:
    """``x`` band-passed between ``lo`` and ``hi`` Hz with soft (raised-cosine) edges.

    ``circular`` keeps the result periodic (for loops); otherwise the signal is padded so the
    filter's tail does not wrap round to the start.
    """
    pad = 0 if circular else 4096
    m = x.size + pad
    spectrum = np.fft.rfft(x, m)
    f = np.fft.rfftfreq(m, 1 / RATE)
    mask = np.ones_like(f)
    if lo > 0:
        w = max(lo * 0.5, 10.0)
        mask *= np.clip((f - (lo - w)) / w, 0, 1)
    if hi < RATE / 2:
        w = hi * 0.5
        mask *= np.clip(((hi + w) - f) / w, 0, 1)
    mask = 0.5 - 0.5 * np.cos(np.pi * mask)
    return np.fft.irfft(spectrum * mask, m)[: x.size]


def noise(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.standard_normal(n)


def swept(
    rng: np.random.Generator, n: int, centre: np.ndarray, width: float = 0.6, circular: bool = False
) -> np.ndarray:
    """Noise whose band centre follows ``centre`` (Hz per sample): a mix of fixed bands.

    ``width`` is the band's spread in octaves (the Gaussian's sigma).
    """
    edges = np.geomspace(60, 9600, 23)
    out = np.zeros(n)
    logc = np.log2(np.maximum(centre, 1.0))
    for lo, hi in zip(edges[:-1], edges[1:], strict=True):
        mid = np.log2(np.sqrt(lo * hi))
        weight = np.exp(-0.5 * ((logc - mid) / width) ** 2)
        if weight.max() < 1e-3:
            continue
        part = band(noise(rng, n), lo, hi, circular)
        out += part * weight / np.sqrt(np.log2(hi / lo))
    return out


def decay(n: int, rate: float, attack: float = 0.002) -> np.ndarray:
    """An exponential decay (``rate`` per second) after a linear attack of ``attack`` seconds."""
    t = times(n)
    return np.exp(-t * rate) * np.minimum(1.0, t / max(attack, 1e-4))


def place(out: np.ndarray, sound: np.ndarray, at: float, wrap: bool = False) -> None:
    """Add ``sound`` into ``out`` starting at ``at`` seconds (wrapping round for loops)."""
    start = n_samples(at)
    if wrap:
        idx = (start + np.arange(sound.size)) % out.size
        np.add.at(out, idx, sound)
        return
    end = min(out.size, start + sound.size)
    if start < end:
        out[start:end] += sound[: end - start]


def chirp(n: int, f0: float, f1: float) -> np.ndarray:
    """A sine gliding exponentially from ``f0`` to ``f1`` Hz over ``n`` samples."""
    f = f0 * (f1 / f0) ** (np.arange(n) / max(1, n - 1))
    return np.sin(2 * np.pi * np.cumsum(f) / RATE)


def finish(x: np.ndarray, peak: float = 0.8, fade_in: float = 0.003, fade_out: float = 0.03):
    """Normalised to ``peak`` with short fades at both ends (no clicks, never clipping)."""
    x = x - x.mean()
    x = x / max(np.abs(x).max(), 1e-9) * peak
    a, b = max(1, n_samples(fade_in)), max(1, n_samples(fade_out))
    x[:a] *= np.linspace(0, 1, a)
    x[-b:] *= np.linspace(1, 0, b)
    return x


def finish_loop(x: np.ndarray, peak: float = 0.5) -> np.ndarray:
    """A periodic signal normalised to ``peak``; it is built circularly so its ends meet."""
    x = x - x.mean()
    return x / max(np.abs(x).max(), 1e-9) * peak


def periodic(n: int, cycles: list[tuple[int, float, float]]) -> np.ndarray:
    """A slow modulation that repeats exactly over ``n`` samples: (cycles, depth, phase)."""
    t = np.arange(n) / n
    waves = (depth * np.sin(2 * np.pi * (c * t + ph)) for c, depth, ph in cycles)
    return sum(waves, np.zeros(n))  # no cycles: no modulation, n samples still


def to_mixer(x: np.ndarray, freq: int, channels: int) -> np.ndarray:
    """Mono float samples at ``RATE`` as the mixer's int16 array (resampled, channels copied)."""
    if freq != RATE:
        n = int(round(x.size * freq / RATE))
        x = np.interp(np.arange(n) * (RATE / freq), np.arange(x.size), x)
    data = np.clip(np.round(x * 32767), -32767, 32767).astype(np.int16)
    if channels > 1:
        data = np.repeat(data[:, None], channels, axis=1)
    return np.ascontiguousarray(data)
