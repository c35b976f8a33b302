"""``PhoneServer``: the phone companion's server, on its own asyncio loop in a thread of the game.

The game loop stays single-threaded: it calls ``poll()`` once a frame for what the phones sent
(``messages.PhoneEvent``: joined, left, action) and ``send(seat, payload)`` to tell a seat its
view; both are thread-safe and never wait for the network. The server passes an action on as the
phone sent it: the table applies it through the rules, as a click.

``start()`` binds the machine's LAN address (``lan.lan_address``) on the given port and returns
the address the phones open; a port it cannot bind raises ``PhoneError`` with the code
``phones.port_busy`` (or ``phones.cannot_listen``) and the port, for a screen to put in words.
``stop()`` closes every connection, frees the port and ends the thread; it may be called twice,
from ``atexit`` (which ``start`` registers it with) or from a signal handler.
"""

from __future__ import annotations

import asyncio
import atexit
import errno
import queue
import threading
from collections import Counter
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from aiohttp import web

from game.i18n import FALLBACK, LANGUAGES
from game.phones import messages as m
from game.phones.lan import LOOPBACK, lan_address
from game.phones.site import Site
from game.phones.sockets import Hub
from game.phones.tokens import SeatBook, SeatPass

DEFAULT_PORT = 8765
HANG_GUARD = 10.0  # seconds start/stop wait for the server's loop before giving up on it


class PhoneServer:
    """The server of one table's phones (see the module's text)."""

    def __init__(self, port: int = DEFAULT_PORT, *, host: str | None = None,
                 language: str = FALLBACK, limits: m.Limits | None = None) -> None:  # fmt: skip
        self.port = port
        self.host = host
        self.limits = limits or m.Limits()
        self.seats = SeatBook()
        self._language = FALLBACK
        self.set_language(language)
        self._inbox: queue.SimpleQueue[m.PhoneEvent] = queue.SimpleQueue()
        self._kept: dict[int, str] = {}
        self._heard: Counter[tuple[int, str]] = Counter()  # (seat, kind) of every event posted
        self._heard_lock = threading.Lock()  # (only ever held for one count)
        self._lock = threading.RLock()  # _kept, _loop and the state below (a signal handler's
        # stop() may come while the game loop's thread holds it)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._hub: Hub | None = None

    # ---- the table's side -------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._loop is not None

    @property
    def address(self) -> str:
        """Where the phones go: ``http://192.168.1.20:8765/`` (once started)."""
        return f"http://{self.host}:{self.port}/"

    def join_url(self, seat: int) -> str:
        """The seat's address for its QR code: the page with the token after the ``#`` (which a
        browser never sends to a server or puts in a log)."""
        made = self.seats.add(seat)
        return f"{self.address}#{made.token}"

    def add_seat(self, seat: int) -> SeatPass:
        """The seat may be played from a phone: its pass (token and code)."""
        return self.seats.add(seat)

    def release(self, seat: int) -> None:
        """The seat's device is let go (its phone is told): another device may take the seat."""
        self.seats.release(seat)
        self._call(lambda hub: hub.drop(seat))

    def remove_seat(self, seat: int) -> None:
        """The seat is back on the TV: its pass is void, its phone let go."""
        self.seats.remove(seat)
        with self._lock:
            self._kept.pop(seat, None)
        self._call(lambda hub: hub.drop(seat))

    def set_language(self, lang: str) -> None:
        self._language = lang if lang in LANGUAGES else FALLBACK

    def poll(self) -> list[m.PhoneEvent]:
        """What the phones sent since the last poll, in the order it came."""
        events: list[m.PhoneEvent] = []
        while True:
            try:
                events.append(self._inbox.get_nowait())
            except queue.Empty:
                return events

    def send(self, seat: int, payload: dict[str, Any], *, keep: bool = True) -> None:
        """Send the seat's phone ``payload`` (a JSON object; ``TypeError``/``ValueError`` here if
        it is none). ``keep``: it is also what a phone gets at once when it (re)joins the seat,
        until the next kept one (the view); a one-off (a refusal) is not kept."""
        text = m.table(payload)
        if keep:
            with self._lock:
                self._kept[seat] = text
        self._call(lambda hub: hub.deliver(seat, text))

    def heard(self, seat: int, kind: str) -> int:
        """How many ``kind`` events the seat's phone has posted since the server was made (the
        table's poll does not lower it): a caller outside the game loop, which cannot poll, can
        tell from it that a phone's message has arrived, say that a reloaded page has joined."""
        with self._heard_lock:
            return self._heard[(seat, kind)]

    def connected(self) -> set[int]:
        """The seats whose phone is connected now."""
        hub = self._hub
        return set(hub.joined) if hub is not None else set()

    # ---- start and stop ---------------------------------------------------------------------
    def start(self) -> str:
        """Listen; the address the phones open. Raises ``PhoneError`` (port busy, no address)."""
        with self._lock:
            if self._loop is not None:
                return self.address
            if self.host is None:
                self.host = lan_address()
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="phones", daemon=True)
            thread.start()
            try:
                asyncio.run_coroutine_threadsafe(self._open(), loop).result(HANG_GUARD)
            except BaseException:
                self._end_loop(loop, thread)
                raise
            self._loop, self._thread = loop, thread
        atexit.register(self.stop)
        return self.address

    def stop(self) -> None:
        """Close every connection, free the port, end the thread. Safe to call again."""
        with self._lock:
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
        if loop is None or thread is None:
            return
        atexit.unregister(self.stop)
        if threading.current_thread() is thread:  # (a callback of its own loop: no waiting)
            loop.create_task(self._close()).add_done_callback(lambda _: loop.stop())
            return
        try:
            asyncio.run_coroutine_threadsafe(self._close(), loop).result(HANG_GUARD)
        except (FutureTimeout, RuntimeError):
            pass
        finally:
            self._end_loop(loop, thread)

    @staticmethod
    def _end_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
        if not loop.is_closed():
            loop.call_soon_threadsafe(loop.stop)
        thread.join(HANG_GUARD)
        if not thread.is_alive():
            loop.close()

    async def _open(self) -> None:
        host = self.host or LOOPBACK
        site = Site(self._socket, lambda: self._language)
        site.allow(host, self.port, ["localhost"] if host == LOOPBACK else [])
        self._hub = Hub(self.seats, self.limits, site, self._post, self._kept_for,
                        lambda: self._language)  # fmt: skip
        runner = web.AppRunner(site.app(self.limits.frame_bytes), access_log=None,
                               handle_signals=False, shutdown_timeout=1.0)  # fmt: skip
        await runner.setup()
        try:
            await web.TCPSite(runner, host, self.port, reuse_address=True).start()
        except OSError as problem:
            await runner.cleanup()
            self._hub = None
            if problem.errno == errno.EADDRINUSE:
                raise m.PhoneError(m.Code.PORT_BUSY, port=self.port) from None
            reason = errno.errorcode.get(problem.errno or 0, str(problem))
            raise m.PhoneError(m.Code.CANNOT_LISTEN, port=self.port, reason=reason) from None
        self._runner = runner

    async def _close(self) -> None:
        hub, runner = self._hub, self._runner
        self._hub = self._runner = None
        if hub is not None:
            await hub.close_all()
        if runner is not None:
            await runner.cleanup()

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        hub = self._hub
        if hub is None:
            raise web.HTTPServiceUnavailable()
        return await hub.socket(request)

    def _post(self, event: m.PhoneEvent) -> None:
        with self._heard_lock:
            self._heard[(event.seat, event.kind)] += 1
        self._inbox.put(event)

    def _kept_for(self, seat: int) -> str | None:
        with self._lock:
            return self._kept.get(seat)

    def _call(self, what: Any) -> None:
        """Run ``what(hub)`` on the server's loop (from any thread); nothing when stopped."""
        with self._lock:
            loop = self._loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(self._on_hub, what)
        except RuntimeError:  # the loop closed meanwhile
            pass

    def _on_hub(self, what: Any) -> None:
        if self._hub is not None:
            what(self._hub)
