"""Kap Hoorn's secrets stay off the phones (K10, issue 30 item 8): over a whole 3-player game
with two seats on phones (real aiohttp connections to a real server; each plays its own turns
through its socket) and a computer, every message the server sends to seat A is read, decoded
and checked against the true state's hidden parts: no hand but A's own, no draw pile, no seed.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

from game.games.kaphoorn.rules.turn import all_winds
from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from tests.phones.phones_support import Phone, run
from tests.phones.table_support import with_phones
from tests.scenes_support import Driver, table_class

FRAME_GUARD = 200_000  # frames at most: only so that a broken test ends
MOTIFS = {w.name for w in all_winds()}


class Reader:
    """One phone's socket: every message read, kept; its seat plays the choices it is given."""

    def __init__(self, phone: Phone, rng: random.Random) -> None:
        self.phone, self.rng = phone, rng
        self.messages: list[dict[str, Any]] = []
        self.answered: object = None
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            self.messages.append(await self.phone.receive())

    @property
    def last(self) -> dict[str, Any] | None:
        bodies = [m["body"] for m in self.messages
                  if m["type"] == "table" and "refusal" not in m["body"]]  # fmt: skip
        return bodies[-1] if bodies else None

    async def answer(self) -> bool:
        """A move when the last payload asks for one (once a payload): a sail or a laid card
        first, else stay, buy or end; whether one was sent."""
        body = self.last
        if body is None or not body["yours"] or self.answered is body:
            return False
        self.answered = body
        choices = body["choices"]
        kinds = {c["kind"] for c in choices}
        for wanted in ("sail", "play", "stay", "again", "end"):
            if wanted in kinds:
                pick = self.rng.choice([c for c in choices if c["kind"] == wanted])
                break
        else:
            pick = choices[0]
        await self.phone.send({"type": "action", "action": pick["action"],
                               "asked": bool(pick.get("asks"))})  # fmt: skip
        return True

    async def close(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        await self.phone.close()


def lists_of_cards(value: Any, path: str = "") -> Iterator[tuple[str, list[str]]]:
    """Every list in a decoded message that names wind cards (by motif), with where it lies."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from lists_of_cards(item, f"{path}.{key}")
    elif isinstance(value, list):
        names = [v.get("wind") if isinstance(v, dict) else v for v in value]
        if names and all(isinstance(n, str) and n in MOTIFS for n in names):
            yield path, names
        for i, item in enumerate(value):
            yield from lists_of_cards(item, f"{path}[{i}]")


def numbers(value: Any) -> Iterator[int | float | str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from numbers(item)
    elif isinstance(value, int | float | str) and not isinstance(value, bool):
        yield value


def test_seat_a_is_sent_nothing_of_the_others_hands_the_pile_or_the_seed(
    drive: Driver, server: PhoneServer
) -> None:
    with_phones(drive.app, server)
    seats = (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue"),
             Seat("Cleo", "easy", "yellow"))  # fmt: skip
    seed = 424242
    config = GameConfig("kaphoorn", "standard", seats, seed, {"rounds": 3, "start": 1},
                        phones=frozenset({0, 1}))  # fmt: skip
    passes = {s: server.add_seat(s) for s in (0, 1)}
    seen: list[Any] = []  # the true state at every frame: its hidden parts

    async def game() -> tuple[list[dict[str, Any]], int]:
        rng = random.Random(30)
        readers = {}
        for s in (0, 1):
            phone = await Phone.open(server, device=f"device-{s}-kaphoorn")
            await phone.hello(token=passes[s].token)
            readers[s] = Reader(phone, rng)
        drive.app.scenes.reset(table_class("kaphoorn"), config=config)
        drive.frames(2)
        scene = drive.app.scenes.stack[0]
        assert scene.phones is not None  # the table listens to the server
        moves = 0
        try:
            for _ in range(FRAME_GUARD):
                drive.frames(1)
                seen.append(scene.state)
                if scene.state.is_over():
                    break
                for reader in readers.values():
                    moves += await reader.answer()
                await asyncio.sleep(0.001)
            for _ in range(50):  # the last payloads (the end) arrive
                drive.frames(1)
                await asyncio.sleep(0.002)
            return readers[0].messages, moves
        finally:
            for reader in readers.values():
                await reader.close()

    messages, moves = run(game())
    final = seen[-1]
    assert final.is_over() and moves > 6  # a whole game, played from the phones
    assert all(s.seed == final.seed for s in seen)
    own_hands = {tuple(sorted(all_winds()[w].name for w in s.hands[0])) for s in seen}
    bodies = [m["body"] for m in messages if m["type"] == "table"]
    views = [b for b in bodies if "refusal" not in b]
    assert len(views) > 10 and views[-1]["over"] is not None
    secrets = {seed, final.seed, str(seed), str(final.seed)}
    for body in bodies:
        for path, names in lists_of_cards(body):
            # the only cards named together: seat A's own hand at some moment (K10)
            assert path == ".page.hand", (path, names)
            assert tuple(sorted(names)) in own_hands, names
        assert not secrets & set(numbers(body)), "a seed was sent"
        for choice in body.get("choices", []):
            if choice.get("card"):
                assert any(choice["card"] in hand for hand in own_hands)
    # the hidden parts were there to be leaked: other hands and a pile of many cards
    assert any(len(s.hands[1]) >= 3 for s in seen) and len(final.pile) > 10
    sizes = {len(b["page"]["hand"]) for b in views}
    assert len(sizes) > 1  # the own hand changed through the game, and was told each time
