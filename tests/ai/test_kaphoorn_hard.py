"""The Kap Hoorn hard bot: a search on its own view only, legal, reproducible, and in time."""

from __future__ import annotations

import random
import time

from game.ai.base import make_bot
from game.ai.kaphoorn_hard import HardBot
from game.rules.kaphoorn import RULES, KapState
from game.rules.kaphoorn.actions import Again, Ignore, Play, Replace, Sail, Stay
from game.rules.kaphoorn.turn import HIDDEN, LAY
from tests.ai.test_kaphoorn_ai import _won_in_one, random_positions

MOVES = (Sail, Ignore, Stay)


def _shuffled_secrets(state: KapState, seed: int) -> KapState:
    """The same game with the cards the player to move cannot see dealt differently."""
    view = state.view(state.seat)
    other = view.determinized(random.Random(seed))
    return other.with_(seed=state.seed)


def test_the_registry_makes_the_search_bot() -> None:
    assert isinstance(make_bot("kaphoorn", "hard"), HardBot)


def test_it_chooses_legal_actions_from_its_view() -> None:
    bot = HardBot(max_iterations=6)
    rng = random.Random(1)
    phases = set()
    for state in random_positions(60, seed=11):
        view = state.view(state.seat)
        assert all(c == HIDDEN for c in view.pile)
        assert all(c == HIDDEN for s, h in enumerate(view.hands) if s != state.seat for c in h)
        action = bot.choose(view, rng, 2.0)
        assert action in state.legal_actions()
        phases.add(state.phase)
    assert {"lay", "draw"} <= phases


def test_hidden_cards_do_not_change_its_decision() -> None:
    positions = [p for p in random_positions(30, seed=5) if p.phase == LAY][:8]
    assert positions
    for i, state in enumerate(positions):
        other = _shuffled_secrets(state, seed=100 + i)
        assert other.hands[state.seat] == state.hands[state.seat]
        assert other.view(state.seat) == state.view(state.seat)
        assert (other.hands, other.pile) != (state.hands, state.pile) or not state.pile
        first = HardBot(max_iterations=24).choose(state.view(state.seat), random.Random(i), 2.0)
        again = HardBot(max_iterations=24).choose(other.view(state.seat), random.Random(i), 2.0)
        assert first == again


def test_it_takes_the_win_in_one() -> None:
    state = _won_in_one()
    bot = HardBot(max_iterations=20)
    rng = random.Random(2)
    for _ in range(8):
        if state.is_over():
            break
        state = state.apply(bot.choose(state.view(0), rng, 2.0))
    assert state.winner == 0 and state.reason == "finish"


def test_the_later_actions_of_a_turn_follow_the_plan() -> None:
    positions = [p for p in random_positions(40, seed=9) if p.phase == LAY][:10]
    for i, state in enumerate(positions):
        bot, rng, seat = HardBot(max_iterations=12), random.Random(i), state.seat
        played = []
        while state.seat == seat and not state.is_over() and state.phase != "draw":
            action = bot.choose(state.view(seat), rng, 2.0)
            played.append(action)
            state = state.apply(action)
        moving = [a for a in played if isinstance(a, (Play, Replace, Again, *MOVES))]
        assert tuple(moving) == bot.last_plan
        assert sum(isinstance(a, MOVES) for a in moving) == 1


def test_it_keeps_to_its_budget() -> None:
    state = next(p for p in random_positions(20, seed=3) if p.phase == LAY and p.turn > 20)
    bot = HardBot()
    started = time.perf_counter()
    action = bot.choose(state.view(state.seat), random.Random(4), 0.3)
    assert time.perf_counter() - started < 3.0  # generous: a shared machine may be slow
    assert action in state.legal_actions()
    assert bot.last_iterations >= 1


def test_it_sails_a_game_against_normal_bots() -> None:
    state = RULES.new_game("standard", 3, seed=21)
    bots = [
        HardBot(max_iterations=8),
        make_bot("kaphoorn", "normal"),
        make_bot("kaphoorn", "normal"),
    ]
    rng = random.Random(21)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), rng, 0.5))
    assert state.outcome() is not None
