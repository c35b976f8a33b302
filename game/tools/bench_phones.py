"""The phones' figures of the bench (issue 30, item 9): ``bench --only phones``.

A Kap Hoorn table of 5 people, every seat on a phone, under the app's own phone server
(``App.phones``, listening on a free loopback port), the TV's loop paced as the real loop paces
it (``App.frame(paced=True)``, then ``Pacer.wait``: 60 frames a second, so a phone's message
waits for the next frame's poll). The phones are real aiohttp WebSocket clients on their own
asyncio loop in a thread of their own ("bench-phones"): each joins with its seat's token and a
device id, reads its payloads and, when its payload says ``yours``, sends one of its ``choices``
(a seeded pick among those that ask nothing, so the game never ends).

- ``action_ms``: from the phone's send to the end of the TV's frame whose state that action
  changed (drawn and presented), p50/p99/max over ``actions`` actions, each sent a random
  0-50 ms after the phone's payload said ``yours`` (a player's taps fall anywhere in a frame).
- ``frames``: the TV's frame times (the bench's click, if any, + update + draw + present; not
  the pacing's wait) over ``seconds`` seconds, phase A with no phone connected (the seats still
  on phones, the server running; the bench plays the mover's pick once a second with
  ``table.play``, as a click) against phase B with all 5 connected (the mover's phone sends its
  pick once a second); the same seed, the same picks. Their p99s and ``p99_ratio`` (B / A).
- ``server_idle``: the CPU time of the server's thread ("phones") while 5 phones are connected,
  nobody acts and the TV loops at 60 frames a second for ``idle_s`` seconds, read from
  ``/proc/self/task/<native id>/stat`` (utime + stime), as % of one core (None without /proc).

The phones' clients run in this process (they share its interpreter lock with the TV's loop, as
a real phone would not): phase B's figures are, if anything, pessimistic. It reports; it never
asserts a time. Targets: action p99 <= 50 ms, frame p99 B within 10 % of A, server <= 1 %.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

GAME = "kaphoorn"
SEATS = 5
SEED = 31
HOST = "127.0.0.1"
RATE_S = 1.0  # phase A and B: the mover acts once a second
PAUSE_S = 0.05  # the latency phase: a phone acts 0-50 ms after its payload said "yours"
WARM_UP_S = 1.0  # paced frames before each phase, not measured (the first payloads, the caches)
GUARD_S = 600.0  # seconds any phase may take at most: only so that a stuck bench ends
ACTIONS, SECONDS, IDLE_S = 100, 30.0, 10.0  # the defaults of ``--only phones``


def _summary_ms(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return {"count": 0}
    at = min(len(ms) - 1, max(0, round(0.99 * (len(ms) - 1))))
    return {"count": len(ms), "p50_ms": round(statistics.median(ms), 3),
            "p99_ms": round(ms[at], 3), "max_ms": round(ms[-1], 3)}  # fmt: skip


def _ratio(new: dict[str, float], old: dict[str, float]) -> float | None:
    return round(new["p99_ms"] / old["p99_ms"], 3) if old.get("p99_ms") else None


def pick(choices: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The choice a bench player makes: a seeded pick among those that ask nothing (a move
    that ends the game is asked first), so that the table goes on."""
    quiet = [c for c in choices if c.get("asks") is None]
    return rng.choice(quiet or choices)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def thread_cpu_s(native_id: int | None) -> float | None:
    """A thread's CPU time (utime + stime) from Linux's /proc; None where it is not there."""
    if native_id is None:
        return None
    try:
        with open(f"/proc/self/task/{native_id}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    ticks = int(fields[11]) + int(fields[12])  # the stat's 14th and 15th fields
    return ticks / os.sysconf("SC_CLK_TCK")


class Phones:
    """The phones: one aiohttp client session and WebSocket each, on an asyncio loop in the
    thread "bench-phones". ``act(rate, pause)`` lets the mover's phone play: once ``rate``
    seconds after its last action, or a random 0-``pause`` s after its payload said ``yours``."""

    def __init__(self, base: str, tokens: dict[int, str]) -> None:
        self.base, self.tokens = base, tokens
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="bench-phones",
                                       daemon=True)  # fmt: skip
        self.last: dict[int, dict[str, Any]] = {}  # the last view each seat was sent
        self.bodies = 0  # table payloads read
        self.refusals: list[dict[str, Any]] = []
        self.sent_at: list[float] = []  # perf_counter of each action sent
        self.seen = 0  # the table's changes the TV reported (``changed``)
        self._sockets: dict[int, aiohttp.ClientWebSocketResponse] = {}
        self._sessions: list[aiohttp.ClientSession] = []
        self._news: asyncio.Event | None = None
        self._acting: asyncio.Task[None] | None = None
        self._acted: dict[str, Any] | None = None  # the payload of the last action sent

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(GUARD_S)

    def connect(self) -> None:
        self.thread.start()
        self._run(self._connect_all())

    async def _connect_all(self) -> None:
        self._news = asyncio.Event()
        for seat, token in sorted(self.tokens.items()):
            session = aiohttp.ClientSession()
            self._sessions.append(session)
            ws = await session.ws_connect(f"{self.base}/ws", origin=self.base)
            await ws.send_str(json.dumps({"type": "hello", "token": token,
                                          "device": f"bench-phone-{seat}"}))  # fmt: skip
            welcome = json.loads((await ws.receive()).data)
            if welcome.get("type") != "welcome" or welcome.get("seat") != seat:
                raise RuntimeError(f"seat {seat}'s phone was not let in: {welcome}")
            self._sockets[seat] = ws
            self.loop.create_task(self._read(seat, ws))

    async def _read(self, seat: int, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            got = json.loads(message.data)
            if got.get("type") != "table":
                continue
            body = got["body"]
            if "refusal" in body:  # (none is expected: counted, and the phone goes on)
                self.refusals.append(body["refusal"])
                if self.sent_at:
                    self.sent_at.pop()  # not an action that changed the table
                self._wake()
                continue
            self.bodies += 1
            self.last[seat] = body
            self._wake()

    def _wake(self) -> None:
        if self._news is not None:
            self._news.set()

    def changed(self) -> None:
        """The TV's state changed (an action of ours arrived): from the TV's thread."""
        self.loop.call_soon_threadsafe(self._seen)

    def _seen(self) -> None:
        self.seen += 1
        self._wake()

    def act(self, rate: float | None, pause: float, rng: random.Random) -> None:
        self._run(self._start(rate, pause, rng))

    async def _start(self, rate: float | None, pause: float, rng: random.Random) -> None:
        self.seen = len(self.sent_at)
        self._acting = self.loop.create_task(self._play(rate, pause, rng))
        self._wake()  # look at the payloads there are at once

    def halt(self) -> None:
        self._run(self._halt())

    async def _halt(self) -> None:
        if self._acting is not None:
            self._acting.cancel()
            await asyncio.gather(self._acting, return_exceptions=True)
            self._acting = None

    def _mover(self) -> tuple[int, dict[str, Any]] | None:
        """The seat whose payload says ``yours``, but not the payload acted on last (the one
        after that action may still be on its way)."""
        for seat, body in sorted(self.last.items()):
            if body.get("yours") and body is not self._acted:
                return seat, body
        return None

    async def _play(self, rate: float | None, pause: float, rng: random.Random) -> None:
        """Act on the mover's payloads (``rng``: the picks only, as the bench's clicks pick)."""
        assert self._news is not None
        pauses = random.Random(SEED)
        while True:
            await self._news.wait()
            self._news.clear()
            if self.seen < len(self.sent_at) or self._mover() is None:
                continue  # our last action has not changed the table yet, or nobody's turn
            if rate is not None:
                delay = self.sent_at[-1] + rate - time.perf_counter() if self.sent_at else 0.0
            else:
                delay = pauses.uniform(0.0, pause)
            await asyncio.sleep(max(0.0, delay))
            mover = self._mover()
            if mover is None:
                self._news.set()  # look again at the next payload
                continue
            seat, body = mover
            choice = pick(body["choices"], rng)
            self._acted = body
            self.sent_at.append(time.perf_counter())
            await self._sockets[seat].send_str(json.dumps(
                {"type": "action", "action": choice["action"], "asked": False}))  # fmt: skip

    def close(self) -> None:
        if not self.thread.is_alive():
            return
        self._run(self._close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        if not self.thread.is_alive():
            self.loop.close()

    async def _close(self) -> None:
        await self._halt()
        for ws in self._sockets.values():
            await ws.close()
        for session in self._sessions:
            await session.close()


class Bench:
    """The app, its phone server on loopback, and the table the phones play."""

    def __init__(self, data_dir: str) -> None:
        from game.app import App, Options

        self.app = App(Options(size=(1920, 1080), data_dir=Path(data_dir), raise_errors=True,
                               phones_port=free_port()))  # fmt: skip
        self.app.phones.host = HOST
        self.app.start()
        self.door: Any = self.app.phones.open()
        self.server = next(t for t in threading.enumerate() if t.name == "phones")
        self.table: Any = None
        self.cpu: list[float] = []  # each paced frame's CPU time in the TV's thread
        self.on_change: Callable[[float], None] = lambda at: None  # the state changed, at

    def config(self) -> Any:
        from game.play.config import GameConfig, Seat

        names = ("Anna", "Ben", "Clara", "David", "Emil")
        colours = ("red", "blue", "yellow", "green", "purple")
        seats = tuple(Seat(n, "human", c) for n, c in zip(names, colours, strict=True))
        return GameConfig(GAME, "standard", seats, SEED, {"rounds": 0, "start": 1},
                          phones=frozenset(range(SEATS)))  # fmt: skip

    def open_table(self) -> None:
        from game.play.registry import plugin

        for seat in range(SEATS):
            self.door.add_seat(seat)
        self.app.options.speed = 1.0
        self.app.scenes.reset(plugin(GAME).scene(), config=self.config())
        self.app.scenes.apply_pending()
        self.table = self.app.scenes.top
        if self.table is None or self.table.phones is None:
            raise RuntimeError("the table does not listen to the phones")

    def settle(self) -> None:
        """Paced frames until the table takes the mover's answer (the chart is painted in the
        background over its first frames), then ``WARM_UP_S`` more, none measured."""
        table = self.table
        self.paced(GUARD_S, until=lambda: table.phone_waiting(table.state.current_player))
        self.paced(WARM_UP_S)

    def tokens(self) -> dict[int, str]:
        return {seat: self.door.add_seat(seat).token for seat in range(SEATS)}

    def paced(self, seconds: float, before: Callable[[], None] | None = None,
              until: Callable[[], bool] | None = None) -> list[float]:  # fmt: skip
        """The real loop's frames (``Loop._run``: a paced frame, then the pacer's wait) for
        ``seconds`` or until ``until()``: each frame's time from ``before()`` (the bench's
        click) to its end. The table's state changes are told to ``self.on_change``."""
        import pygame

        app, times = self.app, []
        last = start = time.perf_counter()
        while (now := time.perf_counter()) - start < seconds and not (until and until()):
            state, used = self.table.state, time.thread_time()
            if before is not None:
                before()
            app.frame(now - last, paced=True)
            done = time.perf_counter()
            times.append(done - now)
            self.cpu.append(time.thread_time() - used)
            if self.table.state is not state:
                self.on_change(done)
            if app.scenes.top is not self.table:
                raise RuntimeError(f"the table closed: {app.scenes.top}")
            last = now
            app.pacer.wait(now, pygame.event.peek)
        return times

    def close(self) -> None:
        self.app.phones.close()
        for scene in reversed(self.app.scenes.stack):
            scene.exit()


def bench_phones(data_dir: str, actions: int = ACTIONS, seconds: float = SECONDS,
                 idle_s: float = IDLE_S) -> dict[str, Any]:  # fmt: skip
    """The three figures (see the module's text), on one app and its server."""
    bench = Bench(data_dir)
    phones: Phones | None = None
    try:
        # phase A: nobody connected; the bench clicks the mover's pick once a second
        bench.open_table()
        bench.settle()
        rng, clicks, moves_a = random.Random(SEED), [-RATE_S], len(bench.table.moves)

        def click() -> None:
            sent = bench.table.phones.sent
            mover = next((b for _, b in sorted(sent.items()) if b.get("yours")), None)
            if mover is None or time.perf_counter() < clicks[-1] + RATE_S:
                return
            clicks.append(time.perf_counter())
            action = bench.table.state.action_from_dict(pick(mover["choices"], rng)["action"])
            bench.table.play(action)

        bench.cpu = []
        frames_a = bench.paced(seconds, before=click)
        cpu_a = bench.cpu
        played_a = len(bench.table.moves) - moves_a
        moves_a_list = list(bench.table.moves[moves_a:])

        # phase B: the 5 phones connected; the mover's phone sends its pick once a second
        phones = Phones(f"http://{HOST}:{bench.door.port}", bench.tokens())
        phones.connect()
        bench.open_table()
        changes: list[float] = []

        def changed(at: float) -> None:
            changes.append(at)
            assert phones is not None
            phones.changed()

        bench.on_change = changed
        bench.settle()
        moves_b = len(bench.table.moves)
        phones.act(RATE_S, 0.0, random.Random(SEED))
        bench.cpu = []
        frames_b = bench.paced(seconds)
        cpu_b = bench.cpu
        phones.halt()
        bench.paced(0.2)  # the last action sent, if it is on its way, arrives
        played_b = len(bench.table.moves) - moves_b
        same = bench.table.moves[moves_b:][: min(played_a, played_b)] == \
            moves_a_list[: min(played_a, played_b)]

        # the action's way: the phone acts 0-50 ms after its payload said "yours"
        sent0, changes0, moves_c = len(phones.sent_at), len(changes), len(bench.table.moves)
        refused0 = len(phones.refusals)
        phones.act(None, PAUSE_S, random.Random(SEED + 1))
        bench.paced(GUARD_S, until=lambda: len(changes) - changes0 >= actions)
        phones.halt()
        bench.paced(0.2)
        sent = phones.sent_at[sent0:]
        arrived = changes[changes0:]
        waits = [c - s for s, c in zip(sent, arrived, strict=False)]
        played_c = len(bench.table.moves) - moves_c

        # the server while everyone waits: 5 connected, nobody acts, the TV at 60 a second
        bench.paced(WARM_UP_S)
        native = bench.server.native_id
        cpu0, wall0 = thread_cpu_s(native), time.perf_counter()
        idle_frames = bench.paced(idle_s)
        cpu1, wall1 = thread_cpu_s(native), time.perf_counter()
        share = None if cpu0 is None or cpu1 is None else \
            round(100 * (cpu1 - cpu0) / (wall1 - wall0), 2)

        a, b = _summary_ms(frames_a), _summary_ms(frames_b)
        a_cpu, b_cpu = _summary_ms(cpu_a), _summary_ms(cpu_b)
        return {
            "game": f"{GAME}, {SEATS} seats on phones, seed {SEED}, loopback, 60 frames a second",
            "action_ms": {**_summary_ms(waits), "sent": len(sent), "changed": played_c,
                          "refused": len(phones.refusals) - refused0},  # fmt: skip
            "frames": {
                "seconds": seconds,
                "none_connected": {**a, "cpu_p99_ms": a_cpu.get("p99_ms"), "actions": played_a},
                "five_connected": {**b, "cpu_p99_ms": b_cpu.get("p99_ms"), "actions": played_b},
                "same_moves": same,
                "p99_ratio": _ratio(b, a),
                "cpu_p99_ratio": _ratio(b_cpu, a_cpu),
            },
            "server_idle": {"seconds": round(wall1 - wall0, 2), "cpu_percent": share,
                            "frames": len(idle_frames),
                            "bodies_read": phones.bodies},  # fmt: skip
        }
    finally:
        if phones is not None:
            phones.close()
        bench.close()


def phone_figures(actions: int = ACTIONS, seconds: float = SECONDS,
                  idle_s: float = IDLE_S) -> dict[str, Any]:  # fmt: skip
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        return {"phones": bench_phones(data_dir, actions, seconds, idle_s)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench_phones",
                                     description=__doc__)  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--actions", type=int, default=ACTIONS, help="actions timed")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="each frame phase")
    parser.add_argument("--idle", type=float, default=IDLE_S, help="seconds of waiting")
    args = parser.parse_args(argv)
    report = phone_figures(args.actions, args.seconds, args.idle)
    print(json.dumps(report) if args.json else json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
