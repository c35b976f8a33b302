"""The rules protocol's contract, checked on seeded random games of every game that exists.

Every registered game is checked, the tests' own games too (``each_game``); what is particular
to a game (how many games to play, its check of hidden information) is in its own test folder,
``tests/games/<id>/conformance.py`` (tests/games_support.py finds it).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import i18n
from game.play.registry import plugin
from game.protocol.base import IllegalAction, Outcome, Replay, Rules, State, replay
from tests.games_support import folder_of, knob, knobs, shipped

# Per game, from its own test folder (tests/games/<id>/conformance.py, if it has one): GAMES
# random games (else DEFAULT_GAMES), FULL_CHECKS of them with every legal action applied at every
# step (else FULL_CHECK_GAMES), and hidden(state, seat), its check of what a seat may not see.
DEFAULT_GAMES = 100
FULL_CHECK_GAMES = 40
MAX_ACTIONS = 5_000  # a game must end within this many actions


def load_rules(game_id: str) -> Rules:
    rules = plugin(game_id).rules
    assert rules.id == game_id
    return rules


def check_outcome(game_id: str, state: State, seats: int) -> None:
    outcome = state.outcome()
    if not state.is_over():
        assert outcome is None and state.current_player is not None
        return
    assert isinstance(outcome, Outcome) and state.current_player is None
    assert sorted(outcome.ranking) == list(range(seats)) and len(outcome.scores) == seats
    assert outcome.winners and set(outcome.winners) <= set(outcome.ranking)
    assert outcome.ranking[: len(outcome.winners)] == outcome.winners
    assert state.legal_actions() == ()
    rules = plugin(game_id).rules
    assert outcome.reason_code in set(rules.endings), outcome.reason_code  # a listed code
    decided = outcome.details.get("decided_by")
    assert decided is None or decided in set(rules.decisions or ()), decided
    assert translated(f"results.reason.{game_id}_{outcome.reason_code}"), outcome.reason_code
    assert json.loads(json.dumps(outcome.to_dict())) == outcome.to_dict()


LANGUAGES = ("en", "nl", "de")


def translated(key: str) -> bool:
    """The key exists in every language (the screen shows ``tr(key)``)."""
    return all(key in i18n.load_language(lang) for lang in LANGUAGES)


def check_refusal(game_id: str, state: State, action: Any, exc: IllegalAction) -> None:
    """A refusal is a code the screen can say in every language, the same as ``why_not``."""
    assert state.why_not(action) == exc.refusal
    assert exc.code in set(plugin(game_id).rules.refusals), exc.code  # a listed code
    assert translated(f"refusal.{game_id}.{exc.code}"), exc.code


def play_random_game(rules: Rules, seed: int, full: bool) -> None:
    rng = random.Random(seed)
    variant = rng.choice(rules.variants())
    seats = rng.randint(variant.min_players, variant.max_players)
    state = rules.new_game(variant.id, seats, seed=seed)
    hidden = knob(rules.id, "hidden", None)
    seen: list[Any] = []
    log: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        check_outcome(rules.id, state, seats)
        if state.is_over():
            break
        actions = state.legal_actions()
        assert actions and actions == state.legal_actions()  # non-empty, deterministic
        snapshot, key = state.to_dict(), hash(state)
        assert rules.state_from_dict(json.loads(json.dumps(snapshot))) == state
        for seat in range(seats):
            if hidden is not None:
                hidden(state, seat)
        mover = state.current_player
        assert mover is not None
        mover_view = state.view(mover)
        assert mover_view.legal_actions() == actions
        for action in actions if full else ():
            state.apply(action)
        for stranger in [a for a in seen[-40:] if a not in actions][:3]:
            with pytest.raises(IllegalAction) as refused:
                state.apply(stranger)
            check_refusal(rules.id, state, stranger, refused.value)
        assert state.why_not(actions[0]) is None
        action = rng.choice(actions)
        assert state.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        nxt = state.apply(action)
        assert state.to_dict() == snapshot and hash(state) == key  # unchanged: immutable
        seen.extend(actions)
        log.append(action.to_dict())
        state = nxt
    else:
        pytest.fail(f"{rules.id} seed {seed}: no end after {MAX_ACTIONS} actions")
    names = tuple(f"Player {i + 1}" for i in range(seats))
    rec = Replay(rules.id, variant.id, names, seed, {}, tuple(log))
    assert replay(rules, rec) == state


@pytest.fixture
def game_id(each_game: str) -> str:
    return each_game


def test_random_games_keep_the_protocol(game_id: str) -> None:
    rules = load_rules(game_id)
    full_checks = knob(game_id, "FULL_CHECKS", FULL_CHECK_GAMES)
    for seed in range(knob(game_id, "GAMES", DEFAULT_GAMES)):
        play_random_game(rules, seed, full=seed < full_checks)


def test_each_games_own_settings_are_found() -> None:
    folder = Path(__file__).resolve().parents[1] / "games"  # tests/games/<the game's folder>
    having = [g for g in shipped() if (folder / folder_of(g).name / "conformance.py").is_file()]
    assert having == list(shipped()) and all(knobs(g) is not None for g in having)
    assert [g for g in shipped() if knob(g, "hidden", None)]  # some game has secrets to check


def test_variants_describe_themselves(game_id: str) -> None:
    rules = load_rules(game_id)
    for variant in rules.variants():
        assert 1 <= variant.min_players <= variant.max_players
        assert rules.variant(variant.id) == variant


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), max_size=120))
def test_any_sequence_of_legal_actions_keeps_the_protocol(
    game_id: str, seed: int, picks: list[int]
) -> None:
    rules = load_rules(game_id)
    variant = rules.variants()[seed % len(rules.variants())]
    seats = variant.min_players + seed % (variant.max_players - variant.min_players + 1)
    state = rules.new_game(variant.id, seats, seed=seed)
    log = []
    for pick in picks:
        if state.is_over():
            break
        actions = state.legal_actions()
        assert actions
        action = actions[pick % len(actions)]
        log.append(action.to_dict())
        state = state.apply(action)
        assert rules.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    check_outcome(game_id, state, seats)
    names = tuple(f"Player {i + 1}" for i in range(seats))
    assert replay(rules, Replay(game_id, variant.id, names, seed, {}, tuple(log))) == state
