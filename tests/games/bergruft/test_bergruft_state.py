"""Der Berg ruft: scoring and tie-breaks, hidden information, saving, replays, action texts.

Finished boards are built with ``finished()``: ``with_positions`` then the phase set to "over"
(``dataclasses.replace``), so scoring can be checked on any position.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from typing import Any

import pytest

from game.games.bergruft.rules import (
    RULES,
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
from game.protocol.base import IllegalAction, Refusal, Replay, replay


def finished(heidi: tuple[int, ...], peter: tuple[int, ...]) -> BergState:
    names = ["Anna", "Ben", "Carl", "Dora"][: len(heidi)]
    state = RULES.new_game("standard", names, seed=1).with_positions(heidi, peter)
    return dataclasses.replace(state, phase=Phase.OVER)


# -- scoring ---------------------------------------------------------------------------------


def test_avalanche_is_stones_on_peters_step_times_free_steps() -> None:
    state = finished((3, 0), (8, 1))
    assert state.mountain[8] == 26
    assert state.free_steps(0) == 4 and state.avalanche(0) == 26 * 4
    assert state.free_steps(1) == 0 and state.avalanche(1) == 0


def test_smallest_avalanche_wins() -> None:
    outcome = finished((3, 5, 0), (8, 7, 3)).outcome()  # 104, 30, 100
    assert outcome is not None
    assert outcome.scores == (104, 30, 100)
    assert outcome.ranking == (1, 2, 0) and outcome.winners == (1,)
    assert outcome.reason_code == "avalanche"


def test_equal_avalanche_the_pair_closest_together_wins() -> None:
    # step 10 (20 stones) x 3 free steps = 60 = step 7 (30 stones) x 2 free steps
    outcome = finished((6, 4), (10, 7)).outcome()
    assert outcome is not None and outcome.scores == (60, 60)
    assert outcome.winners == (1,) and outcome.reason_code == "closest_pair"


def test_several_at_zero_the_pair_furthest_up_wins() -> None:
    outcome = finished((4, 8, 0), (5, 9, 1)).outcome()
    assert outcome is not None and outcome.scores == (0, 0, 0)
    assert outcome.ranking == (1, 0, 2) and outcome.winners == (1,)
    assert outcome.reason_code == "furthest_up"


def test_identical_pairs_share_the_win() -> None:
    outcome = finished((4, 4, 2), (5, 5, 5)).outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.ranking == (0, 1, 2)
    assert outcome.reason_code == "shared"


def test_no_outcome_before_the_end() -> None:
    state = RULES.new_game("standard", 2, seed=1)
    assert not state.is_over() and state.outcome() is None


# -- hidden information ----------------------------------------------------------------------


def test_view_hides_the_number_from_everyone_but_the_caller() -> None:
    """B7/B18."""
    state = RULES.new_game("standard", 3, seed=2).with_positions((0, 0, 0), (1, 1, 1), caller=0)
    state = state.apply(SetFlags(0, "Player 1", 11))
    assert state.view(0) == replace(state, seed=-1) and state.view(0).number == 11
    for seat in (1, 2):
        view = state.view(seat)
        assert view.number is None and view.is_hidden
        assert view.legal_actions() == state.legal_actions()  # the guesser's options
    with pytest.raises(IllegalAction, match="hidden in this view"):
        state.view(1).apply(Guess(1, "Player 2", 4))


def test_a_determinized_view_plays_like_the_real_game() -> None:
    state = RULES.new_game("standard", 2, seed=2).with_positions((0, 0), (1, 1), caller=0)
    state = state.apply(SetFlags(0, "Player 1", 11))
    guessed = state.view(1).with_number(11)
    assert guessed == replace(state, seed=-1)  # a view never holds the seed
    with pytest.raises(ValueError, match="not hidden"):
        state.with_number(3)


def test_hidden_view_lists_caller_decisions_without_hidden_details() -> None:
    state = RULES.new_game("standard", 2, seed=2).with_positions((0, 0), (1, 1), caller=0)
    state = state.apply(SetFlags(0, "Player 1", 11)).apply(Guess(1, "Player 2", 4))
    actions = state.view(1).legal_actions()
    assert actions == (AllowGuess(0, "Player 1", None), LiftScreen(0, "Player 1", None))
    assert [str(a) for a in actions] == [
        "Player 1 allows another guess",
        "Player 1 lifts the screen",
    ]


def test_the_number_is_public_once_the_screen_is_lifted() -> None:
    state = RULES.new_game("standard", 2, seed=2).with_positions((0, 0), (1, 1), caller=0)
    for action in (SetFlags(0, "Player 1", 11), Guess(1, "Player 2", 4)):
        state = state.apply(action)
    state = state.apply(LiftScreen(0, "Player 1", 11))
    assert state.last_result is not None and state.last_result.number == 11
    assert state.view(0).last_result == state.view(1).last_result


def test_view_of_a_missing_seat_is_an_error() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        RULES.new_game("standard", 2, seed=2).view(2)


# -- actions ---------------------------------------------------------------------------------


def test_actions_read_like_the_move_log() -> None:
    assert str(SetFlags(0, "Anna", 7)) == "Anna sets the flags"  # never the number
    assert str(Guess(1, "Ben", 7)) == "Ben guesses 7"
    assert str(AllowGuess(0, "Anna", Hint.HIGHER)) == "Anna: higher \u2014 guess again"
    assert str(LiftScreen(0, "Anna", 9)) == "Anna lifts the screen (9 flags)"
    assert str(Punish(0, "Anna", "Ben")) == "Anna caps at 3 and punishes Ben"
    assert str(Waive(0, "Anna")) == "Anna waives the punishment"


@pytest.mark.parametrize(
    "action",
    [
        SetFlags(0, "Anna", 7),
        Guess(1, "Ben", 7),
        AllowGuess(0, "Anna", Hint.LOWER),
        AllowGuess(0, "Anna", None),
        LiftScreen(0, "Anna", 9),
        Punish(0, "Anna", "Ben"),
        Waive(0, "Anna"),
    ],
)
def test_actions_round_trip_through_dicts(action: Any) -> None:
    state = RULES.new_game("standard", ["Anna", "Ben"], seed=1).with_positions(
        (0, 0), (1, 1), caller=0
    )
    data = json.loads(json.dumps(action.to_dict()))
    assert state.action_from_dict(data) == action


@pytest.mark.parametrize(
    "data",
    [{"type": "jump", "seat": 0}, {"type": "guess", "seat": 5, "value": 1}, {"type": "guess"}],
)
def test_broken_action_dicts_are_illegal(data: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        RULES.new_game("standard", 2, seed=1).action_from_dict(data)


def test_an_action_that_is_not_offered_is_illegal_and_changes_nothing() -> None:
    state = RULES.new_game("standard", ["Anna", "Ben"], seed=1).with_positions(
        (0, 0), (1, 1), caller=0
    )
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="not offered"):
        state.apply(SetFlags(0, "Somebody", 3))
    assert state.to_dict() == before


# -- saving and replays ----------------------------------------------------------------------


def _some_game() -> tuple[BergState, list[dict[str, Any]]]:
    state = RULES.new_game("standard", ["Anna", "Ben", "Carl"], seed=7, options={"turn_limit": 9})
    log: list[dict[str, Any]] = []
    step = 0
    while not state.is_over():
        actions = state.legal_actions()
        action = actions[(step * 7) % len(actions)]
        log.append(action.to_dict())
        state = state.apply(action)
        step += 1
    return state, log


def test_state_round_trips_through_json() -> None:
    state, _ = _some_game()
    data = json.loads(json.dumps(state.to_dict()))
    assert data["version"] == 1 and data["game"] == "bergruft"
    assert RULES.state_from_dict(data) == state
    assert RULES.state_from_dict(data).last_result == state.last_result


def test_replay_reproduces_the_game_exactly() -> None:
    state, log = _some_game()
    rec = Replay("bergruft", "standard", state.names, 7, {"turn_limit": 9}, tuple(log))
    assert replay(RULES, rec) == state


def test_foreign_or_broken_saves_are_rejected() -> None:
    data = RULES.new_game("standard", 2, seed=1).to_dict()
    with pytest.raises(ValueError, match="version"):
        RULES.state_from_dict({**data, "version": 99})
    with pytest.raises(ValueError, match="this is a save of .nanuuk."):
        RULES.state_from_dict({**data, "game": "nanuuk"})
    with pytest.raises(ValueError, match="broken"):
        RULES.state_from_dict({k: v for k, v in data.items() if k != "heidi"})
    with pytest.raises(ValueError, match="not a position"):
        RULES.state_from_dict({**data, "heidi": [3, 0], "peter": [2, 1]})


def test_states_are_immutable_values() -> None:
    state = RULES.new_game("standard", 2, seed=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.caller = 1  # type: ignore[misc]
    assert hash(state) == hash(RULES.new_game("standard", 2, seed=1))


def test_an_illegal_action_says_why_with_a_code_the_screen_translates() -> None:
    """The rules speak in codes with parameters, never in sentences for players."""
    state = RULES.new_game("standard", 2, seed=2).with_positions((0, 0), (1, 1), caller=0)
    state = state.apply(SetFlags(0, "Player 1", 11))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Guess(1, "Player 2", 16))
    assert (refused.value.code, refused.value.params) == ("lower", {"n": 16})
    assert state.why_not(Guess(1, "Player 2", 16)) == Refusal("lower", {"n": 16})
    assert state.why_not(Guess(0, "Player 1", 4)) == Refusal("only_guesser", {"name": "Player 2"})
    assert state.why_not(Guess(1, "Player 2", 4)) is None


# -- what a save keeps (B20, issue 27 item 11) -----------------------------------------------------


def _flags_set(number: int, wrong_guess: bool = False) -> BergState:
    """Two turns played, then the caller stands ``number`` flags (and a wrong first guess)."""
    state = RULES.new_game("standard", ["Anna", "Ben"], seed=3).with_positions((3, 2), (6, 5))
    for flags in (4, 9):  # two resolved turns: their numbers are public in last_result
        state = state.apply(SetFlags(state.caller, state.names[state.caller], flags))
        state = state.apply(Guess(state.guesser, state.names[state.guesser], flags))
    state = state.apply(SetFlags(state.caller, state.names[state.caller], number))
    if wrong_guess:
        state = state.apply(Guess(state.guesser, state.names[state.guesser], 0))
    return state


@pytest.mark.parametrize("wrong_guess", [False, True], ids=["guess", "decide"])
def test_a_save_made_while_the_number_is_hidden_holds_the_turn_before_the_flags_B20(
    wrong_guess: bool,
) -> None:
    from datetime import UTC, datetime

    from game.play import saves
    from game.play.config import GameConfig, Seat

    cfg = GameConfig("bergruft", "standard", (Seat("Anna"), Seat("Ben")), 3)
    now = datetime(2026, 12, 3, tzinfo=UTC)
    texts = {
        n: saves.to_json(saves.build("save", cfg, [], _flags_set(n, wrong_guess), now))
        for n in (7, 12)
    }
    assert texts[7] == texts[12]  # the file is the same whatever the number: it cannot tell it
    state = _flags_set(7, wrong_guess)
    assert state.stored() == state.turn_start().stored()
    resumed = RULES.resume(json.loads(json.dumps(state.stored())), seed=99)
    assert resumed.phase is Phase.SET and resumed.number is None and resumed.guesses == ()
    assert (resumed.caller, resumed.turn, resumed.heidi, resumed.peter) == (
        state.caller, state.turn, state.heidi, state.peter)  # fmt: skip
    assert resumed.last_result == state.last_result  # what was public stays
    assert resumed.current_player == state.caller  # the caller sets the flags again


def test_a_save_keeps_a_number_the_screen_no_longer_hides_B20() -> None:
    state = RULES.new_game("standard", ["Anna", "Ben"], seed=3)
    state = state.apply(SetFlags(state.caller, state.names[state.caller], 15))
    for guess in (0, 1):
        state = state.apply(Guess(state.guesser, state.names[state.guesser], guess))
        state = state.apply(AllowGuess(state.caller, state.names[state.caller], Hint.HIGHER))
    state = state.apply(Guess(state.guesser, state.names[state.guesser], 2))
    assert state.phase is Phase.PUNISH  # the screen is lifted: the number is public
    assert state.stored()["number"] == 15 and "seed" not in state.stored()
    assert RULES.resume(state.stored(), seed=5) == replace(state, seed=5)
