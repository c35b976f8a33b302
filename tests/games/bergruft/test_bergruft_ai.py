"""Bots for Der Berg ruft: legal, blind to the secret number, and the normal bot is stronger."""

from __future__ import annotations

import random
import threading
import time
from functools import partial
from typing import Any

import pytest

from game.games.bergruft.rules import RULES, BergState, Phase
from game.play.bots import BotRunner, BotWorker, make_bot
from game.play.registry import IDS as GAME_IDS
from game.protocol.bots import LEVELS, Bot, RandomBot

ALL_LEVELS = LEVELS


def play(bots: list[Bot], seed: int, *, spy: list[BergState] | None = None) -> BergState:
    """Play a whole game; each bot sees only the view of its own seat."""
    state = RULES.new_game("standard", len(bots), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if spy is not None:
            spy.append(view)
        action = bots[seat].choose(view, rng, 0.1)
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def random_positions(count: int, seed: int) -> list[BergState]:
    """States met in random play, every phase, 2-4 players."""
    rng = random.Random(seed)
    found: list[BergState] = []
    while len(found) < count:
        state = RULES.new_game("standard", rng.randint(2, 4), seed=rng.randrange(10**6))
        heidi = tuple(rng.randint(0, 15) for _ in state.names)
        peter = tuple(rng.randint(h + 1, 16) for h in heidi)
        state = state.with_positions(heidi, peter)
        while not state.is_over() and len(found) < count:
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def test_levels_that_exist() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert type(make_bot("bergruft", "hard")) is not type(make_bot("bergruft", "normal"))


def test_every_game_has_bots_and_an_unknown_game_says_so() -> None:
    for game_id in GAME_IDS:
        assert make_bot(game_id, "easy") is not None
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_bot("chess", "easy")


def test_unknown_level_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("bergruft", "grandmaster")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_bots_choose_only_legal_actions(level: str) -> None:
    bot = make_bot("bergruft", level)
    rng = random.Random(level)
    phases = set()
    for state in random_positions(400, seed=len(level)):
        seat = state.current_player
        assert seat is not None
        action = bot.choose(state.view(seat), rng, 0.01)  # the hard bot's smallest budget
        assert action in state.legal_actions()
        phases.add(state.phase)
    assert phases == {Phase.SET, Phase.GUESS, Phase.DECIDE, Phase.PUNISH}


def test_a_guessing_bot_never_sees_the_number() -> None:
    views: list[BergState] = []
    play([make_bot("bergruft", "normal"), make_bot("bergruft", "easy")], seed=3, spy=views)
    guessing = [v for v in views if v.phase is Phase.GUESS]
    assert guessing and all(v.number is None and v.is_hidden for v in guessing)
    deciding = [v for v in views if v.phase is Phase.DECIDE]
    assert all(v.number is not None for v in deciding)  # the caller knows his own number


@pytest.mark.parametrize("players", [2, 3, 4])
def test_easy_and_normal_bots_play_a_seeded_game_to_the_end(players: int) -> None:
    levels = ["easy", "normal", "easy", "normal"][:players]
    first = play([make_bot("bergruft", lv) for lv in levels], seed=players)
    again = play([make_bot("bergruft", lv) for lv in levels], seed=players)
    assert first.is_over() and first.outcome() is not None
    assert first == again  # deterministic under the seed


def share_won(strong: str, weak: str, games: int) -> float:
    """The share of two-player games (seats alternating) won by bot ``strong`` over ``weak``."""
    share = 0.0
    for seed in range(games):
        levels = [strong, weak] if seed % 2 else [weak, strong]
        bots = [RandomBot() if lv == "random" else make_bot("bergruft", lv) for lv in levels]
        outcome = play(bots, seed=seed).outcome()
        assert outcome is not None
        share += sum(1 / len(outcome.winners) for w in outcome.winners if levels[w] == strong)
    return share / games


def test_normal_beats_easy_clearly() -> None:
    """Normal wins about 75 % (600-game tournament); 200 seeded games must show over 65 %."""
    assert share_won("normal", "easy", 200) > 0.65


def test_easy_beats_random_clearly() -> None:
    """Easy wins about 70 % (600-game tournament); 300 seeded games must show over 62 %."""
    assert share_won("easy", "random", 300) > 0.62


# -- the runner ------------------------------------------------------------------------------


class SlowBot:
    """Waits for ``release`` before answering, so the test controls when thinking ends."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        self.release.wait(5)
        return RandomBot().choose(view, rng, budget_s)


def wait_for(runner: BotRunner) -> Any:
    assert runner.wait(600), "the bot did not answer: hung"  # however long a busy machine takes
    return runner.poll()


def test_runner_answers_without_blocking() -> None:
    state = RULES.new_game("standard", 2, seed=4)
    bot = SlowBot()
    with BotRunner(lambda: bot, 0.5, BotWorker(use_process=False)) as runner:
        assert not runner.busy and runner.poll() is None
        runner.start(state.view(state.caller), seed=1)
        assert runner.busy and runner.poll() is None  # still thinking: poll does not wait
        bot.release.set()
        action = wait_for(runner)
        assert action in state.legal_actions() and not runner.busy


def test_runner_discards_a_cancelled_request() -> None:
    state = RULES.new_game("standard", 2, seed=4)
    bot = SlowBot()
    runner = BotRunner(lambda: bot, 0.5, BotWorker(use_process=False))
    try:
        runner.start(state.view(state.caller), seed=1)
        runner.cancel()
        assert not runner.busy
        bot.release.set()
        time.sleep(0.05)
        assert runner.poll() is None  # the cancelled answer never arrives
        runner.start(state.view(state.caller), seed=2)
        assert wait_for(runner) in state.legal_actions()
    finally:
        runner.shutdown()
        runner.worker.close()


def test_runner_reraises_a_bot_error() -> None:
    class Broken:
        def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
            raise RuntimeError("bot bug")

    runner = BotRunner(Broken, 0.5, BotWorker(use_process=False))
    try:
        runner.start(RULES.new_game("standard", 2, seed=4), seed=1)
        with pytest.raises(RuntimeError, match="bot bug"):
            wait_for(runner)
    finally:
        runner.shutdown()
        runner.worker.close()


def test_runner_same_seed_same_move() -> None:
    state = RULES.new_game("standard", 2, seed=4)
    with BotRunner(partial(make_bot, "bergruft", "normal"), 0.5) as runner:  # a process
        runner.start(state.view(state.caller), seed=7)
        first = wait_for(runner)
        runner.start(state.view(state.caller), seed=7)
        assert wait_for(runner) == first
