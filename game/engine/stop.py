"""The operating system's request to stop: it ends the run cleanly, in kiosk mode too.

SIGTERM (``kill``, ``systemctl stop``, a shutdown) and SIGINT (Ctrl+C) set ``StopRequest``; the
loop sees it at its next frame and finishes as after a quit: a game in progress is recorded as
abandoned, the statistics are closed, the exit code is 0. On Windows the same goes for Ctrl+Break
(``SIGBREAK``, which the supervisor sends its child), the console window's close, and the end
of the session: a window gets WM_QUERYENDSESSION / WM_ENDSESSION (``session_ending``).

SDL would turn SIGINT and SIGTERM into a quit event, which a kiosk ignores like the window's
close, so the App tells SDL to leave signals alone (``SDL_NO_SIGNAL_HANDLERS``) and Python's
handlers installed here take them. Handlers can only be installed from the main thread; on any
other (a test's helper thread) ``install`` does nothing.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any

from game.persist.log import LOG

WM_QUERYENDSESSION = 0x0011  # Windows: may the session end?
WM_ENDSESSION = 0x0016  # Windows: it ends (wParam true)
# Windows console events (SetConsoleCtrlHandler): the console window closed, logoff, shutdown
CONSOLE_EVENTS = {2: "the console window closed", 5: "logoff", 6: "shutdown"}
CONSOLE_GRACE_S = 4.5  # Windows ends the process about 5 s after a console close
# The exit code of the kiosk admin menu's Quit under a supervisor: the one end it takes as final
# (any other, 0 included, is a kiosk stopped from elsewhere, which it starts again;
# game.kiosk.supervisor). A kiosk run by hand quits with 0, like any program.
OPERATOR_QUIT = 10
SUPERVISED_ENV = "SPELTAFEL_SUPERVISED"  # set by the supervisor for its children


def quit_code() -> int:
    """The exit code of the operator's Quit: ``OPERATOR_QUIT`` for a supervisor, else 0."""
    return OPERATOR_QUIT if os.environ.get(SUPERVISED_ENV) == "1" else 0


def signal_names() -> tuple[str, ...]:
    """The signals this platform has of SIGTERM, SIGINT and SIGBREAK (Windows)."""
    return tuple(name for name in ("SIGTERM", "SIGINT", "SIGBREAK") if hasattr(signal, name))


class StopRequest:
    def __init__(self) -> None:
        self.reason: str | None = None
        self._event = threading.Event()
        self.finished = threading.Event()  # set by the App once its run has ended
        self._saved: dict[int, Any] = {}
        self._console: Any = None  # the ctypes callback, kept alive while installed
        self._announced = False

    @property
    def requested(self) -> bool:
        return self._event.is_set()

    def request(self, reason: str) -> None:
        """Note the stop (the first reason counts). No logging here: this runs in a signal
        handler, which may interrupt the main thread while it writes the same log file (a
        reentrant write raises); ``announce`` logs it from the loop."""
        if not self.requested:
            self.reason = reason
        self._event.set()

    def announce(self) -> None:
        """Log the stop once, from the loop that saw it."""
        if self.requested and not self._announced:
            self._announced = True
            LOG.info("stop requested by the operating system (%s)", self.reason)

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or less if a stop is requested meanwhile (a crash loop's pause)."""
        self._event.wait(seconds)

    # ---- installing the handlers --------------------------------------------------------------
    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for name in signal_names():
            number = getattr(signal, name)
            self._saved[number] = signal.signal(number, self._on_signal)
        if sys.platform == "win32":
            self._install_console_handler()

    def restore(self) -> None:
        """Put back the handlers ``install`` replaced (tests run many Apps in one process)."""
        for number, handler in self._saved.items():
            signal.signal(number, handler)
        self._saved.clear()
        if self._console is not None:
            import ctypes

            ctypes.windll.kernel32.SetConsoleCtrlHandler(self._console, False)  # type: ignore[attr-defined]
            self._console = None

    def _on_signal(self, number: int, frame: object) -> None:
        self.request(signal.Signals(number).name)

    # ---- Windows ------------------------------------------------------------------------------
    def _install_console_handler(self) -> None:
        import ctypes

        handler_type = ctypes.WINFUNCTYPE(ctypes.c_bool, ctypes.c_uint)  # type: ignore[attr-defined]
        self._console = handler_type(self.console_event)
        ctypes.windll.kernel32.SetConsoleCtrlHandler(self._console, True)  # type: ignore[attr-defined]

    def console_event(self, kind: int) -> bool:
        """A Windows console event, on the thread Windows makes for it: the ones that end the
        process are held until the loop has finished cleanly (Windows waits for the return)."""
        what = CONSOLE_EVENTS.get(kind)
        if what is None:
            return False  # Ctrl+C and Ctrl+Break arrive as SIGINT and SIGBREAK instead
        self.request(what)
        self.finished.wait(CONSOLE_GRACE_S)
        return True

    def session_ending(self, event: Any) -> bool:
        """Whether a Windows window message (an SDL SYSWMEVENT) says the session ends."""
        msg = getattr(event, "msg", None)
        if msg == WM_QUERYENDSESSION or (msg == WM_ENDSESSION and getattr(event, "wparam", 0)):
            self.request("the Windows session ends")
            return True
        return False
