"""Nanuuk! saves: versioned JSON that round-trips, and broken saves refused with a clear message."""

from __future__ import annotations

import json
import random

import pytest

from game.games.nanuuk.rules import RULES, NanuukState


def midgame(seed: int = 4) -> NanuukState:
    rng = random.Random(seed)
    state = RULES.new_game("full", 3, seed=seed, options={"variant-1": True})
    for _ in range(60):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_save_round_trips_through_json() -> None:
    state = midgame()
    data = json.loads(json.dumps(state.to_dict()))
    assert data["version"] == NanuukState.VERSION and data["game"] == "nanuuk"
    assert RULES.state_from_dict(data) == state


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(game="bergruft"), "this is a save of .bergruft."),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.pop("cracks"), "broken Nanuuk! save"),
        (lambda d: d["pos"].__setitem__(0, "F99"), "unknown field 'F99'"),
        (lambda d: d["cracks"].append("F1|F40"), "F1 and F40 are not neighbours"),
        (lambda d: d.update(variant="chess"), "unknown variant 'chess'"),
        (lambda d: d["turn"].pop("phase"), "broken Nanuuk! save"),
        (lambda d: d["sheets"].pop(), "wrong number of pieces or sheets"),
    ],
)
def test_a_broken_save_is_refused_with_what_is_wrong(damage, message) -> None:
    data = json.loads(json.dumps(midgame().to_dict()))
    damage(data)
    with pytest.raises(ValueError, match=message):
        RULES.state_from_dict(data)
