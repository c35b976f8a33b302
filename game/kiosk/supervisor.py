"""``speltafel --kiosk --supervise``: the kiosk as a child process, brought back after any crash.

The kiosk survives its own errors (it returns to the title), but not the ones that end the
process: a segfault in a C library, the kernel's out-of-memory kill, a ``kill -9``. The
supervisor is plain Python (``subprocess``), so it works the same on Linux and on a Windows event
laptop. It starts ``python -m game`` with the same flags minus ``--supervise`` and waits:

- the child exits with 0 (the admin's quit, or a stop asked of it directly): the supervisor stops
  too, with 0;
- anything else is a crash: it is logged (how it ended, after how long) and the child restarted
  after a pause that doubles while crashes come quickly (``Backoff``), so a kiosk that cannot
  start does not spin;
- SIGTERM or SIGINT to the supervisor (``systemctl stop``, Ctrl+C) is passed on to the child,
  which then stops cleanly (``game.engine.stop``); on Windows as Ctrl+Break to the child's own
  process group. A child that has not stopped after ``GRACE_S`` is killed.

Its log is ``supervisor.log`` in the data folder (rotated), and stderr, which systemd's journal
keeps.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from game.engine.stop import signal_names
from game.kiosk.gate import ONE_TIME_PIN_ENV, one_time_pin

FIRST_DELAY_S = 1.0
MAX_DELAY_S = 60.0
STABLE_S = 120.0  # a child that ran this long had no quick crash: the next pause is short again
GRACE_S = 10.0  # how long a child may take to stop after the stop is passed on
POLL_S = 0.2
LOG_FILE = "supervisor.log"
HOW = {  # what a signal usually means for a kiosk, for the log
    "SIGKILL": "killed (kill -9, or the kernel's out-of-memory killer)",
    "SIGSEGV": "a segmentation fault",
    "SIGABRT": "aborted (a fatal error in a library)",
    "SIGBUS": "a bus error",
    "SIGTERM": "terminated by SIGTERM from elsewhere",
}


class Backoff:
    """The pause before each restart: ``first``, doubling with every crash in quick succession
    up to ``longest``; after a run of ``STABLE_S`` or more it starts from ``first`` again."""

    def __init__(self, first: float = FIRST_DELAY_S, longest: float = MAX_DELAY_S) -> None:
        self.first = first
        self.longest = longest
        self.streak = 0  # crashes in quick succession

    def after(self, uptime: float) -> float:
        if uptime >= STABLE_S:
            self.streak = 0
        self.streak += 1
        return min(self.longest, self.first * 2 ** (self.streak - 1))


def ending(code: int) -> str:
    """How a child ended, in words: ``exit code 3`` or ``SIGSEGV: a segmentation fault``."""
    if code >= 0:
        return f"exit code {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"
    return f"{name}: {HOW[name]}" if name in HOW else name


class Supervisor:
    def __init__(
        self, command: Sequence[str], log: logging.Logger, backoff: Backoff | None = None
    ) -> None:
        self.command = list(command)
        self.log = log
        self.backoff = backoff or Backoff()
        self.stopping = threading.Event()
        self.child: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def run(self) -> int:
        """Start, wait, restart, until the child exits cleanly or we are told to stop."""
        restore = self._install()
        try:
            while not self.stopping.is_set():
                began = time.monotonic()
                code = self._run_child()
                if code == 0 or self.stopping.is_set():
                    how = "as asked" if self.stopping.is_set() else "cleanly"
                    self.log.info(
                        "the kiosk stopped %s (%s); the supervisor ends", how, ending(code)
                    )
                    return 0
                uptime = time.monotonic() - began
                pause = self.backoff.after(uptime)
                self.log.error("the kiosk crashed after %.0f s (%s); restart %d in %.0f s",
                               uptime, ending(code), self.starts + 1, pause)  # fmt: skip
                self.stopping.wait(pause)
            self.log.info("the supervisor was stopped between restarts")
            return 0
        finally:
            restore()

    def _run_child(self) -> int:
        try:
            self.child = subprocess.Popen(self.command, creationflags=_creation_flags())
        except OSError as exc:
            self.log.error("the kiosk could not be started: %s", exc)
            return 1
        self.starts += 1
        self.log.info("the kiosk started (pid %d, start %d)", self.child.pid, self.starts)
        stop_seen: float | None = None
        while True:
            try:
                return self.child.wait(timeout=POLL_S)
            except subprocess.TimeoutExpired:
                if self.stopping.is_set() and stop_seen is None:
                    stop_seen = time.monotonic()
                elif stop_seen is not None and time.monotonic() - stop_seen > GRACE_S:
                    self.log.error("the kiosk did not stop within %g s; killed", GRACE_S)
                    self.child.kill()

    # ---- stopping -----------------------------------------------------------------------------
    def stop(self, why: str) -> None:
        """Stop the supervisor and pass the stop on to the child (any thread, or a handler)."""
        if not self.stopping.is_set():
            self.log.info("the supervisor was asked to stop (%s); passing it on", why)
        self.stopping.set()
        child = self.child
        if child is not None and child.poll() is None:
            try:
                child.send_signal(_stop_signal())
            except OSError:
                pass  # it ended meanwhile

    def _install(self) -> Callable[[], None]:
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        saved = {}
        for name in signal_names():
            number = getattr(signal, name)
            saved[number] = signal.signal(number, lambda n, f: self.stop(signal.Signals(n).name))

        def restore() -> None:
            for number, handler in saved.items():
                signal.signal(number, handler)

        return restore


def _creation_flags() -> int:
    """Windows: the child in a process group of its own, so Ctrl+Break can be sent to it."""
    return getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)


def _stop_signal() -> int:
    return getattr(signal, "CTRL_BREAK_EVENT", signal.SIGTERM)


def child_command(argv: Sequence[str]) -> list[str]:
    """The kiosk's own command line: this Python, the game package, the flags but --supervise."""
    return [sys.executable, "-m", "game", *(a for a in argv if a != "--supervise")]


def supervisor_log(folder: Path) -> logging.Logger:
    log = logging.getLogger("speltafel.supervisor")
    log.propagate = False
    log.setLevel(logging.INFO)
    for old in list(log.handlers):
        log.removeHandler(old)
        old.close()
    style = logging.Formatter("%(asctime)s %(levelname)s supervisor: %(message)s")
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    try:
        handlers.append(logging.handlers.RotatingFileHandler(
            folder / LOG_FILE, maxBytes=1024 * 1024, backupCount=1, encoding="utf-8"))  # fmt: skip
    except OSError:
        pass  # stderr still has it
    for handler in handlers:
        handler.setFormatter(style)
        log.addHandler(handler)
    return log


def supervise(argv: Sequence[str], folder: Path) -> int:
    """``--supervise``: run the kiosk given by ``argv`` (checked already) under a supervisor."""
    # One one-time PIN per supervisor run (used only without an admin_pin): the children inherit
    # it, so the PIN printed at the first start still opens the admin menu after a restart.
    os.environ.setdefault(ONE_TIME_PIN_ENV, one_time_pin())
    return Supervisor(child_command(argv), supervisor_log(folder)).run()
