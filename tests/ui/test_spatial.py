"""Arrows among choices round the screen (game.ui.spatial, issue 29 item 9): a press goes to
the nearest choice within 45 degrees of the arrow, not to the next one in reading order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.engine.intents import Kind
from game.ui.spatial import STEPS, ahead, nearest

RIGHT, DOWN, LEFT, UP = STEPS[Kind.RIGHT], STEPS[Kind.DOWN], STEPS[Kind.LEFT], STEPS[Kind.UP]


def test_the_nearest_that_way_wins_not_the_next_in_reading_order():
    choices = [("far right", (500.0, 100.0)), ("below", (100.0, 300.0)), ("right", (200.0, 120.0))]
    assert nearest((100.0, 100.0), RIGHT, choices) == "right"
    assert nearest((100.0, 100.0), DOWN, choices) == "below"
    assert nearest((100.0, 100.0), LEFT, choices) is None  # nothing that way: no wrap
    assert nearest((100.0, 100.0), UP, choices) is None


def test_a_choice_more_than_45_degrees_off_does_not_lie_that_way():
    assert ahead((0, 0), RIGHT, (10, 10)) == (10, 10)  # exactly diagonal: both ways
    assert ahead((0, 0), DOWN, (10, 10)) == (10, 10)
    assert ahead((0, 0), RIGHT, (10, 11)) is None
    assert ahead((0, 0), RIGHT, (-1, 0)) is None


def test_a_tie_goes_to_the_choice_in_line_then_to_the_first():
    choices = [("diagonal", (3.0, 4.0)), ("in line", (5.0, 0.0))]
    assert nearest((0.0, 0.0), RIGHT, choices) == "in line"  # both 5 away
    twins = [("up", (4.0, -3.0)), ("down", (4.0, 3.0))]
    assert nearest((0.0, 0.0), RIGHT, twins) == "up"


points = st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), min_size=1, max_size=12,
                  unique=True)  # fmt: skip


@given(points)
def test_every_choice_is_one_press_away_from_anywhere(spots):
    """Each of the four ways covers a quarter round the focus: whatever lies elsewhere, the
    press that way finds something (the nearest there)."""
    origin = (0.5, 0.25)
    for spot in spots:
        ways = [s for s in STEPS.values() if ahead(origin, s, spot) is not None]
        assert ways
        for way in ways:
            found = nearest(origin, way, [(p, p) for p in spots])
            assert found is not None and ahead(origin, way, found) is not None
            d = (found[0] - origin[0]) ** 2 + (found[1] - origin[1]) ** 2
            assert d <= (spot[0] - origin[0]) ** 2 + (spot[1] - origin[1]) ** 2
