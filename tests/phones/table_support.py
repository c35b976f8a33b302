"""A play table with phone seats under the dummy video driver, listening to a real
``PhoneServer`` (tests/phones/phones_support.py): the app's services get a ``Phones`` whose door is
that server, as the app's own gives the running one. Frames are driven by the scene tests'
``Driver``; an async scenario lets the phones' aiohttp connections read between frames."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from game.app import App
from game.play.config import GameConfig, Seat
from game.play.table import PlayTable
from tests.phones.phones_support import Phone
from tests.scenes_support import Driver, table_class

FRAME_GUARD = 20_000  # frames an async wait runs at most: only so that a broken test ends
GAME_GUARD = 1800.0  # seconds a whole game's scenario may take: only so that a hung one ends
T = TypeVar("T")


class ServerPhones:
    """The app's phone companion, on a server the test started (a real one)."""

    def __init__(self, server: Any) -> None:
        self.server = server

    @property
    def door(self) -> Any:
        return self.server

    def open(self) -> Any:
        return self.server

    def close(self) -> None:
        self.server.stop()


def with_phones(app: App, server: Any) -> None:
    """The app's scenes see ``server`` as the running phone server from now on."""
    services = dataclasses.replace(app.services, phones=ServerPhones(server))
    app.services = services
    app.scenes.services = services


def nanuuk_config(kinds: list[str], phones: set[int], seed: int = 7,
                  variant: str = "intro") -> GameConfig:  # fmt: skip
    names = ("Anna", "Ben", "Cleo", "Dirk")
    colours = ("red", "blue", "yellow", "green")
    seats = tuple(Seat(names[i], k, colours[i]) for i, k in enumerate(kinds))
    return GameConfig("nanuuk", variant, seats, seed, {}, phones=frozenset(phones))


def open_table(drive: Driver, config: GameConfig, **more: Any) -> PlayTable:
    drive.app.scenes.reset(table_class(config.game), config=config, **more)
    drive.frames(3)
    scene = drive.app.scenes.stack[0]
    assert isinstance(scene, PlayTable)
    return scene


async def frames_until(drive: Driver, check: Callable[[], bool]) -> None:
    """Game frames, letting the phones' connections read between them, until ``check()``."""
    for _ in range(FRAME_GUARD):
        if check():
            return
        drive.frames(1)
        await asyncio.sleep(0.002)
    raise AssertionError("the table never got there")


def run_game(scenario: Awaitable[T]) -> T:
    """Run a whole game's scenario on a loop of the test (``phones_support.run`` for longer)."""

    async def guarded() -> T:
        return await asyncio.wait_for(scenario, GAME_GUARD)

    return asyncio.run(guarded())


class Listening:
    """One phone's connection and every ``table`` body it has read (a task reads them)."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.bodies: list[dict[str, Any]] = []
        self.other: list[dict[str, Any]] = []
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            message = await self.phone.receive()
            if message["type"] == "table":
                self.bodies.append(message["body"])
            else:
                self.other.append(message)

    @property
    def views(self) -> list[dict[str, Any]]:
        return [b for b in self.bodies if "refusal" not in b]

    @property
    def last(self) -> dict[str, Any]:
        return self.views[-1]

    @property
    def refusals(self) -> list[dict[str, Any]]:
        return [b["refusal"] for b in self.bodies if "refusal" in b]

    async def close(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        await self.phone.close()
