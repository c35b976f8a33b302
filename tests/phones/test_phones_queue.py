"""The hand-over between the server's thread and the table's: what the phones send waits in a
queue the table polls (in order, the action untouched); what the table sends a seat reaches only
that seat's phone, in order, from whichever thread sends it."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import game
from game.phones.messages import PhoneEvent
from game.phones.server import PhoneServer
from tests.phones.phones_support import Phone, events, run


def test_the_table_polls_what_the_phones_sent_in_order(server: PhoneServer) -> None:
    strange = {"kind": "play", "card": 7, "field": [3, 4], "note": "ünïcode", "deep": {"x": None}}

    async def scenario() -> None:
        assert server.poll() == []
        anna = await Phone.join(server, 0, device="anna-phone")
        ben = await Phone.join(server, 2, device="ben-phone")
        assert server.connected() == {0, 2}
        await anna.send({"type": "action", "action": {"kind": "stay"}})
        got = await events(server, 3)
        await ben.send({"type": "action", "action": strange})
        await ben.send({"type": "action", "action": {"kind": "end"}})
        await ben.send({"type": "action", "action": {"kind": "end"}, "asked": True})
        await ben.send({"type": "undo"})
        await ben.send({"type": "language", "lang": "nl"})
        got += await events(server, 5)
        assert got == [
            PhoneEvent(0, "joined", {"again": False}),
            PhoneEvent(2, "joined", {"again": False}),
            PhoneEvent(0, "action", {"action": {"kind": "stay"}, "asked": False}),
            PhoneEvent(2, "action", {"action": strange, "asked": False}),  # as sent: never read
            PhoneEvent(2, "action", {"action": {"kind": "end"}, "asked": False}),
            PhoneEvent(2, "action", {"action": {"kind": "end"}, "asked": True}),
            PhoneEvent(2, "undo"),
            PhoneEvent(2, "language", {"lang": "nl"}),
        ]
        assert server.poll() == []  # each event is polled once
        # ... but what was heard stays counted, for a caller that cannot poll (a page's test)
        assert [server.heard(2, kind) for kind in ("joined", "action", "undo", "language")] == [
            1, 3, 1, 1]  # fmt: skip
        assert (server.heard(0, "action"), server.heard(1, "action")) == (1, 0)
        await anna.close()
        assert await events(server, 1) == [PhoneEvent(0, "left")]
        assert server.connected() == {2} and server.heard(0, "left") == 1
        await ben.close()

    run(scenario())


def test_a_seat_gets_only_its_own_messages_in_order_from_any_thread(server: PhoneServer) -> None:
    async def scenario() -> None:
        anna = await Phone.join(server, 0, device="anna-phone")
        ben = await Phone.join(server, 1, device="ben-phone")

        def table() -> None:  # the game loop's thread, sending as it plays
            for n in range(50):
                server.send(n % 2, {"n": n, "seat": n % 2})

        sender = threading.Thread(target=table)
        sender.start()
        sender.join()
        got = {0: [], 1: []}  # type: dict[int, list[int]]
        for seat, phone in ((0, anna), (1, ben)):
            for _ in range(25):
                body = (await phone.expect("table"))["body"]
                assert body["seat"] == seat
                got[seat].append(body["n"])
        assert got == {0: list(range(0, 50, 2)), 1: list(range(1, 50, 2))}
        await anna.close()
        await ben.close()

    run(scenario())


def test_what_is_no_json_object_is_refused_on_the_tables_thread(server: PhoneServer) -> None:
    for bad in ([1, 2], "view", None):
        with pytest.raises(TypeError):
            server.send(0, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        server.send(0, {"hand": {1, 2}})
    with pytest.raises(ValueError):
        server.send(0, {"score": math.nan})

    async def scenario() -> None:
        phone = await Phone.join(server, 0)  # nothing of it was kept or sent
        server.send(0, {"ok": True})
        assert json.loads(json.dumps((await phone.expect("table"))["body"])) == {"ok": True}
        await phone.close()

    run(scenario())


def test_the_server_loads_no_pygame_no_game_and_no_engine() -> None:
    """The contract "phones" at run time, in a fresh interpreter."""
    probe = "import json, sys\nimport game.phones.server\nprint(json.dumps(list(sys.modules)))"
    root = Path(game.__file__).parents[1]
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, cwd=root)  # fmt: skip
    loaded = json.loads(out.stdout)
    assert "game.phones.server" in loaded and "aiohttp" in loaded
    banned = ("pygame", "pygame_gui", "game.games", "game.engine", "game.ui", "game.play")
    assert [m for m in loaded if any(m == b or m.startswith(b + ".") for b in banned)] == []
