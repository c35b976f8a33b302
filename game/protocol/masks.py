"""Sets of fields as Python ints (bit masks): the games' boards keep them so, and their rules
list the set bits of a mask in every legal-move list. Pure Python, standard library only.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

# the set bits of every byte value, lowest first
_BYTE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(8) if value >> i & 1) for value in range(256)
)
# per byte of a mask (0: its lowest): at each byte value the indices of its set bits in the
# mask (a tuple, made when first met, else None), and last the row's first bit index
_ROWS: list[list[Any]] = []
_FEW = 16  # up to this many set bits (of a sea chart's 572), a bit at a time is quicker


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` (>= 0), lowest first.

    A mask with many bits is read a byte at a time, each byte's bits from a table (a bit at a
    time costs a few big-int operations per bit: a sea chart's masks hold a hundred fields);
    ``compress`` finds the bytes with a bit set, so the loop skips the empty ones."""
    out: list[int] = []
    if mask.bit_count() <= _FEW:
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    size = (mask.bit_length() + 7) >> 3
    while size > len(_ROWS):
        _ROWS.append([*(None,) * 256, 8 * len(_ROWS)])
    data = mask.to_bytes(size, "little")
    for i in compress(range(size), data):  # the bytes that are not 0
        row, byte = _ROWS[i], data[i]
        found = row[byte]
        if found is None:
            base = row[256]
            found = row[byte] = tuple(base + j for j in _BYTE[byte])
        out += found
    return out
