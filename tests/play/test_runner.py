"""Bots think in a worker process: answers arrive by polling, cancelling stops the thinking."""

from __future__ import annotations

import os
import random
import signal
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from game.play.bots import BotError, BotRunner, BotWorker, close_runners, make_bot, seat_runners
from game.play.registry import rules_for


class SlowBot:
    """Thinks until its budget is spent (a stand-in for a long search)."""

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        time.sleep(budget_s)
        return view.legal_actions()[0]


class BrokenBot:
    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        raise ZeroDivisionError("the bot divided by zero")


def answer(runner: BotRunner) -> Any:
    assert runner.wait(600), "no answer: the bot hung"  # however long a busy machine takes
    return runner.poll()


def a_state(game: str) -> Any:
    rules = rules_for(game)
    players = 3 if game == "kaphoorn" else 2
    return rules.new_game(rules.variants()[0].id, players, seed=4)


@pytest.mark.parametrize("game", ["bergruft", "nanuuk", "kaphoorn"])
def test_a_worker_process_answers_with_a_legal_action(game: str) -> None:
    state = a_state(game)
    worker = BotWorker()
    try:
        assert worker.use_process and worker.alive
        runner = BotRunner(partial(make_bot, game, "easy"), 0.1, worker)
        runner.start(state.view(state.current_player), seed=1)
        assert runner.busy
        assert answer(runner) in state.legal_actions()
        assert not runner.busy and runner.poll() is None
    finally:
        worker.close()
    assert not worker.alive


@pytest.mark.parametrize("use_process", [True, False])
def test_wait_returns_once_the_answer_is_there(use_process: bool) -> None:
    state = a_state("kaphoorn")
    worker = BotWorker(use_process=use_process)
    try:
        runner = BotRunner(partial(make_bot, "kaphoorn", "easy"), 0.1, worker)
        assert runner.wait(0.0)  # nothing asked, nothing to wait for
        runner.start(state.view(state.current_player), seed=3)
        assert runner.wait(60.0)
        assert runner.poll() in state.legal_actions()  # the first poll after the wait has it
    finally:
        worker.close()


def test_wait_gives_up_after_its_timeout() -> None:
    state = a_state("bergruft")
    worker = BotWorker()
    try:
        slow = BotRunner(SlowBot, 30.0, worker)
        slow.start(state.view(state.current_player), seed=1)
        assert not slow.wait(0.05) and slow.busy
    finally:
        worker.close()


def test_cancelling_stops_the_thinking_and_the_next_request_works() -> None:
    state = a_state("bergruft")
    worker = BotWorker()
    try:
        slow = BotRunner(SlowBot, 30.0, worker)
        slow.start(state.view(state.current_player), seed=1)
        time.sleep(0.2)
        slow.cancel()
        assert not worker.alive and not slow.busy  # the 30 s search is not left running
        quick = BotRunner(partial(make_bot, "bergruft", "easy"), 0.1, worker)
        quick.start(state.view(state.current_player), seed=2)
        assert answer(quick) in state.legal_actions()
        assert worker.alive  # a fresh process took over
    finally:
        worker.close()


def test_a_new_request_replaces_the_pending_one() -> None:
    state = a_state("bergruft")
    worker = BotWorker()
    try:
        slow = BotRunner(SlowBot, 30.0, worker)
        quick = BotRunner(partial(make_bot, "bergruft", "easy"), 0.1, worker)
        slow.start(state.view(state.current_player), seed=1)
        quick.start(state.view(state.current_player), seed=2)
        assert not slow.busy and slow.poll() is None  # its answer will never be returned
        assert answer(quick) in state.legal_actions()
    finally:
        worker.close()


@pytest.mark.parametrize("use_process", [True, False])
def test_a_broken_bot_reports_its_traceback(use_process: bool) -> None:
    state = a_state("bergruft")
    worker = BotWorker(use_process=use_process)
    try:
        runner = BotRunner(BrokenBot, 0.1, worker)
        runner.start(state.view(state.current_player), seed=1)
        with pytest.raises(BotError, match="ZeroDivisionError: the bot divided by zero"):
            answer(runner)
    finally:
        worker.close()


def test_without_a_process_a_thread_thinks() -> None:
    state = a_state("kaphoorn")
    worker = BotWorker(use_process=False)
    try:
        runner = BotRunner(partial(make_bot, "kaphoorn", "easy"), 0.1, worker)
        runner.start(state.view(state.current_player), seed=3)
        assert answer(runner) in state.legal_actions()
    finally:
        worker.close()


def test_the_seats_of_a_game_share_one_worker() -> None:
    runners = seat_runners("kaphoorn", ["human", "easy", "hard"], {"easy": 0.1, "hard": 2.0}.get)
    try:
        assert sorted(runners) == [1, 2]
        assert runners[1].worker is runners[2].worker
        assert (runners[1].budget_s, runners[2].budget_s) == (0.1, 2.0)
        worker = runners[1].worker
    finally:
        close_runners(runners)
    assert runners == {} and not worker.alive
    assert seat_runners("bergruft", ["human", "human"], {}.get) == {}


@pytest.mark.parametrize("game", ["bergruft", "nanuuk", "kaphoorn"])
def test_demo_bots_play_whole_games_with_some_whims(game: str) -> None:
    rules = rules_for(game)
    state = rules.new_game(rules.variants()[0].id, 3 if game == "kaphoorn" else 2, seed=8)
    bot = make_bot(game, "demo")
    rng = random.Random(8)
    for _ in range(4000):
        if state.is_over():
            break
        seat = state.current_player
        state = state.apply(bot.choose(state.view(seat), rng, 0.15))
    assert state.is_over()
    assert bot.whim > 0 and type(bot.inner) is type(make_bot(game, "normal"))


class FirstTimeSlowBot:
    """Searches for ever the first time (its worker is killed meanwhile), at once later on."""

    def __init__(self, marker: str) -> None:
        self.marker = Path(marker)

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        if not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            time.sleep(600)
        return view.legal_actions()[0]


def until(done: Any) -> None:
    """Poll ``done`` (a hang guard of 600 s, not a time limit)."""
    deadline = time.monotonic() + 600
    while not done():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def thinking(worker: BotWorker, bot: Any, state: Any, tmp_path: Any) -> BotRunner:
    """A runner whose ``bot`` (made with a marker file's path) has begun its search."""
    marker = tmp_path / "thinking"
    runner = BotRunner(partial(bot, str(marker)), 0.1, worker)
    runner.start(state.view(state.current_player), seed=1)
    until(marker.exists)
    return runner


def settle(runner: BotRunner) -> Any:
    """The runner's answer, however many polls it takes (a lost worker is asked again)."""
    action = None
    while runner.busy:
        assert runner.wait(600), "no answer: the bot hung"
        action = runner.poll()
    return action


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_a_worker_killed_while_thinking_is_no_error_for_cancel_or_close() -> None:
    state = a_state("bergruft")
    worker = BotWorker()
    slow = BotRunner(SlowBot, 30.0, worker)
    slow.start(state.view(state.current_player), seed=1)
    os.kill(worker.pid, signal.SIGKILL)  # type: ignore[arg-type]
    until(lambda: not worker.alive)
    slow.cancel()  # the pipe of a dead worker: nothing to drop
    assert not slow.busy
    quick = BotRunner(partial(make_bot, "bergruft", "easy"), 0.1, worker)
    quick.start(state.view(state.current_player), seed=2)
    assert settle(quick) in state.legal_actions()  # a fresh worker took over
    os.kill(worker.pid, signal.SIGKILL)  # type: ignore[arg-type]
    until(lambda: not worker.alive)
    worker.close()  # at shutdown a dead worker is simply gone
    worker.close()
    assert not worker.alive


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_the_move_a_killed_worker_was_searching_comes_from_a_fresh_one(tmp_path) -> None:
    state = a_state("bergruft")
    worker = BotWorker()
    try:
        runner = thinking(worker, FirstTimeSlowBot, state, tmp_path)
        first = worker.pid
        os.kill(first, signal.SIGKILL)  # type: ignore[arg-type]  # as the out-of-memory killer
        assert settle(runner) in state.legal_actions()  # no BotError: it was asked again
        assert worker.pid != first
    finally:
        worker.close()


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_ctrl_c_and_sigterm_to_the_group_leave_a_thinking_worker_alone(tmp_path) -> None:
    """The game stops itself and then its worker: a signal meant for the whole group does not
    end the search, and the same process answers."""
    state = a_state("bergruft")
    worker = BotWorker()
    try:
        runner = thinking(worker, SignalledBot, state, tmp_path)
        pid = worker.pid
        for signum in (signal.SIGINT, signal.SIGTERM):
            os.kill(pid, signum)  # type: ignore[arg-type]
        (tmp_path / "go on").write_text("")
        assert settle(runner) in state.legal_actions()
        assert worker.pid == pid and worker.alive  # the same worker answered
    finally:
        worker.close()
    assert not worker.alive  # closing still ends it


class SignalledBot:
    """Says it thinks, waits until told to go on (the signals are sent meanwhile), answers."""

    def __init__(self, marker: str) -> None:
        self.marker = Path(marker)

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        self.marker.write_text("")
        go_on = self.marker.with_name("go on")
        deadline = time.monotonic() + 600
        while not go_on.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return view.legal_actions()[0]
