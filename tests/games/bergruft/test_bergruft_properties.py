"""Der Berg ruft invariants over arbitrary play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.bergruft.rules import RULES, SUMMIT, BergState, Phase


def check_invariants(state: BergState) -> None:
    for seat in range(state.players):
        h, p = state.heidi[seat], state.peter[seat]
        assert 0 <= h < p <= SUMMIT  # B5, B19: Heidi always below her Peter, on the summit too
        assert state.avalanche(seat) >= 0
    if state.number is not None:
        assert state.low <= state.number <= state.high  # B11: hints keep the number in range
    assert len(state.guesses) <= 3
    hints_expected = {
        Phase.SET: 0,
        Phase.OVER: 0,
        Phase.GUESS: len(state.guesses),  # every further guess was allowed with a hint
        Phase.DECIDE: len(state.guesses) - 1,
        Phase.PUNISH: len(state.guesses) - 1,
    }[state.phase]
    assert len(state.hints) == hints_expected
    assert (state.phase is Phase.OVER) == (
        SUMMIT in state.peter or 0 < state.turn_limit <= state.turn
    )


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 4),
    limit=st.sampled_from([0, 0, 1, 5]),
    picks=st.lists(st.integers(0, 100), max_size=150),
)
def test_positions_stay_legal_under_any_play(
    seed: int, players: int, limit: int, picks: list[int]
) -> None:
    state = RULES.new_game("standard", players, seed=seed, options={"turn_limit": limit})
    for pick in picks:
        check_invariants(state)
        if state.is_over():
            break
        actions = state.legal_actions()
        before = state.turn
        state = state.apply(actions[pick % len(actions)])
        if state.turn > before and state.last_result is not None:
            result = state.last_result
            assert state.heidi == result.heidi_after and state.peter == result.peter_after
    check_invariants(state)
