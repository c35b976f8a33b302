"""Run a bot off the UI thread: the loop polls for the answer and never blocks (any game)."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.ai.base import Bot


class BotRunner:
    """One background worker for one bot.

    ``start(view, seed)`` asks for a move; ``poll()`` returns it once ready (else None) and never
    waits; ``cancel()`` discards the pending answer (a stale request's result is never returned);
    ``shutdown()`` stops the worker. An exception raised by the bot is re-raised by ``poll()``.
    """

    def __init__(self, bot: Bot, budget_s: float = 0.5) -> None:
        self.bot = bot
        self.budget_s = budget_s
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._future: Future[Any] | None = None

    @property
    def busy(self) -> bool:
        """A request is pending (thinking, or finished but not yet collected by ``poll``)."""
        return self._future is not None

    def start(self, view: Any, seed: int) -> None:
        """Start thinking about ``view``; a pending request is cancelled first."""
        self.cancel()
        rng = random.Random(seed)
        self._future = self._executor.submit(self.bot.choose, view, rng, self.budget_s)

    def poll(self) -> Any | None:
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        return future.result()  # re-raises the bot's exception, if any

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()  # harmless if already running: its result is dropped
            self._future = None

    def shutdown(self) -> None:
        self.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def __enter__(self) -> BotRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
