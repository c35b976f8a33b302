"""Strength that repeats on any machine (issue 31, item 1): every bot of every game and level
takes a work budget (``iterations``) when it is made; with one it never reads a clock, so its
choice depends only on the view, the rng and the work budget. Made ``timed`` (the shipped
levels), it stops at whichever comes first: its time or its iterations."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from game.games.kaphoorn.bots.hard import HardBot as KapHard
from game.games.nanuuk.bots.hard import HardBot as NanuukHard
from game.games.nanuuk.bots.simple import NormalBot as NanuukNormal
from game.play.bots import make_bot
from game.protocol.bots import DEMO, LEVELS, DemoBot, Effort, RandomBot
from game.tools.bench_ai import random_positions
from tests.games.kaphoorn.test_kaphoorn_ai import random_positions as kap_positions
from tests.play.ticking import TickClock

# (game, variant, players): positions of every kind of search the bots make
TABLES = [
    ("nanuuk", "intro", 2),
    ("nanuuk", "full", 3),
    ("kaphoorn", "standard", 3),
    ("bergruft", "standard", 2),
]
WORK = {"easy": 40, "normal": 60, "hard": 12}  # small: the tests stay quick


class ClockRead(AssertionError):
    pass


def _no_clock(*_: Any) -> float:
    raise ClockRead("a bot with a work budget read the clock")


@pytest.fixture
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every clock of the ``time`` module raises: a bot made now that reads one fails."""
    for name in ("perf_counter", "monotonic", "time", "process_time", "thread_time"):
        monkeypatch.setattr(time, name, _no_clock)
        monkeypatch.setattr(time, f"{name}_ns", _no_clock)


def positions(game: str, variant: str, players: int, count: int, seed: int) -> list[Any]:
    """Positions of random play (not over), with a seat to move: the bench's."""
    return random_positions(game, count, seed, (variant, players))


def play_out(bot: Any, state: Any, rng: random.Random, decisions: int) -> list[Any]:
    """``bot`` plays every seat for ``decisions`` decisions from ``state``: its choices."""
    chosen = []
    for _ in range(decisions):
        if state.is_over():
            break
        seat = state.current_player
        action = bot.choose(state.view(seat), rng, 2.0)
        assert action in state.legal_actions()
        chosen.append(action)
        state = state.apply(action)
    return chosen


@pytest.mark.parametrize("level", [*LEVELS, DEMO])
@pytest.mark.parametrize(("game", "variant", "players"), TABLES)
def test_a_bot_with_a_work_budget_never_reads_a_clock(
    game: str, variant: str, players: int, level: str, no_clock: None
) -> None:
    work = WORK.get(level, WORK["normal"])
    for k, state in enumerate(positions(game, variant, players, 3, seed=len(level))):
        bot = make_bot(game, level, iterations=work)  # made after the clocks were broken
        play_out(bot, state, random.Random(k), 6)


def test_the_random_and_demo_bots_take_a_work_budget_too(no_clock: None) -> None:
    state = positions("bergruft", "standard", 2, 1, seed=3)[0]
    assert RandomBot(5).effort == Effort(5)
    play_out(RandomBot(iterations=5), state, random.Random(1), 4)
    demo = make_bot("kaphoorn", DEMO, iterations=7)
    assert isinstance(demo, DemoBot) and demo.inner.effort == Effort(7)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="at least 1"):
        Effort(0)


@pytest.mark.parametrize(
    "make",
    [
        lambda clock: NanuukNormal(iterations=80, clock=clock),
        lambda clock: NanuukHard(iterations=10, clock=clock),
    ],
    ids=["normal", "hard"],  # Easy takes no clock: it reads none (tests/play/test_beginner.py)
)
@pytest.mark.parametrize(("variant", "players"), [("intro", 2), ("full", 4)])
def test_a_clock_given_to_a_nanuuk_bot_with_a_work_budget_is_never_called(
    make: Any, variant: str, players: int
) -> None:
    for k, state in enumerate(positions("nanuuk", variant, players, 3, seed=players)):
        play_out(make(_no_clock), state, random.Random(k), 8)


def test_a_clock_given_to_kap_hoorns_hard_bot_with_a_work_budget_is_never_called() -> None:
    bot = KapHard(iterations=20, clock=_no_clock)
    rng = random.Random(2)
    for state in kap_positions(12, seed=5):
        assert bot.choose(state.view(state.seat), rng, 2.0) in state.legal_actions()


@pytest.mark.parametrize(("game", "variant", "players"), TABLES)
def test_a_work_budget_gives_the_same_choices_whatever_the_clock_says(
    game: str, variant: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once with the real clock, once with one that jumps a minute a reading: the same moves."""
    state = positions(game, variant, players, 1, seed=11)[0]

    def moves() -> list[list[Any]]:
        return [
            play_out(make_bot(game, level, iterations=WORK[level]), state, random.Random(4), 12)
            for level in LEVELS
        ]

    first = moves()
    jumpy = TickClock(60.0, limit=float("inf"))
    monkeypatch.setattr(time, "perf_counter", jumpy)
    assert moves() == first


# -- timed: whichever comes first ---------------------------------------------------------------
def test_timed_nanuuk_hard_stops_at_its_iterations_on_a_fast_machine() -> None:
    state = positions("nanuuk", "intro", 2, 1, seed=8)[0]
    fast = TickClock(1e-7, limit=float("inf"))  # a machine so fast the clock never binds
    bot = NanuukHard(iterations=15, timed=True, clock=fast)
    bot.choose(state.view(state.current_player), random.Random(1), 2.0)
    assert bot.last_iterations <= 15 and fast.now < 2.0


def test_timed_nanuuk_hard_stops_at_its_time_on_a_slow_machine() -> None:
    state = positions("nanuuk", "intro", 2, 1, seed=8)[0]
    slow = TickClock(0.01, limit=float("inf"))
    bot = NanuukHard(iterations=100_000, timed=True, clock=slow)
    bot.choose(state.view(state.current_player), random.Random(1), 0.5)
    assert bot.last_limited and bot.last_iterations < 100_000
    assert slow.now <= 1.0


def test_timed_kap_hoorn_hard_stops_at_whichever_comes_first() -> None:
    views = [s.view(s.seat) for s in kap_positions(30, seed=9)]
    fast = KapHard(iterations=24, timed=True, clock=TickClock(1e-7, limit=float("inf")))
    slow_clock = TickClock(0.01, limit=float("inf"))
    slow = KapHard(iterations=100_000, timed=True, clock=slow_clock)
    done_fast, done_slow = [], []
    for k, view in enumerate(views):
        fast.choose(view, random.Random(k), 2.0)
        done_fast.append(fast.last_iterations)
        started = slow_clock.now
        slow.choose(view, random.Random(k), 0.5)
        done_slow.append(slow.last_iterations)
        assert slow_clock.now - started <= 1.0
    assert max(done_fast) <= 24 and max(done_fast) > 0
    assert 0 < max(done_slow) < 100_000


def test_timed_der_berg_ruft_hard_solves_with_the_fewer_iterations() -> None:
    bot = make_bot("bergruft", "hard", iterations=50, timed=True)
    assert bot.iterations(2.0) == 50  # type: ignore[attr-defined]
    assert bot.iterations(0.02) == 20  # type: ignore[attr-defined]
    fixed = make_bot("bergruft", "hard", iterations=50)
    assert fixed.iterations(0.02) == 50  # type: ignore[attr-defined]
    clocked = make_bot("bergruft", "hard")
    assert clocked.iterations(2.0) == 400  # type: ignore[attr-defined]
