"""What a phone is told is its own view and the table's public things, nothing else (issue 30,
item 3): a whole game of each game with seat 0 on a phone (a real PhoneServer, a real aiohttp
connection) against a computer. Every payload the phone reads is decoded and compared with the
payload the table makes from *another* full state that seat 0 cannot tell from the real one
(Kap Hoorn: the other hands and the pile dealt anew, another seed; Der Berg ruft and Nanuuk!:
the seat's view). Were anything hidden from seat 0 in a payload, the two would differ."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.phones.messages import Limits
from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from game.play.phoneseats import payload
from game.play.table import PlayTable
from tests.phones.phones_support import Phone, serve
from tests.phones.table_support import Listening, run_game, with_phones
from tests.scenes_support import table_class

FRAMES = 60_000  # at most, in one game: only so that a broken test ends

GAMES = {  # the variant, its players, its options (short games)
    "nanuuk": ("intro", 2, {}),
    "kaphoorn": ("standard", 3, {"rounds": 1}),
    "bergruft": ("standard", 2, {"turn_limit": 2}),
}


def other_state(state: Any, seat: int, rng: random.Random) -> Any:
    """A full state that ``seat`` cannot tell from ``state``: what is hidden from it dealt anew
    (Kap Hoorn's ``determinized``), else the seat's own view (the hidden parts masked)."""
    view = state.view(seat)
    made = getattr(view, "determinized", None)
    return made(rng) if made is not None else view


class Telling:
    """The real server, and a word to the test each time the table sends a seat something
    (before it goes out): what the table knew then."""

    def __init__(self, server: PhoneServer, told: Callable[[int, dict[str, Any]], None]) -> None:
        self.server, self.told = server, told

    def __getattr__(self, name: str) -> Any:
        return getattr(self.server, name)

    def send(self, seat: int, payload: dict[str, Any], *, keep: bool = True) -> None:
        self.told(seat, payload)
        self.server.send(seat, payload, keep=keep)


def from_other_state(table: PlayTable, rng: random.Random) -> dict[str, Any]:
    """The payload seat 0 would get were the table's state the other one (and its end)."""
    real, final = table.state, table.final_from
    table.state = other_state(real, 0, rng)
    if final is not None:
        table.final_from = other_state(final, 0, rng)
    try:
        assert table.phones is not None
        return payload(table, 0, table.phones.lang(0), table.phones.joined)
    finally:
        table.state, table.final_from = real, final


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_payload_is_the_same_from_a_state_with_other_hidden_things(
    game: str, drive
) -> None:
    variant, players, options = GAMES[game]
    seats = (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"),
             Seat("Cleo", "easy", "yellow"))[:players]  # fmt: skip
    config = GameConfig(game, variant, seats, 9, dict(options), phones=frozenset({0}))
    rng = random.Random(4)

    server = serve(Limits(burst=10_000, per_second=10_000.0))

    async def scenario() -> None:
        expected: list[dict[str, Any]] = []
        differed = 0

        def told(seat: int, body: dict[str, Any]) -> None:  # as the table sends it, then
            nonlocal differed
            if seat == 0 and "refusal" not in body:
                table = drive.app.scenes.stack[0]
                expected.append(from_other_state(table, rng))
                differed += other_state(table.state, 0, rng) != table.state

        with_phones(drive.app, Telling(server, told))  # (a test taps faster than a person)
        anna = Listening(await Phone.join(server, 0, "device-anna"))
        drive.app.scenes.reset(table_class(game), config=config)
        answered = None
        for _ in range(FRAMES):
            drive.frames(1)
            await asyncio.sleep(0.001)  # the phone reads (and answers the server's pings)
            await until_read(anna, len(expected))
            table = drive.app.scenes.stack[0]
            assert isinstance(table, PlayTable) and table.phones is not None
            if table.state.is_over():
                break
            body = anna.last
            if body["yours"] and body is not answered:  # (the table's latest: read above)
                answered = body
                choice = rng.choice(body["choices"])
                await anna.phone.send({"type": "action", "action": choice["action"],
                                       "asked": bool(choice["asks"])})  # fmt: skip
        assert table.state.is_over(), ("the game did not end", table.phones.refusals)
        read = [json.loads(json.dumps(b)) for b in anna.views]
        assert read == expected  # every payload, decoded, as if the hidden things were others
        assert len(read) >= 5
        if game != "nanuuk":  # (Nanuuk! hides nothing: its view is the whole position)
            assert differed > 0, "the other state never differed: the test would prove nothing"
        await anna.close()

    try:
        run_game(scenario())
    finally:
        server.stop()


async def until_read(anna: Listening, count: int) -> None:
    for _ in range(FRAMES):
        if len(anna.views) >= count:
            return
        await asyncio.sleep(0.002)
    raise AssertionError(f"the phone read {len(anna.views)} of the {count} payloads sent")
