"""The seat sockets: one WebSocket per phone, on the server's loop.

Each connection has its own queue of messages out (written by one task, so they keep their
order) and its own token bucket. A message is checked before anything happens: its size, the
rate, its shape (``messages.parse``); a refusal is answered with an error and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from game.phones import messages as m
from game.phones.site import Site
from game.phones.tokens import Bind, SeatBook

Out = str | tuple[int, str]  # a message, or (close code, reason)
CLOSE_REPLACED = 4000  # another connection of the same device took the seat
CLOSE_RELEASED = 4001  # the table released the seat (or took it off the phones)
CLOSE_WAIT = 2.0  # seconds a closing socket waits for the phone's answer (then it is cut)


class Conn:
    """One phone's connection."""

    def __init__(self, ws: web.WebSocketResponse, limits: m.Limits, remote: str) -> None:
        self.ws = ws
        self.remote = remote
        self.seat: int | None = None
        self.bucket = m.Bucket(limits.burst, limits.per_second)
        self.refused = 0  # messages refused for the rate, in a row
        self._out: asyncio.Queue[Out] = asyncio.Queue(maxsize=limits.queued)
        self._dropped = False

    def push(self, item: Out) -> None:
        try:
            self._out.put_nowait(item)
        except asyncio.QueueFull:  # a phone that reads nothing: let it go (it may come back)
            if not self._dropped:
                self._dropped = True
                close = self.ws.close(code=WSCloseCode.TRY_AGAIN_LATER)
                asyncio.get_running_loop().create_task(close)

    def close(self, code: int, problem: m.PhoneError) -> None:
        """Tell the phone why, then close (after what is queued)."""
        self.push(m.error(problem))
        self.push((code, problem.code.value))

    async def write(self) -> None:
        while True:
            item = await self._out.get()
            if isinstance(item, tuple):
                await self.ws.close(code=item[0], message=item[1].encode())
                return
            await self.ws.send_str(item)


class Hub:
    """The open connections and the seat each is for (the server's loop only)."""

    def __init__(self, seats: SeatBook, limits: m.Limits, site: Site,
                 post: Callable[[m.PhoneEvent], None], kept: Callable[[int], str | None],
                 language: Callable[[], str]) -> None:  # fmt: skip
        self._seats, self._limits, self._site = seats, limits, site
        self._post, self._kept, self._language = post, kept, language
        self.open: set[Conn] = set()
        self.by_seat: dict[int, Conn] = {}
        # the seats with a phone, for other threads: a new frozenset at each change (a swap of
        # one reference, never a dict another thread reads while it changes)
        self.joined: frozenset[int] = frozenset()
        self._failures: dict[str, int] = {}

    # ---- from the table (through call_soon_threadsafe) ----------------------------------------
    def deliver(self, seat: int, text: str) -> None:
        conn = self.by_seat.get(seat)
        if conn is not None:
            conn.push(text)

    def drop(self, seat: int) -> None:
        """The seat was released: its phone is told and let go (no "left" for it)."""
        conn = self.by_seat.pop(seat, None)
        self.joined = frozenset(self.by_seat)
        if conn is not None:
            conn.seat = None
            conn.close(CLOSE_RELEASED, m.PhoneError(m.Code.RELEASED))

    async def close_all(self) -> None:
        """Every phone is told the table closed (all at once: a silent one waits ``CLOSE_WAIT``)."""
        closing = [conn.ws.close(code=WSCloseCode.GOING_AWAY, message=m.Code.CLOSING.encode())
                   for conn in list(self.open)]  # fmt: skip
        await asyncio.gather(*closing, return_exceptions=True)

    # ---- a phone's socket ------------------------------------------------------------------------
    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not self._site.origin_ok(request):
            raise web.HTTPForbidden()
        if len(self.open) >= self._limits.connections:
            raise web.HTTPServiceUnavailable()
        ws = web.WebSocketResponse(max_msg_size=self._limits.frame_bytes, heartbeat=30.0,
                                   timeout=CLOSE_WAIT)  # fmt: skip
        await ws.prepare(request)
        conn = Conn(ws, self._limits, request.remote or "")
        self.open.add(conn)
        writer = asyncio.get_running_loop().create_task(conn.write())
        try:
            async for message in ws:
                if message.type is WSMsgType.TEXT:
                    self._receive(conn, message.data)
                elif message.type is WSMsgType.BINARY:
                    self._receive(conn, None)
                else:  # an error of the frame (too big): aiohttp has closed it
                    break
        finally:
            self.open.discard(conn)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            if conn.seat is not None and self.by_seat.get(conn.seat) is conn:
                del self.by_seat[conn.seat]
                self.joined = frozenset(self.by_seat)
                self._post(m.PhoneEvent(conn.seat, "left"))
        return ws

    def _receive(self, conn: Conn, text: str | None) -> None:
        if not conn.bucket.take():
            conn.refused += 1
            if conn.refused == 1:
                conn.push(m.error(m.PhoneError(m.Code.TOO_FAST)))
            elif conn.refused > self._limits.floods:
                conn.push((WSCloseCode.POLICY_VIOLATION, m.Code.TOO_FAST.value))
            return
        conn.refused = 0
        try:
            if text is None:
                raise m.PhoneError(m.Code.NOT_TEXT)
            self._handle(conn, m.parse(text, self._limits))
        except m.PhoneError as problem:
            conn.push(m.error(problem))

    def _handle(self, conn: Conn, message: m.Inbound) -> None:
        if isinstance(message, m.Ping):
            conn.push(m.PONG)
        elif isinstance(message, m.Hello):
            self._hello(conn, message)
        elif conn.seat is None:
            raise m.PhoneError(m.Code.NOT_JOINED)
        elif isinstance(message, m.Action):
            body: dict[str, Any] = {"action": message.action, "asked": message.asked}
            self._post(m.PhoneEvent(conn.seat, "action", body))
        elif isinstance(message, m.Focus):
            self._post(m.PhoneEvent(conn.seat, "focus", {"action": message.action}))
        elif isinstance(message, m.Undo):
            self._post(m.PhoneEvent(conn.seat, "undo"))
        else:
            self._post(m.PhoneEvent(conn.seat, "language", {"lang": message.lang}))

    def _hello(self, conn: Conn, hello: m.Hello) -> None:
        if conn.seat is not None:
            raise m.PhoneError(m.Code.ALREADY_JOINED)
        if self._failures.get(conn.remote, 0) >= self._limits.join_failures:
            raise m.PhoneError(m.Code.TOO_MANY_TRIES)
        found = self._seats.find(token=hello.token, code=hello.code)
        if found is None:
            self._failures[conn.remote] = self._failures.get(conn.remote, 0) + 1
            raise m.PhoneError(m.Code.UNKNOWN_SEAT)
        bound = self._seats.bind(found.seat, hello.device)
        if bound is Bind.TAKEN:
            raise m.PhoneError(m.Code.SEAT_TAKEN)
        before = self.by_seat.get(found.seat)
        if before is not None:  # the same device again (a reload): the new connection wins
            before.seat = None
            before.close(CLOSE_REPLACED, m.PhoneError(m.Code.REPLACED))
        conn.seat = found.seat
        self.by_seat[found.seat] = conn
        self.joined = frozenset(self.by_seat)
        conn.push(m.welcome(found.seat, found.token, found.code, self._language()))
        kept = self._kept(found.seat)
        if kept is not None:
            conn.push(kept)
        self._post(m.PhoneEvent(found.seat, "joined", {"again": bound is Bind.AGAIN}))
