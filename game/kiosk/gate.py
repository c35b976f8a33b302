"""The admin PIN's gate: the one way into the kiosk's admin menu, whatever opened the PIN pad.

The pad (``admin.PinScene``) hands every PIN typed to ``Gate.try_pin``. The right one gives a
single pass, which ``Kiosk.open_admin`` takes; the admin scene refuses to open without it (see
``Kiosk.scene_entered``), so no key chord, corner taps or future button can skip the PIN.

Wrong PINs back off: ``FREE_TRIES`` in a row are free, then the pad is locked for
``FIRST_LOCK_S`` seconds, doubling with every further wrong PIN up to ``MAX_LOCK_S``. Only the
right PIN resets the count, so a visitor who tries PIN after PIN is slowed down for good: the
10,000 four-digit PINs would take years. The lock runs on a monotonic clock of its own, not on
game time: attract mode speeds game time up (``demo_speed``), which would shorten the lock.

No PIN is built in. Without a valid ``admin_pin`` the kiosk makes a one-time PIN at its start
(``pin_in_force``), which only the operator at the terminal or with the log learns; under
``--supervise`` the supervisor makes it once and hands it to every child start through
``ONE_TIME_PIN_ENV``, so the PIN printed stays valid across restarts.
"""

from __future__ import annotations

import hmac
import secrets
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.persist.kiosk_config import is_pin
from game.persist.log import LOG

FREE_TRIES = 5
FIRST_LOCK_S = 30.0
MAX_LOCK_S = 15 * 60.0
ONE_TIME_DIGITS = 6
ONE_TIME_PIN_ENV = "SPELTAFEL_ONE_TIME_PIN"  # the supervisor's one-time PIN for its children


def one_time_pin() -> str:
    """A random PIN of ``ONE_TIME_DIGITS`` digits (leading zeros kept: the pad types them)."""
    return f"{secrets.randbelow(10**ONE_TIME_DIGITS):0{ONE_TIME_DIGITS}d}"


def pin_in_force(configured: str, environ: Mapping[str, str]) -> tuple[str, bool]:
    """The admin PIN of this run, and whether it is a one-time PIN (no valid one configured).

    A one-time PIN is the supervisor's (``ONE_TIME_PIN_ENV``) when it handed a valid one, else a
    new one; either way it goes to stderr and the log, for the operator only.
    """
    if is_pin(configured):
        return configured, False
    handed = environ.get(ONE_TIME_PIN_ENV, "")
    pin = handed if is_pin(handed) else one_time_pin()
    LOG.warning("kiosk: no admin_pin configured; the one-time admin PIN of this run is %s", pin)
    print(f"speltafel: no admin_pin in the kiosk configuration; the admin PIN of this run is "
          f"{pin}", file=sys.stderr, flush=True)  # fmt: skip
    return pin, True


@dataclass(frozen=True)
class Verdict:
    """What the pad shows after a PIN: in, or not, and how long it is locked (0: not)."""

    admitted: bool
    wait_s: float = 0.0


class Gate:
    def __init__(self, pin: str, clock: Callable[[], float] = time.monotonic) -> None:
        if not is_pin(pin):  # an empty PIN would let OK on an empty pad in
            raise ValueError("the admin PIN must be 4-8 digits")
        self._pin = pin
        self.clock = clock  # real seconds, whatever game time does; tests put their own here
        self.failures = 0  # wrong PINs since the last right one
        self.locked_until = 0.0
        self._pass = False

    def wait_s(self) -> float:
        """Seconds until the pad takes a PIN again (0: it does now)."""
        return max(0.0, self.locked_until - self.clock())

    def try_pin(self, entered: str) -> Verdict:
        wait = self.wait_s()
        if wait > 0:
            LOG.info("kiosk: a PIN while the pad is locked (%.0f s left); not checked", wait)
            return Verdict(False, wait)
        if hmac.compare_digest(entered.encode(), self._pin.encode()):  # no timing hint either
            self.failures = 0
            self._pass = True
            LOG.info("kiosk: admin PIN accepted")
            return Verdict(True)
        self.failures += 1
        if self.failures >= FREE_TRIES:
            lock = min(MAX_LOCK_S, FIRST_LOCK_S * 2 ** (self.failures - FREE_TRIES))
            self.locked_until = self.clock() + lock
            LOG.warning("kiosk: wrong admin PIN %d in a row; the pad is locked for %.0f s",
                        self.failures, lock)  # fmt: skip
        else:
            LOG.info("kiosk: wrong admin PIN (%d of %d free tries)", self.failures, FREE_TRIES)
        return Verdict(False, self.wait_s())

    def take_pass(self) -> bool:
        """True once after each right PIN: opening the admin menu uses it up."""
        admitted, self._pass = self._pass, False
        return admitted
