"""A real phone server on a free port of the loopback address, and phones that talk to it over
real aiohttp connections. No wall-clock limits: every wait has a generous hang guard only."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

import aiohttp
import pytest

from game.phones.messages import Limits, PhoneEvent
from game.phones.server import PhoneServer

HOST = "127.0.0.1"
GUARD = 30.0  # seconds: only so that a broken test ends rather than hangs
T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def serve(limits: Limits | None = None, port: int | None = None, **options: Any) -> PhoneServer:
    server = PhoneServer(port or free_port(), host=HOST, limits=limits, **options)
    server.start()
    return server


@pytest.fixture
def server() -> Iterator[PhoneServer]:
    running = serve()
    yield running
    running.stop()


def run(scenario: Awaitable[T]) -> T:
    """Run a test's scenario on a loop of the test (the server has its own)."""

    async def guarded() -> T:
        return await asyncio.wait_for(scenario, GUARD)

    return asyncio.run(guarded())


async def until(check: Callable[[], bool]) -> None:
    while not check():
        await asyncio.sleep(0.005)


async def events(server: PhoneServer, count: int) -> list[PhoneEvent]:
    """The next ``count`` events the table polls (waiting for them)."""
    got: list[PhoneEvent] = []
    while len(got) < count:
        got += server.poll()
        await asyncio.sleep(0.005)
    return got


async def settled(server: PhoneServer, phone: Phone) -> list[PhoneEvent]:
    """Whatever the table got up to now: a ping's answer proves the server has read everything
    the phone sent before it (one connection's messages are handled in order)."""
    await phone.send({"type": "ping"})
    await phone.expect("pong")
    return server.poll()


class Phone:
    """One phone's connection to the server."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse,
                 device: str) -> None:  # fmt: skip
        self.session, self.ws, self.device = session, ws, device

    @classmethod
    async def open(cls, server: PhoneServer, device: str = "device-aaaa",
                   origin: str | None = "same") -> Phone:  # fmt: skip
        session = aiohttp.ClientSession()
        base = f"http://{server.host}:{server.port}"
        try:
            ws = await session.ws_connect(f"{base}/ws", origin=base if origin == "same" else origin,
                                          autoping=True)  # fmt: skip
        except BaseException:
            await session.close()
            raise
        return cls(session, ws, device)

    @classmethod
    async def join(cls, server: PhoneServer, seat: int, device: str = "device-aaaa") -> Phone:
        phone = await cls.open(server, device)
        await phone.hello(token=server.add_seat(seat).token)
        welcome = await phone.expect("welcome")
        assert welcome["seat"] == seat
        return phone

    async def hello(self, **how: str) -> None:
        await self.send({"type": "hello", "device": self.device, **how})

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        message = await self.ws.receive()
        assert message.type is aiohttp.WSMsgType.TEXT, message
        got: dict[str, Any] = json.loads(message.data)
        return got

    async def expect(self, kind: str) -> dict[str, Any]:
        got = await self.receive()
        assert got["type"] == kind, got
        return got

    async def refused(self, code: str) -> dict[str, Any]:
        got = await self.expect("error")
        assert got["code"] == code, got
        return got

    async def closed(self) -> int | None:
        """The close code once the server has closed this connection: the code of the server's
        close frame, which is what a browser's close event reports (not aiohttp's
        ``close_code``, which turns to 1006 when the server has let go of the connection before
        aiohttp's answer to that frame could be written; aiohttp's server does so when it closes
        a socket that another task reads)."""
        while True:
            message = await self.ws.receive()
            if message.type is aiohttp.WSMsgType.CLOSE:
                return int(message.data)
            if message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                return self.ws.close_code
            if message.type is aiohttp.WSMsgType.ERROR:
                return self.ws.close_code

    async def close(self) -> None:
        await self.ws.close()
        await self.session.close()
