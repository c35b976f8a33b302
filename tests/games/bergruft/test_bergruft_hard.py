"""The hard bot for Der Berg ruft: legal, blind to the number, unexploitable in the guessing round
(checked exactly, on the model and through the rules engine), and clearly stronger than normal."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

from game.games.bergruft.bots.hard import (
    ITERATIONS,
    WIN,
    Evaluator,
    HardBot,
    TurnGame,
    TurnPayoffs,
    TurnStrategy,
    solve_turn,
    turn_payoffs,
)
from game.games.bergruft.rules import (
    RULES,
    AllowGuess,
    BergState,
    Guess,
    LiftScreen,
    Phase,
    Punish,
    SetFlags,
    Waive,
)
from game.play.bots import make_bot
from game.protocol.bots import LEVELS, Bot

FAST = 0.01  # a thinking budget that buys the fewest iterations, to keep many games quick
# The most a pure Guesser strategy may gain against the Caller's computed mix, as a share of the
# spread of the turn's payoffs (their units: one stone of avalanche; a win is worth 1000, so a turn
# that may end the game spreads over ~1000). Measured over 80 random positions at 400 iterations:
# exploitability at most 0.28 % of the spread (2.8 points), the Guesser's gain at most 0.19 %.
MARGIN = 0.005


def margin(payoffs: TurnPayoffs) -> float:
    values = np.concatenate(
        [payoffs.guessed[1:], payoffs.lifted[1:, 1:].ravel(), payoffs.third[1:]]
    )
    return MARGIN * float(values.max() - values.min())


GuessPolicy = Callable[[tuple[int, ...], int, int], int]  # (guesses so far, low, high) -> guess


def position(
    heidi: tuple[int, ...], peter: tuple[int, ...], caller: int = 0, seed: int = 1
) -> BergState:
    return RULES.new_game("standard", len(heidi), seed=seed).with_positions(
        heidi, peter, caller=caller
    )


MID_GAME = position((5, 3), (9, 6))  # an ordinary two-player position, halfway up
POSITIONS = [
    MID_GAME,
    position((0, 0), (1, 1)),  # the start
    position((11, 4), (15, 9)),  # the Caller's Peter near the summit, Heidi 4 behind
    position((2, 9, 5), (8, 13, 7), caller=1),  # three players
]


def act(state: BergState, kind: type, value: int | None = None) -> BergState:
    """Apply the offered action of ``kind`` (with this number or guess): it must be legal."""
    offered = [a for a in state.legal_actions() if isinstance(a, kind)]
    if value is not None:
        offered = [
            a for a in offered if value in (getattr(a, "flags", None), getattr(a, "value", None))
        ]
    assert len(offered) == 1, f"{kind.__name__} {value} is not offered"
    return state.apply(offered[0])


def play(bots: list[Bot], seed: int, budget_s: float = FAST) -> BergState:
    """A whole game; each bot sees only the view of its own seat."""
    state = RULES.new_game("standard", len(bots), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if state.phase is Phase.GUESS:
            assert view.number is None  # the Guesser decides on a view without the number
        action = bots[seat].choose(view, rng, budget_s)
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def win_share(level: str, other: str, games: int) -> float:
    """Two-player games with seats alternating; shared wins count by fractions."""
    share = 0.0
    for seed in range(games):
        levels = [level, other] if seed % 2 else [other, level]
        outcome = play([make_bot("bergruft", lv) for lv in levels], seed=seed).outcome()
        assert outcome is not None
        share += sum(1 / len(outcome.winners) for w in outcome.winners if levels[w] == level)
    return share / games


# -- the level ---------------------------------------------------------------------------------


def test_hard_is_a_level_of_its_own() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert isinstance(make_bot("bergruft", "hard"), HardBot)


# -- legal, and blind to the number ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_chooses_only_legal_actions(players: int) -> None:
    bot, rng = make_bot("bergruft", "hard"), random.Random(players)
    phases = set()
    found = 0
    while found < 200:
        state = RULES.new_game("standard", players, seed=rng.randrange(10**6))
        heidi = tuple(rng.randint(0, 15) for _ in state.names)
        peter = tuple(rng.randint(h + 1, 16) for h in heidi)
        state = state.with_positions(heidi, peter, caller=rng.randrange(players))
        while not state.is_over() and found < 200:
            seat = state.current_player
            assert seat is not None
            action = bot.choose(state.view(seat), rng, FAST)
            assert action in state.legal_actions()
            phases.add(state.phase)
            found += 1
            if rng.random() < 0.5:  # random moves too, to reach every phase and odd histories
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
    assert phases == {Phase.SET, Phase.GUESS, Phase.DECIDE, Phase.PUNISH}


def test_hard_caller_respects_the_summit_rule() -> None:
    """B6: Heidi far below the summit, a first guess off by enough to reach it: never lift."""
    state = act(act(position((3, 0), (12, 1)), SetFlags, 15), Guess, 0)  # off by 15: summit
    assert not state.may_lift_screen()
    bot = HardBot()
    for seed in range(20):
        assert isinstance(bot.choose(state.view(0), random.Random(seed), FAST), AllowGuess)


def test_hard_plays_a_seeded_game_the_same_way_twice() -> None:
    levels = ["hard", "normal", "hard"]
    first = play([make_bot("bergruft", lv) for lv in levels], seed=5)
    again = play([make_bot("bergruft", lv) for lv in levels], seed=5)
    assert first.is_over() and first == again


# -- the mixed strategies ----------------------------------------------------------------------


def assert_distribution(probs: np.ndarray) -> None:
    assert (probs >= 0).all()
    assert probs.sum() == pytest.approx(1.0)


def test_callers_numbers_are_a_mixed_strategy_in_a_mid_game_position() -> None:
    _, s = solve_turn(MID_GAME)
    assert_distribution(s.numbers)
    assert s.numbers.max() < 0.5  # not a pure strategy, nor nearly one
    assert (s.numbers > 0.02).sum() >= 8  # bluffs over many numbers
    assert_distribution(s.first)
    for g1 in range(16):  # one distribution per hint: below and above the first guess
        for part in (s.second[g1, :g1], s.second[g1, g1 + 1 :]):
            if part.size:
                assert_distribution(part)
    assert ((0 <= s.allow1) & (s.allow1 <= 1)).all() and ((0 <= s.allow2) & (s.allow2 <= 1)).all()


def test_hard_samples_numbers_from_its_mix() -> None:
    bot, view = HardBot(), MID_GAME.view(0)
    numbers = set()
    for seed in range(60):
        action = bot.choose(view, random.Random(seed), 0.4)
        assert isinstance(action, SetFlags)
        numbers.add(action.flags)
    assert len(numbers) >= 6


# -- unexploitable: no pure Guesser strategy gains against the Caller's mix ---------------------


def middle(guesses: tuple[int, ...], low: int, high: int) -> int:
    return (low + high) // 2


def first_then_bisect(first: int) -> GuessPolicy:
    def policy(guesses: tuple[int, ...], low: int, high: int) -> int:
        return first if not guesses else (low + high) // 2

    return policy


def lowest(guesses: tuple[int, ...], low: int, high: int) -> int:
    return low  # "always 0": the lowest number the hints allow


def highest(guesses: tuple[int, ...], low: int, high: int) -> int:
    return high


def always(value: int) -> GuessPolicy:
    """Guess ``value`` when the hints allow it, else the nearest number they allow."""

    def policy(guesses: tuple[int, ...], low: int, high: int) -> int:
        return min(max(value, low), high)

    return policy


POLICIES: dict[str, GuessPolicy] = {
    "the middle": middle,
    "always 0": lowest,
    "always 15": highest,
    "always 7": always(7),
    **{f"first {g}, then bisect": first_then_bisect(g) for g in range(16)},
}


def value_against(
    view: BergState, payoffs: TurnPayoffs, s: TurnStrategy, guesser: GuessPolicy
) -> float:
    """The Caller's expected payoff with his mix ``s`` against a pure Guesser strategy, found by
    playing every branch through the rules engine (the model is not used for the moves)."""
    evaluate = Evaluator(view).value

    def walk(state: BergState, number: int) -> float:
        if state.phase is Phase.GUESS:
            return walk(act(state, Guess, guesser(state.guesses, state.low, state.high)), number)
        if state.phase is Phase.PUNISH:
            punish = payoffs.punish_better[abs(state.guesses[-1] - number)]
            return walk(act(state, Punish if punish else Waive), number)
        if state.phase is Phase.DECIDE:
            g = state.guesses
            allow = s.allow1[number, g[0]] if len(g) == 1 else s.allow2[number, g[0], g[1]]
            total = 0.0
            if allow > 0:
                total += allow * walk(act(state, AllowGuess), number)
            if allow < 1:  # the mix lifts only where B6 allows it, else act() fails
                total += (1 - allow) * walk(act(state, LiftScreen), number)
            return total
        return evaluate(state.heidi, state.peter)  # the turn is resolved

    numbers = enumerate(s.numbers)
    return sum(float(p) * walk(act(view, SetFlags, n), n) for n, p in numbers if p > 0)


@pytest.mark.parametrize("view", POSITIONS, ids=["mid-game", "start", "near summit", "3 players"])
def test_no_pure_guesser_strategy_beats_the_callers_mix(view: BergState) -> None:
    payoffs, s = solve_turn(view, ITERATIONS)
    game, limit = TurnGame(payoffs), margin(payoffs)
    best_response = game.guesser_best_response(s)  # exact: the best of all pure strategies
    assert best_response >= s.value - limit
    assert game.caller_best_response(s) <= s.value + limit  # the Guesser's mix is sound too
    assert game.exploitability(s) <= limit
    for name, policy in POLICIES.items():
        value = value_against(view, payoffs, s, policy)
        assert value >= s.value - limit, name
        assert value >= best_response - 1e-6, name  # the rules engine agrees with the model


def test_guessing_the_middle_gains_nothing_against_the_mix() -> None:
    payoffs, s = solve_turn(MID_GAME, ITERATIONS)
    assert value_against(MID_GAME, payoffs, s, middle) > s.value  # it even loses


def test_payoffs_follow_the_rules_engine() -> None:
    """Outcomes depend only on the count of guesses and the last difference: check by playing."""
    view = position((5, 3), (9, 6))
    payoffs = turn_payoffs(view)
    evaluate = Evaluator(view).value
    state = act(act(view, SetFlags, 12), Guess, 8)  # off by 4
    lifted = act(state, LiftScreen)
    assert payoffs.lifted[1, 4] == pytest.approx(evaluate(lifted.heidi, lifted.peter))
    guessed = act(act(state, AllowGuess), Guess, 12)
    assert payoffs.guessed[2] == pytest.approx(evaluate(guessed.heidi, guessed.peter))
    state = act(act(view, SetFlags, 0), Guess, 8)
    assert not payoffs.may_lift_first[8] and not state.may_lift_screen()  # B6: it reaches 17
    third = act(act(act(act(state, AllowGuess), Guess, 7), AllowGuess), Guess, 6)  # off by 6
    capped, waived = act(third, Punish), act(third, Waive)
    best = max(evaluate(capped.heidi, capped.peter), evaluate(waived.heidi, waived.peter))
    assert payoffs.third[6] == pytest.approx(best)


# -- hand-made positions: a win in one, an immediate loss avoided ------------------------------


def test_hard_caller_lifts_the_screen_into_a_won_summit() -> None:
    """Caller (seat 0): Heidi 14, Peter 15; Guesser: Heidi 3, Peter 9. The Caller stands 5 flags
    and the first guess is 7, off by 2. His Heidi stands on step 14, at most three steps below the
    summit, so B6 lets him lift after this first guess: Peter climbs 2 onto the summit (17) and
    Heidi 1 (to 15), which ends the game with an avalanche of 3 stones (the summit's 3 x one free
    step) against the Guesser's 115 (step 9's 23 x five free steps): the Caller wins. Allowing
    another guess instead risks the right guess 5 (hint "lower"), which restarts his pair."""
    state = act(act(position((14, 3), (15, 9)), SetFlags, 5), Guess, 7)
    assert state.may_lift_screen()
    lifted = act(state, LiftScreen)
    assert lifted.is_over() and lifted.peter == (17, 9) and lifted.heidi == (15, 3)
    outcome = lifted.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (3, 115)
    guessed = act(act(state, AllowGuess), Guess, 5)  # the other choice: the pair may restart
    assert not guessed.is_over() and (guessed.heidi[0], guessed.peter[0]) == (0, 1)
    # the summit rule is what makes it a win in one: one step lower, Heidi could not lift here
    assert not act(act(position((13, 3), (15, 9)), SetFlags, 5), Guess, 7).may_lift_screen()
    bot = HardBot()
    for budget in (FAST, 0.4):
        for seed in range(10):
            action = bot.choose(state.view(0), random.Random(seed), budget)
            assert isinstance(action, LiftScreen), (budget, seed, action)


def test_hard_caller_punishes_rather_than_lose_by_waiving() -> None:
    """Caller (seat 0): Heidi 5, Peter 13; Guesser: Heidi 10, Peter 11 (no free step: avalanche
    0). Number 10, guesses 0, 15 and 1, each allowed: a wrong third guess off by 9 (more than 3).
    Waiving lets the Caller's Peter climb all 9 onto the summit (capped at 17) while his Heidi
    climbs 3 to step 8: the game ends with his avalanche 3 x 8 free steps = 24 against the
    Guesser's 0, a loss. Punishing caps his climb at 3 (Peter 16, Heidi 8): nobody is on the
    summit, the game goes on, and the Guesser is pushed down (Peter 10, Heidi 7)."""
    state = act(position((5, 10), (13, 11)), SetFlags, 10)
    for guess in (0, 15, 1):
        if state.phase is Phase.DECIDE:
            state = act(state, AllowGuess)
        state = act(state, Guess, guess)
    assert state.phase is Phase.PUNISH
    waived = act(state, Waive)
    assert waived.is_over() and waived.peter == (17, 11) and waived.heidi == (8, 10)
    outcome = waived.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (24, 0)
    punished = act(state, Punish)
    assert not punished.is_over()
    assert punished.peter == (16, 10) and punished.heidi == (8, 7)
    bot = HardBot()
    for budget in (FAST, 0.4):
        for seed in range(5):
            action = bot.choose(state.view(0), random.Random(seed), budget)
            assert isinstance(action, Punish), (budget, seed, action)


# -- strength ----------------------------------------------------------------------------------


def test_hard_beats_normal_clearly() -> None:
    """100 two-player games, seats alternating, at the smallest budget (10 iterations a turn):
    hard wins 85 % of these (84.5 % over 200 games; 94 % over 100 games at 400 iterations)."""
    assert win_share("hard", "normal", 100) >= 0.7


def test_hard_beats_easy() -> None:
    """All 60 of these are won (95.5 % over 200 games at 10 iterations, 99 % at 400)."""
    assert win_share("hard", "easy", 60) >= 0.85


def test_the_hard_turn_model_knows_heidi_catching_up_on_the_summit_restarts_the_pair() -> None:
    """B19: Anna's Heidi 15, Peter 16. Lifted after a first guess (Heidi climbs 1) her Peter
    stands on the summit and she wins; after a second guess her Heidi climbs onto the summit
    beside him, the pair restarts and the game goes on: no win to count on."""
    state = RULES.new_game("standard", ["Anna", "Ben"], seed=1)
    view = state.with_positions((15, 3), (16, 6), caller=0).view(0)
    payoffs = turn_payoffs(view)
    assert payoffs.lifted[1, 1] == WIN
    assert payoffs.lifted[2, 1] < WIN / 2 and payoffs.third[1] < WIN / 2
