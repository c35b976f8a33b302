"""The hard Nanuuk! bot (MCTS): legal everywhere, sees a win and a loss in one, reuses its tree.

Most tests cap the iterations (``HardBot(iterations=...)``) so that they are fast and do not
depend on the clock; the budget tests give the bot a clock that ticks with its work.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.games.nanuuk.bots.hard import CAP_S, HardBot
from game.games.nanuuk.rules import RULES, NanuukState
from game.play.bots import make_bot
from tests.games.nanuuk.nanuuk_positions import edge, field, position
from tests.play.ticking import TickClock

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("intro", 2, {}),
    ("intro", 3, {}),
    ("partner", 4, {}),
    ("helpers", 2, {}),
    ("bear-hunt", 3, {"d": True}),
    ("bear-fear", 2, {"bears": 2, "c": True}),
    ("full", 2, {}),
    ("full", 3, {}),
    ("full", 4, {"variant-2": True}),
    ("full", 2, {"two-hunters": True, "variant-1": True, "cracks": 8}),
]
IDS = [f"{v}-{n}p" + "".join(f"-{k}" for k in o) for v, n, o in GAMES]


def random_positions(
    variant: str, players: int, options: dict[str, Any], count: int, seed: int = 5
) -> list[NanuukState]:
    """States met in random play, from placement to the end."""
    rng = random.Random(seed)
    found: list[NanuukState] = []
    while len(found) < count:
        state = RULES.new_game(variant, players, seed=rng.randrange(10**6), options=options)
        while not state.is_over():
            if rng.random() < 0.1:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found[:count]


def play_turn(bot: HardBot, state: NanuukState, seed: int = 0) -> NanuukState:
    """Let ``bot`` play the rest of the current seat's turn."""
    seat, turns = state.seat, state.turns
    rng = random.Random(seed)
    while not state.is_over() and state.seat == seat and state.turns == turns:
        action = bot.choose(state, rng, 5.0)
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def test_make_bot_gives_the_mcts_bot_for_hard() -> None:
    assert isinstance(make_bot("nanuuk", "hard"), HardBot)
    assert CAP_S == 2.0


@pytest.mark.parametrize(("variant", "players", "options"), GAMES, ids=IDS)
def test_legal_actions_in_random_positions(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    bot = HardBot(iterations=12)  # one bot: its kept tree is simply not found again
    rng = random.Random(3)
    for state in random_positions(variant, players, options, 5):
        action = bot.choose(state.view(state.seat), rng, 5.0)
        assert action in state.legal_actions()


def test_a_capped_search_is_deterministic() -> None:
    state = random_positions("full", 2, {}, 4, seed=11)[3]
    first = HardBot(iterations=60).choose(state, random.Random(1), 5.0)
    second = HardBot(iterations=60).choose(state, random.Random(1), 5.0)
    assert first == second


def test_a_whole_game_with_the_hard_bot_finishes() -> None:
    state = RULES.new_game("full", 2, seed=4)
    bots = [HardBot(iterations=8), make_bot("nanuuk", "easy")]
    rng = random.Random(4)
    for _ in range(2000):
        if state.is_over():
            break
        action = bots[state.seat].choose(state.view(state.seat), rng, 0.05)
        state = state.apply(action)
    assert state.is_over()


def _trap(own: str) -> NanuukState:
    """Two-player introduction, seat 0 (hunters 1, 2) to move; the hunter ``own`` of the two on F2
    has one uncracked edge left, to F3. Hunter 1 on F11 may step to F10, whose C-line F2|F3
    would enclose the hunter on F2 by ice (N13)."""
    corner = field("F2")
    state = RULES.new_game("intro", 2, seed=1)
    last = edge("F2|F3")
    cracks = tuple(
        state.spec.board.floe.edge_label(e) for _, e in state.spec.board.steps[corner] if e != last
    )
    movers = {"hunter 1": "F11", "hunter 2": "F45", "hunter 3": "F56", "hunter 4": "F40"}
    movers[own] = "F2"
    return position("intro", 2, movers, cracks=cracks, turns=(3, 3))


def test_wins_a_game_won_in_one() -> None:
    state = _trap("hunter 3")  # the opponent's hunter on F2: step to F10, crack F2|F3, won
    end = play_turn(HardBot(iterations=300), state)
    assert end.is_over() and end.winners == (0,)


def test_avoids_enclosing_its_own_hunter() -> None:
    state = _trap("hunter 2")  # its own hunter on F2: F2|F3 would lose the game at once
    for seed in range(3):
        end = play_turn(HardBot(iterations=300), state, seed)
        assert not end.cracks & edge("F2|F3")
        assert not end.is_over()


def test_the_later_small_actions_of_a_turn_follow_the_chosen_line() -> None:
    """After the first question of a turn, the rest is answered from the tree without a search."""
    checked = 0
    for state in random_positions("full", 2, {}, 60, seed=2):
        if state.phase not in ("choose", "step") or len(state.legal_actions()) < 2:
            continue
        bot = HardBot(iterations=60)
        rng = random.Random(0)
        seat, turns = state.seat, state.turns
        line = [bot.choose(state, rng, 5.0)]
        assert bot.searches == 1
        planned = bot.root.state if bot.root else None  # the end of the turn it chose
        state = state.apply(line[0])
        while not state.is_over() and state.seat == seat and state.turns == turns:
            line.append(bot.choose(state, rng, 5.0))
            state = state.apply(line[-1])
        assert bot.searches == 1  # no second search within the turn
        assert state == planned
        checked += 1
        if checked == 3:
            break
    assert checked


def test_the_tree_is_found_again_after_the_other_players_turn() -> None:
    state = next(
        s
        for s in random_positions("intro", 2, {}, 80, seed=8)
        if s.phase == "step" and s.turns[s.seat] >= 2
    )
    bot = HardBot(iterations=400)
    seat = state.seat
    state = play_turn(bot, state)
    other = HardBot(iterations=50)
    state = play_turn(other, state)
    if state.is_over() or state.seat != seat:
        pytest.skip("the game ended in between")
    bot.choose(state, random.Random(0), 5.0)
    assert bot.reused > 0


def _budget_position() -> NanuukState:
    state = random_positions("full", 2, {}, 10, seed=3)[-1]
    if len(state.legal_actions()) < 2:
        state = random_positions("full", 2, {}, 10, seed=3)[-2]
    return state


def test_it_thinks_within_its_budget_on_its_clock() -> None:
    state = _budget_position()
    clock = TickClock(0.0005, limit=10.0)
    bot = HardBot(clock=clock)
    action = bot.choose(state, random.Random(0), 0.2)
    assert action in state.legal_actions()
    assert clock.now <= 0.2  # read at the start and last within the 0.2 s it was given
    assert bot.last_iterations > 1  # and it used them


def test_with_no_time_at_all_it_answers_after_one_iteration() -> None:
    state = _budget_position()
    bot = HardBot(clock=TickClock(0.0005, limit=10.0))
    assert bot.choose(state, random.Random(0), 0.0) in state.legal_actions()
    assert bot.last_iterations == 1


def test_a_budget_above_the_cap_is_cut_to_the_cap() -> None:
    clock = TickClock(0.002, limit=100.0)
    HardBot(clock=clock).choose(_budget_position(), random.Random(0), 60.0)
    assert clock.now <= CAP_S
