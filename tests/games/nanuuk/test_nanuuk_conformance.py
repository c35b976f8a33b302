"""The rules protocol on 500 seeded random games of every Nanuuk! variant and player count.

Options are drawn at random too (bear-hunt a-e, 1-3 bears, variants 1-3 of the full game), so
every combination the set-up screen offers is played. The cheap checks run on every action; the
JSON round trip of the whole state runs on every 16th action and at the end (it is the slow one).
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

from game.games.nanuuk.rules import RULES
from game.games.nanuuk.rules.why import ENGLISH
from game.protocol.base import IllegalAction, Outcome, Replay, replay

GAMES = 500
MAX_ACTIONS = 3_000
ROUND_TRIP_EVERY = 16

# how each variant's games may end (the outcome's reason codes)
REASONS = {
    "intro": {"two_player_enclosed", "last_hunter"},
    "partner": {"partner"},
    "neighbourhood": {"left_neighbour", "right_neighbour"},
    "helpers": {"bear_enclosed"},
    "bear-hunt": {"inuit_win", "bear_wins", "fur"},
    "bear-fear": {"inuk_enclosed"},
    "full": {"hunt_over", "no_moves"},
}
TABLE = [
    ("intro", 2), ("intro", 3), ("intro", 4), ("partner", 4), ("neighbourhood", 4),
    ("helpers", 2), ("bear-hunt", 2), ("bear-hunt", 3), ("bear-fear", 2),
    ("full", 2), ("full", 3), ("full", 4),
]  # fmt: skip


def random_options(variant: str, players: int, rng: random.Random) -> dict[str, Any]:
    coin = lambda: rng.random() < 0.5  # noqa: E731
    if variant == "neighbourhood":
        return {"winner": rng.choice(["left", "right"])}
    if variant == "bear-hunt":
        opts = {k: coin() for k in "abc"}
        opts["d" if players == 3 else "e"] = coin()
        return opts
    if variant == "bear-fear":
        return {"bears": rng.randint(1, 3), **{k: coin() for k in "abc"}}
    if variant == "full":
        opts: dict[str, Any] = {"variant-1": coin(), "variant-2": coin()}
        if players == 2:
            opts["two-hunters"] = coin()
        if rng.random() < 0.3:
            opts["cracks"] = rng.randint(1, 12)
        return opts
    return {}


def check_end(state: Any, seats: int) -> None:
    outcome = state.outcome()
    assert isinstance(outcome, Outcome) and state.current_player is None
    assert outcome.reason_code == state.reason and outcome.reason_code in REASONS[state.variant]
    assert (state.variant == "full") == ("decided_by" in outcome.details)
    assert state.legal_actions() == ()
    assert sorted(outcome.ranking) == list(range(seats)) and len(outcome.scores) == seats
    assert set(outcome.winners) <= set(range(seats))
    if outcome.winners:
        assert outcome.ranking[: len(outcome.winners)] == outcome.winners


def round_trip(state: Any) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    again = RULES.state_from_dict(data)
    assert again == state and again.legal_actions() == state.legal_actions()


def fields_hash(state: Any) -> int:
    """The hash of all the state's fields, worked out now (what the dataclass would give)."""
    return hash(tuple(getattr(state, f.name) for f in dataclasses.fields(state)))


def play(variant: str, players: int, seed: int) -> tuple[Any, Replay]:
    rng = random.Random(f"{variant}:{players}:{seed}")
    options = random_options(variant, players, rng)
    state = RULES.new_game(variant, players, seed=seed, options=options)
    log: list[dict[str, Any]] = []
    seen: list[Any] = []
    for n in range(MAX_ACTIONS):
        if state.is_over():
            break
        assert state.outcome() is None and state.current_player is not None
        actions = state.legal_actions()
        assert actions, f"no legal action in phase {state.phase}"
        if n % ROUND_TRIP_EVERY == 0:
            round_trip(state)
        before = hash(state)  # kept by the state from now on
        assert before == fields_hash(state)
        for stranger in [a for a in seen[-30:] if a not in actions][:2]:
            with pytest.raises(IllegalAction) as refused:
                state.apply(stranger)
            assert state.why_not(stranger) == refused.value.refusal  # a code the screen says
            assert refused.value.code in ENGLISH and str(refused.value)
        assert state.why_not(actions[-1]) is None
        action = rng.choice(actions)
        assert state.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert str(action) and state.describe(action).startswith(state.names[state.seat])
        nxt = state.apply(action)
        assert fields_hash(state) == before  # the old state is untouched
        assert hash(nxt) == fields_hash(nxt)  # and its copy kept no hash of it
        seen.extend(actions)
        log.append(action.to_dict())
        state = nxt
    else:
        pytest.fail(f"{variant} {players}p seed {seed}: no end after {MAX_ACTIONS} actions")
    check_end(state, players)
    round_trip(state)
    names = tuple(f"Player {i + 1}" for i in range(players))
    return state, Replay("nanuuk", variant, names, seed, options, tuple(log))


@pytest.mark.parametrize(("variant", "players"), TABLE)
def test_random_games_keep_the_protocol(variant: str, players: int) -> None:
    for seed in range(GAMES):
        state, rec = play(variant, players, seed)
        if seed % 25 == 0:  # replays are exact: (variant, players, seed, options, actions)
            assert replay(RULES, rec) == state


def test_every_variant_is_in_the_table() -> None:
    ids = {v.id for v in RULES.variants()}
    assert ids == {variant for variant, _ in TABLE}
    for v in RULES.variants():
        counts = {p for variant, p in TABLE if variant == v.id}
        assert counts == set(range(v.min_players, v.max_players + 1))


def test_a_state_sent_to_another_process_is_found_there() -> None:
    """A bot worker gets its positions pickled; a string's hash is another one there (another
    ``PYTHONHASHSEED``), so a hash kept here must not travel along."""
    states = [play("full", 3, 4)[0], play("intro", 2, 4)[0]]
    for st in states:
        hash(st)  # kept
    check = (
        "import pickle, sys, dataclasses\n"
        "states = pickle.load(sys.stdin.buffer)\n"
        "for st in states:\n"
        "    fresh = tuple(getattr(st, f.name) for f in dataclasses.fields(st))\n"
        "    assert hash(st) == hash(fresh), st.phase\n"
        "print(len(states))\n"
    )
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", check], input=pickle.dumps(states), capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": seed}, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr.decode()
        assert done.stdout.strip() == b"2"
