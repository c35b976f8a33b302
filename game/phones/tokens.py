"""The seats' passes: a long secret token for the QR code, a short code for those who type, and
the one device each seat is bound to.

A token comes from ``secrets.token_urlsafe`` (``TOKEN_BYTES`` = 24 bytes, 192 bits). The seat
code is short (``CODE_LENGTH`` characters of an alphabet without look-alikes: no 0/O, 1/I/L,
2/Z, 5/S, 8/B, 6/G, U/V), so the server counts the failed tries of each address
(``messages.Limits.join_failures``). A pass binds the first device that uses it; the same device
may come back (sleep, reload), another is refused until the table releases the seat.

Thread-safe: the table adds and releases seats from the game loop, the server binds them on its
own thread.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from enum import Enum

TOKEN_BYTES = 24  # secrets.token_urlsafe: 32 characters, 192 bits
CODE_ALPHABET = "ACDEFHJKMNPRTWXY3479"
CODE_LENGTH = 5  # 20**5 = 3.2 million codes


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """A seat code as typed: upper case, without spaces and dashes."""
    return "".join(typed.split()).replace("-", "").upper()


@dataclass(frozen=True)
class SeatPass:
    """What a seat's player needs to join: the token (in the QR code's address) and the code."""

    seat: int
    token: str
    code: str


class Bind(Enum):
    NEW = "new"  # the first device of this seat
    AGAIN = "again"  # the device the seat is bound to, back (a reload, a wake-up)
    TAKEN = "taken"  # another device holds the seat


class SeatBook:
    """The seats' passes and the device bound to each."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._passes: dict[int, SeatPass] = {}
        self._by_token: dict[str, int] = {}
        self._by_code: dict[str, int] = {}
        self._devices: dict[int, str] = {}

    def add(self, seat: int) -> SeatPass:
        """The seat's pass: a new one, or the one it has."""
        with self._lock:
            if seat in self._passes:
                return self._passes[seat]
            token = new_token()
            code = new_code()
            while code in self._by_code:
                code = new_code()
            made = SeatPass(seat, token, code)
            self._passes[seat] = made
            self._by_token[token] = seat
            self._by_code[code] = seat
            return made

    def remove(self, seat: int) -> None:
        """The seat takes no phone any more: its pass is void (a new ``add`` makes a new one)."""
        with self._lock:
            gone = self._passes.pop(seat, None)
            if gone is not None:
                del self._by_token[gone.token]
                del self._by_code[gone.code]
            self._devices.pop(seat, None)

    def passes(self) -> list[SeatPass]:
        with self._lock:
            return [self._passes[s] for s in sorted(self._passes)]

    def get(self, seat: int) -> SeatPass | None:
        with self._lock:
            return self._passes.get(seat)

    def find(self, *, token: str | None = None, code: str | None = None) -> SeatPass | None:
        """The pass a phone names, by its token or by its typed code."""
        with self._lock:
            seat = None
            if token is not None:
                seat = self._by_token.get(token)
            elif code is not None:
                seat = self._by_code.get(normal_code(code))
            return None if seat is None else self._passes[seat]

    def bind(self, seat: int, device: str) -> Bind:
        with self._lock:
            if seat not in self._passes:
                return Bind.TAKEN
            held = self._devices.get(seat)
            if held is None:
                self._devices[seat] = device
                return Bind.NEW
            return Bind.AGAIN if secrets.compare_digest(held, device) else Bind.TAKEN

    def device(self, seat: int) -> str | None:
        with self._lock:
            return self._devices.get(seat)

    def release(self, seat: int) -> None:
        """The seat is free for another device (the pass stays the same)."""
        with self._lock:
            self._devices.pop(seat, None)
