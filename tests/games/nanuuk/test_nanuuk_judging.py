"""What Nanuuk!'s bots judge, worked out faster and the same: a sheet's points and the kinds its
hunter may take (N22, N27) against their rule-by-rule reading, and the full game's hunter values
kept across positions (``Evaluator.hunter_value``) against the same value worked out afresh."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.games.nanuuk.bots import simple
from game.games.nanuuk.bots.simple import evaluator
from game.games.nanuuk.rules import RULES
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, VALUE, Sheet

ANIMALS = tuple(ANIMAL_BITS)
sheets = st.builds(
    Sheet,
    carried=st.integers(0, 15),
    bag=st.integers(0, 15),
    inuk=st.booleans(),
    igloo=st.tuples(*[st.integers(0, 6)] * 5),
)


@given(sheets)
def test_a_sheets_points_and_what_it_may_take_are_the_rules_own(sheet: Sheet) -> None:
    in_bag = sum(VALUE[a] for a in ANIMALS if sheet.bag & ANIMAL_BITS[a])
    on_igloo_side = sum(n * VALUE[a] for n, a in zip(sheet.igloo, ANIMALS, strict=False))
    assert sheet.points == in_bag + on_igloo_side  # N27 (the Inuit count nothing)
    assert sheet.takes == sum(ANIMAL_BITS[a] for a in ANIMALS if sheet.can_take(a))  # N22


def full_game_positions(seed: int, games: int = 6) -> list:
    rng, found = random.Random(seed), []
    for g in range(games):
        state = RULES.new_game("full", ["A", "B", "C"][: 2 + g % 2], seed=seed + g)
        while not state.is_over():
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def test_a_hunters_value_kept_is_the_value_worked_out_afresh() -> None:
    simple._JUDGED.clear()
    positions = full_game_positions(5)
    hits = 0
    for _ in range(2):  # the second round: every value comes from what was kept
        for state in positions:
            judge = evaluator(state.spec, state.seat)
            for i in range(len(state.spec.movers)):
                kept = len(simple._JUDGED)
                assert judge.hunter_value(state, i) == judge._hunter_value(state, i)
                hits += len(simple._JUDGED) == kept
    assert hits > len(positions)  # (the second round at least) found them kept


def test_the_values_kept_are_bounded_and_hold_their_boards(monkeypatch) -> None:
    monkeypatch.setattr(simple, "JUDGED_CAP", 50)
    simple._JUDGED.clear()
    simple._JUDGED_BOARDS.clear()
    for state in full_game_positions(9, games=2):
        evaluator(state.spec, state.seat).hunter_value(state, 0)
        assert len(simple._JUDGED) <= 50
        boards = {key[0] for key in simple._JUDGED}
        assert boards <= set(simple._JUDGED_BOARDS)  # a board's id is its own while kept
        assert all(id(b) == k for k, b in simple._JUDGED_BOARDS.items())
