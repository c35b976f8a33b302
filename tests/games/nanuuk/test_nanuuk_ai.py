"""Bots for Nanuuk!: legal in every variant, whole games finish, and the normal bot is sensible."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from game.games.nanuuk.bots.beginner import EasyBot
from game.games.nanuuk.bots.hard import HardBot
from game.games.nanuuk.bots.simple import NormalBot, evaluator
from game.games.nanuuk.rules import RULES, NanuukState
from game.games.nanuuk.rules.actions import Leave, Take
from game.games.nanuuk.rules.turn import start_turn
from game.play.bots import make_bot
from game.protocol.bots import LEVELS, Bot, RandomBot, won_by
from tests.games.nanuuk.nanuuk_positions import position
from tests.play.ticking import TickClock

# (variant, players, options): every family of play and the options that change a turn
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("intro", 2, {}),
    ("intro", 3, {}),
    ("intro", 4, {}),
    ("partner", 4, {}),
    ("neighbourhood", 4, {"winner": "right"}),
    ("helpers", 2, {}),
    ("bear-hunt", 3, {"d": True}),
    ("bear-hunt", 2, {"a": True, "c": True}),
    ("bear-hunt", 2, {"b": True, "e": True}),
    ("bear-fear", 2, {"bears": 2, "c": True}),
    ("full", 2, {}),
    ("full", 3, {}),
    ("full", 4, {"variant-2": True}),
    ("full", 2, {"two-hunters": True, "variant-1": True, "cracks": 8}),
]
IDS = [f"{v}-{n}p" + "".join(f"-{k}" for k in o) for v, n, o in GAMES]
BUDGET = 0.05  # small: the tests stay fast; the bots must still answer legally
# A clock that ticks with the bots' work at about the pace of an idle laptop (9,000 budget
# checks a second): where a test judges how well a bot plays, its search must not depend on how
# busy the machine is.
IDLE_PACE = 1 / 9000


def paced() -> TickClock:
    return TickClock(IDLE_PACE, limit=math.inf)


def play(
    variant: str,
    players: int,
    bots: list[Bot],
    seed: int,
    options: dict[str, Any] | None = None,
    budget: float = BUDGET,
) -> NanuukState:
    """A whole game; every action is checked to be legal."""
    state = RULES.new_game(variant, players, seed=seed, options=options or {})
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over():
            return state
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), rng, budget)
        assert action in state.legal_actions(), action
        state = state.apply(action)
    raise AssertionError("the game did not finish")


def random_positions(variant: str, players: int, options: dict[str, Any], count: int) -> list:
    """States met in random play of one variant, from placement to the end."""
    rng = random.Random(f"positions:{variant}:{players}")  # the same on every run (no hash())
    found: list[NanuukState] = []
    while len(found) < count:
        state = RULES.new_game(variant, players, seed=rng.randrange(10**6), options=options)
        while not state.is_over():
            if rng.random() < 0.15:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found[:count]


def test_make_bot_gives_nanuuk_bots() -> None:
    assert isinstance(make_bot("nanuuk", "easy"), EasyBot)
    assert isinstance(make_bot("nanuuk", "normal"), NormalBot)
    assert isinstance(make_bot("nanuuk", "hard"), HardBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("nanuuk", "grandmaster")


@pytest.mark.parametrize(("variant", "players", "options"), GAMES, ids=IDS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_legally_in_random_positions(
    variant: str, players: int, options: dict[str, Any], level: str
) -> None:
    rng = random.Random(7)
    for state in random_positions(variant, players, options, 6):
        bot = make_bot("nanuuk", level)  # a fresh bot: no plan from an earlier position
        action = bot.choose(state.view(state.seat), rng, 0.02)
        assert action in state.legal_actions()


@pytest.mark.parametrize(("variant", "players", "options"), GAMES, ids=IDS)
def test_a_whole_game_finishes_with_bots_in_every_seat(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    bots = [make_bot("nanuuk", LEVELS[s % len(LEVELS)]) for s in range(players)]
    state = play(variant, players, bots, seed=3, options=options, budget=0.02)
    outcome = state.outcome()
    assert outcome is not None and len(outcome.ranking) == players


@pytest.mark.parametrize("level", LEVELS)
def test_a_tiny_budget_still_gives_a_legal_action(level: str) -> None:
    for variant, players, options in GAMES:
        for state in random_positions(variant, players, options, 2):
            action = make_bot("nanuuk", level).choose(state, random.Random(1), 0.0)
            assert action in state.legal_actions()


def test_the_bots_use_only_the_rng_they_are_given() -> None:
    state = random_positions("intro", 2, {}, 3)[1]
    random.seed(1)
    before = random.getstate()
    for level in LEVELS:
        make_bot("nanuuk", level).choose(state, random.Random(2), 0.02)
    assert random.getstate() == before


def test_easy_takes_every_animal_it_may_take() -> None:
    positions = [
        s
        for s in random_positions("full", 2, {}, 400)
        if any(isinstance(a, Take) for a in s.legal_actions())
    ]
    assert positions
    for state in positions:
        action = EasyBot().choose(state, random.Random(0), 0.1)
        if isinstance(action, Leave):  # only where leaving it wins the game at once, too
            assert won_by(state.apply(action), state.current_player)
            continue
        assert isinstance(action, Take)


def test_easy_does_not_enclose_its_own_hunter() -> None:
    """Two-player introduction: hunter 2 sits on F2 with one uncracked edge left, to F3.

    Hunter 1 on F11 may step to F10, whose C-line F2|F3 would enclose hunter 2 by ice (N13):
    the easy bot must never do that (nor anything else that leaves F2 enclosed).
    """
    state = RULES.new_game("intro", 2, seed=1)
    board = state.spec.board
    f = board.floe.field
    corner = f("F2")
    last = board.edge(corner, f("F3"))
    cracks = sum(e for _, e in board.steps[corner] if e != last)
    pos = (f("F11"), corner, f("F45"), f("F56"))
    state = start_turn(state.with_(pos=pos, cracks=cracks, placed=4), 0)
    risky = 0
    for seed in range(40):
        st, rng = state, random.Random(seed)
        while st.seat == 0 and not st.is_over():
            if st.phase == "crack" and last in [a.edge for a in st.legal_actions()]:
                risky += 1
            st = st.apply(EasyBot().choose(st, rng, 0.1))
        assert not st.cracks & last
    assert risky  # the trap was really offered


def _share(level: str, variant: str, games: int) -> float:
    wins = 0.0
    for g in range(games):
        bot_seat = g % 2
        bots: list[Bot] = [RandomBot(), RandomBot()]
        bots[bot_seat] = {"easy": EasyBot(), "normal": NormalBot(clock=paced())}[level]
        state = play(variant, 2, bots, seed=500 + g)
        if bot_seat in state.winners:
            wins += 1 / len(state.winners)
    return wins / games


@pytest.mark.parametrize("variant", ["intro", "full"])
def test_normal_clearly_beats_random(variant: str) -> None:
    # 20 games, both seats: a coin would reach 16 wins less than 1 % of the time
    assert _share("normal", variant, 20) >= 0.8


# -- N14: the Neighbourhood bot hunts the right neighbour --------------------------------------
def _one_nearly_enclosed(seat_nearly_enclosed: int, side: str) -> NanuukState:
    """Seat 0 to move; the hunter of seat 1 or seat 3 stands on F7 with one way out left."""
    fields = {1: "F36", 3: "F36"}
    fields[seat_nearly_enclosed] = "F7"
    movers = {"hunter 1": "F29", "hunter 2": fields[1], "hunter 3": "F50", "hunter 4": fields[3]}
    return position("neighbourhood", 4, movers, cracks=("F7|F8",), seat=0, options={"winner": side})


@pytest.mark.parametrize(("side", "prey"), [("left", 1), ("right", 3)])
def test_the_neighbourhood_bot_hunts_the_neighbour_whose_enclosure_makes_it_win(
    side: str, prey: int
) -> None:
    """N14: seat 0 wins when his left (right) neighbour, seat 1 (seat 3), is enclosed first."""
    hunted, spared = _one_nearly_enclosed(prey, side), _one_nearly_enclosed(4 - prey, side)
    judge = evaluator(hunted.spec, 0)
    assert judge(hunted) > judge(spared)
