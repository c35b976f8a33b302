"""Run bots off the UI: in a worker process, so a long search never costs the screen a frame.

A game screen makes one :class:`BotWorker` (one process, started at once so it warms up while
the table is drawn) and one :class:`BotRunner` per computer seat. The bots live in the worker
and keep their memory between requests (plans, search trees). Only one seat thinks at a time,
so one process serves them all.

``start(view, seed)`` asks for a move; ``poll()`` returns it once ready (else None) and never
waits; ``cancel()`` drops the pending request and, if the worker is still thinking, ends the
process (undo, quit to title, kiosk reset: nothing keeps running); the next request starts a
fresh one. An exception raised by a bot comes back from ``poll()`` as ``BotError`` with the
worker's traceback. If no process can be started, the worker falls back to a thread.

The worker ends only when its screen closes it (or its pipe does: the game is gone). Ctrl+C and
a SIGTERM to the whole process group (a logout, systemd's control-group kill) reach it too; it
ignores them, so that the game stops as it alone decides (``game.engine.stop``) and closes the
worker on the way out. A worker that died all the same (killed, out of memory) is an ordinary
end: the next request, or the one it was thinking about, goes to a fresh one, and at shutdown
there is simply nothing left to stop.
"""

from __future__ import annotations

import atexit
import itertools
import multiprocessing
import random
import signal
import traceback
from collections.abc import Callable, Sequence
from concurrent import futures
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from typing import Any

from game.engine.stop import signal_names
from game.protocol.bots import DEMO, Bot, BotClass, DemoBot, demo_level

BotFactory = Callable[[], Bot]
_keys = itertools.count()
GONE = (EOFError, OSError)  # what a pipe raises once the process at its other end has ended
WORKER_NAME = "bots"


class NoSuchLevel(ValueError):
    """A computer seat at a level its game's bots do not have (or a game with no bots)."""


def check_levels(game_id: str, levels: Sequence[str], kinds: Sequence[str]) -> None:
    """Refuse seats of ``kinds`` ("human" or a level) that ``levels`` (the game's bot levels,
    ``GamePlugin.levels``) cannot fill: when the table is set up, not at the first computer
    move. ``DEMO`` needs only some level."""
    for seat, kind in enumerate(kinds):
        if kind == "human" or (kind == DEMO and levels):
            continue
        if not levels:
            raise NoSuchLevel(f"{game_id} has no computer players: seat {seat + 1} is {kind!r}")
        if kind not in levels:
            raise NoSuchLevel(
                f"seat {seat + 1} is a computer at level {kind!r}, which {game_id} has not "
                f"(its levels: {', '.join(levels)})"
            )


def make_bot(game_id: str, level: str, iterations: int | None = None, timed: bool = False) -> Bot:
    """The bot for ``game_id`` at ``level`` (one of its plugin's levels, or "demo"), with a
    work budget of ``iterations`` (None: the clock alone; see ``game.protocol.bots``)."""
    from game.play.registry import plugin  # the games' bots, imported when first asked for

    game = plugin(game_id)
    if level == DEMO:
        return DemoBot(make_bot(game_id, demo_level(game.levels), iterations, timed))
    bot: Bot = game.make_bot(level, iterations, timed)
    return bot


def bot_of(
    paths: dict[str, str], level: str, iterations: int | None = None, timed: bool = False
) -> Bot:
    """The bot at ``level`` from a plugin's ``bot_paths``, with its work budget: what a worker
    makes, by import path rather than by the game's id, so that it needs no registry of its
    own (a game a test registers plays there too)."""
    from game.play.plugin import load

    if level == DEMO:
        return DemoBot(bot_of(paths, demo_level(tuple(paths)), iterations, timed))
    cls: BotClass = load(paths[level])
    return cls(iterations=iterations, timed=timed)


class BotError(RuntimeError):
    """A bot raised an exception while thinking (the message holds its traceback)."""


def _serve(conn: Connection) -> None:
    """The worker process: make bots on first use, answer one request at a time, end when
    told to or when the game's end of the pipe is gone."""
    _ignore_stop_signals()
    bots: dict[int, Bot] = {}
    while True:
        try:
            message = conn.recv()
        except GONE:
            return
        if message is None:
            return
        try:
            _reply(conn, bots, message)
        except GONE:
            return  # the game ended (killed) while its bot thought: nobody wants the answer


def _reply(conn: Connection, bots: dict[int, Bot], message: tuple[Any, ...]) -> None:
    """Answer one request: the bot's action, or the traceback of what went wrong in it; only a
    pipe that is gone raises (``GONE``)."""
    request, key, factory, view, seed, budget = message
    try:
        bot = bots.get(key)
        if bot is None:
            bot = bots[key] = factory()
        reply = (request, True, bot.choose(view, random.Random(seed), budget))
    except Exception:  # the screen decides what to do with a broken bot
        reply = (request, False, traceback.format_exc())
    try:
        conn.send(reply)
    except GONE:
        raise
    except Exception:  # an action that cannot be pickled
        conn.send((request, False, traceback.format_exc()))


def _stop_signals() -> list[int]:
    return [getattr(signal, name) for name in signal_names()]


def _ignore_stop_signals() -> None:
    """In the worker: the stop signals are the game's to act on (see the module's text); the
    ones that came while it started were held (``_start_shielded``) and are dropped now."""
    for number in _stop_signals():
        signal.signal(number, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _stop_signals())


def _start_shielded(process: multiprocessing.process.BaseProcess) -> None:
    """Start ``process`` with the stop signals blocked: the new process inherits the block
    through fork and exec, so a Ctrl+C while it is still importing is held until ``_serve``
    ignores it (no KeyboardInterrupt traceback from a starting worker). The game's own
    signals wait meanwhile and arrive once the block is lifted, none is lost.

    multiprocessing starts its resource tracker with the first process, and on the way
    *unblocks* SIGINT and SIGTERM (``resource_tracker.ensure_running``): it is started first,
    so that it cannot lift the block between here and the worker's start."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        process.start()
        return
    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _stop_signals())
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@atexit.register
def _end_leftover_workers() -> None:
    """At exit multiprocessing stops daemon processes with SIGTERM, which a worker ignores, and
    then waits for them without a limit: a worker nobody closed is killed first (atexit runs
    this before multiprocessing's own handler, registered earlier)."""
    for process in multiprocessing.active_children():
        if process.name == WORKER_NAME:
            process.kill()
            process.join(1)


class BotWorker:
    """One process (or, failing that, one thread) that hosts the bots of a game screen."""

    def __init__(self, use_process: bool = True) -> None:
        self._requests = itertools.count(1)
        self._pending = 0  # the request whose answer is wanted; 0: none
        self._answer: tuple[int, bool, Any] | None = None
        self._conn: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._thread_bots: dict[int, Bot] = {}
        self._future: Future[Any] | None = None
        self._message: tuple[Any, ...] | None = None  # the pending request, as sent
        self._resent = False  # the pending request went to a second worker already
        self.use_process = use_process
        if use_process:
            self._spawn()

    # -- the process ----------------------------------------------------------------------------
    def _spawn(self) -> None:
        try:
            context = multiprocessing.get_context("spawn")  # no fork of SDL's threads
            parent, child = context.Pipe()
            process = context.Process(target=_serve, args=(child,), daemon=True, name=WORKER_NAME)
            _start_shielded(process)
            child.close()
        except (OSError, RuntimeError, ValueError):
            self.use_process = False  # e.g. no /dev/shm: think on a thread instead
            return
        self._conn, self._process = parent, process

    def _stop_process(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()  # SIGKILL: the worker ignores SIGTERM (see _serve)
            self._process.join(timeout=1)
        if self._conn is not None:
            self._conn.close()
        self._conn, self._process = None, None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        """The worker process's id (the bench reads its memory); None when a thread thinks."""
        return self._process.pid if self._process is not None else None

    # -- requests -------------------------------------------------------------------------------
    def ask(self, key: int, factory: BotFactory, view: Any, seed: int, budget_s: float) -> int:
        """Send one request; a pending one is cancelled first. Returns the request's id."""
        self.cancel()
        request = next(self._requests)
        self._pending, self._answer = request, None
        message = (request, key, factory, view, seed, budget_s)
        if self.use_process and self._send(message):
            self._message, self._resent = message, False
            return request
        self._ask_thread(request, key, factory, view, seed, budget_s)
        return request

    def _send(self, message: tuple[Any, ...]) -> bool:
        """Send ``message`` to the worker, starting one if there is none; one found gone on the
        way (killed since the last request) is replaced once. False: no process can think."""
        for _ in range(2):
            if not self.alive:
                self._stop_process()
                self._spawn()
            if self._conn is None:
                return False
            try:
                self._conn.send(message)
                return True
            except GONE:
                self._stop_process()
        return False

    def _lost(self, request: int) -> None:
        """The worker died while thinking on ``request`` (killed, out of memory): a fresh one
        is asked once; if that one dies on it too, the bot is what kills it."""
        self._stop_process()
        if self._message is not None and not self._resent and self._send(self._message):
            self._resent = True
            return
        self._answer = (request, False, "the bot process ended unexpectedly")

    def _ask_thread(
        self, request: int, key: int, factory: BotFactory, view: Any, seed: int, budget: float
    ) -> None:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        bot = self._thread_bots.get(key)
        if bot is None:
            bot = self._thread_bots[key] = factory()
        self._future = self._threads.submit(bot.choose, view, random.Random(seed), budget)
        self._future.add_done_callback(lambda f: self._thread_done(request, f))

    def _thread_done(self, request: int, future: Future[Any]) -> None:
        exc = future.exception() if not future.cancelled() else None
        if future.cancelled():
            return
        if exc is not None:
            text = "".join(traceback.format_exception(exc))
            self._answer = (request, False, text)
        else:
            self._answer = (request, True, future.result())

    def poll(self, request: int) -> tuple[bool, Any] | None:
        """(ok, action or traceback) once ``request`` is answered; None while thinking."""
        if request != self._pending:
            return None
        if self._conn is not None:
            try:
                while self._answer is None and self._conn.poll():
                    answer = self._conn.recv()
                    if answer[0] == self._pending:
                        self._answer = answer
            except GONE:
                self._lost(request)
        if self._answer is None or self._answer[0] != request:
            return None
        self._pending = 0
        _, ok, payload = self._answer
        self._answer = None
        return ok, payload

    @property
    def busy(self) -> bool:
        return self._pending != 0

    def wait(self, timeout: float) -> bool:
        """Block until the pending request is answered, at most ``timeout`` seconds; True when
        the answer is there (or nothing is pending). The screen never waits, it polls; tests
        and tools wait, so that how long a bot thinks does not decide what happens in a frame."""
        if not self._pending or self._answer is not None:
            return True
        if self._conn is not None:
            try:
                return self._conn.poll(timeout)
            except GONE:
                return True  # the worker is gone: poll() takes it from here
        if self._future is not None:
            futures.wait([self._future], timeout)
            if not self._future.done():
                return False
            self._thread_done(self._pending, self._future)  # its callback may not have run yet
        return True

    def cancel(self, request: int | None = None) -> None:
        """Drop the pending request (only if it is ``request``, when given); a worker still
        thinking on it is stopped."""
        if not self._pending or request not in (None, self._pending):
            return
        self._pending, self._answer, self._message = 0, None, None
        if self._conn is not None:
            try:
                thinking = not self._conn.poll()
                while self._conn.poll():  # a finished but unread answer is simply dropped
                    self._conn.recv()
            except GONE:
                thinking = True  # the worker is gone: nothing to drop, only its pipe to close
            if thinking:
                self._stop_process()  # respawned by the next request
        if self._future is not None:
            self._future.cancel()
            self._future = None

    def close(self) -> None:
        """End the worker (a screen closing); one already gone leaves nothing to do."""
        self._pending, self._message = 0, None
        if self._conn is not None:
            try:
                self._conn.send(None)
            except (*GONE, ValueError):
                pass
        self._stop_process()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


class BotRunner:
    """One computer seat: its bot (made by ``factory`` inside the worker) and its budget."""

    def __init__(
        self, factory: BotFactory, budget_s: float = 0.5, worker: BotWorker | None = None
    ) -> None:
        self.factory = factory
        self.budget_s = budget_s
        self.key = next(_keys)
        self.worker = worker if worker is not None else BotWorker()
        self._owns_worker = worker is None
        self._request = 0

    @property
    def busy(self) -> bool:
        """A request is pending (thinking, or finished but not yet collected by ``poll``)."""
        return self._request != 0 and self.worker._pending == self._request

    def wait(self, timeout: float) -> bool:
        """Block until this seat's answer is there, at most ``timeout`` seconds (tests, tools)."""
        return not self.busy or self.worker.wait(timeout)

    def start(self, view: Any, seed: int) -> None:
        """Start thinking about ``view``; a pending request is cancelled first."""
        self._request = self.worker.ask(self.key, self.factory, view, seed, self.budget_s)

    def poll(self) -> Any | None:
        if not self._request:
            return None
        answer = self.worker.poll(self._request)
        if answer is None:
            return None
        self._request = 0
        ok, payload = answer
        if not ok:
            raise BotError(payload)
        return payload

    def cancel(self) -> None:
        if self._request:
            self.worker.cancel(self._request)
        self._request = 0

    def shutdown(self) -> None:
        self.cancel()
        if self._owns_worker:
            self.worker.close()

    def __enter__(self) -> BotRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()


def seat_runners(
    game: str,
    kinds: Sequence[str],
    budget: Callable[[str], float],
    variant: str | None = None,
    work: Callable[[str, str | None], int | None] | None = None,
) -> dict[int, BotRunner]:
    """A runner for every computer seat of ``kinds`` ("human" or a level), sharing one worker;
    ``NoSuchLevel`` for a level the game's plugin has not (see ``check_levels``). Each bot
    thinks ``budget(level)`` seconds or ``work(level, variant)`` iterations, whichever comes
    first (default: the levels as they ship, ``GamePlugin.iterations``)."""
    from game.play.registry import plugin

    paths = dict(plugin(game).bot_paths)
    check_levels(game, tuple(paths), kinds)
    levels = {seat: kind for seat, kind in enumerate(kinds) if kind != "human"}
    if not levels:
        return {}
    work = work or plugin(game).iterations
    worker = BotWorker()
    return {
        seat: BotRunner(
            partial(bot_of, paths, level, work(level, variant), True), budget(level), worker
        )
        for seat, level in levels.items()
    }


def close_runners(runners: dict[int, BotRunner]) -> None:
    """Stop every runner and the workers they share (a game screen closing)."""
    workers = {id(r.worker): r.worker for r in runners.values()}
    for runner in runners.values():
        runner.cancel()
    for worker in workers.values():
        worker.close()
    runners.clear()
