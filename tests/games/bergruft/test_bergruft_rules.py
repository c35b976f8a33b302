"""Der Berg ruft: one test per rule sentence and ruling, starting from fixed boards.

Boards are built with ``BergState.with_positions`` (a fresh turn, figures where we say) on a
two-player game "Anna" (seat 0) vs "Ben" (seat 1) unless stated otherwise. Stones on the steps
come from our mountain (B1): step 7 holds 30, step 10 20, step 13 12, step 17 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.games.bergruft.rules import (
    HEIDI_START,
    PETER_START,
    RULES,
    SUMMIT,
    AllowGuess,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    Punish,
    SetFlags,
    Waive,
)
from game.protocol.base import IllegalAction, seeded_rng

ANNA, BEN, CARL = 0, 1, 2


def board(
    heidi: tuple[int, ...],
    peter: tuple[int, ...],
    caller: int = ANNA,
    **options: Any,
) -> BergState:
    """A fresh turn with the given figure positions; names Anna, Ben (, Carl, Dora)."""
    names = ["Anna", "Ben", "Carl", "Dora"][: len(heidi)]
    game = RULES.new_game("standard", names, seed=1, options=options or None)
    return game.with_positions(heidi, peter, caller=caller)


def play(state: BergState, *steps: int | str) -> BergState:
    """Play a turn from the script: the first int is the number, later ints are guesses;
    "allow", "lift", "punish" and "waive" are the caller's decisions."""
    for step in steps:
        state = state.apply(_action(state, step))
    return state


def _action(state: BergState, step: int | str) -> Any:
    kinds = {"allow": AllowGuess, "lift": LiftScreen, "punish": Punish, "waive": Waive}
    for action in state.legal_actions():
        if isinstance(step, str) and isinstance(action, kinds[step]):
            return action
        if isinstance(action, SetFlags) and action.flags == step:
            return action
        if isinstance(action, Guess) and action.value == step:
            return action
    raise AssertionError(f"{step!r} not offered in phase {state.phase}")


def guesses_offered(state: BergState) -> list[int]:
    actions = state.legal_actions()
    assert all(isinstance(a, Guess) for a in actions)
    return [a.value for a in actions if isinstance(a, Guess)]


# -- set-up ----------------------------------------------------------------------------------


def test_heidi_starts_before_the_brook_and_peter_behind_it() -> None:
    state = RULES.new_game("standard", 3, seed=5)
    assert state.heidi == (HEIDI_START,) * 3 == (0, 0, 0)  # B1
    assert state.peter == (PETER_START,) * 3 == (1, 1, 1)
    assert state.names == ("Player 1", "Player 2", "Player 3")


def test_start_player_is_drawn_from_the_seed() -> None:
    """B9: the first caller comes from seeded_rng(seed, "start")."""
    starts = set()
    for seed in range(40):
        state = RULES.new_game("standard", 4, seed=seed)
        assert state.caller == state.start_player == seeded_rng(seed, "start").randrange(4)
        assert RULES.new_game("standard", 4, seed=seed) == state
        starts.add(state.caller)
    assert starts == {0, 1, 2, 3}


def test_two_to_four_players() -> None:
    (variant,) = RULES.variants()
    assert (variant.id, variant.min_players, variant.max_players) == ("standard", 2, 4)
    assert [o.key for o in variant.options] == ["turn_limit"]
    for bad in (1, 5, ["Solo"]):
        with pytest.raises(ValueError, match="2-4 players"):
            RULES.new_game("standard", bad, seed=0)
    with pytest.raises(ValueError, match="unknown variant"):
        RULES.new_game("expert", 2, seed=0)
    with pytest.raises(ValueError, match="unknown options"):
        RULES.new_game("standard", 2, seed=0, options={"speed": 3})
    with pytest.raises(ValueError, match="turn_limit"):
        RULES.new_game("standard", 2, seed=0, options={"turn_limit": -1})


# -- the turn --------------------------------------------------------------------------------


def test_caller_secretly_stands_zero_to_fifteen_flags() -> None:
    state = board((0, 0), (1, 1))
    assert state.phase is Phase.SET and state.current_player == ANNA
    assert [a.flags for a in state.legal_actions() if isinstance(a, SetFlags)] == list(range(16))
    assert len(state.legal_actions()) == 16
    with pytest.raises(IllegalAction, match="0 to 15 flags"):
        state.apply(SetFlags(ANNA, "Anna", 16))
    with pytest.raises(IllegalAction, match="only the caller"):
        state.apply(SetFlags(BEN, "Ben", 3))


def test_guesser_is_the_player_to_the_callers_left() -> None:
    """B2: the next seat guesses; the next turn's caller is this turn's guesser."""
    state = board((0, 0, 0), (1, 1, 1), caller=CARL)
    assert state.guesser == ANNA
    state = play(state, 5)
    assert state.current_player == ANNA and state.phase is Phase.GUESS
    state = play(state, 5)  # guessed: the turn is over
    assert (state.caller, state.guesser, state.turn) == (ANNA, BEN, 1)


def test_with_two_players_caller_and_guesser_alternate() -> None:
    state = play(board((0, 0), (1, 1)), 5, 5)
    assert (state.caller, state.guesser) == (BEN, ANNA)
    state = play(state, 5, 5)
    assert (state.caller, state.guesser) == (ANNA, BEN)


def test_wrong_guess_lets_caller_allow_another_guess_saying_higher_or_lower() -> None:
    state = play(board((0, 0), (1, 1)), 9, 5)
    assert state.phase is Phase.DECIDE and state.current_player == ANNA  # the caller decides
    allow, lift = state.legal_actions()
    assert allow == AllowGuess(ANNA, "Anna", Hint.HIGHER)
    assert str(allow) == "Anna: higher \u2014 guess again"
    assert str(lift) == "Anna lifts the screen (9 flags)"
    state = state.apply(allow)
    assert state.hints == (Hint.HIGHER,) and (state.low, state.high) == (6, 15)
    assert state.current_player == BEN


def test_the_hint_is_truthful() -> None:
    """B4: the hint is automatic and truthful."""
    state = play(board((0, 0), (1, 1)), 2, 5)
    assert state.legal_actions()[0] == AllowGuess(ANNA, "Anna", Hint.LOWER)
    with pytest.raises(IllegalAction, match="the hint must be truthful: the number is lower"):
        state.apply(AllowGuess(ANNA, "Anna", Hint.HIGHER))


def test_guesser_must_respect_the_hints() -> None:
    """B3: a guess lies strictly inside the range the hints leave."""
    state = play(board((0, 0), (1, 1)), 9, 7, "allow")
    assert guesses_offered(state) == list(range(8, 16))
    with pytest.raises(IllegalAction, match="guess must be higher than 7"):
        state.apply(Guess(BEN, "Ben", 7))
    state = play(state, 12, "allow")
    assert guesses_offered(state) == [8, 9, 10, 11]
    with pytest.raises(IllegalAction, match="guess must be lower than 12"):
        state.apply(Guess(BEN, "Ben", 13))
    with pytest.raises(IllegalAction, match="only the guesser"):
        state.apply(Guess(ANNA, "Anna", 9))


def test_three_guesses_at_most_then_the_screen_is_lifted() -> None:
    state = play(board((2, 0), (6, 1)), 9, 5, "allow", 12, "allow", 10)
    assert state.phase is Phase.SET and state.turn == 1  # resolved at once (diff 1 <= 3)
    result = state.last_result
    assert result is not None and result.guesses == (5, 12, 10) and not result.guessed
    assert result.hints == (Hint.HIGHER, Hint.LOWER)
    # Peter climbs the difference (1), Heidi the number of guesses (3)
    assert (state.heidi[ANNA], state.peter[ANNA]) == (5, 7)


def test_caller_may_lift_the_screen_after_the_first_or_second_guess() -> None:
    state = play(board((2, 0), (6, 1)), 9, 7)
    assert [type(a) for a in state.legal_actions()] == [AllowGuess, LiftScreen]
    state = play(state, "allow", 8)
    assert [type(a) for a in state.legal_actions()] == [AllowGuess, LiftScreen]
    state = play(state, "lift")
    assert state.last_result is not None and state.last_result.lifted_early


def test_only_the_caller_may_lift_the_screen() -> None:
    state = play(board((0, 0), (1, 1)), 9, 7)
    with pytest.raises(IllegalAction, match="only the caller"):
        state.apply(LiftScreen(BEN, "Ben", 9))
    with pytest.raises(IllegalAction, match="only the caller"):
        state.apply(AllowGuess(BEN, "Ben", Hint.HIGHER))


def test_decisions_outside_their_phase_are_illegal() -> None:
    state = board((0, 0), (1, 1))
    with pytest.raises(IllegalAction, match="after a wrong first or second guess"):
        state.apply(LiftScreen(ANNA, "Anna", 3))
    with pytest.raises(IllegalAction, match="after a wrong third guess"):
        state.apply(Punish(ANNA, "Anna", "Ben"))
    with pytest.raises(IllegalAction, match="not the time to guess"):
        state.apply(Guess(BEN, "Ben", 3))
    with pytest.raises(IllegalAction, match="not a Der Berg ruft action"):
        state.apply("guess 3")


# -- not guessed -----------------------------------------------------------------------------


def test_not_guessed_peter_climbs_the_difference_and_heidi_the_number_of_guesses() -> None:
    state = play(board((2, 3), (6, 5)), 9, 7, "lift")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (3, 8)  # Peter +2, Heidi +1
    assert (state.heidi[BEN], state.peter[BEN]) == (3, 5)  # the guesser's figures stay
    result = state.last_result
    assert result is not None
    assert (result.caller_peter_climb, result.caller_heidi_climb) == (2, 1)
    assert not result.caller_restart and result.guesser_peter_move == 0


def test_pair_restarts_when_heidi_reaches_peter() -> None:
    # Peter 6 -> 7 (diff 1), Heidi 5 -> 7 (two guesses): level with Peter, back to the start
    state = play(board((5, 0), (6, 1)), 9, 5, "allow", 8, "lift")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (HEIDI_START, PETER_START)
    result = state.last_result
    assert result is not None and result.caller_restart
    assert (result.caller_peter_climb, result.caller_heidi_climb) == (1, 2)


def test_pair_restarts_when_heidi_passes_peter() -> None:
    state = play(board((5, 0), (6, 1)), 9, 5, "allow", 10, "allow", 8)  # Heidi 8 > Peter 7
    assert (state.heidi[ANNA], state.peter[ANNA]) == (HEIDI_START, PETER_START)


def test_lifting_after_a_first_wrong_guess_off_by_more_than_three_climbs_all_steps() -> None:
    state = play(board((2, 3), (3, 5)), 12, 4, "lift")
    assert state.peter[ANNA] == 11  # all 8 steps
    assert (state.heidi[BEN], state.peter[BEN]) == (3, 5)  # nobody is punished
    result = state.last_result
    assert result is not None and not result.capped and not result.waived


def test_lifting_after_a_second_wrong_guess_off_by_more_than_three_climbs_all_steps() -> None:
    state = play(board((2, 3), (3, 5)), 15, 4, "allow", 10, "lift")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (4, 8)
    assert (state.heidi[BEN], state.peter[BEN]) == (3, 5)


def test_guesser_punished_when_third_guess_is_off_by_more_than_three() -> None:
    state = play(board((2, 6), (3, 9)), 15, 0, "allow", 1, "allow", 2)
    assert state.phase is Phase.PUNISH and state.current_player == ANNA
    assert state.view(BEN).number == 15  # the screen is lifted
    punish, waive = state.legal_actions()
    assert str(punish) == "Anna caps at 3 and punishes Ben"
    assert str(waive) == "Anna waives the punishment"
    state = state.apply(punish)
    assert (state.heidi[ANNA], state.peter[ANNA]) == (5, 6)  # Peter only 3 (not 13), Heidi 3
    assert (state.heidi[BEN], state.peter[BEN]) == (3, 8)  # Peter -1, Heidi -3
    result = state.last_result
    assert result is not None and result.capped and result.punished and not result.waived
    assert (result.guesser_peter_move, result.guesser_heidi_move) == (-1, -3)


def test_caller_may_waive_the_punishment_and_climb_the_full_difference() -> None:
    state = play(board((2, 6), (3, 9)), 15, 0, "allow", 1, "allow", 2, "waive")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (5, 16)  # Peter +13
    assert (state.heidi[BEN], state.peter[BEN]) == (6, 9)  # not punished
    assert state.last_result is not None and state.last_result.waived


def test_punished_guessers_heidi_reaching_her_start_pulls_peter_back_to_his() -> None:
    """B13: Heidi 2 -> 0 (her start), so Peter 5 goes back to 1, not to 4."""
    state = play(board((0, 2), (1, 5)), 15, 0, "allow", 1, "allow", 2, "punish")
    assert (state.heidi[BEN], state.peter[BEN]) == (HEIDI_START, PETER_START)
    result = state.last_result
    assert result is not None and result.guesser_restart
    assert (result.guesser_peter_move, result.guesser_heidi_move) == (-4, -2)


def test_punishment_never_takes_figures_below_their_start() -> None:
    """B5."""
    state = play(board((0, 0), (1, 1)), 15, 0, "allow", 1, "allow", 2, "punish")
    assert (state.heidi[BEN], state.peter[BEN]) == (HEIDI_START, PETER_START)


def test_wrong_third_guess_off_by_three_or_less_is_not_punished() -> None:
    """B12: no punish/waive choice; the turn resolves at once."""
    state = play(board((2, 6), (3, 9)), 5, 0, "allow", 1, "allow", 2)
    assert state.phase is Phase.SET
    assert (state.heidi[ANNA], state.peter[ANNA]) == (5, 6)  # diff 3, three guesses
    assert (state.heidi[BEN], state.peter[BEN]) == (6, 9)


def test_punish_or_waive_only_after_a_wrong_third_guess() -> None:
    state = play(board((0, 0), (1, 1)), 15, 0)  # first guess off by 15: lift or allow only
    assert not any(isinstance(a, Punish | Waive) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="after a wrong third guess"):
        state.apply(Waive(ANNA, "Anna"))


# -- guessed ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "bonus"),
    [((9, 9), 3), ((9, 5, "allow", 9), 2), ((9, 5, "allow", 12, "allow", 9), 1)],
)
def test_guessed_after_one_two_or_three_guesses_caller_restarts_guesser_climbs(
    script: tuple[int | str, ...], bonus: int
) -> None:
    state = play(board((4, 2), (6, 5)), *script)
    assert (state.heidi[ANNA], state.peter[ANNA]) == (HEIDI_START, PETER_START)
    assert (state.heidi[BEN], state.peter[BEN]) == (2 + bonus, 5 + bonus)
    result = state.last_result
    assert result is not None and result.guessed and result.caller_restart
    assert result.bonus == bonus == result.guesser_peter_move == result.guesser_heidi_move


# -- the summit ------------------------------------------------------------------------------


def test_caller_forced_to_allow_another_guess_near_the_summit() -> None:
    """B6: Heidi 10 is more than three steps below the summit; lifting would take Peter from
    15 to the summit after a first guess, so "lift the screen" is not offered."""
    state = play(board((10, 0), (15, 1)), 0, 3)
    assert state.legal_actions() == (AllowGuess(ANNA, "Anna", Hint.LOWER),)
    assert not state.may_lift_screen()
    with pytest.raises(IllegalAction, match="the summit rule: you must allow another guess"):
        state.apply(LiftScreen(ANNA, "Anna", 0))


def test_after_the_forced_guess_the_caller_may_reach_the_summit() -> None:
    """B11: after a second guess the caller may lift into the summit; his Heidi climbs two."""
    state = play(board((10, 0), (15, 1)), 0, 3, "allow", 2, "lift")
    assert state.is_over() and state.ended_by == "summit"
    assert (state.heidi[ANNA], state.peter[ANNA]) == (12, SUMMIT)
    assert state.last_result is not None and state.last_result.summit == ANNA


def test_heidi_who_catches_up_with_peter_on_the_summit_restarts_the_pair_and_play_goes_on() -> None:
    """B19: "Heidi must never catch up with Peter", on the summit too. Peter climbs from 16 to
    the summit; Heidi climbs 2 from 15 and stops there beside him (B5): the pair starts again,
    and as no Peter stands on the summit once the turn is resolved, the game goes on."""
    state = play(board((15, 0), (16, 1)), 9, 5, "allow", 8, "lift")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (0, 1)
    assert not state.is_over() and state.phase is Phase.SET and state.caller == BEN
    result = state.last_result
    assert result is not None and result.caller_restart and result.summit is None
    assert (result.caller_peter_climb, result.caller_heidi_climb) == (1, 2)


def test_a_capped_climb_onto_the_summit_with_heidi_catching_up_restarts_the_pair() -> None:
    """B19 with B12: the capped climb takes Peter from 15 onto the summit and Heidi from 14 up
    to it as well: the pair restarts and the game goes on; the guesser is still punished."""
    state = play(board((14, 6), (15, 9)), 15, 0, "allow", 1, "allow", 2, "punish")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (0, 1)
    assert (state.heidi[BEN], state.peter[BEN]) == (3, 8)
    assert not state.is_over()


def test_the_game_ends_only_if_a_peter_stands_on_the_summit_once_the_turn_is_resolved() -> None:
    """B19: with his Heidi still below him, the caller's Peter on the summit ends the game."""
    state = play(board((13, 0), (16, 1)), 9, 5, "allow", 8, "lift")
    assert (state.heidi[ANNA], state.peter[ANNA]) == (15, SUMMIT)
    assert state.is_over() and state.ended_by == "summit"


def test_caller_with_heidi_on_the_two_rock_step_may_reach_the_summit_after_the_first_guess() -> (
    None
):
    state = play(board((14, 0), (15, 1)), 9, 6)
    assert [type(a) for a in state.legal_actions()] == [AllowGuess, LiftScreen]
    state = play(state, "lift")
    assert state.is_over() and (state.heidi[ANNA], state.peter[ANNA]) == (15, SUMMIT)


def test_summit_rule_only_applies_when_lifting_reaches_the_summit() -> None:
    state = play(board((2, 0), (12, 1)), 9, 7)  # Peter 12 + 2 = 14: below the summit
    assert [type(a) for a in state.legal_actions()] == [AllowGuess, LiftScreen]


def test_extra_steps_beyond_the_summit_are_lost() -> None:
    """B5: the capped climb of 3 from step 16 stops on the summit; the guesser is still
    punished (B12). Heidi climbs from 13 to 16, still below her Peter (B19)."""
    state = play(board((13, 6), (16, 9)), 15, 0, "allow", 1, "allow", 2, "punish")
    assert state.is_over() and state.peter[ANNA] == SUMMIT
    assert state.last_result is not None and state.last_result.caller_peter_climb == 1
    assert (state.heidi[BEN], state.peter[BEN]) == (3, 8)


def test_guesser_reaches_the_summit_by_bonus_and_heidi_climbs_as_many_as_peter_needed() -> None:
    """B14: Peter on 16 needs 1 of his 3 bonus steps; Heidi climbs 1 too."""
    state = play(board((0, 13), (1, 16)), 4, 4)
    assert state.is_over()
    assert (state.heidi[BEN], state.peter[BEN]) == (14, SUMMIT)
    result = state.last_result
    assert result is not None and result.summit == BEN
    assert result.guesser_peter_move == result.guesser_heidi_move == 1


def test_game_ends_as_soon_as_a_peter_reaches_the_summit() -> None:
    state = play(board((0, 13), (1, 16)), 4, 4)
    assert state.current_player is None and state.legal_actions() == ()
    assert state.phase is Phase.OVER
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(SetFlags(BEN, "Ben", 3))


def test_turn_limit_ends_the_game_with_normal_scoring() -> None:
    """B8/B16: with turn_limit 2 the game ends when the second turn is resolved."""
    state = board((0, 0), (1, 1), turn_limit=2)
    state = play(state, 9, 7, "lift")
    assert not state.is_over()
    state = play(state, 4, 8, "lift")
    assert state.is_over() and state.ended_by == "turn limit" and state.turn == 2
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (50 * 1, 39 * 3)  # Peters on steps 3 and 5


def test_turn_limit_zero_means_no_limit() -> None:
    state = RULES.new_game("standard", 2, seed=3)
    assert state.turn_limit == 0 and state.options == {"turn_limit": 0}
