"""``speltafel --kiosk --supervise``: the kiosk as a child process, brought back after any crash.

The kiosk survives its own errors (it returns to the title), but not the ones that end the
process: a segfault in a C library, the kernel's out-of-memory kill, a ``kill -9``. The
supervisor is plain Python (``subprocess``), so it works the same on Linux and on a Windows event
laptop. It starts ``python -m game`` with the same flags minus ``--supervise`` and waits. It
ends only when it is told to stop itself or the operator quits; the station stays up otherwise:

- the child exits with ``OPERATOR_QUIT`` (the admin menu's Quit): the supervisor ends, with 0;
- SIGTERM or SIGINT to the supervisor (``systemctl stop``, Ctrl+C, a logout) is passed on to the
  child, which then stops cleanly (``game.engine.stop``); on Windows as Ctrl+Break to the child's
  own process group. A child that has not stopped after ``GRACE_S`` is killed. The supervisor
  ends with 0 however the child ended then;
- anything else is restarted: a crash (a signal, an exit code), and a clean exit it did not ask
  for, too (exit 0 after a SIGTERM sent to the kiosk alone, a careless ``kill``: the kiosk cannot
  tell who sent it, the supervisor can). It is logged (how it ended, after how long) and the
  child restarted after a pause that doubles while the ends come quickly (``Backoff``), so a
  kiosk that cannot start does not spin.

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

from game.engine.stop import OPERATOR_QUIT, SUPERVISED_ENV, signal_names
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
    if code == OPERATOR_QUIT:
        return f"exit code {code}: the operator quit from the admin menu"
    if code >= 0:
        return f"exit code {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"
    return f"{name}: {HOW[name]}" if name in HOW else name


class Supervisor:
    def __init__(
        self,
        command: Sequence[str],
        log: logging.Logger,
        backoff: Backoff | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.command = list(command)
        self.env = env  # the children's environment (None: this process's)
        self.log = log
        self.backoff = backoff or Backoff()
        self.stopping = threading.Event()
        self.why: str | None = None  # what asked the supervisor to stop
        self._announced = False
        self.child: subprocess.Popen[bytes] | None = None
        self.told: subprocess.Popen[bytes] | None = None  # the child the stop was passed to
        self.starts = 0

    def run(self) -> int:
        """Start, wait, restart, until the operator quits or we are told to stop."""
        restore = self._install()
        try:
            while not self.stopping.is_set():
                began = time.monotonic()
                code = self._run_child()
                self._announce_stop()
                if self.stopping.is_set() or code == OPERATOR_QUIT:
                    how = "as asked" if self.stopping.is_set() else "by the operator"
                    self.log.info(
                        "the kiosk stopped %s (%s); the supervisor ends", how, ending(code)
                    )
                    return 0
                self._pause_after(code, time.monotonic() - began)
            self._announce_stop()
            self.log.info("the supervisor was stopped between restarts")
            return 0
        finally:
            restore()

    def _pause_after(self, code: int, uptime: float) -> None:
        """A child that ended without being asked to: logged, and a pause before its restart
        (cut short by a stop)."""
        pause = self.backoff.after(uptime)
        what = "stopped without being asked" if code == 0 else "crashed"  # 0: a kill of it alone
        self.log.error("the kiosk %s after %.0f s (%s); restart %d in %.0f s",
                       what, uptime, ending(code), self.starts + 1, pause)  # fmt: skip
        self.stopping.wait(pause)

    def _run_child(self) -> int:
        try:
            self.child = subprocess.Popen(
                self.command, creationflags=_creation_flags(), env=self.env
            )
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
                    self._announce_stop()
                    self._pass_on()  # if the stop came as it was being started
                elif stop_seen is not None and time.monotonic() - stop_seen > GRACE_S:
                    self.log.error("the kiosk did not stop within %g s; killed", GRACE_S)
                    self.child.kill()

    # ---- stopping -----------------------------------------------------------------------------
    def stop(self, why: str) -> None:
        """Stop the supervisor and pass the stop on to the child (any thread, or a handler:
        so no logging here, which could interrupt a write to the same log; the loop logs it)."""
        if self.why is None:
            self.why = why
        self.stopping.set()
        if self.child is not None:
            self._pass_on()

    def _announce_stop(self) -> None:
        if self.stopping.is_set() and not self._announced:
            self._announced = True
            self.log.info("the supervisor was asked to stop (%s); passing it on", self.why)

    def _pass_on(self) -> None:
        """Ask the child to stop, once: a second SIGTERM could reach a kiosk that has finished
        its run and put the default handlers back, and end it by the signal."""
        child = self.child
        if child is None or self.told is child:
            return
        self.told = child
        if child.poll() is None:
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
    return Supervisor(child_command(argv), supervisor_log(folder), env=child_environment()).run()


def child_environment() -> dict[str, str]:
    """This process's environment for every kiosk started, plus two things for the kiosk:
    one one-time PIN per supervisor run (used only without an admin_pin), so the PIN printed at
    the first start still opens the admin menu after a restart; and that it is supervised, so
    the admin's Quit tells this supervisor that it is final (``OPERATOR_QUIT``)."""
    env = dict(os.environ)
    env.setdefault(ONE_TIME_PIN_ENV, one_time_pin())
    env[SUPERVISED_ENV] = "1"
    return env
